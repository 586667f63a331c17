"""The unified-planning bridge: our parsed model as a unified-planning problem and plan."""

from __future__ import annotations

import warnings
from fractions import Fraction
from typing import TYPE_CHECKING

from ..errors import PlanetariumError, Reason
from ..parsing import Atom, Domain, Problem
from .plans import _ground

if TYPE_CHECKING:
    import unified_planning.model as upm

__all__ = ["to_up_problem"]


def _up():
    import unified_planning as up
    from unified_planning import shortcuts

    env = shortcuts.get_environment()
    env.credits_stream = None
    env.error_used_name = False  # PDDL lets an action and a predicate share a name
    return up, shortcuts


def to_up_problem(
    problem: Problem, domain: Domain, *, numeric_default: int | None = 0
) -> upm.Problem:
    """Build the equivalent unified-planning problem directly from our parsed model.

    ``numeric_default``: the value of numeric fluents the problem leaves undefined (the
    simulator needs one); None leaves them undefined, as in PDDL. An action with ADL parts
    (conditional effects, quantifiers, disjunction), which this bridge does not build, is a
    :class:`PlanetariumError` (``unsupported``) naming them: dropping them would change what
    the action does.
    """
    for act in domain.actions:
        if act.unsupported:
            raise PlanetariumError(
                Reason.UNSUPPORTED,
                f"action {act.name!r} uses {act.unsupported}: not converted to unified-planning",
            )
    with warnings.catch_warnings():  # PDDL lets objects, actions and predicates share names
        warnings.simplefilter("ignore", UserWarning)
        return _to_up_problem(problem, domain, numeric_default)


def _to_up_problem(problem: Problem, domain: Domain, numeric_default: int | None) -> upm.Problem:
    up, S = _up()
    from collections import OrderedDict

    from unified_planning.model import Parameter

    types: dict[str, object] = {}

    def utype(name: str):
        if name not in types:
            parent = domain.types.get(name)
            father = utype(parent) if parent else None
            types[name] = S.UserType(name, father)
        return types[name]

    fluents = {}
    for p in domain.predicates.values():
        sig = [Parameter(v.lstrip("?").replace("-", "_"), utype(t)) for v, t in p.params]
        fluents[p.name] = S.Fluent(p.name, S.BoolType(), _signature=sig)
    for f in domain.functions.values():
        sig = [Parameter(v.lstrip("?").replace("-", "_"), utype(t)) for v, t in f.params]
        fluents[f.name] = S.Fluent(f.name, S.RealType(), _signature=sig)
    objects = {o: S.Object(o, utype(t)) for o, t in problem.objects.items()}
    up_problem = S.Problem(problem.name)
    for name, fl in fluents.items():
        default = False if name in domain.predicates else numeric_default
        up_problem.add_fluent(fl, default_initial_value=default)
    up_problem.add_objects(list(objects.values()))

    def term(x, params):
        return params[x] if x in params else objects[x]

    def fexpr(e, params):
        if isinstance(e, Fraction):
            return S.Real(e)
        if isinstance(e, Atom):
            return fluents[e.predicate](*(term(a, params) for a in e.args))
        op, a, b = e
        f = {"+": S.Plus, "-": S.Minus, "*": S.Times, "/": S.Div}[op]
        return f(fexpr(a, params), fexpr(b, params))

    cmp = {"<": S.LT, "<=": S.LE, "=": S.Equals, ">=": S.GE, ">": S.GT}
    for act in domain.actions:
        pnames = [v.lstrip("?").replace("-", "_") for v, _ in act.params]
        a = S.InstantaneousAction(
            act.name,
            _parameters=OrderedDict(
                (n, utype(t)) for n, (_, t) in zip(pnames, act.params, strict=True)
            ),
        )
        params = {v: a.parameter(n) for n, (v, _) in zip(pnames, act.params, strict=True)}
        for at in act.pre_pos:
            a.add_precondition(fexpr(at, params))
        for at in act.pre_neg:
            a.add_precondition(S.Not(fexpr(at, params)))
        for x, y in act.pre_eq:
            a.add_precondition(S.Equals(term(x, params), term(y, params)))
        for x, y in act.pre_neq:
            a.add_precondition(S.Not(S.Equals(term(x, params), term(y, params))))
        for op, lhs, rhs in act.pre_num:
            a.add_precondition(cmp[op](fexpr(lhs, params), fexpr(rhs, params)))
        added = {_ground(x, {}) for x in act.add}
        for at in act.delete:
            if at not in added:  # PDDL: add after delete
                a.add_effect(fexpr(at, params), False)
        for at in act.add:
            a.add_effect(fexpr(at, params), True)
        for eff in act.num_eff:
            target, value = fexpr(eff.fluent, params), fexpr(eff.expr, params)
            if eff.op == "increase":
                a.add_increase_effect(target, value)
            elif eff.op == "decrease":
                a.add_decrease_effect(target, value)
            elif eff.op == "assign":
                a.add_effect(target, value)
            else:
                raise PlanetariumError(Reason.UNSUPPORTED, f"{eff.op} effects")
        up_problem.add_action(a)
    for at in problem.init:
        up_problem.set_initial_value(fexpr(at, {}), True)
    for f, v in problem.numeric_init.items():
        up_problem.set_initial_value(fexpr(f, {}), S.Real(v))
    for at in problem.goal.positive:
        up_problem.add_goal(fexpr(at, {}))
    for at in problem.goal.negative:
        up_problem.add_goal(S.Not(fexpr(at, {})))
    for c in problem.goal.numeric:
        up_problem.add_goal(cmp[c.op](fexpr(c.fluent, {}), S.Real(c.value)))
    return up_problem


def _up_plan(up_problem, steps):
    up, _ = _up()
    out = []
    for name, args in steps:
        act = up_problem.action(name)
        out.append(up.plans.ActionInstance(act, tuple(up_problem.object(a) for a in args)))
    return up.plans.SequentialPlan(out)
