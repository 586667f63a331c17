"""One exit-status table for every command: each code has one meaning, and the status word a
command prints agrees with its code (``UNDECIDED`` only ever with 3)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from planetarium_plugin.cli import EXIT_CODES, EXIT_STATUS, build_parser, main

BW = """(define (problem p) (:domain blocksworld) (:objects b1 b2)
  (:init (arm-empty) (on-table b1) (on-table b2) (clear b1) (clear b2))
  (:goal (and (on b1 b2))))"""
BAD_GT = BW.replace("(on b1 b2)", "(on b1 b2 b3)")  # wrong arity: the ground truth is invalid
BW_DOMAIN_BAD = "(define (domain blocksworld) (:predicates (on ?x ?y)) (:action a :parameters"

WORD = {0: {"EQUIVALENT"}, 1: {"NOT EQUIVALENT"}, 2: {"NOT PARSEABLE", "INVALID INPUT",
        "INVALID DOMAIN"}, 3: {"UNDECIDED"}}  # fmt: skip


def _status(out: str) -> str:
    return re.match(r"([A-Z][A-Z ]+[A-Z])", out).group(1)


def _files(tmp_path, **texts):
    paths = {}
    for name, text in texts.items():
        paths[name] = tmp_path / f"{name}.pddl"
        paths[name].write_text(text)
    return paths


def test_the_table_gives_each_code_one_meaning():
    assert set(EXIT_STATUS) == {0, 1, 2, 3, 130, 141}
    for command, text in EXIT_CODES.items():
        codes = [int(c) for c in re.findall(r"(?:^|; |, )(\d+) ", text)]
        assert codes, command
        for code in codes:
            assert code in EXIT_STATUS, (command, code)
        if 3 in codes:
            assert re.search(r"\b3 (undecided|unknown)", text), command
        if 2 in codes:
            assert (
                "2 invalid input" in text
                or "2 unreadable" in text
                or "2 errors" in text
                or "2 unknown pack" in text
            ), command
    help_text = build_parser().format_help()
    for code, meaning in EXIT_STATUS.items():
        assert f"{code:>3}  {meaning.split(':')[0]}" in help_text


@pytest.mark.parametrize(
    ("gt", "cand", "domain", "code"),
    [
        (BW, BW, "blocksworld", 0),
        (BW, BW.replace("(on b1 b2)", "(holding b1)"), "blocksworld", 1),
        (BW, "no problem here", "blocksworld", 2),  # the candidate is not a problem
        (BAD_GT, BW, "blocksworld", 2),  # the ground truth is invalid: not undecided
        (BW, BW, "nosuchpack", 2),
    ],
)
def test_equiv_prints_the_word_of_its_code(tmp_path, capsys, gt, cand, domain, code):
    f = _files(tmp_path, gt=gt, cand=cand)
    assert main(["equiv", str(f["gt"]), str(f["cand"]), "--domain", domain]) == code
    assert _status(capsys.readouterr().out) in WORD[code]


def test_domain_with_an_invalid_ground_truth_is_not_undecided(tmp_path, capsys):
    good = (Path(__file__).parents[1] / "domain_packs/blocksworld/domain.pddl").read_text()
    f = _files(tmp_path, gt=BW_DOMAIN_BAD, cand=good)
    code = main(["domain", str(f["gt"]), str(f["cand"]), "--no-metrics"])
    out = capsys.readouterr().out
    assert code == 2 and _status(out) in WORD[2], out


def test_domain_with_a_directory_as_ground_truth_is_invalid_input(tmp_path, capsys):
    good = Path(__file__).parents[1] / "domain_packs/blocksworld/domain.pddl"
    code = main(["domain", str(tmp_path), str(good), "--no-metrics"])
    out = capsys.readouterr().out
    assert code == 2 and _status(out) == "INVALID INPUT", out
