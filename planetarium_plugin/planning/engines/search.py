"""Our exact breadth-first search as an engine: PDDL's own semantics (deletes before adds),
exact rational arithmetic, any number our parser reads. For small problems only (a state
bound), it is the fallback when a planner cannot be given a problem (ENHSP and 1/3) or reads
it unlike PDDL; a shortest plan when one exists, a proof of unsolvability when the whole
reachable space is explored."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from ...errors import Deadline, PlanetariumError
from ...parsing import Problem
from ...specify.grounding import COMPARE, ground_actions
from ...specify.search import _Compiled, _ev, _norm, _successor
from ..results import PlannerOutcome, SolveStatus

if TYPE_CHECKING:
    from ...packs import DomainPack

__all__ = ["MAX_STATES", "SearchEngine"]

#: States the search may generate before it gives up (``unknown``).
MAX_STATES = 100_000


class SearchEngine:
    """Breadth-first search over the ground actions, bounded by :data:`MAX_STATES`."""

    name = "search"

    def __init__(self, max_states: int = MAX_STATES) -> None:
        self.max_states = max_states

    def plan(self, problem: Problem, pack: DomainPack, timeout: float) -> PlannerOutcome:
        deadline = Deadline(timeout)
        try:
            return self._search(problem, pack, deadline)
        except PlanetariumError as exc:  # the deadline, or an action we cannot ground
            return PlannerOutcome(SolveStatus.UNKNOWN, message=f"search: {exc.message}")

    def _search(self, problem: Problem, pack: DomainPack, deadline: Deadline) -> PlannerOutcome:
        actions = ground_actions(problem, pack.domain, deadline)
        fluents = list(problem.numeric_init)
        index = {f: i for i, f in enumerate(fluents)}
        for a in actions:
            for _, f, _ in a.num_eff:
                index.setdefault(f, len(index))
        compiled, kept = [], []
        for a in actions:
            try:
                compiled.append(_Compiled(a, index))
                kept.append(a)
            except KeyError:
                continue  # reads a fluent never defined: never applicable
        values: list = [None] * len(index)
        for f, v in problem.numeric_init.items():
            values[index[f]] = _norm(v)
        goal = problem.goal
        numeric = []
        for c in goal.numeric:
            if c.fluent not in index:
                return PlannerOutcome(
                    SolveStatus.UNSOLVABLE, message=f"search: the goal reads {c.fluent}, never set"
                )
            numeric.append((COMPARE[c.op], index[c.fluent], _norm(c.value)))

        def reached(state) -> bool:
            atoms, vals = state
            if not (goal.positive <= atoms) or (goal.negative & atoms):
                return False
            return all(vals[i] is not None and cmp(_ev(("v", i), vals), v)
                       for cmp, i, v in numeric)  # fmt: skip

        start = (problem.init, tuple(values))
        parents: dict = {start: None}
        queue = deque([start])
        while queue:
            deadline.check()
            state = queue.popleft()
            if reached(state):
                steps = []
                while parents[state] is not None:
                    state, k = parents[state]
                    steps.append(f"({' '.join((kept[k].name, *kept[k].args))})")
                return PlannerOutcome(SolveStatus.SOLVED, tuple(reversed(steps)))
            for k, a in enumerate(compiled):
                nxt = _successor(a, *state)
                if nxt is not None and nxt not in parents:
                    if len(parents) >= self.max_states:
                        return PlannerOutcome(
                            SolveStatus.UNKNOWN,
                            message=f"search: more than {self.max_states:,} states",
                        )
                    parents[nxt] = (state, k)
                    queue.append(nxt)
        return PlannerOutcome(
            SolveStatus.UNSOLVABLE,
            message=f"proven unsolvable: all {len(parents):,} reachable states searched",
        )
