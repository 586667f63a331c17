"""Benchmark: the Ray engine against the local engine, and the reward function's latency.

    python benchmarks/bench_ray.py [--n 5000] [--batches 20] [--batch-size 256]

Scores the same N records (built as in ``bench_score.py``: all packs' ground truths, candidate
variants, unparseable model output) with the local engine and with ``engine=RayEngine()`` on a
local 2-CPU Ray cluster, at 1 and 2 workers, and checks both engines give the same verdicts.
Both engines run warm (the local engine's worker pool and Ray's actors started before timing)
and alternate block by block, so the shared machine's changing load hits both alike. Ray's
cluster and actor start-up are timed apart (``ray_end_to_end_s`` adds them: what a one-shot
``planetarium score --engine ray`` pays). Ray's overhead per sample is the difference to the
local engine at equal workers. Then the reward function (``PlanetariumReward``, warm worker
pool, two workers) is timed on batches of ``--batch-size`` distinct conversational completions:
p50/p99 per batch.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_score import records  # noqa: E402

from planetarium_plugin.rewards import PlanetariumReward  # noqa: E402
from planetarium_plugin.scoring import BatchOptions, score_records  # noqa: E402
from planetarium_plugin.scoring.supervisor import WorkerPool  # noqa: E402

VERDICT = ("parseable", "solvable", "equivalent", "reason")


def _run(recs: list[dict], workers: int, engine, costs=None) -> tuple[float, dict[str, tuple]]:
    t = time.perf_counter()
    out = {}
    for r in score_records(recs, workers=workers, engine=engine, timeout=30):
        out[r["id"]] = tuple(r[k] for k in VERDICT)
        if costs is not None:  # the worker's own time per sample, by domain
            costs.setdefault(r["domain"], []).append(r["elapsed_ms"])
    return time.perf_counter() - t, out


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=5000)
    ap.add_argument("--batches", type=int, default=20)
    ap.add_argument("--batch-size", type=int, default=256)
    ap.add_argument("--blocks", type=int, default=5, help="local/Ray alternate block by block")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    import ray

    from planetarium_plugin.scoring.ray_engine import RayEngine

    recs = records(args.n, args.seed)
    report: dict = {"records": args.n, "runs": []}
    t = time.perf_counter()
    session = tempfile.mkdtemp(prefix="prb", dir="/tmp")  # removed at the end
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        logging_level="ERROR",
        _temp_dir=session,
    )
    report["ray_init_s"] = round(time.perf_counter() - t, 2)
    size = math.ceil(args.n / args.blocks)
    blocks = [recs[i : i + size] for i in range(0, args.n, size)]
    for workers in (1, 2):
        costs: dict[str, list[float]] = {}
        verdicts: dict[str, dict] = {"local": {}, "ray": {}}
        local_s = ray_s = 0.0
        options = BatchOptions(workers=workers, timeout=30)
        with WorkerPool(options, workers) as pool, RayEngine(persistent=True) as engine:

            def local(rs, opts, counts, pool=pool):
                return pool.score(rs, counts)

            _run(recs[: 4 * workers], workers, local)  # start the local workers
            warm_s, _ = _run(recs[: 4 * workers], workers, engine)  # actors + their workers
            for block in blocks:  # interleaved: load changes on the shared box hit both
                t, v = _run(block, workers, local, costs)
                local_s += t
                verdicts["local"].update(v)
                t, v = _run(block, workers, engine)
                ray_s += t
                verdicts["ray"].update(v)
        assert verdicts["ray"] == verdicts["local"], "the engines disagree"
        if workers == 1:
            report["ms_per_sample_by_domain"] = {
                d: {"mean": round(statistics.mean(v), 1), "n": len(v)} for d, v in costs.items()
            }
        report["runs"].append(
            {
                "workers": workers,
                "local_s": round(local_s, 1),
                "local_per_s": round(args.n / local_s, 1),
                "ray_scoring_s": round(ray_s, 1),
                "ray_per_s": round(args.n / ray_s, 1),
                "ray_end_to_end_s": round(ray_s + warm_s + report["ray_init_s"], 1),
                "ray_actor_startup_s": round(warm_s, 1),
                "ray_vs_local_throughput": round(local_s / ray_s, 3),
                "ray_overhead_ms_per_sample": round((ray_s - local_s) * 1000 * workers / args.n, 2),
            }
        )
        print(json.dumps(report["runs"][-1]), file=sys.stderr, flush=True)
    ray.shutdown()
    shutil.rmtree(session, ignore_errors=True)
    one, two = report["runs"]
    report["scaling_1_to_2"] = {
        "local": round(one["local_s"] / two["local_s"], 2),
        "ray": round(one["ray_scoring_s"] / two["ray_scoring_s"], 2),
    }
    report["verdicts_agree"] = True

    rng = random.Random(args.seed)
    latencies = []
    with PlanetariumReward(workers=2, timeout=10.0) as reward:
        for b in range(args.batches + 1):
            batch = rng.sample(recs, args.batch_size)
            t = time.perf_counter()
            rewards = reward(
                prompts=["-"] * len(batch),
                completions=[  # a unique comment each: no two completions deduplicated
                    [{"role": "assistant", "content": f"{r['candidate']}\n; sample {b}.{i}"}]
                    for i, r in enumerate(batch)
                ],
                ground_truth=[r["ground_truth"] for r in batch],
                domain=[r["domain"] for r in batch],
                is_placeholder=[r["placeholder"] for r in batch],
            )
            if b:  # the first batch also starts the workers: reported apart
                latencies.append(time.perf_counter() - t)
            else:
                report["reward_first_batch_s"] = round(time.perf_counter() - t, 2)
            assert len(rewards) == len(batch)
    report["reward_batch"] = {
        "batch_size": args.batch_size,
        "batches": args.batches,
        "p50_s": round(statistics.median(latencies), 2),
        "p99_s": round(_pct(latencies, 0.99), 2),
        "max_s": round(max(latencies), 2),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
