import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from dataclasses import dataclass  # noqa: E402

import pytest  # noqa: E402


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
