"""Planner subprocesses: each in its own process group, the whole tree killed on timeout."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
from pathlib import Path

__all__ = ["plan_file", "run_process"]


def run_process(cmd: list[str], timeout: float, cwd: str, stdin: str | None = None, env=None):
    """Run a planner in its own process group; on timeout kill the whole tree."""
    proc = subprocess.Popen(
        cmd,
        cwd=cwd,
        stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
        env=env,
    )
    try:
        out, _ = proc.communicate(stdin, timeout=timeout)
        return proc.returncode, out, False
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
        return proc.returncode, out, True
    finally:
        if proc.poll() is None:  # interrupted (KeyboardInterrupt): leave nothing behind
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def plan_file(path: Path) -> tuple[str, ...] | None:
    if not path.exists():
        return None
    steps = [ln.strip() for ln in path.read_text().splitlines()]
    return tuple(s.lower() for s in steps if s and not s.startswith(";"))
