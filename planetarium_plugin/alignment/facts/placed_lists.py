"""Lists headed by a place: "In the boot: the jack, the pump and the wrench", "At depot0: crate1,
crate2", "On the table - b1, b3", "Everything lives in the boot, which is closed: the jack, …"
(issue 19).

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
in its sentence, each with words of its own (:func:`_class_lists`). A place said first with
no colon ("In the city of York we have the airport york-ap and the station york-st", "At
depot0 there are crate1 and crate2", "within it are kept the jack, …") heads a list the same
way when the list closes its clause; "it" as the place is the object named last before it.

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
from .mentions import NUMBER_WORDS, Mention
from .reading import Reading
from .sections import _sentences, section_at

__all__ = ["placed_list_clauses"]

#: A header: a preposition, an optional article, one object, a colon or a dash.
_HEADER = re.compile(
    r"(?:^|(?<=[.;\n]))\s*(?:[-*\u2022]\s*)?(?:(?:everything|all|it\s+all)\s+(?:[a-z]+\s+)?)?"
    r"(?P<prep>in|inside|at|on|on top of|under|within)"
    r"\s+(?:the\s+|a\s+|an\s+)?(?P<place>[^\s:,;.]+(?:\s[^\s:,;.]+)?)"
    r"(?:\s*,\s*which\s[^:;.]*)?\s*(?::|\s-\s|\s\u2013\s)",
    re.I,
)
#: Between two items of the list: joiners, articles with up to two words of a class ("the spare
#: wheel r1"), and items that name no object ("the robot, ", "both spare wheels, ").
_JOIN = re.compile(
    r"^\s*(?:,|,?\s*and|,?\s*&)?\s*(?:(?:the|a|an|both|all|two|three|four|one)\s+[a-z]+"
    r"(?:\s+[a-z]+)?\s*(?:,|,?\s*and|&)\s*)*(?:(?:the|a|an)\s+(?:[a-z]+\s+){0,2})?$",
    re.I,
)
_PREP = {"inside": "in", "within": "in", "on top of": "on"}

#: A place said first, then what is there, with no colon: "In the city of York we have the
#: airport york-ap and the station york-st", "in Leeds, the airport leeds-ap and …", "At depot0
#: there are crate1 and crate2". The list must close its clause (:func:`_closes`).
_LEAD = re.compile(
    r"(?:^|(?<=[.;\n]))\s*(?:[-*\u2022]\s*)?(?P<prep>in|inside|at|on|within)\s+"
    r"(?:the\s+|a\s+|an\s+)?(?:[a-z]+\s+of\s+(?:the\s+)?)?",
    re.I,
)
#: After the place: a comma or a verb of being there ("we have", "there are", "sit").
_EXIST = re.compile(
    r"^\s*(?:,\s*|\s)(?:(?:(?:are|is)\s+(?:kept|stored|found|placed)"
    r"|there\s+(?:is|are|stand|stands|sit|sits|lie|lies|wait|waits)"
    r"|we\s+have|we\s+find|you\s+have|you(?:'ll|\s+will)?\s+find|one\s+finds|are|is|stand"
    r"|stands|sit|sits|lie|lies|wait|waits)\s+)?",
    re.I,
)
#: Between two items of such a list: joiners, an article and a class noun ("the station").
_LEAD_JOIN = re.compile(
    r"^\s*(?:,|,?\s*and|,?\s*&)?\s*(?:(?:the|a|an|one)\s+)?(?:[a-z]+\s+)?"
    r"(?:(?:known\s+as|called|named)\s+)?$",
    re.I,
)
#: What may follow the last item in its clause: nothing, "too", "as well", or a relative
#: clause about the last item (", which is intact").
_CLOSED = re.compile(
    r"^\s*(?:,?\s*(?:too|as well|also))?\s*(?:[.;!\n]|$|,\s*(?:which|who)\b)", re.I
)


def _place(ms: list[Mention], text: str, a: int, b: int) -> list[Mention]:
    """The mentions that name the place in text[a:b]; "it" names the subject of its sentence
    or, when it opens one, of the sentence before ("truck0 is parked at depot0. Inside it: …")."""
    inside = [m for m in ms if a <= m.start and m.end <= b]
    if inside or text[a:b].strip().lower() != "it":
        return inside
    spans = [(s, e) for s, e in _sentences(text) if s < a]
    for s, e in reversed(spans[-2:]):
        first = next((m for m in ms if s <= m.start and m.end <= min(e, a)), None)
        if first is not None:
            return [first] if len(first.objects) == 1 and not first.plural else []
    return []


def _lead_lists(reading: Reading) -> list[tuple[int, list, object, str]]:
    """Lists after a place said first (:data:`_LEAD`): (start, items, the place, preposition),
    where the list runs over names joined by commas, "and", articles and one class noun each,
    and nothing but "too" follows it in its clause."""
    text, ms = reading.text, list(reading.mentions)
    out = []
    for h in _LEAD.finditer(text):
        place = [m for m in ms if m.start == h.end()]
        end = place[0].end if place else h.end() + 2
        if not place and re.match(r"it\b", text[h.end() :], re.I):
            place = _place(ms, text, h.end(), end)  # "within it are kept the jack, …"
        if len(place) != 1 or len(place[0].objects) != 1 or place[0].plural:
            continue
        said = _EXIST.match(text[end:])
        if said is None:
            continue
        items, at = [], end + said.end()
        for m in ms:
            if m.start < at:
                continue
            if not _LEAD_JOIN.match(text[at : m.start]) or m.objects == place[0].objects:
                break
            items.append(m)
            at = m.end
        if not items or not _CLOSED.match(text[at:]):
            continue
        if any(m.plural or len(m.objects) != 1 for m in items):
            continue
        out.append((h.start("prep"), items, place[0], h["prep"].lower()))
    return out


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
    lead = _lead_lists(reading)
    if not heads and not lead:
        return list(clauses)
    ms, secs = list(reading.mentions), list(reading.sections)
    added: list[Clause] = []
    spans: list[tuple[int, int]] = []
    for a, items, place, prep in lead:
        prep = _PREP.get(prep, prep)
        sec = section_at(secs, a)
        b = items[-1].end
        for m in items:
            added.append(Clause(a, b, text[a:b], f"X {prep} Y", ((m,), (place,)), sec, False, None))
        spans.append((a, b))
    for h in heads:
        place = _place(ms, text, h.start("place"), h.end("place"))
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
        # the header ("Everything lives in the boot") and the list are replaced; a relative
        # clause between them (", which is closed") states facts of its own
        lead = h.start() + len(h.group()) - len(h.group().lstrip())
        spans += [(lead, h.end("place")), (h.end() - 1, b)]
    # the clauses that lie within a header and its list are what it replaces (not ", which are
    # intact", said of the last items after the list)
    kept = [c for c in clauses if not any(a <= c.start and c.end <= b + 1 for a, b in spans)]
    return sorted([*kept, *added], key=lambda c: c.start)
