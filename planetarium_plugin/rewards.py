"""Rewards: the Planetarium triple as a reward for RL trainers (TRL's GRPO, verl).

A reward is a weighted sum of *parseable*, *solvable* and *equivalent* for each completion,
scored by the same batch scorer as ``planetarium score`` (worker processes with per-sample time
and memory limits; on Ray when configured), so a hostile completion costs at most its time
budget and never raises: it gets reward 0 and a reason.

>>> from planetarium_plugin.rewards import RewardWeights
>>> RewardWeights().combine(parseable=True, solvable=True, equivalent=False)
0.3

Bound per batch: a call returns within ``batch_timeout`` plus one ``hard_timeout`` plus the
workers' start-up (about a second locally, a few seconds for a new Ray cluster); samples still
unscored when the batch deadline passes get reward 0 with reason ``batch_timeout``.
"""

from __future__ import annotations

import os
import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "PlanetariumReward",
    "RewardResult",
    "RewardWeights",
    "completion_text",
    "compute_score",
    "compute_score_batch",
]

#: Completions longer than this are not scored (reward 0, reason ``too_long``).
MAX_CHARS = 200_000


@dataclass(frozen=True, slots=True)
class RewardWeights:
    """Weights of the triple; the reward is their sum over the criteria a completion meets.

    ``solvable`` counts only a proven plan (unknown is 0); ``equivalent`` only a proven
    equivalence (undecided is 0).
    """

    parseable: float = 0.1
    solvable: float = 0.2
    equivalent: float = 0.7

    def combine(self, *, parseable: bool, solvable: bool | None, equivalent: bool | None) -> float:
        """The reward for one triple."""
        total = (
            self.parseable * bool(parseable)
            + self.solvable * (solvable is True)
            + self.equivalent * (equivalent is True)
        )
        return round(total, 10)


@dataclass(frozen=True, slots=True)
class RewardResult:
    """The reward for one completion, why, and the full score record it came from."""

    reward: float
    reason: str | None
    score: dict[str, Any] = field(default_factory=dict)


def completion_text(completion: Any) -> str | None:
    """The text of a completion: a string, or a conversation (list of message dicts).

    For a conversation the assistant messages' contents are joined (TRL passes a list with one
    assistant message); multi-part contents keep their text parts. Anything else gives None.

    >>> completion_text([{"role": "assistant", "content": "(define ...)"}])
    '(define ...)'
    >>> completion_text(b"(define \\xff")
    '(define \ufffd'
    >>> completion_text(42) is None
    True
    """
    if isinstance(completion, str):
        return completion
    if isinstance(completion, bytes | bytearray):
        return bytes(completion).decode("utf-8", errors="replace")
    if isinstance(completion, dict):
        completion = [completion]
    if isinstance(completion, list | tuple):
        parts: list[str] = []
        messages = [m for m in completion if isinstance(m, dict)]
        assistant = [m for m in messages if m.get("role", "assistant") == "assistant"]
        for m in assistant or messages[-1:]:
            content = m.get("content")
            if isinstance(content, str):
                parts.append(content)
            elif isinstance(content, list):
                parts.extend(
                    p["text"]
                    for p in content
                    if isinstance(p, dict) and isinstance(p.get("text"), str)
                )
        return "\n".join(parts) if parts else (None if not messages else "")
    return None


def _completion(completion: Any) -> Any:
    """A completion's text; a unified-planning or ``pddl`` problem as it is (converted later)."""
    from .interop import toolkit_kind

    return completion if toolkit_kind(completion) else completion_text(completion)


