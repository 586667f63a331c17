"""The result of a renaming search: candidate names -> ground-truth names, per kind."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

__all__ = ["Renaming"]


def _frozen(d: dict) -> Mapping:
    return MappingProxyType(dict(d))


@dataclass(frozen=True, slots=True)
class Renaming:
    """Candidate name -> ground-truth name, per kind (identity entries included).

    ``arguments``: per candidate predicate or function, the ground-truth position of each of
    its arguments; ``parameters``: per candidate action, candidate parameter -> ground-truth
    parameter. ``unmatched``: names without a counterpart, per side. ``exact``: every literal
    agrees (the domains read the same under it); ``several``: another renaming does too (this
    one is chosen deterministically); ``decided``: the search for such renamings finished
    within its budget (if one exists, it was found); ``optimal``: no renaming makes more
    literals agree (the closest-renaming search finished too).
    """

    types: Mapping[str, str] = field(default_factory=lambda: _frozen({}))
    predicates: Mapping[str, str] = field(default_factory=lambda: _frozen({}))
    functions: Mapping[str, str] = field(default_factory=lambda: _frozen({}))
    actions: Mapping[str, str] = field(default_factory=lambda: _frozen({}))
    arguments: Mapping[str, tuple[int, ...]] = field(default_factory=lambda: _frozen({}))
    parameters: Mapping[str, Mapping[str, str]] = field(default_factory=lambda: _frozen({}))
    unmatched_candidate: tuple[str, ...] = ()
    unmatched_ground_truth: tuple[str, ...] = ()
    agreement: int = 0
    literals: int = 0
    exact: bool = False
    several: bool = False
    decided: bool = True
    optimal: bool = True
    note: str = ""

    @property
    def identity(self) -> bool:
        return all(
            k == v
            for table in (self.types, self.predicates, self.functions, self.actions)
            for k, v in table.items()
        ) and all(p == tuple(range(len(p))) for p in self.arguments.values())

    def to_dict(self) -> dict:
        return {
            "types": dict(self.types),
            "predicates": dict(self.predicates),
            "functions": dict(self.functions),
            "actions": dict(self.actions),
            "arguments": {k: list(v) for k, v in self.arguments.items()},
            "parameters": {k: dict(v) for k, v in self.parameters.items()},
            "agreement": self.agreement,
            "literals": self.literals,
            "exact": self.exact,
            "several": self.several,
            "decided": self.decided,
            "optimal": self.optimal,
            "note": self.note,
        }

    def unmatched_dict(self) -> dict:
        return {
            "candidate": list(self.unmatched_candidate),
            "ground_truth": list(self.unmatched_ground_truth),
        }

    def describe(self) -> str:
        """The non-identity entries, e.g. ``pick-up->pickup, ontable->on-table``."""
        out = []
        for table in (self.types, self.predicates, self.functions, self.actions):
            out += [f"{k}->{v}" for k, v in table.items() if k != v]
        out += [f"{k}{list(p)}" for k, p in self.arguments.items() if p != tuple(range(len(p)))]
        return ", ".join(out) or "identity"
