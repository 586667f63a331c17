"""Goals told in the future (issue 19): "This service will paint t2 white", "ball1 will go up to
the roof" (the goal of its own sentence), and no goal where a word only looks like a cue:
"Please tell the court what you saw", "c5 was done by the night shift", "the robot will start
in rooma". Read as the state, a goal's facts fell in the init
(or the state's in the goal) and the right problem conflicted. The wording and the small
problems are our own (not from the development set); each test fails without the rule."""

from __future__ import annotations

import pytest
from problems import atoms, four_blocks

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts.sections import section_at, sections

ROOMS = (
    "(define (problem p) (:domain gripper) (:objects rooma roomb o1 o2 lg rg) (:init "
    "(room rooma) (room roomb) (ball o1) (ball o2) (gripper lg) (gripper rg) (at-robby rooma) "
    "(at o1 rooma) (at o2 rooma) (free lg) (free rg)) (:goal (and {goal})))"
)


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner()


@pytest.mark.parametrize(
    ("text", "goal"),
    [
        ("b1 is clear. This service will paint t2 white.", "t2"),
        ("b1 is clear. By morning ball1 will go up to the roof.", "ball1"),
    ],
)
def test_a_goal_cue(text, goal):
    assert section_at(sections(text), text.index(goal)) == "goal"


@pytest.mark.parametrize(
    ("text", "state"),
    [
        (
            "Q: Please tell the court what you saw. A: b1 was on b2. Q: What did he want? A: b2 "
            "on b1.",
            "b1 was",
        ),
        ("The robot will start in rooma. I want b1 in roomb.", "rooma"),
        ("You will find b1 on b2. Goal: b2 on b1.", "b1 on"),
    ],
)
def test_no_goal_cue(text, state):
    assert section_at(sections(text), text.index(state)) == "init"


def test_please_see_to_it_asks():
    text = "b1 is clear. Please see to it that b1 ends on b2."
    assert section_at(sections(text), text.index("b1 ends")) == "goal"


def test_a_past_done_is_no_cue():
    assert sections("c5 was done by the night shift. The robot is at c3.") == []
    assert sections("b1 is clear. We are done when b1 is on b2.") == [(0, "init"), (13, "goal")]


@pytest.mark.parametrize(
    "said",
    [
        "This robot will then carry o1 and o2 over to roomb.",
        "Later today the robot will bring o1 and o2 to roomb.",
    ],
)
def test_rooms_goal_in_the_future(aligner, said):
    # the goal first, then the state, then a cue with no fact of its own: without the rule the
    # text before the first cue is the init
    text = (
        said + " Right now the robot is in rooma with both grippers free, and o1 and o2 lie "
        "in rooma. That is all we want."
    )
    right = aligner.explain(text, ROOMS.format(goal="(at o1 roomb) (at o2 roomb)"))
    assert {"(at o1 roomb)", "(at o2 roomb)"} <= atoms(right.goal.stated)
    assert not right.init.contradicted and not right.init.missing_in_problem
    assert right.aligned
    wrong = aligner.explain(text, ROOMS.format(goal="(at o1 roomb) (at o2 rooma)"))
    assert "(at o2 roomb)" in atoms(wrong.goal.missing_in_problem) | atoms(wrong.goal.contradicted)
    assert wrong.similarity < right.similarity and not wrong.aligned


@pytest.mark.parametrize(
    "said",
    [
        "By evening the crane will have put k1 on k2 and k3 on k4.",
        "The crane will then stack k1 on k2 and k3 on k4.",
    ],
)
def test_blocks_goal_in_the_future(aligner, said):
    text = (
        said + " Right now blocks k1, k2, k3 and k4 lie on the table, each one clear; the arm "
        "is empty. That is all we want."
    )
    right = aligner.explain(text, four_blocks("(on k1 k2) (on k3 k4)"))
    assert {"(on k1 k2)", "(on k3 k4)"} <= atoms(right.goal.stated)
    assert not right.init.contradicted and not right.init.missing_in_problem
    assert right.aligned
    wrong = aligner.explain(text, four_blocks("(on k1 k3) (on k3 k4)"))
    assert "(on k1 k2)" in atoms(wrong.goal.missing_in_problem) | atoms(wrong.goal.contradicted)
    assert wrong.similarity < right.similarity and not wrong.aligned
