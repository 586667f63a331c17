"""Per-domain summary of a results file: rates of parseable / solvable / equivalent."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

__all__ = ["summarize"]


def summarize(out: Path) -> list[dict]:
    """Per-domain rates of parseable / solvable / equivalent, unknown and bad-record counts.

    The last result line of an id counts (a resumed run may have scored it again); damaged
    lines are skipped. Bad records count in ``n`` (as not parseable) and in ``bad_record``.
    """
    latest: dict[str, dict] = {}
    with open(out, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            try:
                r = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(r, dict):
                latest[str(r.get("id"))] = r
    acc: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for r in latest.values():
        for key in (r.get("domain") or "?", "all"):
            a = acc[key]
            a["n"] += 1
            a["parseable"] += bool(r.get("parseable"))
            a["solvable"] += r.get("solvable") is True
            a["equivalent"] += r.get("equivalent") is True
            a["equivalent_relaxed_typing"] += r.get("equivalent_relaxed_typing") is True
            a["solvable_unknown"] += bool(r.get("parseable")) and r.get("solvable") is None
            a["equivalent_unknown"] += bool(r.get("parseable")) and r.get("equivalent") is None
            a["bad_record"] += r.get("reason") == "bad_record"
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
                "bad_record": int(a["bad_record"]),
            }
        )
    return rows
