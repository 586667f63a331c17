"""``planetarium packs``: the installed domain packs as a table or JSON."""

from __future__ import annotations

import argparse
import json
import sys

from ..packs import default_registry


def cmd_packs(args: argparse.Namespace) -> int:
    reg = default_registry()
    rows = [
        {
            "name": p.name,
            "version": p.version,
            "distribution": p.distribution,
            "domain": p.domain.name,
            "fully_specify_rules": p.fully_specify is not None,
            "numeric": p.numeric,
            "planner": p.planner_kind,
        }
        for p in reg.values()
    ]
    if args.json:
        print(json.dumps({"packs": rows, "errors": list(reg.errors)}, indent=2))
        return 0
    header = ["name", "version", "distribution", "rules", "numeric", "planner"]
    table = [
        [
            r["name"],
            r["version"],
            r["distribution"],
            "yes" if r["fully_specify_rules"] else "no",
            "yes" if r["numeric"] else "no",
            r["planner"],
        ]
        for r in rows
    ]
    widths = [max(len(str(x)) for x in col) for col in zip(header, *table, strict=False)]
    for row in [header, *table]:
        print("  ".join(str(x).ljust(w) for x, w in zip(row, widths, strict=True)).rstrip())
    for err in reg.errors:
        print(f"warning: {err}", file=sys.stderr)
    return 0
