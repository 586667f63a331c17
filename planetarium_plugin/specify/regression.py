"""Complete regression from a partial goal, pruned by the invariant closure (issue 17).

:meth:`.task.GroundTask.regress` is this function on a ground task; it lives here, by concept,
and needs of the task only what :class:`Regressable` names (so no import circle).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Protocol

from ..errors import Deadline
from ..parsing import Atom
from .grounding import GroundAction

__all__ = ["Regressable", "regress"]

State = frozenset[Atom]


class Regressable(Protocol):
    """What regression reads of a ground task: its init, achiever indexes and closure."""

    @property
    def init(self) -> State: ...

    @property
    def adders(self) -> dict[Atom, list[GroundAction]]: ...

    @property
    def deleters(self) -> dict[Atom, list[GroundAction]]: ...

    def close(self, pos: Iterable[Atom], neg: Iterable[Atom]) -> tuple[State, State] | None: ...


def regress(
    task: Regressable, pos: Iterable[Atom], neg: Iterable[Atom], budget: int, deadline: Deadline
) -> tuple[str, list[GroundAction] | None]:
    """Complete regression: ``("unsolvable", None)``, ``("solvable", plan)`` or
    ``("unknown", None)`` past ``budget`` partial states.

    A node is a *core* partial state (what regression produced) and its closure under the
    invariants. Only actions touching the core are relevant (the last action of a shortest
    plan must touch it); the closure prunes, checks consistency and merges duplicates.
    """
    core = (frozenset(pos), frozenset(neg))
    full = task.close(*core)
    if full is None:
        return "unsolvable", None
    parent: dict[tuple[State, State], tuple | None] = {full: None}
    queue = deque([(core, full)])
    while queue:
        deadline.check()
        node = queue.popleft()
        (cp, cn), (p, n) = node
        if p <= task.init and n.isdisjoint(task.init):
            plan: list[GroundAction] = []
            key = node[1]
            while parent[key] is not None:
                key, act = parent[key]
                plan.append(act)
            return "solvable", plan  # regression order is the plan's forward order
        relevant: dict[int, GroundAction] = {}
        for x in cp:
            for a in task.adders.get(x, ()):
                relevant[id(a)] = a
        for x in cn:
            for a in task.deleters.get(x, ()):
                relevant[id(a)] = a
        for a in relevant.values():
            eff_del = a.delete - a.add
            if not a.add.isdisjoint(n) or not eff_del.isdisjoint(p):
                continue
            core2 = ((cp - a.add) | a.pre_pos, (cn - eff_del) | a.pre_neg)
            full2 = task.close(*core2)
            if full2 is not None and full2 not in parent:
                parent[full2] = (node[1], a)
                queue.append((core2, full2))
        if len(parent) > budget:
            return "unknown", None
    return "unsolvable", None
