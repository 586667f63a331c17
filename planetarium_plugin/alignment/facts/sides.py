"""A fact read in the wrong section, and a goal conflict that shows no sign of an edit (issue 19).

Once a goal cue splits a text into an initial state and a goal, each fact is checked against
its own section only, and a fact the section lacks is a conflict. A reader finds the goal by
cues ("will", headings, promises, a sentence after a goal in prose), and a cue in the wrong
place sends facts of the initial state into the goal or the other way round; a text with no
cue at all is read against both sections and forgives that. Two readings are so judged here:

- **a fact of the other section** (:func:`resettled`): a fact the goal lacks that the
  problem's init holds (and its goal does not), or a fact the init lacks that the goal holds,
  is the other section's fact read in the wrong place, not an edit: it counts as stated in
  the section that holds it, with a note. Unless the problem shows an edit there — its own
  section holds, unstated or denied by the text, another atom of the fact's predicate about
  one of its objects (:func:`traced`): a goal fact changed to another keeps the text's fact in
  the init when it held there from the start, and leaves the changed one unstated; an init
  fact changed ("ball3 is in roomb" where the init puts it in rooma) leaves an atom the text's
  fact denies, though the goal holds the text's fact. A reading already doubted against
  another fact of its own section (:mod:`.implied`: "the van was washed in bay2" next to "the
  van is parked in bay1") keeps that explanation;
- **a goal conflict with no edit trace** (:func:`untraced`): a one-fact edit of a goal (an
  argument replaced, two objects swapped) leaves in the goal another atom of the fact's
  predicate about one of its objects (of a predicate of one argument, any other atom of it;
  of none, any other atom of no argument).
  A fact the goal lacks where the goal has no such atom — a sentence read as a predicate the
  goal does not use about those objects — is a misreading more often than an edit (unless
  the init leaves unstated such an atom, or any atom about one of its objects: an init fact
  read as a goal one, then edited): its
  confidence × :data:`.evidence.DOUBT` (below the verdict's bar), with a note. Goal phrases
  read by description ("serve both children") keep their conflicts: a member left out is what
  a goal edit leaves.

>>> from planetarium_plugin.alignment.facts.explain import FactMatch
>>> init = {("on-table", "b1"), ("on", "b2", "b1")}
>>> goal = {("on", "b1", "b2")}
>>> read = FactMatch("(on b2 b1)", "b2 on b1", 0, 8, 0.9)  # an init fact, read as goal
>>> notes = []
>>> (i_st, i_mi), (g_st, g_mi) = resettled(init, goal, ([], []), ([], [read]), notes)
>>> [f.atom for f in i_st], g_mi, len(notes)
(['(on b2 b1)'], [], 1)
>>> edit = {("on", "b1", "b2"), ("on", "b2", "b3")}  # the goal's (on b2 b1) changed to b3
>>> (i_st, _), (_, g_mi) = resettled(init, edit, ([], []), ([], [read]), [], goal_unread=edit)
>>> i_st, [f.atom for f in g_mi]
([], ['(on b2 b1)'])
>>> lifted = FactMatch("(holding b1)", "b1 up high", 10, 20, 0.9)
>>> [f.confidence for f in untraced(goal, [lifted], (), [])]
[0.405]
>>> [f.confidence for f in untraced(goal, [read], (), [])]  # (on b1 b2): an edit's trace
[0.9]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence
from typing import Any, TypeVar

from .evidence import DOUBT
from .penalty import as_atom, edit_near

__all__ = ["resettled", "traced", "untraced"]

F = TypeVar("F", bound=Any)  # a FactMatch (``atom``, ``span``, ``confidence``, ``kind``)
Atom = tuple[str, ...]


def traced(a: Atom, atoms: Collection[Atom]) -> bool:
    """Does ``atoms`` hold another atom of ``a``'s predicate about one of its objects (of a
    predicate of one argument, any other atom of it; of none, any other atom of no argument):
    the trace a one-fact edit leaves?"""
    return any(b != a and (len(a) == len(b) == 1 or edit_near(a, b)) for b in atoms)


def _about(a: Atom, atoms: Collection[Atom]) -> bool:
    """Does ``atoms`` hold another atom about one of ``a``'s objects (any predicate: an init
    fact edited into another of its at-most-one group, ``on-table k3`` into ``on k3 k2``)?"""
    return any(b != a and bool(set(b[1:]) & set(a[1:])) for b in atoms)


def _own(f: Any, described: Sequence[Any]) -> bool:
    """Is ``f`` read from a goal phrase read by description (its conflicts are edit signs)?"""
    return any(d.start < f.end and f.start < d.end for d in described)


def _moved(
    missing: list[F],
    there: Collection[Atom],
    here: Collection[Atom],
    unread: Collection[Atom],
    where: str,
    notes: list[str],
    described: Sequence[Any] = (),
    doubted: Collection[str] = (),
) -> tuple[list[F], list[F]]:
    """(kept, moved): the facts of ``missing`` the other section holds (``there``) and its own
    does not (``here``), with no edit trace among this section's ``unread`` atoms."""
    keep: list[F] = []
    moved: list[F] = []
    for f in missing:
        a = as_atom(f.atom)
        if _own(f, described) or f.atom in doubted:
            keep.append(f)
        elif f.kind == "text" and a in there and a not in here and not traced(a, unread):
            moved.append(f)
            notes.append(
                f"{f.atom} (from {f.span!r}) is a fact of the problem's {where}: read as that "
                "section's, not as a conflict"
            )
        else:
            keep.append(f)
    return keep, moved


