"""Successor generation of one domain on one problem: ground actions compiled once, indexed by
a trigger precondition, numeric expressions folded against the problem's static fluents.

:func:`make_space` picks this compiled STRIPS/numeric generator or the ADL interpreter
(:mod:`.adl`); :mod:`.explore` drives two of them in lock-step.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction

from ..errors import Deadline, PlanetariumError, Reason
from ..parsing import Atom, Domain, Problem
from ..specify import COMPARE, ground_actions

__all__ = ["MAX_GROUND", "State", "check_grounding", "dynamic_functions", "make_space"]

#: Ground actions per domain and problem before the grounding is refused (too large).
MAX_GROUND = 200_000

State = tuple[frozenset[Atom], frozenset[tuple[Atom, Fraction]]]


def _objects_of_type(problem: Problem, domain: Domain, typ: str) -> int:
    if not domain.typed:
        return len(problem.objects)
    return sum(domain.is_subtype(t, typ) for t in problem.objects.values())


def check_grounding(problem: Problem, domain: Domain, limit: int = MAX_GROUND) -> None:
    """Refuse (TOO_LARGE) a grounding that would exceed ``limit`` ground actions."""
    total = 0
    for act in domain.actions:
        n = math.prod(_objects_of_type(problem, domain, t) for _, t in act.params)
        total += n
        if total > limit:
            raise PlanetariumError(
                Reason.TOO_LARGE,
                f"grounding action {act.name} ({len(act.params)} parameters) over "
                f"{len(problem.objects)} objects gives {n} ground actions (limit {limit})",
            )


def _norm(v):
    """Integral Fractions as ints: they compare equal and hash far faster."""
    return v.numerator if isinstance(v, Fraction) and v.denominator == 1 else v


def dynamic_functions(*domains: Domain) -> frozenset[str]:
    """Functions some action of these domains changes (the numeric part of a state)."""
    return frozenset(e.fluent.predicate for d in domains for a in d.actions for e in a.num_eff)


class _Undefined(Exception):
    """A numeric expression read a fluent with no value: the action is not applicable."""


def _div(x, y):
    if y == 0:
        raise ZeroDivisionError("division by zero")
    return _norm(Fraction(x) / y)


_ARITH = {
    "+": lambda x, y: x + y,
    "-": lambda x, y: x - y,
    "*": lambda x, y: x * y,
    "/": _div,
}
_EFFECT = {
    "assign": lambda cur, v: v,
    "increase": lambda cur, v: cur + v,
    "decrease": lambda cur, v: cur - v,
    "scale-up": lambda cur, v: cur * v,
    "scale-down": lambda cur, v: _div(cur, v) if v else cur,
}


_ASSIGN = _EFFECT["assign"]


def _compile(expr, static: Mapping, dynamic: frozenset[str]):
    """A ground numeric expression as a function of the dynamic values; static fluents (and
    whole constant subexpressions) are folded in. Undefined fluents raise :class:`_Undefined`."""
    if isinstance(expr, Fraction):
        c = _norm(expr)
        return (lambda v: c), c
    if isinstance(expr, Atom):
        if expr.predicate not in dynamic:
            if expr not in static:
                return _raise_undefined, None
            c = static[expr]
            return (lambda v: c), c

        def read(v, key=expr):
            try:
                return v[key]
            except KeyError:
                raise _Undefined(str(key)) from None

        return read, None
    op, a, b = expr
    (fa, ca), (fb, cb) = _compile(a, static, dynamic), _compile(b, static, dynamic)
    f = _ARITH[op]
    if ca is not None and cb is not None:
        try:
            c = _norm(f(ca, cb))
        except ZeroDivisionError:
            return _raise_undefined, None
        return (lambda v: c), c
    return (lambda v: f(fa(v), fb(v))), None


def _raise_undefined(v):
    raise _Undefined("undefined value")


class _Space:
    """Successor generator of one domain on one problem, indexed by a trigger precondition.

    A state is (atoms, numeric items) where the items hold only the ``dynamic`` functions;
    the other fluent values are constants of the problem, folded into compiled expressions.
    """

    def __init__(
        self,
        problem: Problem,
        domain: Domain,
        deadline: Deadline,
        dynamic: frozenset[str] | None = None,
    ) -> None:
        check_grounding(problem, domain)
        actions = ground_actions(problem, domain, deadline)
        self.schemas = {a.name: a for a in domain.actions}
        dynamic = dynamic_functions(domain) if dynamic is None else dynamic
        self.static = {
            f: _norm(v) for f, v in problem.numeric_init.items() if f.predicate not in dynamic
        }
        self.start: State = (
            problem.init,
            frozenset(
                (f, _norm(v)) for f, v in problem.numeric_init.items() if f.predicate in dynamic
            ),
        )
        self.by_atom: dict[Atom, list[tuple]] = {}
        self.always: list[tuple] = []
        for a in actions:
            checks = tuple(
                (COMPARE[op], _compile(lhs, self.static, dynamic)[0],
                 _compile(rhs, self.static, dynamic)[0])
                for op, lhs, rhs in a.pre_num
            )  # fmt: skip
            effects = tuple(
                (key, _EFFECT[op], _compile(expr, self.static, dynamic)[0])
                for op, key, expr in a.num_eff
            )
            entry = (a, checks, effects)
            if a.pre_pos:
                self.by_atom.setdefault(min(a.pre_pos), []).append(entry)
            else:
                self.always.append(entry)

    def values(self, items) -> dict:
        """Every fluent value of a state (static and dynamic)."""
        if not items:
            return self.static
        values = dict(self.static)
        values.update(items)
        return values

    def successors(self, state: State) -> dict[tuple[str, tuple[str, ...]], State]:
        atoms, items = state
        values = None
        out = {}
        todo = list(self.always)
        for atom in atoms:
            todo.extend(self.by_atom.get(atom, ()))
        for a, checks, effects in todo:
            if not (a.pre_pos <= atoms) or (a.pre_neg & atoms):
                continue
            if not checks and not effects:
                out[(a.name, a.args)] = ((atoms - a.delete) | a.add, items)
                continue
            if values is None:
                values = dict(items)
            try:
                if not all(cmp(fl(values), fr(values)) for cmp, fl, fr in checks):
                    continue
                updates = {}
                for key, eff, fe in effects:
                    cur = values.get(key)
                    if cur is None and eff is not _ASSIGN:
                        raise _Undefined(str(key))
                    updates[key] = _norm(eff(cur, fe(values)))
            except (_Undefined, ZeroDivisionError):
                continue  # an undefined fluent makes the action inapplicable
            merged = dict(values)
            merged.update(updates)
            out[(a.name, a.args)] = ((atoms - a.delete) | a.add, frozenset(merged.items()))
        return out


def make_space(
    problem: Problem, domain: Domain, deadline: Deadline, dynamic: frozenset[str] | None = None
):
    """The successor generator for ``domain``: compiled STRIPS/numeric actions, or the ADL
    interpreter (:mod:`.adl`) when an action uses quantifiers, disjunction or conditional
    effects."""
    if any(a.unsupported for a in domain.actions):
        from .adl import AdlSpace, adl_dynamic

        if dynamic is None:
            dynamic = dynamic_functions(domain) | adl_dynamic(domain)
        return AdlSpace(problem, domain, deadline, dynamic, MAX_GROUND)
    return _Space(problem, domain, deadline, dynamic)