def _toolkit_inputs(text: Any, gt: Any, dom: Any) -> tuple[RewardResult | None, tuple]:
    """unified-planning / ``pddl`` objects among one sample's inputs as PDDL text (the domain
    taken from the ground truth or the completion when the column has none); a refused
    conversion is a zero reward with the reason the text route gives for unreadable input."""
    from .errors import PlanetariumError
    from .interop import pddl_inputs, toolkit_kind

    if not any(toolkit_kind(x) for x in (text, gt, dom)):
        return None, (text, gt, dom)
    dom, (gt, text) = pddl_inputs(dom, gt, text)
    for value, reason, who in (
        (dom, None, "domain"),
        (gt, "ground_truth_invalid", "ground truth"),
        (text, None, "candidate"),
    ):
        if isinstance(value, PlanetariumError):
            why = reason or value.reason.value
            early = RewardResult(0.0, why, {"reason": why, "message": f"{who}: {value.message}"})
            return early, (text, gt, dom)
    return None, (text, gt, dom)


def _column(columns: dict[str, Any], names: Sequence[str], n: int, default: Any = None) -> list:
    for name in names:
        value = columns.get(name)
        if value is None:
            continue
        if isinstance(value, str | bool | int | float):
            return [value] * n
        value = list(value)
        if len(value) == n:
            return value
        return [default] * n  # a column of the wrong length: every sample gets bad_record
    return [default] * n


