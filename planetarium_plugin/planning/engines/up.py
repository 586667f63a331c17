"""A planner through unified-planning's ``OneshotPlanner`` (the plain route, a cross-check)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import PlanetariumError
from ...parsing import Problem
from ..results import PlannerOutcome, SolveStatus
from ..up_bridge import _up, to_up_problem

if TYPE_CHECKING:
    from ...packs import DomainPack

__all__ = ["UnifiedPlanningEngine"]


class UnifiedPlanningEngine:
    """A planner through unified-planning's ``OneshotPlanner`` (the plain route)."""

    def __init__(self, up_name: str, name: str) -> None:
        self.up_name, self.name = up_name, name

    def plan(self, problem: Problem, pack: DomainPack, timeout: float) -> PlannerOutcome:
        _, S = _up()
        try:
            up_problem = to_up_problem(problem, pack.domain)
            with S.OneshotPlanner(name=self.up_name) as planner:
                res = planner.solve(up_problem, timeout=timeout)
        except PlanetariumError:
            raise
        except Exception as exc:  # e.g. a name its model rejects: an error, never a verdict
            msg = f"{self.up_name}: {type(exc).__name__}: {exc}"[:400]
            return PlannerOutcome(SolveStatus.ERROR, message=msg)
        status = res.status.name
        if res.plan is not None and status.startswith("SOLVED"):
            steps = tuple(
                f"({' '.join((a.action.name, *(str(p) for p in a.actual_parameters)))})"
                for a in res.plan.actions
            )
            return PlannerOutcome(SolveStatus.SOLVED, steps)
        if status == "UNSOLVABLE_PROVEN":
            return PlannerOutcome(SolveStatus.UNSOLVABLE, message=f"{self.up_name}: {status}")
        if status in ("TIMEOUT", "UNSOLVABLE_INCOMPLETELY", "MEMOUT"):
            return PlannerOutcome(SolveStatus.UNKNOWN, message=f"{self.up_name}: {status}")
        return PlannerOutcome(SolveStatus.ERROR, message=f"{self.up_name}: {status}")
