"""A goal put in the passive or as a label (issue 19): "The first block, k1, is to be stacked on
k2", "It is required that …", "A tour of every room is sought", "Work requested: …". People
writing forms, reports and papers state the goal so, with no "goal", "want" or imperative; read
as a state, its facts fall in the init, where they contradict it. The wording and the small
problems are our own (not from the development set); each test fails without the rule."""

from __future__ import annotations

import pytest
from problems import TWO_ROOMS, atoms, four_blocks

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts.sections import sections


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner()


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("b1 is clear. The very first block of all is to be put on b2.", 13),
        ("b1 is clear. It is required that b1 sit on b2.", 13),
        ("b1 is clear. A plan that puts b1 on b2 is sought.", 13),
        ("b1 is clear.\nWork requested: b1 on b2.", 13),
    ],
)
def test_the_goal_starts_at_the_sentence(text, start):
    assert sections(text) == [(0, "init"), (start, "goal")]


def test_a_passive_or_label_that_asks_nothing_is_no_cue():
    assert sections("Claim type: floor damage, repainting requested. b1 is clear.") == []
    assert sections("b1 is clear and b2 is on the table.") == []


@pytest.mark.parametrize(
    "said",
    [
        "The first of the four blocks, k1, is to be stacked on k2, and k3 on k4.",
        "It is required that k1 sit on k2 and k3 on k4.",
        "Work requested: k1 on k2, k3 on k4.",
    ],
)
def test_blocks_goal_in_the_passive(aligner, said):
    text = "Blocks k1, k2, k3 and k4 lie on the table, each one clear; the arm is empty. " + said
    right = aligner.explain(text, four_blocks("(on k1 k2) (on k3 k4)"))
    assert {"(on k1 k2)", "(on k3 k4)"} <= atoms(right.goal.stated)
    assert "(on-table k1)" not in atoms(right.goal.stated)  # the state is the init's alone
    assert not right.init.contradicted and not right.init.missing_in_problem
    wrong = aligner.explain(text, four_blocks("(on k1 k3) (on k3 k4)"))
    assert "(on k1 k2)" in atoms(wrong.goal.missing_in_problem) | atoms(wrong.goal.contradicted)
    assert wrong.similarity < right.similarity and not wrong.aligned


@pytest.mark.parametrize(
    "said",
    [
        "Each of o1 and o2 is to be moved over to roomb.",
        "Service requested: o1 and o2 delivered to roomb.",
    ],
)
def test_rooms_goal_in_the_passive(aligner, said):
    text = "The robot is in rooma with both grippers free, and o1 and o2 lie in rooma. " + said
    right = aligner.explain(text, TWO_ROOMS.format(goal="(at o1 roomb) (at o2 roomb)"))
    assert {"(at o1 roomb)", "(at o2 roomb)"} <= atoms(right.goal.stated)
    assert "(at o1 rooma)" not in atoms(right.goal.stated)  # the state is the init's alone
    assert not right.init.contradicted and not right.init.missing_in_problem
    wrong = aligner.explain(text, TWO_ROOMS.format(goal="(at o1 roomb) (at o2 rooma)"))
    assert "(at o2 roomb)" in atoms(wrong.goal.missing_in_problem) | atoms(wrong.goal.contradicted)
    assert wrong.similarity < right.similarity and not wrong.aligned
