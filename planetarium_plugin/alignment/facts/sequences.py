"""Static layouts stated as a sequence: "cells a–b–c–d form a corridor", "rooms 1-2-3-4 in a
line", "the floors go f1, f2, f3 from bottom to top" (issue 19).

A reader takes such a sequence as a set of facts of one of the domain's static binary
predicates over the sequence's class (a grid's ``connected``, floors' ``above``), but the text
does not say which of the usual readings the domain uses: each next to the following one, in
one direction or both ways (a path), or each before every later one (an order). Of the readings
of each fitting static predicate, the one the problem's init shares most atoms with is taken —
the text is ambiguous, the domain file decides — and its facts become direct clauses; the
clause the sequence was read from (otherwise misread as one unary fact per object) is dropped.
A wrong problem (a link missing, one added) still leaves facts of the reading missing.

>>> from planetarium_plugin.alignment.facts.reading import Reading
>>> from planetarium_plugin.alignment.facts.world import read_world
>>> dom = ("(define (domain g) (:types cell) (:predicates (link ?a ?b - cell) (at ?c - cell))"
...        " (:action go :parameters (?a ?b - cell) :precondition (and (at ?a) (link ?a ?b))"
...        " :effect (and (at ?b) (not (at ?a)))))")
>>> w = read_world("(define (problem p) (:domain g) (:objects x y z - cell) (:init (at x)"
...                " (link x y) (link y x) (link y z) (link z y)) (:goal (at z)))", dom)
>>> got = sequence_clauses(Reading.of("x-y-z, both ways.", w), [])
>>> [(c.direct, [s[0].objects[0] for s in c.slots]) for c in got]
[('link', ['x', 'y']), ('link', ['y', 'x']), ('link', ['y', 'z']), ('link', ['z', 'y'])]
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from .clauses import Clause
from .grounding import GroundedClause
from .mentions import Mention
from .reading import Reading
from .sections import _sentences, section_at
from .world import World

__all__ = ["oriented", "replace_spanned", "sequence_clauses"]

#: Between two items of a chain: a dash or an arrow.
_LINK = re.compile(r"\s*(?:-|\u2013|\u2014|->|<->|\u2192|\u2194|=>|<|>|<=|>=)\s*$")
#: Words right before a list that make it a sequence: "the levels go l0, l1, l2".
_LEADS = re.compile(r"\b(?:go|goes|run|runs|range|ranges)(?:\s+from)?\s*:?\s*$", re.I)
#: Between two items of a list.
_LIST = re.compile(r"\s*(?:,|and|, and|then|, then)\s*$", re.I)
#: A list is a sequence when its sentence says it is ordered or laid out in a line.
_ORDERED = re.compile(
    r"\b(?:from (?:the )?(?:bottom|top|left|right|lowest|highest|first|north|south|east|west)"
    r"|(?:bottom|top|left|right) to (?:bottom|top|left|right)|in (?:that|this|this very) order"
    r"|in order|in (?:a|one) (?:line|row|column|chain)|corridor|path|chain|ascending"
    r"|descending|climb(?:s|ing)?|counts? up|go(?:es)? up|ris(?:e|es|ing)|increas(?:e|es|ing)"
    r"|(?:each|every) (?:one |\w+ing )?(?:to |with )?the next"
    r"|(?:each|every) [a-z]+(?: [a-z]+){0,2} (?:the|its) next"  # "each room opens onto the next"
    r"|(?:its|their) (?:immediate |direct )?(?:successor|predecessor)s?"
    r"|the (?:one|\w+) (?:right |just |directly )?(?:after|before) it)\b",
    re.I,
)
_MAX = 30
#: Between two objects, an order said pair by pair: "l1 follows l0", "n2 comes right after n1"
#: (the second first), "l0 precedes l1", "n1 is just before n2" (the first first).
_PAIRWISE = re.compile(
    r"^\s*(?:(?:is|are|comes?|goes|lies|sits|stands)\s+)?(?:(?:right|directly|just|immediately|"
    r"straight|one step)\s+)?(?:the\s+)?(?:(?P<after>follows?|after|succeeds?|successor\s+of|"
    r"next\s+after)|(?P<before>precedes?|before|predecessor\s+of))\s*$",
    re.I,
)
_NEXT_NUMBER = re.compile(r"\s*(?:-|\u2013|\u2014|->|\u2192)\s*(\d+)\b")


#: A mention that is a range of names: "c1 to c5", "wp1-wp4", "p1..p4", "cells 1 to 5".
_RANGE = re.compile(
    r"^(?:[A-Za-z]+\s+)?[\w-]*\d(?:\s+(?:to|through|till)\s+|\s*(?:-|\u2013|\.\.\.?)\s*)[\w-]*\d$",
    re.I,
)


def _members(m: Mention) -> list[Mention]:
    """A range's objects one by one, in their numbered order (a list: "c1 to c5 in a line" is
    a sequence only where the sentence says it is ordered); another mention as it is."""
    if not (m.plural and len(m.objects) >= 3 and _RANGE.match(m.text)):
        return [m] if len(m.objects) == 1 else []
    return [dataclasses.replace(m, objects=(o,), plural=False) for o in m.objects]


def _items(text: str, world: World, ms: list[Mention], s: int, e: int) -> list[list[Mention]]:
    """Chains and ordered lists of single objects in the sentence text[s:e] (a range of names,
    "c1 to c5", is a list of its objects)."""
    inside = [x for m in ms if s <= m.start and m.end <= e for x in _members(m)]
    out: list[list[Mention]] = []
    cur: list[Mention] = []
    kind = ""
    ordered = bool(_ORDERED.search(text[s:e]))
    then = False  # "n0 then n1 then n2": a list told in order
    for m in inside:
        if cur:
            gap = text[cur[-1].end : m.start]
            k = "chain" if _LINK.match(gap) else ("list" if _LIST.match(gap) else "")
            k = "list" if m.start == cur[-1].start else k  # one range's members
            if k and (not kind or k == kind):
                cur.append(m)
                kind = k
                then = then or "then" in gap.lower()
                continue
            if len(cur) >= 3 and (kind == "chain" or ordered or then or _leads(text, s, cur)):
                out.append(cur)
        cur, kind, then = [m], "", False
        cur += _numbered_tail(text, world, m, e)
        if len(cur) > 1:
            kind = "chain"
    if len(cur) >= 3 and (kind == "chain" or ordered or then or _leads(text, s, cur)):
        out.append(cur)
    return out


def _pairwise(text: str, ms: list[Mention], s: int, e: int) -> list[tuple[Mention, Mention]]:
    """Pairs the sentence text[s:e] orders one by one, earlier first: "l1 follows l0" gives
    (l0, l1), "l0 precedes l1" the same."""
    inside = [m for m in ms if s <= m.start and m.end <= e and len(m.objects) == 1]
    out = []
    for a, b in zip(inside, inside[1:], strict=False):
        got = _PAIRWISE.match(text[a.end : b.start])
        if got is not None and a.objects != b.objects:
            out.append((b, a) if got["after"] else (a, b))
    return out


def _ordered_pairs(
    text: str, world: World, ms: list[Mention], binary, secs
) -> tuple[list[Clause], list[tuple[int, int]]]:
    """The facts of orders said pair by pair over the whole text ("l1 follows l0 and l2
    follows l1"): of each fitting static predicate read either way, the one the init shares
    most atoms with (as for a sequence: which way ``next`` runs is the domain's choice)."""
    pairs = [p for s, e in _sentences(text) for p in _pairwise(text, ms, s, e)]
    if not pairs:
        return [], []
    said = {(a.objects[0], b.objects[0]) for a, b in pairs}
    best = None
    for p in binary:
        if not all(world.fits(p, x) for x in said):
            continue
        have = {(a[1], a[2]) for a in world.init if a[0] == p.name and len(a) == 3}
        for flip, got in ((False, said), (True, {(b, a) for a, b in said})):
            score = len(got & have) - len(got - have)
            if got & have and (best is None or score > best[0]):
                best = (score, p.name, flip)
    if best is None:
        return [], []
    _, name, flip = best
    added, spans = [], []
    for a, b in pairs:
        x, y = (b, a) if flip else (a, b)
        lo, hi = min(a.start, b.start), max(a.end, b.end)
        sec = section_at(secs, lo)
        sec = "init" if sec == "any" else sec
        added.append(Clause(lo, hi, text[lo:hi], name, ((x,), (y,)), sec, False, name))
        spans.append((lo, hi))
    return added, spans


def _leads(text: str, s: int, items: list[Mention]) -> bool:
    return bool(_LEADS.search(text[s : items[0].start]))


def _numbered_tail(text: str, world: World, first: Mention, e: int) -> list[Mention]:
    """ "cells 1-2-3-4": the numbers after a numbered object name its siblings."""
    obj = first.objects[0]
    m = re.match(r"(.*?)(\d+)$", obj)
    if m is None:
        return []
    out = []
    pos = first.end
    while (n := _NEXT_NUMBER.match(text, pos, e)) is not None and len(out) < _MAX:
        name = m.group(1) + n.group(1)
        if name not in world.objects:
            break
        a, b = n.start(1), n.end(1)
        out.append(Mention(a, b, text[a:b], (name,), False, 0.95, -1, -1))
        pos = b
    return out


def _readings(objs: list[str]) -> dict[str, set[tuple[str, str]]]:
    nxt = {(a, b) for a, b in zip(objs, objs[1:], strict=False)}
    before = {(objs[i], objs[j]) for i in range(len(objs)) for j in range(i + 1, len(objs))}
    return {
        "next": nxt,
        "previous": {(b, a) for a, b in nxt},
        "both ways": nxt | {(b, a) for a, b in nxt},
        "before": before,
        "after": {(b, a) for a, b in before},
    }


def sequence_clauses(reading: Reading, clauses: Sequence[Clause]) -> list[Clause]:
    """``clauses`` with every sequence's facts as direct clauses (and the clauses that only
    restated the sequence's objects dropped)."""
    text, world = reading.text, reading.world
    binary = [
        p
        for p in world.predicates.values()
        if p.arity == 2 and p.static and p.name not in world.type_preds
    ]
    if not binary:
        return list(clauses)
    ms, secs = list(reading.mentions), list(reading.sections)
    added: list[Clause] = []
    spans: list[tuple[int, int]] = []
    for s, e in _sentences(text):
        for seq in _items(text, world, ms, s, e):
            objs = [m.objects[0] for m in seq][:_MAX]
            if len(set(objs)) != len(objs):
                continue
            best = None
            for p in binary:
                if not all(world.fits(p, (o, o)) for o in objs):
                    continue
                have = {(a[1], a[2]) for a in world.init if a[0] == p.name and len(a) == 3}
                have = {x for x in have if x[0] in objs and x[1] in objs}
                for pairs in _readings(objs).values():
                    score = (len(pairs & have) - len(pairs - have), -len(pairs))
                    if pairs & have and (best is None or score > best[0]):
                        best = (score, p.name, pairs)
            if best is None:
                continue
            _, name, pairs = best
            at = {o: m for m, o in zip(seq, objs, strict=False)}
            sec = section_at(secs, seq[0].start)
            sec = "init" if sec == "any" else sec
            a, b = seq[0].start, seq[-1].end
            for x, y in sorted(pairs, key=lambda q: (objs.index(q[0]), objs.index(q[1]))):
                added.append(Clause(a, b, text[a:b], name, ((at[x],), (at[y],)), sec, False, name))
            spans.append((a, b))
            said = _ORDERED.search(text, s, e)  # "each room opens onto the next one": the
            if said is not None and said.start() >= b:  # words that ordered it restate it
                spans.append((said.start(), said.end()))
    more, where = _ordered_pairs(text, world, ms, binary, secs)
    return replace_spanned(clauses, added + more, spans + where, text)


def replace_spanned(
    clauses: Sequence[Clause], added: list[Clause], spans: list[tuple[int, int]], text: str = ""
) -> list[Clause]:
    """``clauses`` with those whose mentions lie inside a span read anew replaced by ``added``
    (a clause naming its predicate directly stays), in text order; a span read again with
    nothing new (its facts already read) still replaces its misreadings. With the ``text``, a
    clause of a later sentence is a fact of its own: its back-reference ("p1..p4 in a row. All
    four at height n0.") carries its antecedent's place inside the span, but the clause does
    not restate the span ("…, so each tile lies above the one before it" does)."""
    if not added and not spans:
        return list(clauses)

    def later(c: Clause, b: int) -> bool:
        return bool(text) and c.start >= b and bool(re.search(r"[.!?\n]", text[b : c.start]))

    kept = [
        c
        for c in clauses
        if not any(
            a <= m.start and m.end <= b and not later(c, b)
            for a, b in spans
            for sl in c.slots
            for m in sl
        )
        or c.direct is not None
    ]
    return sorted([*kept, *added], key=lambda c: c.start)


def oriented(world: World, grounded: Sequence[GroundedClause]) -> list[GroundedClause]:
    """Readings of a static binary predicate turned the way the domain runs it: which argument
    comes first in ``(above f1 f4)`` is the domain's convention, not English's ("f4 is above
    f1" reads ``(above f4 f1)``; miconic writes ``(above f1 f4)``). Where the text's readings
    of such a predicate agree with the init only the other way round (more of them reversed
    than as read), every reading of it is reversed; a predicate named in the text is left as
    written. A changed static fact still leaves a stated one missing."""
    static = {n for n, p in world.predicates.items() if p.static and p.arity == 2}
    if not static:
        return list(grounded)
    tally: dict[str, list[int]] = {}
    for g in grounded:
        if g.negated or g.clause.direct is not None or not g.candidates:
            continue
        if (
            g.candidates[0].predicate not in static
            or len(g.clause.slots) != 2
            or any(m.plural or len(m.objects) != 1 for sl in g.clause.slots for m in sl)
        ):
            continue  # only clauses of just two named objects ("each floor above all the lower
            # ones" is a description; "p2 from f3 down to f1" is about p2)
        for _, per in g.facts():
            cand, atoms = per[0]
            for a in atoms[:1]:
                got = tally.setdefault(cand.predicate, [0, 0])
                got[0] += a in world.init
                got[1] += (a[0], a[2], a[1]) in world.init and a not in world.init
    flip = {n for n, (same, other) in tally.items() if other > same}
    if not flip:
        return list(grounded)
    out = []
    for g in grounded:
        if g.clause.direct is None and any(c.predicate in flip for c in g.candidates):
            cands = tuple(
                dataclasses.replace(c, slots=c.slots[::-1]) if c.predicate in flip else c
                for c in g.candidates
            )
            g = dataclasses.replace(g, candidates=cands)
        out.append(g)
    return out
