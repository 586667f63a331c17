"""Benchmark: text↔PDDL problem alignment on public requests (``data/alignment_public``).

    python benchmarks/bench_align_public.py [--split all|dev|calib|test|dev,calib]
        [--source S1,S2] [--compare head]
        [--methods raw,lexical] [--epsilon 0.2] [--threads 2] [--json FILE]

Scores every pair of ``pairs.jsonl`` with the default :class:`Aligner` through its public API
(``Aligner().score(text, pddl, epsilon=…)``, one pair at a time, as a user calls it) and
reports AUROC and verdict accuracy at the default ε per source, per style, per domain and per
kind of mutation — never one pooled figure alone. For a mutation kind, AUROC compares the
right pairs that have a wrong pair of that kind with those wrong pairs. Verdict accuracy
counts ``aligned == label`` (wrong pairs outnumber right ones about 4 to 1, so
``balanced``, the mean of the next two, is given too); ``keep right`` is the share of right
pairs kept and ``reject wrong`` the share of wrong pairs rejected. ``--compare`` names other
methods scored in the same run with their stored calibration (``head``:
the logistic head of before issue 19), with AUROC, accuracy and balanced accuracy beside the
default's; ``--methods`` names uncalibrated single levers (``raw``, ``lexical``), AUROC only.
``source×mutation`` crosses the two (AUROC on init mutations per source, …).

Rows of a domain no pack provides (``anydomain``, ``planbench-logistics``,
``planbench-depots``, ``planbench-obfuscated-logistics``, ``planbench-mystery``, ``acpbench`` and
some of ``handwritten4``, ``handwritten5``, ``handwritten6`` and ``handwritten9``) carry the
domain file's text (``domain_pddl``); the aligner is given it (``Aligner(domain=<text>)``), as
a user with a domain file would call it.

Throughput: ``Aligner.similarity`` on 400 pairs in one batch with a fresh encoder (no cached
embeddings), wall and CPU seconds, pairs/s. The ``test`` split (autoplanbench,
planbench-mystery, handwritten4, handwritten6, acpbench; handwritten3 until 2026-11-25, dev
since) is held out: report it, never tune on it (see ``data/alignment_public/SOURCES.md``).
The ``calib`` split (hand-written batches no reader is developed on, from ``handwritten7``) is
read only to fit the shipped calibration and to choose between verdict rules; ``--split`` takes
a comma list (``--split dev,calib``).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections import defaultdict
from pathlib import Path

from planetarium_plugin.alignment import Aligner, auroc
from planetarium_plugin.alignment.encoder import Encoder

DATA = Path(__file__).parent / "data" / "alignment_public" / "pairs.jsonl"
GROUPS = ("source", "split", "style", "domain", "mutation", "source×mutation")


SPLIT_NAMES = ("dev", "calib", "test")


def _splits(value: str) -> str:
    """``--split``: ``all`` or a comma list of split names (``dev,calib``)."""
    names = [s.strip() for s in value.split(",") if s.strip()]
    if value != "all" and (not names or any(n not in SPLIT_NAMES for n in names)):
        raise argparse.ArgumentTypeError(
            f"{value!r}: give all or a comma list of {', '.join(SPLIT_NAMES)}"
        )
    return value if value == "all" else ",".join(names)


def load(path: Path, split: str, sources: str = "") -> list[dict]:
    """The rows of ``split`` (``all``: every row; else a comma list such as ``dev,calib``), of
    the named sources only when given."""
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    keep = {s for s in sources.split(",") if s}
    splits = None if split == "all" else set(split.split(","))
    return [
        r
        for r in rows
        if (splits is None or r["split"] in splits) and (not keep or r["source"] in keep)
    ]


def _similarity(make, texts: list[str], pddls: list[str], doms: list[str | None]) -> list[float]:
    """``make(domain).similarity`` batched per domain (a pack's rows: ``domain=None``, the
    problem's own pack; a domain file's rows: its text)."""
    out: list[float] = [0.0] * len(texts)
    for dom in dict.fromkeys(doms):
        idx = [i for i, d in enumerate(doms) if d == dom]
        got = make(dom).similarity([texts[i] for i in idx], [pddls[i] for i in idx])
        for i, s in zip(idx, got, strict=True):
            out[i] = s
    return out


def _fmt(x: float | None) -> str:
    return "n/a" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.3f}"


def _share(xs: list[bool]) -> float | None:
    return sum(xs) / len(xs) if xs else None


def group_rows(rows: list[dict], by: str) -> dict[str, list[int]]:
    """Row indices per value of ``by``; a mutation group also holds its pairs' right rows."""
    out: dict[str, list[int]] = defaultdict(list)
    if by not in ("mutation", "source×mutation"):
        for i, r in enumerate(rows):
            out[r[by]].append(i)
        return dict(sorted(out.items()))
    right = {r["pair_id"]: i for i, r in enumerate(rows) if r["label"] == 1}
    for i, r in enumerate(rows):
        if r["label"] == 0 and r["pair_id"] in right:
            key = r["mutation"] if by == "mutation" else f"{r['source']} / {r['mutation']}"
            out[key].append(i)
    for k, idx in out.items():
        out[k] = sorted({right[rows[i]["pair_id"]] for i in idx} | set(idx))
    return dict(sorted(out.items()))


