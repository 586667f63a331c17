"""Lists headed by a place: "In the boot: the jack, the pump and the wrench", "At depot0: crate1,
crate2", "On the table - b1, b3" (issue 19).

A request that describes a world by collections often names a place once and lists what is
there. Cut at the colon, the header ("In the boot") reads as a fact of the place alone and the
list as one fact per item with no place, which the encoder maps to whatever predicate shares a
word ("the jack" → ``have jack``). A careful reader reads each listed item as placed by the
header's preposition: "X in Y" for each item, Y the header's one object; grounding maps that
to the domain's predicate as it would "the jack is in the boot". The list runs over names
joined by commas, "and" and articles (items that name no object, "the robot", are passed
over), up to the first other word (", which are intact" is about the last items, not the
place).

>>> from planetarium_plugin.alignment.facts.reading import Reading
>>> from planetarium_plugin.alignment.facts.world import read_world
>>> w = read_world("(define (problem p) (:domain d) (:objects boot jack pump)"
...                " (:init) (:goal (and)))")
>>> [(c.template, [s[0].objects[0] for s in c.slots])
...  for c in placed_list_clauses(Reading.of("In the boot: the jack and the pump.", w), [])]
[('X in Y', ['jack', 'boot']), ('X in Y', ['pump', 'boot'])]
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .clauses import Clause
from .reading import Reading
from .sections import section_at

__all__ = ["placed_list_clauses"]

#: A header: a preposition, an optional article, one object, a colon or a dash.
_HEADER = re.compile(
    r"(?:^|(?<=[.;\n]))\s*(?:[-*\u2022]\s*)?(?P<prep>in|inside|at|on|on top of|under|within)"
    r"\s+(?:the\s+|a\s+|an\s+)?(?P<place>[^\s:,;.]+(?:\s[^\s:,;.]+)?)\s*(?::|\s-\s|\s\u2013\s)",
    re.I,
)
#: Between two items of the list: joiners, articles, and items that name no object ("the
#: robot, ", "both spare wheels, ").
_JOIN = re.compile(
    r"^\s*(?:,|,?\s*and|,?\s*&)?\s*(?:(?:the|a|an|both|all|two|three|four|one)\s+[a-z]+"
    r"(?:\s+[a-z]+)?\s*(?:,|,?\s*and|&)\s*)*(?:the\s+|a\s+|an\s+)?$",
    re.I,
)
_PREP = {"inside": "in", "within": "in", "on top of": "on"}


def placed_list_clauses(reading: Reading, clauses: Sequence[Clause]) -> list[Clause]:
    """``clauses`` with every place-headed list read as one "X <prep> Y" clause per item (and
    the clauses that misread the header and the list dropped)."""
    text = reading.text
    heads = list(_HEADER.finditer(text))
    if not heads:
        return list(clauses)
    ms, secs = list(reading.mentions), list(reading.sections)
    added: list[Clause] = []
    spans: list[tuple[int, int]] = []
    for h in heads:
        place = [m for m in ms if h.start("place") <= m.start and m.end <= h.end("place")]
        if len(place) != 1 or len(place[0].objects) != 1:
            continue
        items = []
        at = h.end()
        for m in ms:
            if m.start < at:
                continue
            if not _JOIN.match(text[at : m.start]) or m.objects == place[0].objects:
                break
            items.append(m)
            at = m.end
        if not items:
            continue
        prep = h["prep"].lower()
        prep = _PREP.get(prep, prep)
        sec = section_at(secs, h.start("prep"))
        a, b = h.start("prep"), items[-1].end
        for m in items:
            added.append(
                Clause(a, b, text[a:b], f"X {prep} Y", ((m,), (place[0],)), sec, False, None)
            )
        spans.append((a, b))
    # the clauses that lie within a header and its list are what it replaces (not ", which are
    # intact", said of the last items after the list)
    kept = [c for c in clauses if not any(a <= c.start and c.end <= b + 1 for a, b in spans)]
    return sorted([*kept, *added], key=lambda c: c.start)
