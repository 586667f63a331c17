"""A goal inside a quoted passage ends with the quote (issue 19): 'Student wrote: "… Goal: k1 on
k2." Teacher: k4 is on k3.' The quote is someone's own request (a student's answer, a customer's
message); the remarks after it state the init again, up to their own goal cue. Read with the
goal still in force, a reviewer's remark about the state became a goal fact the problem lacks.
The wording and the small problems are our own (not from the development set); each test
fails without the rule."""

from __future__ import annotations

import pytest
from problems import atoms

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts.sections import section_at, sections

BLOCKS = (
    "(define (problem p) (:domain blocksworld) (:objects k1 k2 k3 k4) (:init (arm-empty) "
    "(on-table k1) (on-table k2) (on-table k3) {k4} (clear k1) (clear k2) {clear}) "
    "(:goal (and (on k1 k2))))"
)
ROOMS = (
    "(define (problem p) (:domain gripper) (:objects rooma roomb o1 o2 lg rg) (:init "
    "(room rooma) (room roomb) (ball o1) (ball o2) (gripper lg) (gripper rg) (at-robby rooma) "
    "(at o1 rooma) (at o2 {o2}) (free lg) (free rg)) (:goal (and (at o1 roomb))))"
)


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner()


@pytest.mark.parametrize(
    "text",
    [
        'Student wrote: "b1 and b2 are on the table. Goal: put b1 on b2." Teacher: b2 is clear.',
        "Customer’s message: “The robot is in rooma. I want ball1 in roomb, please.” Our note: "
        "ball1 is in rooma.",
    ],
)
def test_the_goal_ends_with_the_quote(text):
    secs = sections(text)
    remark = text.rindex(":") + 2
    assert section_at(secs, remark) == "init"
    assert any(name == "goal" for _, name in secs)


def test_a_short_quote_or_a_goal_before_it_is_kept():
    # a quoted phrase ("Move the tower") is no one's passage; a goal cued before the quote
    # goes on after it
    text = 'The goal: "move the tower" means d2 on peg3.'
    assert section_at(sections(text), text.index("d2")) == "goal"
    text = 'Goal: "b1 on b2, b2 on b3 and b3 on the table", and b4 on b1 as well.'
    assert section_at(sections(text), text.index("b4")) == "goal"


@pytest.mark.parametrize(
    "remark",
    [
        "Teacher: Good, but k4 is actually on k3, so k3 is not clear.",
        "Reviewer’s note: one thing is missing: k4 sits on top of k3.",
    ],
)
def test_blocks_remark_after_a_quoted_answer(aligner, remark):
    text = (
        'Student’s answer: "k1, k2 and k3 are on the table, k1 and k2 are clear and the arm is '
        'empty. The goal is to put k1 on k2." ' + remark
    )
    right = aligner.explain(text, BLOCKS.format(k4="(on k4 k3)", clear="(clear k4)"))
    assert "(on k4 k3)" in atoms(right.init.stated)
    assert not right.goal.missing_in_problem and not right.goal.contradicted
    assert right.aligned
    wrong = aligner.explain(text, BLOCKS.format(k4="(on k4 k2)", clear="(clear k4) (clear k3)"))
    assert "(on k4 k3)" in atoms(wrong.init.missing_in_problem) | atoms(wrong.init.contradicted)
    assert wrong.similarity < right.similarity and not wrong.aligned


@pytest.mark.parametrize(
    "remark",
    [
        "Teacher: Fine. o2 is in roomb, though.",
        "Grader’s comment: you left out that o2 lies in roomb.",
    ],
)
def test_rooms_remark_after_a_quoted_answer(aligner, remark):
    text = (
        'Student: "The robot is in rooma with both grippers free and o1 lies in rooma. I want '
        'o1 moved to roomb." ' + remark
    )
    right = aligner.explain(text, ROOMS.format(o2="roomb"))
    assert "(at o2 roomb)" in atoms(right.init.stated)
    assert "(at o2 roomb)" not in atoms(right.goal.missing_in_problem)
    assert right.aligned
    wrong = aligner.explain(text, ROOMS.format(o2="rooma"))
    assert "(at o2 roomb)" in atoms(wrong.init.missing_in_problem) | atoms(wrong.init.contradicted)
    assert wrong.similarity < right.similarity and not wrong.aligned
