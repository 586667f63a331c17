"""The console entry point: parse, run the subcommand; a closed stdout ends it with 141."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from .common import CliError, os_message
from .parser import build_parser

_QUIET_HF = "HF_HUB_DISABLE_PROGRESS_BARS"


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``planetarium`` with ``argv``; returns the exit status.

    No Hugging Face progress bars while the command runs (transformers' "Loading weights" when
    the aligner loads its model; nothing is downloaded): a normal run's stderr holds only
    progress and real warnings. Read when transformers is first imported; set
    ``HF_HUB_DISABLE_PROGRESS_BARS=0`` to see them. The variable is restored afterwards.
    """
    if _QUIET_HF in os.environ:
        return _main(argv)
    os.environ[_QUIET_HF] = "1"
    try:
        return _main(argv)
    finally:
        os.environ.pop(_QUIET_HF, None)


def _main(argv: Sequence[str] | None) -> int:
    try:
        args = build_parser().parse_args(argv)  # --help may meet a closed pipe too
        try:
            code = args.func(args)
        except CliError as exc:  # an input or set-up problem: one line, exit 2
            print(f"error: {exc}", file=sys.stderr)
            return 2
        except BrokenPipeError:
            raise
        except OSError as exc:  # a file the command met deeper down
            print(f"error: {os_message(exc, 'access')}", file=sys.stderr)
            return 2
        sys.stdout.flush()
        return code
    except BrokenPipeError:  # stdout closed early (``| head``): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so the flush at exit does not fail again
        os.close(devnull)
        return 141
