"""Statements over an index letter (issue 19): "each hub hubN carries its own wheel wN", "crate i
on pallet i, for i = 1, 2, 3", "each block N on block N-1" read once per value, in the
blocksworld pack and with a hand-written domain file, two wordings each; a wrong problem of one
changed fact is still rejected and named; renaming the objects consistently leaves the score as
it was; a letter that builds no object's name is left alone."""

from __future__ import annotations

import re

import pytest

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts.indexed import expand_indices
from planetarium_plugin.alignment.facts.world import read_world

BW = (
    "(define (problem p) (:domain blocksworld) (:objects b1 b2 b3 b4) (:init (arm-empty) "
    "(on-table b1) (on-table b2) (on-table b3) (on-table b4) (clear b1) (clear b2) (clear b3) "
    "(clear b4)) (:goal (and (on b2 b1) (on b3 b2) (on b4 b3))))"
)
BW_WRONG = BW.replace("(on b3 b2)", "(on b3 b1)")


@pytest.mark.parametrize(
    "text",
    [
        "Blocks b1-b4 are all on the table and clear, and the arm is empty. "
        "Goal: a tower with b1 at the bottom and each block N on block N-1.",
        "Every block is on the table and clear; the hand holds nothing. "
        "I want block i stacked on block i-1, for i = 2, 3, 4.",
    ],
)
def test_an_index_letter_in_the_goal_blocksworld(text: str):
    a = Aligner(domain="blocksworld")
    right = a.explain(text, BW)
    assert right.aligned and right.similarity > 0.8, right
    assert not right.goal.unstated
    wrong = a.explain(text, BW_WRONG)
    assert not wrong.aligned and wrong.similarity < 0.5
    assert "(on b3 b2)" in wrong.goal.unstated or any(
        "b3" in f.atom for f in wrong.goal.missing_in_problem
    )


GARAGE = """(define (domain garage) (:requirements :strips :typing)
  (:types hub wheel nut)
  (:predicates (on ?w - wheel ?h - hub) (tight ?n - nut ?h - hub) (inflated ?w - wheel)
    (loose ?n - nut ?h - hub))
  (:action undo :parameters (?n - nut ?h - hub) :precondition (tight ?n ?h)
    :effect (and (loose ?n ?h) (not (tight ?n ?h))))
  (:action pump :parameters (?w - wheel) :precondition (and)
    :effect (inflated ?w)))"""
TYRES = (
    "(define (problem t) (:domain garage) (:objects hub1 hub2 hub3 - hub w1 w2 w3 - wheel "
    "nuts1 nuts2 nuts3 - nut) (:init (on w1 hub1) (on w2 hub2) (on w3 hub3) (tight nuts1 hub1) "
    "(tight nuts2 hub2) (tight nuts3 hub3)) (:goal (and (inflated w1) (inflated w2) "
    "(inflated w3))))"
)
TYRES_WRONG = TYRES.replace("(on w2 hub2)", "(on w2 hub1)")


@pytest.mark.parametrize(
    "text",
    [
        "Each hub hubN carries its own wheel wN, with the nut nutsN tight on it. "
        "Goal: every wheel inflated.",
        "Wheel wN is on hub hubN and nut nutsN is tight on hub hubN (N = 1, 2, 3). "
        "Please inflate all three wheels.",
    ],
)
def test_an_index_letter_in_the_init_domain_file(text: str):
    a = Aligner(domain=GARAGE)
    right = a.explain(text, TYRES)
    assert right.aligned and right.similarity > 0.8, right
    assert "(on w2 hub2)" not in right.init.unstated
    assert all(text[f.start : f.end] == f.span for f in right.init.stated)
    wrong = a.explain(text, TYRES_WRONG)
    assert wrong.similarity < right.similarity
    assert any(f.atom == "(on w2 hub2)" for f in wrong.init.missing_in_problem), wrong


def test_renaming_consistently_keeps_the_score():
    text = (
        "Each hub hubN carries its own wheel wN, with the nut nutsN tight on it. "
        "Goal: every wheel inflated."
    )
    names = (("hub", "axle"), ("nuts", "bolt"), ("w", "rim"))
    pddl, other = TYRES, text
    for old, new in names:  # object names only: the types stay
        pddl = re.sub(rf"\b{old}(\d)", rf"{new}\1", pddl)
        other = other.replace(f"{old}N", f"{new}N")
    assert "axle2" in pddl and "axleN" in other
    a = Aligner(domain=GARAGE)
    assert a.explain(text, TYRES).similarity == pytest.approx(
        a.explain(other, pddl).similarity, abs=1e-6
    )


def test_a_letter_that_builds_no_name_is_left_alone():
    w = read_world("(define (problem p) (:domain d) (:objects b1 b2) (:init) (:goal (and)))", None)
    for text in (
        "Take block N from the shelf. I think it is fine.",
        "Plan NASA's route; the rover goes to site N.",
        "b1 is on b2 and i hold nothing.",
    ):
        assert expand_indices(text, w) == (text, ())
