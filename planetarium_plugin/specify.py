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
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
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

#: Signature of a pack's rules: the positive closure (goal included), a complete
#: :class:`FullySpecifiedGoal` (numeric packs), or None to decline.
RulesFn = Callable[[Problem, Domain], "frozenset[Atom] | FullySpecifiedGoal | None"]

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
    pre_num: tuple = ()  # (op, lhs, rhs) over ground fluents
    num_eff: tuple = ()  # (op, fluent, expr)


COMPARE = {
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    "=": lambda a, b: a == b,
    ">=": lambda a, b: a >= b,
    ">": lambda a, b: a > b,
}


def evaluate_expr(expr, values: Mapping[Atom, Fraction], sub: Mapping[str, str] | None = None):
    """Value of a numeric expression (Fraction, fluent Atom or (op, lhs, rhs)).

    Raises KeyError for an undefined fluent and ZeroDivisionError for a division by zero.
    """
    if isinstance(expr, Fraction):
        return expr
    if isinstance(expr, Atom):
        key = expr if sub is None else Atom(expr.predicate, tuple(sub.get(a, a) for a in expr.args))
        return values[key]
    op, a, b = expr
    x, y = evaluate_expr(a, values, sub), evaluate_expr(b, values, sub)
    if op == "+":
        return x + y
    if op == "-":
        return x - y
    if op == "*":
        return x * y
    if y == 0:
        raise ZeroDivisionError("division by zero")
    return x / y


def apply_numeric(op: str, current: Fraction | None, value: Fraction, key: Atom) -> Fraction:
    """The new value of a fluent under ``(op fluent value)``."""
    if op == "assign":
        return value
    if current is None:
        raise KeyError(str(key))
    if op == "increase":
        return current + value
    if op == "decrease":
        return current - value
    if op == "scale-up":
        return current * value
    return current / value if value else current


def _objects_of_type(problem: Problem, domain: Domain, typ: str) -> list[str]:
    if not domain.typed:
        return list(problem.objects)
    return [o for o, t in problem.objects.items() if domain.is_subtype(t, typ)]


def ground_actions(
    problem: Problem, domain: Domain, deadline: Deadline | None = None
) -> list[GroundAction]:
    """Ground every action over the problem's objects, pruning on static preconditions."""
    deadline = deadline or Deadline(None)
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

        def ge(expr, sub=sub):
            if isinstance(expr, Atom):
                return Atom(expr.predicate, tuple(sub.get(x, x) for x in expr.args))
            if isinstance(expr, tuple):
                return (expr[0], ge(expr[1]), ge(expr[2]))
            return expr

        yield GroundAction(
            act.name,
            combo,
            frozenset(g(a) for a in act.pre_pos if a.predicate in changing),
            frozenset(g(a) for a in act.pre_neg),
            frozenset(g(a) for a in act.add),
            frozenset(g(a) for a in act.delete),
            tuple((op, ge(lhs), ge(rhs)) for op, lhs, rhs in act.pre_num),
            tuple((e.op, g(e.fluent), ge(e.expr)) for e in act.num_eff),
        )


State = tuple[frozenset[Atom], frozenset[tuple[Atom, Fraction]]]


def _successor(a: GroundAction, atoms: frozenset[Atom], items, values: dict) -> State | None:
    if not (a.pre_pos <= atoms) or (a.pre_neg & atoms):
        return None
    if not a.pre_num and not a.num_eff:  # classical: the fluent values carry over
        return (atoms - a.delete) | a.add, items
    try:
        for op, lhs, rhs in a.pre_num:
            if not COMPARE[op](evaluate_expr(lhs, values), evaluate_expr(rhs, values)):
                return None
        updates = {
            key: apply_numeric(op, values.get(key), evaluate_expr(expr, values), key)
            for op, key, expr in a.num_eff
        }
    except (KeyError, ZeroDivisionError):
        return None  # an undefined fluent makes the action inapplicable
    merged = dict(values)
    merged.update(updates)
    return (atoms - a.delete) | a.add, frozenset(merged.items())


def reachable_states(
    problem: Problem,
    domain: Domain,
    *,
    max_states: int = DEFAULT_MAX_STATES,
    deadline: Deadline | None = None,
) -> set[State]:
    """All (atoms, fluent values) states reachable from the init, bounded by ``max_states``."""
    deadline = deadline or Deadline(None)
    actions = ground_actions(problem, domain, deadline)
    start: State = (problem.init, frozenset(problem.numeric_init.items()))
    seen = {start}
    queue = deque([start])
    while queue:
        atoms, items = queue.popleft()
        values = dict(items) if items else {}
        if len(seen) % 256 == 0:
            deadline.check()
        for a in actions:
            t = _successor(a, atoms, items, values)
            if t is not None and t not in seen:
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
    no reachable goal state. For numeric problems, every fluent whose value is the same in all
    reachable goal states is added as an ``(= fluent value)`` condition.
    """
    goal = problem.goal
    states = reachable_states(problem, domain, max_states=max_states, deadline=deadline)
    pos, neg = goal.positive, goal.negative

    def satisfies(values: dict) -> bool:
        return all(
            c.fluent in values and COMPARE[c.op](values[c.fluent], c.value) for c in goal.numeric
        )

    goal_states = [
        (atoms, items)
        for atoms, items in states
        if pos <= atoms and not (neg & atoms) and satisfies(dict(items))
    ]
    if not goal_states:
        return FullySpecifiedGoal(
            pos, neg if negative else frozenset(), goal.numeric, "search", reachable=False
        )
    closure = frozenset.intersection(*(atoms for atoms, _ in goal_states))
    fixed = frozenset.intersection(*(items for _, items in goal_states))
    numeric = goal.numeric | {NumericCondition("=", f, v) for f, v in fixed}
    negs: frozenset[Atom] = frozenset()
    if negative:
        negs = frozenset().union(*(a for a, _ in states)) - frozenset().union(
            *(a for a, _ in goal_states)
        )
    return FullySpecifiedGoal(closure, negs, frozenset(numeric), "search", reachable=True)


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
    if rules is not None and not negative and not goal.negative:
        closed = rules(problem, domain)
        if isinstance(closed, FullySpecifiedGoal):
            return closed
        if closed is not None and not goal.numeric:
            return FullySpecifiedGoal(closed, frozenset(), frozenset(), "rules")
    return search_fully_specify(
        problem, domain, negative=negative, max_states=max_states, deadline=deadline
    )
