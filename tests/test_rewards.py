"""Reward adapters: TRL's reward_funcs signature, verl's compute_score, junk never raises."""

from __future__ import annotations

import inspect

import pytest

from planetarium_plugin.rewards import (
    PlanetariumReward,
    RewardWeights,
    completion_text,
    compute_score,
    compute_score_batch,
)

GT = """(define (problem p) (:domain gripper) (:objects r1 r2 b1 g1)
  (:init (room r1) (room r2) (ball b1) (gripper g1) (at-robby r1) (at b1 r1) (free g1))
  (:goal (and (at b1 r2))))"""
WRONG = GT.replace("(at b1 r2)", "(at b1 r1)")  # parseable, solvable, not equivalent
IMPOSSIBLE = GT.replace("(at b1 r2)", "(at b1 r2) (at b1 r1)")  # parseable, unsolvable
CHAT = [{"role": "assistant", "content": f"Here it is:\n```pddl\n{GT}\n```"}]

# completion -> (reward with the default weights 0.1 / 0.2 / 0.7, reason)
CASES = [
    (GT, 1.0, None),
    (CHAT, 1.0, None),
    (WRONG, 0.3, "goal_differs"),
    (IMPOSSIBLE, 0.1, "goal_differs"),
    ("", 0.0, "empty"),
    ("(" * 1_000_000, 0.0, "too_long"),
    ("\x00\xff\x01\x02 binary \x7f", 0.0, "parse_error"),
    (b"\x89PNG\r\n\x1a\n\x00\x00", 0.0, "parse_error"),
    (None, 0.0, "not_text"),
    (12345, 0.0, "not_text"),
]


@pytest.fixture(scope="module")
def reward():
    with PlanetariumReward(workers=2, timeout=5.0) as r:
        yield r


def test_trl_signature_values_and_reasons(reward):
    completions = [c for c, _, _ in CASES]
    n = len(completions)
    columns = {"ground_truth": [GT] * n, "domain": ["gripper"] * n, "is_placeholder": [False] * n}
    # TRL calls reward_func(prompts=..., completions=..., completion_ids=..., **columns)
    rewards = reward(
        prompts=["p"] * n, completions=completions, completion_ids=[[1]] * n, **columns
    )
    assert rewards == [r for _, r, _ in CASES]
    assert all(isinstance(r, float) for r in rewards)
    details = reward.details(prompts=["p"] * n, completions=completions, **columns)
    assert [d.reason for d in details] == [why for _, _, why in CASES]
    assert details[0].score["equivalent"] is True and details[3].score["solvable"] is False
    assert reward.__name__ == "planetarium"  # TRL logs rewards/<__name__>


def test_deterministic_and_deduplicated(reward):
    group = [GT, WRONG, GT, GT, WRONG, "nothing"] * 4  # a GRPO group with repeats
    n = len(group)
    cols = {"problem_pddl": [GT] * n, "domain": ["gripper"] * n, "placeholder": [False] * n}
    first = reward.details(completions=group, **cols)
    second = reward.details(completions=group, **cols)
    assert [d.reward for d in first] == [d.reward for d in second]
    assert [d.reward for d in first[:6]] == [1.0, 0.3, 1.0, 1.0, 0.3, 0.0]
    assert len({d.score["id"] for d in first if d.score}) == 3  # three distinct pairs scored


def test_weights_and_bad_columns():
    r = PlanetariumReward(RewardWeights(parseable=0.0, solvable=0.0, equivalent=1.0), workers=1)
    assert r(completions=[GT, WRONG], ground_truth=[GT, GT], domain=["gripper"] * 2) == [1.0, 0.0]
    # a missing or misaligned column, an unknown domain: reward 0 with a reason, no exception
    assert r.details(completions=[GT], domain=["gripper"])[0].reason == "bad_record"
    assert r.details(completions=[GT, GT], ground_truth=[GT], domain="gripper")[0].reason == (
        "bad_record"
    )
    unknown = r.details(completions=[GT], ground_truth=[GT], domain=["no-such-domain"])[0]
    assert unknown.reward == 0.0 and unknown.reason == "unknown_domain"
    assert r(completions=[]) == []


def test_batch_deadline_gives_reason():
    r = PlanetariumReward(workers=1, batch_timeout=0.0)
    out = r.details(completions=[GT, WRONG, IMPOSSIBLE], ground_truth=[GT] * 3, domain="gripper")
    assert [d.reason for d in out].count("batch_timeout") == 2
    assert sum(d.reward for d in out) in (1.0, 0.3, 0.1)  # the one sample scored first


def test_completion_text_forms():
    assert completion_text(
        [{"role": "user", "content": "q"}, {"role": "assistant", "content": "a"}]
    )
    assert completion_text([{"role": "assistant", "content": [{"type": "text", "text": "x"}]}]) == (
        "x"
    )
    assert completion_text({"content": "y"}) == "y"
    assert completion_text([]) is None and completion_text(object()) is None


def test_verl_signatures_and_values():
    params = list(inspect.signature(compute_score).parameters)
    assert params[:4] == ["data_source", "solution_str", "ground_truth", "extra_info"]
    assert compute_score("planetarium/gripper", GT, GT) == 1.0
    assert compute_score("planetarium", WRONG, GT, {"domain": "gripper"}, workers=1) == 0.3
    assert compute_score("planetarium/gripper", "\x00" * 10, GT) == 0.0
    # verl's batch reward manager calls with plural keywords and takes dicts with "score"
    np = pytest.importorskip("numpy")  # verl hands over numpy object arrays
    batch = compute_score(
        data_sources=np.array(["planetarium/gripper", "planetarium/gripper"], dtype=object),
        solution_strs=[GT, ""],
        ground_truths=np.array([GT, GT], dtype=object),
        extra_infos=np.array([None, {"is_placeholder": False}], dtype=object),
    )
    assert batch == [{"score": 1.0, "reason": ""}, {"score": 0.0, "reason": "empty"}]
    assert compute_score_batch(["planetarium/gripper"], [IMPOSSIBLE], [GT])[0]["score"] == 0.1


def test_verl_loads_the_reward_from_its_file():
    """verl runs ``custom_reward_function.path`` as a module outside any package (what
    docs/rewards.md configures): the file must import and score on its own."""
    import importlib.util
    import subprocess
    import sys

    import planetarium_plugin.rewards.verl as verl

    script = (
        "import importlib.util, sys\n"
        f"spec = importlib.util.spec_from_file_location('custom_module', {verl.__file__!r})\n"
        "module = importlib.util.module_from_spec(spec)\n"
        "sys.modules['custom_module'] = module\n"
        "spec.loader.exec_module(module)\n"
        f"print(module.compute_score('planetarium/gripper', {WRONG!r}, {GT!r}, workers=1))\n"
        f"print(module.compute_score('planetarium/gripper', '', {GT!r}))\n"
    )
    assert importlib.util.find_spec("planetarium_plugin.rewards.verl") is not None
    proc = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.split() == ["0.3", "0.0"]


def test_example_training_loop_runs():
    """examples/rl_reward_loop.py: the reward inside a GRPO-shaped loop, one JSON line a step."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).parents[1] / "examples" / "rl_reward_loop.py"
    cmd = [sys.executable, str(script), "--steps", "2", "--prompts", "2", "--group", "3"]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    steps = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [s["step"] for s in steps] == [1, 2]
    assert all(s["completions"] == 6 and 0.0 <= s["mean_reward"] <= 1.0 for s in steps)
