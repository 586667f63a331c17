"""Object mentions: where a text names the problem's objects, resolved to object names.

A careful reader resolves "B2", "b2", "block 2", "block-2", "the second block", "blocks 1 and
3", "balls 1 to 4", "the red block" (``red_block``), "room A" (``rooma``), "the robot" (the only
robot), "all balls", "every tile", "both grippers". Ambiguity never fails: a mention that could
be several objects keeps all of them (``plural=False``) with a lower confidence.

>>> from planetarium_plugin.alignment.facts.world import read_world
>>> w = read_world("(define (problem p) (:domain d) (:objects block1 block2 block3)"
...                " (:init (on block2 block1)) (:goal (and)))")
>>> [(m.text, m.objects) for m in find_mentions("Block 2 sits on the first block.", w)]
[('Block 2', ('block2',)), ('first', ('block1',))]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from .openers import opens_as_name
from .ordinals import by_parity, dots_at, ordinal_objects, plain_forms, stated_orders
from .ordinals import name_at as _name_at
from .ordinals import name_range as _range
from .shortened import shortened_at
from .world import World, split_words, wordset

_plain = plain_forms

__all__ = ["EVERYONE", "ORDINALS", "Mention", "Token", "find_mentions", "tokenize"]

_ORDINAL_NAMES = "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth"
_NUMBER_NAMES = "zero one two three four five six seven eight nine ten eleven twelve"
ORDINALS = {w: i + 1 for i, w in enumerate(_ORDINAL_NAMES.split())}
NUMBER_WORDS = {w: i for i, w in enumerate(_NUMBER_NAMES.split())}
QUANTIFIERS = {"all", "every", "each", "both", "any"}
EVERYONE = {"everyone", "everybody"}
#: Words that, after a one-token name that is also an English word ("a"), make it a name.
_CLOSERS = wordset(
    "is are and or on onto in at to with be should must sits rests stands lies has was will "
    "remains stays from of off atop over under above below then needs ends sit rest stand "
    "lie being itself"
)
_STOP = wordset("a an the i in on at to is it of and or up left right down no be by as if so")
_NOT_NOUNS = wordset(
    "just the them they these those other others its their are is was were has have this "
    "that things sides times ways steps moves actions goals facts remains stays lies sits "
    "rests stands empty free clear together along"
)
#: One-word names that are words a text uses otherwise, but rarely before a noun.
_WORDLIKE = {"left", "right", "up", "down"}
_NOT_AFTER = {"now", "away", "after", "of", "side", "to", "there", "here", "behind", "over"}
_TOKEN = re.compile(r"[A-Za-z]+|[0-9]+|(?<=[0-9])-(?=[A-Za-z])|[^\sA-Za-z0-9_\-]")


@dataclass(frozen=True)
class Token:
    text: str  # lower case
    start: int
    end: int


@dataclass(frozen=True)
class Mention:
    """A span naming ``objects``: all of them (``plural``) or one of them (ambiguous)."""

    start: int  # character offsets in the text
    end: int
    text: str
    objects: tuple[str, ...]
    plural: bool
    confidence: float
    first_token: int
    last_token: int  # inclusive
    joined: bool = False  # a list written without commas ("t1 t2", "t1|t2"; :mod:`.lists`)
    elided: bool = False  # an argument left out: the only object that fits (:mod:`.arguments`)


def tokenize(text: str) -> list[Token]:
    """Words, numbers and punctuation; ``_`` and ``-`` inside names only separate words."""
    return [Token(m.group(0).lower(), m.start(), m.end()) for m in _TOKEN.finditer(text)]


class _Index:
    """The forms of a world's objects, and its class words."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.forms: dict[tuple[str, ...], set[str]] = {}
        self.numbered: dict[str, list[tuple[str, str]]] = {}  # number -> (alpha prefix, object)
        classes = {c: objs for c, objs in world.classes.items() if c != "object"}
        for obj in world.objects:
            words = tuple(split_words(obj))
            if not words:
                continue
            self._add(world.spoken.get(obj, words), obj)  # "the load area" for loadarea
            self._add(words, obj)
            for c in classes:
                if obj.startswith(c) and obj != c and (c in classes and obj in classes[c]):
                    rest = tuple(split_words(obj[len(c) :]))
                    if rest:
                        self._add((c, *rest), obj)
            if len(words) >= 2 and words[-1].isdigit():
                self.numbered.setdefault(words[-1], []).append(("".join(words[:-1]), obj))
        # multi-word names that share their last word: the distinguishing word alone
        multi = [tuple(split_words(o)) for o in world.objects]
        if len(multi) > 1 and all(len(w) == 2 for w in multi) and len({w[1] for w in multi}) == 1:
            for w in multi:
                if not w[0].isdigit():
                    self._add(
                        (w[0],),
                        "_".join(w)
                        if "_".join(w) in world.objects
                        else next(o for o in world.objects if tuple(split_words(o)) == w),
                    )
        self.classes = classes
        self.max_len = max((len(f) for f in self.forms), default=1)
        self.orders: dict[str, list[str]] = {}  # collections listed under a count (.ordinals)

    def _add(self, form: tuple[str, ...], obj: str) -> None:
        self.forms.setdefault(form, set()).add(obj)

    def of_noun(self, noun: str) -> set[str]:
        """Objects a class noun ("balls", "tile", "block") names; empty when unknown."""
        for w in _plain(noun):
            if w in self.classes:
                return set(self.classes[w])
        for w in _plain(noun):  # "3 shot glasses (shot1, shot2, shot3)": the glasses
            if w in self.orders:
                return set(self.orders[w])
        for w in _plain(noun):  # numbered names whose prefix abbreviates the noun (b1: block)
            objs = {
                o
                for pairs in self.numbered.values()
                for a, o in pairs
                if a and (w.startswith(a) or a.startswith(w))
            }
            if objs:
                return objs
        return set()

    def numbered_as(self, noun: str | None, number: str) -> set[str]:
        pairs = self.numbered.get(number, [])
        if noun is None:
            return {o for _, o in pairs}
        out = set()
        for w in _plain(noun):
            out |= {o for a, o in pairs if a and (w.startswith(a) or a.startswith(w))}
            if w in self.classes:
                out |= {o for _, o in pairs if o in self.classes[w]}
        return out


