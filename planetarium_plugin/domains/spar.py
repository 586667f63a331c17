"""SPAR's plan metrics: plans moved between the two domains, searched for and validated.

A plan crosses over through each action's parameter mapping; it counts when VAL and our
simulator (or, for ADL, our interpreter alone) accept it. :mod:`.score` turns these into rates.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..errors import Deadline, PlanetariumError, Reason
from ..parsing import Domain, Problem, parse_problem
from .compare import ActionDiff
from .explore import make_space

if TYPE_CHECKING:
    from ..packs import DomainPack
    from ..planning import PlannerSession

Steps = tuple[tuple[str, tuple[str, ...]], ...]


def _cand_problem(problem: Problem, gt: Domain, cand: Domain) -> Problem:
    """The ground-truth problem read against the candidate domain (its vocabulary)."""
    from ..planning import problem_to_pddl

    text = problem_to_pddl(problem, cand)
    try:
        return parse_problem(text, cand)
    except PlanetariumError as first:
        if cand.typed and first.reason is Reason.TYPING_MISMATCH:
            return parse_problem(text, cand, typing="relaxed")
        raise


def _order(gt: Domain, cand: Domain, actions: Sequence[ActionDiff]) -> dict[str, list[int]]:
    """Per shared action: position i of a candidate step goes to position order[i] in the GT."""
    gt_params = {a.name: [v for v, _ in a.params] for a in gt.actions}
    out = {}
    diffs = {d.name: d for d in actions}
    for act in cand.actions:
        g, d = gt_params.get(act.name), diffs.get(act.name)
        if g is None or d is None or len(g) != len(act.params) or len(d.mapping) != len(g):
            continue
        out[act.name] = [g.index(d.mapping[v]) for v, _ in act.params]
    return out


def _to_gt(steps: Steps, order: dict[str, list[int]]) -> Steps:
    out = []
    for name, args in steps:
        o = order.get(name)
        if o is None or len(o) != len(args):
            out.append((name, args))
            continue
        new = [""] * len(args)
        for i, j in enumerate(o):
            new[j] = args[i]
        out.append((name, tuple(new)))
    return tuple(out)


def _to_cand(steps: Steps, order: dict[str, list[int]]) -> Steps:
    out = []
    for name, args in steps:
        o = order.get(name)
        if o is None or len(o) != len(args):
            out.append((name, args))
            continue
        out.append((name, tuple(args[j] for j in o)))
    return tuple(out)


def _valid(problem: Problem, steps: Steps, pack: DomainPack) -> bool:
    """VAL and our simulator accept the plan (a validator failure counts as not valid)."""
    from ..planning import validate

    try:
        return validate(problem, steps, pack).valid
    except PlanetariumError:
        return False


def _goal(problem: Problem, domain: Domain, space, state) -> bool:
    from ..planning import simulate

    atoms, items = state
    if not (problem.goal.positive <= atoms) or (problem.goal.negative & atoms):
        return False
    if problem.goal.numeric:
        fake = dataclasses.replace(problem, init=atoms, numeric_init=space.values(items))
        return simulate(fake, domain, []).valid
    return True


def _replay(problem: Problem, domain: Domain, steps: Steps, deadline: Deadline) -> bool:
    """The plan runs in ``domain`` (our semantics, ADL included) and reaches the goal."""
    try:
        space = make_space(problem, domain, deadline)
    except PlanetariumError:
        return False
    state = space.start
    for name, args in steps:
        nxt = space.successors(state).get((name, tuple(args)))
        if nxt is None:
            return False
        state = nxt
    return _goal(problem, domain, space, state)


def _bfs_plan(problem: Problem, domain: Domain, max_states: int, deadline: Deadline):
    """A shortest plan by breadth-first search (None: unsolvable; raises past the bound)."""
    from collections import deque

    space = make_space(problem, domain, deadline)
    start = space.start
    parent: dict = {start: None}
    queue = deque([start])

    def goal(state) -> bool:
        return _goal(problem, domain, space, state)

    while queue:
        state = queue.popleft()
        if goal(state):
            steps = []
            while parent[state] is not None:
                state, label = parent[state]
                steps.append(label)
            return tuple(reversed(steps))
        if len(parent) % 64 == 0:
            deadline.check()
        for label, nxt in space.successors(state).items():
            if nxt not in parent:
                if len(parent) >= max_states:
                    raise PlanetariumError(Reason.SEARCH_BOUND, f"more than {max_states} states")
                parent[nxt] = (state, label)
                queue.append(nxt)
    return None


def _plan_candidate(
    problem: Problem,
    pack: DomainPack,
    deadline: Deadline,
    timeout: float,
    max_states: int,
    session: PlannerSession | None,
) -> Steps | None:
    """A validated plan with the candidate domain: breadth-first search, else a planner."""
    from ..planning import SolveStatus, solve

    try:
        steps = _bfs_plan(problem, pack.domain, max_states, deadline)
    except PlanetariumError as exc:
        if exc.reason is not Reason.SEARCH_BOUND:  # out of time, or a grounding blow-up
            return None
        if any(a.unsupported for a in pack.domain.actions):
            return None  # the planners read the normalised STRIPS part only
        planner = "enhsp" if pack.numeric else "fast-downward-up"
        result = solve(problem, pack, planner=planner, timeout=timeout, session=session)
        if result.status is not SolveStatus.SOLVED:
            return None
        return tuple(
            (s.strip("()").split()[0], tuple(s.strip("()").split()[1:])) for s in result.plan or ()
        )
    if steps is None:
        return None
    if any(a.unsupported for a in pack.domain.actions):  # ADL: VAL reads only the normalised
        return steps  # STRIPS part, so the plan stands on our interpreter alone
    return steps if _valid(problem, steps, pack) else None
