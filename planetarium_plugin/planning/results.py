"""Result types of solving and validation, and what an engine reports before validation."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from enum import StrEnum

from ..parsing import Domain, Problem

__all__ = [
    "DECLINED",
    "PackPlanner",
    "PlannerOutcome",
    "SolveResult",
    "SolveStatus",
    "ValidationResult",
]


class SolveStatus(StrEnum):
    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"  # proven
    UNKNOWN = "unknown"  # timeout, incomplete search
    ERROR = "error"  # invalid input, missing planner, invalid plan returned


@dataclass(frozen=True, slots=True)
class PlannerOutcome:
    """What an engine (or a pack's planner) reports before validation."""

    status: SolveStatus
    plan: tuple[str, ...] | None = None
    message: str = ""


#: What the ``pack`` engine reports when the pack's planner declines a problem.
DECLINED = PlannerOutcome(SolveStatus.UNKNOWN, message="pack planner declined")

#: A pack planner: an outcome, or None to decline (the general planner is used then).
PackPlanner = Callable[[Problem, Domain], PlannerOutcome | None]


@dataclass(frozen=True, slots=True)
class ValidationResult:
    """Plan validation: unified-planning's verdict plus a precise diagnosis on failure."""

    valid: bool
    message: str
    failed_step: int | None = None  # 1-based
    action: str | None = None
    unmet: tuple[str, ...] = ()  # unmet preconditions, with numeric values
    unmet_goals: tuple[str, ...] = ()
    validator: str = ""
    elapsed_ms: float = 0.0

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class SolveResult:
    """The solvability verdict for one problem."""

    status: SolveStatus
    planner: str
    plan: tuple[str, ...] | None
    validation: ValidationResult | None
    message: str
    planner_ms: float
    validate_ms: float
    elapsed_ms: float

    @property
    def solvable(self) -> bool | None:
        """True (valid plan found), False (proven unsolvable) or None (unknown or error)."""
        return {SolveStatus.SOLVED: True, SolveStatus.UNSOLVABLE: False}.get(self.status)

    @property
    def exit_code(self) -> int:
        return {SolveStatus.SOLVED: 0, SolveStatus.UNSOLVABLE: 1, SolveStatus.UNKNOWN: 3}.get(
            self.status, 2
        )

    def to_dict(self) -> dict:
        d = asdict(self)
        d["status"] = self.status.value
        d["solvable"] = self.solvable
        return d
