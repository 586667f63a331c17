"""Agreement of ``--match-names`` with hand verdicts on public model-written domains, per source.

    python benchmarks/bench_renaming_public.py [--source l2p] [--problems 2]

For every file of ``tests/data/model_written/<source>/`` (see its ``SOURCE.md``): the verdict
of ``evaluate_domain("blocksworld", text, match_names=True)`` against the hand verdict of
``verdicts.json`` (an invalid file must be rejected naming the line of its first error), the
verdict of the exact metric under the hand mapping where there is one, and whether the file
with a stray ``)`` before its first action is rejected naming that line. One row per group of
the source (``source`` in ``verdicts.json``), never one pooled figure.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from model_written import entries, judge  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", default="l2p")
    ap.add_argument("--problems", type=int, default=2)
    args = ap.parse_args()
    rows: dict[str, list] = defaultdict(list)
    for name, entry in sorted(entries(args.source).items()):
        group = entry.get("source", args.source)
        rows[group].append(judge(args.source, name, entry, args.problems))
    print("| group | files | hand: equivalent / not / invalid | agreement "
          "| equivalent where hand is not | hand mappings confirmed "
          "| stray ')' rejected with its line |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for group, js in sorted(rows.items()):
        hand = [sum(j.hand == h for j in js) for h in ("equivalent", "not_equivalent", "invalid")]
        agree = sum(j.agrees for j in js)
        false_eq = sum(j.got == "equivalent" and j.hand != "equivalent" for j in js)
        mapped = [j for j in js if j.hand_mapped is not None]
        confirmed = sum(j.hand_mapped == j.hand for j in mapped)
        stray = [j for j in js if j.stray_ok is not None]
        print(f"| {args.source}/{group} | {len(js)} | {hand[0]} / {hand[1]} / {hand[2]} "
              f"| {agree}/{len(js)} | {false_eq} | {confirmed}/{len(mapped)} "
              f"| {sum(j.stray_ok for j in stray)}/{len(stray)} |")
        for j in js:
            if not j.agrees:
                print(f"  disagrees: {j.name}: hand {j.hand}, --match-names {j.got}",
                      file=sys.stderr)


if __name__ == "__main__":
    main()
