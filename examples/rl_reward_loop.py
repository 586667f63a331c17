"""A GRPO-shaped training loop on the Planetarium reward, with no GPU and no trainer installed.

    python examples/rl_reward_loop.py [--steps 6] [--prompts 8] [--group 4] [--engine local|ray]

The "policy" is a softmax over a few ways of answering a planning request (the right PDDL in a
chat reply, the PDDL with a goal fact dropped, a truncated reply, prose, nothing). Each step
samples a group of conversational completions per prompt, scores them with
``PlanetariumReward`` exactly as TRL's ``GRPOTrainer`` would call it (``prompts``,
``completions`` and the dataset's columns as keyword lists), turns rewards into group-relative
advantages and takes a policy-gradient step. The mean reward climbs as the policy learns to
answer with the right problem. With a real trainer the wiring is one line:

    GRPOTrainer(model=..., reward_funcs=PlanetariumReward(), train_dataset=ds, args=cfg)

where ``ds`` has the columns ``prompt``, ``ground_truth`` (or ``problem_pddl``), ``domain`` and
``is_placeholder``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import time

from planetarium_plugin import domain_packs
from planetarium_plugin.generation import dataset_rows
from planetarium_plugin.rewards import PlanetariumReward


def _goal_dropped(pddl: str) -> str:
    head, goal = pddl.split("(:goal", 1)
    atoms = re.findall(r"\([^()]*\)", goal)
    return head + "(:goal" + goal.replace(atoms[-1], "", 1) if len(atoms) > 1 else pddl


BEHAVIOURS = {
    "answer": lambda row: f"Here is the problem:\n```pddl\n{row['problem_pddl']}\n```",
    "goal_dropped": lambda row: f"```pddl\n{_goal_dropped(row['problem_pddl'])}\n```",
    "truncated": lambda row: row["problem_pddl"][: len(row["problem_pddl"]) // 2],
    "prose": lambda row: "The robot should move everything where it belongs.",
    "empty": lambda row: "",
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=6)
    ap.add_argument("--prompts", type=int, default=8, help="prompts per step")
    ap.add_argument("--group", type=int, default=4, help="completions per prompt")
    ap.add_argument("--lr", type=float, default=1.0)
    ap.add_argument("--engine", default="local", choices=["local", "ray"])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    rng = random.Random(args.seed)
    packs = domain_packs()
    rows = list(dataset_rows([packs["gripper"], packs["blocksworld"]], max_per_layout=1))
    reward = PlanetariumReward(workers=args.workers, engine=args.engine, timeout=5.0)
    names = list(BEHAVIOURS)
    logits = dict.fromkeys(names, 0.0)
    for step in range(1, args.steps + 1):
        z = sum(math.exp(v) for v in logits.values())
        probs = {k: math.exp(v) / z for k, v in logits.items()}
        batch = rng.sample(rows, args.prompts)
        picks, prompts, completions, columns = [], [], [], {"ground_truth": [], "domain": []}
        columns["is_placeholder"] = []
        for row in batch:
            for _ in range(args.group):
                pick = rng.choices(names, weights=[probs[k] for k in names])[0]
                picks.append(pick)
                prompts.append([{"role": "user", "content": row["natural_language"]}])
                completions.append([{"role": "assistant", "content": BEHAVIOURS[pick](row)}])
                columns["ground_truth"].append(row["problem_pddl"])
                columns["domain"].append(row["domain"])
                columns["is_placeholder"].append(row["is_placeholder"])
        t0 = time.perf_counter()
        rewards = reward(prompts=prompts, completions=completions, **columns)
        latency = time.perf_counter() - t0
        grad = dict.fromkeys(names, 0.0)
        for g in range(0, len(rewards), args.group):  # group-relative advantages (GRPO)
            group = rewards[g : g + args.group]
            mean = sum(group) / len(group)
            std = math.sqrt(sum((r - mean) ** 2 for r in group) / len(group))
            for pick, r in zip(picks[g : g + args.group], group, strict=True):
                adv = (r - mean) / (std + 1e-4)
                for k in names:  # d log p(pick) / d logit_k
                    grad[k] += adv * ((k == pick) - probs[k])
        for k in names:
            logits[k] += args.lr * grad[k] / len(rewards)
        print(
            json.dumps(
                {
                    "step": step,
                    "completions": len(rewards),
                    "mean_reward": round(sum(rewards) / len(rewards), 3),
                    "p_answer": round(probs["answer"], 3),
                    "reward_latency_s": round(latency, 2),
                }
            ),
            flush=True,
        )
    reward.close()  # stop the warm worker processes


if __name__ == "__main__":  # the local engine's worker processes re-import this module
    main()
