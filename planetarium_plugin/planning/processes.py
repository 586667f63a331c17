"""Planner subprocesses: bounded in time, killed as a whole, never left behind.

Each planner runs in its own process group (so a timeout kills its whole tree) but inside the
caller's session: a supervisor that gives each worker its own session (``os.setsid()``) can
then kill a worker together with every planner it started (:func:`kill_session`), even planners
whose parent died. A one-shot planner also carries its own hard limit (coreutils ``timeout``,
where installed), so that even a SIGKILLed caller cannot leave it running past its budget; a
long-lived one (the ENHSP server) dies with the thread that started it (Linux).
"""

from __future__ import annotations

import contextlib
import ctypes
import importlib.util
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

__all__ = [
    "die_with_parent",
    "kill_group",
    "kill_session",
    "package_dir",
    "plan_file",
    "popen",
    "run_process",
    "session_members",
]

_PR_SET_PDEATHSIG = 1
#: Resolved once here: the child between fork and exec must not load libraries.
_PRCTL = ctypes.CDLL(None).prctl if sys.platform.startswith("linux") else None


def die_with_parent() -> None:
    """Linux: SIGKILL this process when the thread that forked it ends (no-op elsewhere).

    Safe between fork and exec: the libc function was resolved at import.
    """
    if _PRCTL is not None:
        _PRCTL(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def popen(cmd: list[str], *, die_with_caller: bool = False, **kw) -> subprocess.Popen:
    """``subprocess.Popen`` in a new process group of the caller's session.

    ``die_with_caller`` (Linux) kills it when the calling thread ends; it costs a full fork of
    this process instead of a vfork (tens of ms for a large process), so only long-lived
    processes ask for it.
    """
    if die_with_caller and _PRCTL is not None:
        kw["preexec_fn"] = die_with_parent
    return subprocess.Popen(cmd, process_group=0, **kw)


_TIMEOUT = shutil.which("timeout")


def _bounded(cmd: list[str], seconds: float) -> list[str]:
    """``cmd`` under coreutils ``timeout -s KILL`` (a little after our own deadline)."""
    if _TIMEOUT is None:
        return cmd
    return [_TIMEOUT, "-s", "KILL", f"{seconds + 2:.1f}", *cmd]


def kill_group(proc: subprocess.Popen) -> None:
    """SIGKILL ``proc``'s process group (started by :func:`popen`) and reap ``proc``."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    with contextlib.suppress(ProcessLookupError):
        proc.kill()
    proc.wait()


def run_process(
    cmd: list[str],
    timeout: float,
    cwd: str,
    stdin: str | None = None,
    env=None,
    *,
    self_limit: bool = True,
):
    """Run a planner in its own process group; on timeout kill the whole tree.

    ``self_limit`` adds the ``timeout`` wrapper (an extra exec: a few ms) that bounds the
    process even if this caller dies; short-lived tools like VAL skip it. Returns
    ``(exit code, output, timed out)``.
    """
    proc = popen(
        _bounded(cmd, timeout) if self_limit else cmd,
        cwd=cwd,
        stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        errors="replace",
        env=env,
    )
    try:
        out, _ = proc.communicate(stdin, timeout=max(timeout, 0.001))
        return proc.returncode, out, False
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
        return proc.returncode, out, True
    finally:
        if proc.poll() is None:  # interrupted (KeyboardInterrupt): leave nothing behind
            kill_group(proc)


def session_members(sid: int) -> list[int]:
    """Pids of the live processes in session ``sid`` (Linux ``/proc``; empty elsewhere)."""
    pids = []
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2 :].split()
        if len(fields) > 3 and int(fields[3]) == sid and fields[0] != "Z":
            pids.append(int(entry.name))
    return pids


def kill_session(sid: int) -> None:
    """SIGKILL every process of session ``sid`` except the caller (a worker and its planners)."""
    for _ in range(3):  # a process may fork while we look: look again
        pids = [p for p in session_members(sid) if p != os.getpid()]
        if not pids:
            return
        for pid in pids:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)


def package_dir(name: str) -> Path | None:
    """Where an installed package lives, without importing it (``up_enhsp`` and
    ``up_fast_downward`` import unified-planning's engine machinery: seconds)."""
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def plan_file(path: Path) -> tuple[str, ...] | None:
    """The steps of a plan file written by a planner (None when it wrote none)."""
    if not path.exists():
        return None
    steps = [ln.strip() for ln in path.read_text(errors="replace").splitlines()]
    return tuple(s.lower() for s in steps if s and not s.startswith(";"))
