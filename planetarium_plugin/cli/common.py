"""Shared by the subcommands: reading an input file (``-`` is stdin)."""

from __future__ import annotations

import sys
from pathlib import Path


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    return Path(path).read_bytes().decode("utf-8", errors="replace")
