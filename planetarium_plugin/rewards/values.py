"""What a reward is: the weights of the Planetarium triple and one completion's result."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["RewardResult", "RewardWeights"]


@dataclass(frozen=True, slots=True)
class RewardWeights:
    """Weights of the triple; the reward is their sum over the criteria a completion meets.

    ``solvable`` counts only a proven plan (unknown is 0); ``equivalent`` only a proven
    equivalence (undecided is 0).
    """

    parseable: float = 0.1
    solvable: float = 0.2
    equivalent: float = 0.7

    def combine(self, *, parseable: bool, solvable: bool | None, equivalent: bool | None) -> float:
        """The reward for one triple."""
        total = (
            self.parseable * bool(parseable)
            + self.solvable * (solvable is True)
            + self.equivalent * (equivalent is True)
        )
        return round(total, 10)


@dataclass(frozen=True, slots=True)
class RewardResult:
    """The reward for one completion, why, and the full score record it came from."""

    reward: float
    reason: str | None
    score: dict[str, Any] = field(default_factory=dict)
