"""Is a problem's goal reachable from its init? (The paper's Definition 2, condition 3.)

Two problems are equivalent when, under an object bijection, their inits agree and their sets
of *reachable goal states* agree. A goal no state reachable from the init satisfies has the
empty set of goal states, so two problems with isomorphic inits and unreachable goals are
equivalent whatever their goals say, and a reachable goal never equals an unreachable one.

A pack's fullySpecify rules assume a reachable goal and do not report reachability; this
module decides it when the verdict depends on it. Classical problems: the proofs of the exact
route (relaxed reachability, a goal state found by search or Fast Downward, exhausted search,
complete regression). Numeric problems: the bounded explicit search. ``None`` when neither
proof fits the budget: the caller must not guess.
"""

from __future__ import annotations

from .errors import Deadline, PlanetariumError
from .parsing import Domain, Problem
from .specify import DEFAULT_MAX_STATES, search_fully_specify

__all__ = ["goal_reachable"]

#: States for the quick greedy search before Fast Downward is asked.
_QUICK = 300
#: Heuristic evaluations of the lazy best-first search.
_LAZY = 1_000


def goal_reachable(
    problem: Problem,
    domain: Domain,
    *,
    max_states: int = DEFAULT_MAX_STATES,
    deadline: Deadline | None = None,
) -> bool | None:
    """True / False when proved, None when undecided within ``max_states`` or the deadline."""
    deadline = deadline or Deadline(None)
    try:
        numeric = problem.numeric_init or problem.goal.numeric or domain.numeric
        if numeric or any(a.pre_num or a.num_eff for a in domain.actions):
            fs = search_fully_specify(problem, domain, max_states=max_states, deadline=deadline)
            return fs.reachable
        return _classical(problem, domain, max_states, deadline)
    except PlanetariumError:
        return None
    except (MemoryError, RecursionError, ArithmeticError):
        return None


def _classical(
    problem: Problem, domain: Domain, max_states: int, deadline: Deadline
) -> bool | None:
    from .specify.downward import downward_plan
    from .specify.forward import greedy, lazy_search
    from .specify.task import GroundTask

    task = GroundTask(problem, domain, deadline)
    pos, neg = problem.goal.positive, problem.goal.negative
    if task.close(pos, neg) is None:  # not even relaxed-reachable
        return False

    def ignore(_state) -> None:
        return None

    hit, exhausted = greedy(task, task.init, pos, neg, _QUICK, deadline, ignore)
    if hit is not None:
        return True
    if exhausted:
        return False
    verdict, plan = downward_plan(task, pos, neg, deadline)
    if verdict == "unsolvable":
        return False
    if plan is not None and task.run(plan) is not None:
        return True
    if lazy_search(task, task.init, pos, neg, _LAZY, deadline, ignore) is not None:
        return True
    budget = max(1, max_states)
    hit, exhausted = greedy(task, task.init, pos, neg, budget, deadline, ignore)
    if hit is not None:
        return True
    if exhausted:
        return False
    verdict, plan = task.regress(pos, neg, budget, deadline)
    if verdict == "unsolvable":
        return False
    if verdict == "solvable" and plan is not None and task.run(plan) is not None:
        return True
    return None
