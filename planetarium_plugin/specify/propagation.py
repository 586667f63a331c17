"""Invariant propagation with a count of false members per group, for single-atom closes.

:meth:`.task.GroundTask.close` reads each exactly-one group a round touched by one small set
intersection: cheap when groups are small or the closed state is large (a rover's goal state).
A single atom's close on a tall tower is the other case: ``(on b5 b6)`` makes ~90 atoms false,
one member of each of 89 groups of ~43 members, so the rounds cost 89 intersections for
nothing. :func:`close_counted` instead counts, for each atom made false, one per group it is
in, and reads a group only when at most one member is left. The same fixpoint (any order of the
rules reaches it), hence the same answer as ``close``; :meth:`.task.GroundTask.false_with` (the
goal agenda's orderings) uses it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from ..parsing import Atom
from .invariants import MutexGroup

__all__ = ["close_counted"]


class GroundTask(Protocol):
    """What a close reads and keeps of a :class:`.task.GroundTask` (a protocol: ``task``
    imports this module, so this one does not import it back)."""

    always: frozenset[Atom]
    reached: frozenset[Atom]
    groups: list[MutexGroup]
    group_of: dict[Atom, list[int]]
    def _mutex_table(self) -> dict[Atom, tuple[frozenset[Atom], frozenset[int]]]: ...
    def _mutex_of(self, x: Atom) -> tuple[frozenset[Atom], frozenset[int]]: ...


def close_counted(
    task: GroundTask, pos: Iterable[Atom], neg: Iterable[Atom]
) -> tuple[frozenset[Atom], frozenset[Atom]] | None:
    """``task.close(pos, neg)``: the atoms made true and false by the invariants, or None on a
    contradiction; the groups read by a count of false members (see the module notes)."""
    always, reached, groups, group_of = task.always, task.reached, task.groups, task.group_of
    kept, mutex_of = task._mutex_table().get, task._mutex_of
    p: set[Atom] = set()
    n: set[Atom] = set()
    false: dict[int, int] = {}  # group -> its members in n
    count = false.get
    todo = [x for x in pos if x not in always]
    fresh: set[int] = set()
    for y in neg:
        if y in always:
            return None
        if y in reached and y not in n:
            n.add(y)
            for gi in group_of.get(y, ()):
                false[gi] = count(gi, 0) + 1
                fresh.add(gi)
    while todo or fresh:
        while todo:
            x = todo.pop()
            if x in p:
                continue
            if x in n or x not in reached:
                return None
            p.add(x)
            others, touched = kept(x) or mutex_of(x)
            if not others.isdisjoint(p):
                return None
            new = others - n
            n |= new
            for y in new:
                for gi in group_of[y]:
                    false[gi] = count(gi, 0) + 1
            fresh |= touched
        for gi in fresh:
            g = groups[gi]
            atoms = g.atoms
            if not g.exactly_one or len(atoms) - count(gi, 0) > 1 or not atoms.isdisjoint(p):
                continue
            left = atoms - n
            if not left:
                return None
            todo.append(next(iter(left)))
        fresh = set()
    return frozenset(p), frozenset(n)
