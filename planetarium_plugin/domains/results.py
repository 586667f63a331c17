"""The frozen results of a domain evaluation: DomainScore, ProblemReport and Rate.

:mod:`.score` produces them; ``to_dict`` gives the JSON form written by the CLI and batches.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..errors import Reason
from .compare import ActionDiff
from .diagnostics import Diagnostic
from .explore import Difference
from .renaming import Renaming


@dataclass(frozen=True, slots=True)
class Rate:
    """``count`` of ``total`` problems; ``value`` is the fraction (0.0 when there are none)."""

    count: int = 0
    total: int = 0

    @property
    def value(self) -> float:
        return self.count / self.total if self.total else 0.0

    def to_dict(self) -> dict:
        return {"value": round(self.value, 4), "count": self.count, "total": self.total}


@dataclass(frozen=True, slots=True)
class ProblemReport:
    """What happened on one problem of the set."""

    name: str
    equivalent: bool | None
    executable: bool
    feasible: bool
    interpretable: bool
    states: int = 0
    message: str = ""

    def to_dict(self) -> dict:
        return dataclasses.asdict(self)


@dataclass(frozen=True, slots=True)
class DomainScore:
    """The evaluation of one candidate domain (see the module docstring)."""

    domain: str
    parseable: bool
    equivalent: bool | None
    reason: str | None
    message: str
    diagnostics: tuple[Diagnostic, ...] = ()
    executability: Rate = Rate()
    feasibility: Rate = Rate()
    interpretability: Rate = Rate()
    actions: tuple[ActionDiff, ...] = ()
    difference: Difference | None = None
    problems: tuple[ProblemReport, ...] = ()
    elapsed_ms: float = 0.0
    id: str = ""
    #: with ``match_names``: the renaming the verdict was reached under
    renaming: Renaming | None = None

    @property
    def exit_code(self) -> int:
        """0 equivalent, 1 not equivalent, 2 invalid input (candidate or set-up), 3 undecided."""
        if not self.parseable or self.reason in SETUP_REASONS:
            return 2
        return {True: 0, False: 1, None: 3}[self.equivalent]

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "domain": self.domain,
            "parseable": self.parseable,
            "equivalent": self.equivalent,
            "reason": self.reason,
            "message": self.message,
            "diagnostics": [d.to_dict() for d in self.diagnostics],
            "executability": self.executability.to_dict(),
            "feasibility": self.feasibility.to_dict(),
            "interpretability": self.interpretability.to_dict(),
            "actions": [a.to_dict() for a in self.actions],
            "difference": self.difference.to_dict() if self.difference else None,
            "problems": [p.to_dict() for p in self.problems],
            "elapsed_ms": self.elapsed_ms,
            **(
                {"renaming": self.renaming.to_dict(), "unmatched": self.renaming.unmatched_dict()}
                if self.renaming is not None
                else {}
            ),
        }


#: Reasons that mean the evaluation could not be set up (exit status 2, like a bad candidate).
SETUP_REASONS = frozenset(
    {
        "no_problems",
        Reason.UNKNOWN_DOMAIN.value,
        Reason.GROUND_TRUTH_INVALID.value,
        Reason.DOMAIN_INVALID.value,  # the ground truth named a directory, a binary file, …
    }
)
