"""``fullySpecify``: every proposition true in all reachable goal states (paper, Sec. 4.1).

Three routes give the same answer:

* a pack's hand-written rules (the fast path; a pack may decline a problem by returning None,
  e.g. when its init is not a valid state of the domain),
* :func:`exact_fully_specify`, the generic method for classical domains: each candidate fact
  is settled by a proof (static and monotone analysis, mutex invariants, goal states found by
  search, complete regression), so it scales to benchmark-sized problems of any domain, and
* :func:`search_fully_specify`, the brute-force oracle: explicit search of the reachable state
  space from the init, intersecting all states that satisfy the goal.

Both generic routes are bounded by a state budget and a deadline and fail with a clear reason
(``search_bound``, ``timeout``) past them: an undecided fact is never guessed.

Goals with negative literals need the negative half of the closure too (atoms false in every
reachable goal state): only conjunctions with equal *literal* closures have equal goal-state
sets, so such goals are specified with ``negative=True``. Numeric goals are described by the
states they admit (:func:`~.closure.canonical_numeric`).

Conventions: static and monotone facts of the init (types, grid adjacency, painted tiles) hold in
every goal state, so they are part of the closure. An unreachable goal has no goal state; its
"closure" is the goal as written, flagged ``reachable=False``.

>>> from planetarium_plugin.parsing import parse_domain, parse_problem
>>> d = parse_domain('''(define (domain sw) (:predicates (on ?x) (off ?x))
...   (:action flip :parameters (?x) :precondition (off ?x)
...    :effect (and (on ?x) (not (off ?x)))))''')
>>> p = parse_problem('(define (problem p) (:domain sw) (:objects a b) (:init (off a) (off b))'
...                   ' (:goal (on a)))', d)
>>> sorted(map(str, fully_specify_problem(p, d).positive))
['(on a)']
"""

from __future__ import annotations

from ..errors import Deadline
from ..parsing import Domain, Problem
from .closure import FullySpecifiedGoal, RulesFn, canonical_numeric
from .exact import exact_fully_specify
from .grounding import (
    COMPARE,
    GroundAction,
    apply_numeric,
    combine_numeric,
    evaluate_expr,
    ground_actions,
)
from .search import DEFAULT_MAX_STATES, reachable_states, search_fully_specify

__all__ = [
    "COMPARE",
    "DEFAULT_MAX_STATES",
    "FullySpecifiedGoal",
    "GroundAction",
    "RulesFn",
    "apply_numeric",
    "canonical_numeric",
    "evaluate_expr",
    "exact_fully_specify",
    "fully_specify_problem",
    "ground_actions",
    "combine_numeric",
    "reachable_states",
    "search_fully_specify",
]


def fully_specify_problem(
    problem: Problem,
    domain: Domain,
    rules: RulesFn | None = None,
    *,
    negative: bool = False,
    max_states: int = DEFAULT_MAX_STATES,
    deadline: Deadline | None = None,
) -> FullySpecifiedGoal:
    """Fully specify ``problem``'s goal: the pack's rules when they apply, else the generic path."""
    goal = problem.goal
    if rules is not None and not negative and not goal.negative:
        closed = rules(problem, domain)
        if isinstance(closed, FullySpecifiedGoal):
            return closed
        if closed is not None and not goal.numeric:
            return FullySpecifiedGoal(closed, frozenset(), frozenset(), "rules")
    return exact_fully_specify(
        problem, domain, negative=negative, max_states=max_states, deadline=deadline
    )
