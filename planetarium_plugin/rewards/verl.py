"""verl's reward entry points: ``compute_score`` (per sample or batch) and ``compute_score_batch``.

verl loads its custom reward function from a file, as a module outside any package
(``custom_reward_function.path`` = this file, ``custom_reward_function.name=compute_score``):
so this module imports the package by its absolute name, never relatively. Both functions run
the same scorer as :class:`~planetarium_plugin.rewards.PlanetariumReward`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

# Absolute imports: verl executes this file as a top-level module (see above).
from planetarium_plugin.rewards.inputs import _completion
from planetarium_plugin.rewards.reward import PlanetariumReward

__all__ = ["compute_score", "compute_score_batch"]


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
