"""Object lists written without commas (issue 19): "t1 t2 on top", "t1|t2 over t3|t4", "b1/b2".

People list objects with a space, a pipe or a slash as often as with commas. A run of mentions
of one class joined only so — spaces on one line, or ``|``/``/`` with no space around it — is
one plural mention, so the predicate words after it are said of every member instead of the
first two members being read as the two arguments of a relation ("t1 t2 on top" is not
``(up t1 t2)``). Guards, so that relation notation keeps its meaning: a space-joined run must
open its clause (after a separator, a colon, a bracket or only determiners — "on b1 b2" is a
relation, not a list), its members share a class (any two objects of a world with no classes
do), and a slash run of three or more ("b4/b3/b2/b1", a tower) is left alone: it is a chain
when its sentence says which end is the bottom (:mod:`.towers`).

Two compact lists of the same length on either side of a relation pair up member by member
("t1|t2 over t3|t4": t1 over t3, t2 over t4), as "respectively" makes comma lists do; see
:func:`pairwise`.

>>> from planetarium_plugin.alignment.facts.world import read_world
>>> from planetarium_plugin.alignment.facts.mentions import find_mentions, tokenize
>>> w = read_world("(define (problem p) (:domain d) (:objects t1 t2 t3 - tile) (:init)"
...                " (:goal (and)))")
>>> text = "Grid: t1 t2 on top, t3 below."
>>> toks = tokenize(text)
>>> [(m.text, m.objects) for m in join_compact(text, toks, find_mentions(text, w, toks), w)]
[('t1 t2', ('t1', 't2')), ('t3', ('t3',))]
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from .mentions import Mention, Token
from .templates import Clause, _make
from .world import World, wordset

__all__ = [
    "continues_object",
    "distinct",
    "small_clause",
    "apposed",
    "elliptic",
    "following_items",
    "gapped",
    "join_compact",
    "named_next",
    "pairwise",
    "said_after",
]

_RESPECTIVELY = re.compile(r"\b(?:respectively|in that order|in order)\b", re.I)

#: Tokens after which a space-joined run opens its clause.
_OPENERS = wordset(", ; : ( ) [ . and while but or - * •")
_DETERMINERS = wordset("the a an both all")


def _classes(world: World, obj: str) -> frozenset[str]:
    """The object's classes; in a world with none (untyped blocks), every object's is one."""
    if not any(c != "object" for c in world.classes):
        return frozenset({"object"})
    return frozenset(c for c, objs in world.classes.items() if obj in objs and c != "object")


def _gap(text: str, a: Mention, b: Mention) -> str:
    """How two neighbouring mentions are joined: ``space``, ``|``, ``/`` or ``""`` (not a
    compact list)."""
    between = text[a.end : b.start]
    if between and between.strip(" \t") == "":
        return "space"
    if between in ("|", "/"):
        return between
    return ""


def _opens(text: str, toks: Sequence[Token], m: Mention, world: World) -> bool:
    """Does the mention open its clause (nothing but determiners since the last separator)?"""
    k = m.first_token - 1
    nouns = world.classes
    while k >= 0 and (
        toks[k].text in _DETERMINERS or toks[k].text in nouns or toks[k].text[:-1] in nouns
    ):
        k -= 1  # "the tiles t1 t2 …"
    if k < 0:
        return True
    gap = text[toks[k].end : m.start]
    return toks[k].text in _OPENERS or "\n" in gap


def join_compact(
    text: str, toks: Sequence[Token], ments: Sequence[Mention], world: World
) -> list[Mention]:
    """``ments`` with every compact run of one class's single-object mentions made one plural
    mention (``joined=True``)."""
    out: list[Mention] = []
    i, n = 0, len(ments)
    while i < n:
        m = ments[i]
        run, kind = [m], ""
        while i + len(run) < n:
            a, b = run[-1], ments[i + len(run)]
            g = _gap(text, a, b)
            if not g or (kind and g != kind) or b.first_token < 0 or a.first_token < 0:
                break
            if len(a.objects) != 1 or len(b.objects) != 1 or a.plural or b.plural:
                break
            shared = _classes(world, a.objects[0]) & _classes(world, b.objects[0])
            if not shared or a.objects == b.objects:
                break
            run.append(b)
            kind = g
        if kind == "/" and len(run) >= 3:  # a tower written top to bottom: left alone
            out += run
            i += len(run)
            continue
        ok = len(run) >= 2
        if ok and kind == "space":
            ok = _opens(text, toks, m, world) and all(_classes(world, r.objects[0]) for r in run)
        if not ok:
            out.append(m)
            i += 1
            continue
        objs = tuple(r.objects[0] for r in run)
        out.append(
            dataclasses.replace(
                m,
                end=run[-1].end,
                text=text[m.start : run[-1].end],
                objects=objs,
                plural=True,
                confidence=min(r.confidence for r in run),
                last_token=run[-1].last_token,
                joined=True,
            )
        )
        i += len(run)
    return out


def pairwise(slots: Sequence[Sequence[Mention]], text: str, sizes: Sequence[int]) -> bool:
    """Do the clause's lists pair up member by member? Two or more lists of one length (members
    per slot: ``sizes``), said "respectively" ("t1, t2 and t3 are above t4, t5 and t6
    respectively") or each one compact list ("t1|t2 over t3|t4")."""
    lists = [i for i, n in enumerate(sizes) if n > 1]
    if len(lists) < 2 or len({sizes[i] for i in lists}) != 1:
        return False
    compact = all(len(slots[i]) == 1 and slots[i][0].joined for i in lists)
    return compact or bool(_RESPECTIVELY.search(text))


# Lists the clause reader cuts (issue 19, ``alignobj``): a list that continues the object of
# the clause before it ("the boot holds the jack, the pump and r1 (flat)"; "Small is smaller
# than Medium and Large, and Medium …"), a clause said again of other objects with its verb
# left out ("d1 dispenses gin and d2 tonic"), and an elliptic clause over a pair ("a and b see
# each other, and so can b and c").


def opens_with(toks: Sequence[Token], sg: Sequence[int], by_tok, nouns) -> bool:
    """Does a piece open with its first object, perhaps after an article and its class ("c2
    contains a2", "the city c2 contains a2"; not "the robot is at c2")?"""
    for k in sg:
        if k in by_tok:
            return True
        w = toks[k].text
        if w not in ("the", "a", "an") and w not in nouns and w.rstrip("s") not in nouns:
            return False
    return False


def continues_object(text: str, out: Sequence[Clause], items: Sequence[Mention]) -> bool:
    """Does the last clause end with an object it says something of ("… holds the jack", "in it
    are the wrench"), and do the bare items after it close as a list ("…, the pump and r1"), so
    that they continue that object?"""
    if not out or not out[-1].slots or not out[-1].slots[-1]:
        return False
    c, m = out[-1], out[-1].slots[-1][-1]
    if not (c.start < m.start and not text[m.end : c.end].strip(" .,")):
        return False
    before = text[(items[-2].end if len(items) > 1 else c.end) : items[-1].start]
    return bool(re.search(r"\b(?:and|or)\b|&", before))


def said_after(toks: Sequence[Token], pieces, n: int, by_tok, content) -> bool:
    """Does a piece with words (``content``) and no object follow the parenthesis that opens at
    piece ``n`` ("b4 (the blue one) is on the table": the item is the next clause's subject)?"""
    for k in range(n, len(pieces) - 1):
        if pieces[k][1] == ")":
            nxt = pieces[k + 1][0]
            return not any(j in by_tok for j in nxt) and bool(content([toks[j] for j in nxt]))
    return False


def gapped(out: Sequence[Clause], ms: Sequence[Mention], kinds, words: Sequence[str] = ()) -> bool:
    """Is a piece of bare objects ("and dispenser2 tonic") the clause before said again of
    other objects: as many (two or more) as its slots, or with no word as its slots after the
    first ("r1 can drive w0<->w1 and w1<->w2"), each of its slot's object's kind? ``words``:
    the piece's own words, none or the clause's own (:func:`echoes`)."""
    if not out or len(ms) < 2 or not echoes(out, words):
        return False
    c = out[-1]
    if (n := len(c.slots) - len(ms)) not in (0, 1) or n and any(w.isalpha() for w in words):
        return False
    return all(
        len(m.objects) == 1
        and len(s) == 1
        and len(s[0].objects) == 1
        and kinds.get(m.objects[0]) == kinds.get(s[0].objects[0])
        for m, s in zip(ms, c.slots[n:], strict=True)
    )


def echoes(out: Sequence[Clause], words: Sequence[str]) -> bool:
    """Are a piece's words none, or words the clause before says between its first two slots
    after its first ("from" in "t21 is up from t11, t22 from t12")?"""
    words = [w for w in words if w.isalpha() and w not in _PASSING]
    if not words:
        return True
    between = re.search(r"\bX\b(.*)\bY\b", out[-1].template) if out else None
    said = re.findall(r"[a-z]+", between.group(1).lower()) if between else []
    if len(said) > 4 or set(said) & _NOT_ECHOED:
        return False  # "x is on the table with y on it": more than a verb between them;
        # "b2 must not be on b1, and b1 should be on b3": no denial is said again
    # the verb itself said again ("… and Bob starts at f3") is a clause of its own, and so is
    # a piece with a verb the clause does not have ("…, and b1 should be on b3")
    return bool(said) and said[0] not in words and all(w in said for w in words)


#: Words a gapped piece may add in passing ("and d2 also tonic").
_PASSING = wordset("also too then likewise respectively the a an")
_NOT_ECHOED = wordset("and or with while but not no never nothing")


def following_items(
    toks: Sequence[Token], pieces, n: int, by_tok, content
) -> tuple[list[Mention], set[int]]:
    """The bare objects of the pieces after piece ``n`` (one object and no words each), and
    those pieces' numbers."""
    more: list[Mention] = []
    taken: set[int] = set()
    for k in range(n + 1, len(pieces)):
        items = [by_tok[j] for j in pieces[k][0] if j in by_tok]
        words = [toks[j] for j in pieces[k][0] if j not in by_tok]
        if len({id(m) for m in items}) != 1 or content(words):
            break
        more.append(items[0])
        taken.add(k)
    return more, taken


def elliptic(
    text: str,
    out: Sequence[Clause],
    ms: Sequence[Mention],
    a: int,
    gap: bool = False,
    of: Clause | None = None,
) -> list[Clause]:
    """The clause before said again of ``ms`` ("…, as does b1"): as its subject, as a new pair
    both ways after a reciprocal fact ("a and b see each other, and so can b and c"), or with
    every slot new (``gap``: "d1 dispenses gin and d2 tonic"). ``of``: the clause repeated,
    when not the last one ("…, and neither is b2": the last denial)."""
    c, b = of if of is not None else out[-1], max(m.end for m in ms)
    if gap:  # every slot new, or all but the subject
        slots = (*c.slots[: len(c.slots) - len(ms)], *((m,) for m in ms))
        return [dataclasses.replace(c, start=a, end=b, text=text[a:b], slots=slots)]
    if len(ms) == 2 and c is out[-1] and _reciprocal(out):
        x, y = ms
        return [
            dataclasses.replace(c, start=a, end=b, text=text[a:b], slots=((x,), (y,))),
            dataclasses.replace(c, start=a, end=b, text=text[a:b], slots=((y,), (x,))),
        ]
    slots = (tuple(ms), *c.slots[1:])
    return [dataclasses.replace(c, start=a, end=b, text=text[a:b], slots=slots)]


def _reciprocal(out: Sequence[Clause]) -> bool:
    """Are the last two clauses one reciprocal fact both ways ("a and b see each other")?"""
    if len(out) < 2 or len(out[-1].slots) != 2 or len(out[-2].slots) != 2:
        return False
    p, q = out[-2], out[-1]
    return p.start == q.start and p.slots[0] == q.slots[1] and p.slots[1] == q.slots[0]


def distinct(ms: Sequence[Mention]) -> list[Mention]:
    """A list without the items that name an object an earlier item named: "The robot, robbie,
    …" is one object said twice (an apposition), not a list of two."""
    seen: set[tuple[str, ...]] = set()
    out = []
    for m in ms:
        if m.objects not in seen:
            out.append(m)
            seen.add(m.objects)
    return out


def named_next(toks: Sequence[Token], pieces, n: int, by_tok, content) -> bool:
    """Is piece ``n`` (words, no object, before "(") described by one object named alone in
    the parenthesis after it ("pump and the spare (r1) are inside": "the spare" is r1)?"""
    if n + 1 >= len(pieces) or pieces[n + 1][1] != ")":
        return False
    nxt = pieces[n + 1][0]
    items = {id(by_tok[j]) for j in nxt if j in by_tok}
    return len(items) == 1 and not content([toks[j] for j in nxt if j not in by_tok])


#: Words before an object that make it no verb's object ("on b2 and b3 clear").
_NOT_VERBS = wordset(
    "on in at to from of with onto into by under above below over near beside behind the a an "
    "and or is are was were be been being"
)
_BACK = wordset("then it them respectively each")
_NOUN_PHRASE = wordset("the a an its his her their this that")
_COPULAS = wordset("is are was were be been being has have had does do remains remain stays")


def small_clause(toks: Sequence[Token], pieces: list, by_tok) -> list:
    """ "Alice has to get n1 and n2 tightened", "a plan that leaves nut1 and nut2 tightened",
    "get n1, n2 and n3 tightened": a verb's object, more objects after "," and a last "and",
    then words with no verb — the objects are one list the words are said of, not "get n1" and
    "n2 tightened". The object moves to a
    piece of its own (a bare list item joining the next piece). ``pieces``: (token indices,
    separator after) per piece."""
    out = list(pieces)
    k = 0
    while k + 1 < len(out):
        sg, sep = out[k]
        last = k + 1  # past bare items: "get n1, n2 and n3 tightened"
        while last + 1 < len(out) and out[last - 1][1] == "," and _bare(toks, out[last][0], by_tok):
            last += 1
        nxt = out[last][0]
        m = by_tok.get(sg[-1]) if sg and out[last - 1][1] == "and" and sep in (",", "and") else None
        if m is None or not nxt or by_tok.get(nxt[0]) is None or m.first_token <= sg[0]:
            k += 1
            continue
        verb = toks[m.first_token - 1].text
        own = {id(by_tok[j]) for j in nxt if j in by_tok}
        words = [toks[j].text for j in nxt if j not in by_tok and toks[j].text not in ".!?"]
        first = by_tok[nxt[0]]
        after = toks[first.last_token + 1].text if first.last_token + 1 < len(toks) else ""
        if (
            verb.isalpha()
            and verb not in _NOT_VERBS
            and words
            and (
                len(own) == 1
                and all(
                    w.isalpha() and w not in _COPULAS | _NOT_VERBS | _BACK and not _third_person(w)
                    for w in words
                )  # "tightened", "clear": no verb, no relation ("p has q and then r on top of it")
                or len(own) == 2
                and after == "to"
                and not any(w in _COPULAS or _third_person(w) for w in words)
                # not a clause said again: "shot3 to contain c1 and shot1 to contain c2"
                and not {w for w in words if w.isalpha()} <= {toks[j].text for j in sg}
            )  # "raise p1, p2 and p3 to height n1": the verb's object is the whole list
        ):
            head = [j for j in sg if j < m.first_token]
            item = [j for j in sg if j >= m.first_token]
            out[k : k + 1] = [(head, ","), (item, ",")]
            k += 2
        k += 1
    return out


def _bare(toks: Sequence[Token], sg: list[int], by_tok) -> bool:
    """Is a piece one object and nothing else ("n2" in "get n1, n2 and n3 tightened")?"""
    return len({id(by_tok[j]) for j in sg if j in by_tok}) == 1 and not any(
        toks[j].text.isalpha() for j in sg if j not in by_tok
    )


def _third_person(w: str) -> bool:
    return w.endswith("s") and not w.endswith("ss") and len(w) > 3


def apposed(text: str, toks: Sequence[Token], pieces, n: int, by_tok, out: list[Clause]) -> bool:
    """ "p2 should be one block high (n1)", "the crane is busy (h1)": one object alone in a
    parenthesis right after a clause's words (not after an object: "the spare (r1)" is
    :func:`named_next`'s, "b1 (clear)" an aside) is the object those words name — one more slot
    of that clause (``out[-1]``, replaced). Whether it was."""
    sg, sep = pieces[n]
    if n == 0 or sep != ")" or pieces[n - 1][1] != "(" or not out or not out[-1].slots:
        return False
    items = list(dict.fromkeys(id(by_tok[j]) for j in sg if j in by_tok))
    words = [toks[j].text for j in sg if j not in by_tok]
    before = pieces[n - 1][0]
    c = out[-1]
    if len(items) != 1 or any(w.isalpha() for w in words) or not before or len(c.slots) > 2:
        return False
    m = by_tok.get(sg[0])
    if m is None or before[-1] in by_tok or c.end != toks[before[-1]].end:
        return False
    if any(o in m.objects for s in c.slots for x in s for o in x.objects):
        return False
    if {toks[j].text for j in before[-3:]} & _NOUN_PHRASE:
        return False  # "connects to the loading area (loadarea)": the object's description
    slots = [list(s) for s in c.slots] + [[m]]
    out[-1] = _make(text, c.start, m.end, slots, c.section, c.inherited)
    return True
