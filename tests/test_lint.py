"""The code base stays ruff clean."""

import subprocess
import sys
from pathlib import Path


def test_ruff_clean():
    root = Path(__file__).resolve().parents[1]
    p = subprocess.run(
        [sys.executable, "-m", "ruff", "check", str(root)], capture_output=True, text=True
    )
    assert p.returncode == 0, p.stdout
