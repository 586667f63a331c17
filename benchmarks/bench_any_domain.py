"""Benchmark: what naming a domain by text or path costs, against passing a pack object.

    python benchmarks/bench_any_domain.py [--repeat 200] [--json OUT]

For each domain no pack provides (``tests/domains/``) and one equivalent pair of its problems,
it times ``equivalent(gt, cand, domain=…)`` with the domain given as
* a ``DomainPack`` object (the baseline: no resolution at all),
* the domain PDDL text (a hash of the text, then the registry's cache),
* a file path (read, hash, cache),
* the text with the cache cleared before every call (a full parse each time: what every call
  would cost without the cache),
and reports medians and their ratios to the baseline, all in one run on one core, plus the
number of domain parses the cached calls needed. A second table times ``resolve_domain`` alone
(10x the repeats), where the resolution cost is not hidden by the equivalence check.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from planetarium_plugin import DomainPack, default_registry, equivalent, resolve_domain

DOMAINS = Path(__file__).resolve().parents[1] / "tests" / "domains"
PAIRS = {
    "oneway-courier": ("(parcel-at x c)", "(parcel-at x c) (at c) (visited b)"),
    "logistics-typed": ("(at p2 port1)", "(at p2 port1)"),
    "fuel-shuttle": ("(at s3)", "(at s3) (seen s3)"),
}


def _medians_ms(fns: dict, repeat: int) -> dict[str, float]:
    """Median time of each function, the variants interleaved so that load drifts hit all."""
    times: dict[str, list[float]] = {k: [] for k in fns}
    for _ in range(repeat):
        for key, fn in fns.items():
            t = time.perf_counter()
            fn()
            times[key].append((time.perf_counter() - t) * 1000)
    return {k: statistics.median(v) for k, v in times.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=200)
    ap.add_argument("--json", default="")
    args = ap.parse_args()
    cache = default_registry().domains
    rows = []
    for name, (old, new) in PAIRS.items():
        path = DOMAINS / f"{name}.pddl"
        text = path.read_text()
        gt = (DOMAINS / f"{name}-p1.pddl").read_text()
        cand = gt.replace(old, new)
        pack = DomainPack(name=name, domain_pddl=text)
        assert equivalent(gt, cand, domain=pack).equivalent is True

        def run(domain, clear=False, gt=gt, cand=cand):
            if clear:
                cache.clear()
            v = equivalent(gt, cand, domain=domain, timeout=None)
            assert v.equivalent is True, v.message

        parses0 = cache.parses
        t = _medians_ms(
            {
                "base": lambda: run(pack),  # noqa: B023
                "text": lambda: run(text),  # noqa: B023
                "path": lambda: run(str(path)),  # noqa: B023
                "cold": lambda: run(text, clear=True),  # noqa: B023
            },
            args.repeat,
        )
        # Every cold call parses once; the cached calls (text and the file of the same
        # text) parsed once in all.
        cached_parses = cache.parses - parses0 - args.repeat
        base, as_text, as_path, cold = t["base"], t["text"], t["path"], t["cold"]
        rows.append(
            {
                "domain": name,
                "pack_object_ms": round(base, 3),
                "text_ms": round(as_text, 3),
                "path_ms": round(as_path, 3),
                "uncached_text_ms": round(cold, 3),
                "text_ratio": round(as_text / base, 3),
                "path_ratio": round(as_path / base, 3),
                "uncached_ratio": round(cold / base, 3),
                "parses_for_cached_calls": cached_parses,
                "cached_calls": 2 * args.repeat,
            }
        )
    resolve_rows = []
    for name in PAIRS:
        path = DOMAINS / f"{name}.pddl"
        text = path.read_text()

        def cold(text=text):
            cache.clear()
            resolve_domain(text)

        t = _medians_ms(
            {
                "pack name": lambda: resolve_domain("blocksworld"),
                "text": lambda: resolve_domain(text),  # noqa: B023
                "path": lambda: resolve_domain(str(path)),  # noqa: B023
                "uncached text": cold,
            },
            10 * args.repeat,
        )
        resolve_rows.append(
            {"domain": name, **{f"{k} (us)": round(v * 1000, 1) for k, v in t.items()}}
        )
    for table in (rows, resolve_rows):
        cols = list(table[0])
        print("  ".join(cols))
        for r in table:
            print("  ".join(str(r[c]) for c in cols))
        print()
    if args.json:
        Path(args.json).write_text(
            json.dumps({"equivalent": rows, "resolve": resolve_rows}, indent=2)
        )


if __name__ == "__main__":
    main()
