"""ADL conditions and effects evaluated on a state, with PDDL's semantics: every condition
(of a precondition or of a ``when``) is read in the state BEFORE the action; all deletes
apply, then all adds; numeric updates read the old values. ``forall`` ranges over the
problem's objects (constants included) of the variable's type."""

from __future__ import annotations

from collections.abc import Iterator

from ..errors import PlanetariumError, Reason
from ..parsing import Action, Atom, Domain, Problem
from ..specify import COMPARE, evaluate_expr

__all__ = ["adl_effects", "unmet_adl", "unreadable"]


def unreadable(act: Action) -> str | None:
    """Why the simulator cannot execute ``act`` (an ADL part that did not read), or None."""
    if act.unsupported and act.adl is None:
        return f"action {act.name} uses {act.unsupported}, which the simulator cannot read"
    return None


def _ground(atom: Atom, sub) -> Atom:
    return Atom(atom.predicate, tuple(sub.get(a, a) for a in atom.args))


def _bindings(params, sub, problem: Problem, domain: Domain) -> Iterator[dict]:
    """Every extension of ``sub`` binding the quantified ``params`` to objects of their type."""
    if not params:
        yield sub
        return
    (var, typ), rest = params[0], params[1:]
    for o, t in problem.objects.items():
        if not domain.typed or domain.is_subtype(t, typ):
            yield from _bindings(rest, {**sub, var: o}, problem, domain)


def holds(cond: tuple, sub, state, values, problem: Problem, domain: Domain) -> bool:
    """Whether the condition tree ``cond`` holds under ``sub`` in (``state``, ``values``).
    A comparison reading an undefined fluent (or dividing by zero) raises KeyError
    (ZeroDivisionError) whatever encloses it (VAL stops there: "undefined numeric
    expression"); a ``not`` around it never makes it true."""
    tag = cond[0]
    if tag == "atom":
        return _ground(cond[1], sub) in state
    if tag == "eq":
        return sub.get(cond[1], cond[1]) == sub.get(cond[2], cond[2])
    if tag == "cmp":
        lhs, rhs = evaluate_expr(cond[2], values, sub), evaluate_expr(cond[3], values, sub)
        return COMPARE[cond[1]](lhs, rhs)
    if tag == "not":
        return not holds(cond[1], sub, state, values, problem, domain)
    if tag == "and":
        return all(holds(c, sub, state, values, problem, domain) for c in cond[1])
    if tag == "or":
        return any(holds(c, sub, state, values, problem, domain) for c in cond[1])
    if tag == "imply":
        return not holds(cond[1], sub, state, values, problem, domain) or holds(
            cond[2], sub, state, values, problem, domain
        )
    each = _bindings(cond[1], sub, problem, domain)
    test = (holds(cond[2], s, state, values, problem, domain) for s in each)
    return any(test) if tag == "exists" else all(test)


def unmet_adl(act: Action, sub, state, values, problem: Problem, domain: Domain) -> list[str]:
    """The ADL preconditions of ``act`` that do not hold, as written (with the binding)."""
    if act.adl is None:
        return []
    shown = ", ".join(f"{v}={sub[v]}" for v, _ in act.params)
    where = f" with {shown}" if shown else ""
    out = []
    for text, cond in act.adl.pre:
        try:
            if not holds(cond, sub, state, values, problem, domain):
                out.append(f"{text}{where}")
        except (KeyError, ZeroDivisionError):  # inapplicable, as a plain comparison would be
            out.append(f"{text}{where} (reads an undefined value)")
    return out


def adl_effects(act: Action, sub, state, values, problem: Problem, domain: Domain):
    """The ground (adds, deletes, numeric updates) of ``act``'s ADL effects whose conditions
    hold in the state before the action; updates are ``(fluent, op, value)`` with ``value``
    read in that state."""
    adds: list[Atom] = []
    dels: list[Atom] = []
    nums: list[tuple] = []

    def walk(eff: tuple, sub) -> None:
        tag = eff[0]
        if tag == "add":
            adds.append(_ground(eff[1], sub))
        elif tag == "del":
            dels.append(_ground(eff[1], sub))
        elif tag == "num":
            e = eff[1]
            key = _ground(e.fluent, sub)
            try:
                nums.append((key, e.op, evaluate_expr(e.expr, values, sub)))
            except (KeyError, ZeroDivisionError) as exc:
                raise PlanetariumError(
                    Reason.UNSUPPORTED, f"({e.op} {key} …) reads an undefined value: {exc}"
                ) from exc
        elif tag == "and":
            for x in eff[1]:
                walk(x, sub)
        elif tag == "when":
            try:
                fires = holds(eff[1], sub, state, values, problem, domain)
            except (KeyError, ZeroDivisionError) as exc:
                raise PlanetariumError(
                    Reason.UNSUPPORTED, f"a (when …) condition reads an undefined value: {exc}"
                ) from exc
            if fires:
                walk(eff[2], sub)
        else:  # forall
            for s in _bindings(eff[1], sub, problem, domain):
                walk(eff[2], s)

    for eff in act.adl.eff if act.adl is not None else ():
        walk(eff, sub)
    return adds, dels, nums
