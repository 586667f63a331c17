"""Hostile text from issue 11: numbers as a denial of service, exceptions escaping the public API,
and comments that fooled the problem extractor (defects #2, #3, #16)."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest

from planetarium_plugin import Limits, Reason, equivalent
from planetarium_plugin.errors import PlanetariumError
from planetarium_plugin.packs import resolve_pack
from planetarium_plugin.parsing import _fmt_number, extract_problem, parse_problem
from planetarium_plugin.scoring import evaluate

UAV = """(define (problem u) (:domain uav-inspection)
  (:objects uav1 - drone base site1 - location target1 - target)
  (:init (base base) (= (distance base base) 0) (= (distance base site1) 2)
    (= (distance site1 base) 2) (= (distance site1 site1) 0) (drone-at uav1 base)
    (= (battery uav1) BATTERY) (= (max-battery uav1) 8) (= (photo-cost uav1) 1)
    (visible target1 site1))
  (:goal (and (photographed target1))))"""

BW = """(define (problem p) (:domain blocksworld) (:objects b1 b2)
  (:init (arm-empty) (on-table b1) (on-table b2) (clear b1) (clear b2))
  (:goal (and (on b1 b2))))"""


def uav(battery: str) -> str:
    return UAV.replace("BATTERY", battery)


# Ordered so that, without the bound, the cheap cases fail first (1e999999999 alone never
# returns: Fraction builds a billion-digit integer).
HUGE = {
    "exponent 5000": "1e5000",
    "401-digit fraction": "9" * 400 + ".5",
    "5000-digit integer": "1" * 5000,
    "negative exponent -5000": "1e-5000",
    "exponent 999999999": "1e999999999",
}


@pytest.mark.parametrize("name", list(HUGE))
def test_numeric_literals_are_bounded_at_parse_time(name):
    """#3: digits and exponent are checked on the text, before any conversion."""
    dom = resolve_pack("uav-inspection").domain
    with pytest.raises(PlanetariumError) as err:
        parse_problem(uav(HUGE[name]), dom)
    assert err.value.reason is Reason.TOO_LARGE


def test_ordinary_numbers_still_parse_and_limits_are_configurable():
    dom = resolve_pack("uav-inspection").domain
    for text, value in (
        ("8", 8),
        ("0.00001", Fraction(1, 100000)),
        ("1e2", 100),
        ("2.5e-3", Fraction(1, 400)),
    ):
        prob = parse_problem(uav(text), dom)
        assert Fraction(value) in prob.numeric_init.values()
    prob = parse_problem(uav("1e150"), dom, limits=Limits(max_number_exponent=200))
    assert Fraction(10**150) in prob.numeric_init.values()


@pytest.mark.parametrize(
    "label, candidate, reason",
    [
        ("exponent 5000 (was ValueError)", uav("1e5000"), "too_large"),
        ("400-digit fraction (was OverflowError)", uav("9" * 400 + ".5"), "too_large"),
        ("lone surrogate (was UnicodeEncodeError)", uav("8").replace("target1", "t\ud800"), None),
    ],
)
def test_evaluate_never_raises(label, candidate, reason):
    """#2: each of these raised out of ``evaluate``; now a score with a reason."""
    s = evaluate(uav("8"), candidate, "uav-inspection", timeout=5)
    assert s.parseable is False and s.equivalent is not True, label
    assert s.reason == (reason or "parse_error")
    if reason is None:
        assert (
            "surrogate" in s.solve_message
            or "surrogate" in equivalent(uav("8"), candidate, "uav-inspection").message
        )


def test_explanation_and_json_with_huge_values():
    """#2: ``--explain``/``--json`` formatted huge fractions with ``float()`` (OverflowError)."""
    v = equivalent(uav("8"), uav("9" * 400 + ".5"), "uav-inspection", explain=True)
    assert v.reason == "too_large"
    json.dumps(v.to_dict())
    assert _fmt_number(Fraction(10**400 + 1, 2)).startswith("~2^")  # beyond float: no raise
    assert _fmt_number(Fraction(10**5000)).startswith("~2^")  # beyond str(int): no raise
    assert _fmt_number(Fraction(5, 2)) == "2.5"


def test_cli_json_with_a_huge_fraction(tmp_path):
    gt, cand = tmp_path / "gt.pddl", tmp_path / "cand.pddl"
    gt.write_text(uav("8"))
    cand.write_text(uav("9" * 400 + ".5"))
    cmd = [sys.executable, "-m", "planetarium_plugin", "equiv", str(gt), str(cand)]
    for extra in (["--json"], ["--explain"]):
        run = subprocess.run(
            [*cmd, "--domain", "uav-inspection", *extra], capture_output=True, text=True
        )
        assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr
        assert "too_large" in run.stdout


def test_commented_out_problem_is_not_the_candidate():
    """#16: a ``;`` comment holding an old problem came before the real one and was taken."""
    text = "; draft: (define (problem old) (:domain blocksworld) (:objects) (:init) (:goal))\n"
    text += BW
    assert extract_problem(text)[1] == ["problem", "p"]
    v = equivalent(BW, text, "blocksworld")
    assert v.equivalent is True, v.message
    indented = "  ;; (define (problem old))\n" + BW
    assert extract_problem(indented)[1] == ["problem", "p"]
    after_code = "(define (domain x)) ; (define (problem old))\n" + BW
    assert extract_problem(after_code)[1] == ["problem", "p"]


def test_comment_right_after_a_parenthesis_does_not_hide_the_problem():
    """#16: ``( ; note`` then ``define (problem …)`` on the next line was not found at all."""
    text = BW.replace("(define (problem p)", "( ; the problem\ndefine ( ; its name\n problem p)", 1)
    assert extract_problem(text)[1] == ["problem", "p"]
    assert equivalent(BW, text, "blocksworld").equivalent is True


def test_semicolon_in_prose_does_not_hide_the_problem():
    text = "Sure; here it is: " + BW.replace("\n", " ")
    assert extract_problem(text)[1] == ["problem", "p"]
