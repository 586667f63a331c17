"""Per-domain summary of a results file: rates of parseable / solvable / equivalent."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

__all__ = ["summarize"]


def summarize(out: Path) -> list[dict]:
    """Per-domain rates of parseable / solvable / equivalent, and unknown counts."""
    acc: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    with open(out, encoding="utf-8") as fh:
        for line in fh:
            try:
                r = json.loads(line)
            except json.JSONDecodeError:
                continue
            for key in (r.get("domain") or "?", "all"):
                a = acc[key]
                a["n"] += 1
                a["parseable"] += bool(r.get("parseable"))
                a["solvable"] += r.get("solvable") is True
                a["equivalent"] += r.get("equivalent") is True
                a["equivalent_relaxed_typing"] += r.get("equivalent_relaxed_typing") is True
                a["solvable_unknown"] += bool(r.get("parseable")) and r.get("solvable") is None
                a["equivalent_unknown"] += bool(r.get("parseable")) and r.get("equivalent") is None
    rows = []
    for dom in sorted(acc, key=lambda d: (d == "all", d)):
        a = acc[dom]
        n = int(a["n"])
        rows.append(
            {
                "domain": dom,
                "n": n,
                **{
                    k: round(a[k] / n, 4)
                    for k in ("parseable", "solvable", "equivalent", "equivalent_relaxed_typing")
                },
                "solvable_unknown": int(a["solvable_unknown"]),
                "equivalent_unknown": int(a["equivalent_unknown"]),
            }
        )
    return rows
