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
place). A header that names a class before the place ("Nuts at the gate: n1 loose, n2
loose", "three nuts at the gate: …") lists every object of that class named after the colon
in its sentence, each with words of its own (:func:`_class_lists`).

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
from .mentions import NUMBER_WORDS
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


#: A header that names a class and a place: "Nuts at the gate:", "Place three nuts at the
#: gate:", "Boxes on shelf s1:".
_CLASS_HEADER = re.compile(
    r"(?:^|(?<=[.;\n]))\s*(?:[-*\u2022]\s*)?(?:[A-Za-z]+\s+){0,3}?(?P<noun>[A-Za-z]+)\s+"
    r"(?P<prep>in|inside|at|on|under|within)\s+(?:the\s+|a\s+|an\s+)?"
    r"(?P<place>[^\s:,;.]+(?:\s[^\s:,;.]+)?)\s*:",
    re.I,
)
_END = re.compile(r"[.;\n]")


def _class_lists(reading: Reading) -> tuple[list[Clause], list[tuple[int, int]]]:
    """Lists headed by a class and a place ("Nuts at the gate: nut1 loose, nut2 loose"): each
    object of that class named after the colon, up to the sentence's end, is at the place (the
    words after each, "loose", are facts of its own); a count in the header ("three nuts") must
    match. The headers' spans, whose clauses misread them, are returned too."""
    text, world = reading.text, reading.world
    added: list[Clause] = []
    spans: list[tuple[int, int]] = []
    for h in _CLASS_HEADER.finditer(text):
        noun = h["noun"].lower()
        members = world.classes.get(noun[:-1] if noun.endswith("s") else "")
        place = [m for m in reading.mentions if h.start("place") <= m.start and m.end <= h.end()]
        if not members or len(place) != 1 or len(place[0].objects) != 1:
            continue
        end = _END.search(text, h.end())
        stop = end.start() if end else len(text)
        items = [m for m in reading.mentions if h.end() <= m.start and m.end <= stop]
        if not items or not all(set(m.objects) <= members and not m.plural for m in items):
            continue
        said = [w.lower() for w in text[h.start() : h.start("noun")].split()]
        count = next((NUMBER_WORDS[w] for w in said if w in NUMBER_WORDS), len(items))
        if count != len(items) or place[0].objects[0] in members:
            continue
        prep = _PREP.get(h["prep"].lower(), h["prep"].lower())
        sec = section_at(list(reading.sections), h.start("prep"))
        a, b = h.start("noun"), h.end("place")
        for m in items:
            added.append(Clause(a, b, text[a:b], f"X {prep} Y", ((m,), (place[0],)), sec))
        spans.append((h.start(), h.end()))
    return added, spans


def placed_list_clauses(reading: Reading, clauses: Sequence[Clause]) -> list[Clause]:
    """``clauses`` with every place-headed list read as one "X <prep> Y" clause per item (and
    the clauses that misread the header and the list dropped); and every class-headed one
    (:func:`_class_lists`)."""
    text = reading.text
    more, headers = _class_lists(reading)
    if more:
        clauses = [
            c for c in clauses if not any(a <= c.start and c.end <= b + 1 for a, b in headers)
        ]
        clauses = sorted([*clauses, *more], key=lambda c: c.start)
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
