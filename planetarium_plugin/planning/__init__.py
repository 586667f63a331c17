"""Solvability: planner engines registered by name, and plan validation on every plan.

Engines (a factory picks one by name, as unified-planning does):

* ``pack`` — the pack's own planner (fast, complete for valid problems of its domain);
* ``fast-downward`` — Fast Downward with its translator run in-process and only the
  ``downward`` search binary as a subprocess (no interpreter start-ups per call);
* ``enhsp`` — ENHSP run directly on the JVM with a class-data-sharing archive;
* ``fast-downward-up`` / ``enhsp-up`` — the same planners through unified-planning's
  ``OneshotPlanner`` (the plain route, kept as a baseline and a cross-check);
* ``auto`` — the pack's planner when it has one, else Fast Downward (classical) or ENHSP
  (numeric).

Every plan is validated by unified-planning's ``sequential_plan_validator`` before a problem
is called solvable, and re-simulated by :func:`simulate` to name the failing step, action and
unmet precondition (with numeric values) or the unmet goal atoms. "Unsolvable" means proven;
a timeout or an incomplete search is "unknown"; a missing planner or Java is an error.

The package: :mod:`.results` (result types), :mod:`.plans` (plan text, problem writer,
simulator), :mod:`.up_bridge`, :mod:`.validation` (VAL / unified-planning), :mod:`.processes`
(planner subprocesses), :mod:`.engines` (one module per engine) and :mod:`.session`
(:class:`PlannerSession`, routing, :func:`solve`). This façade keeps the public names.
"""

from .engines import PLANNERS, Planner, find_java, get_planner
from .engines.enhsp import ensure_startup_cache
from .plans import parse_plan, simulate
from .results import (
    DECLINED,
    PackPlanner,
    PlannerOutcome,
    SolveResult,
    SolveStatus,
    ValidationResult,
)
from .session import PlannerSession, solve
from .up_bridge import to_up_problem
from .validation import VALIDATORS, validate
from .writer import PlannerInput, pddl_number, planner_input, problem_to_pddl

__all__ = [
    "DECLINED",
    "PLANNERS",
    "VALIDATORS",
    "PackPlanner",
    "PlannerInput",
    "Planner",
    "PlannerOutcome",
    "PlannerSession",
    "SolveResult",
    "SolveStatus",
    "ValidationResult",
    "ensure_startup_cache",
    "find_java",
    "get_planner",
    "parse_plan",
    "pddl_number",
    "planner_input",
    "problem_to_pddl",
    "simulate",
    "solve",
    "to_up_problem",
    "validate",
]
