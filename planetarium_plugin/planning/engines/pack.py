"""The pack's own planner as an engine."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...parsing import Problem
from ..results import DECLINED, PlannerOutcome, SolveStatus

if TYPE_CHECKING:
    from ...packs import DomainPack

__all__ = ["PackEngine"]


class PackEngine:
    """The pack's own planner; declines (None) fall back to the general planner."""

    name = "pack"

    def plan(self, problem: Problem, pack: DomainPack, timeout: float) -> PlannerOutcome:
        if pack.planner is None:
            return PlannerOutcome(SolveStatus.ERROR, message=f"pack {pack.name} has no planner")
        out = pack.planner(problem, pack.domain)
        if out is None:
            return DECLINED
        return out
