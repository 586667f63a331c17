"""A bare name before a fact does not relate to itself (issue 19, ``alignread16``): in "Heights:
n0, n1 above n0, n2 above n1" the bare "n0" joins the next piece as a list (as "b1, b2 and b3
are clear" does), and distributed over "above n0" it read ``succ n0 n0``, a fact no text means
and no problem holds, so the right problem lost it as missing. A list member that is the other
slot's only object is dropped from the distribution. Wordings and domains written for these
tests, in two domains; a wrong problem that changes one such fact is still rejected."""

from __future__ import annotations

import pytest

from planetarium_plugin.alignment import Aligner

BUILDER = """(define (domain builder)
  (:requirements :strips :typing)
  (:types spot level)
  (:predicates (height ?p - spot ?h - level)   ; spot ?p is built up to level ?h
               (succ ?a - level ?b - level))   ; level ?a is one above level ?b
  (:action build
    :parameters (?p - spot ?a ?b - level)
    :precondition (and (height ?p ?a) (succ ?b ?a))
    :effect (and (height ?p ?b) (not (height ?p ?a)))))"""

LIFT = """(define (domain lift)
  (:requirements :strips :typing)
  (:types floor)
  (:predicates (lift-at ?f - floor)            ; the lift is at floor ?f
               (over ?a - floor ?b - floor))   ; floor ?a is directly over floor ?b
  (:action go
    :parameters (?a ?b - floor)
    :precondition (and (lift-at ?a) (over ?b ?a))
    :effect (and (lift-at ?b) (not (lift-at ?a)))))"""


def _builder(succ: str = "(succ n1 n0) (succ n2 n1)") -> str:
    return (
        "(define (problem p) (:domain builder) (:objects s1 s2 - spot n0 n1 n2 - level) "
        f"(:init {succ} (height s1 n0) (height s2 n1)) (:goal (and (height s1 n2))))"
    )


def _lift(over: str = "(over f1 f0) (over f2 f1)") -> str:
    return (
        "(define (problem p) (:domain lift) (:objects f0 f1 f2 - floor) "
        f"(:init {over} (lift-at f0)) (:goal (and (lift-at f2))))"
    )


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner()


@pytest.mark.parametrize(
    "text",
    [
        "Levels: n0, n1 above n0, n2 above n1. Spot s1 has height n0 and s2 has height n1. "
        "Goal: s1 at height n2.",
        "The heights go n0, then n1 above n0, then n2 above n1. s1 is at height n0, s2 at "
        "height n1. I want s1 built to height n2.",
    ],
)
def test_a_bare_level_before_a_fact_is_not_related_to_itself(aligner, text):
    exp = aligner.explain(text, _builder(), BUILDER)
    assert "(succ n0 n0)" not in {f.atom for f in exp.init.missing_in_problem}
    assert {"(succ n1 n0)", "(succ n2 n1)"} <= {f.atom for f in exp.init.stated}
    assert exp.aligned
    bad = aligner.explain(text, _builder("(succ n1 n0) (succ n2 n0)"), BUILDER)
    assert "(succ n2 n1)" in {f.atom for f in bad.conflicts()}
    assert not bad.aligned


@pytest.mark.parametrize(
    "text",
    [
        "Floors: f0, f1 over f0, f2 over f1. The lift is at f0. Goal: the lift at f2.",
        "Three floors, bottom to top: f0, f1 directly over f0 and f2 directly over f1; the lift "
        "waits at f0. Send the lift up to f2.",
    ],
)
def test_a_bare_floor_before_a_fact_is_not_related_to_itself(aligner, text):
    exp = aligner.explain(text, _lift(), LIFT)
    assert "(over f0 f0)" not in {f.atom for f in exp.init.missing_in_problem}
    assert exp.aligned
    bad = aligner.explain(text, _lift("(over f1 f0) (over f2 f0)"), LIFT)
    assert "(over f2 f1)" in {f.atom for f in bad.conflicts()}
    assert not bad.aligned
