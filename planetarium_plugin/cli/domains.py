"""``planetarium domain``: evaluate a model-written domain against a ground truth."""

from __future__ import annotations

import argparse
import json
import sys

from .common import CliError, _read
from .help import status_word


def _print_domain_score(score, explain: bool) -> None:
    invalid = "INVALID DOMAIN" if not score.parseable else "INVALID INPUT"
    state = status_word(score.exit_code, "EQUIVALENT", "NOT EQUIVALENT", invalid)
    reason = f" [{score.reason}]" if score.reason else ""
    print(f"{state}{reason}: {score.message} ({score.elapsed_ms:.0f} ms)")
    if score.parseable:
        print(
            "  ".join(
                f"{name} {r.count}/{r.total}"
                for name, r in (
                    ("executability", score.executability),
                    ("feasibility", score.feasibility),
                    ("interpretability", score.interpretability),
                )
            )
        )
    if not explain and score.parseable:
        return
    for d in score.diagnostics:
        print(f"  {d}")
    for a in score.actions:
        if a.status != "match" or explain:
            print(f"  {a.status:<9} {a.message}")
    d = score.difference
    if d is not None and d.step:
        print(f"First difference, after {' '.join(d.path) or 'no steps'}:")
        print(f"  state: {' '.join(d.state) or '(the init)'}")
        print(f"  {d.message}")
        print(f"  ground truth: {' '.join(d.ground_truth)}")
        print(f"  candidate:    {' '.join(d.candidate)}")
    if explain:
        for r in score.problems:
            verdict = {True: "equivalent", False: "differs", None: "undecided"}[r.equivalent]
            flags = "".join(
                c if ok else "-"
                for c, ok in (("E", r.executable), ("F", r.feasible), ("I", r.interpretable))
            )
            print(f"  {r.name:<48} {verdict:<10} {flags}  {r.states} states")


def cmd_domain(args: argparse.Namespace) -> int:
    from ..domains import evaluate_domain
    from ..domains.problems import DEFAULT_COUNT

    problems = args.problems
    if problems is not None and problems.lstrip("+-").isdigit():
        problems = int(problems)
        if problems < 1:
            raise CliError(
                f"--problems {args.problems}: give a count of 1 to {DEFAULT_COUNT} generated "
                "problems, or a directory of *.pddl problems"
            )
    candidate = _read(args.candidate, "the candidate domain")
    score = evaluate_domain(
        args.ground_truth,
        candidate,
        problems=problems,
        timeout=args.timeout,
        metrics=not args.no_metrics,
        strict=args.strict,
        match_names=args.match_names,
    )
    used = len(score.problems) or score.executability.total
    if isinstance(problems, int) and score.parseable and 0 < used < problems:
        print(
            f"note: --problems {problems}: {used} generated problems used; the generator gives "
            f"at most {DEFAULT_COUNT} (two per scale 1-3 with distinct inits, then one larger, "
            "each small enough to explore every state), fewer when not so many fit",
            file=sys.stderr,
        )
    if args.json:
        print(json.dumps(score.to_dict(), indent=2 if args.explain else None))
    else:
        _print_domain_score(score, args.explain)
    return score.exit_code