def summarise(
    rows: list[dict], sims: list[float], verdicts: list[bool | None], by: str
) -> list[dict]:
    out = []
    for key, idx in group_rows(rows, by).items():
        labels = [rows[i]["label"] for i in idx]
        got = [(verdicts[i], rows[i]["label"]) for i in idx if verdicts[i] is not None]
        out.append(
            {
                "group": key,
                "pairs": len(idx),
                "right": sum(labels),
                "auroc": auroc([sims[i] for i in idx], labels),
                "accuracy": _share([v == bool(y) for v, y in got]),
                "keep_right": _share([bool(v) for v, y in got if y == 1]),
                "reject_wrong": _share([not v for v, y in got if y == 0]),
            }
        )
        k, r = out[-1]["keep_right"], out[-1]["reject_wrong"]
        out[-1]["balanced"] = None if k is None or r is None else (k + r) / 2
    return out


def table(title: str, stats: list[dict], extra: dict[str, list[dict]], calibrated: set[str]) -> str:
    head = [
        "group",
        "pairs",
        "right",
        "AUROC default",
        "accuracy",
        "balanced",
        "keep right",
        "reject wrong",
    ]
    for m in extra:
        head += [f"AUROC {m}"] + ([f"accuracy {m}", f"balanced {m}"] if m in calibrated else [])
    lines = [f"**{title}**", "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for k, s in enumerate(stats):
        cells = [
            str(s["group"]),
            str(s["pairs"]),
            str(s["right"]),
            _fmt(s["auroc"]),
            _fmt(s["accuracy"]),
            _fmt(s["balanced"]),
            _fmt(s["keep_right"]),
            _fmt(s["reject_wrong"]),
        ]
        for m in extra:
            cells.append(_fmt(extra[m][k]["auroc"]))
            if m in calibrated:
                cells += [_fmt(extra[m][k]["accuracy"]), _fmt(extra[m][k]["balanced"])]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Alignment on the public development set.")
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument(
        "--split", type=_splits, default="all", help="all, or a comma list of dev, calib, test"
    )
    ap.add_argument("--source", default="", help="only these sources, e.g. anydomain,handwritten3")
    ap.add_argument("--epsilon", type=float, default=0.2)
    ap.add_argument(
        "--compare", default="", help="calibrated methods beside the default, e.g. head"
    )
    ap.add_argument("--methods", default="", help="comma-separated alternatives, e.g. raw,lexical")
    ap.add_argument("--throughput-pairs", type=int, default=400)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--json", type=Path, default=None, help="write every figure here")
    a = ap.parse_args(argv)

    import torch

    torch.set_num_threads(a.threads)
    rows = load(a.data, a.split, a.source)
    texts = [r["text"] for r in rows]
    pddls = [r["problem_pddl"] for r in rows]
    doms = [r.get("domain_pddl") for r in rows]

    default = Aligner()
    by_domain = {d: Aligner(domain=d) for d in dict.fromkeys(doms) if d is not None}
    t0 = time.perf_counter()
    scored = [
        by_domain.get(d, default).score(t, p, epsilon=a.epsilon)
        for t, p, d in zip(texts, pddls, doms, strict=True)
    ]
    per_pair_s = time.perf_counter() - t0
    sims = [s.similarity for s in scored]
    verdicts = [s.aligned for s in scored]

    alt: dict[str, list[float]] = {}
    alt_verdicts: dict[str, list[bool | None]] = {}
    for m in [m for m in a.compare.split(",") if m]:
        other = Aligner(method=m)
        if m == "facts":  # its verdict also reads the explanation: one score call per pair
            got = [
                Aligner(method=m, domain=d).score(t, p, epsilon=a.epsilon)
                for t, p, d in zip(texts, pddls, doms, strict=True)
            ]
            alt[m] = [s.similarity for s in got]
            alt_verdicts[m] = [s.aligned for s in got]
            continue
        # a score-only method: its verdict is its calibration's on the (batched) similarity,
        # what Aligner.score gives one pair at a time
        alt[m] = _similarity(lambda d, m=m: Aligner(method=m, domain=d), texts, pddls, doms)
        cal = other.calibration("problem")
        alt_verdicts[m] = [None if cal is None else cal.accepts(s, a.epsilon) for s in alt[m]]
    for m in [m for m in a.methods.split(",") if m]:
        alt[m] = _similarity(
            lambda d, m=m: Aligner(head=None, method=m, domain=d), texts, pddls, doms
        )

    # throughput: one batch of N pairs, fresh encoder (no cached embeddings)
    sample = random.Random(0).sample(range(len(rows)), min(a.throughput_pairs, len(rows)))
    encoder = Encoder()
    w0, c0 = time.perf_counter(), time.process_time()
    batch = _similarity(
        lambda d: Aligner(encoder=encoder, domain=d),
        [texts[i] for i in sample],
        [pddls[i] for i in sample],
        [doms[i] for i in sample],
    )
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    drift = max((abs(batch[k] - sims[i]) for k, i in enumerate(sample)), default=0.0)

    report = {
        "epsilon": a.epsilon,
        "split": a.split,
        "pairs": len(rows),
        "groups": {},
        "throughput": {
            "pairs": len(sample),
            "wall_s": wall,
            "cpu_s": cpu,
            "pairs_per_s": len(sample) / wall if wall else None,
            "per_pair_api_s": per_pair_s,
            "batch_vs_single_max_diff": drift,
        },
    }
    out = [
        f"Public alignment set ({a.split}{', ' + a.source if a.source else ''}: {len(rows)} "
        "pairs), default aligner "
        f"(method {default.method}), ε = {a.epsilon}"
    ]
    for by in GROUPS:
        stats = summarise(rows, sims, verdicts, by)
        extra = {
            m: summarise(rows, s, alt_verdicts.get(m, [None] * len(rows)), by)
            for m, s in alt.items()
        }
        report["groups"][by] = {"default": stats, **extra}
        out += ["", table(f"per {by}", stats, extra, set(alt_verdicts))]
    t = report["throughput"]
    out += [
        "",
        f"Throughput ({a.threads} torch threads): {t['pairs']} pairs in one batch "
        f"{wall:.1f} s wall ({cpu:.1f} s CPU), {t['pairs_per_s']:.1f} pairs/s; scoring all "
        f"{len(rows)} pairs one `score` call at a time: {per_pair_s:.1f} s; batch vs single "
        f"max |Δ| = {drift:.2g}",
    ]
    print("\n".join(out))
    if a.json:
        a.json.write_text(json.dumps(report, indent=1, default=str))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
