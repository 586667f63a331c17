"""Which calibration generalises to a source it was not fitted on: pooled vs per source.

Leave one development source out at a time: fit the conformal threshold on the right pairs of
the other dev sources, then score the left-out source's right and wrong pairs with the verdict
the aligner gives (``aligned``: no confident conflict and similarity ≥ threshold). Two rules:
``pooled`` (one q̂ over all pairs, ``align calibrate``) and ``per-source`` (the largest of the
sources' own q̂, ``align calibrate --by-source``). Only the dev split is read; held-out
sources are never used to choose.

    python benchmarks/bench_align_calibration.py [--epsilon 0.2] [--json F]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from planetarium_plugin.alignment import Aligner, Calibration

DATA = Path(__file__).parent / "data" / "alignment_public" / "pairs.jsonl"


def dev_verdicts(path: Path) -> list[dict]:
    """Similarity and confident-conflict flag of every dev row, each read with its domain."""
    rows = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
    rows = [r for r in rows if r.get("split") == "dev"]
    aligner = Aligner()
    by_domain: dict[str | None, list[int]] = {}
    for i, r in enumerate(rows):
        by_domain.setdefault(r.get("domain_pddl") or None, []).append(i)
    out: list[dict] = [{} for _ in rows]
    for dom, idx in by_domain.items():
        got = aligner.explain_many(
            [rows[i]["text"] for i in idx], [rows[i]["problem_pddl"] for i in idx], dom
        )
        for i, e in zip(idx, got, strict=True):
            r = rows[i]
            out[i] = {"source": r["source"], "label": r["label"], "sim": e.similarity,
                      "aligned": e.aligned}  # fmt: skip
    return out


def leave_one_out(scored: list[dict], epsilon: float) -> list[dict]:
    """Per left-out source and rule: threshold, keep right, reject wrong, accuracy."""
    sources = sorted({r["source"] for r in scored})
    res = []
    for held in sources:
        fit = [r for r in scored if r["label"] == 1 and r["source"] != held]
        test = [r for r in scored if r["source"] == held]
        for rule, groups in (("pooled", None), ("per-source", [r["source"] for r in fit])):
            thr = Calibration.fit([r["sim"] for r in fit], groups=groups).threshold(epsilon)
            kept = [r["aligned"] and r["sim"] >= thr - 1e-12 for r in test]
            right = [k for k, r in zip(kept, test, strict=True) if r["label"] == 1]
            wrong = [not k for k, r in zip(kept, test, strict=True) if r["label"] == 0]
            res.append({
                "held_out": held, "rule": rule, "threshold": thr,
                "keep_right": sum(right) / len(right), "reject_wrong": sum(wrong) / len(wrong),
                "accuracy": (sum(right) + sum(wrong)) / len(test),
            })  # fmt: skip
    return res


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--epsilon", type=float, default=0.2)
    ap.add_argument("--json", type=Path, default=None, help="write every figure here")
    args = ap.parse_args(argv)
    print(f"scoring the dev rows of {args.data} ...", file=sys.stderr)
    res = leave_one_out(dev_verdicts(args.data), args.epsilon)
    print(f"leave one dev source out, ε = {args.epsilon}\n")
    print("| held-out dev source | rule | threshold | keep right | reject wrong | accuracy "
          "| balanced |\n|---|---|---|---|---|---|---|")  # fmt: skip
    for r in res:
        bal = (r["keep_right"] + r["reject_wrong"]) / 2
        print(f"| {r['held_out']} | {r['rule']} | {r['threshold']:.3f} | {r['keep_right']:.3f} "
              f"| {r['reject_wrong']:.3f} | {r['accuracy']:.3f} | {bal:.3f} |")  # fmt: skip
    for rule in ("pooled", "per-source"):
        mine = [r for r in res if r["rule"] == rule]
        m = {k: sum(r[k] for r in mine) / len(mine)
             for k in ("keep_right", "reject_wrong", "accuracy")}  # fmt: skip
        print(f"| mean over sources | {rule} | | {m['keep_right']:.3f} | {m['reject_wrong']:.3f} "
              f"| {m['accuracy']:.3f} | {(m['keep_right'] + m['reject_wrong']) / 2:.3f} |")
    if args.json:
        args.json.write_text(json.dumps(res, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