def resettled(
    init: Collection[Atom],
    goal: Collection[Atom],
    init_facts: tuple[list[F], list[F]],
    goal_facts: tuple[list[F], list[F]],
    notes: list[str],
    init_unread: Collection[Atom] = (),
    goal_unread: Collection[Atom] = (),
    described: Sequence[Any] = (),
    doubted: Collection[str] = (),
) -> tuple[tuple[list[F], list[F]], tuple[list[F], list[F]]]:
    """((init stated, init missing), (goal stated, goal missing)) with each missing fact
    that the other section holds moved there as stated (module docstring). ``init_unread`` /
    ``goal_unread``: the section's atoms the text does not state or denies (where an edit
    shows);
    ``described``: the goal phrases read by description, whose conflicts stay; ``doubted``:
    atoms already doubted against another fact of their own section (:mod:`.implied`), which
    keep that explanation."""
    (i_st, i_mi), (g_st, g_mi) = init_facts, goal_facts
    g_mi, to_init = _moved(g_mi, init, goal, goal_unread, "init", notes, described, doubted)
    i_mi, to_goal = _moved(i_mi, goal, init, init_unread, "goal", notes, (), doubted)
    return (i_st + to_init, i_mi), (g_st + to_goal, g_mi)


def untraced(
    goal: Collection[Atom],
    missing: Sequence[F],
    described: Sequence[Any],
    notes: list[str],
    init_unread: Collection[Atom] = (),
) -> list[F]:
    """``missing`` (goal facts the problem lacks) with those that leave no edit trace in the
    ``goal`` doubted (module docstring); ``described``: the goal phrases read by description
    (``start``/``end``), whose conflicts stay; ``init_unread``: the init's atoms the text does
    not state, where an init fact read as a goal one and then edited leaves its trace (as
    in the goal, or any atom about one of its objects)."""
    out: list[F] = []
    for f in missing:
        a = as_atom(f.atom)
        if (
            f.kind == "text"
            and not _own(f, described)
            and not traced(a, goal)
            and not (traced(a, init_unread) or _about(a, init_unread))
        ):
            low = round(f.confidence * DOUBT, 4)
            if low < f.confidence:
                notes.append(
                    f"{f.atom} (from {f.span!r}): the goal has no other atom of its predicate "
                    f"about its objects, no trace of an edit: doubted, confidence "
                    f"{f.confidence} -> {low}"
                )
                f = dataclasses.replace(f, confidence=low)
        out.append(f)
    return out
