"""Requests over a domain whose words mean nothing (issue 19): facts written as the predicate's
own name followed by its objects, no brackets ("zork b1 b2", "pim object b3"), and class facts a
text names outright ("hub l1"), which are checked like any other. The domain and the wordings
are written for these tests (an obfuscated blocksworld: ``zork`` = on, ``pim`` = clear,
``flep`` = hand empty, ``hub`` = a class of places)."""

from __future__ import annotations

import pytest

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts import read_world
from planetarium_plugin.alignment.facts.prefixed import prefix_calls

ZORK = """(define (domain zorkworld)
  (:requirements :strips)
  (:predicates (zork ?x ?y) (pim ?x) (flep) (grab ?x) (hub ?x) (at ?x ?y))
  (:action frob :parameters (?x ?y)
    :precondition (and (grab ?x) (pim ?y))
    :effect (and (zork ?x ?y) (pim ?x) (flep) (not (grab ?x)) (not (pim ?y))))
  (:action unfrob :parameters (?x ?y)
    :precondition (and (zork ?x ?y) (pim ?x) (flep))
    :effect (and (grab ?x) (pim ?y) (not (zork ?x ?y)) (not (pim ?x)) (not (flep))))
  (:action carry :parameters (?x ?from ?to)
    :precondition (and (at ?x ?from) (hub ?from) (hub ?to))
    :effect (and (at ?x ?to) (not (at ?x ?from)))))"""


def _problem(init: str, goal: str) -> str:
    return (
        "(define (problem p) (:domain zorkworld) (:objects b1 b2 b3 l1 l2 l3) "
        f"(:init {init}) (:goal (and {goal})))"
    )


INIT = "(zork b1 b2) (pim b1) (pim b3) (flep) (hub l1) (hub l2) (at b3 l1)"
RIGHT = _problem(INIT, "(zork b3 b1) (at b2 l2)")
WORDINGS = [
    "As initial conditions I have that, zork b1 b2, pim b1, pim b3, flep, hub l1, hub l2 and "
    "at b3 l1. My goal is to have that zork b3 b1 and at b2 l2.",
    "Start state:\nzork object b1 object b2\npim object b1\npim object b3\nflep\n"
    "hub object l1\nhub object l2\nat object b3 object l1\n"
    "Goal state:\nzork object b3 object b1\nat object b2 object l2\n",
]


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner(domain=ZORK)


@pytest.mark.parametrize("text", WORDINGS)
def test_prefix_facts_in_a_meaningless_vocabulary_are_read_and_checked(aligner, text):
    right = aligner.explain(text, RIGHT)
    assert right.aligned and not right.init.unstated and not right.goal.unstated
    assert "(zork b1 b2)" in {f.atom for f in right.init.stated}
    # one init fact changed: zork b1 b2 -> zork b1 b3 (the text's fact is missing)
    init_m = aligner.explain(text, _problem(INIT.replace("(zork b1 b2)", "(zork b1 b3)"),
                                            "(zork b3 b1) (at b2 l2)"))  # fmt: skip
    named = {f.atom for f in (*init_m.init.missing_in_problem, *init_m.init.contradicted)}
    assert "(zork b1 b2)" in named and not init_m.aligned
    assert init_m.similarity < right.similarity
    # one goal fact changed
    goal_m = aligner.explain(text, _problem(INIT, "(zork b3 b1) (at b2 l1)"))
    named = {f.atom for f in goal_m.goal.missing_in_problem} | set(goal_m.goal.unstated)
    assert "(at b2 l2)" in named and not goal_m.aligned
    assert goal_m.similarity < right.similarity


@pytest.mark.parametrize("text", WORDINGS)
def test_a_class_fact_named_outright_is_checked(aligner, text):
    """``hub`` is a class of places (static, unary): a text naming it outright ("hub l2") is
    contradicted by a problem that makes another place the hub."""
    moved = _problem(INIT.replace("(hub l2)", "(hub l3)"), "(zork b3 b1) (at b2 l2)")
    got = aligner.explain(text, moved)
    assert "(hub l2)" in {f.atom for f in got.init.missing_in_problem}
    assert not got.aligned and got.similarity < aligner.explain(text, RIGHT).similarity


def test_prefix_reading_needs_the_notation_and_exact_arity():
    w = read_world(RIGHT, ZORK)
    # one phrase that happens to fit is English, not the notation
    assert prefix_calls("Put b3 on b1; pim b3 is what we need.", w) == []
    # a list after the name ("pim b1 and b3") is no prefix fact; the others are
    got = prefix_calls("pim b1 and b3, zork b1 b2, at b3 l1 and zork b2 b3 b1.", w)
    assert [(n, [a[2] for a in args]) for _, _, n, args in got] == [
        ("zork", ["b1", "b2"]),
        ("at", ["b3", "l1"]),
    ]
    # a class word before its object inside a sentence names a class, it opens no fact
    assert prefix_calls("b3 waits in the hub l1, b2 in the hub l2 and b1 at the hub l1.", w) == []


def test_renaming_objects_leaves_the_prefix_reading_unchanged(aligner):
    ren = {"b1": "q7", "b2": "zed", "b3": "u2", "l1": "k9", "l2": "m3"}

    def sub(s: str) -> str:
        for a, b in ren.items():
            s = s.replace(a, b)
        return s

    text = WORDINGS[0]
    a = aligner.explain(text, RIGHT).similarity
    b = aligner.explain(sub(text), sub(RIGHT)).similarity
    assert a == pytest.approx(b, abs=1e-6)
