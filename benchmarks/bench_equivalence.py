"""Benchmark: equivalence calls per second, median and p99, against a networkx baseline.

    python benchmarks/bench_equivalence.py [--repeat 5] [--seed 0] [--cold] [--json OUT]
    python benchmarks/bench_equivalence.py --more-packs [--repeat 2]

For every ground truth (three packs, 1–150+ propositions) and candidate variant it times
* ``equivalent(gt_text, cand_text)`` — parsing included, the public API end to end;
* ``compare_problems(gt, cand)`` — parsing excluded;
* the baseline: networkx VF2++ (``vf2pp_is_isomorphic``) on the same fully specified problem
  graphs in the paper's representation (object + proposition nodes), with the graph building
  excluded. It runs on the pairs that need the isomorphism test after fullySpecify.
All on one core, in one run, so the ratios are comparable. Figures are given overall, per
pack and per size; ``--cold`` gives every call a ground-truth text it has never seen (a trailing
comment differs), so the memoised ground-truth parse never hits — the figure for a batch with
one candidate per ground truth.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import networkx as nx  # noqa: E402
from generate import candidates, ground_truths  # noqa: E402

from planetarium_plugin import (  # noqa: E402
    SceneGraph,
    compare_problems,
    domain_packs,
    equivalent,
    fully_specify,
    parse_problem,
)

MORE_PACKS = ("rover", "rover-single", "uav-delivery", "uav-inspection")


def _cpu() -> float:
    """CPU seconds of this process (ns resolution) and of its waited-for children (planners)."""
    t = os.times()
    return time.process_time() + t.children_user + t.children_system


def _pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


class _Capped(Exception):
    pass


def _capped(fn, cap: float):
    """Run fn() with a wall-clock cap (SIGALRM); returns (result or None, seconds)."""

    def on_alarm(*_):
        raise _Capped

    old = signal.signal(signal.SIGALRM, on_alarm)
    t = time.perf_counter()
    signal.setitimer(signal.ITIMER_REAL, cap)
    try:
        result = fn()
    except _Capped:
        result = None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    return result, time.perf_counter() - t


def _nx_graph(problem, fs):
    g = SceneGraph.of(problem.objects, init=problem.init, goal=fs.positive).to_networkx()
    for _, data in g.nodes(data=True):
        data["key"] = (data["kind"], data.get("type"), data.get("label"))
    return g


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--baseline-cap", type=float, default=2.0, help="seconds per networkx call")
    ap.add_argument("--cold", action="store_true", help="a never-seen ground-truth text per call")
    ap.add_argument(
        "--more-packs",
        action="store_true",
        help=f"instead: {', '.join(MORE_PACKS)} (their generators; no networkx baseline)",
    )
    ap.add_argument(
        "--clock",
        choices=("cpu", "wall"),
        default="cpu",
        help="cpu: process + children CPU time (robust on a shared machine); wall: perf_counter",
    )
    args = ap.parse_args()
    rng = random.Random(args.seed)
    clock = _cpu if args.clock == "cpu" else time.perf_counter
    packs = domain_packs()
    rows = []
    if not args.more_packs:
        for domain, gt, placeholder in ground_truths(rng):
            for kind, cand in candidates(domain, gt, rng):
                rows.append((domain, kind, gt, cand, placeholder))
    else:  # the other packs' own generators, two ground truths per scale 1-6
        for domain in MORE_PACKS:
            for scale in range(1, 7):
                for inst in list(packs[domain].generate(rng, scale))[:2]:
                    gt = inst.problem_pddl
                    for kind, cand in candidates(domain, gt, rng):
                        rows.append((domain, kind, gt, cand, False))
    incl, excl, base_ours, base_nx, capped = [], [], [], [], []
    by_bucket = defaultdict(list)
    by_pack = defaultdict(list)
    fresh = 0
    verdicts = defaultdict(int)
    worst = 0.0
    for domain, kind, gt, cand, placeholder in rows:
        pack = packs[domain]
        pg, pc = parse_problem(gt, pack.domain), parse_problem(cand, pack.domain)
        size = pg.size
        for _ in range(args.repeat):
            fresh += 1
            gt_text = f"{gt}\n; call {fresh}" if args.cold else gt
            t = clock()
            v = equivalent(gt_text, cand, pack, placeholder=placeholder)
            dt = clock() - t
            incl.append(dt)
            worst = max(worst, dt)
            by_bucket["<60 props" if size < 60 else ">=60 props"].append(dt)
            by_pack[domain].append(dt)
            t = clock()
            compare_problems(pg, pc, pack, placeholder=placeholder)
            excl.append(clock() - t)
        verdicts[(kind, v.equivalent)] += 1
        expected = kind != "different"
        assert v.equivalent == expected or (kind == "different" and v.equivalent is False), (
            domain,
            kind,
            v,
        )
        if args.more_packs:
            continue  # the networkx baseline is run on the classical packs only
        if not placeholder and kind in ("renamed", "trivial-added", "trivial-dropped"):
            fa, fb = fully_specify(pc, pack), fully_specify(pg, pack)
            ga, gb = _nx_graph(pc, fa), _nx_graph(pg, fb)
            sa, sb = (
                SceneGraph.of(p.objects, init=p.init, goal=f.positive).structure()
                for p, f in ((pc, fa), (pg, fb))
            )
            from planetarium_plugin.isomorphism import find_isomorphism

            t = time.perf_counter()
            ok = find_isomorphism(sa, sb) is not None
            base_ours.append(time.perf_counter() - t)
            ok_nx, dt = _capped(
                lambda ga=ga, gb=gb: nx.vf2pp_is_isomorphic(ga, gb, node_label="key"),
                args.baseline_cap,
            )
            base_nx.append(dt)
            if ok_nx is None:
                capped.append(f"{domain} {kind} ({pg.size} props)")
            else:
                assert ok == ok_nx, (domain, kind)
    us = 1e6
    report = {
        "pairs": len(rows),
        "calls": len(incl),
        "median_us_parse_included": round(statistics.median(incl) * us, 1),
        "p99_us_parse_included": round(_pct(incl, 0.99) * us, 1),
        "median_us_parse_excluded": round(statistics.median(excl) * us, 1),
        "p99_us_parse_excluded": round(_pct(excl, 0.99) * us, 1),
        "max_ms": round(worst * 1000, 2),
        "calls_per_second": round(len(incl) / sum(incl), 1),
        "by_size": {
            k: {
                "median_us": round(statistics.median(v) * us, 1),
                "p99_us": round(_pct(v, 0.99) * us, 1),
                "n": len(v),
            }
            for k, v in sorted(by_bucket.items())
        },
        "by_pack": {
            k: {
                "median_us": round(statistics.median(v) * us, 1),
                "p99_us": round(_pct(v, 0.99) * us, 1),
                "max_us": round(max(v) * us, 1),
                "n": len(v),
            }
            for k, v in sorted(by_pack.items())
        },
        "cold_ground_truth": args.cold,
        "clock": args.clock,
    }
    if base_ours:
        report["isomorphism_vs_networkx_vf2pp"] = {
            "pairs": len(base_ours),
            "ours_median_us": round(statistics.median(base_ours) * us, 1),
            "networkx_median_us": round(statistics.median(base_nx) * us, 1),
            "ours_total_ms": round(sum(base_ours) * 1000, 2),
            "networkx_total_ms": round(sum(base_nx) * 1000, 2),
            "speedup_total (networkx time is a lower bound when capped)": round(
                sum(base_nx) / sum(base_ours), 1
            ),
            "networkx_calls_capped": len(capped),
            "capped": capped,
        }
    print(json.dumps(report, indent=2))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
