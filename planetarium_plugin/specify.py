"""``fullySpecify``: every proposition true in all reachable goal states (paper, Sec. 4.1).

Two routes give the same answer:

* a pack's hand-written rules (the fast path; a pack may decline a problem by returning None,
  e.g. when its init is not a valid state of the domain), and
* :func:`search_fully_specify`, the exact, generic oracle: explicit search of the reachable
  state space from the init, intersecting all states that satisfy the goal. It is bounded by
  ``max_states`` and a deadline and fails with a clear reason past them.

Goals with negative literals need the negative half of the closure too (atoms false in every
reachable goal state): only conjunctions with equal *literal* closures have equal goal-state
sets, so such goals go through the oracle with ``negative=True``.

Conventions: static and monotone facts of the init (types, grid adjacency, painted tiles) hold in
every goal state, so they are part of the closure. An unreachable goal has no goal state; its
"closure" is the goal as written, flagged ``reachable=False``.

>>> from planetarium_plugin.parsing import parse_domain, parse_problem
>>> d = parse_domain('''(define (domain sw) (:predicates (on ?x) (off ?x))
...   (:action flip :parameters (?x) :precondition (off ?x)
...    :effect (and (on ?x) (not (off ?x)))))''')
>>> p = parse_problem('(define (problem p) (:domain sw) (:objects a b) (:init (off a) (off b))'
...                   ' (:goal (on a)))', d)
>>> sorted(map(str, search_fully_specify(p, d).positive))
['(on a)']
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import product
from typing import Literal

from .errors import Deadline, PlanetariumError, Reason
from .parsing import Action, Atom, Domain, NumericCondition, Problem

__all__ = [
    "FullySpecifiedGoal",
    "RulesFn",
    "fully_specify_problem",
    "ground_actions",
    "reachable_states",
    "search_fully_specify",
]

#: Signature of a pack's rules: the positive closure (goal included), or None to decline.
RulesFn = Callable[[Problem, Domain], frozenset[Atom] | None]

DEFAULT_MAX_STATES = 200_000


@dataclass(frozen=True, slots=True)
class FullySpecifiedGoal:
    """A goal completed with all implied propositions.

    ``negative`` is filled only when the closure was computed with ``negative=True``.
    ``reachable`` is None when unknown (rules do not decide reachability).
    """

    positive: frozenset[Atom]
    negative: frozenset[Atom]
    numeric: frozenset[NumericCondition]
    method: Literal["rules", "search", "as-written"]
    reachable: bool | None = None


@dataclass(frozen=True, slots=True)
class GroundAction:
    name: str
    args: tuple[str, ...]
    pre_pos: frozenset[Atom]
    pre_neg: frozenset[Atom]
    add: frozenset[Atom]
    delete: frozenset[Atom]


def _objects_of_type(problem: Problem, domain: Domain, typ: str) -> list[str]:
    if not domain.typed:
        return list(problem.objects)
    return [o for o, t in problem.objects.items() if domain.is_subtype(t, typ)]


def ground_actions(
    problem: Problem, domain: Domain, deadline: Deadline | None = None
) -> list[GroundAction]:
    """Ground every action over the problem's objects, pruning on static preconditions."""
    deadline = deadline or Deadline(None)
    if problem.numeric_init or domain.numeric:
        raise PlanetariumError(
            Reason.UNSUPPORTED, "explicit-state search does not handle numeric fluents"
        )
    changing = {a.predicate for act in domain.actions for a in (*act.add, *act.delete)}
    static_true = {a for a in problem.init if a.predicate not in changing}
    out: list[GroundAction] = []
    for act in domain.actions:
        if act.unsupported:
            raise PlanetariumError(Reason.UNSUPPORTED, f"action {act.name} uses {act.unsupported}")
        out.extend(_ground(act, problem, domain, changing, static_true, deadline))
    return out


