"""Reading the inputs of ``planetarium align …``: texts and problems given as files or inline,
and JSONL pairs files; a problem with them is an :class:`_InputError`, printed as one line
(exit 2)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

__all__: list[str] = []


def _arg_text(value: str) -> str:
    """``-`` reads stdin, an existing file is read, anything else is the text itself."""
    if value == "-":
        return sys.stdin.buffer.read().decode("utf-8", errors="replace")
    try:
        p = Path(value)
        if len(value) < 4096 and p.is_file():
            return p.read_bytes().decode("utf-8", errors="replace")
    except OSError:
        pass
    return value


class _InputError(Exception):
    """A command-line input problem: its message is the one line printed (exit 2)."""


def _file_text(value: str, what: str) -> str:
    """Read ``value`` as a file (``-``: stdin); a missing or unreadable one is an input error."""
    if value == "-":
        return sys.stdin.buffer.read().decode("utf-8", errors="replace")
    p = Path(value)
    if not p.exists():
        flag = {"task text": "--text", "problem PDDL": "--pddl"}.get(what)
        hint = f"to pass the {what} itself, use {flag}" if flag else "check the path"
        raise _InputError(f"no such file {value!r} (the {what}); {hint}")
    if p.is_dir():
        raise _InputError(f"{value!r} is a directory, not a file with the {what}")
    try:
        return p.read_bytes().decode("utf-8", errors="replace")
    except OSError as exc:
        raise _InputError(f"cannot read {value!r} (the {what}): {exc.strerror}") from None


def _score_inputs(args: argparse.Namespace) -> tuple[str, str]:
    """The task text and the problem: ``--text``/``--pddl`` inline, else files in order."""
    files = list(args.files)
    wanted = [w for w, inline in (("task text", args.text_inline), ("problem PDDL",
              args.pddl_inline)) if inline is None]  # fmt: skip
    if len(files) != len(wanted):
        need = " and ".join(wanted) or "nothing more"
        command = f"align {getattr(args, 'align_command', None) or 'score'}"
        raise _InputError(f"{command} takes the task text and the problem PDDL: {len(files)} "
                          f"file(s) given where {need} remain; give files in that order, or "
                          "the text with --text and the problem with --pddl")  # fmt: skip
    read = dict(zip(wanted, (_file_text(f, w) for f, w in zip(files, wanted, strict=True)),
                    strict=True))  # fmt: skip
    text = args.text_inline if args.text_inline is not None else read["task text"]
    pddl = args.pddl_inline if args.pddl_inline is not None else read["problem PDDL"]
    return text, pddl


def _labelled_rows(path: str) -> list[dict]:
    """Rows of a pairs file whose ``label`` (default 1) is 0 or 1; anything else is an error."""
    rows = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise _InputError(f"{path} line {n}: invalid JSON ({exc.msg})") from None
            label = row.get("label", 1) if isinstance(row, dict) else None
            if label not in (0, 1) or isinstance(label, float) and not label.is_integer():
                raise _InputError(f"{path} line {n}: label {label!r} is not 0 or 1 (1: the text "
                                  "describes the PDDL, 0: it does not)")  # fmt: skip
            rows.append(row)
    return rows


def _jsonl(path: str) -> list[dict]:
    rows = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.strip():
                rows.append(json.loads(line))
    return rows
