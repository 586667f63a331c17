"""Equivalence on PlanBench's depots problems with goal mutations: a user's own domain, no pack.

PlanBench (karthikv792/LLMs-Planning, MIT; the commit ``SOURCES.md`` of
``benchmarks/data/alignment_public`` pins) ships the IPC depots domain and 500 generated
problems (``plan-bench/instances/depots/``). Nothing of it is committed here: extract the
domain and some instances into a folder first, e.g. from a clone::

    git --git-dir=CLONE/.git show COMMIT:plan-bench/instances/depots/generated_domain.pddl \
        > DIR/domain.pddl
    for i in $(seq 1 20); do git --git-dir=CLONE/.git show \
        COMMIT:plan-bench/instances/depots/generated_basic/instance-$i.pddl \
        > DIR/instance-$i.pddl; done

For each instance, two wrong candidates (the ground truth is the instance): its first goal
atom with the surface changed to the first crate or pallet not in it, and the goal with its
first two crates/pallets swapped. Each pair is one ``equivalent(a, b, domain=text)`` call in
this process (the generic exact path); wall and CPU per call, the verdict, and median / p99 /
max over the calls; undecided calls are counted.

    python benchmarks/bench_specify.py --planbench-depots DIR --out depots.jsonl
"""

from __future__ import annotations

import json
import os
import re
import statistics
import time
from pathlib import Path

from planetarium_plugin import equivalent


def mutations(text: str) -> dict[str, str]:
    """The goal-changed and the goal-swapped candidate of one problem text."""
    head, goal = text[: text.index("(:goal")], text[text.index("(:goal") :]
    out = {}
    first = re.search(r"\(on (\S+) (\S+)\)", goal)
    surfaces = sorted(set(re.findall(r"\b(?:crate|pallet)\d+\b", text)))
    if first:
        other = next(s for s in surfaces if s not in first.groups())
        changed = f"(on {first.group(1)} {other})"
        out["change"] = head + goal.replace(first.group(0), changed, 1)
    names = sorted(set(re.findall(r"\b(?:crate|pallet)\d+\b", goal)))
    if len(names) >= 2:
        x, y = names[:2]
        swap = {x: y, y: x}
        out["swap"] = head + re.sub(rf"\b({x}|{y})\b", lambda m: swap[m.group(0)], goal)
    return out


def _q(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def run(folder: Path, out: Path, timeout: float) -> None:
    domain = (folder / "domain.pddl").read_text()
    files = sorted(folder.glob("instance-*.pddl"), key=lambda p: int(p.stem.split("-")[1]))
    rows = []
    with out.open("w") as fh:
        for path in files:
            text = path.read_text()
            for kind, candidate in mutations(text).items():
                w0, c0 = time.perf_counter(), time.process_time()
                v = equivalent(text, candidate, domain=domain, timeout=timeout)
                row = {
                    "instance": path.stem,
                    "mutation": kind,
                    "equivalent": v.equivalent,
                    "reason": v.reason,
                    "wall_ms": round((time.perf_counter() - w0) * 1000, 2),
                    "cpu_ms": round((time.process_time() - c0) * 1000, 2),
                }
                rows.append(row)
                fh.write(json.dumps(row) + "\n")
                fh.flush()
    print(f"{len(rows)} calls on {len(files)} instances; load {os.getloadavg()[0]:.1f}")
    for kind in ("change", "swap", None):
        sel = [r for r in rows if kind is None or r["mutation"] == kind]
        if not sel:
            continue
        undecided = sum(r["equivalent"] is None for r in sel)
        for key in ("wall_ms", "cpu_ms"):
            vals = [r[key] for r in sel]
            print(
                f"{kind or 'all':7s} {key:8s} n={len(sel):3d} median {statistics.median(vals):8.1f}"
                f"  p99 {_q(vals, 0.99):8.1f}  max {max(vals):8.1f}  undecided {undecided}"
            )
