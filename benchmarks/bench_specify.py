"""fullySpecify on the generated test split: the generic exact path alone vs the pack rules.

For every ground truth of the generated test split (blocksworld, gripper, floor-tile), time
``fully_specify_problem`` twice in the same run: with the pack's rules, and with the rules
switched off (the exact generic method, :func:`planetarium_plugin.specify.exact_fully_specify`).
Reports the fraction decided, median and p99 time per call, the fraction of problems up to 60
propositions decided, and every disagreement between the two routes (there must be none).

Per-problem results go to a JSONL file as they are measured, so an interrupted run resumes
where it stopped (``--out``; delete the file to start over).

    python benchmarks/bench_specify.py --sample 300 --timeout 10
    python benchmarks/bench_specify.py --packs rover-single,rover --sample 40 --out rover.jsonl

``--generic`` measures whole equivalence calls instead (issue 17): see :mod:`generic_pairs`.

    python benchmarks/bench_specify.py --generic --sample 12 --out after.jsonl
    PYTHONPATH=<old tree> python benchmarks/bench_specify.py --generic --sample 12 \
        --out before.jsonl                      # the code before a change, same pairs
    python benchmarks/bench_specify.py --generic --sample 12 --out after.jsonl \
        --baseline before.jsonl                 # adds the before/after table
    python benchmarks/bench_specify.py --ipc-rovers PATH --out ipc.jsonl  # the IPC 2002 set
    python benchmarks/bench_specify.py --planbench-depots DIR --out depots.jsonl  # see there
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

from tqdm import tqdm

from planetarium_plugin import Deadline, PlanetariumError, domain_packs, parse_problem
from planetarium_plugin.generation import dataset_rows
from planetarium_plugin.specify import fully_specify_problem

PACKS = ("blocksworld", "gripper", "floor-tile")


def _measure(problem, pack, rules, timeout: float) -> dict:
    t0 = time.perf_counter()
    try:
        fs = fully_specify_problem(
            problem, pack.domain, pack.fully_specify if rules else None, deadline=Deadline(timeout)
        )
    except PlanetariumError as exc:
        return {"ms": (time.perf_counter() - t0) * 1000, "decided": False, "reason": exc.reason}
    ms = (time.perf_counter() - t0) * 1000
    closure = sorted(map(str, fs.positive)) if fs.reachable is not False else None
    return {"ms": ms, "decided": True, "method": fs.method, "closure": closure}


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sample", type=int, default=300, help="problems per pack (0: all)")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per fullySpecify")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, default=Path("bench_specify.jsonl"))
    ap.add_argument("--packs", default=",".join(PACKS), help="comma-separated pack names")
    ap.add_argument(
        "--generic",
        action="store_true",
        help="whole equivalence calls on renamed domains (generic path) vs the packs' rules",
    )
    ap.add_argument(
        "--large",
        default="30,44",
        help="--generic: block counts of the blocksworld-large group (comma-separated)",
    )
    ap.add_argument("--baseline", type=Path, help="--generic: JSONL of a run before a change")
    ap.add_argument(
        "--ipc-rovers",
        type=Path,
        metavar="PATH",
        help="--generic on the IPC 2002 Rovers STRIPS set in PATH (domain.pddl, instance-N.pddl)"
        " instead of the packs' splits; see benchmarks/data/IPC_ROVERS.md",
    )
    ap.add_argument(
        "--planbench-depots",
        type=Path,
        metavar="DIR",
        help="equivalence calls on PlanBench's depots problems (DIR: domain.pddl,"
        " instance-N.pddl; not committed) against two goal mutations each: see planbench_depots",
    )
    ap.add_argument(
        "--freeze-gc",
        action="store_true",
        help="--generic: gc.freeze() once everything is loaded, as `planetarium score`'s workers do"
        " after their first sample: full collections then skip the import-time objects",
    )
    args = ap.parse_args()
    args.packs = tuple(args.packs.split(","))
    args.large = tuple(int(n) for n in args.large.split(","))
    if args.planbench_depots:
        sys.path.insert(0, str(Path(__file__).parent))
        from planbench_depots import run as run_depots

        run_depots(args.planbench_depots, args.out, args.timeout)
        return
    if args.generic or args.ipc_rovers:
        sys.path.insert(0, str(Path(__file__).parent))
        from generic_pairs import run

        run(args)
        return

    packs = domain_packs()
    sys.path.insert(0, str(Path(__file__).parent))
    from generic_pairs import measured

    done = measured(args.out, "id")
    todo = []
    for name in args.packs:
        rows = [
            r
            for r in dataset_rows([packs[name]], seed=args.seed)
            if r["split"] == "test" and r["domain"] == packs[name].domain.name
        ]
        unique = {r["problem_pddl"]: r for r in rows}  # one row per ground truth
        items = sorted(unique.values(), key=lambda r: r["id"])
        if args.sample:
            items = random.Random(args.seed).sample(items, min(args.sample, len(items)))
        todo += [(name, r) for r in items]
    with args.out.open("a") as out:
        for name, r in tqdm(todo, desc="fullySpecify", unit="problem", dynamic_ncols=True):
            if r["id"] in done:
                continue
            pack = packs[name]
            problem = parse_problem(r["problem_pddl"], pack.domain)
            rec = {
                "id": r["id"],
                "pack": name,
                "size": problem.size,
                "rules": _measure(problem, pack, True, args.timeout),
                "generic": _measure(problem, pack, False, args.timeout),
            }
            out.write(json.dumps(rec) + "\n")
            out.flush()
            done[rec["id"]] = rec
    report([done[r["id"]] for _, r in todo if r["id"] in done], args)


def report(records: list[dict], args) -> None:
    print(
        f"\nfullySpecify on the generated test split (sample {args.sample}/pack, "
        f"timeout {args.timeout} s)\n"
    )
    head = "| pack | n | route | decided | ≤60 props decided | median ms | p99 ms | max ms |"
    print(head)
    print("|" + "---|" * 8)
    for name in args.packs:
        recs = [r for r in records if r["pack"] == name]
        if not recs:
            continue
        for route in ("rules", "generic"):
            res = [r[route] for r in recs]
            small = [r[route] for r in recs if r["size"] <= 60]
            ms = [x["ms"] for x in res]
            dec = sum(x["decided"] for x in res) / len(res)
            sdec = sum(x["decided"] for x in small) / len(small) if small else float("nan")
            print(
                f"| {name} | {len(res)} | {route} | {dec:.1%} | {sdec:.1%} ({len(small)}) | "
                f"{statistics.median(ms):.1f} | {_pct(ms, 0.99):.1f} | {max(ms):.1f} |"
            )
        both = [r for r in recs if r["rules"]["decided"] and r["generic"]["decided"]]
        bad = [r["id"] for r in both if r["rules"]["closure"] != r["generic"]["closure"]]
        ratio = statistics.median(r["generic"]["ms"] / max(r["rules"]["ms"], 1e-3) for r in recs)
        print(
            f"|  {name}: disagreements {len(bad)}/{len(both)} {bad[:5]}; "
            f"median generic/rules time ratio {ratio:.1f}x |"
        )
    undecided = [
        (r["id"], r["size"], r["generic"].get("reason"))
        for r in records
        if not r["generic"]["decided"]
    ]
    if undecided:
        print(f"\nundecided by the generic path: {undecided[:20]}")


if __name__ == "__main__":
    main()
