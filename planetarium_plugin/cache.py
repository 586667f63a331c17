"""The on-disk cache: ENHSP's start-up class archives and ground-truth plans, in one place,
capped in size (least recently used entries go first), shown and cleared by
``planetarium cache``.

The place is ``$PLANETARIUM_CACHE``, else ``$XDG_CACHE_HOME/planetarium-plugin`` (else
``~/.cache/planetarium-plugin``); the cap ``$PLANETARIUM_CACHE_MAX_MB`` (default
:data:`DEFAULT_MAX_MB`). Every entry can be made again: clearing costs only time.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "DEFAULT_MAX_MB",
    "CacheUsage",
    "cache_dir",
    "cache_usage",
    "clear_cache",
    "max_bytes",
    "prune_cache",
    "touch",
]

#: The default cap in megabytes (an ENHSP archive is about 15 MB; a ground-truth plan ~1 kB).
DEFAULT_MAX_MB = 200


@dataclass(frozen=True, slots=True)
class CacheUsage:
    """Where the cache is, how many files it holds and their size in bytes, and its cap."""

    path: Path
    files: int
    bytes: int
    max_bytes: int

    def __str__(self) -> str:
        return (
            f"{self.path}: {self.files} files, {self.bytes / 1e6:.1f} MB "
            f"(cap {self.max_bytes / 1e6:.0f} MB, $PLANETARIUM_CACHE_MAX_MB)"
        )


def cache_dir() -> Path:
    """The cache's place (not created here).

    >>> import os; os.environ["PLANETARIUM_CACHE"] = "/tmp/pc"; str(cache_dir())
    '/tmp/pc'
    >>> del os.environ["PLANETARIUM_CACHE"]
    """
    base = os.environ.get("PLANETARIUM_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "planetarium-plugin"
    )
    return Path(base)


def max_bytes() -> int:
    """The cap: ``$PLANETARIUM_CACHE_MAX_MB`` megabytes (default :data:`DEFAULT_MAX_MB`)."""
    try:
        mb = float(os.environ.get("PLANETARIUM_CACHE_MAX_MB") or DEFAULT_MAX_MB)
    except ValueError:
        mb = DEFAULT_MAX_MB
    return max(0, int(mb * 1e6))


def _entries(root: Path) -> list[tuple[float, int, Path]]:
    """(last use, size, path) of every file below ``root``; files that vanish are skipped."""
    out = []
    for dirpath, _, names in os.walk(root):
        for name in names:
            path = Path(dirpath, name)
            try:
                st = path.stat()
            except OSError:
                continue
            out.append((max(st.st_atime, st.st_mtime), st.st_size, path))
    return out


def cache_usage() -> CacheUsage:
    """The cache's place, file count and size (an absent cache is empty)."""
    root = cache_dir()
    entries = _entries(root) if root.is_dir() else []
    return CacheUsage(root, len(entries), sum(e[1] for e in entries), max_bytes())


def touch(path: Path) -> None:
    """Mark ``path`` as just used (file systems mounted noatime do not), for the LRU order."""
    with contextlib.suppress(OSError):
        os.utime(path)


def prune_cache(keep: Path | None = None, limit: int | None = None) -> int:
    """Remove the least recently used files until the cache fits ``limit`` bytes (default the
    cap); ``keep`` (the entry just written) is never removed. Returns the bytes removed."""
    limit = max_bytes() if limit is None else limit
    root = cache_dir()
    if not root.is_dir():
        return 0
    entries = sorted(_entries(root))
    total = sum(e[1] for e in entries)
    removed = 0
    for _, size, path in entries:
        if total <= limit:
            break
        if keep is not None and path == keep:
            continue
        try:
            path.unlink()
        except OSError:
            continue
        total -= size
        removed += size
    return removed


def clear_cache() -> CacheUsage:
    """Remove everything in the cache; returns what was there (its files and bytes)."""
    before = cache_usage()
    root = before.path
    if root.is_dir():
        for child in root.iterdir():
            if child.is_dir() and not child.is_symlink():
                shutil.rmtree(child, ignore_errors=True)
            else:
                child.unlink(missing_ok=True)
    return before
