"""``planetarium cache``: where the cache is and how big (``clear`` empties it)."""

from __future__ import annotations

import argparse
import json

from .common import CliError, os_message


def cmd_cache(args: argparse.Namespace) -> int:
    from ..cache import cache_usage, clear_cache

    try:
        if args.action == "clear":
            gone = clear_cache()
            left = cache_usage()
            if left.files:
                raise CliError(
                    f"cannot clear the cache {left.path}: {left.files} files remain; check "
                    "their permissions"
                )
            msg = f"removed {gone.files} files, {gone.bytes / 1e6:.1f} MB from {gone.path}"
            print(json.dumps({"removed_files": gone.files, "removed_bytes": gone.bytes,
                              "path": str(gone.path)}) if args.json else msg)  # fmt: skip
            return 0
        usage = cache_usage()
    except OSError as exc:
        raise CliError(os_message(exc, "read the cache")) from None
    if args.json:
        print(json.dumps({"path": str(usage.path), "files": usage.files, "bytes": usage.bytes,
                          "max_bytes": usage.max_bytes}))  # fmt: skip
    else:
        print(f"cache: {usage}")
    return 0
