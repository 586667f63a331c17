"""What ``explain=True`` costs against the verdict alone, on the generic path (or the packs').

    python benchmarks/bench_explain.py [--repeat 3] [--timeout 10] [--rules] [--json OUT]

For a few ground truths per classical pack (blocksworld with 8, 15 and 24 blocks — 15 is the
issue's case —, gripper, floor-tile) and their candidate variants from ``generate.py``
(identical, renamed, reordered, implied facts added or dropped, a different goal), it times
``equivalent(gt, cand, domain)`` with ``explain=False`` and with ``explain=True``, alternately,
in CPU time (``time.process_time``: the figure that does not move with other processes' load)
and reports per case the medians and their ratio. By default the domain is the pack's own
domain under another name, so that no pack matches and no rules apply: exactly a user's copy of
the domain, judged by the generic exact fullySpecify. ``--rules`` judges through the packs.

Runs against any checkout (``PYTHONPATH=<old tree>`` measures the code before a change); an
old explanation that gave up at the time budget shows as a capped time.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from generate import blocksworld, candidates, floortile, gripper  # noqa: E402
from generic_pairs import renamed_domain  # noqa: E402

from planetarium_plugin import domain_packs, equivalent  # noqa: E402

GROUND_TRUTHS = (
    ("blocksworld", "8 blocks", lambda rng: blocksworld(8, rng)),
    ("blocksworld", "15 blocks", lambda rng: blocksworld(15, rng)),
    ("blocksworld", "24 blocks", lambda rng: blocksworld(24, rng)),
    ("gripper", "10 balls, 3 rooms", lambda rng: gripper(10, 3, rng)),
    ("floor-tile", "3x3 grid", lambda rng: floortile(3, 3, rng)),
)


def _time(fn) -> float:
    t = time.process_time()
    fn()
    return time.process_time() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per equivalence call")
    ap.add_argument("--rules", action="store_true", help="judge through the packs (rules)")
    ap.add_argument("--kinds", default="", help="comma-separated candidate kinds (default all)")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    kinds = set(filter(None, args.kinds.split(",")))
    rows = []
    for pack_name, size, make in GROUND_TRUTHS:
        gt = make(rng)
        cands = candidates(pack_name, gt, rng)
        if args.rules:
            domain, texts = pack_name, [gt] + [c for _, c in cands]
        else:
            domain, old, new = renamed_domain(domain_packs()[pack_name])
            texts = [t.replace(f"(:domain {old})", f"(:domain {new})") for t in [gt]]
            texts += [c.replace(f"(:domain {old})", f"(:domain {new})") for _, c in cands]
        gt_text = texts[0]
        for (kind, _), cand in zip(cands, texts[1:], strict=True):
            if kinds and kind not in kinds:
                continue
            verdict, explained = [], []
            call = functools.partial(equivalent, gt_text, cand, domain, timeout=args.timeout)
            call()  # warm the domain cache
            for _ in range(args.repeat):
                box = {}
                verdict.append(_time(lambda call=call, box=box: box.update(v=call())))
                explained.append(_time(lambda call=call, box=box: box.update(e=call(explain=True))))
            v, e = box["v"], box["e"]
            exp = e.explanation
            row = {
                "pack": pack_name,
                "size": size,
                "kind": kind,
                "equivalent": v.equivalent,
                "same_verdict": (v.equivalent, v.reason) == (e.equivalent, e.reason),
                "verdict_ms": round(statistics.median(verdict) * 1000, 2),
                "explain_ms": round(statistics.median(explained) * 1000, 2),
                "goals": getattr(exp, "goals", "fully specified") if exp else None,
            }
            row["ratio"] = round(row["explain_ms"] / max(row["verdict_ms"], 1e-3), 2)
            rows.append(row)
            print(json.dumps(row), flush=True)
    ratios = [r["ratio"] for r in rows]
    summary = {
        "route": "rules" if args.rules else "generic",
        "cases": len(rows),
        "median_ratio": round(statistics.median(ratios), 2),
        "max_ratio": max(ratios),
        "verdicts_unchanged_by_explain": all(r["same_verdict"] for r in rows),
    }
    print(json.dumps(summary))
    if args.json:
        args.json.write_text(json.dumps({"rows": rows, "summary": summary}, indent=2))


if __name__ == "__main__":
    main()
