"""``evaluate_domain``: everything we can say about a model-written domain, never raising.

* **parseable** — the candidate is a well-formed domain over the given vocabulary (see
  :mod:`.check`; its diagnostics are returned either way);
* **executability**, **feasibility**, **interpretability** — as SPAR defines them, over the
  problem set: problems solved with the candidate domain; plans found with the candidate that
  VAL and our simulator accept in the ground-truth domain; ground-truth plans they accept in
  the candidate domain. Plans cross over through the parameter mapping of each action (so a
  candidate may order parameters differently). All three count over every problem of the set;
* **equivalent** — bounded equivalence (:mod:`.explore`): the same transition system from the
  init of every problem; None (undecided) when a problem could not be explored to the end and
  no difference was found;
* **actions** — per action, the preconditions and effects that differ (:mod:`.compare`).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import Deadline, PlanetariumError, Reason
from ..parsing import Domain, Problem, parse_domain, parse_problem
from .check import Diagnostic, check_domain
from .compare import ActionDiff, compare_actions
from .explore import DEFAULT_MAX_STATES, Difference, ProblemOutcome, lockstep, make_space
from .problems import DEFAULT_COUNT, Case, default_problems, ground_truth_plan, load_problems
from .render import domain_to_pddl

if TYPE_CHECKING:
    from ..packs import DomainPack
    from ..planning import PlannerSession

__all__ = ["DomainScore", "ProblemReport", "Rate", "evaluate_domain", "score_domain_record"]

Steps = tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True, slots=True)
class Rate:
    """``count`` of ``total`` problems; ``value`` is the fraction (0.0 when there are none)."""

    count: int = 0
    total: int = 0

    @property
    def value(self) -> float:
        return self.count / self.total if self.total else 0.0

    def to_dict(self) -> dict:
        return {"value": round(self.value, 4), "count": self.count, "total": self.total}


@dataclass(frozen=True, slots=True)
class ProblemReport:
    """What happened on one problem of the set."""

    name: str
    equivalent: bool | None
    executable: bool
    feasible: bool
    interpretable: bool
    states: int = 0
    message: str = ""

    def to_dict(self) -> dict:
        return dataclasses.asdict(self)


@dataclass(frozen=True, slots=True)
class DomainScore:
    """The evaluation of one candidate domain (see the module docstring)."""

    domain: str
    parseable: bool
    equivalent: bool | None
    reason: str | None
    message: str
    diagnostics: tuple[Diagnostic, ...] = ()
    executability: Rate = Rate()
    feasibility: Rate = Rate()
    interpretability: Rate = Rate()
    actions: tuple[ActionDiff, ...] = ()
    difference: Difference | None = None
    problems: tuple[ProblemReport, ...] = ()
    elapsed_ms: float = 0.0
    id: str = ""

    @property
    def exit_code(self) -> int:
        """0 equivalent, 1 not equivalent, 2 invalid input (candidate or set-up), 3 undecided."""
        if not self.parseable or self.reason in SETUP_REASONS:
            return 2
        return {True: 0, False: 1, None: 3}[self.equivalent]

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "domain": self.domain,
            "parseable": self.parseable,
            "equivalent": self.equivalent,
            "reason": self.reason,
            "message": self.message,
            "diagnostics": [d.to_dict() for d in self.diagnostics],
            "executability": self.executability.to_dict(),
            "feasibility": self.feasibility.to_dict(),
            "interpretability": self.interpretability.to_dict(),
            "actions": [a.to_dict() for a in self.actions],
            "difference": self.difference.to_dict() if self.difference else None,
            "problems": [p.to_dict() for p in self.problems],
            "elapsed_ms": self.elapsed_ms,
        }


#: Reasons that mean the evaluation could not be set up (exit status 2, like a bad candidate).
SETUP_REASONS = frozenset(
    {"no_problems", Reason.UNKNOWN_DOMAIN.value, Reason.GROUND_TRUTH_INVALID.value}
)


class _NoProblems(Exception):
    """No problem set: the ground truth has no generator and no problems were given."""


def _resolve_ground_truth(ground_truth: str | DomainPack) -> DomainPack:
    from ..packs import DomainPack, resolve_pack

    if isinstance(ground_truth, DomainPack):
        return ground_truth
    try:
        return resolve_pack(ground_truth)
    except PlanetariumError:
        text = ground_truth
        if "(" not in ground_truth and Path(ground_truth).is_file():
            text = Path(ground_truth).read_text(encoding="utf-8", errors="replace")
        if "(" not in text:
            raise
        domain = parse_domain(text)
        return DomainPack(name=domain.name, domain_pddl=text)


def _cand_problem(problem: Problem, gt: Domain, cand: Domain) -> Problem:
    """The ground-truth problem read against the candidate domain (its vocabulary)."""
    from ..planning import problem_to_pddl

    text = problem_to_pddl(problem, cand)
    try:
        return parse_problem(text, cand)
    except PlanetariumError as first:
        if cand.typed and first.reason is Reason.TYPING_MISMATCH:
            return parse_problem(text, cand, typing="relaxed")
        raise


def _order(gt: Domain, cand: Domain, actions: Sequence[ActionDiff]) -> dict[str, list[int]]:
    """Per shared action: position i of a candidate step goes to position order[i] in the GT."""
    gt_params = {a.name: [v for v, _ in a.params] for a in gt.actions}
    out = {}
    diffs = {d.name: d for d in actions}
    for act in cand.actions:
        g, d = gt_params.get(act.name), diffs.get(act.name)
        if g is None or d is None or len(g) != len(act.params) or len(d.mapping) != len(g):
            continue
        out[act.name] = [g.index(d.mapping[v]) for v, _ in act.params]
    return out


def _to_gt(steps: Steps, order: dict[str, list[int]]) -> Steps:
    out = []
    for name, args in steps:
        o = order.get(name)
        if o is None or len(o) != len(args):
            out.append((name, args))
            continue
        new = [""] * len(args)
        for i, j in enumerate(o):
            new[j] = args[i]
        out.append((name, tuple(new)))
    return tuple(out)


def _to_cand(steps: Steps, order: dict[str, list[int]]) -> Steps:
    out = []
    for name, args in steps:
        o = order.get(name)
        if o is None or len(o) != len(args):
            out.append((name, args))
            continue
        out.append((name, tuple(args[j] for j in o)))
    return tuple(out)


def _valid(problem: Problem, steps: Steps, pack: DomainPack) -> bool:
    """VAL and our simulator accept the plan (a validator failure counts as not valid)."""
    from ..planning import validate

    try:
        return validate(problem, steps, pack).valid
    except PlanetariumError:
        return False


def _goal(problem: Problem, domain: Domain, space, state) -> bool:
    from ..planning import simulate

    atoms, items = state
    if not (problem.goal.positive <= atoms) or (problem.goal.negative & atoms):
        return False
    if problem.goal.numeric:
        fake = dataclasses.replace(problem, init=atoms, numeric_init=space.values(items))
        return simulate(fake, domain, []).valid
    return True


def _replay(problem: Problem, domain: Domain, steps: Steps, deadline: Deadline) -> bool:
    """The plan runs in ``domain`` (our semantics, ADL included) and reaches the goal."""
    try:
        space = make_space(problem, domain, deadline)
    except PlanetariumError:
        return False
    state = space.start
    for name, args in steps:
        nxt = space.successors(state).get((name, tuple(args)))
        if nxt is None:
            return False
        state = nxt
    return _goal(problem, domain, space, state)


def _bfs_plan(problem: Problem, domain: Domain, max_states: int, deadline: Deadline):
    """A shortest plan by breadth-first search (None: unsolvable; raises past the bound)."""
    from collections import deque

    space = make_space(problem, domain, deadline)
    start = space.start
    parent: dict = {start: None}
    queue = deque([start])

    def goal(state) -> bool:
        return _goal(problem, domain, space, state)

    while queue:
        state = queue.popleft()
        if goal(state):
            steps = []
            while parent[state] is not None:
                state, label = parent[state]
                steps.append(label)
            return tuple(reversed(steps))
        if len(parent) % 64 == 0:
            deadline.check()
        for label, nxt in space.successors(state).items():
            if nxt not in parent:
                if len(parent) >= max_states:
                    raise PlanetariumError(Reason.SEARCH_BOUND, f"more than {max_states} states")
                parent[nxt] = (state, label)
                queue.append(nxt)
    return None


def _plan_candidate(
    problem: Problem,
    pack: DomainPack,
    deadline: Deadline,
    timeout: float,
    max_states: int,
    session: PlannerSession | None,
) -> Steps | None:
    """A validated plan with the candidate domain: breadth-first search, else a planner."""
    from ..planning import SolveStatus, solve

    try:
        steps = _bfs_plan(problem, pack.domain, max_states, deadline)
    except PlanetariumError as exc:
        if exc.reason is not Reason.SEARCH_BOUND:  # out of time, or a grounding blow-up
            return None
        if any(a.unsupported for a in pack.domain.actions):
            return None  # the planners read the normalised STRIPS part only
        planner = "enhsp" if pack.numeric else "fast-downward-up"
        result = solve(problem, pack, planner=planner, timeout=timeout, session=session)
        if result.status is not SolveStatus.SOLVED:
            return None
        return tuple(
            (s.strip("()").split()[0], tuple(s.strip("()").split()[1:])) for s in result.plan or ()
        )
    if steps is None:
        return None
    if any(a.unsupported for a in pack.domain.actions):  # ADL: VAL reads only the normalised
        return steps  # STRIPS part, so the plan stands on our interpreter alone
    return steps if _valid(problem, steps, pack) else None


def _invalid(name: str, diags: tuple[Diagnostic, ...], t0: float, sample_id: str) -> DomainScore:
    first = next((d for d in diags if d.severity == "error"), None)
    return DomainScore(
        domain=name,
        parseable=False,
        equivalent=False,
        reason=first.code if first else Reason.PARSE_ERROR.value,
        message=str(first) if first else "invalid domain",
        diagnostics=diags,
        elapsed_ms=round((time.perf_counter() - t0) * 1000, 3),
        id=sample_id,
    )


def evaluate_domain(
    ground_truth: str | DomainPack,
    candidate: str,
    *,
    problems: int | str | Path | Sequence[str] | None = None,
    timeout: float = 60.0,
    planner_timeout: float = 10.0,
    max_states: int = DEFAULT_MAX_STATES,
    metrics: bool = True,
    session: PlannerSession | None = None,
    sample_id: str = "",
) -> DomainScore:
    """Evaluate a candidate domain against a ground truth (a pack name, pack, file or text).

    ``problems``: how many generated problems (default 8), a directory of ``*.pddl`` problems,
    or problem texts. ``timeout`` bounds the whole evaluation; ``metrics=False`` skips the
    planner-based SPAR metrics. Never raises: every failure is a verdict with a reason.
    """
    t0 = time.perf_counter()
    try:
        return _evaluate(
            ground_truth,
            candidate,
            problems,
            timeout,
            planner_timeout,
            max_states,
            metrics,
            session,
            sample_id,
            t0,
        )
    except PlanetariumError as exc:
        return DomainScore(
            domain=str(getattr(ground_truth, "name", ground_truth))[:200],
            parseable=exc.reason is not Reason.UNKNOWN_DOMAIN,
            equivalent=None,
            reason=exc.reason.value,
            message=exc.message,
            elapsed_ms=round((time.perf_counter() - t0) * 1000, 3),
            id=sample_id,
        )
    except _NoProblems as exc:
        return DomainScore(
            domain=str(getattr(ground_truth, "name", ground_truth))[:200],
            parseable=True,
            equivalent=None,
            reason="no_problems",
            message=str(exc),
            elapsed_ms=round((time.perf_counter() - t0) * 1000, 3),
            id=sample_id,
        )
    except MemoryError:
        return DomainScore(
            domain=str(getattr(ground_truth, "name", ground_truth))[:200],
            parseable=True,
            equivalent=None,
            reason="memory",
            message="memory limit exceeded",
            elapsed_ms=round((time.perf_counter() - t0) * 1000, 3),
            id=sample_id,
        )
    except Exception as exc:  # a defect of ours: a verdict, never an escape
        return DomainScore(
            domain=str(getattr(ground_truth, "name", ground_truth))[:200],
            parseable=True,
            equivalent=None,
            reason=Reason.INTERNAL_ERROR.value,
            message=f"{type(exc).__name__}: {exc}",
            elapsed_ms=round((time.perf_counter() - t0) * 1000, 3),
            id=sample_id,
        )


def _cases(pack: DomainPack, problems) -> tuple[Case, ...]:
    if problems is None or isinstance(problems, int):
        cases = default_problems(pack, DEFAULT_COUNT if problems is None else problems)
        if not cases:
            raise _NoProblems(
                f"pack {pack.name} has no problem generator: give a directory of problems"
            )
        return cases
    if isinstance(problems, str | Path):
        return load_problems(problems, pack)
    out = []
    for i, text in enumerate(problems):
        try:
            out.append(Case(f"problem-{i + 1}", text, parse_problem(text, pack.domain)))
        except PlanetariumError as exc:
            raise PlanetariumError(
                Reason.GROUND_TRUTH_INVALID, f"problem {i + 1}: {exc.message}"
            ) from None
    return tuple(out)


def _evaluate(
    ground_truth,
    candidate,
    problems,
    timeout,
    planner_timeout,
    max_states,
    metrics,
    session,
    sample_id,
    t0,
) -> DomainScore:
    from ..packs import DomainPack

    deadline = Deadline(timeout)
    gt_pack = _resolve_ground_truth(ground_truth)
    gt = gt_pack.domain
    found = check_domain(candidate)
    diags = found.diagnostics
    if found.domain is None:
        return _invalid(gt.name, diags, t0, sample_id)
    cand = found.domain
    diags = diags + _vocabulary(gt, cand)
    if any(d.severity == "error" for d in diags):
        return _invalid(gt.name, diags, t0, sample_id)
    actions = compare_actions(gt, cand)
    cases = _cases(gt_pack, problems)
    supported = not any(a.unsupported for a in cand.actions)
    cand_pack = DomainPack(  # normalised for VAL and the planners; ADL as written
        name=f"candidate:{cand.name}",
        domain_pddl=domain_to_pddl(cand) if supported else candidate,
    )
    gt_tools = gt_pack  # what VAL and the planners read for the ground truth
    if gt_pack.planner is None and not any(a.unsupported for a in gt.actions):
        gt_tools = DomainPack(name=gt_pack.name, domain_pddl=domain_to_pddl(gt))
    mappings = {d.name: d.mapping for d in actions}
    order = _order(gt, cand, actions)
    explored: dict = {}
    reports: list[ProblemReport] = []
    n_exec = n_feas = n_interp = 0
    first_diff: Difference | None = None
    undecided: ProblemOutcome | None = None
    for case in cases:
        try:
            cprob = _cand_problem(case.problem, gt, cand)
        except PlanetariumError as exc:
            msg = f"the problem does not fit the candidate's vocabulary: {exc.message}"
            reports.append(ProblemReport(case.name, False, False, False, False, 0, msg))
            first_diff = first_diff or Difference("", "", "ground_truth_only", (), (), message=msg)
            continue
        key = (
            case.problem.init,
            frozenset(case.problem.numeric_init.items()),
            tuple(sorted(case.problem.objects.items())),
        )
        if key in explored:
            outcome = dataclasses.replace(explored[key], problem=case.name)
        else:
            outcome = lockstep(
                case.problem,
                gt,
                cprob,
                cand,
                mappings,
                name=case.name,
                max_states=max_states,
                deadline=deadline,
            )
            explored[key] = outcome
        if outcome.equivalent is False and first_diff is None:
            first_diff = outcome.difference
        if outcome.equivalent is None and undecided is None:
            undecided = outcome
        executable = feasible = interpretable = False
        if metrics and not deadline.expired():
            left = max(0.5, min(planner_timeout, timeout - (time.perf_counter() - t0)))
            plan = _plan_candidate(cprob, cand_pack, deadline, left, max_states, session)
            executable = plan is not None
            if plan is not None:
                feasible = _valid(case.problem, _to_gt(plan, order), gt_tools)
            try:
                gt_plan = ground_truth_plan(case, gt_tools, planner_timeout)
            except PlanetariumError:
                gt_plan = None
            if gt_plan is not None:
                steps = _to_cand(gt_plan, order)
                interpretable = (
                    _valid(cprob, steps, cand_pack)
                    if supported
                    else _replay(cprob, cand, steps, deadline)
                )
        n_exec += executable
        n_feas += feasible
        n_interp += interpretable
        reports.append(
            ProblemReport(
                case.name,
                outcome.equivalent,
                executable,
                feasible,
                interpretable,
                outcome.states,
                outcome.message,
            )
        )
    verdicts = [r.equivalent for r in reports]
    if False in verdicts:
        equivalent, reason = False, "transition_differs"
        message = first_diff.message if first_diff else "the transition systems differ"
        if first_diff and first_diff.action:
            message = f"action {first_diff.action}: {message}"
    elif None in verdicts:
        equivalent = None
        reason = undecided.reason if undecided else Reason.SEARCH_BOUND.value
        message = undecided.message if undecided else "undecided"
    else:
        equivalent, reason = True, None
        message = (
            f"same transition system on all {len(cases)} problems "
            f"({sum(r.states for r in reports)} states)"
        )
    n = len(cases)
    return DomainScore(
        domain=gt.name,
        parseable=True,
        equivalent=equivalent,
        reason=reason,
        message=message,
        diagnostics=diags,
        executability=Rate(n_exec, n if metrics else 0),
        feasibility=Rate(n_feas, n if metrics else 0),
        interpretability=Rate(n_interp, n if metrics else 0),
        actions=actions,
        difference=first_diff,
        problems=tuple(reports),
        elapsed_ms=round((time.perf_counter() - t0) * 1000, 3),
        id=sample_id,
    )


def _vocabulary(gt: Domain, cand: Domain) -> tuple[Diagnostic, ...]:
    """Warnings where the candidate departs from the given vocabulary (names, arities)."""
    out = []
    for kind, g_table, c_table in (
        ("predicate", gt.predicates, cand.predicates),
        ("function", gt.functions, cand.functions),
    ):
        for name, sig in g_table.items():
            c = c_table.get(name)
            if c is None:
                out.append(
                    Diagnostic(
                        "warning",
                        "vocabulary",
                        f"the {kind} '{name}' of the given vocabulary is not declared",
                        clause=f":{kind}s",
                        symbol=name,
                    )
                )
            elif c.arity != sig.arity:
                out.append(
                    Diagnostic(
                        "warning",
                        "vocabulary",
                        f"the {kind} '{name}' takes "
                        f"{sig.arity} argument(s) in the given vocabulary, "
                        f"{c.arity} here",
                        clause=f":{kind}s",
                        symbol=name,
                    )
                )
        for name in c_table:
            if name not in g_table:
                out.append(
                    Diagnostic(
                        "warning",
                        "vocabulary",
                        f"the {kind} '{name}' is not in the given vocabulary",
                        clause=f":{kind}s",
                        symbol=name,
                    )
                )
    gt_actions = {a.name for a in gt.actions}
    for a in cand.actions:
        if a.name not in gt_actions:
            out.append(
                Diagnostic(
                    "warning",
                    "vocabulary",
                    f"the action '{a.name}' is not one of the "
                    f"given actions ({', '.join(sorted(gt_actions))})",
                    action=a.name,
                    symbol=a.name,
                )
            )
    return tuple(out)


def score_domain_record(rec: dict, timeout: float, session: PlannerSession | None = None) -> dict:
    """Score a batch record ``{"kind": "domain", "id", "domain", "candidate"[, "problems"]}``.

    ``domain`` is the ground truth (a pack name or domain text); ``problems`` optionally a
    count or a list of problem texts. Never raises; the result is ``DomainScore.to_dict()``.
    """
    cand = next(
        (rec[k] for k in ("candidate", "prediction", "generation", "response")
         if isinstance(rec.get(k), str)),
        None,
    )  # fmt: skip
    gt = rec.get("domain_pddl") if isinstance(rec.get("domain_pddl"), str) else rec.get("domain")
    problems = rec.get("problems")
    if not isinstance(problems, int | list) or isinstance(problems, bool):
        problems = None
    if not isinstance(gt, str) or cand is None:
        result = DomainScore(
            domain=str(gt or ""),
            parseable=False,
            equivalent=None,
            reason="bad_record",
            message="a domain record needs text fields domain (or domain_pddl) and candidate",
            id=str(rec.get("id", "")),
        ).to_dict()
    else:
        result = evaluate_domain(
            gt,
            cand,
            problems=problems,
            timeout=timeout,
            planner_timeout=min(10.0, timeout),
            session=session,
            sample_id=str(rec.get("id", "")),
        ).to_dict()
    result["kind"] = "domain"
    return result
