"""Ground actions and numeric expressions: what every fullySpecify search works on.

Grounding binds each action's parameters by backtracking, taking candidate values from an
index of the init's static facts where a static precondition constrains a parameter, so grid
and adjacency domains ground in time proportional to their real actions, not to
``objects ** arity``.

>>> from planetarium_plugin.parsing import parse_domain, parse_problem
>>> d = parse_domain('''(define (domain g) (:predicates (link ?a ?b) (at ?a))
...   (:action go :parameters (?a ?b) :precondition (and (at ?a) (link ?a ?b))
...    :effect (and (at ?b) (not (at ?a)))))''')
>>> p = parse_problem('(define (problem p) (:domain g) (:objects x y z)'
...                   ' (:init (at x) (link x y) (link y z)) (:goal (at z)))', d)
>>> sorted((a.name, a.args) for a in ground_actions(p, d))
[('go', ('x', 'y')), ('go', ('y', 'z'))]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from operator import itemgetter

from ..errors import Deadline, PlanetariumError, Reason
from ..parsing import Action, Atom, Domain, Problem

__all__ = [
    "relaxed_reachable",
    "COMPARE",
    "GroundAction",
    "apply_numeric",
    "combine_numeric",
    "evaluate_expr",
    "ground_actions",
]

COMPARE = {
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    "=": lambda a, b: a == b,
    ">=": lambda a, b: a >= b,
    ">": lambda a, b: a > b,
}


@dataclass(frozen=True, slots=True)
class GroundAction:
    """A ground action; static preconditions true in the init are already discharged."""

    name: str
    args: tuple[str, ...]
    pre_pos: frozenset[Atom]
    pre_neg: frozenset[Atom]
    add: frozenset[Atom]
    delete: frozenset[Atom]
    pre_num: tuple = ()  # (op, lhs, rhs) over ground fluents
    num_eff: tuple = ()  # (op, fluent, expr)


def evaluate_expr(expr, values: Mapping[Atom, Fraction], sub: Mapping[str, str] | None = None):
    """Value of a numeric expression (Fraction, fluent Atom or (op, lhs, rhs)).

    Raises KeyError for an undefined fluent and ZeroDivisionError for a division by zero.
    """
    if isinstance(expr, Fraction | int):
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
    return Fraction(x) / y


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
    return Fraction(current) / value if value else current


def combine_numeric(ops: list, current: Fraction | None, key: Atom) -> Fraction:
    """The new value of ``key`` under one step's updates ``ops`` (``(op, value)``, values read
    before the step), as VAL reads them: ``increase``/``decrease`` effects add up; any other
    pair on one fluent raises ValueError (the step fails); KeyError for an undefined value."""
    if len(ops) > 1:
        if any(op not in ("increase", "decrease") for op, _ in ops):
            names = ", ".join(op for op, _ in ops)
            raise ValueError(f"{len(ops)} effects on {key} ({names}) do not combine")
        ops = [("increase", sum(v if op == "increase" else -v for op, v in ops))]
    ((op, value),) = ops
    return apply_numeric(op, current, value, key)


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
    index: dict[tuple, set[str]] = {}
    for a in static_true:
        for j, x in enumerate(a.args):
            index.setdefault((a.predicate, j, a.args[:j] + a.args[j + 1 :]), set()).add(x)
    out: list[GroundAction] = []
    # One object per ground atom, the init's own where it has it: a ground task holds
    # thousands of actions over a few hundred atoms, and every Atom (a tuple subclass) stays
    # tracked by the garbage collector, whose full passes then walk them all.
    shared = {a: a for a in problem.init}
    for act in domain.actions:
        if act.unsupported:
            raise PlanetariumError(Reason.UNSUPPORTED, f"action {act.name} uses {act.unsupported}")
        out.extend(_ground(act, problem, domain, changing, static_true, index, deadline, shared))
    return out


def _order(act: Action, static_pre: list[Atom], sizes: dict[str, int]) -> list[str]:
    """Parameters in binding order: those a static atom constrains first, then small types."""
    todo = [v for v, _ in act.params]
    order: list[str] = []
    while todo:
        bound = set(order)

        def score(v: str, bound=bound) -> tuple[int, int]:
            indexed = any(
                v in a.args and all(x == v or x in bound or not x.startswith("?") for x in a.args)
                for a in static_pre
            )
            return (0 if indexed else 1, sizes[v])

        best = min(todo, key=score)
        order.append(best)
        todo.remove(best)
    return order


def _ground(
    act: Action, problem, domain, changing, static_true, index, deadline: Deadline, shared: dict
) -> Iterator[GroundAction]:
    pools = {v: _objects_of_type(problem, domain, t) for v, t in act.params}
    poolsets = {v: set(p) for v, p in pools.items()}
    static_pre = [a for a in act.pre_pos if a.predicate not in changing]
    order = _order(act, static_pre, {v: len(p) for v, p in pools.items()})
    depth = {v: i for i, v in enumerate(order)}
    consts = dict(domain.constants)

    def level(args) -> int:  # the depth at which all variables of ``args`` are bound
        return max((depth[x] for x in args if x in depth), default=-1)

    checks: list[list] = [[] for _ in order]
    early: list = []  # checks without parameters (constants only)
    for a in static_pre:
        (checks[level(a.args)] if level(a.args) >= 0 else early).append(("in", a))
    for x, y in act.pre_eq:
        (checks[level((x, y))] if level((x, y)) >= 0 else early).append(("eq", x, y))
    for x, y in act.pre_neq:
        (checks[level((x, y))] if level((x, y)) >= 0 else early).append(("ne", x, y))
    # For each parameter, a static atom that indexes its candidates once earlier ones are bound.
    keyed: list = []
    for v in order:
        key = None
        for a in static_pre:
            if v in a.args and a.args.count(v) == 1 and level(a.args) == depth[v]:
                j = a.args.index(v)
                key = (a.predicate, j, _getter(a.args[:j] + a.args[j + 1 :]))
                break
        keyed.append(key)

    sub: dict[str, str] = {c: c for c in consts}
    tick = [0]  # bindings tried: the deadline is checked every 64

    # Every argument that is not a parameter maps to itself, so that atoms are built by
    # precompiled getters over ``sub`` (no generator per atom on the hot path).
    for atom in (*act.pre_pos, *act.pre_neg, *act.add, *act.delete):
        for x in atom.args:
            if x not in depth:
                sub.setdefault(x, x)
    built = {a: _builder(a) for a in static_pre}

    def compiled(check):
        """The check as a function of the current binding (no generator per binding)."""
        if check[0] == "in":
            build = built[check[1]]
            return lambda: build(sub) in static_true
        a, b, eq = check[1], check[2], check[0] == "eq"
        return lambda: (sub.get(a, a) == sub.get(b, b)) == eq

    if not all(compiled(c)() for c in early):
        return
    tests = [[compiled(c) for c in level_checks] for level_checks in checks]

    def candidates(i: int) -> list[str]:
        v = order[i]
        key = keyed[i]
        if key is None:
            return pools[v]
        pred, j, rest_of = key
        allowed = index.get((pred, j, rest_of(sub)), ())
        if 4 * len(allowed) < len(pools[v]):
            return sorted(o for o in allowed if o in poolsets[v])
        return [o for o in pools[v] if o in allowed]

    def bind() -> Iterator[None]:
        """Each binding of the parameters that passes the static checks (``sub`` holds it):
        depth first over ``order``, one explicit stack instead of a generator per level."""
        n = len(order)
        if n == 0:
            yield None
            return
        stack = [candidates(0)]
        at = [0]
        while stack:
            i = len(stack) - 1
            pool = stack[i]
            j = at[i]
            if j == len(pool):
                sub.pop(order[i], None)
                stack.pop()
                at.pop()
                continue
            at[i] = j + 1
            tick[0] += 1
            if tick[0] & 63 == 0:
                deadline.check()
            sub[order[i]] = pool[j]
            for test in tests[i]:
                if not test():
                    break
            else:
                if i + 1 == n:
                    yield None
                else:
                    stack.append(candidates(i + 1))
                    at.append(0)

    def g(atom: Atom) -> Atom:
        return Atom(atom.predicate, tuple(sub.get(x, x) for x in atom.args))

    def ge(expr):
        if isinstance(expr, Atom):
            return g(expr)
        if isinstance(expr, tuple):
            return (expr[0], ge(expr[1]), ge(expr[2]))
        return expr

    pre_pos = [_builder(a, shared) for a in act.pre_pos if a.predicate in changing]
    pre_neg = [_builder(a, shared) for a in act.pre_neg]
    adds = [_builder(a, shared) for a in act.add]
    dels = [_builder(a, shared) for a in act.delete]
    params = _getter(tuple(v for v, _ in act.params))
    numeric = bool(act.pre_num or act.num_eff)
    for _ in bind():
        num_eff = tuple((e.op, g(e.fluent), ge(e.expr)) for e in act.num_eff) if numeric else ()
        if len(num_eff) > 1 and len({f for _, f, _ in num_eff}) < len(num_eff):
            num_eff = _merge_updates(num_eff)
            if num_eff is None:
                continue  # updates that do not combine: the action never executes
        yield GroundAction(
            act.name,
            params(sub),
            frozenset([b(sub) for b in pre_pos]) if pre_pos else _EMPTY,
            frozenset([b(sub) for b in pre_neg]) if pre_neg else _EMPTY,
            frozenset([b(sub) for b in adds]) if adds else _EMPTY,
            frozenset([b(sub) for b in dels]) if dels else _EMPTY,
            tuple((op, ge(lhs), ge(rhs)) for op, lhs, rhs in act.pre_num) if numeric else (),
            num_eff,
        )


def _merge_updates(num_eff: tuple) -> tuple | None:
    """One ground action's updates with one per fluent, as VAL reads them: ``increase`` and
    ``decrease`` effects on one fluent add up (both read the old values); None when another
    pair (``assign``, scaling) meets on one fluent, which makes the step fail."""
    by_fluent: dict[Atom, list] = {}
    for op, f, e in num_eff:
        by_fluent.setdefault(f, []).append((op, e))
    out = []
    for f, ops in by_fluent.items():
        if len(ops) == 1:
            out.append((ops[0][0], f, ops[0][1]))
            continue
        if any(op not in ("increase", "decrease") for op, _ in ops):
            return None
        op, total = ops[0]
        total = total if op == "increase" else ("-", Fraction(0), total)
        for op, e in ops[1:]:
            total = ("+" if op == "increase" else "-", total, e)
        out.append(("increase", f, total))
    return tuple(out)


def _getter(args: tuple[str, ...]):
    """A function of a binding returning the tuple of ``args``' values."""
    if not args:
        return lambda sub: ()
    if len(args) == 1:
        one = itemgetter(args[0])
        return lambda sub: (one(sub),)
    return itemgetter(*args)


