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

The package: what a reward is (:mod:`.values`), how a trainer's completions and columns are
read (:mod:`.inputs`), the reward function with its warm workers (:mod:`.reward`) and verl's
entry points (:mod:`.verl`); import everything from here.
"""

from .inputs import MAX_CHARS, completion_text
from .reward import PlanetariumReward
from .values import RewardResult, RewardWeights
from .verl import compute_score, compute_score_batch

__all__ = [
    "MAX_CHARS",
    "PlanetariumReward",
    "RewardResult",
    "RewardWeights",
    "completion_text",
    "compute_score",
    "compute_score_batch",
]
