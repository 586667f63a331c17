"""Goals stated abstractly ("take the tower apart so every block stands on the table"): judged
against the pack's own abstract wordings of the problem's goal (``describe_goal``).

Only goal atoms the fact reading left unstated are judged this way, and only when a goal
sentence of the text reads like one of the pack's wordings (cosine at least
:data:`MIN_COSINE`) with the same numbers ("3 towers" is not "one tower", which the encoder
barely sees). A match waives the unstated-goal cost (a weaker one, from :data:`FLOOR`, shrinks it in
proportion); it never hides a conflict.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..encoder import Encoder
from .clauses import Clause
from .explain import FactMatch, _fmt
from .grounding import ground_clauses
from .mentions import Mention
from .quantified import OTHER, piece_around, quantified_starts
from .reading import Reading
from .sections import _sentences, section_at, sections
from .world import PLACEHOLDERS, World, wordset

__all__ = ["Described", "abstract_matches", "described_goals", "masked"]

#: A goal sentence this close to one of the pack's wordings is judged by it (the unstated-goal
#: cost waived); from FLOOR up the cost shrinks in proportion.
MIN_COSINE = 0.75
FLOOR = 0.5
_NUMBER = re.compile(r"\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|single)\b", re.I)
_WORDS = {"one": "1", "single": "1", "two": "2", "three": "3", "four": "4", "five": "5",
          "six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10"}  # fmt: skip


def _numbers(text: str) -> set[str]:
    return {_WORDS.get(m.lower(), m) for m in _NUMBER.findall(text)}


def masked(text: str, world: World) -> str:
    """``text`` with the problem's object names replaced by their class words ("ball", else
    "object"): renaming objects consistently in text and problem then leaves every abstract
    match's cosine, and so the score, unchanged.

    >>> w = World("d", {"rooma": "object", "b7": "object"}, {"ball": frozenset({"b7"})},
    ...           frozenset(), frozenset(), frozenset(), {})
    >>> masked("Take b7 to rooma, then B7 back.", w)
    'Take ball to object, then ball back.'
    """
    if not world.objects:
        return text
    kind: dict[str, str] = {}
    for word, objs in sorted(world.classes.items()):
        for o in objs:
            kind.setdefault(o.lower(), word)
    names = sorted({o.lower() for o in world.objects}, key=lambda o: (-len(o), o))
    pattern = re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, names)) + r")(?![\w-])", re.I)
    return pattern.sub(lambda m: kind.get(m.group(0).lower(), "object"), text)


def abstract_matches(
    enc: Encoder, text: str, described: Sequence[str], world: World | None = None
) -> tuple[FactMatch, ...]:
    """The text's goal sentences that say what one of ``described`` says, best first
    (``world``: compared with the problem's object names masked, :func:`masked`)."""
    if not described:
        return ()
    secs = sections(text)
    spans = []
    for s, e in _sentences(text):
        cuts = sorted({s, *(o for o, _ in secs if s < o < e)})
        spans += [
            (a, b)
            for a, b in zip(cuts, [*cuts[1:], e], strict=True)
            if section_at(secs, a) in ("goal", "any")
        ]
    sents = [(s, e, text[s:e].strip()) for s, e in spans if text[s:e].strip()]
    if not sents:
        return ()
    hide = (lambda x: masked(x, world)) if world is not None else (lambda x: x)
    seen, said = [hide(x) for _, _, x in sents], [hide(d) for d in described]
    vecs = enc.embed(seen + said)
    out = []
    for i, (s, e, sent) in enumerate(sents):
        best, which = 0.0, ""
        for j, d in enumerate(described):
            cos = float(vecs[i] @ vecs[len(sents) + j])
            mine = _numbers(seen[i])  # masked: "item-4" is a name, not a count
            if mine and not mine <= _numbers(said[j]) | {"1"}:
                continue  # a count the description does not share
            if cos > best:
                best, which = cos, d
        if best >= FLOOR:
            out.append(FactMatch(which, sent, s, e, round(best, 4)))
    return tuple(sorted(out, key=lambda f: -f.confidence))


# --- goals stated by description in any domain (no pack's describe_goal needed) -------------

#: Pronouns a quantifier may refer with ("both of them", "they all"); the reading's type and
#: the count decide which objects they are.
_PRONOUNS = wordset("them they these those")
#: Words allowed between the members of a listed set and the set's noun phrase ("t1, t2 form
#: the top row", "tiles a and b make up the upper row", "c1 and c2 along the first column").
_LINKS = wordset("form forms make makes up are is the along across in on of constitute")
_SWAP = re.compile(r"\b(?:trade|trades|swap|swaps|exchange|exchanges|switch|switches)\b", re.I)
_NEG = re.compile(r"\b(?:not|cannot|never|no longer|nothing|none)\b|n't\b", re.I)
#: A described reading's grounding probability must reach this to count.
DESCRIBED_MIN = 0.5
#: An adjective that differs from the set's own ("upper row" for "top row") must be this close
#: (encoder cosine of the two phrases) and closer than any other set's by MARGIN.
ADJ_COSINE = 0.6
MARGIN = 0.05
#: Collective nouns for an ordered pile ("the whole tower"): read only as a chain (:func:`_chain`).
_STACKS = wordset("tower towers stack stacks pile piles")
#: Words that say a goal set is ordered: a pile ("stack them", "largest at the bottom").
_ORDERED = re.compile(
    r"\b(?:stack|stacked|tower|pile|piled|largest|biggest|heaviest|smallest|lightest|"
    r"by size|in order)\b",
    re.I,
)


@dataclass(frozen=True)
class Described:
    """A goal phrase read by description ("paint the whole upper row green"): the goal atoms it
    stands for, with the span and confidence of that reading."""

    match: FactMatch
    atoms: frozenset[tuple[str, ...]]


def _singular(word: str) -> tuple[str, ...]:
    """``word``, then its singular forms (ordered: as a set, the order followed string hashing)."""
    ends = (("ies", "y", 4), ("es", "", 4), ("s", "", 3))
    return (word, *(word[: -len(e)] + r for e, r, n in ends if word.endswith(e) and len(word) > n))


def _groups(text: str, mentions: Sequence[Mention]) -> dict[str, list[tuple[str, frozenset]]]:
    """Sets the text defines by listing members next to a noun phrase: "t1, t2 and t3 form
    the top row" or "the top row: t1, t2" → {"row": [("top row", {t1, t2, t3})]}."""
    runs: list[list[Mention]] = []
    for m in mentions:
        single = not m.plural and len(m.objects) == 1
        gap = text[runs[-1][-1].end : m.start] if runs and runs[-1] else "."
        if single and re.fullmatch(r"(?:\s|,|&|\band\b)*", gap, re.I):
            runs[-1].append(m)
        else:
            runs.append([m] if single else [])
    out: dict[str, list[tuple[str, frozenset]]] = {}
    for run in (r for r in runs if len(r) >= 2):
        objs = frozenset(m.objects[0] for m in run)
        words = re.findall(r"[a-z]+|[^\sa-z]", text[run[-1].end : run[-1].end + 60].lower())
        k = 0
        while k < len(words) and words[k] in _LINKS:
            k += 1
        if k > 0 and words[k - 1] == "the" and k + 1 < len(words) and words[k + 1].isalpha():
            out.setdefault(words[k + 1], []).append((f"{words[k]} {words[k + 1]}", objs))
        before = re.search(
            r"\bthe\s+([a-z]+)\s+([a-z]+)\s*(?::|\(|\bis\b|\bare\b)\s*$",
            text[: run[0].start].lower(),
        )
        if before:
            out.setdefault(before.group(2), []).append(
                (f"{before.group(1)} {before.group(2)}", objs)
            )
    return out


def _set_of(
    enc: Encoder, world: World, quant: str, words: list[str], groups: dict
) -> tuple[int, frozenset[str] | None] | None:
    """(words used, objects) of the noun phrase after a quantifier: a class ("balls"), a set the
    text defined ("upper row"), or an unknown noun (objects None: the predicate's type says)."""
    for k, w in enumerate(words[:3]):
        if not w.isalpha():
            return None
        forms = _singular(w)
        for f in forms:
            if f in world.classes and f != "object":
                return k + 1, world.classes[f]
            if f in groups:
                defs = groups[f]
                adj = words[k - 1] if k else ""
                same = [o for p, o in defs if p.split()[0] == adj]
                if len(same) == 1 or len(defs) == 1 and not adj:
                    return k + 1, (same or [defs[0][1]])[0]
                if not adj:
                    return None
                vecs = enc.embed([f"{adj} {f}", *(p for p, _ in defs)])
                cos = sorted(
                    ((float(vecs[0] @ vecs[i + 1]), i) for i in range(len(defs))), reverse=True
                )
                second = cos[1][0] if len(cos) > 1 else 0.0
                if cos[0][0] >= ADJ_COSINE and cos[0][0] - second >= MARGIN:
                    return k + 1, defs[cos[0][1]][1]
                return None
    # an unknown noun: a plural after all/both/a count ("both kids"), or a noun after every/
    # each ("every cell"); a collective noun after "whole" ("the whole tower") is no type
    # but is read as an ordered pile of the predicate's type (a chain only, :func:`_chain`)
    w = words[0] if words else ""
    if w in _STACKS and quant in ("the", "whole", "entire", "all"):
        return 1, None
    if w in _PRONOUNS:  # "both of them", "all of these": the predicate's type says which
        return 1, None
    plural = w.endswith("s") and len(w) > 3 and quant in ("all", "both", "the")
    if w.isalpha() and len(w) > 2 and (plural or quant in ("every", "each")):
        return 1, None
    return None


def _chain(
    world: World, pred: str, members: frozenset[str], base: str
) -> frozenset[tuple[str, ...]] | None:
    """An ordered pile of ``members`` on ``base`` ("stack all three discs on peg c, largest at
    the bottom"): the one static binary relation of the init that orders the members totally
    orders the pile, and the init's own ``pred`` links between members say which way (each
    ``(pred a b)`` there has ``(rel a b)``). Returns the chain of ``pred`` atoms, bottom on
    ``base``, or None unless exactly one relation orders them that way."""
    if len(members) < 2 or base in members:
        return None
    p = world.predicates.get(pred)
    pairs = [(a, b) for a in members for b in members if a != b]
    if p is None or p.arity != 2 or not all(world.fits(p, ab) for ab in pairs):
        return None
    links = [x for x in world.init if x[0] == pred and len(x) == 3 and {x[1], x[2]} <= members]
    found = []
    for r in world.predicates.values():
        if not r.static or r.arity != 2 or r.name == pred:
            continue
        rel = {(x[1], x[2]) for x in world.init if x[0] == r.name and len(x) == 3}
        total = all(
            ((a, b) in rel) != ((b, a) in rel) for a in members for b in members if a < b
        )
        if total and links and all((x[1], x[2]) in rel for x in links):
            found.append(rel)
    if len(found) != 1:
        return None
    rel = found[0]
    order = sorted(members, key=lambda o: sum((o, x) in rel for x in members))  # bottom first
    return frozenset(
        {(pred, order[0], base)} | {(pred, b, a) for a, b in zip(order, order[1:], strict=False)}
    )


def _swapped(world: World, a: str, b: str) -> frozenset[tuple[str, ...]] | None:
    """ "a and b must trade rooms": the one init relation in which a and b stand at the same
    place with one other argument differing, with those arguments exchanged."""
    found = []
    for p in world.predicates.values():
        if p.static or p.arity < 2:
            continue
        for pos in range(1, p.arity + 1):
            fa = [x for x in world.init if x[0] == p.name and len(x) == p.arity + 1 and x[pos] == a]
            fb = [x for x in world.init if x[0] == p.name and len(x) == p.arity + 1 and x[pos] == b]
            if len(fa) == 1 and len(fb) == 1:
                diff = [i for i in range(1, p.arity + 1) if i != pos and fa[0][i] != fb[0][i]]
                if len(diff) == 1:
                    found.append((fa[0], fb[0], diff[0]))
    if len(found) != 1:
        return None
    x, y, d = found[0]
    return frozenset({(*x[:d], y[d], *x[d + 1 :]), (*y[:d], x[d], *y[d + 1 :])})


def described_goals(
    enc: Encoder, reading: Reading, clauses: Sequence[Clause]
) -> tuple[Described, ...]:
    """Goal phrases that state a set of goal atoms by description, in any domain: a quantifier
    and a class, a set the text defines, or a noun the predicate's type resolves ("serve both
    children", "paint the whole upper row green", "every floor visited"), read with the
    domain's vocabulary; and "a and b trade places" (the init relation exchanged). Only readings
    that are unique and clear are returned."""
    text, world = reading.text, reading.world
    if not world.goal_pos or not clauses:
        return ()
    toks = list(re.finditer(r"[A-Za-z]+|\d+", text))
    starts = quantified_starts(toks)
    if not starts and not _SWAP.search(text):
        return ()  # no quantified phrase, nothing traded: nothing read by description
    mentions = list(reading.mentions)
    groups = _groups(text, mentions)
    out: list[Described] = []

    def section(at: int) -> str:  # as the clauses read it (a cue inside a clause takes it all)
        sec = clauses[0].section
        for c in clauses:
            if c.start <= at:
                sec = c.section
        return sec

    for sw in _SWAP.finditer(text):  # "lion and zebra trade places", "swap b1 and b2"
        a, b = piece_around(text, sw.start(), sw.end())
        if section(sw.start()) == "init" or _NEG.search(text[a:b]):
            continue
        objs = {o for m in mentions if a <= m.start and m.end <= b for o in m.objects}
        pair = sorted(objs) if len(objs) == 2 else None
        atoms = _swapped(world, *pair) if pair else None
        if atoms:
            fm = FactMatch(" ".join(map(_fmt, sorted(atoms))), text[a:b].strip(), a, b, 0.9)
            out.append(Described(fm, atoms))
    for i, j, count in starts:
        start = toks[i].start()
        if section(start) == "init":
            continue
        quant = toks[i].group(0).lower()
        before = toks[i - 1].group(0).lower() if i else ""
        if before in _PRONOUNS and quant in ("all", "both", "each"):
            got: tuple[int, frozenset[str] | None] | None = (0, None)  # "they all need to …"
            start = toks[i - 1].start()
        else:
            got = _set_of(enc, world, quant, [t.group(0).lower() for t in toks[j : j + 3]], groups)
        if got is None:
            continue
        k, objs = got
        # "all other positions", "every other square": the class less the objects this
        # section names elsewhere (excluding too many leaves facts unstated, too few
        # contradicts the ones said apart: "p4 at n3, every other square at n0")
        other = any(toks[x].group(0).lower() in OTHER for x in range(j, j + k))
        pile = k == 1 and toks[j].group(0).lower() in _STACKS
        end = toks[j + k - 1].end() if k else toks[i].end()
        a, b = piece_around(text, start, end)
        a += len(text[a:b]) - len(text[a:b].lstrip())
        piece = text[a:b]
        if _NEG.search(piece) or any(d.match.start == a for d in out):
            continue
        others = [m for m in mentions if a <= m.start and m.end <= b and not start <= m.start < end]
        if _SWAP.search(piece):  # "the two balls must trade rooms"
            atoms = _swapped(world, *sorted(objs)) if objs is not None and len(objs) == 2 else None
            if atoms and not any(d.atoms == atoms for d in out):
                fm = FactMatch(" ".join(map(_fmt, sorted(atoms))), piece, a, b, 0.9)
                out.append(Described(fm, atoms))
            continue
        quant = Mention(
            start, end, text[start:end], tuple(sorted(objs or world.objects)), True, 0.9, 0, 0
        )
        items = sorted([quant, *others], key=lambda m: m.start)
        tpl, at = "", a
        for n, m in enumerate(items[: len(PLACEHOLDERS)]):
            tpl += text[at : m.start] + PLACEHOLDERS[n]
            at = m.end
        tpl += text[at:b]
        q = items.index(quant)
        if q >= len(PLACEHOLDERS):
            continue
        clause = Clause(
            a, b, piece, tpl.strip(), tuple((m,) for m in items[: len(PLACEHOLDERS)]), "goal"
        )
        g = ground_clauses(enc, world, [clause])
        if not g or not g[0].candidates or g[0].negated:
            continue
        c = g[0].candidates[0]
        if (
            c.probability < DESCRIBED_MIN
            or g[0].null_probability >= c.probability
            or q not in c.slots
        ):
            continue
        typ = world.predicates[c.predicate].types[c.slots.index(q)]
        cls = world.classes.get(typ) if typ not in ("object", "") else None
        members = (objs & cls if cls is not None else objs) if objs is not None else cls
        if members and other:
            named = {
                m.objects[0]
                for m in mentions
                if len(m.objects) == 1
                and not a <= m.start < b
                and section(m.start) == section(start)
            }
            members = frozenset(members) - named
        if not members or count is not None and len(members) != count:
            continue
        if any(len(items[s].objects) != 1 for s in c.slots if s != q):
            continue
        atoms = frozenset(
            (c.predicate, *(o if s == q else items[s].objects[0] for s in c.slots))
            for o in sorted(members)
        )
        sent = next((text[x:y] for x, y in _sentences(text) if x <= a < y), piece)
        if len(c.slots) == 2 and c.slots[0] == q and (pile or _ORDERED.search(sent)):
            chained = _chain(world, c.predicate, frozenset(members), items[c.slots[1]].objects[0])
            atoms = chained or atoms
            if chained is None and pile:
                continue
        elif pile:
            continue
        conf = round(
            c.probability * min((items[s].confidence for s in c.slots if s != q), default=1.0), 4
        )
        out.append(
            Described(FactMatch(" ".join(map(_fmt, sorted(atoms))), piece, a, b, conf), atoms)
        )
    return tuple(out)
