"""Stacks told by their ends: "both discs on the right peg, d2 underneath and d1 on top", "the
whole set of three onto p3, d3 at the bottom and d1 on top" (issue 19).

One object said to be at the bottom ("at the bottom", "at the base", "underneath", "lowest")
and another on top ("on top", "at the top", "uppermost"), each with no object after the word
(not "on top of b2", not "underneath d1": relations other readers read), state a stack, not that
each object is clear. The stack holds the two ends and, between them, what the sentence leaves:
nothing when the ends are the only objects of their class or of the group the sentence names
("both discs"), one object when exactly one more of their class is left and the sentence speaks
of all of them ("the whole set", "all three"); with neither a class nor a group (an untyped
problem) the middle is unknown and nothing is read. A place object the sentence puts the group on
("onto p3", "on the right peg") carries the bottom one. The stack is read as "X on Y" clauses,
top down, that grounding maps to the domain's stacking relation; the clauses the stretch was
otherwise read into ("d2 underneath" as d2 being clear) are dropped. A sentence that leaves
the middle unsaid otherwise is left as it was.

>>> from planetarium_plugin.alignment.facts.reading import Reading
>>> from planetarium_plugin.alignment.facts.world import read_world
>>> w = read_world("(define (problem p) (:domain d) (:objects d1 d2 - disc p1 p2 - peg)"
...                " (:init) (:goal (and)))")
>>> [(c.template, [s[0].objects[0] for s in c.slots]) for c in
...  ended_clauses(Reading.of("Both discs go on p2, d2 underneath and d1 on top.", w), [])]
[('X on Y', ['d1', 'd2']), ('X on Y', ['d2', 'p2'])]
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .clauses import Clause
from .mentions import Mention
from .reading import Reading
from .sections import _sentences, section_at
from .sequences import replace_spanned

__all__ = ["ended_clauses"]

_BE = r"(?:(?:is|sits|stands|goes|rests|lies|being|at|on|as|in)\s+)*(?:the\s+)?(?:very\s+)?"
#: The bottom of a stack said right after an object: "d3 at the bottom", "d2 underneath".
_BOTTOM = re.compile(
    rf"^(?:\s*,)?\s+(?:{_BE}(?:bottom|base|foot)\b(?!\s+of\b)|(?:is\s+)?(?:underneath|beneath"
    r"|lowest|bottommost)\b)",
    re.I,
)
#: The top of a stack said right after an object: "d1 on top", "d1 at the top".
_TOP = re.compile(
    rf"^(?:\s*,)?\s+(?:{_BE}(?:top|summit|peak)\b(?!\s+of\b)|(?:is\s+)?(?:uppermost|topmost)\b)",
    re.I,
)
#: The sentence speaks of every object of the class: "the whole set", "all three", "each disc".
_ALL = re.compile(r"\b(?:whole|entire|complete|all|every|each|both|full)\b", re.I)
#: A place the group is put on: "onto p3", "on the right peg", "to p2".
_ONTO = re.compile(r"\b(?:on|onto|upon|to)\s+(?:the\s+)?$", re.I)
_WINDOW = 24


def _end(text: str, m: Mention, e: int, pattern: re.Pattern, ms: list[Mention]) -> int | None:
    """Where the end word said of ``m`` stops, when one follows it with no object after it."""
    got = pattern.match(text[m.end : min(e, m.end + _WINDOW)])
    if got is None:
        return None
    stop = m.end + got.end()
    nxt = next((x.start for x in ms if x.start >= stop), None)
    if nxt is not None and nxt < e and not re.search(r"[,;.!?()]|\band\b", text[stop:nxt]):
        return None  # "d2 underneath d1": a relation
    return stop


def _chain(
    reading: Reading, ms: list[Mention], s: int, e: int
) -> tuple[list[Mention], Mention | None, int, int] | None:
    """The stack one sentence tells by its ends: its objects top first (the middle one a
    mention of the sentence's group), the place it stands on, and the stretch read."""
    text, world = reading.text, reading.world
    single = [m for m in ms if s <= m.start and m.end <= e and len(m.objects) == 1 and not m.plural]
    bottoms = [(m, b) for m in single if (b := _end(text, m, e, _BOTTOM, ms)) is not None]
    tops = [(m, b) for m in single if (b := _end(text, m, e, _TOP, ms)) is not None]
    if len(bottoms) != 1 or len(tops) != 1:
        return None
    (low, low_end), (high, high_end) = bottoms[0], tops[0]
    x, y = low.objects[0], high.objects[0]
    if x == y:
        return None
    said = text[s:e]
    kinds = [objs for c, objs in world.classes.items() if c != "object" and {x, y} <= objs]
    group = [m for m in ms if s <= m.start and m.end <= e and m.plural and {x, y} <= set(m.objects)]
    if group:
        members = set(group[0].objects)
    elif kinds:
        members = set(min(kinds, key=len))
    else:  # no class and no group: what stands between the ends is unknown
        return None
    rest = members - {x, y}
    if len(rest) > 1 or (rest and not (group or _ALL.search(said))):
        return None
    named = {o for m in single for o in m.objects}
    if rest & named:  # the middle one named elsewhere in the sentence: not this shape
        return None
    start = min(low.start, high.start, *(g.start for g in group))
    middle = (
        [Mention(low.start, low.end, low.text, tuple(rest), False, low.confidence * 0.9, -1, -1)]
        if rest
        else []
    )
    base = None
    first = min(low.start, high.start)
    for m in single:
        if m.end <= first and m.objects[0] not in members and _ONTO.search(text[s : m.start]):
            base = m  # the nearest place before the stack's ends
    if base is not None:
        start = min(start, base.start)
    return [high, *middle, low], base, start, max(low_end, high_end)


#: A clause that only puts its object at the bottom of a stack ("d3 at the bottom"): a place
#: in a pile the sentence tells otherwise, no fact of its own (not that d3 is clear).
_ONLY_BOTTOM = re.compile(
    r"^X(?:\s*,)?\s+(?:is\s+|sits\s+|rests\s+|lies\s+)?(?:at\s+the\s+(?:very\s+)?(?:bottom|base)"
    r"|underneath|beneath|lowest)[\s.,;:!?]*$",
    re.I,
)


def ended_clauses(reading: Reading, clauses: Sequence[Clause]) -> list[Clause]:
    """``clauses`` with each stack told by its ends read as "X on Y" clauses, top down; a
    clause that only says which object is at the bottom states nothing by itself."""
    text = reading.text
    low = text.lower()
    if not any(w in low for w in ("bottom", "base", "foot", "underneath", "beneath", "lowest")):
        return list(clauses)
    ms, secs = list(reading.mentions), list(reading.sections)
    added: list[Clause] = []
    spans: list[tuple[int, int]] = []
    for s, e in _sentences(text):
        got = _chain(reading, ms, s, e)
        if got is None:
            continue
        down, base, a, b = got
        if base is not None:
            down = [*down, base]
        sec = section_at(secs, a)
        for x, y in zip(down, down[1:], strict=False):
            added.append(Clause(a, b, text[a:b], "X on Y", ((x,), (y,)), sec))
        spans.append((a, b))
    clauses = [c for c in clauses if c.direct is not None or not _ONLY_BOTTOM.match(c.template)]
    return replace_spanned(clauses, added, spans, text)