def _ground(
    act: Action, problem: Problem, domain: Domain, changing, static_true, deadline: Deadline
) -> Iterator[GroundAction]:
    variables = [v for v, _ in act.params]
    domains = [_objects_of_type(problem, domain, t) for _, t in act.params]
    static_pre = [a for a in act.pre_pos if a.predicate not in changing]
    for combo in product(*domains):
        deadline.check()
        sub = dict(zip(variables, combo, strict=True))
        sub.update((c, c) for c in domain.constants)

        def g(atom: Atom, sub=sub) -> Atom:
            return Atom(atom.predicate, tuple(sub.get(x, x) for x in atom.args))

        if any(g(a) not in static_true for a in static_pre):
            continue
        if any(sub.get(x, x) != sub.get(y, y) for x, y in act.pre_eq):
            continue
        if any(sub.get(x, x) == sub.get(y, y) for x, y in act.pre_neq):
            continue
        yield GroundAction(
            act.name,
            combo,
            frozenset(g(a) for a in act.pre_pos if a.predicate in changing),
            frozenset(g(a) for a in act.pre_neg),
            frozenset(g(a) for a in act.add),
            frozenset(g(a) for a in act.delete),
        )


def reachable_states(
    problem: Problem,
    domain: Domain,
    *,
    max_states: int = DEFAULT_MAX_STATES,
    deadline: Deadline | None = None,
) -> set[frozenset[Atom]]:
    """All states reachable from the init (breadth-first), bounded by ``max_states``."""
    deadline = deadline or Deadline(None)
    actions = ground_actions(problem, domain, deadline)
    start = problem.init
    seen = {start}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        if len(seen) % 256 == 0:
            deadline.check()
        for a in actions:
            if a.pre_pos <= s and not (a.pre_neg & s):
                t = (s - a.delete) | a.add
                if t not in seen:
                    if len(seen) >= max_states:
                        raise PlanetariumError(
                            Reason.SEARCH_BOUND,
                            f"more than {max_states} reachable states: too large for the "
                            "generic fullySpecify; this pack needs rules for such problems",
                        )
                    seen.add(t)
                    queue.append(t)
    return seen


def search_fully_specify(
    problem: Problem,
    domain: Domain,
    *,
    negative: bool = False,
    max_states: int = DEFAULT_MAX_STATES,
    deadline: Deadline | None = None,
) -> FullySpecifiedGoal:
    """The exact oracle: intersect all reachable states that satisfy the goal.

    With ``negative=True`` also returns the atoms that are true in some reachable state but in
    no reachable goal state.
    """
    goal = problem.goal
    if goal.numeric:
        raise PlanetariumError(
            Reason.UNSUPPORTED, "explicit-state search does not handle numeric goals"
        )
    states = reachable_states(problem, domain, max_states=max_states, deadline=deadline)
    pos, neg = goal.positive, goal.negative
    goal_states = [s for s in states if pos <= s and not (neg & s)]
    if not goal_states:
        return FullySpecifiedGoal(
            pos, neg if negative else frozenset(), goal.numeric, "search", reachable=False
        )
    closure = frozenset.intersection(*goal_states)
    negs: frozenset[Atom] = frozenset()
    if negative:
        negs = frozenset().union(*states) - frozenset().union(*goal_states)
    return FullySpecifiedGoal(closure, negs, goal.numeric, "search", reachable=True)


def fully_specify_problem(
    problem: Problem,
    domain: Domain,
    rules: RulesFn | None = None,
    *,
    negative: bool = False,
    max_states: int = DEFAULT_MAX_STATES,
    deadline: Deadline | None = None,
) -> FullySpecifiedGoal:
    """Fully specify ``problem``'s goal: the pack's rules when they apply, else the oracle."""
    goal = problem.goal
    if rules is not None and not negative and not goal.negative and not goal.numeric:
        closed = rules(problem, domain)
        if closed is not None:
            return FullySpecifiedGoal(closed, frozenset(), frozenset(), "rules")
    return search_fully_specify(
        problem, domain, negative=negative, max_states=max_states, deadline=deadline
    )
