"""A file the CLI cannot read or write is one line naming the file and the action: exit 2, no
traceback, no raw ``[Errno N]``."""

from __future__ import annotations

import json

import pytest

from planetarium_plugin.cli import main

BW = """(define (problem p) (:domain blocksworld) (:objects b1 b2)
  (:init (arm-empty) (on-table b1) (on-table b2) (clear b1) (clear b2))
  (:goal (and (on b1 b2))))"""


@pytest.fixture
def files(tmp_path):
    (tmp_path / "p.pddl").write_text(BW)
    (tmp_path / "plain").write_text("a file, not a directory")
    rec = {"id": "a", "domain": "blocksworld", "ground_truth": BW, "candidate": BW}
    (tmp_path / "in.jsonl").write_text(json.dumps(rec) + "\n")
    return tmp_path


CASES = [
    (["equiv", "{t}/nope.pddl", "{t}/p.pddl", "--domain", "blocksworld"], "nope.pddl", "read"),
    (["equiv", "{t}/p.pddl", "{t}", "--domain", "blocksworld"], "{t}", "read"),
    (["specify", "{t}/nope.pddl", "--domain", "blocksworld"], "nope.pddl", "read"),
    (["solve", "{t}/nope.pddl", "--domain", "blocksworld"], "nope.pddl", "read"),
    (["validate", "{t}/p.pddl", "{t}/nope.plan", "--domain", "blocksworld"], "nope.plan", "read"),
    (["check", "{t}"], "{t}", "read"),
    (["check", "{t}/nope.pddl"], "nope.pddl", "read"),
    (["domain", "blocksworld", "{t}/nope.pddl"], "nope.pddl", "read"),
    (["score", "{t}/nope.jsonl", "--out", "{t}/o.jsonl"], "nope.jsonl", "read"),
    (["score", "{t}", "--out", "{t}/o.jsonl"], "{t}", "read"),
    (
        [
            "score",
            "{t}/in.jsonl",
            "--out",
            "{t}/plain/o.jsonl",
            "--no-solve",
            "--quiet",
            "--workers",
            "1",
        ],
        "plain/o.jsonl",
        "write",
    ),
    (
        [
            "generate",
            "--out",
            "{t}/plain/data",
            "--domains",
            "gripper",
            "--variants",
            "1",
            "--quiet",
        ],
        "plain/data",
        "write",
    ),
    (["align", "filter", "{t}/nope.jsonl", "{t}/nope2.jsonl"], "nope.jsonl", "read"),
]


@pytest.mark.parametrize(("argv", "name", "action"), CASES, ids=lambda x: " ".join(x[:2])
                         if isinstance(x, list) else None)  # fmt: skip
def test_one_line_naming_file_and_action(files, capsys, argv, name, action):
    t = str(files)
    code = main([a.format(t=t) for a in argv])
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert code == 2, err
    assert len(lines) == 1 and lines[0].startswith("error"), err
    assert "[Errno" not in err and "Traceback" not in err
    assert name.format(t=t) in lines[0] and action in lines[0], lines[0]
