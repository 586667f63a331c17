"""Benchmark: solve + validate per pack and size, against plain unified-planning calls.

    python benchmarks/bench_solve.py [--repeat 3] [--baseline-timeout 30] [--json OUT]

Ours: ``solve(problem, pack, session=...)`` — the pack planners (blocksworld, gripper,
floor-tile) and the persistent ENHSP JVM (UAV packs); also, per pack, Fast Downward with the
translator in a forked child (classical) or the one-shot ENHSP JVM with its class cache (numeric).
Baseline, in the same run: ``solve(..., planner="fast-downward-up" | "enhsp-up")``, i.e. a
plain ``OneshotPlanner``.
Every plan, ours or the baseline's, is validated (VAL + our simulator) inside the timing.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from generate import ground_truths, numeric_ground_truths  # noqa: E402

from planetarium_plugin import domain_packs, parse_problem  # noqa: E402
from planetarium_plugin.planning import PlannerSession, solve  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--baseline-timeout", type=float, default=30.0)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    packs = domain_packs()
    problems = ground_truths(rng) + numeric_ground_truths(rng)
    rows = []
    per_pack = defaultdict(lambda: defaultdict(list))
    with PlannerSession() as session:
        # Warm-up: the first call of each route pays imports and the JVM start.
        for dom in ("floor-tile", "uav-delivery", "uav-inspection", "gripper"):
            _, text, _ = next(p for p in problems if p[0] == dom)
            solve(text, dom, session=session)
            solve(text, dom)
        for dom, text, _ in problems:
            pack = packs[dom]
            p = parse_problem(text, pack.domain)
            routes = {"ours": lambda p=p, pack=pack: solve(p, pack, session=session, timeout=60)}
            if pack.numeric:
                routes["ours-oneshot-aot"] = lambda p=p, pack=pack: solve(p, pack, timeout=60)
            else:
                routes["ours-fast-downward"] = lambda p=p, pack=pack: solve(
                    p, pack, planner="fast-downward", timeout=60
                )
            base = "enhsp-up" if pack.numeric else "fast-downward-up"
            routes["baseline"] = lambda p=p, pack=pack, base=base: solve(
                p, pack, planner=base, timeout=args.baseline_timeout
            )
            row = {"domain": dom, "size": p.size}
            for name, fn in routes.items():
                times, status, planner = [], None, None
                for _ in range(args.repeat if name != "baseline" else 1):
                    r = fn()
                    times.append(r.elapsed_ms)
                    status, planner = r.status.value, r.planner
                row[name] = {
                    "ms": round(statistics.median(times), 2),
                    "status": status,
                    "planner": planner,
                }
                per_pack[dom][name].append(statistics.median(times))
            rows.append(row)
            print(json.dumps(row), flush=True)
    summary = {}
    for dom, routes in per_pack.items():
        s = {f"{k}_median_ms": round(statistics.median(v), 2) for k, v in routes.items()}
        s["ratio_baseline_over_ours"] = round(
            statistics.median(routes["baseline"]) / statistics.median(routes["ours"]), 1
        )
        summary[dom] = s
    print(json.dumps(summary, indent=2))
    if args.json:
        args.json.write_text(json.dumps({"rows": rows, "summary": summary}, indent=2))


if __name__ == "__main__":
    main()
