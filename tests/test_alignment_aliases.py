"""Names a request defines for the problem's objects (issue 19): "balls B-1, B-2 and B-3
(ball1..ball3)", "we'll call them A, B and C", "ball2 (B-2 from now on)", "Ball_1 = ball1 =
B-1 and so on" — a later use of the name is the object it stands for. The wording and the small
problems are our own (not from the development set); each test fails without the reader."""

from __future__ import annotations

import pytest

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts.aliases import aliases_in, expand_aliases
from planetarium_plugin.alignment.facts.world import read_world


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner()


def _gripper(ball3_at: str = "roomb", goal2: str = "rooma") -> str:
    return (
        "(define (problem g) (:domain gripper) (:objects rooma roomb ball1 ball2 ball3 left right)"
        " (:init (room rooma) (room roomb) (ball ball1) (ball ball2) (ball ball3) (gripper left)"
        " (gripper right) (at-robby rooma) (at ball1 rooma) (at ball2 rooma)"
        f" (at ball3 {ball3_at}) (free left) (free right))"
        f" (:goal (and (at ball2 {goal2}) (at ball3 rooma))))"
    )


GRIPPER = [
    # a parenthesised list of as many names
    "The robot is in rooma with both grippers free. Balls B-1, B-2 and B-3 (ball1..ball3): "
    "B-1 and B-2 are in rooma, B-3 is in roomb. Goal: B-3 in rooma and B-2 in rooma.",
    # a marker after each object
    "The robot is in rooma with both grippers free. ball1 and ball2 are in rooma, and ball3 "
    "(B-3 from now on) is in roomb. Goal: B-3 and ball2 in rooma.",
    # an equation that carries its numbering over
    "Ids differ between our systems (ball1 = B-1, and so on). The robot is in rooma with both "
    "grippers free. B-1 and B-2 are in rooma, B-3 is in roomb. Goal: B-2 and B-3 in rooma.",
    # "we'll call them …"
    "The robot is in rooma with both grippers free. There are three balls, ball1, ball2 and "
    "ball3; we'll call them X1, X2 and X3. X1 and X2 are in rooma, X3 is in roomb. "
    "Goal: X2 and X3 in rooma.",
    # "hereafter …" in parentheses, a list
    "The robot is in rooma with both grippers free. ball1, ball2 and ball3 (hereafter P1, P2 "
    "and P3): P1 and P2 are in rooma, P3 in roomb. Goal: P3 in rooma, P2 in rooma.",
]


@pytest.mark.parametrize("said", GRIPPER)
def test_a_defined_name_is_the_object_it_stands_for(aligner, said):
    right = aligner.explain(said, _gripper())
    assert right.aligned, (right.init, right.goal)
    assert "(at ball3 roomb)" in {f.atom for f in right.init.stated}
    assert "(at ball3 rooma)" in {f.atom for f in right.goal.stated}  # said of the new name
    # one init fact changed: ball3 starts in rooma, the problem contradicts "B-3 is in roomb"
    init = aligner.explain(said, _gripper(ball3_at="rooma"))
    assert not init.aligned and init.similarity < right.similarity
    assert "(at ball3 roomb)" in {f.atom for f in init.init.missing_in_problem}
    # one goal fact changed: ball2 to roomb
    goal = aligner.explain(said, _gripper(goal2="roomb"))
    assert not goal.aligned and goal.similarity < right.similarity
    assert "(at ball2 rooma)" in {f.atom for f in goal.goal.missing_in_problem}


def test_spans_are_on_the_text_as_given(aligner):
    said = GRIPPER[1]
    got = aligner.explain(said, _gripper())
    for f in (*got.init.stated, *got.goal.stated):
        assert said[f.start : f.end] == f.span
    goal = next(f for f in got.goal.stated if f.atom == "(at ball3 rooma)")
    assert "B-3" in goal.span


def _blocks(on: str) -> str:
    return (
        "(define (problem b) (:domain blocksworld) (:objects b1 b2 b3) (:init (arm-empty)"
        " (on-table b1) (on-table b2) (on-table b3) (clear b1) (clear b2) (clear b3))"
        f" (:goal (and {on})))"
    )


@pytest.mark.parametrize(
    "said",
    [
        "Three blocks, b1, b2 and b3, all on the table and clear; let's call them A, B and C. "
        "The hand is empty. Goal: A on B and B on C.",
        "The hand is empty and blocks b1, b2 and b3 (A, B and C) are on the table, each clear. "
        "Stack A on B, and B on C.",
    ],
)
def test_letters_as_names(aligner, said):
    right = aligner.explain(said, _blocks("(on b1 b2) (on b2 b3)"))
    assert right.aligned, (right.init, right.goal)
    wrong = aligner.explain(said, _blocks("(on b1 b3) (on b2 b3)"))
    assert not wrong.aligned and wrong.similarity < right.similarity


def test_no_definition_no_rewrite():
    w = read_world(
        "(define (problem p) (:domain d) (:objects shaker1 shot1 shot2 rover r1) (:init)"
        " (:goal (and)))"
    )
    # a class word before its object's name is a mention, not a name the text coins
    for said in ("One shaker (shaker1) and two shots (shot1, shot2).", "A rover (r1) is here."):
        assert expand_aliases(said, w) == (said, ())
    # lists of different lengths pair nothing; a name of the problem is never redefined
    assert aliases_in("shots S1, S2 and S3 (shot1, shot2)", w)[0] == {}
    assert aliases_in("shot1 (shot2 from now on)", w)[0] == {}
    # the article "A" stays an article
    table = {"A": "r1"}
    assert aliases_in("r1 (A for short). A rover is here.", w)[0] == table
    assert expand_aliases("r1 (A for short). A rover is here.", w)[0].endswith(
        "A rover is here."
    )
