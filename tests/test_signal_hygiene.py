"""Issue 16: signal tests do not depend on how pytest was started (no terminal, a background
job with SIGINT ignored, CI=true): every child a test signals gets default dispositions."""

from __future__ import annotations

import ast
import signal
import subprocess
import sys
from pathlib import Path

from signaled import default_signals

TESTS = Path(__file__).parent
_SENDERS = {"send_signal", "kill", "killpg"}


def _sends_catchable_signal(tree: ast.AST) -> bool:
    """Whether the module sends a signal a child could ignore (anything but SIGKILL)."""
    for node in ast.walk(tree):
        call = isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
        if call and node.func.attr in _SENDERS:
            names = {a.attr for a in ast.walk(node) if isinstance(a, ast.Attribute)}
            if any(n.startswith("SIG") and n != "SIGKILL" for n in names):
                return True
    return False


def test_every_child_a_test_signals_resets_its_signals():
    offenders = []
    for path in sorted(TESTS.glob("*.py")):
        tree = ast.parse(path.read_text())
        if not _sends_catchable_signal(tree):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "Popen":
                pre = next((k.value for k in node.keywords if k.arg == "preexec_fn"), None)
                if not (isinstance(pre, ast.Name) and pre.id == "default_signals"):
                    offenders.append(f"{path.name}:{node.lineno}")
    assert offenders == [], f"Popen without preexec_fn=default_signals: {offenders}"


def test_sigint_reaches_a_child_when_the_run_ignores_it():
    """As in a background job: this process ignores SIGINT, the child still stops on it."""
    code = "import sys, time; print('ready', flush=True); time.sleep(30)"
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        proc = subprocess.Popen(
            [sys.executable, "-c", code],
            stdin=subprocess.DEVNULL,  # no terminal
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={"CI": "true", "PATH": "/usr/bin:/bin"},
            preexec_fn=default_signals,
        )
    finally:
        signal.signal(signal.SIGINT, old)
    assert proc.stdout.readline().strip() == "ready"
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=20)
    assert proc.returncode != 0 and "KeyboardInterrupt" in err  # Python's default handler