class PlanetariumReward:
    """A reward function with TRL's ``reward_funcs`` signature; also the engine behind verl's.

    ``reward(prompts=..., completions=..., ground_truth=[...], domain=[...],
    is_placeholder=[...])`` returns one float per completion (the dataset's columns arrive as
    keyword lists; ``problem_pddl`` and ``placeholder`` are accepted as aliases). Identical
    (ground truth, completion) pairs in a batch are scored once. The worker processes (or Ray
    actors) stay warm between calls; :meth:`close` (or ``with``) stops them, and they also exit
    with the process that started them.

    Args:
        weights: the reward's weights for parseable / solvable / equivalent.
        timeout: per-sample time budget (seconds) of each check (equivalence, planning).
        hard_timeout: a sample still running after this is killed (reward 0, ``timeout``);
            default ``2 * timeout + 5``.
        batch_timeout: the batch deadline (see the module's bound); None for none.
        workers: worker processes (local) or Ray workers; default all cores.
        engine: ``"local"`` or ``"ray"``; default ``$PLANETARIUM_ENGINE`` or local.
        address: Ray cluster address (default ``$PLANETARIUM_RAY_ADDRESS``; none starts a
            local cluster).
        memory_mb: address-space cap per worker process.
        check_solvable: run the planner (without it *solvable* is never rewarded).
        relaxed_typing: reward the paper's relaxed-typing equivalence instead of the strict one.
    """

    __name__ = "planetarium"  # trainers log rewards under the function's name

    def __init__(
        self,
        weights: RewardWeights = RewardWeights(),  # noqa: B008 (frozen, immutable)
        *,
        timeout: float = 5.0,
        hard_timeout: float | None = None,
        batch_timeout: float | None = 300.0,
        workers: int | None = None,
        engine: str | None = None,
        address: str | None = None,
        memory_mb: int | None = 2048,
        planner: str = "auto",
        check_solvable: bool = True,
        relaxed_typing: bool = False,
        max_chars: int = MAX_CHARS,
    ) -> None:
        self.weights = weights
        self.timeout = timeout
        self.hard_timeout = hard_timeout if hard_timeout is not None else 2 * timeout + 5
        self.batch_timeout = batch_timeout
        self.workers = workers
        self.engine = engine or os.environ.get("PLANETARIUM_ENGINE", "local")
        self.address = address or os.environ.get("PLANETARIUM_RAY_ADDRESS") or None
        self.memory_mb = memory_mb
        self.planner = planner
        self.check_solvable = check_solvable
        self.relaxed_typing = relaxed_typing
        self.max_chars = max_chars
        self._engine: Any = None  # the warm worker pool or Ray engine, started on first use

    def __call__(
        self, prompts: Sequence[Any] | None = None, completions: Sequence[Any] = (), **columns: Any
    ) -> list[float]:
        """TRL's reward function: one float per completion."""
        return [r.reward for r in self.details(prompts, completions, **columns)]

    def details(
        self, prompts: Sequence[Any] | None = None, completions: Sequence[Any] = (), **columns: Any
    ) -> list[RewardResult]:
        """Like calling the reward, with each reward's reason and score record."""
        completions = list(completions or [])
        n = len(completions)
        return self.score(
            [_completion(c) for c in completions],
            _column(columns, ("ground_truth", "problem_pddl", "gt"), n),
            _column(columns, ("domain",), n),
            _column(columns, ("is_placeholder", "placeholder"), n, False),
        )

    def score(
        self,
        completions: Sequence[str | None],
        ground_truths: Sequence[Any],
        domains: Sequence[Any],
        placeholders: Sequence[Any] | None = None,
    ) -> list[RewardResult]:
        """Rewards for aligned lists of completion texts, ground truths and domains."""
        n = len(completions)
        placeholders = list(placeholders) if placeholders is not None else [False] * n
        results: list[RewardResult | None] = [None] * n
        unique: dict[tuple, str] = {}  # (gt, text, domain, placeholder) -> record id
        members: dict[str, list[int]] = {}
        records: list[dict] = []
        for i, (text, gt, dom, ph) in enumerate(
            zip(completions, ground_truths, domains, placeholders, strict=True)
        ):
            early, (text, gt, dom) = _toolkit_inputs(text, gt, dom)
            early = early or self._precheck(text, gt, dom)
            if early is not None:
                results[i] = early
                continue
            key = (gt, text, dom, bool(ph))
            rid = unique.get(key)
            if rid is None:
                rid = unique[key] = str(len(records))
                records.append(
                    {
                        "id": rid,
                        "domain": dom,
                        "ground_truth": gt,
                        "candidate": text,
                        "placeholder": bool(ph),
                    }
                )
            members.setdefault(rid, []).append(i)
        for rec in self._run(records):
            result = self._from_score(rec)
            for i in members.pop(rec["id"], []):
                results[i] = result
        return [r if r is not None else RewardResult(0.0, "batch_timeout") for r in results]

    # -----------------------------------------------------------------------------------------

    def _precheck(self, text: Any, gt: Any, dom: Any) -> RewardResult | None:
        if not isinstance(gt, str) or not isinstance(dom, str) or not gt or not dom:
            return RewardResult(0.0, "bad_record")
        if text is None:
            return RewardResult(0.0, "not_text")
        if not text.strip():
            return RewardResult(0.0, "empty")
        if len(text) > self.max_chars:
            return RewardResult(0.0, "too_long")
        return None

    def _from_score(self, score: dict) -> RewardResult:
        eq = score.get("equivalent_relaxed_typing" if self.relaxed_typing else "equivalent")
        reward = self.weights.combine(
            parseable=bool(score.get("parseable")),
            solvable=score.get("solvable"),
            equivalent=eq,
        )
        reason = score.get("reason")
        if reason is None and score.get("solvable") is not True and self.check_solvable:
            reason = score.get("solve_status")
        return RewardResult(reward, reason, score)

    def _run(self, records: list[dict]) -> Iterable[dict]:
        """Score records on the warm engine, stopping at the batch deadline."""
        if not records:
            return []
        from .scoring.engines import BatchOptions

        options = BatchOptions(
            workers=self.workers,
            timeout=self.timeout,
            hard_timeout=self.hard_timeout,
            memory_mb=self.memory_mb,
            planner=self.planner,
            check_solvable=self.check_solvable,
        )
        counts: dict[str, int] = {}
        if self.engine == "ray":
            if self._engine is None:
                from .scoring.ray_engine import RayEngine

                self._engine = RayEngine(self.address, persistent=True)
                weakref.finalize(self, self._engine.close)  # also when dropped without close()
            results = self._engine(records, options, counts)
        else:
            if self._engine is None:
                from .scoring.supervisor import WorkerPool

                self._engine = WorkerPool(options)
                weakref.finalize(self, self._engine.close)
            results = self._engine.score(records, counts)
        return _until(results, self.batch_timeout)

    def close(self) -> None:
        """Stop the warm worker processes (or Ray actors); the next call starts new ones."""
        engine, self._engine = self._engine, None
        if engine is not None:
            engine.close()

    def __enter__(self) -> PlanetariumReward:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __getstate__(self) -> dict:  # picklable (trainers ship reward functions to workers)
        return {**self.__dict__, "_engine": None}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)


