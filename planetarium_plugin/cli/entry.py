"""The console entry point: parse, run the subcommand; a closed stdout ends it with 141."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from .common import CliError, os_message
from .parser import build_parser


def main(argv: Sequence[str] | None = None) -> int:
    # No Hugging Face progress bars (transformers' "Loading weights" for the aligner's model):
    # nothing is downloaded, and a normal run's stderr holds only progress and real warnings.
    # Read when transformers is first imported; HF_HUB_DISABLE_PROGRESS_BARS=0 brings them back.
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
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
