"""Shared by the subcommands: reading an input file (``-`` is stdin) and file-error messages."""

from __future__ import annotations

import errno
import sys
from pathlib import Path

#: What to do about an OS error, by errno (the message names the file and the action).
_FIXES = {
    errno.ENOENT: "no such file or directory; check the path",
    errno.EISDIR: "it is a directory; give a file",
    errno.ENOTDIR: "a part of the path is a file, not a directory; check the path",
    errno.EACCES: "permission denied; check the file's permissions",
    errno.EPERM: "operation not permitted; check the file's permissions",
    errno.ENOSPC: "no space left on the device; free some space",
    errno.EROFS: "the file system is read-only; choose another place",
    errno.EEXIST: "it already exists",
    errno.ENAMETOOLONG: "the file name is too long",
}


class CliError(Exception):
    """An input or set-up problem the CLI reports as one line (exit status 2)."""


def os_message(exc: OSError, action: str, path: object = None) -> str:
    """One line for an OS error: the action, the file, the cause and the fix (no ``[Errno N]``).

    >>> os_message(FileNotFoundError(2, "No such file or directory", "x.pddl"), "read")
    'cannot read x.pddl: no such file or directory; check the path'
    """
    name = path if path is not None else exc.filename
    cause = _FIXES.get(exc.errno or -1) or (exc.strerror or type(exc).__name__).lower()
    return f"cannot {action} {name if name is not None else 'a file'}: {cause}"


def _read(path: str, what: str = "") -> str:
    """The text of ``path`` (``-``: stdin); an OS error becomes a :class:`CliError`."""
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_bytes().decode("utf-8", errors="replace")
    except OSError as exc:
        raise CliError(os_message(exc, f"read {what}".rstrip(), path)) from None
