"""Benchmark: batch scoring (parseable, solvable, equivalent) of a mixed candidate set.

    python benchmarks/bench_score.py [--n 10000] [--workers 2]

Builds N records from all five packs' ground truths and candidate variants (identical,
renamed, reordered, implied facts added/dropped, different, plus unparseable model output),
scores them with ``planetarium score``'s engine on the given number of workers, and reports
the wall time and samples per second.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from generate import candidates, ground_truths, numeric_ground_truths  # noqa: E402

from planetarium_plugin.scoring import score_file, summarize  # noqa: E402

JUNK = [
    "I'm sorry, I cannot write PDDL.",
    "(define (problem x) (:domain blocksworld)",
    "```pddl\n(define (problem q) (:domain gripper) (:objects a) (:init (ball a)) "
    "(:goal (and (at a b))))\n```",
]


def records(n: int, seed: int) -> list[dict]:
    rng = random.Random(seed)
    pool = []
    for dom, gt, ph in ground_truths(rng) + numeric_ground_truths(rng):
        for kind, cand in candidates(dom, gt, rng):
            pool.append(
                {
                    "domain": dom,
                    "ground_truth": gt,
                    "candidate": cand,
                    "placeholder": ph,
                    "kind": kind,
                }
            )
        pool.append(
            {
                "domain": dom,
                "ground_truth": gt,
                "candidate": rng.choice(JUNK),
                "placeholder": ph,
                "kind": "junk",
            }
        )
    out = []
    for i in range(n):
        rec = dict(pool[i % len(pool)])
        rec["id"] = f"r{i}"
        out.append(rec)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=10_000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    recs = records(args.n, args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "scores.jsonl"
        t = time.perf_counter()
        counts = score_file(recs, out, workers=args.workers, progress=False)
        wall = time.perf_counter() - t
        rows = summarize(out)
        statuses = Counter(json.loads(line)["solve_status"] for line in out.open())
    print(
        json.dumps(
            {
                "records": args.n,
                "workers": args.workers,
                "wall_s": round(wall, 1),
                "samples_per_s": round(args.n / wall, 1),
                "counts": counts,
                "solve_status": dict(statuses),
                "summary": rows,
                "by_domain_n": Counter(r["domain"] for r in recs),
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
