"""Solving: a session that keeps engines alive, the routing of ``auto``, and :func:`solve`."""

from __future__ import annotations

import time
from typing import Any

from ..errors import PlanetariumError, Reason
from ..packs import DomainPack, DomainSpec, resolve_pack
from ..parsing import Problem, parse_problem
from .engines import Planner, get_planner
from .plans import _split, simulate
from .results import DECLINED, PlannerOutcome, SolveResult, SolveStatus
from .validation import validate

__all__ = ["TRIVIAL", "PlannerSession", "solve"]

#: The ``planner`` of a result whose goal already holds in the initial state (no planner ran).
TRIVIAL = "init"


class PlannerSession:
    """Keeps engines alive across calls (e.g. the ENHSP server JVM); close it when done.

    >>> with PlannerSession() as session:
    ...     session.get("pack").name
    'pack'
    """

    def __init__(self) -> None:
        self._engines: dict[str, Planner] = {}

    def get(self, name: str) -> Planner:
        if name not in self._engines:
            self._engines[name] = get_planner(name)
        return self._engines[name]

    def close(self) -> None:
        for engine in self._engines.values():
            close = getattr(engine, "close", None)
            if close is not None:
                close()
        self._engines.clear()

    def __enter__(self) -> PlannerSession:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _route(pack: DomainPack, planner: str, persistent: bool) -> list[str]:
    numeric = "enhsp-server" if persistent else "enhsp"
    general = numeric if pack.numeric else "fast-downward"
    if planner != "auto":
        return [planner]
    return ["pack", general] if pack.planner is not None else [general]


def _add_delete_clash(pack: DomainPack, steps) -> str | None:
    """The first step of ``steps`` that adds and deletes the same atom (e.g. ``fly`` from a
    place to itself), named, or None. Planners that let the delete win read it unlike PDDL."""
    actions = {a.name: a for a in pack.domain.actions}
    for i, (name, args) in enumerate(steps, 1):
        act = actions.get(name)
        if act is None or len(args) != len(act.params):
            continue
        sub = dict(zip((v for v, _ in act.params), args, strict=True))
        add = {(a.predicate, tuple(sub.get(x, x) for x in a.args)) for a in act.add}
        both = add & {(a.predicate, tuple(sub.get(x, x) for x in a.args)) for a in act.delete}
        if both:
            pred, atom_args = min(both)
            atom = f"({' '.join((pred, *atom_args))})"
            return f"step {i} ({' '.join((name, *args))}) both adds and deletes {atom}"
    return None


def _checked(
    outcome: PlannerOutcome,
    used: str,
    problem: Problem,
    pack: DomainPack,
    validator: str,
    t0: float,
    timeout: float,
) -> tuple[SolveStatus, str, Any]:
    """A planner's outcome judged: its plan validated (what is left of the budget), a plan
    invalid only by the planner's reading of PDDL ``unknown`` ("not decided: …")."""
    if outcome.status is not SolveStatus.SOLVED:
        return outcome.status, outcome.message, None
    steps = [_split(s) for s in outcome.plan or ()]
    left = max(0.01, timeout - (time.perf_counter() - t0))
    try:  # the validator gets what is left of the caller's budget
        validation = validate(problem, steps, pack, validator=validator, timeout=left)
    except PlanetariumError as exc:  # no validator could answer: not decided
        undecided = exc.reason in (Reason.TIMEOUT, Reason.UNSUPPORTED)
        status = SolveStatus.UNKNOWN if undecided else SolveStatus.ERROR
        return status, f"{used} found a plan of {len(steps)} steps; validation failed: {exc}", None
    if validation.valid:
        trivial = "trivially solved: the goal holds in the initial state"
        return SolveStatus.SOLVED, trivial if used == TRIVIAL else validation.message, validation
    clash = _add_delete_clash(pack, steps)
    if clash is not None:  # the planner's reading of PDDL, not a verdict on the problem
        message = (
            f"not decided: {used}'s plan is invalid ({validation.message}) because {clash}; "
            f"PDDL applies deletes before adds (the atom stays true), {used} does not"
        )
        return SolveStatus.UNKNOWN, message, validation
    return SolveStatus.ERROR, f"{used} returned an invalid plan: {validation.message}", validation


def solve(
    problem: Problem | str | Any,
    domain: DomainSpec | Any | None = None,
    *,
    planner: str = "auto",
    timeout: float = 10.0,
    validator: str = "auto",
    session: PlannerSession | None = None,
) -> SolveResult:
    """Find a plan and validate it. Raises only for an unusable domain or unparseable problem.

    ``domain`` is a pack name, a pack, a path to a domain file or domain PDDL text.
    ``problem`` may also be a unified-planning or ``pddl`` problem (``domain`` None: its own;
    see :mod:`planetarium_plugin.interop`, whose ``solve_unified_planning`` gives the plan back
    as a unified-planning ``SequentialPlan``).

    With a :class:`PlannerSession`, engines persist across calls (``auto`` then uses the ENHSP
    server for numeric packs); without one, each call starts its planners afresh.
    """
    from ..interop import pddl_inputs, unwrap  # toolkit objects in: the text route

    t0 = time.perf_counter()
    domain, (problem,) = pddl_inputs(domain, problem)
    pack = resolve_pack(unwrap(domain))
    problem = unwrap(problem)
    if isinstance(problem, str):
        problem = parse_problem(problem, pack.domain)
    outcome, used = PlannerOutcome(SolveStatus.ERROR, message="no planner ran"), planner
    routes = _route(pack, planner, session is not None)
    if simulate(problem, pack.domain, []).valid:  # the init already satisfies the goal
        outcome, used, routes = PlannerOutcome(SolveStatus.SOLVED, ()), TRIVIAL, []
    for name in routes:
        used = name
        left = max(0.01, timeout - (time.perf_counter() - t0))
        engine = session.get(name) if session is not None else get_planner(name)
        try:
            outcome = engine.plan(problem, pack, left)
        finally:
            if session is None and hasattr(engine, "close"):
                engine.close()
        if outcome is not DECLINED or planner != "auto":  # auto falls back when a pack declines
            break
    t1 = time.perf_counter()
    check = (problem, pack, validator, t0, timeout)
    status, message, validation = _checked(outcome, used, *check)
    if planner == "auto" and status is SolveStatus.UNKNOWN and message.startswith("not decided"):
        # A limit of that planner, not of the problem: our exact search on what time is left.
        left = max(0.01, timeout - (time.perf_counter() - t0))
        found = get_planner("search").plan(problem, pack, left)
        if found.status in (SolveStatus.SOLVED, SolveStatus.UNSOLVABLE):
            why = message
            outcome, used = found, "search"
            status, message, validation = _checked(outcome, used, *check)
            message = f"{message} (by our exact search; {why})"
        else:
            message = f"{message}; {found.message}"
    t2 = time.perf_counter()
    return SolveResult(
        status,
        used,
        outcome.plan,
        validation,
        message,
        round((t1 - t0) * 1000, 3),
        round((t2 - t1) * 1000, 3),
        round((t2 - t0) * 1000, 3),
    )
