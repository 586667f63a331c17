"""The argument parser: every subcommand, its options and its exit statuses."""

from __future__ import annotations

import argparse

from .. import __version__
from .batch import cmd_generate, cmd_score
from .cache import cmd_cache
from .domains import cmd_domain
from .help import _DOMAIN_HELP, DESCRIPTION, PLANNER_NAMES, _epilog, document
from .packs import cmd_packs
from .problems import cmd_check, cmd_equiv, cmd_solve, cmd_specify, cmd_validate


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="planetarium",
        description=DESCRIPTION,
        epilog=_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    from ..cache import cache_dir

    version = f"planetarium-plugin {__version__}\ncache: {cache_dir()} (size: planetarium cache)"
    p.add_argument("--version", action="version", version=version)
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
        help="N generated problems (default 7, also the most: a larger N uses 7 and says so), "
        "or a directory of *.pddl problems",
    )
    d.add_argument("--json", action="store_true", help="print one JSON object")
    d.add_argument("--explain", action="store_true", help="diagnostics, actions, per problem")
    d.add_argument("--no-metrics", action="store_true", help="equivalence only (no planners)")
    d.add_argument("--timeout", type=float, default=60.0, help="seconds in all (default 60)")
    d.add_argument(
        "--strict",
        action="store_true",
        help="strict PDDL: requirements and declared types are errors (default: what Fast "
        "Downward accepts is a warning)",
    )
    d.add_argument(
        "--match-names",
        action="store_true",
        help="map the candidate's names (types, predicates, functions, actions) onto the "
        "ground truth's first",
    )
    d.set_defaults(func=cmd_domain)

    h = command("check", help="diagnostics for a domain (and a problem) an LLM can act on")
    h.add_argument("domain", help="domain file ('-' for stdin)")
    h.add_argument("problem", nargs="?", default=None, help="optional problem file")
    h.add_argument("--json", action="store_true", help="print one JSON object")
    h.add_argument(
        "--strict",
        action="store_true",
        help="strict PDDL: what Fast Downward accepts (missing requirements, undeclared types) "
        "is an error, not a warning",
    )
    h.set_defaults(func=cmd_check)

    x = command(
        "cache",
        help="show the cache's place and size (ENHSP start-up archives, ground-truth plans); "
        "'clear' empties it",
        description="The cache holds ENHSP's start-up class archives and ground-truth plans; "
        "least recently used files go first once it exceeds $PLANETARIUM_CACHE_MAX_MB "
        "(default 200). Its place: $PLANETARIUM_CACHE, else $XDG_CACHE_HOME/planetarium-plugin.",
    )
    x.add_argument(
        "action",
        nargs="?",
        choices=("show", "clear"),
        default="show",
        help="show (default) or clear; e.g. planetarium cache clear",
    )
    x.add_argument("--json", action="store_true", help="print one JSON object")
    x.set_defaults(func=cmd_cache)

    from ..alignment.cli import add_align_parser

    add_align_parser(sub, epilog=_epilog("align"))
    document(p)  # every option's default, one example per subcommand
    return p
