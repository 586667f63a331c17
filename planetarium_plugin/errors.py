"""Reason codes and the one exception type the library raises internally.

Every problem the engine can meet — malformed text, a wrong domain, a search that ran out of
time — has a short machine-readable :class:`Reason`. Public entry points turn a
:class:`PlanetariumError` into a verdict instead of letting it escape.
"""

from __future__ import annotations

import time
from enum import StrEnum


class Reason(StrEnum):
    """Machine-readable reason codes carried by verdicts and errors."""

    # The candidate (or ground truth) could not be read as a problem of the domain.
    PARSE_ERROR = "parse_error"
    WRONG_DOMAIN = "wrong_domain"
    UNKNOWN_PREDICATE = "unknown_predicate"
    WRONG_ARITY = "wrong_arity"
    UNDECLARED_OBJECT = "undeclared_object"
    DUPLICATE_OBJECT = "duplicate_object"
    TYPING_MISMATCH = "typing_mismatch"
    UNSUPPORTED = "unsupported"
    TOO_LARGE = "too_large"
    UNKNOWN_DOMAIN = "unknown_domain"
    # The domain itself is unusable: malformed, or not a domain at all.
    DOMAIN_INVALID = "domain_invalid"
    GROUND_TRUTH_INVALID = "ground_truth_invalid"
    # Both problems are valid; they differ.
    OBJECT_COUNT = "object_count"
    INIT_DIFFERS = "init_differs"
    GOAL_DIFFERS = "goal_differs"
    # Equivalent by the paper's definition: isomorphic inits, and neither goal has a
    # reachable goal state (both sets of goal states are empty).
    BOTH_GOALS_UNREACHABLE = "both_goals_unreachable"
    # No decision within the budget.
    TIMEOUT = "timeout"
    SEARCH_BOUND = "search_bound"
    # A defect of ours; reported as a verdict so that no sample is lost.
    INTERNAL_ERROR = "internal_error"

    def __str__(self) -> str:  # pragma: no cover - trivial
        return self.value


#: Reasons meaning "the candidate is not a valid problem for the domain".
INPUT_REASONS = frozenset(
    {
        Reason.PARSE_ERROR,
        Reason.WRONG_DOMAIN,
        Reason.UNKNOWN_PREDICATE,
        Reason.WRONG_ARITY,
        Reason.UNDECLARED_OBJECT,
        Reason.DUPLICATE_OBJECT,
        Reason.TYPING_MISMATCH,
        Reason.UNSUPPORTED,
        Reason.TOO_LARGE,
    }
)


class PlanetariumError(Exception):
    """An error with a :class:`Reason` code and a human-readable message."""

    def __init__(self, reason: Reason, message: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message

    def __repr__(self) -> str:
        return f"PlanetariumError({self.reason.value!r}, {self.message!r})"


class Deadline:
    """A cooperative time budget checked inside long loops.

    >>> d = Deadline(None)
    >>> d.check()  # no budget: never expires
    """

    __slots__ = ("_end",)

    def __init__(self, seconds: float | None) -> None:
        self._end = None if seconds is None else time.perf_counter() + seconds

    def expired(self) -> bool:
        return self._end is not None and time.perf_counter() > self._end

    def remaining(self) -> float | None:
        """Seconds left (never negative), or None without a budget.

        >>> Deadline(None).remaining() is None, Deadline(0).remaining()
        (True, 0.0)
        """
        return None if self._end is None else max(0.0, self._end - time.perf_counter())

    def check(self) -> None:
        """Raise ``PlanetariumError(TIMEOUT)`` once the budget is spent."""
        if self._end is not None and time.perf_counter() > self._end:
            raise PlanetariumError(Reason.TIMEOUT, "time budget exhausted")


class WorkBudget(Deadline):
    """A budget counted in :meth:`check` calls, not seconds: where a loop checks every so
    many steps, the same input is cut at the same step on any machine and under any load, so
    a result that depends on whether the work finished stays deterministic. ``seconds``: a
    wall-clock backstop for hostile input on top of the count (None: none).

    >>> b = WorkBudget(2)
    >>> b.check(); b.check(); b.expired()
    False
    >>> b.check()
    Traceback (most recent call last):
    ...
    planetarium_plugin.errors.PlanetariumError: work budget exhausted
    >>> b.expired()
    True
    """

    __slots__ = ("_left",)

    def __init__(self, checks: int, seconds: float | None = None) -> None:
        super().__init__(seconds)
        self._left = checks

    def expired(self) -> bool:
        return self._left < 0 or super().expired()

    def check(self) -> None:
        """Count one step; raise ``PlanetariumError(TIMEOUT)`` once the count is spent (or
        the backstop's seconds are)."""
        self._left -= 1
        if self._left < 0:
            raise PlanetariumError(Reason.TIMEOUT, "work budget exhausted")
        super().check()
