"""The ``planetarium`` command.

``planetarium equiv GT CAND --domain D`` exits 0 (equivalent), 1 (not equivalent), 2 (invalid
input: candidate not a valid problem, unknown domain, unreadable file) or 3 (undecided).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path

from . import __version__
from .equivalence import Verdict, equivalent
from .errors import Deadline, PlanetariumError
from .packs import default_registry, resolve_pack
from .parsing import parse_problem
from .specify import fully_specify_problem


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    return Path(path).read_bytes().decode("utf-8", errors="replace")


def _print_verdict(v: Verdict, explain: bool) -> None:
    state = {True: "EQUIVALENT", False: "NOT EQUIVALENT", None: "UNDECIDED"}[v.equivalent]
    if not v.parseable:
        state = "NOT PARSEABLE"
    line = f"{state}"
    if v.reason:
        line += f" [{v.reason}]"
    print(f"{line}: {v.message} ({v.elapsed_ms:.2f} ms)")
    e = v.explanation
    if explain and e is not None:
        print("\nFully specified goal, ground truth:")
        print("  " + "\n  ".join(e.ground_truth_goal or ("(empty)",)))
        print("Fully specified goal, candidate:")
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
    try:
        gt, cand = _read(args.ground_truth), _read(args.candidate)
    except OSError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
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


def _with_problem(command):
    """Load ``args.domain`` and ``args.problem`` for a command; input errors exit with 2."""

    def run(args: argparse.Namespace) -> int:
        try:
            pack = resolve_pack(args.domain)
            problem = parse_problem(_read(args.problem), pack.domain)
            return command(args, pack, problem)
        except PlanetariumError as exc:
            print(f"error [{exc.reason.value}]: {exc.message}", file=sys.stderr)
        except BrokenPipeError:
            raise  # a closed stdout ends the command quietly (see main)
        except OSError as exc:
            print(f"error: {exc}", file=sys.stderr)
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
    from .planning import solve

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
    from .planning import validate

    v = validate(problem, _read(args.plan), pack, validator=args.validator)
    if args.json:
        print(json.dumps(v.to_dict()))
    else:
        print(f"{'VALID' if v.valid else 'INVALID'} ({v.validator}): {v.message}")
    return 0 if v.valid else 1


def cmd_score(args: argparse.Namespace) -> int:
    from .scoring import read_records, score_file, summarize

    try:
        records = list(read_records(Path(args.predictions)))
    except OSError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    engine: object = "local"
    if args.engine == "ray" or args.address:
        try:
            from .scoring.ray_engine import RayEngine
        except ImportError:
            print(
                'error: --engine ray needs Ray: pip install "planetarium-plugin[ray]"',
                file=sys.stderr,
            )
            return 2
        engine = RayEngine(args.address)
    try:
        counts = score_file(
            records,
            Path(args.out),
            workers=args.workers,
            timeout=args.timeout,
            memory_mb=args.memory_mb or None,
            planner=args.planner,
            check_solvable=not args.no_solve,
            progress=not args.quiet,
            engine=engine,
        )
    except KeyboardInterrupt:
        print(
            f"interrupted: results so far are in {args.out}; run the same command to resume",
            file=sys.stderr,
        )
        return 130
    out = Path(args.out)
    if counts["damaged"]:
        print(
            f"warning: removed {counts['damaged']} damaged line(s) from {out} (a run killed "
            "while writing); their samples are scored again",
            file=sys.stderr,
        )
    if counts["retried"]:
        print(
            f"note: scoring again {counts['retried']} sample(s) whose earlier result was "
            "bad_record or crashed",
            file=sys.stderr,
        )
    if counts["duplicates"]:
        print(
            f"warning: {counts['duplicates']} record(s) repeat an earlier id; only the first "
            "of each id is scored",
            file=sys.stderr,
        )
    if not out.exists():
        print(f"error: no records in {args.predictions}", file=sys.stderr)
        return 2
    rows = summarize(out)
    print(
        f"scored {counts['scored']}, already done {counts['skipped']}, "
        f"timed out {counts['timeout']}, crashed {counts['crashed']}, "
        f"bad records {counts['bad_record']}"
    )
    header = [
        "domain",
        "n",
        "parseable",
        "solvable",
        "equivalent",
        "equivalent_relaxed_typing",
        "solvable_unknown",
        "equivalent_unknown",
        "bad_record",
    ]
    table = [[str(r[h]) for h in header] for r in rows]
    widths = [max(len(x) for x in col) for col in zip(header, *table, strict=False)]
    for row in [header, *table]:
        print("  ".join(x.ljust(w) for x, w in zip(row, widths, strict=True)).rstrip())
    total = next((r for r in rows if r["domain"] == "all"), None)
    if total is not None and total["n"] and total["bad_record"] == total["n"]:
        print(
            "error: every record is a bad_record (see solve_message in the results): each needs "
            "domain, ground_truth (or gt, problem_pddl) and candidate (or prediction, "
            "generation, response)",
            file=sys.stderr,
        )
        return 2
    return 0


def cmd_generate(args: argparse.Namespace) -> int:
    from .generation import dataset_rows, write_dataset

    reg = default_registry()
    names = args.domains.split(",") if args.domains else list(reg)
    try:
        packs = [resolve_pack(n) for n in names]
    except PlanetariumError as exc:
        print(f"error [{exc.reason.value}]: {exc.message}", file=sys.stderr)
        return 2
    rows = dataset_rows(
        packs,
        variants=args.variants,
        max_per_layout=args.max_per_layout,
        seed=args.seed,
        progress=not args.quiet,
    )
    counts = write_dataset(rows, Path(args.out))
    width = max((len(d) for d in counts), default=6)
    print(f"{'domain'.ljust(width)}  {'train':>7}  {'test':>7}")
    for dom, c in sorted(counts.items()):
        print(f"{dom.ljust(width)}  {c['train']:>7}  {c['test']:>7}")
    total = {s: sum(c[s] for c in counts.values()) for s in ("train", "test")}
    print(f"{'all'.ljust(width)}  {total['train']:>7}  {total['test']:>7}")
    return 0


def _print_domain_score(score, explain: bool) -> None:
    state = {True: "EQUIVALENT", False: "NOT EQUIVALENT", None: "UNDECIDED"}[score.equivalent]
    if not score.parseable:
        state = "INVALID DOMAIN"
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
    from .domains import evaluate_domain

    try:
        candidate = _read(args.candidate)
    except OSError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    problems = args.problems
    if problems is not None and problems.isdigit():
        problems = int(problems)
    score = evaluate_domain(
        args.ground_truth,
        candidate,
        problems=problems,
        timeout=args.timeout,
        metrics=not args.no_metrics,
    )
    if args.json:
        print(json.dumps(score.to_dict(), indent=2 if args.explain else None))
    else:
        _print_domain_score(score, args.explain)
    return score.exit_code


def cmd_check(args: argparse.Namespace) -> int:
    from .domains import check_domain, check_problem

    try:
        domain = _read(args.domain)
        problem = _read(args.problem) if args.problem else None
    except OSError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    found = check_domain(domain)
    diags = found.diagnostics
    if problem is not None and found.domain is not None:
        diags = diags + check_problem(problem, found.domain)
    errors = [d for d in diags if d.severity == "error"]
    if args.json:
        print(json.dumps({"ok": not errors, "diagnostics": [d.to_dict() for d in diags]}))
    else:
        for d in diags:
            print(d)
        warnings = len(diags) - len(errors)
        print(f"{len(errors)} error(s), {warnings} warning(s)" if diags else "OK: no problems")
    return 2 if errors else 0


DESCRIPTION = (
    "Check whether PDDL problems written by a language model mean what the request meant "
    "(the Planetarium metric), solve and validate problems, score prediction files and "
    "generate the dataset."
)

#: Exit statuses, shown by ``--help``.
EXIT_CODES = {
    "equiv": "0 equivalent, 1 not equivalent, 2 invalid input (candidate not a valid problem, "
    "unknown or invalid domain, unreadable file), 3 undecided (time or search budget)",
    "solve": "0 solved (plan validated), 1 proven unsolvable, 2 invalid input or planner "
    "error, 3 unknown (budget exhausted)",
    "validate": "0 valid plan, 1 invalid plan, 2 invalid input",
    "specify": "0 printed, 2 invalid input",
    "score": "0 scored, 2 unreadable input or every record a bad_record, 130 interrupted "
    "(run the same command to resume)",
    "packs": "0",
    "generate": "0 written, 2 unknown pack",
    "domain": "0 equivalent, 1 not equivalent, 2 candidate invalid (or unknown ground truth), "
    "3 undecided (state bound or time budget)",
    "check": "0 no errors (warnings allowed), 2 errors",
    "align": "score: 0 aligned or uncalibrated, 1 not aligned; calibrate, filter, train, "
    "eval: 0 done; 2 invalid input or the align extra missing",
}
#: Planner names for ``solve --planner`` (tests check it against planning.PLANNERS; importing
#: the planning package here would slow every command's start-up).
PLANNER_NAMES = ("auto", "pack", "fast-downward", "enhsp", "enhsp-server",
                 "fast-downward-up", "enhsp-up")  # fmt: skip
_PIPE = "141 when stdout is closed early (e.g. piped into head)"


def _epilog(command: str | None = None) -> str:
    if command is not None:
        return f"exit status: {EXIT_CODES[command]}; {_PIPE}."
    rows = [*EXIT_CODES.items(), ("any", _PIPE)]
    lines = [
        textwrap.fill(text, 88, initial_indent=f"  {name:<10}", subsequent_indent=" " * 12)
        for name, text in rows
    ]
    return "exit status by command:\n" + "\n".join(lines)


_DOMAIN_HELP = (
    "a pack name (see 'planetarium packs') or a domain PDDL file; a domain no pack provides "
    "is used as written (generic fullySpecify, Fast Downward or ENHSP)"
)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="planetarium",
        description=DESCRIPTION,
        epilog=_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--version", action="version", version=f"planetarium-plugin {__version__}")
    sub = p.add_subparsers(dest="command", required=True)

    def command(name: str, **kw) -> argparse.ArgumentParser:
        return sub.add_parser(name, epilog=_epilog(name), **kw)

    e = command("equiv", help="check whether a candidate problem equals the ground truth")
    e.add_argument("ground_truth", help="ground-truth problem file ('-' for stdin)")
    e.add_argument("candidate", help="candidate problem file; prose and fences are fine")
    e.add_argument("--domain", required=True, help=_DOMAIN_HELP)
    e.add_argument("--placeholder", action="store_true", help="goal objects are placeholders")
    e.add_argument("--relaxed-typing", action="store_true", help="ignore :typing misuse")
    e.add_argument("--explain", action="store_true", help="show fully specified goals and a diff")
    e.add_argument("--json", action="store_true", help="print one JSON object")
    e.add_argument("--timeout", type=float, default=10.0, help="seconds (default 10)")
    e.set_defaults(func=cmd_equiv)

    k = command("packs", help="list installed domain packs")
    k.add_argument("--json", action="store_true", help="packs and load errors as JSON")
    k.set_defaults(func=cmd_packs)

    s = command("specify", help="print a problem's fully specified goal")
    s.add_argument("problem", help="problem file ('-' for stdin); prose and fences are fine")
    s.add_argument("--domain", required=True, help=_DOMAIN_HELP)
    s.add_argument("--negative", action="store_true", help="also list implied negative literals")
    s.add_argument("--timeout", type=float, default=10.0, help="seconds (default 10)")
    s.set_defaults(func=cmd_specify)

    v = command("solve", help="find and validate a plan")
    v.add_argument("problem", help="problem file ('-' for stdin); prose and fences are fine")
    v.add_argument("--domain", required=True, help=_DOMAIN_HELP)
    v.add_argument(
        "--planner",
        default="auto",
        help=f"{', '.join(PLANNER_NAMES)} (default auto: the pack's planner, else Fast "
        "Downward for classical and ENHSP for numeric problems)",
    )
    v.add_argument("--validator", default="auto", help="auto, val or up (default auto)")
    v.add_argument("--timeout", type=float, default=10.0, help="seconds (default 10)")
    v.add_argument("--json", action="store_true", help="print one JSON object")
    v.set_defaults(func=cmd_solve)

    c = command("validate", help="validate a plan for a problem")
    c.add_argument("problem", help="problem file ('-' for stdin)")
    c.add_argument("plan", help="plan file: one (action args) per line; ';' comments allowed")
    c.add_argument("--domain", required=True, help=_DOMAIN_HELP)
    c.add_argument("--validator", default="auto", help="auto, val or up (default auto)")
    c.add_argument("--json", action="store_true", help="print one JSON object")
    c.set_defaults(func=cmd_validate)

    b = command("score", help="score a JSONL file of predictions (resumable)")
    b.add_argument(
        "predictions",
        help="JSONL: id, domain (or domain_pddl: the domain's text), ground_truth (or gt, "
        "problem_pddl), candidate (or prediction, generation, response), placeholder (or "
        "is_placeholder)",
    )
    b.add_argument(
        "--out",
        required=True,
        help="JSONL of scores, appended; on a rerun, ids already scored are skipped, a torn last "
        "line is removed and bad_record/crashed results are scored again",
    )
    b.add_argument("--workers", type=int, default=None, help="default: all cores")
    b.add_argument("--timeout", type=float, default=10.0, help="seconds per check")
    b.add_argument("--memory-mb", type=int, default=4096, help="per worker; 0 = unlimited")
    b.add_argument("--planner", default="auto", help="as for solve (default auto)")
    b.add_argument("--no-solve", action="store_true", help="skip the solvability check")
    b.add_argument("--quiet", action="store_true", help="no progress bar")
    b.add_argument("--engine", choices=["local", "ray"], default="local", help="where samples run")
    b.add_argument(
        "--address",
        default=None,
        help="Ray cluster to join (implies --engine ray; default: start a local one)",
    )
    b.set_defaults(func=cmd_score)

    g = command("generate", help="generate the text-to-PDDL dataset (train/test JSONL)")
    g.add_argument("--out", required=True, help="output directory")
    g.add_argument("--domains", default="", help="comma-separated packs (default: all)")
    g.add_argument(
        "--variants",
        type=int,
        default=90,
        help="random draws per scale (90: about the paper's 146k rows)",
    )
    g.add_argument(
        "--max-per-layout",
        type=int,
        default=None,
        help="at most N instances per (init layout, goal layout)",
    )
    g.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    g.add_argument("--quiet", action="store_true", help="no progress bar")
    g.set_defaults(func=cmd_generate)

    d = command("domain", help="evaluate a model-written domain against a ground truth")
    d.add_argument("ground_truth", help="ground truth: a pack name or a domain file")
    d.add_argument("candidate", help="candidate domain file ('-' for stdin)")
    d.add_argument(
        "--problems",
        default=None,
        help="N generated problems (default 8), or a directory of *.pddl problems",
    )
    d.add_argument("--json", action="store_true", help="print one JSON object")
    d.add_argument("--explain", action="store_true", help="diagnostics, actions, per problem")
    d.add_argument("--no-metrics", action="store_true", help="equivalence only (no planners)")
    d.add_argument("--timeout", type=float, default=60.0, help="seconds in all (default 60)")
    d.set_defaults(func=cmd_domain)

    h = command("check", help="diagnostics for a domain (and a problem) an LLM can act on")
    h.add_argument("domain", help="domain file ('-' for stdin)")
    h.add_argument("problem", nargs="?", default=None, help="optional problem file")
    h.add_argument("--json", action="store_true", help="print one JSON object")
    h.set_defaults(func=cmd_check)

    from .alignment.cli import add_align_parser

    add_align_parser(sub, epilog=_epilog("align"))
    return p


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)  # --help may meet a closed pipe too
        code = args.func(args)
        sys.stdout.flush()
        return code
    except BrokenPipeError:  # stdout closed early (``| head``): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so the flush at exit does not fail again
        os.close(devnull)
        return 141


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
