import os
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from dataclasses import dataclass  # noqa: E402

import pytest  # noqa: E402

#: Caches the suite would otherwise leave in the user's home: our ground-truth plans and the
#: datasets library's copies of the lm-eval tasks' local JSON files. Set before any test (and
#: inherited by the subprocesses tests start), removed when the session ends; a value the caller
#: set is kept.
_CACHE_VARS = ("PLANETARIUM_CACHE", "HF_DATASETS_CACHE")
_session_cache: str | None = None


def pytest_configure(config):
    global _session_cache
    if all(os.environ.get(v) for v in _CACHE_VARS):
        return
    _session_cache = tempfile.mkdtemp(prefix="planetarium-tests-cache-")
    for v in _CACHE_VARS:
        if not os.environ.get(v):
            os.environ[v] = os.path.join(_session_cache, v.lower())


def pytest_unconfigure(config):
    if _session_cache is not None:
        shutil.rmtree(_session_cache, ignore_errors=True)


@dataclass
class CliRun:
    """What one in-process ``planetarium`` call returned and printed."""

    returncode: int
    stdout: str
    stderr: str


@pytest.fixture
def cli(capsys):
    """Run the ``planetarium`` CLI in this process: ``cli("align", "score", ...)``."""
    from planetarium_plugin.cli import main

    def run(*args) -> CliRun:
        code = main([str(a) for a in args])
        out = capsys.readouterr()
        return CliRun(code, out.out, out.err)

    return run
