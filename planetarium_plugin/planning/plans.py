"""Plan text (reading and writing steps) and our simulator: exact PDDL semantics, precise
diagnostics (failing step, action, unmet precondition with numeric values, unmet goals)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction

from ..errors import PlanetariumError, Reason
from ..parsing import Action, Atom, Domain, Problem
from ..specify import COMPARE, combine_numeric, evaluate_expr
from .effects import adl_effects, unmet_adl, unreadable
from .results import ValidationResult
from .writer import pddl_number

__all__ = ["parse_plan", "plan_steps_of", "simulate", "states_at"]


def _fmt(v: Fraction) -> str:
    """A value for messages: exact when short, else approximate."""
    if v.denominator == 1 and abs(v.numerator) < 10**30:
        return str(v.numerator)
    try:
        text = pddl_number(v)
    except PlanetariumError:
        text = ""
    return text if 0 < len(text) <= 40 else f"{float(v):.6g}" if abs(v) < 10**300 else "huge"


_STEP = re.compile(r"^\s*(?:\d+(?:\.\d+)?\s*:)?\s*\(([^()]*)\)")


def parse_plan(text: str) -> list[tuple[str, tuple[str, ...]]]:
    """Read a plan: one ``(action arg…)`` per line; ``;`` comments and ``N:`` prefixes allowed."""
    steps = []
    for n, line in enumerate(text.splitlines(), 1):
        line = line.split(";", 1)[0].strip()
        if not line:
            continue
        m = _STEP.match(line)
        if m is None:
            raise PlanetariumError(Reason.PARSE_ERROR, f"plan line {n}: cannot read {line!r}")
        parts = m.group(1).lower().split()
        if not parts:
            raise PlanetariumError(Reason.PARSE_ERROR, f"plan line {n}: empty action")
        steps.append((parts[0], tuple(parts[1:])))
    return steps


def plan_steps_of(plan: object) -> list[tuple[str, tuple[str, ...]]]:
    """A plan as steps: plan text, or a sequence of plan lines (a :class:`SolveResult`'s
    ``plan``) and/or ``(action, (arg, …))`` steps; anything else is a parse error naming the
    step, never a crash."""
    if isinstance(plan, str):
        return parse_plan(plan)
    if not isinstance(plan, Sequence):
        raise PlanetariumError(
            Reason.PARSE_ERROR, f"a plan is text or steps, not a {type(plan).__name__}"
        )
    steps: list[tuple[str, tuple[str, ...]]] = []
    for n, step in enumerate(plan, 1):
        if isinstance(step, str):
            read = parse_plan(step)
            if len(read) != 1:
                raise PlanetariumError(
                    Reason.PARSE_ERROR, f"plan step {n}: {step[:80]!r} is not one action"
                )
            steps.extend(read)
            continue
        ok = isinstance(step, Sequence) and len(step) == 2 and isinstance(step[0], str)
        if ok and isinstance(step[1], Sequence) and not isinstance(step[1], str):
            args = tuple(step[1])
            if all(isinstance(a, str) for a in args):
                steps.append((step[0], args))
                continue
        raise PlanetariumError(
            Reason.PARSE_ERROR,
            f"plan step {n}: {str(step)[:80]} is neither a plan line nor (action, (arg, ...))",
        )
    return steps


def _show_expr(expr, sub, values) -> str:
    if isinstance(expr, Fraction):
        return _fmt(expr)
    if isinstance(expr, Atom):
        key = Atom(expr.predicate, tuple(sub.get(a, a) for a in expr.args))
        v = values.get(key)
        return f"{key}={_fmt(v) if v is not None else 'undefined'}"
    return f"({expr[0]} {_show_expr(expr[1], sub, values)} {_show_expr(expr[2], sub, values)})"


def simulate(problem: Problem, domain: Domain, plan: Sequence[tuple[str, tuple[str, ...]]]):
    """Execute ``plan`` from the init; return a :class:`ValidationResult` (our diagnosis).

    ADL actions (``when``/``forall`` effects, disjunctive or quantified preconditions) run
    with PDDL's semantics (:mod:`.effects`); an action whose ADL part did not read is a
    :class:`PlanetariumError` (``unsupported``) naming it, never a silent skip.
    """
    actions = {a.name: a for a in domain.actions}
    state = set(problem.init)
    values = dict(problem.numeric_init)
    for i, (name, args) in enumerate(plan, 1):
        shown = f"({' '.join((name, *args))})"
        act = actions.get(name)
        if act is None:
            return ValidationResult(False, f"step {i}: unknown action {name!r}", i, shown)
        if len(args) != len(act.params):
            return ValidationResult(
                False,
                f"step {i}: {name} takes {len(act.params)} arguments, got {len(args)}",
                i,
                shown,
            )
        sub = dict(zip((v for v, _ in act.params), args, strict=True))
        for (v, typ), arg in zip(act.params, args, strict=True):
            if arg not in problem.objects:
                return ValidationResult(False, f"step {i}: unknown object {arg!r}", i, shown)
            if domain.typed and not domain.is_subtype(problem.objects[arg], typ):
                return ValidationResult(
                    False, f"step {i}: {arg} is not of type {typ} ({v})", i, shown
                )
        if (why := unreadable(act)) is not None:
            raise PlanetariumError(Reason.UNSUPPORTED, f"step {i}: {why}")
        unmet = unmet_preconditions(act, sub, state, values)
        unmet += unmet_adl(act, sub, state, values, problem, domain)
        if unmet:
            return ValidationResult(
                False,
                f"step {i}: {shown} is not applicable: unmet {', '.join(unmet)}",
                i,
                shown,
                tuple(unmet),
            )
        try:
            _apply(act, sub, state, values, problem, domain)
        except _Conflict as exc:
            message = f"step {i}: {shown} cannot be executed: {exc}"
            return ValidationResult(False, message, i, shown)
    missing = [str(a) for a in sorted(problem.goal.positive) if a not in state]
    missing += [f"(not {a})" for a in sorted(problem.goal.negative) if a in state]
    for c in sorted(problem.goal.numeric):
        v = values.get(c.fluent)
        if v is None or not COMPARE[c.op](v, c.value):
            missing.append(f"{c} [{c.fluent}={_fmt(v) if v is not None else 'undefined'}]")
    if missing:
        return ValidationResult(
            False,
            f"goal not reached after {len(plan)} steps: unmet {', '.join(missing)}",
            unmet_goals=tuple(missing),
        )
    return ValidationResult(True, f"valid plan of {len(plan)} steps")


def states_at(
    problem: Problem, domain: Domain, plan: Sequence[tuple[str, tuple[str, ...]]], cuts
) -> dict[int, tuple[frozenset[Atom], dict[Atom, Fraction]]]:
    """The state (atoms, fluent values) after the first ``k`` steps, for each ``k`` in ``cuts``
    that the plan reaches before a step fails (used to check a long plan in parts)."""
    actions = {a.name: a for a in domain.actions}
    state, values = set(problem.init), dict(problem.numeric_init)
    wanted, out = set(cuts), {}
    for i, (name, args) in enumerate(plan):
        if i in wanted:
            out[i] = (frozenset(state), dict(values))
        act = actions.get(name)
        if act is None or len(args) != len(act.params) or unreadable(act):
            return out
        sub = dict(zip((v for v, _ in act.params), args, strict=True))
        if unmet_preconditions(act, sub, state, values):
            return out
        if unmet_adl(act, sub, state, values, problem, domain):
            return out
        try:
            _apply(act, sub, state, values, problem, domain)
        except (PlanetariumError, _Conflict):
            return out
    if len(plan) in wanted:
        out[len(plan)] = (frozenset(state), dict(values))
    return out


def _ground(atom: Atom, sub) -> Atom:
    return Atom(atom.predicate, tuple(sub.get(a, a) for a in atom.args))


def unmet_preconditions(act: Action, sub, state, values) -> list[str]:
    """The preconditions of ``act`` under the binding ``sub`` that ``state`` (atoms) and
    ``values`` (fluents) do not meet, numeric ones shown with their current values."""
    g = sub.get
    out = [str(a) for a in (_ground(a, sub) for a in act.pre_pos) if a not in state]
    out += [f"(not {a})" for a in (_ground(a, sub) for a in act.pre_neg) if a in state]
    out += [f"(= {g(x, x)} {g(y, y)})" for x, y in act.pre_eq if g(x, x) != g(y, y)]
    out += [f"(not (= {g(x, x)} {g(y, y)}))" for x, y in act.pre_neq if g(x, x) == g(y, y)]
    for op, lhs, rhs in act.pre_num:
        try:
            ok = COMPARE[op](evaluate_expr(lhs, values, sub), evaluate_expr(rhs, values, sub))
        except (KeyError, ZeroDivisionError):
            ok = False
        if not ok:
            out.append(f"({op} {_show_expr(lhs, sub, values)} {_show_expr(rhs, sub, values)})")
    return out


class _Conflict(Exception):
    """Two effects of one step on one fluent, not all ``increase``/``decrease`` (VAL: the
    plan fails to execute)."""


def _apply(act: Action, sub, state: set, values: dict, problem: Problem, domain: Domain) -> None:
    """Apply ``act`` under ``sub``: conditions and values read before any change, then all
    deletes, then all adds (an atom both added and deleted stays true), then the updates;
    ``increase``/``decrease`` effects on one fluent add up (a ``forall`` that counts), any
    other pair on one fluent is a :class:`_Conflict`."""
    adds, dels, nums = adl_effects(act, sub, state, values, problem, domain)
    updates: dict[Atom, list] = {}
    for eff in act.num_eff:
        key = _ground(eff.fluent, sub)
        try:
            value = evaluate_expr(eff.expr, values, sub)
        except (KeyError, ZeroDivisionError) as exc:
            raise PlanetariumError(
                Reason.UNSUPPORTED, f"({eff.op} {key} …) reads an undefined value: {exc}"
            ) from exc
        updates.setdefault(key, []).append((eff.op, value))
    for key, op, value in nums:
        updates.setdefault(key, []).append((op, value))
    new_values = {}
    for key, ops in updates.items():
        try:
            new_values[key] = combine_numeric(ops, values.get(key), key)
        except ValueError as exc:
            raise _Conflict(str(exc)) from exc
        except KeyError as exc:
            raise PlanetariumError(
                Reason.UNSUPPORTED, f"({ops[0][0]} {key} …) reads an undefined value: {exc}"
            ) from exc
    state.difference_update(_ground(a, sub) for a in act.delete)
    state.difference_update(dels)
    state.update(_ground(a, sub) for a in act.add)
    state.update(adds)
    values.update(new_values)


def _split(step: str) -> tuple[str, tuple[str, ...]]:
    parts = step.strip().strip("()").lower().split()
    return parts[0], tuple(parts[1:])
