"""The reward function (TRL's ``reward_funcs`` signature) on warm workers or Ray actors.

Bound per batch: see :mod:`planetarium_plugin.rewards`.
"""

from __future__ import annotations

import os
import weakref
from collections.abc import Iterable, Sequence
from typing import Any

from .inputs import MAX_CHARS, _column, _completion, _toolkit_inputs
from .values import RewardResult, RewardWeights

__all__ = ["PlanetariumReward"]


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
        from ..scoring.engines import BatchOptions

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
                from ..scoring.ray_engine import RayEngine

                self._engine = RayEngine(self.address, persistent=True)
                weakref.finalize(self, self._engine.close)  # also when dropped without close()
            results = self._engine(records, options, counts)
        else:
            if self._engine is None:
                from ..scoring.supervisor import WorkerPool

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