def find_mentions(text: str, world: World, tokens: Sequence[Token] | None = None) -> list[Mention]:
    """Every object mention in ``text``, left to right, non-overlapping (longest first)."""
    toks = list(tokens) if tokens is not None else tokenize(text)
    idx = _Index(world)
    idx.orders = stated_orders(toks, lambda j: _name_at(idx, toks, j), _plain)
    out: list[Mention] = []
    single = len([c for c in idx.classes if idx.classes[c]]) == 0
    last_noun: str | None = None
    i = 0
    n = len(toks)
    counted = {  # nouns the text counts ("three landings", "2 floors"), in both numbers
        w
        for a, b in zip(toks, toks[1:], strict=False)
        if a.text in NUMBER_WORDS or a.text.isdigit()
        for w in _plain(b.text)
    }

    def emit(a: int, b: int, objs: set[str] | list[str], plural: bool, conf: float) -> None:
        ordered = tuple(sorted(objs, key=_natural))
        if not plural and len(ordered) > 1:
            conf = conf / len(ordered)
        out.append(
            Mention(
                toks[a].start,
                toks[b].end,
                text[toks[a].start : toks[b].end],
                ordered,
                plural and len(ordered) > 1,
                conf,
                a,
                b,
            )
        )

    while i < n:
        w = toks[i].text
        # 1. a name, longest form first
        hit = None
        for k in range(min(idx.max_len, n - i), 0, -1):
            form = tuple(t.text for t in toks[i : i + k])
            if form in idx.forms:
                hit = (k, idx.forms[form])
                break
        if hit is None and (short := shortened_at(idx.numbered, toks, i)) is not None:
            hit = (2, {short})  # "rm1" for room1 (:mod:`.shortened`)
        if hit is not None:
            k, objs = hit
            nxt = toks[i + k].text if i + k < n else "."
            prev = toks[i - 1].text if i > 0 else "."
            if (
                k == 1
                and w in _STOP
                and not (
                    nxt in _CLOSERS
                    or not nxt.isalnum()
                    or (w in _WORDLIKE and nxt not in _NOT_AFTER)
                )
                or k == 1
                and w in _STOP
                and w not in _WORDLIKE
                and prev in ("the", "a", "an")
            ):
                hit = None
        if hit is not None:
            # a range of names: "b1 to b4", "ball1-ball4", "ball1 through ball3"
            j = i + k
            dots = dots_at(toks, j) if len(objs) == 1 else 0  # "p1..p4", "shot1...shot3"
            if (
                len(objs) == 1
                and j + 1 < n
                and (toks[j].text in ("to", "-", "through", "till") or dots)
                and (i == 0 or toks[i - 1].text not in ("from", "between"))
            ):
                got = _range(idx, next(iter(objs)), toks, j + (dots or 1))
                if got is not None:
                    members, last = got
                    emit(i, last, members, True, 0.95)
                    i = last + 1
                    continue
            emit(i, i + k - 1, objs, False, 1.0)
            i += k
            continue
        # 2. ordinals: "the second block", "the first and the second ball", "the first one";
        # "the first two packages": those numbered 1 and 2
        if (
            w == "first"
            and i + 2 < n
            and (toks[i + 1].text in NUMBER_WORDS or toks[i + 1].text.isdigit())
        ):
            k = NUMBER_WORDS.get(toks[i + 1].text) or int(toks[i + 1].text)
            firsts = set().union(
                *(idx.numbered_as(toks[i + 2].text, str(v)) for v in range(1, min(k, 50) + 1))
            )
            if k >= 2 and idx.of_noun(toks[i + 2].text) and len(firsts) == k:
                emit(i, i + 2, firsts, True, 0.9)
                last_noun = toks[i + 2].text
                i += 3
                continue
        if w in ORDINALS or (w == "last" and i > 0 and toks[i - 1].text in _THE):
            noun = None
            for t in toks[i + 1 : i + 6]:
                if t.text in (".", ";", "!", "?", ":"):
                    break  # "… and the third car at the third.": the noun is left out
                if (
                    t.text.isalpha()
                    and t.text not in ("and", "the", "or")
                    and t.text not in ORDINALS
                ):
                    noun = t.text
                    break
            if w == "last" and noun != "one" and not (noun and idx.of_noun(noun)):
                noun = "-"  # "the last time": no collection
            elif noun == "one" or (noun is not None and not idx.of_noun(noun)):
                # a noun of its own that names no class but that the text counts ("three
                # landings … the first landing"): any object numbered so (the predicate's types
                # choose), not the last class named
                own = i + 1 < n and toks[i + 1].text == noun and noun in counted
                noun = None if own and noun != "one" else last_noun
            listed = (
                next((idx.orders[f] for f in _plain(noun) if f in idx.orders), None)
                if noun
                else None
            )
            objs = (
                ordinal_objects(
                    ORDINALS.get(w),
                    idx.of_noun(noun) if noun else set(),
                    listed,
                    lambda v, noun=noun: idx.numbered_as(noun, str(v)),
                )
                if noun != "-"
                else set()
            )
            if objs:
                emit(i, i, objs, False, 0.9)
                last_noun = noun or last_noun
                i += 1
                continue
        # "the odd-numbered balls", "even-numbered waypoints": the class's objects so numbered
        if w in ("odd", "even") and i + 2 < n and toks[i + 1].text == "numbered":
            objs = by_parity(idx.of_noun(toks[i + 2].text), w == "odd")
            if objs:
                emit(i, i + 2, objs, True, 0.9)
                last_noun = toks[i + 2].text
                i += 3
                continue
        # 3. quantifiers: "all balls", "every tile", "both grippers", "all four balls", "no balls";
        # "everyone", "everybody": every object, narrowed to the predicate's types (grounding)
        if w in EVERYONE:
            emit(i, i, set(world.objects), True, 0.9)
            i += 1
            continue
        if w in QUANTIFIERS or (w == "no" and i + 1 < n and idx.of_noun(toks[i + 1].text)):
            # "no balls": every ball, each denied the relation (grounding reads the "no")
            j = i + 1
            while j < n and (
                toks[j].text in ("the", "of", "these", "those")
                or toks[j].text in NUMBER_WORDS
                or toks[j].text.isdigit()
            ):
                j += 1
            named = toks[j].text in _OTHER if j < n else False  # "each other", "all the others":
            # no class noun (:mod:`.counted`)
            named = named or any(  # "both ball2 and ball3": a list of names follows, no class
                tuple(t.text for t in toks[j : j + k]) in idx.forms for k in (2, 3)
            )
            if j < n and toks[j].text.isalpha() and not named:
                objs = idx.of_noun(toks[j].text)
                word = toks[j].text
                if (
                    not objs
                    and single
                    and len(word) > 2
                    and word not in _NOT_NOUNS
                    and (word.endswith("s") or w in ("every", "each"))
                ):
                    objs = set(world.objects)
                if objs:
                    emit(i, j, objs, True, 0.9)
                    last_noun = toks[j].text
                    i = j + 1
                    continue
        # 4. noun + number ("block 2", "balls 1 to 4", "blocks 1 and 3")
        if w.isalpha() and len(w) >= 3 and i + 1 < n and toks[i + 1].text.isdigit():
            objs = idx.numbered_as(w, toks[i + 1].text)
            if objs:
                members = set(objs)
                j = i + 1
                while j + 1 < n:  # "balls 1, 2 and 4", "balls 1 to 4", "balls 1-4"
                    gap = text[toks[j].end : toks[j + 1].start].strip()
                    if toks[j + 1].text.isdigit() and gap in ("-", "\u2013"):
                        if text[toks[j + 1].end : toks[j + 1].end + 1] in ("-", "\u2013"):
                            break  # "stops 1-2-3-4": a chain (:mod:`.sequences`)
                        sep, step = "to", 1
                    elif (
                        j + 2 < n
                        and toks[j + 1].text in _NUMBER_LINKS
                        and toks[j + 2].text.isdigit()
                    ):
                        sep, step = toks[j + 1].text, 2
                    else:
                        break
                    if sep in ("to", "through", "thru", "till"):
                        lo, hi = int(toks[j].text), int(toks[j + step].text)
                        for v in range(lo, min(hi, lo + 50) + 1):
                            members |= idx.numbered_as(w, str(v))
                    else:
                        members |= idx.numbered_as(w, toks[j + step].text)
                    j += step
                emit(i, j, members, len(members) > 1, 0.95)
                last_noun = w
                i = j + 1
                continue
        # 5. the only object of a class: "the robot"; a capitalised class noun opening its
        # sentence or line, as a name ("Robot is in room2.", "Arm is empty")
        if (
            w.isalpha()
            and w in idx.classes
            and len(idx.classes[w]) == 1
            and (
                i > 0
                and (toks[i - 1].text in ("the", "its", "our", "my", "your", "only"))
                or opens_as_name(text, toks, i, lambda v: bool(idx.of_noun(v)))
            )
            and not (
                i + 1 < n
                and any(
                    f[0] == toks[i + 1].text for f in idx.forms if idx.forms[f] & idx.classes[w]
                )
            )
        ):
            emit(i, i, idx.classes[w], False, 0.8)
            i += 1
            continue
        if w.isalpha() and idx.of_noun(w) and len(w) > 2:
            last_noun = w
        i += 1
    return out


_OTHER = wordset("other others rest remaining")
_THE = {"the", "its", "their", "our", "my", "your"}
_NUMBER_LINKS = {",", "and", "or", "&", "to", "through", "thru", "till"}


def _natural(name: str) -> tuple:
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", name))
