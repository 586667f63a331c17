"""Benchmark: what toolkit objects cost over PDDL text, per pack, as ratios in one run.

    python benchmarks/bench_interop.py [--n 10] [--repeat 3] [--seed 0] [--json OUT]

For ``--n`` problems of each pack's generated test split it times, per call (median):

* ``equivalent(text, text, pack)`` — the text route (the baseline, ratio 1);
* ``equivalent(up, text)`` — a unified-planning problem, its domain derived from it (and
  recognised as the pack's);
* ``equivalent(up, text, pack)`` — the same object with the domain given;
* ``equivalent(pddl, text, pack)`` — a ``pddl`` library problem;
* writing the unified-planning problem as problem text: ours (``up_problem_text``, what
  ``as_pddl_text`` does once the domain is known) against unified-planning's own
  ``PDDLWriter(problem).get_problem()``.

Every object verdict is checked equal to the text verdict during the run. unified-planning
objects come from its ``PDDLReader`` where it reads the pack, else from
``to_unified_planning`` (the uav packs: the reader mistakes the object ``base`` for the
predicate of that name).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
import warnings

from pddl.parser.problem import ProblemParser
from unified_planning import shortcuts as S
from unified_planning.io import PDDLReader, PDDLWriter

from planetarium_plugin import (
    domain_packs,
    equivalent,
    parse_problem,
    to_unified_planning,
)
from planetarium_plugin.generation import dataset_rows
from planetarium_plugin.interop.unified import up_problem_text


def _median_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=10)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    warnings.simplefilter("ignore")
    S.get_environment().error_used_name = False  # PDDL lets actions and predicates share names
    packs = domain_packs()
    by_pack: dict[str, list[str]] = {}
    for row in dataset_rows(packs.values(), seed=args.seed):
        if row["split"] == "test" and row["problem_pddl"] not in by_pack.get(row["domain"], []):
            by_pack.setdefault(row["domain"], []).append(row["problem_pddl"])
    rng = random.Random(args.seed)
    read = ProblemParser()
    report: dict[str, dict[str, float]] = {}
    for name, texts in sorted(by_pack.items()):
        domain = packs[name].domain
        sample = rng.sample(texts, min(args.n, len(texts)))
        cols: dict[str, list[float]] = {}
        for text in sample:
            try:
                up = PDDLReader().parse_problem_string(domain.text, text)
            except Exception:
                up = to_unified_planning(parse_problem(text, domain), name)
            theirs = read(text)
            want = equivalent(text, text, name)
            for label, call in (
                ("text", lambda t=text, n=name: equivalent(t, t, n)),
                ("up, own domain", lambda u=up, t=text: equivalent(u, t)),
                ("up, domain given", lambda u=up, t=text, n=name: equivalent(u, t, n)),
                ("pddl", lambda p=theirs, t=text, n=name: equivalent(p, t, n)),
            ):
                got = call()
                assert (got.equivalent, got.reason, got.pack) == (
                    want.equivalent,
                    want.reason,
                    want.pack,
                ), (name, label, got.message)
                cols.setdefault(label, []).append(_median_ms(call, args.repeat))
            cols.setdefault("write: ours", []).append(
                _median_ms(lambda u=up, d=domain: up_problem_text(u, d.name, d), args.repeat)
            )
            cols.setdefault("write: PDDLWriter", []).append(
                _median_ms(lambda u=up: PDDLWriter(u).get_problem(), args.repeat)
            )
        report[name] = {k: statistics.median(v) for k, v in cols.items()}
    load = os.getloadavg()[0]
    print(f"load average {load:.1f}; medians per call in ms (ratio to the text route)")
    head = ["pack", "text", "up, own domain", "up, domain given", "pddl", "write: ours",
            "write: PDDLWriter"]  # fmt: skip
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for name, r in report.items():
        base = r["text"]
        cells = [f"{r['text']:.2f}"] + [f"{r[k]:.2f} ({r[k] / base:.1f}×)" for k in head[2:]]
        print(f"| {name} | " + " | ".join(cells) + " |")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump({"load_average": load, "packs": report}, fh, indent=2)


if __name__ == "__main__":
    main()
