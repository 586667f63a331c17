"""Relations said to hold both ways: "r1 can drive from w1 to w2 and back", "r0 can go
p0<->p1", "the hoist can move between d0 and d1 in both directions" (issue 19). "between d0
and d1" names the link's two ends, two slots, not a list the clause is said of each of.

A request that says a link runs both ways states two facts, the link as written and its
converse, but the clause reader reads one ("and back" is a piece of its own that names no
object, "<->" a dash between two names). A careful reader adds the converse: the same clause
with its last two objects swapped. Only where the syntax says so — a trailing piece that is
nothing but "and back", "both ways", "in both directions", "either way", "back and forth";
such words inside the clause after its last object; or a two-headed arrow between its last two
objects — and only where those two objects are of one class (a symmetric link joins things of
a kind: two waypoints, not a rover and a waypoint). A clause that then speaks of "those pairs"
("each of those pairs of waypoints can see each other", "the same pairs are mutually visible")
states its relation of each pair the sentence has linked, both ways. In any section: a section
cue misread puts a layout in the goal, where a static fact is checked against the init anyway.

>>> from planetarium_plugin.alignment.facts.clauses import split_clauses
>>> from planetarium_plugin.alignment.facts.world import read_world
>>> w = read_world("(define (problem p) (:domain d) (:objects a b - cell) (:init) (:goal (and)))")
>>> text = "You can walk from a to b and back."
>>> [(c.template, [s[0].objects[0] for s in c.slots])
...  for c in converse_clauses(text, w, split_clauses(text, w))]
[('You can walk from X to Y', ['a', 'b']), ('You can walk from X to Y', ['b', 'a'])]
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from .clauses import Clause
from .world import World

__all__ = ["converse_clauses"]

_BOTH = (
    r"(?:and\s+)?back(?:\s+again)?|back\s+and\s+forth|both\s+ways|(?:in\s+)?both\s+directions"
    r"|either\s+way|(?:in\s+)?either\s+direction|each\s+way|(?:and\s+)?vice\s+versa"
)
#: A piece that says nothing but "both ways" (punctuation and "and" around it).
_ONLY = re.compile(rf"^[\s,;:.()-]*(?:and\s+)?(?:{_BOTH})[\s,;:.()]*$", re.I)
#: The same words inside a clause, after its last object.
_AFTER = re.compile(rf"^[\s,;:(-]*(?:{_BOTH})\b", re.I)
#: A two-headed arrow between two names.
_TWO_WAY = re.compile(r"^\s*(?:<->|<=>|\u2194|\u21d4|<-->)\s*$")


def _one_class(world: World, c: Clause) -> bool:
    """Are the clause's last two slots one object each, distinct, of one declared class?"""
    if len(c.slots) < 2 or c.direct is not None:
        return False
    a, b = c.slots[-2], c.slots[-1]
    if len(a) != 1 or len(b) != 1 or len(a[0].objects) != 1 or len(b[0].objects) != 1:
        return False
    x, y = a[0].objects[0], b[0].objects[0]
    return x != y and world.objects.get(x) == world.objects.get(y) is not None


def _converse(c: Clause) -> Clause:
    slots = (*c.slots[:-2], c.slots[-1], c.slots[-2])
    return dataclasses.replace(c, slots=slots)


def _both_ways(text: str, c: Clause, nxt: Clause | None) -> tuple[bool, bool]:
    """(does the clause say its link holds both ways, is ``nxt`` only those words)"""
    last, before = c.slots[-1][0], c.slots[-2][0]
    if _TWO_WAY.match(text[before.end : last.start]):
        return True, False
    if _AFTER.match(text[last.end : c.end]):
        return True, False
    if (
        nxt is not None
        and len(nxt.slots) <= 1
        and (nxt.inherited or not nxt.slots)
        and _ONLY.match(text[c.end : nxt.end])
    ):
        return True, True
    return False, False


#: A clause about the pairs a sentence has just linked: "each of those pairs of waypoints
#: can see each other", "the same pairs are mutually visible", "the two ends see each other".
_PAIRS = re.compile(
    r"^(?:and\s+)?(?:(?:each|all|both)\s+of\s+)?(?:those|these|the same|the|both|all|each)\s+"
    r"(?:two\s+)?(?:pairs?|ends)(?:\s+of\s+[a-z]+)?\s+(?P<rest>.+)$",
    re.I | re.S,
)
_RECIPROCAL = re.compile(r"\b(?:each other|one another)\b", re.I)
_MUTUALLY = re.compile(r"\bmutually\s+", re.I)


