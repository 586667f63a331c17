"""``planetarium align explain``: a real public request (PlanBench blocksworld 134, MIT) against
its problem and against the problem with one initial fact changed; inputs and errors as
``align score`` takes them (exit 0 aligned, 1 not, 2 invalid input)."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import CliRun

ROOT = Path(__file__).resolve().parents[1]
PB = ROOT / "examples" / "alignment" / "planbench"


def _one_line_error(run: CliRun, *words: str) -> None:
    assert run.returncode == 2, (run.returncode, run.stdout, run.stderr)
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error"), run.stderr
    assert "Traceback" not in run.stderr
    for w in words:
        assert w in lines[0], lines[0]


def test_the_right_problem_is_aligned_and_each_fact_has_its_words(cli):
    run = cli("align", "explain", PB / "request.txt", PB / "right.pddl")
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith("ALIGNED: similarity")
    assert lines[1].startswith("init:") and any(x.startswith("goal:") for x in lines)
    goal = lines[next(i for i, x in enumerate(lines) if x.startswith("goal:")) :]
    stated = [x for x in goal if x.split()[:2] == ["stated", "(on"]]
    assert stated and "(on blue_block red_block)" in stated[0] and '"' in stated[0]


def test_a_changed_initial_fact_is_named_and_rejected(cli):
    run = cli("align", "explain", PB / "request.txt", PB / "wrong_init.pddl", "--json")
    assert run.returncode == 1, run.stdout + run.stderr
    e = json.loads(run.stdout)
    assert e["aligned"] is False
    init = e["init"]
    named = {f["atom"] for f in init["missing_in_problem"] + init["contradicted"]}
    # the request puts the yellow block on the blue one; the problem puts the red one there
    assert "(on yellow_block blue_block)" in named, init
    right = json.loads(
        cli("align", "explain", PB / "request.txt", PB / "right.pddl", "--json").stdout
    )
    assert right["similarity"] > e["similarity"]


def test_inline_text_and_a_domain_file(cli):
    text = (PB / "request.txt").read_text()
    domain = ROOT / "domain_packs" / "blocksworld" / "domain.pddl"
    run = cli("align", "explain", "--text", text, PB / "right.pddl", "--domain", domain, "--json")
    assert run.returncode in (0, 1), run.stderr
    assert set(json.loads(run.stdout)) >= {"init", "goal", "similarity", "aligned"}


def test_bad_inputs_are_one_line_errors(cli):
    _one_line_error(cli("align", "explain", "nosuchfile.txt", PB / "right.pddl"),
                    "nosuchfile.txt", "--text")  # fmt: skip
    _one_line_error(cli("align", "explain", PB / "request.txt"), "align explain", "PDDL")
    _one_line_error(cli("align", "explain", PB / "request.txt", PB / "right.pddl",
                        "--domain", "no-such-pack"), "no-such-pack", "blocksworld")  # fmt: skip
    _one_line_error(cli("align", "explain", PB / "request.txt", PB / "right.pddl",
                        "--domain", "missing.pddl"), "missing.pddl")  # fmt: skip


def test_hostile_input_gets_an_explanation_not_a_traceback(cli):
    run = cli("align", "explain", "--text", "", "--pddl", "garbage (((")
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert run.stdout.startswith("NOT ALIGNED") and "note:" in run.stdout
    _one_line_error(cli("align", "explain", PB / "request.txt", PB / "right.pddl",
                        "--method", "raw"), "--method raw")  # fmt: skip
