"""Planner engines, registered by name (a factory picks one, as unified-planning does)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Protocol

from ...errors import PlanetariumError, Reason
from ...parsing import Problem
from ..results import PlannerOutcome
from .enhsp import ENHSP, ENHSPServer
from .fast_downward import FastDownward
from .java import find_java
from .pack import PackEngine
from .search import SearchEngine
from .up import UnifiedPlanningEngine

if TYPE_CHECKING:
    from ...packs import DomainPack

__all__ = [
    "ENHSP",
    "PLANNERS",
    "ENHSPServer",
    "FastDownward",
    "PackEngine",
    "Planner",
    "SearchEngine",
    "UnifiedPlanningEngine",
    "find_java",
    "get_planner",
]


class Planner(Protocol):
    name: str

    def plan(self, problem: Problem, pack: DomainPack, timeout: float) -> PlannerOutcome: ...


PLANNERS: Mapping[str, Callable[[], Planner]] = MappingProxyType(
    {
        "pack": PackEngine,
        "fast-downward": FastDownward,
        "enhsp": ENHSP,
        "enhsp-server": ENHSPServer,
        "fast-downward-up": lambda: UnifiedPlanningEngine("fast-downward", "fast-downward-up"),
        "enhsp-up": lambda: UnifiedPlanningEngine("enhsp", "enhsp-up"),
        "search": SearchEngine,
    }
)


def get_planner(name: str) -> Planner:
    """A new engine registered under ``name``."""
    try:
        return PLANNERS[name]()
    except KeyError:
        raise PlanetariumError(
            Reason.UNSUPPORTED, f"unknown planner {name!r} (known: auto, {', '.join(PLANNERS)})"
        ) from None
