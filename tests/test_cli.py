"""The ``planetarium`` command: exit codes 0/1/2/3, JSON fields, explanations, packs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from planetarium_plugin.cli import main

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "blocksworld"
GT = str(EXAMPLES / "ground_truth.pddl")


def run(*args: str) -> tuple[int, str]:
    p = subprocess.run(["planetarium", *args], capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


def test_console_script_exit_codes(tmp_path):
    junk = tmp_path / "junk.txt"
    junk.write_text("I would rather not write PDDL today.")
    assert run("equiv", GT, str(EXAMPLES / "candidate_llm.txt"), "--domain", "blocksworld")[0] == 0
    assert (
        run("equiv", GT, str(EXAMPLES / "candidate_wrong.pddl"), "--domain", "blocksworld")[0] == 1
    )
    code, out = run("equiv", GT, str(junk), "--domain", "blocksworld")
    assert code == 2 and "parse_error" in out
    assert run("equiv", GT, str(tmp_path / "missing.pddl"), "--domain", "blocksworld")[0] == 2
    assert run("equiv", GT, GT, "--domain", "sokoban")[0] == 2


def test_undecided_exit_code(capsys):
    code = main(
        [
            "equiv",
            GT,
            str(EXAMPLES / "candidate_llm.txt"),
            "--domain",
            "blocksworld",
            "--timeout",
            "0",
        ]
    )
    assert code == 3 and "timeout" in capsys.readouterr().out


def test_json_output_fields(capsys):
    code = main(
        ["equiv", GT, str(EXAMPLES / "candidate_wrong.pddl"), "--domain", "blocksworld", "--json"]
    )
    d = json.loads(capsys.readouterr().out)
    assert code == 1 == d["exit_code"]
    assert {"parseable", "equivalent", "reason", "message", "elapsed_ms"} <= set(d)
    assert d["parseable"] is True and d["equivalent"] is False and d["reason"] == "goal_differs"
    assert d["explanation"]["goal_missing"] == ["(on b2 b3)"]


def test_explain_shows_goals_and_diff(capsys):
    main(
        [
            "equiv",
            GT,
            str(EXAMPLES / "candidate_wrong.pddl"),
            "--domain",
            "blocksworld",
            "--explain",
        ]
    )
    out = capsys.readouterr().out
    assert "Fully specified goal, ground truth:" in out
    assert "- (on b2 b3)" in out and "+ (on-table b2)" in out


def test_domain_file_path_and_placeholder(capsys):
    dom = str(EXAMPLES.parents[1] / "domain_packs" / "blocksworld" / "domain.pddl")
    assert (
        main(["equiv", GT, str(EXAMPLES / "candidate_llm.txt"), "--domain", dom, "--placeholder"])
        == 0
    )


def test_packs_and_specify(capsys):
    assert main(["packs"]) == 0
    out = capsys.readouterr().out
    assert "blocksworld" in out and "floor-tile" in out and "gripper" in out
    assert main(["specify", GT, "--domain", "blocksworld"]) == 0
    out = capsys.readouterr().out
    assert out.split() == [
        "(arm-empty)",
        "(clear",
        "b1)",
        "(on",
        "b1",
        "b2)",
        "(on",
        "b2",
        "b3)",
        "(on-table",
        "b3)",
    ]


@pytest.mark.parametrize("flag", ["--relaxed-typing"])
def test_relaxed_typing_flag(tmp_path, flag):
    typed = tmp_path / "typed.pddl"
    typed.write_text(
        Path(GT).read_text().replace("(:objects b1 b2 b3)", "(:objects b1 b2 b3 - block)")
    )
    assert main(["equiv", GT, str(typed), "--domain", "blocksworld"]) == 2
    assert main(["equiv", GT, str(typed), "--domain", "blocksworld", flag]) == 0


def test_module_entry_point():
    p = subprocess.run(
        [sys.executable, "-m", "planetarium_plugin", "--version"], capture_output=True, text=True
    )
    assert p.returncode == 0 and "planetarium-plugin" in p.stdout
