"""Towers written with slashes and a stated end: "Tower b4/b3/b2/b1 (b1 bottom)", "stack a/b/c,
top to bottom" (issue 19).

A slash run of three or more objects ("b4/b3/b2/b1") is no list (:mod:`.lists` leaves it alone)
but it does not say by itself which end stands at the bottom. Only when its sentence does — a
word next to an end object ("b1 bottom", "top: b4", "with b1 at the bottom") or the order named
("top to bottom", "from the bottom", "bottom-up") — is the run read as a chain: each object on
the next one down, clauses "X on Y" that grounding maps to the domain's stacking relation. The
clauses the run was otherwise read into (one fact about the first objects) are dropped. Without
a stated end the run is left as it was. So is a list or range of three or more objects in a
sentence about one tower ("b1 to b4 form one tower, b1 on top"), and a tower told by places,
one object each at the bottom, in the middle and on top ("c at the bottom, b in the middle and
a on top"; not "a on top of c").

>>> from planetarium_plugin.alignment.facts.reading import Reading
>>> from planetarium_plugin.alignment.facts.world import read_world
>>> w = read_world("(define (problem p) (:domain d) (:objects a b c) (:init) (:goal (and)))")
>>> [(c.template, [s[0].objects[0] for s in c.slots]) for c in
...  tower_clauses(Reading.of("Stack a/b/c (c at the bottom).", w), [])]
[('X on Y', ['a', 'b']), ('X on Y', ['b', 'c'])]
>>> tower_clauses(Reading.of("Stack a/b/c.", w), [])
[]
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .clauses import Clause
from .mentions import Mention
from .reading import Reading
from .sections import _sentences, section_at
from .sequences import replace_spanned

__all__ = ["tower_clauses"]


def _read(clauses: Sequence[Clause], run: list[Mention]) -> bool:
    """Has another reader (a layout sequence, a predicate named) already read the run?"""
    a, b = run[0].start, run[-1].end
    return any(
        c.direct is not None and any(a <= m.start and m.end <= b for sl in c.slots for m in sl)
        for c in clauses
    )


_TOP_FIRST = re.compile(
    r"\b(?:top[\s-]+(?:to|down to|-?down)[\s-]+bottom|top[\s-]down|from (?:the )?top"
    r"|top first|highest first)\b",
    re.I,
)
_BOTTOM_FIRST = re.compile(
    r"\b(?:bottom[\s-]+(?:to|up to)[\s-]+top|bottom[\s-]up|from (?:the )?bottom"
    r"|bottom first|lowest first)\b",
    re.I,
)
_END = r"(?:bottom|top|base|lowest|highest|topmost|bottommost)"
#: An end word right after an object: "b1 bottom", "b1 at the bottom", "b1 is on top", "b1=top".
_AFTER = re.compile(
    rf"^[\s(\[,:=-]*(?:(?:is|sits|stands|being|at|on|as|in)\s+)*(?:the\s+)?({_END})\b", re.I
)
#: An end word right before an object: "bottom b1", "top: b4", "on top is b4", "bottom = b1".
_BEFORE = re.compile(rf"\b({_END})(?:\s+(?:block|one|object))?[\s:=,(-]*(?:is\s+)?$", re.I)
_MAX = 30


#: A sentence that calls a list or range of objects one tower: "b1 to b4 form one tower".
_TOWER = re.compile(r"\b(?:tower|stack|pile|column)s?\b", re.I)
_LISTED = re.compile(r"^\s*(?:,|and|, and)\s*$", re.I)


def _listed(text: str, ms: list[Mention], s: int, e: int) -> list[list[Mention]]:
    """In a sentence that speaks of one tower: a range of three or more objects ("b1 to b4",
    in its order) or a list of three or more single objects ("a, b, c and d")."""
    said = text[s:e]
    if len(_TOWER.findall(said)) != 1:
        return []
    inside = [m for m in ms if s <= m.start and m.end <= e]
    out = [
        [Mention(m.start, m.end, m.text, (o,), False, m.confidence, -1, -1) for o in m.objects]
        for m in inside
        if m.plural and len(m.objects) >= 3 and re.search(r"\bto\b|through|-|\.\.", m.text)
    ]
    cur: list[Mention] = []
    for m in inside:
        single = len(m.objects) == 1 and not m.plural
        if single and cur and _LISTED.match(text[cur[-1].end : m.start]):
            cur.append(m)
            continue
        if len(cur) >= 3:
            out.append(cur)
        cur = [m] if single else []
    if len(cur) >= 3:
        out.append(cur)
    return out


def _runs(text: str, ms: list[Mention], s: int, e: int) -> list[list[Mention]]:
    """Runs of three or more single objects joined by "/" with no space, in text[s:e]; and
    the objects a sentence about one tower lists (:func:`_listed`)."""
    inside = [m for m in ms if s <= m.start and m.end <= e and len(m.objects) == 1]
    out: list[list[Mention]] = _listed(text, ms, s, e)
    cur: list[Mention] = []
    for m in inside:
        if cur and text[cur[-1].end : m.start] == "/":
            cur.append(m)
            continue
        if len(cur) >= 3:
            out.append(cur)
        cur = [m]
    if len(cur) >= 3:
        out.append(cur)
    return out


def _top_first(text: str, run: list[Mention], ms: list[Mention], s: int, e: int) -> bool | None:
    """Does the sentence say the run's first object is its top (True), its bottom (False), or
    nothing about it (None)?"""
    said = text[s:e]
    if _TOP_FIRST.search(said):
        return True
    if _BOTTOM_FIRST.search(said):
        return False
    first, last = run[0].objects[0], run[-1].objects[0]
    for m in ms:
        if not (s <= m.start and m.end <= e) or len(m.objects) != 1:
            continue
        if m.objects[0] not in (first, last):
            continue
        # an end word on the run's own ends would be said of the whole tower ("Top a/b/c",
        # "a/b/c bottom"): only a word beside another mention of an end object counts
        if run[0].start <= m.start and m.end <= run[-1].end:
            continue
        after = _AFTER.match(text[m.end : min(e, m.end + 24)])
        before = _BEFORE.search(text[max(s, m.start - 24) : m.start])
        found = after or before
        if found is None:
            continue
        bottom = found.group(1).lower() in ("bottom", "base", "lowest", "bottommost")
        return bottom == (m.objects[0] == last)
    return None


#: A place in a tower said right after an object: "c at the bottom", "b in the middle", "a on
#: top" (not "a on top of c", a relation).
_PLACE = re.compile(
    r"^[\s,(-]*(?:(?:is|sits|stands|being|goes|comes|at|on|in|as)\s+)*(?:the\s+)?"
    r"(bottom|base|lowest|bottommost|middle|center|centre|top|highest|topmost)\b(?!\s+of\b)",
    re.I,
)
_BOTTOM = {"bottom", "base", "lowest", "bottommost"}
_MIDDLE = {"middle", "center", "centre"}


def _placed(text: str, ms: list[Mention], s: int, e: int) -> list[list[Mention]]:
    """ "c at the bottom, b in the middle and a on top": one object at each of a tower's
    bottom, middle and top, named in one stretch of the sentence — the tower, top first."""
    places: dict[str, list[Mention]] = {"bottom": [], "middle": [], "top": []}
    for m in ms:
        if not (s <= m.start and m.end <= e) or len(m.objects) != 1 or m.plural:
            continue
        got = _PLACE.match(text[m.end : min(e, m.end + 24)])
        if got is None:
            continue
        word = got.group(1).lower()
        key = "bottom" if word in _BOTTOM else "middle" if word in _MIDDLE else "top"
        places[key].append(m)
    if any(len(v) != 1 for v in places.values()):
        return []
    top, mid, bottom = places["top"][0], places["middle"][0], places["bottom"][0]
    if len({top.objects[0], mid.objects[0], bottom.objects[0]}) != 3:
        return []
    return [[top, mid, bottom]]


#: A word naming a stacked thing after an object's name ("the yellow block", "the red one").
_NOUN = r"(?:\s+(?:one|block|disc|disk|cube|box|crate|piece|brick)s?\b)?"
#: A place said of an object right after it: "at the base", "on top", "at the very bottom".
_AT_END = re.compile(
    rf"^{_NOUN}[\s,(-]*(?:(?:is|sits|stands|goes|comes|rests|lies|being|at|on|as|in)\s+)*"
    r"(?:the\s+)?(?:very\s+)?(bottom|base|foot|top|summit|peak)\b(?!\s+of\b)",
    re.I,
)
#: A link of a pile told in order: "then", "followed by", "next", "after that" ("a, then b").
_THEN = re.compile(
    r"^[\s,;]*(?:and\s+)?(?:then|followed by|next|after that|and after that)\s+"
    r"(?:(?:comes|is|sits|goes|stands|rests)\s+)?(?:the\s+)?$",
    re.I,
)
#: A plain link inside such a pile: "a, then b, then c, and the d".
_WITH = re.compile(r"^\s*,?\s*with\s+(?:the\s+)?$", re.I)  # "s with u, then v on top"
_AND = re.compile(r"^\s*(?:,|,?\s*and|,?\s*with)\s+(?:the\s+)?$", re.I)


def _then_runs(text: str, ms: list[Mention], s: int, e: int) -> list[tuple[list[Mention], bool]]:
    """Piles told in order with "then" and a stated end: "yellow at the base, then blue, then
    red", "at the very bottom is b3, then b1, with b2 on top" — (the run, whether its first
    object is the top)."""
    inside = [m for m in ms if s <= m.start and m.end <= e and len(m.objects) == 1]
    inside = [m for m in inside if not m.plural]
    chains: list[tuple[list[Mention], bool]] = []
    cur: list[Mention] = []
    then = False
    for m in [*inside, None]:
        if m is not None and cur:
            gap = text[cur[-1].end : m.start]
            place = _AT_END.match(gap)
            link = gap[place.end() :] if place else gap
            if _THEN.match(link) or (place is None and _THEN.match(gap)):
                cur.append(m)
                then = True
                continue
            if place is None and (then or _WITH.match(gap)) and _AND.match(gap):
                cur.append(m)
                continue
        if then and len(cur) >= 2:
            top = _stated_end(text, cur, s, e)
            if top is not None:
                chains.append((cur, top))
        cur, then = ([m], False) if m is not None else ([], False)
    return chains


#: A sentence that speaks of stacking: "stacked", "a pile", "from the bottom up", "on top".
_STACKING = re.compile(
    r"\b(?:tower|stack|pile|column)(?:s|ed|ing)?\b|\bon top\b|\bbottom[\s-]+up\b"
    r"|\btop[\s-]+down\b|\b(?:bottom[\s-]+to[\s-]+top|top[\s-]+to[\s-]+bottom)\b",
    re.I,
)
#: A plain link of a list, after an end mark maybe: ", ", " and ", "), " ("c1 (bottom), c2").
_LIST_LINK = re.compile(r"^[\s)\]]*(?:,|,?\s*and)\s+(?:the\s+)?$", re.I)


def _marked_lists(text: str, ms: list[Mention], s: int, e: int) -> list[tuple[list[Mention], bool]]:
    """Stacks told as a plain list in a sentence about stacking, with an end stated by a mark
    beside an end object or an order named: "stacked on p0 in order c1 (bottom), c2, c3, c4
    (top)", "the first, from the bottom up, is a, b, c" — (the run, whether its first object is
    the top)."""
    if not _STACKING.search(text[s:e]):
        return []
    inside = [m for m in ms if s <= m.start and m.end <= e and len(m.objects) == 1]
    inside = [m for m in inside if not m.plural]
    out: list[tuple[list[Mention], bool]] = []
    cur: list[Mention] = []
    for m in [*inside, None]:
        if m is not None and cur:
            gap = text[cur[-1].end : m.start]
            place = _AT_END.match(gap)
            if _LIST_LINK.match(gap[place.end() :] if place else gap):
                cur.append(m)
                continue
        if len(cur) >= 3 and len({x.objects[0] for x in cur}) == len(cur):
            top = _stated_end(text, cur, s, e)
            if top is not None:
                out.append((cur[:_MAX], top))
        cur = [m] if m is not None else []
    return out


def _stated_end(text: str, run: list[Mention], s: int, e: int) -> bool | None:
    """Is the run's first object its top (True) or its bottom (False), by a place word beside
    its first or last object or an order named in the sentence; None when unsaid or torn."""
    said: set[bool] = set()
    if _TOP_FIRST.search(text[s:e]):  # an order named ("top to bottom: …") says it first
        said.add(True)
    if _BOTTOM_FIRST.search(text[s:e]):
        said.add(False)
    if said:
        return said.pop() if len(said) == 1 else None
    for i in (0, len(run) - 1):
        m = run[i]
        after = _AT_END.match(text[m.end : min(e, m.end + 30)])
        before = _BEFORE.search(text[max(s, m.start - 30) : m.start])
        for found in (after, before):
            if found is None:
                continue
            bottom = found.group(1).lower() in ("bottom", "base", "foot", "lowest", "bottommost")
            said.add(bottom == (i == len(run) - 1))
    return said.pop() if len(said) == 1 else None


def tower_clauses(reading: Reading, clauses: Sequence[Clause]) -> list[Clause]:
    """``clauses`` with every slash tower of stated end read as "X on Y" clauses, top down (and
    the clauses that only restated the tower's objects dropped)."""
    text = reading.text
    low = text.lower()
    if (
        "/" not in text
        and not _STACKING.search(text)
        and "middle" not in low
        and "then" not in low
    ):
        return list(clauses)
    ms, secs = list(reading.mentions), list(reading.sections)
    added: list[Clause] = []
    spans: list[tuple[int, int]] = []
    middles: list[tuple[int, int]] = []
    for s, e in _sentences(text):
        for run in _placed(text, ms, s, e):
            # no section cue: init or goal, as any clause of the text ("I need a single tower
            # with c at the bottom, …" with no cue states no init)
            sec = section_at(secs, min(m.start for m in run))
            a, b = min(m.start for m in run), max(m.end for m in run)
            for x, y in zip(run, run[1:], strict=False):
                added.append(Clause(a, b, text[a:b], "X on Y", ((x,), (y,)), sec))
            spans.append((a, b))
        for run, top in _then_runs(text, ms, s, e):
            if any(a <= run[0].start < b for a, b in spans) or _read(clauses, run):
                continue
            down = run if top else run[::-1]
            sec = section_at(secs, run[0].start)
            a, b = run[0].start, run[-1].end
            for x, y in zip(down, down[1:], strict=False):
                added.append(Clause(a, b, text[a:b], "X on Y", ((x,), (y,)), sec))
            spans.append((a, b))
        for run in _runs(text, ms, s, e):
            run = run[:_MAX]
            if len({m.objects[0] for m in run}) != len(run):
                continue
            top = _top_first(text, run, ms, s, e)
            if top is None:
                continue
            down = run if top else run[::-1]
            sec = section_at(secs, run[0].start)
            sec = "init" if sec == "any" else sec
            a, b = run[0].start, run[-1].end
            for x, y in zip(down, down[1:], strict=False):
                added.append(Clause(a, b, text[a:b], "X on Y", ((x,), (y,)), sec))
            spans.append((a, b))
        for run, top in _marked_lists(text, ms, s, e):
            a, b = run[0].start, run[-1].end
            if any(a < y and x < b for x, y in [*spans, *middles]) or _read(clauses, run):
                continue
            down = run if top else run[::-1]
            sec = section_at(secs, a)
            sec = "init" if sec == "any" else sec
            for x, y in zip(down, down[1:], strict=False):
                added.append(Clause(a, b, text[a:b], "X on Y", ((x,), (y,)), sec))
            middles.append((run[1].start, run[-2].end))
    if middles:  # a clause naming an end of such a list ("stacked on p0 in order c1") stays
        clauses = [
            c
            for c in clauses
            if c.direct is not None
            or not any(a <= m.start <= m.end <= b for a, b in middles for sl in c.slots for m in sl)
        ]
    return replace_spanned(clauses, added, spans, text)
