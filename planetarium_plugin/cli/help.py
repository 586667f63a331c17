"""The help texts: the description, the exit statuses by command and the planner names."""

from __future__ import annotations

import textwrap

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
