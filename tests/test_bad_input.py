"""Hostile input always yields a verdict with a reason; nothing escapes the public API."""

from __future__ import annotations

import pytest

from planetarium_plugin import Limits, Reason, equivalent

GT = """(define (problem p) (:domain blocksworld) (:objects a b)
  (:init (arm-empty) (on-table a) (on-table b) (clear a) (clear b))
  (:goal (and (on a b))))"""


def many_objects(n: int) -> str:
    names = " ".join(f"o{i}" for i in range(n))
    return f"(define (problem big) (:domain blocksworld) (:objects {names}) (:init) (:goal (and)))"


CASES = {
    "empty": ("", Reason.PARSE_ERROR),
    "whitespace": ("   \n\t ", Reason.PARSE_ERROR),
    "binary junk": (bytes(range(256)).decode("latin-1") * 20, Reason.PARSE_ERROR),
    "10 MB of parentheses": ("(" * 5_000_000 + ")" * 5_000_000, Reason.TOO_LARGE),
    "deep nesting": (
        "(define (problem p) (:domain blocksworld) (:objects a) (:init) (:goal "
        + "(and " * 5000
        + ")" * 5000
        + "))",
        Reason.PARSE_ERROR,
    ),
    "10,000 objects": (many_objects(10_000), Reason.TOO_LARGE),
    "repeated objects section": (
        GT.replace("(:objects a b)", "(:objects a) (:objects b)"),
        Reason.PARSE_ERROR,
    ),
    "unbalanced": (GT + "(define (problem q", None),
    "only a prefix": ("(define (problem p) (:domain blocksworld) (:objects a", Reason.PARSE_ERROR),
    "not text": (None, Reason.PARSE_ERROR),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_candidates_get_a_verdict(name):
    text, reason = CASES[name]
    v = equivalent(GT, text, "blocksworld", timeout=5)
    if reason is None:  # a valid problem followed by garbage: the first problem is used
        assert v.parseable and v.equivalent
    else:
        assert not v.parseable and v.equivalent is False
        assert v.reason == reason.value, v.message
        assert v.message and v.exit_code == 2


def test_unicode_names_are_objects_like_any_other():
    cand = """(define (problem p) (:domain blocksworld) (:objects 积木 blöck)
      (:init (arm-empty) (on-table 积木) (on-table blöck) (clear 积木) (clear blöck))
      (:goal (and (on 积木 blöck) (clear 积木))))"""
    v = equivalent(GT, cand, "blocksworld")
    assert v.parseable, v.message
    assert v.equivalent is True


def test_large_valid_problem_below_limits_is_decided():
    n = 3000
    v = equivalent(many_objects(n), many_objects(n), "blocksworld", timeout=30)
    assert v.equivalent is True


def test_limits_are_configurable():
    v = equivalent(GT, GT, "blocksworld", limits=Limits(max_objects=1))
    assert v.reason == "too_large"


def test_invalid_ground_truth_is_undecided_not_false():
    v = equivalent("(define (problem", GT, "blocksworld")
    assert v.equivalent is None and v.reason == "ground_truth_invalid" and v.exit_code == 2


def test_unknown_domain():
    v = equivalent(GT, GT, "no-such-pack")
    assert v.reason == "unknown_domain" and v.exit_code == 2


def test_timeout_is_undecided_not_false():
    cand = GT.replace("(on a b)", "(on a b) (clear a)")  # needs fullySpecify
    v = equivalent(GT, cand, "blocksworld", timeout=0)
    assert v.equivalent is None and v.reason == "timeout" and v.exit_code == 3
