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
import functools
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import Deadline, PlanetariumError, Reason
from ..parsing import Domain, Problem, parse_domain, parse_problem  # noqa: F401
from .check import Diagnostic, check_domain
from .compare import ActionDiff, compare_actions  # noqa: F401
from .explore import DEFAULT_MAX_STATES, Difference, ProblemOutcome, lockstep, make_space  # noqa: F401
from .problems import NoProblems, ground_truth_plan, problem_set
from .renamed_verdict import judge_up_to_renaming
from .renaming import DEFAULT_BUDGET, Renaming, named_actions, verdict_under
from .render import domain_to_pddl
from .results import SETUP_REASONS, DomainScore, ProblemReport, Rate  # noqa: F401
from .spar import (  # noqa: F401
    Steps,
    _bfs_plan,
    _cand_problem,
    _goal,
    _order,
    _plan_candidate,
    _replay,
    _to_cand,
    _to_gt,
    _valid,
)
from .vocabulary import _vocabulary

if TYPE_CHECKING:
    from ..packs import DomainPack
    from ..planning import PlannerSession

__all__ = ["DomainScore", "ProblemReport", "Rate", "evaluate_domain", "score_domain_record"]


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
        try:
            domain = parse_domain(text)
        except PlanetariumError as exc:
            raise PlanetariumError(
                Reason.GROUND_TRUTH_INVALID, f"ground-truth domain: {exc.message}"
            ) from None
        return DomainPack(name=domain.name, domain_pddl=text)


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


def _verdict(  # fmt: skip
    ground_truth: Any, t0: float, sample_id: str, parseable: bool, equivalent: bool | None,
    reason: str, message: str,
) -> DomainScore:
    """A verdict with no evaluation behind it: bad input, no problem set, a limit or a defect."""
    return DomainScore(
        domain=str(getattr(ground_truth, "name", ground_truth))[:200],
        parseable=parseable,
        equivalent=equivalent,
        reason=reason,
        message=message,
        elapsed_ms=round((time.perf_counter() - t0) * 1000, 3),
        id=sample_id,
    )  # fmt: skip


def evaluate_domain(
    ground_truth: str | DomainPack | Any,
    candidate: str | Any,
    *,
    problems: int | str | Path | Sequence[str | Any] | None = None,
    timeout: float = 60.0,
    planner_timeout: float = 10.0,
    max_states: int = DEFAULT_MAX_STATES,
    metrics: bool = True,
    session: PlannerSession | None = None,
    sample_id: str = "",
    strict: bool = False,
    match_names: bool = False,
) -> DomainScore:
    """Evaluate a candidate domain against a ground truth (a pack name, pack, file or text).

    ``problems``: how many generated problems (default and most 7), a directory of ``*.pddl``
    problems, or problem texts. ``timeout`` bounds the whole evaluation; ``metrics=False`` skips the
    planner-based SPAR metrics. ``strict``: today's strict reading of PDDL (requirements,
    declared types) instead of Fast Downward's; ``match_names``: first find the renaming of the
    candidate's vocabulary onto the ground truth's (:mod:`.renaming`). Never raises: every
    failure is a verdict with a reason; an invalid ground truth is ``ground_truth_invalid``.
    Either domain may also be a ``pddl.core.Domain`` or a unified-planning problem (its
    domain), and the problems unified-planning / ``pddl`` problems (see :mod:`..interop`).
    """
    from ..interop import domain_text, pddl_inputs

    t0 = time.perf_counter()
    try:
        spec = pddl_inputs(ground_truth)[0]
        if isinstance(spec, PlanetariumError):
            raise PlanetariumError(
                Reason.GROUND_TRUTH_INVALID, f"ground-truth domain: {spec.message}"
            )
        ground_truth = spec
        candidate = domain_text(candidate)
        if isinstance(candidate, PlanetariumError):
            why = candidate.reason.value
            return _verdict(ground_truth, t0, sample_id, False, False, why,
                            f"candidate: {candidate.message}")  # fmt: skip
        if isinstance(problems, list | tuple):
            problems = list(pddl_inputs(ground_truth, *problems)[1])
            for i, p in enumerate(problems):
                if isinstance(p, PlanetariumError):
                    raise PlanetariumError(
                        Reason.GROUND_TRUTH_INVALID, f"ground-truth problem {i + 1}: {p.message}"
                    )
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
            strict,
            match_names,
        )
    except PlanetariumError as exc:
        parseable = exc.reason is not Reason.UNKNOWN_DOMAIN
        return _verdict(ground_truth, t0, sample_id, parseable, None, exc.reason.value, exc.message)
    except NoProblems as exc:
        return _verdict(ground_truth, t0, sample_id, True, None, "no_problems", str(exc))
    except MemoryError:
        return _verdict(ground_truth, t0, sample_id, True, None, "memory", "memory limit exceeded")
    except Exception as exc:  # a defect of ours: a verdict, never an escape
        return _verdict(ground_truth, t0, sample_id, True, None, Reason.INTERNAL_ERROR.value,
                        f"{type(exc).__name__}: {exc}")  # fmt: skip


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
    strict=False,
    match_names=False,
) -> DomainScore:
    deadline = Deadline(timeout)
    gt_pack = _resolve_ground_truth(ground_truth)
    gt = gt_pack.domain
    cases = problem_set(gt_pack, problems)  # the ground truth is validated before the candidate
    found = check_domain(candidate, strict=strict)
    diags = found.diagnostics
    if found.domain is None:
        return _invalid(gt.name, diags, t0, sample_id)
    judge = functools.partial(_judge, gt_pack, cases, diags, deadline, timeout,
                              planner_timeout, max_states, session, sample_id, t0)  # fmt: skip
    if not match_names:
        return judge(found.domain, None, metrics)
    budget = min(DEFAULT_BUDGET, max(0.1, timeout - (time.perf_counter() - t0)))
    return judge_up_to_renaming(gt, found.domain, judge, deadline, budget, metrics)


