"""Whether a goal stays relaxed-reachable without some actions: the landmark proofs' test.

:meth:`.task.GroundTask.landmark` (every plan makes an atom true) and
:meth:`.task.GroundTask.spent` (every plan uses an init atom up) both ask whether the goal is
relaxed-reachable from the init once some actions are banned. Relaxed reachability from the
init answers it exactly but explores every reachable action; where the answer is "no", a
backward pass from the banned actions usually says so first: an atom outside the init whose
adders are all banned or dead is dead (never relaxed-reachable), an action needing a dead atom
is dead. It touches only what the banned actions feed (the soil data of a used-up sample site
and its reports: a few actions, where the forward pass walks all 3,000+ of IPC Rovers 20).
Dead atoms are never reachable, so a dead goal atom answers at once; anything else (atoms kept
alive only by cycles of support among themselves included) goes to the forward pass.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from ..parsing import Atom
from .reuse import RelaxedTables

__all__ = ["needs_one_of"]


class GroundTask(Protocol):
    """What the proofs read and keep of a :class:`.task.GroundTask` (a protocol: ``task``
    imports this module, so this one does not import it back)."""

    init: frozenset[Atom]
    atoms: tuple[Atom, ...]
    index: dict[Atom, int]
    pre_count: list[int]
    no_pre: list[int]
    _init_release: tuple[list[int], list[int], list[int]] | None
    _adder_counts: tuple[list[int], frozenset[int]] | None

    def relaxed_tables(self) -> RelaxedTables: ...


def needs_one_of(task: GroundTask, goal: Iterable[Atom], banned: set[int]) -> bool:
    """Whether ``goal`` is not relaxed-reachable from ``task``'s init without the actions
    ``banned`` (indices into its actions): every plan reaching it applies one of them."""
    open_goals = {task.index.get(x, -1) for x in goal if x not in task.init}
    if not open_goals:
        return False
    if -1 in open_goals or _dead_goal(task, open_goals, banned):
        return True  # an atom that never holds, or one cut off from the init by ``banned``
    pre, add, waiting = task.relaxed_tables()
    # The init's release is kept (only which ready actions are banned varies; a fixpoint).
    if task._init_release is None:
        start = [x for x in map(task.index.get, task.init) if x is not None]
        counts, first = task.pre_count.copy(), list(task.no_pre)
        for x in start:
            for i in waiting[x]:
                counts[i] -= 1
                if not counts[i]:
                    first.append(i)
        task._init_release = (counts, first, start)
    counts, first, start = task._init_release
    missing = counts.copy()
    ready = [i for i in first if i not in banned]
    todo: list[int] = []
    reached = set(start)  # atom numbers: no Atom hashed
    while (todo or ready) and open_goals:
        while todo:
            for i in waiting[todo.pop()]:
                missing[i] -= 1
                if missing[i] == 0 and i not in banned:
                    ready.append(i)
        while ready:
            for x in add[ready.pop()]:
                if x not in reached:
                    reached.add(x)
                    todo.append(x)
                    open_goals.discard(x)
    return bool(open_goals)


def _dead_goal(task: GroundTask, open_goals: set[int], banned: set[int]) -> bool:
    """Whether the backward pass from ``banned`` kills an atom of ``open_goals`` (numbers)."""
    _, add, waiting = task.relaxed_tables()
    alive, init = _adder_counts(task)
    left: dict[int, int] = {}  # live adders of the atoms touched so far
    gone = set(banned)
    dead: list[int] = []

    def lose(i: int) -> None:
        for x in add[i]:
            n = left.get(x, alive[x]) - 1
            left[x] = n
            if n == 0 and x not in init:
                dead.append(x)

    for i in banned:
        lose(i)
    while dead:
        x = dead.pop()
        if x in open_goals:
            return True
        for i in waiting[x]:
            if i not in gone:
                gone.add(i)
                lose(i)
    return False


def _adder_counts(task: GroundTask) -> tuple[list[int], frozenset[int]]:
    """Per atom number the number of actions adding it, and the init's atom numbers (kept
    with the task)."""
    kept = task._adder_counts
    if kept is None:
        _, add, _ = task.relaxed_tables()
        alive = [0] * len(task.atoms)
        for atoms in add:
            for x in atoms:
                alive[x] += 1
        init = frozenset(x for x in map(task.index.get, task.init) if x is not None)
        kept = task._adder_counts = (alive, init)
    return kept
