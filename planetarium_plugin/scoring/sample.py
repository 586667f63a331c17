"""One sample: the Planetarium triple (parseable, solvable, equivalent) as a frozen ``Score``.

``evaluate`` gives *parseable* (the candidate is a valid problem of the domain), *solvable*
(a validated plan exists; False only when proven unsolvable, None when unknown) and
*equivalent* (the equivalence verdict), plus ``equivalent_relaxed_typing`` (the paper's score
with ``:typing`` misuse ignored).
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, replace
from typing import Any

from ..equivalence import equivalent
from ..errors import Deadline, PlanetariumError
from ..packs import DomainSpec, resolve_pack
from ..parsing import parse_problem
from ..planning import PlannerSession, solve

__all__ = ["Score", "evaluate"]


@dataclass(frozen=True, slots=True)
class Score:
    """The Planetarium metrics for one candidate.

    ``domain`` is the pack's (or the PDDL domain's) name; ``pack`` and ``domain_source`` are
    as in :class:`~planetarium_plugin.equivalence.Verdict` (``pack`` None for a domain no pack
    provides).
    """

    id: str
    domain: str
    parseable: bool
    solvable: bool | None
    equivalent: bool | None
    equivalent_relaxed_typing: bool | None
    reason: str | None  # why not parseable / not equivalent / undecided
    solve_status: str | None
    solve_message: str
    planner: str | None
    elapsed_ms: float
    pack: str | None = None
    domain_source: str | None = None
    alignment: float | None = None  # text-PDDL similarity, when asked for (align extra)

    def to_dict(self) -> dict:
        return asdict(self)


def evaluate(
    ground_truth: str | Any,
    candidate: str | Any,
    domain: DomainSpec | Any | None = None,
    *,
    placeholder: bool = False,
    timeout: float = 10.0,
    planner: str = "auto",
    check_solvable: bool = True,
    sample_id: str = "",
    session: PlannerSession | None = None,
    text: str | None = None,
) -> Score:
    """Score one candidate against its ground truth: parseable, solvable, equivalent.

    ``text``: the natural-language task; when given, ``alignment`` holds the default aligner's
    similarity of it and the candidate (None without the align extra).

    ``timeout`` is the budget of the whole call: equivalence (strict, then relaxed typing
    when needed) and the solvability check share one deadline, so a call returns within about
    ``timeout`` seconds; a stage left without time reports ``timeout`` / ``unknown``.

    ``domain`` is a pack name, a pack, a path to a domain file or domain PDDL text; it is read
    once (later uses hit the registry's domain cache). The problems and the domain may also be
    unified-planning / ``pddl`` objects (``domain`` None: the ground truth's own; see
    :mod:`planetarium_plugin.interop`).

    Never raises: a defect anywhere below (ours or a planner's) becomes a score with reason
    (or solve status) ``internal_error`` / ``error`` and the exception in the message.
    """
    from ..interop import pddl_inputs  # toolkit objects in: text (or a refusal) from here

    t0 = time.perf_counter()
    domain, (ground_truth, candidate) = pddl_inputs(domain, ground_truth, candidate)
    if text is not None:
        score = evaluate(ground_truth, candidate, domain, placeholder=placeholder,
                         timeout=timeout, planner=planner, check_solvable=check_solvable,
                         sample_id=sample_id, session=session)  # fmt: skip
        return replace(score, alignment=_alignment(text, candidate))
    try:
        return _evaluate(
            ground_truth,
            candidate,
            domain,
            placeholder=placeholder,
            timeout=timeout,
            planner=planner,
            check_solvable=check_solvable,
            sample_id=sample_id,
            session=session,
            t0=t0,
        )
    except Exception as exc:  # the public API promises a score, never an exception
        return Score(
            id=sample_id,
            domain=domain if isinstance(domain, str) and len(domain) <= 200 else "<domain>",
            parseable=False,
            solvable=None,
            equivalent=None,
            equivalent_relaxed_typing=None,
            reason="internal_error",
            solve_status=None,
            solve_message=f"{type(exc).__name__}: {exc}",
            planner=None,
            elapsed_ms=round((time.perf_counter() - t0) * 1000, 3),
        )


def _alignment(text: str, candidate: str) -> float | None:
    try:
        from ..alignment import similarity
    except ImportError:
        return None
    try:
        return similarity([text], [candidate])[0]
    except Exception:  # the extra is optional; a broken install must not lose the score
        return None


def _evaluate(
    ground_truth: str,
    candidate: str,
    domain: DomainSpec,
    *,
    placeholder: bool,
    timeout: float,
    planner: str,
    check_solvable: bool,
    sample_id: str,
    session: PlannerSession | None,
    t0: float,
) -> Score:
    deadline = Deadline(timeout)
    strict = equivalent(
        ground_truth, candidate, domain, placeholder=placeholder, timeout=deadline.remaining()
    )
    relaxed = strict
    if not strict.parseable or strict.reason == "ground_truth_invalid":
        relaxed = equivalent(
            ground_truth,
            candidate,
            domain,
            placeholder=placeholder,
            timeout=deadline.remaining(),
            typing="relaxed",
        )
    solvable, status, message, used = None, None, "", None
    if strict.parseable and check_solvable and deadline.expired():
        status, message = "unknown", "no time left for the solvability check"
    elif strict.parseable and check_solvable:
        try:
            pack = resolve_pack(domain)
            result = solve(
                parse_problem(candidate, pack.domain),
                pack,
                planner=planner,
                timeout=deadline.remaining(),
                session=session,
            )
            solvable, status, message, used = (
                result.solvable,
                result.status.value,
                result.message,
                result.planner,
            )
        except PlanetariumError as exc:
            status, message = "error", f"{exc.reason.value}: {exc.message}"
        except Exception as exc:  # a planner library's own exception (e.g. a parse error)
            status, message = "error", f"internal_error: {type(exc).__name__}: {exc}"
    return Score(
        id=sample_id,
        domain=strict.domain or str(domain),
        parseable=strict.parseable,
        solvable=solvable,
        equivalent=strict.equivalent,
        equivalent_relaxed_typing=relaxed.equivalent,
        reason=strict.reason,
        solve_status=status,
        solve_message=message,
        planner=used,
        elapsed_ms=round((time.perf_counter() - t0) * 1000, 3),
        pack=strict.pack,
        domain_source=strict.domain_source,
    )