def _paired(text: str, world: World, c: Clause, before: Sequence[Clause]) -> list[Clause]:
    """The facts of a clause about "those pairs" said to be related each to each other: one
    clause per pair and direction, for the pairs of one class that the clauses ``before`` it
    in its sentence link (none when it is no such clause)."""
    got = _PAIRS.match(c.text.strip())
    rest = got["rest"].rstrip(" .;,") if got else ""
    if not rest or not (_RECIPROCAL.search(rest) or _MUTUALLY.search(rest)):
        return []
    if not _RECIPROCAL.search(rest):  # "are mutually visible": visible to each other
        rest = _MUTUALLY.sub("", rest) + " to each other"
    tpl = "X " + _RECIPROCAL.sub("Y", rest)
    pairs: dict[frozenset[str], tuple] = {}
    for b in before:
        if _one_class(world, b) and not any(ch in ".!?" for ch in text[b.end : c.start]):
            a, z = b.slots[-2][0], b.slots[-1][0]
            pairs.setdefault(frozenset((*a.objects, *z.objects)), (a, z))
    out = []
    for a, z in pairs.values():
        out += [
            Clause(c.start, c.end, c.text, tpl, ((a,), (z,)), c.section),
            Clause(c.start, c.end, c.text, tpl, ((z,), (a,)), c.section),
        ]
    return out


#: "between" before a clause's last slot, at the clause's end or before "both ways":
#: "X can drive between Y", "X can move between Y in both directions".
_BETWEEN = re.compile(
    rf"\bbetween\s+(?:the\s+)?(?P<slot>[YZ])(?=\s*$|[\s,;:(-]*(?:{_BOTH})\b)", re.I
)
_AND = re.compile(r"\s*and\s+(?:the\s+)?")


def _owner(c: Clause) -> bool:
    """Does the clause name its own subject ("r1 … between wpa and wpb"), not one inherited
    from the clause before ("from wp1 each rover can drive to wp2, but not directly between wp2
    and wp3": wp1 is no end of that link)?"""
    return not c.inherited and bool(c.slots) and bool(c.slots[0])


def _between(text: str, c: Clause) -> Clause:
    """ "r1 can drive between wpa and wpb": the two objects after "between" are the link's two
    ends, two slots (not a list the clause's fact is said of each of)."""
    if len(c.slots) not in (2, 3) or c.direct is not None or not _owner(c):
        return c
    last = c.slots[-1]
    pair = [m for m in last if len(m.objects) == 1 and not m.plural]
    if len(pair) != 2 or len(last) != 2 or not _AND.fullmatch(text[pair[0].end : pair[1].start]):
        return c
    found = _BETWEEN.search(c.template)
    if found is None or found["slot"] != "XYZ"[len(c.slots) - 1]:
        return c
    if pair[0].objects == pair[1].objects:
        return c
    tpl = f"{c.template[: found.end()]} and {'XYZW'[len(c.slots)]}{c.template[found.end() :]}"
    return dataclasses.replace(c, template=tpl, slots=(*c.slots[:-1], (pair[0],), (pair[1],)))


_END_PIECE = re.compile(rf"^X[\s,;:(-]*(?:(?:{_BOTH})[\s,;:.)]*)?$", re.I)


def _joined(text: str, clauses: Sequence[Clause]) -> list[Clause]:
    """Each clause with "between Y and Z" read as two slots (:func:`_between`), also where
    the clause reader cut the second end off as a piece of its own ("… between wpa", "wpb in
    both directions")."""
    out: list[Clause] = []
    skip = -1
    for i, c in enumerate(clauses):
        if i == skip:
            continue
        nxt = clauses[i + 1] if i + 1 < len(clauses) else None
        found = _BETWEEN.search(c.template)
        if (
            nxt is not None
            and found is not None
            and len(c.slots) in (2, 3)
            and c.direct is None
            and found["slot"] == "XYZ"[len(c.slots) - 1]
            and len(c.slots[-1]) == 1
            and len(nxt.slots) == 1
            and len(nxt.slots[0]) == 1
            and _END_PIECE.match(nxt.template)
            and _AND.fullmatch(text[c.slots[-1][0].end : nxt.slots[0][0].start])
            and nxt.slots[0][0].objects != c.slots[-1][0].objects
            and _owner(c)
        ):
            end, slots = nxt.end, (*c.slots, nxt.slots[0])
            tpl = f"{c.template} and {'XYZW'[len(c.slots)]}{nxt.template[1:]}"
            out.append(
                dataclasses.replace(c, end=end, text=text[c.start : end], template=tpl, slots=slots)
            )
            skip = i + 1
            continue
        out.append(_between(text, c))
    return out


def converse_clauses(text: str, world: World, clauses: Sequence[Clause]) -> list[Clause]:
    """``clauses`` (offsets into ``text``) with the converse of every link said to hold both
    ways added after it, a piece that only said so dropped, and a clause about "those pairs"
    read as the facts of each pair (:func:`_paired`)."""
    out: list[Clause] = []
    skip = -1
    clauses = _joined(text, clauses)
    for i, c in enumerate(clauses):
        if i == skip:
            continue
        if len(c.slots) <= 1 and (paired := _paired(text, world, c, out)):
            out += paired
            continue
        out.append(c)
        if not _one_class(world, c):
            continue
        nxt = clauses[i + 1] if i + 1 < len(clauses) else None
        both, eaten = _both_ways(text, c, nxt)
        if both:
            out.append(_converse(c))
            if eaten:
                skip = i + 1
    return out