def _judge(
    gt_pack, cases, diags, deadline, timeout, planner_timeout, max_states, session, sample_id,
    t0, cand: Domain, renaming: Renaming | None, metrics: bool,
) -> DomainScore:  # fmt: skip
    """The verdict on ``cand`` (already in the ground truth's names when ``renaming``)."""
    from ..packs import DomainPack

    gt = gt_pack.domain
    diags = diags + _vocabulary(gt, cand)
    if any(d.severity == "error" for d in diags):
        return _invalid(gt.name, diags, t0, sample_id)
    actions = compare_actions(gt, cand)
    if renaming is not None:
        actions = named_actions(actions, renaming)
    supported = not any(a.unsupported for a in cand.actions)
    cand_pack = DomainPack(  # normalised for VAL and the planners; ADL as written, read
        name=f"candidate:{cand.name}",  # as Fast Downward reads it (not parsed again strictly)
        domain_pddl=domain_to_pddl(cand) if supported else cand.text,
        parsed=None if supported else cand,
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
            lost = [u.split()[1] for u in (renaming.unmatched_ground_truth if renaming else ())
                    if u.startswith(("predicate ", "function "))]  # fmt: skip
            if lost:
                msg = (f"the ground truth's {', '.join(lost)} ha{'s' if len(lost) == 1 else 've'}"
                       " no counterpart in the candidate under the renaming found, so its"
                       f" problems cannot be stated in the candidate's words ({exc.message})")
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
    if renaming is not None:
        equivalent, reason, message = verdict_under(renaming, equivalent, reason, message)
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
        renaming=renaming,
    )


def score_domain_record(rec: dict, timeout: float, session: PlannerSession | None = None) -> dict:
    """Score a batch record ``{"kind": "domain", "id", "domain", "candidate"[, "problems"]
    [, "match_names": true]}``.

    ``domain`` is the ground truth (a pack name or domain text); ``problems`` optionally a
    count or a list of problem texts; ``match_names``: equivalence up to renaming. Never
    raises; the result is ``DomainScore.to_dict()``.
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
            match_names=rec.get("match_names") is True,
            metrics=rec.get("metrics") is not False,
        ).to_dict()
    result["kind"] = "domain"
    return result
