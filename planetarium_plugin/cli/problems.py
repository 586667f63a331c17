"""One problem at a time: ``equiv``, ``specify``, ``solve``, ``validate`` and ``check``."""

from __future__ import annotations

import argparse
import json
import sys

from ..equivalence import Verdict, equivalent
from ..errors import Deadline, PlanetariumError
from ..packs import resolve_pack
from ..parsing import parse_problem
from ..specify import fully_specify_problem
from .common import _read
from .help import status_word


def _print_verdict(v: Verdict, explain: bool) -> None:
    invalid = "NOT PARSEABLE" if not v.parseable else "INVALID INPUT"
    state = status_word(v.exit_code, "EQUIVALENT", "NOT EQUIVALENT", invalid)
    line = f"{state}"
    if v.reason:
        line += f" [{v.reason}]"
    print(f"{line}: {v.message} ({v.elapsed_ms:.2f} ms)")
    e = v.explanation
    if explain and e is not None:
        title = "Fully specified goal" if e.goals == "fully specified" else "Goal as written"
        print(f"\n{title}, ground truth:")
        print("  " + "\n  ".join(e.ground_truth_goal or ("(empty)",)))
        print(f"{title}, candidate:")
        print("  " + "\n  ".join(e.candidate_goal or ("(empty)",)))
        if e.mapping:
            pairs = ", ".join(f"{k}->{v}" for k, v in sorted(e.mapping.items()) if k != v)
            print(f"Object mapping (candidate -> ground truth): {pairs or 'identity'}")
        for title, items in (
            ("init, missing in candidate", e.init_missing),
            ("init, extra in candidate", e.init_extra),
            ("goal, missing in candidate", e.goal_missing),
            ("goal, extra in candidate", e.goal_extra),
        ):
            if items:
                print(f"Diff ({title}):")
                print(
                    "  " + "\n  ".join(f"{'-' if 'missing' in title else '+'} {x}" for x in items)
                )


def cmd_equiv(args: argparse.Namespace) -> int:
    gt, cand = _read(args.ground_truth, "the ground truth"), _read(args.candidate, "the candidate")
    v = equivalent(
        gt,
        cand,
        domain=args.domain,
        placeholder=args.placeholder,
        typing="relaxed" if args.relaxed_typing else "strict",
        timeout=args.timeout,
        explain=args.explain or args.json,
    )
    if args.json:
        print(json.dumps(v.to_dict(), indent=None if not args.explain else 2))
    else:
        _print_verdict(v, args.explain)
    return v.exit_code


def _with_problem(command):
    """Load ``args.domain`` and ``args.problem`` for a command; input errors exit with 2."""

    def run(args: argparse.Namespace) -> int:
        try:
            pack = resolve_pack(args.domain)
            problem = parse_problem(_read(args.problem, "the problem"), pack.domain)
            return command(args, pack, problem)
        except PlanetariumError as exc:
            print(f"error [{exc.reason.value}]: {exc.message}", file=sys.stderr)
        return 2

    return run


@_with_problem
def cmd_specify(args: argparse.Namespace, pack, problem) -> int:
    fs = fully_specify_problem(
        problem,
        pack.domain,
        pack.fully_specify,
        negative=args.negative,
        deadline=Deadline(args.timeout),
    )
    for a in sorted(map(str, fs.positive)):
        print(a)
    for a in sorted(map(str, fs.negative)):
        print(f"(not {a})")
    for c in sorted(map(str, fs.numeric)):
        print(c)
    reach = {True: "reachable", False: "UNREACHABLE", None: "reachability not checked"}
    print(f"; {fs.method}, goal {reach[fs.reachable]}", file=sys.stderr)
    return 0


@_with_problem
def cmd_solve(args: argparse.Namespace, pack, problem) -> int:
    from ..planning import solve

    r = solve(problem, pack, planner=args.planner, timeout=args.timeout, validator=args.validator)
    if args.json:
        print(json.dumps(r.to_dict()))
        return r.exit_code
    print(f"{r.status.value.upper()} by {r.planner}: {r.message}")
    print(
        f"planner {r.planner_ms:.1f} ms, validation {r.validate_ms:.1f} ms, "
        f"total {r.elapsed_ms:.1f} ms"
    )
    for step in r.plan or ():
        print(step)
    return r.exit_code


@_with_problem
def cmd_validate(args: argparse.Namespace, pack, problem) -> int:
    from ..planning import validate

    v = validate(problem, _read(args.plan, "the plan"), pack, validator=args.validator)
    if args.json:
        print(json.dumps(v.to_dict()))
    else:
        print(f"{'VALID' if v.valid else 'INVALID'} ({v.validator}): {v.message}")
    return 0 if v.valid else 1


def cmd_check(args: argparse.Namespace) -> int:
    from ..domains import check_domain, check_problem

    domain = _read(args.domain, "the domain")
    problem = _read(args.problem, "the problem") if args.problem else None
    found = check_domain(domain, strict=args.strict)
    diags = found.diagnostics
    if problem is not None and found.domain is not None:
        diags = diags + check_problem(problem, found.domain, strict=args.strict)
    errors = [d for d in diags if d.severity == "error"]
    if args.json:
        print(json.dumps({"ok": not errors, "diagnostics": [d.to_dict() for d in diags]}))
    else:
        for d in diags:
            print(d)
        warnings = len(diags) - len(errors)
        print(f"{len(errors)} error(s), {warnings} warning(s)" if diags else "OK: no problems")
    return 2 if errors else 0
