"""Going out: our parsed problems, fully specified goals and plans as toolkit objects, and a
unified-planning problem routed through our solve-and-validate path and back in one call."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..errors import PlanetariumError, Reason
from ..packs import DomainPack, DomainSpec, resolve_pack
from ..parsing import Domain, Goal, Problem, parse_problem
from ..planning import PlannerSession, SolveResult, SolveStatus, solve
from ..planning.up_bridge import to_up_problem
from ..specify import FullySpecifiedGoal
from .detect import require, toolkit_kind
from .pddl_library import to_pddl_domain, to_pddl_objects

__all__ = [
    "UPSolveResult",
    "solve_unified_planning",
    "to_pddl_library",
    "to_unified_planning",
    "to_up_plan",
]


def _parsed(problem: Problem | str, domain: DomainSpec) -> tuple[Problem, Domain]:
    d = domain if isinstance(domain, Domain) else resolve_pack(domain).domain
    return (parse_problem(problem, d) if isinstance(problem, str) else problem), d


def _goal(goal: FullySpecifiedGoal | Goal | None) -> Goal | None:
    if goal is None or isinstance(goal, Goal):
        return goal
    return Goal(goal.positive, goal.negative, goal.numeric)


def to_unified_planning(
    problem: Problem | str,
    domain: DomainSpec,
    *,
    goal: FullySpecifiedGoal | Goal | None = None,
) -> Any:
    """Our problem (parsed, or text read against ``domain``) as a
    ``unified_planning.model.Problem`` with the domain's actions; ``goal`` (e.g. a
    :class:`FullySpecifiedGoal`) replaces its goal. Numeric values the problem leaves
    undefined stay undefined. Raises :class:`PlanetariumError` (``unsupported``) for actions
    with constructs the conversion does not build (disjunction, quantifiers, conditional
    effects, ``scale-up``/``scale-down``).
    """
    require("unified_planning", "to_unified_planning")
    p, d = _parsed(problem, domain)
    for a in d.actions:
        if a.unsupported:
            raise PlanetariumError(
                Reason.UNSUPPORTED,
                f"action {a.name!r} uses {a.unsupported}: not converted to unified-planning",
            )
    g = _goal(goal)
    if g is not None:
        p = replace(p, goal=g)
    try:
        return to_up_problem(p, d, numeric_default=None)
    except PlanetariumError:
        raise
    except Exception as exc:  # unified-planning rejects something PDDL allows
        raise PlanetariumError(
            Reason.UNSUPPORTED, f"unified-planning: {type(exc).__name__}: {exc}"
        ) from None


def to_pddl_library(
    problem: Problem | str | Domain | DomainPack,
    domain: DomainSpec | None = None,
    *,
    goal: FullySpecifiedGoal | Goal | None = None,
) -> Any:
    """Our problem as a ``pddl.core.Problem`` (``goal`` replacing its goal), or our domain (a
    :class:`Domain` or pack) as a ``pddl.core.Domain``. Problem text needs ``domain``;
    without it every object is declared in ``:objects``, so pass it when the domain has
    constants (they are the domain's to declare). Raises :class:`PlanetariumError`
    (``unsupported``) naming what the library refuses."""
    if isinstance(problem, DomainPack | Domain):
        return to_pddl_domain(problem if isinstance(problem, Domain) else problem.domain)
    if isinstance(problem, str):
        if domain is None:
            raise PlanetariumError(Reason.UNKNOWN_DOMAIN, "problem text needs domain=")
        p, d = _parsed(problem, domain)
    else:
        p = problem
        d = None if domain is None else _parsed(problem, domain)[1]
    return to_pddl_objects(p, d, _goal(goal))


def to_up_plan(plan: SolveResult | tuple[str, ...] | list, problem: Any) -> Any:
    """A plan (a :class:`SolveResult`'s, plan lines, or ``(action, args)`` steps) as a
    ``unified_planning.plans.SequentialPlan`` over the actions and objects of the
    unified-planning ``problem`` (matched as PDDL matches names: ignoring letter case)."""
    up = require("unified_planning", "to_up_plan")
    import unified_planning.plans  # noqa: F401  (the submodule)

    from ..planning.plans import plan_steps_of

    if isinstance(plan, SolveResult):
        if plan.plan is None:
            raise PlanetariumError(Reason.UNSUPPORTED, f"no plan: {plan.status.value}")
        plan = plan.plan
    steps = plan_steps_of(plan)
    actions = {a.name.lower(): a for a in problem.actions}
    objects = {o.name.lower(): o for o in problem.all_objects}
    out = []
    for name, args in steps:
        act = actions.get(name.lower())
        if act is None:
            raise PlanetariumError(
                Reason.UNSUPPORTED, f"the unified-planning problem has no action {name!r}"
            )
        missing = [a for a in args if a.lower() not in objects]
        if missing:
            raise PlanetariumError(
                Reason.UNSUPPORTED, f"the unified-planning problem has no object {missing[0]!r}"
            )
        out.append(up.plans.ActionInstance(act, tuple(objects[a.lower()] for a in args)))
    return up.plans.SequentialPlan(out)


@dataclass(frozen=True, slots=True)
class UPSolveResult:
    """:func:`solve`'s result for a unified-planning problem, with its plan as a
    ``SequentialPlan`` over that problem's own actions and objects (None without a plan)."""

    result: SolveResult
    plan: Any | None

    @property
    def status(self) -> SolveStatus:
        return self.result.status

    @property
    def solvable(self) -> bool | None:
        return self.result.solvable


def solve_unified_planning(
    problem: Any,
    domain: DomainSpec | None = None,
    *,
    planner: str = "auto",
    timeout: float = 10.0,
    validator: str = "auto",
    session: PlannerSession | None = None,
) -> UPSolveResult:
    """Solve a ``unified_planning.model.Problem`` with our planners, validate the plan, and
    give it back as a ``SequentialPlan`` of that problem (one call, there and back).

    ``domain`` defaults to the problem's own (its actions); raises :class:`PlanetariumError`
    as :func:`solve` does, and for what PDDL cannot say (naming the construct).
    """
    if toolkit_kind(problem) != "up-problem":
        raise PlanetariumError(
            Reason.UNSUPPORTED, f"expected a unified_planning Problem, not {type(problem).__name__}"
        )
    result = solve(
        problem, domain, planner=planner, timeout=timeout, validator=validator, session=session
    )
    plan = to_up_plan(result, problem) if result.plan is not None else None
    return UPSolveResult(result, plan)
