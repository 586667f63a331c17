"""The console entry point: parse, run the subcommand; a closed stdout ends it with 141."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from .parser import build_parser


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
