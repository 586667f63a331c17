"""The brute-force oracle: explicit search of every reachable state.

Exact and generic (classical and numeric), but bounded by ``max_states`` and the caller's
deadline, which it checks at every expanded state (and every few thousand actions or states
inside the longer loops), so it never overruns its budget by more than one step.

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
from fractions import Fraction

from ..errors import Deadline, PlanetariumError, Reason
from ..parsing import Atom, Domain, Problem
from .closure import FullySpecifiedGoal, canonical_numeric
from .grounding import COMPARE, GroundAction, ground_actions

__all__ = ["DEFAULT_MAX_STATES", "reachable_states", "search_fully_specify"]

DEFAULT_MAX_STATES = 200_000

State = tuple[frozenset[Atom], frozenset[tuple[Atom, Fraction]]]
_Internal = tuple[frozenset[Atom], tuple]  # atoms, fluent values aligned with the fluent list


def _norm(v):
    """Integral values as int: hashing a Fraction is ~10x slower than hashing an int."""
    return v.numerator if v.denominator == 1 else v


def _compile(expr, index: dict[Atom, int]):
    if isinstance(expr, Atom):
        if expr not in index:
            raise KeyError(str(expr))  # never defined, never assigned
        return ("v", index[expr])
    if isinstance(expr, tuple):
        return (expr[0], _compile(expr[1], index), _compile(expr[2], index))
    return ("c", _norm(expr))


def _ev(e, vals: tuple):
    tag = e[0]
    if tag == "c":
        return e[1]
    if tag == "v":
        x = vals[e[1]]
        if x is None:
            raise KeyError(e[1])
        return x
    x, y = _ev(e[1], vals), _ev(e[2], vals)
    if tag == "+":
        return x + y
    if tag == "-":
        return x - y
    if tag == "*":
        return x * y
    if y == 0:
        raise ZeroDivisionError
    return _norm(Fraction(x) / y)


class _Compiled:
    __slots__ = ("pre_pos", "pre_neg", "add", "delete", "pre_num", "num_eff")

    def __init__(self, a: GroundAction, index: dict[Atom, int]) -> None:
        self.pre_pos, self.pre_neg, self.add, self.delete = a.pre_pos, a.pre_neg, a.add, a.delete
        self.pre_num = tuple(
            (COMPARE[op], _compile(x, index), _compile(y, index)) for op, x, y in a.pre_num
        )
        self.num_eff = tuple((op, index[f], _compile(x, index)) for op, f, x in a.num_eff)


def _apply(op: str, cur, value):
    if op == "assign":
        return value
    if cur is None:
        raise KeyError("undefined")
    if op == "increase":
        return _norm(cur + value)
    if op == "decrease":
        return _norm(cur - value)
    if op == "scale-up":
        return _norm(cur * value)
    return _norm(Fraction(cur) / value) if value else cur


def _successor(a: _Compiled, atoms: frozenset[Atom], vals: tuple) -> _Internal | None:
    if not (a.pre_pos <= atoms) or (a.pre_neg & atoms):
        return None
    new_atoms = (atoms - a.delete) | a.add
    if not a.pre_num and not a.num_eff:
        return new_atoms, vals
    try:
        for cmp, lhs, rhs in a.pre_num:
            if not cmp(_ev(lhs, vals), _ev(rhs, vals)):
                return None
        updates = [(i, _apply(op, vals[i], _ev(x, vals))) for op, i, x in a.num_eff]
    except (KeyError, ZeroDivisionError):
        return None  # an undefined fluent makes the action inapplicable
    out = list(vals)
    for i, v in updates:
        out[i] = v
    return new_atoms, tuple(out)


def explore(
    problem: Problem,
    domain: Domain,
    *,
    max_states: int = DEFAULT_MAX_STATES,
    deadline: Deadline | None = None,
) -> tuple[list[Atom], list[_Internal]]:
    """Every reachable state as (atoms, values aligned with the returned fluent list)."""
    deadline = deadline or Deadline(None)
    actions = ground_actions(problem, domain, deadline)
    fluents = list(problem.numeric_init)
    index = {f: i for i, f in enumerate(fluents)}
    for a in actions:
        for _, f, _ in a.num_eff:
            if f not in index:
                index[f] = len(fluents)
                fluents.append(f)
    compiled = []
    for a in actions:
        try:
            compiled.append(_Compiled(a, index))
        except KeyError:
            continue  # reads a fluent that is never defined: never applicable
    values = [None] * len(fluents)
    for f, v in problem.numeric_init.items():
        values[index[f]] = _norm(v)
    start: _Internal = (problem.init, tuple(values))
    seen = {start}
    order = [start]
    queue = deque([start])
    while queue:
        deadline.check()
        atoms, vals = queue.popleft()
        for k, a in enumerate(compiled):
            if k & 4095 == 4095:
                deadline.check()
            t = _successor(a, atoms, vals)
            if t is not None and t not in seen:
                if len(seen) >= max_states:
                    raise PlanetariumError(
                        Reason.SEARCH_BOUND,
                        f"more than {max_states} reachable states: too large for the "
                        "explicit-state fullySpecify",
                    )
                seen.add(t)
                order.append(t)
                queue.append(t)
    return fluents, order


def reachable_states(
    problem: Problem,
    domain: Domain,
    *,
    max_states: int = DEFAULT_MAX_STATES,
    deadline: Deadline | None = None,
) -> set[State]:
    """All (atoms, fluent values) states reachable from the init, bounded by ``max_states``."""
    fluents, states = explore(problem, domain, max_states=max_states, deadline=deadline)
    out: set[State] = set()
    for atoms, vals in states:
        pairs = zip(fluents, vals, strict=True)
        out.add((atoms, frozenset((f, Fraction(v)) for f, v in pairs if v is not None)))
    return out


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
    no reachable goal state. For numeric problems the numeric part is the canonical description
    of the goal states (:func:`~.closure.canonical_numeric`): fixed values as ``(= f v)`` and
    tight, non-vacuous bounds, so implied conditions as written leave no trace.
    """
    deadline = deadline or Deadline(None)
    goal = problem.goal
    fluents, states = explore(problem, domain, max_states=max_states, deadline=deadline)
    pos, neg = goal.positive, goal.negative
    where = {f: i for i, f in enumerate(fluents)}
    tests = []
    for c in goal.numeric:
        if c.fluent not in where:
            tests = None  # an undefined fluent: no state satisfies the goal
            break
        tests.append((where[c.fluent], COMPARE[c.op], c.value))

    def satisfies(vals: tuple) -> bool:
        return all(vals[i] is not None and cmp(vals[i], v) for i, cmp, v in tests)

    goal_states = []
    if tests is not None:
        for k, (atoms, vals) in enumerate(states):
            if k & 4095 == 4095:
                deadline.check()
            if pos <= atoms and not (neg & atoms) and satisfies(vals):
                goal_states.append((atoms, vals))
    if not goal_states:
        return FullySpecifiedGoal(
            pos, neg if negative else frozenset(), goal.numeric, "search", reachable=False
        )
    closure = frozenset.intersection(*(atoms for atoms, _ in goal_states))
    never = frozenset().union(*(a for a, _ in states)) - frozenset().union(
        *(a for a, _ in goal_states)
    )
    numeric = frozenset()
    if fluents:
        agreeing = (vals for atoms, vals in states if closure <= atoms and not (never & atoms))
        numeric = canonical_numeric(fluents, (v for _, v in goal_states), agreeing)
    return FullySpecifiedGoal(
        closure, never if negative else frozenset(), numeric, "search", reachable=True
    )
