"""Whole files at a time: ``score`` (a resumable JSONL of predictions) and ``generate``."""

from __future__ import annotations

import argparse
import errno
import os
import sys
from pathlib import Path

from ..errors import PlanetariumError
from ..packs import default_registry, resolve_pack
from .common import CliError, os_message


def _writable_file(path: str, action: str) -> None:
    """Fail early, as one line, when ``path`` cannot be appended to or created (nothing made)."""
    p = Path(path)
    try:
        if p.is_dir():
            raise CliError(f"cannot {action} to {path}: it is a directory; give a file")
        if p.exists():
            with open(p, "a", encoding="utf-8"):
                pass
            return
        parent = p.parent
        if not parent.exists():
            raise FileNotFoundError(errno.ENOENT, "No such file or directory", str(parent))
        if not parent.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, "Not a directory", str(parent))
        if not os.access(parent, os.W_OK | os.X_OK):
            raise PermissionError(errno.EACCES, "Permission denied", str(parent))
    except OSError as exc:
        raise CliError(os_message(exc, f"{action} to", path)) from None


def cmd_score(args: argparse.Namespace) -> int:
    from ..scoring import read_records, score_file
    from ..scoring.summary import DOMAIN_COLUMNS, PROBLEM_COLUMNS, summarize, summarize_domains

    try:
        records = list(read_records(Path(args.predictions)))
    except OSError as exc:
        raise CliError(os_message(exc, "read the predictions", args.predictions)) from None
    except UnicodeDecodeError as exc:
        where = f"byte {exc.object[exc.start]:#x} at offset {exc.start}"
        msg = f"cannot read the predictions {args.predictions}: not UTF-8 text ({where})"
        raise CliError(msg) from None
    engine: object = "local"
    if args.engine == "ray" or args.address:
        from ..scoring.ray_engine import RayEngine, ray_setup_problem

        problem = ray_setup_problem(args.address)
        if problem is not None:
            raise CliError(problem)
        engine = RayEngine(args.address)
    _writable_file(args.out, "write the results")
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
    except PlanetariumError as exc:  # the engine could not start (Ray's cluster): one line
        raise CliError(exc.message) from None
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
    rows, domain_rows = summarize(out), summarize_domains(out)
    print(
        f"scored {counts['scored']}, already done {counts['skipped']}, "
        f"timed out {counts['timeout']}, crashed {counts['crashed']}, "
        f"bad records {counts['bad_record']}"
    )
    if rows:
        _table(PROBLEM_COLUMNS, rows, "problem records" if domain_rows else "")
    if domain_rows:
        _table(DOMAIN_COLUMNS, domain_rows, "domain records" if rows else "")
    total = {
        k: sum(r[k] for t in (rows, domain_rows) for r in t if r["domain"] == "all")
        for k in ("n", "bad_record")
    }
    if total["n"] and total["bad_record"] == total["n"]:
        print(
            "error: every record is a bad_record (see solve_message in the results): each needs "
            "domain, ground_truth (or gt, problem_pddl) and candidate (or prediction, "
            "generation, response)",
            file=sys.stderr,
        )
        return 2
    return 0


def _table(header, rows: list[dict], title: str) -> None:
    """Rows as aligned columns (one space-separated table a script can read), under ``title``."""
    if title:
        print(f"{title}:")
    table = [[str(r[h]) for h in header] for r in rows]
    widths = [max(len(x) for x in col) for col in zip(header, *table, strict=False)]
    for row in [list(header), *table]:
        print("  ".join(x.ljust(w) for x, w in zip(row, widths, strict=True)).rstrip())


def cmd_generate(args: argparse.Namespace) -> int:
    from ..generation import dataset_rows, write_dataset

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
    try:
        counts = write_dataset(rows, Path(args.out))
    except OSError as exc:
        raise CliError(os_message(exc, "write the dataset to", args.out)) from None
    width = max((len(d) for d in counts), default=6)
    print(f"{'domain'.ljust(width)}  {'train':>7}  {'test':>7}")
    for dom, c in sorted(counts.items()):
        print(f"{dom.ljust(width)}  {c['train']:>7}  {c['test']:>7}")
    total = {s: sum(c[s] for c in counts.values()) for s in ("train", "test")}
    print(f"{'all'.ljust(width)}  {total['train']:>7}  {total['test']:>7}")
    return 0