_EMPTY: frozenset = frozenset()


def _builder(atom: Atom, shared: dict | None = None):
    """A function of a binding returning ``atom`` ground under it (the object kept in
    ``shared`` for an equal atom, when given)."""
    if not atom.args:
        atom = shared.setdefault(atom, atom) if shared is not None else atom
        return lambda sub, atom=atom: atom
    pred, get, new = atom.predicate, _getter(atom.args), tuple.__new__
    if shared is None:
        return lambda sub: new(Atom, (pred, get(sub)))  # Atom(pred, args) without its __new__
    intern = shared.setdefault

    def build(sub):
        x = new(Atom, (pred, get(sub)))
        return intern(x, x)

    return build


def relaxed_reachable(
    init: frozenset[Atom], actions: list[GroundAction], deadline: Deadline
) -> tuple[frozenset[Atom], list[GroundAction]]:
    """Atoms and actions reachable when deletes (and negative preconditions) are ignored."""
    waiting: dict[Atom, list[int]] = {}
    missing = []
    ready = []
    for i, a in enumerate(actions):
        need = len(a.pre_pos)
        missing.append(need)
        if need == 0:
            ready.append(i)
        for x in a.pre_pos:
            waiting.setdefault(x, []).append(i)
    reached = set(init)
    todo = list(init)
    used: list[int] = []
    while todo or ready:
        deadline.check()
        while todo:
            x = todo.pop()
            for i in waiting.get(x, ()):
                missing[i] -= 1
                if missing[i] == 0:
                    ready.append(i)
        while ready:
            i = ready.pop()
            used.append(i)
            for x in actions[i].add:
                if x not in reached:
                    reached.add(x)
                    todo.append(x)
    used.sort()
    return frozenset(reached), [actions[i] for i in used]
