"""The ``planetarium`` command.

``planetarium equiv GT CAND --domain D`` exits 0 (equivalent), 1 (not equivalent), 2 (invalid
input: candidate not a valid problem, unknown domain, unreadable file) or 3 (undecided).

The command is a package: ``problems`` (equiv, specify, solve, validate, check), ``batch``
(score, generate), ``packs``, ``domains`` (the ``domain`` subcommand), ``help`` (description,
exit statuses, planner names), ``common`` (reading input), ``parser`` (``build_parser``) and
``entry`` (``main``); the ``align`` subcommands live in :mod:`planetarium_plugin.alignment.cli`.
"""

from __future__ import annotations

from .batch import cmd_generate, cmd_score
from .common import _read as _read
from .domains import _print_domain_score as _print_domain_score
from .domains import cmd_domain
from .entry import main
from .help import _DOMAIN_HELP as _DOMAIN_HELP
from .help import _PIPE as _PIPE
from .help import DESCRIPTION, EXIT_CODES, EXIT_STATUS, PLANNER_NAMES
from .help import _epilog as _epilog
from .packs import cmd_packs
from .parser import build_parser
from .problems import _print_verdict as _print_verdict
from .problems import _with_problem as _with_problem
from .problems import cmd_check, cmd_equiv, cmd_solve, cmd_specify, cmd_validate

__all__ = [
    "DESCRIPTION",
    "EXIT_CODES",
    "EXIT_STATUS",
    "PLANNER_NAMES",
    "build_parser",
    "cmd_check",
    "cmd_domain",
    "cmd_equiv",
    "cmd_generate",
    "cmd_packs",
    "cmd_score",
    "cmd_solve",
    "cmd_specify",
    "cmd_validate",
    "main",
]