def _until(results: Iterable[dict], seconds: float | None) -> Iterable[dict]:
    """Yield from ``results`` until ``seconds`` have passed, then close it (killing workers)."""
    import contextlib
    import time

    deadline = None if seconds is None else time.monotonic() + seconds
    with contextlib.closing(iter(results)) as it:  # type: ignore[arg-type]
        for rec in it:
            yield rec
            if deadline is not None and time.monotonic() > deadline:
                return


# ---------------------------------------------------------------------------------------------
# verl


def _verl_domain(data_source: Any, extra_info: Any) -> Any:
    if isinstance(extra_info, dict) and isinstance(extra_info.get("domain"), str):
        return extra_info["domain"]
    if isinstance(data_source, str):
        return data_source.rsplit("/", 1)[-1]  # "planetarium/gripper" -> "gripper"
    return None


def compute_score_batch(
    data_sources: Sequence[Any],
    solution_strs: Sequence[Any],
    ground_truths: Sequence[Any],
    extra_infos: Sequence[Any] | None = None,
    *,
    reward: PlanetariumReward | None = None,
    **kwargs: Any,
) -> list[dict[str, Any]]:
    """verl's batch reward (``reward_model.reward_manager=batch``): one dict per response.

    Each dict has ``score`` (the reward) and ``reason``. The domain comes from
    ``extra_info["domain"]`` or the data source's last path part (``planetarium/gripper``);
    ``extra_info["is_placeholder"]`` marks placeholder problems. Extra keyword arguments
    (verl's ``reward_kwargs``) configure the reward (see :class:`PlanetariumReward`).
    """
    n = len(solution_strs)
    extras = list(extra_infos) if extra_infos is not None else [None] * n
    args = (
        [_completion(s) for s in solution_strs],
        list(ground_truths),
        [_verl_domain(d, e) for d, e in zip(data_sources, extras, strict=True)],
        [bool(e.get("is_placeholder", False)) if isinstance(e, dict) else False for e in extras],
    )
    if reward is not None:
        results = reward.score(*args)
    else:
        with PlanetariumReward(**kwargs) as fresh:
            results = fresh.score(*args)
    return [{"score": r.reward, "reason": r.reason or ""} for r in results]


def compute_score(
    data_source: Any = None,
    solution_str: Any = None,
    ground_truth: Any = None,
    extra_info: Any = None,
    **kwargs: Any,
) -> float | list[dict[str, Any]]:
    """verl's custom reward: ``compute_score(data_source, solution_str, ground_truth, extra_info)``.

    Called per sample (verl's naive reward manager) it returns a float; called by verl's batch
    reward manager (keywords ``data_sources``, ``solution_strs``, ``ground_truths``,
    ``extra_infos``) it scores the whole batch at once and returns one dict per response. The
    batch form is the fast one: each call pays the scorer's start-up.
    """
    if "solution_strs" in kwargs:
        solutions = list(kwargs.pop("solution_strs"))
        sources = kwargs.pop("data_sources", None)  # verl passes numpy arrays: no truth tests
        return compute_score_batch(
            [data_source] * len(solutions) if sources is None else list(sources),
            solutions,
            kwargs.pop("ground_truths"),
            kwargs.pop("extra_infos", None),
            **kwargs,
        )
    return compute_score_batch(
        [data_source], [solution_str], [ground_truth], [extra_info], **kwargs
    )[0]["score"]
