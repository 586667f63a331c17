"""Benchmark: bounded domain equivalence per pack on the default problem set, one core.

    python benchmarks/bench_domains.py [--repeat 3] [--json OUT]

For every pack with a generator it times, on the pack's default problem set (built first and
not timed; it is cached per process):

* ``equivalence`` — ``evaluate_domain(pack, candidate, metrics=False)`` for the ground truth
  with parameters renamed and reversed and everything reordered: an *equivalent* candidate,
  the worst case (every reachable state of every problem is explored in lock-step);
* ``mutant`` — the same for a candidate with one dropped delete effect (stops at the first
  difference);
* the baseline: the reachable state spaces of the ground truth and of the candidate
  enumerated separately with the generic explicit-state search of ``specify``
  (``reachable_states``) — what comparing two state spaces costs before any comparison;
* ``full`` — one ``evaluate_domain`` with SPAR's metrics too (planners; ground-truth plans
  from the disk cache after the first run), for scale.

Medians of ``--repeat`` runs, in one process pinned to one core; wall-clock and CPU time of
the process (on a shared machine the CPU time is the fairer figure).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from domain_mutations import MUTATIONS, mutate, renamed_and_reordered  # noqa: E402

from planetarium_plugin import domain_packs, evaluate_domain  # noqa: E402
from planetarium_plugin.domains import default_problems  # noqa: E402
from planetarium_plugin.domains.score import _cand_problem  # noqa: E402
from planetarium_plugin.parsing import parse_domain  # noqa: E402
from planetarium_plugin.specify import reachable_states  # noqa: E402


def _time(fn, repeat: int) -> tuple[float, object, float]:
    """Median wall-clock ms, the last result, and median CPU ms of this process."""
    times, cpu, out = [], [], None
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        out = fn()
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    return statistics.median(times) * 1000, out, statistics.median(cpu) * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json", default=None, help="write the rows as JSON here")
    args = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    rows = []
    for name, pack in domain_packs().items():
        if pack.generate is None or name not in MUTATIONS:
            continue
        t0 = time.perf_counter()
        cases = default_problems(pack)
        set_ms = (time.perf_counter() - t0) * 1000
        cand = renamed_and_reordered(pack.domain)
        mutant = mutate(pack.domain_pddl, *MUTATIONS[name]["dropped delete effect"])
        eq_ms, score, eq_cpu = _time(
            lambda n=name, c=cand: evaluate_domain(n, c, metrics=False), args.repeat
        )
        assert score.equivalent is True, score.message
        mut_ms, mscore, _ = _time(
            lambda n=name, c=mutant: evaluate_domain(n, c, metrics=False), args.repeat
        )
        assert mscore.equivalent is False, mscore.message
        cdom = parse_domain(cand)
        cprobs = [_cand_problem(c.problem, pack.domain, cdom) for c in cases]

        def baseline(cases=cases, cdom=cdom, cprobs=cprobs, pack=pack):
            n = 0
            for c, cp in zip(cases, cprobs, strict=True):
                n += len(reachable_states(c.problem, pack.domain))
                n += len(reachable_states(cp, cdom))
            return n

        base_ms, _, base_cpu = _time(baseline, args.repeat)
        full_ms, full, _ = _time(lambda n=name, c=cand: evaluate_domain(n, c), 1)
        rows.append(
            {
                "pack": name,
                "problems": len(cases),
                "states": sum(p.states for p in score.problems),
                "equivalence_ms": round(eq_ms, 1),
                "equivalence_cpu_ms": round(eq_cpu, 1),
                "mutant_ms": round(mut_ms, 1),
                "baseline_ms": round(base_ms, 1),
                "ratio": round(eq_ms / base_ms, 2),
                "cpu_ratio": round(eq_cpu / base_cpu, 2),
                "full_ms": round(full_ms, 1),
                "spar": f"{full.executability.count}/{full.feasibility.count}/"
                f"{full.interpretability.count} of {full.executability.total}",
                "problem_set_ms": round(set_ms, 1),
            }
        )
    head = ("pack", "problems", "states", "equivalence_ms", "equivalence_cpu_ms", "mutant_ms",
            "baseline_ms", "ratio", "cpu_ratio",
            "full_ms", "spar", "problem_set_ms")  # fmt: skip
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for r in rows:
        print("| " + " | ".join(str(r[h]) for h in head) + " |")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
