"""What a user of the command sees (issue 11, #15 and #16): help that explains arguments and
exit statuses, every planner listed, and a closed pipe ending the command quietly."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from planetarium_plugin.cli import EXIT_CODES, PLANNER_NAMES, build_parser
from planetarium_plugin.planning import PLANNERS

BW = """(define (problem p) (:domain blocksworld) (:objects b1 b2)
  (:init (arm-empty) (on-table b1) (on-table b2) (clear b1) (clear b2))
  (:goal (and (on b1 b2))))"""


def test_top_level_help_is_plain_text_and_lists_exit_codes():
    text = build_parser().format_help()
    assert "``" not in text and ":func:" not in text
    assert "exit status by command" in text
    for name in EXIT_CODES:
        assert f"  {name} " in text


@pytest.mark.parametrize("command", ["specify", "solve", "validate"])
def test_every_argument_has_help(command):
    parser = build_parser()
    (sub,) = [
        a for a in parser._actions if isinstance(a, type(parser._subparsers._group_actions[0]))
    ]
    for action in sub.choices[command]._actions:
        assert action.help, f"{command} {action.dest} has no help"
    assert "exit status: 0" in sub.choices[command].format_help()


def test_solve_lists_every_planner():
    assert set(PLANNER_NAMES) == {"auto", *PLANNERS}
    parser = build_parser()
    solve = parser._subparsers._group_actions[0].choices["solve"]
    (planner,) = [a for a in solve._actions if a.dest == "planner"]
    listed = planner.help.split(" (")[0].split(", ")
    assert sorted(listed) == sorted(PLANNER_NAMES) and "enhsp-server" in listed


@pytest.mark.parametrize(
    "args",
    [
        ["specify", "{p}", "--domain", "blocksworld"],
        ["equiv", "{p}", "{p}", "--domain", "blocksworld", "--explain"],
        ["packs"],
        ["solve", "--help"],
    ],
)
def test_closed_stdout_ends_quietly(tmp_path, args):
    """#16: ``planetarium … | head -1`` printed ``error: [Errno 32] Broken pipe``."""
    problem = tmp_path / "p.pddl"
    problem.write_text(BW)
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first write: deterministic EPIPE
    try:
        run = subprocess.run(
            [sys.executable, "-m", "planetarium_plugin", *(a.format(p=problem) for a in args)],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    finally:
        os.close(write_end)
    # argparse's --help swallows the error itself (exit 0); commands exit 141
    assert run.stderr == "" and run.returncode == (0 if "--help" in args else 141), run.stderr
