"""A span misread as a whole (issue 19): one misread sentence must not sink a text.

A one-fact edit of a problem (an init or goal argument replaced, two goal objects swapped)
makes one or two of a span's readings fail, among readings of the same span that hold. A
misread rule or list ("every floor is above all lower-numbered floors" read as where the lift
is; "tile_2_C directly up from tile_1_C" read as four wrong ``up`` atoms) makes *most* of its
span's readings fail at once. A careful reader who finds that a sentence disagrees with the
problem in nearly everything it was read to say doubts the reading of the sentence, not the
problem.

So, per span (text readings whose spans overlap are one span), count the distinct atoms read
from its own words (``kind="text"``: stated, contradicted or missing) and those that conflict.
Where at least :data:`MIN_CONFLICTS` conflict and they are at least :data:`MOST` of its
readings, every conflict of the span is doubted — its confidence × :data:`.evidence.DOUBT`,
with a note — and so are the conflicts implied (:mod:`.implied`) from it: one misreading,
counted once. The span keeps its conflicts when they show a one-fact edit's signs:

- a conflict from a goal phrase read by description ("paint every tile of row 2"): a member
  the problem lacks is what a goal edit leaves;
- the problem's section holds, unstated, at least as many atoms of the conflicts' predicates
  about their objects as there are conflicts: every failing reading could be an edited or
  swapped atom of the problem (two objects swapped in a tower of four make three ``on``
  readings fail, and leave three ``on`` atoms the text does not state).

>>> from planetarium_plugin.alignment.facts.explain import FactMatch
>>> f = lambda atom, s, e, c=0.9: FactMatch(atom, "x" * (e - s), s, e, c)
>>> lift = [f(f"(lift-at f{i})", 0, 40) for i in (2, 3, 4)]
>>> notes = []
>>> (_, mi), _ = doubted_spans((), [], lift, [f("(above f1 f2)", 50, 60)], [], [], (), (), (),
...                            notes)
>>> [x.confidence for x in mi], len(notes)
([0.405, 0.405, 0.405], 1)
>>> edits = ("(lift-at f0)", "(lift-at f9)", "(lift-at f7)")  # unstated: could be edited ones
>>> (_, mi), _ = doubted_spans((), [], lift, [], [], [], edits, (), (), [])
>>> [x.confidence for x in mi]
[0.9, 0.9, 0.9]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from .evidence import DOUBT

__all__ = ["MIN_CONFLICTS", "MOST", "doubted_spans"]

#: The fewest conflicting readings of one span that can doubt it (two are what one swap of
#: two objects makes of one sentence).
MIN_CONFLICTS = 3
#: ... and the share of the span's readings they must be.
MOST = 2 / 3


def _atom(s: str) -> tuple[str, ...]:
    return tuple(s.strip("()").split())


def _spans(readings: Sequence) -> list[tuple[int, int]]:
    """The text readings' spans, overlapping ones merged."""
    out: list[list[int]] = []
    for a, b in sorted({(f.start, f.end) for f in readings if f.kind == "text"}):
        if out and a < out[-1][1]:
            out[-1][1] = max(out[-1][1], b)
        else:
            out.append([a, b])
    return [(a, b) for a, b in out]


def _inside(f, span: tuple[int, int]) -> bool:
    return span[0] <= f.start and f.end <= span[1]


def _edit_traces(conflicts: Sequence, unstated: Sequence[str]) -> int:
    """The section's unstated atoms of the conflicts' predicates about one of their objects
    (of a predicate of one argument, any: an edit replaces that argument)."""
    mine = [_atom(f.atom) for f in conflicts]
    return sum(
        1
        for b in map(_atom, unstated)
        if any(b[:1] == a[:1] and (len(a) < 3 or set(b[1:]) & set(a[1:])) for a in mine)
    )


def doubted_spans(
    init_stated: Sequence,
    init_contradicted: list,
    init_missing: list,
    goal_stated: Sequence,
    goal_contradicted: list,
    goal_missing: list,
    init_unstated: Sequence[str],
    goal_unstated: Sequence[str],
    described: Sequence,
    notes: list[str],
) -> tuple[tuple[list, list], tuple[list, list]]:
    """((init contradicted, init missing), (goal contradicted, goal missing)) with the
    conflicts of each span misread as a whole doubted (module docstring). ``described``: the
    goal's phrases read by description (their conflicts are edit signs)."""
    secs = [
        (init_stated, init_contradicted, init_missing, init_unstated),
        (goal_stated, goal_contradicted, goal_missing, goal_unstated),
    ]
    everything = [f for st, co, mi, _ in secs for f in (*st, *co, *mi)]
    doubt: list[tuple[int, int]] = []
    for span in _spans(everything):
        per = [
            ([f for f in (*co, *mi) if f.kind == "text" and _inside(f, span)], un)
            for _, co, mi, un in secs
        ]
        conflicts = [f for fs, _ in per for f in fs]
        bad = {f.atom for f in conflicts}
        read = bad | {
            f.atom for st, *_ in secs for f in st if f.kind == "text" and _inside(f, span)
        }
        if len(bad) < MIN_CONFLICTS or len(bad) < MOST * len(read):
            continue
        if any(d.start < f.end and f.start < d.end for d in described for f in conflicts):
            continue
        if sum(_edit_traces(fs, un) for fs, un in per if fs) >= len(bad):
            continue
        doubt.append(span)
        notes.append(
            f"{len(bad)} of the {len(read)} facts read from {conflicts[0].span!r} "
            f"conflict with the problem: the span is doubted as misread, confidence × {DOUBT}"
        )
    if not doubt:
        return (init_contradicted, init_missing), (goal_contradicted, goal_missing)

    def low(fs: list) -> list:
        return [
            dataclasses.replace(f, confidence=round(f.confidence * DOUBT, 4))
            if any(_inside(f, s) for s in doubt)
            else f
            for f in fs
        ]

    return (low(init_contradicted), low(init_missing)), (low(goal_contradicted), low(goal_missing))
