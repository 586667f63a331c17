"""Doubtful readings (issue 19): a fact read from the text that the problem lacks, where the
same text states another fact of one proven at-most-one group that the problem has, is a
likely misreading ("The van was washed in bay2" read as the van parked in bay2, next to "the
van is parked in bay1"): its conflict keeps only the chance that it is the right one of the
two, so a right pair is not rejected for it — while a problem that changes a fact the text
states clearly is still rejected and named. Wordings are our own; the domain is written here.
"""

from __future__ import annotations

import pytest
from test_alignment_implied import GARAGE, LOT  # the garage domain and one of its problems

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.explain_text import format_explanation
from planetarium_plugin.alignment.facts.explain import FactMatch
from planetarium_plugin.alignment.facts.implied import Group, doubt

TOWER = """(define (problem p) (:domain blocksworld) (:objects b1 b2 b3)
  (:init (arm-empty) (on b3 b1) (on-table b1) (on-table b2) (clear b3) (clear b2))
  (:goal (on b1 b2)))"""
TOWER_TEXT = "b3 sits on b1, b1 and b2 are on the table, and the hand is empty. Goal: b1 on b2."

#: The same request in three wordings, each with a sentence that states no fact of the
#: problem but reads as one that breaks "a car is parked in one bay at most".
STRAY = [
    "The van is parked in bay1 and the jeep is parked in bay3; the valet is idle. "
    "The van was washed in bay2 this morning. Goal: the van parked in bay2.",
    "The van is parked in bay1 and the jeep is parked in bay3; the valet is idle. "
    "Bay2 was built for the van. Goal: the van parked in bay2.",
    "The van is in bay1, the jeep in bay3, and the valet has nothing to do. "
    "The van was cleaned in bay2 last week. Goal: the van parked in bay2.",
]


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner()


def _fm(atom: str, confidence: float) -> FactMatch:
    return FactMatch(atom, "span", 0, 4, confidence)


def test_doubt_is_the_chance_that_the_reading_is_the_right_one_of_the_two():
    group = Group(frozenset({("parked", "van", "bay1"), ("parked", "van", "bay2")}), False, 0)
    said = {
        ("parked", "van", "bay1"): _fm("(parked van bay1)", 0.9),
        ("parked", "van", "bay2"): _fm("(parked van bay2)", 0.8),
    }
    truth = frozenset({("parked", "van", "bay1")})
    got = doubt([group], said, truth)
    # c_F (1 - c_G) / (1 - c_F c_G) = 0.8 * 0.1 / 0.28
    assert set(got) == {("parked", "van", "bay2")}
    assert got[("parked", "van", "bay2")].confidence == pytest.approx(0.08 / 0.28, abs=1e-4)
    assert got[("parked", "van", "bay2")].atom == "(parked van bay2)"
    # one fact per group: nothing to doubt; competitors the problem lacks too: nor
    assert doubt([group], {("parked", "van", "bay2"): said[("parked", "van", "bay2")]}, truth) == {}
    assert doubt([group], said, frozenset()) == {}
    # a fact from a sentence with no section cue of its own may be of the other state
    assert doubt([group], said, truth, loose=((0, 10),)) == {}
    # a certain competitor leaves no chance; two certain readings: a coin toss
    said[("parked", "van", "bay1")] = _fm("(parked van bay1)", 1.0)
    assert doubt([group], said, truth)[("parked", "van", "bay2")].confidence == 0.0
    said[("parked", "van", "bay2")] = _fm("(parked van bay2)", 1.0)
    assert doubt([group], said, truth)[("parked", "van", "bay2")].confidence == 0.5


@pytest.mark.parametrize("text", STRAY)
def test_a_stray_sentence_read_as_a_conflicting_fact_does_not_reject_the_right_problem(
    aligner, text
):
    right = aligner.explain(text, LOT, GARAGE)
    assert right.aligned, format_explanation(right)
    doubted = [f for f in right.init.missing_in_problem if f.atom == "(parked van bay2)"]
    assert doubted and doubted[0].confidence < 0.5
    assert any("doubted" in n and "(parked van bay2)" in n for n in right.notes)
    # a problem that changes a fact the text states clearly is still rejected, and named
    wrong = aligner.explain(text, LOT.replace("(parked jeep bay3)", "(parked jeep bay2)"), GARAGE)
    assert not wrong.aligned and wrong.similarity < right.similarity
    named = {f.atom: f.confidence for f in wrong.init.missing_in_problem}
    assert named.get("(parked jeep bay3)", 0.0) >= 0.9


def test_a_text_that_states_one_fact_per_group_is_never_doubted(aligner):
    """The property the verdict rests on: a clear request against a problem with one changed
    init or goal fact keeps that conflict at full confidence."""
    right = aligner.explain(TOWER_TEXT, TOWER)
    assert right.aligned and not any("doubted" in n for n in right.notes)
    for changed in (
        TOWER.replace("(on b3 b1)", "(on b3 b2)"),
        TOWER.replace("(:goal (on b1 b2))", "(:goal (on b1 b3))"),
    ):
        wrong = aligner.explain(TOWER_TEXT, changed)
        assert not wrong.aligned and wrong.similarity < right.similarity
        assert not any("doubted" in n for n in wrong.notes)
        assert max(f.confidence for f in wrong.conflicts()) >= 0.9


#: The same in the goal: a stray clause of a goal sentence reads as the van parked elsewhere.
#: (A stray sentence of its own after the goal is loose — it may state the init — and so is
#: not doubted: :func:`.implied.doubt`.)
STRAY_GOAL = [
    "The van is parked in bay1 and the jeep is parked in bay3; the valet is idle. "
    "The goal: the van parked in bay2, although the van was washed in bay3 yesterday.",
    "The van is parked in bay1 and the jeep is parked in bay3; the valet is idle. "
    "Your goal is the van parked in bay2 (the van was washed in bay3 yesterday).",
    "The van is parked in bay1 and the jeep is parked in bay3; the valet is idle. "
    "Target: van parked in bay2. Last month the van got its oil changed in bay1.",
]


@pytest.mark.parametrize("text", STRAY_GOAL)
def test_a_stray_goal_sentence_is_doubted_against_the_goal_fact_the_problem_has(aligner, text):
    right = aligner.explain(text, LOT, GARAGE)
    assert right.aligned, format_explanation(right)
    doubted = [f for f in right.goal.missing_in_problem if f.confidence < 0.5]
    assert doubted and any("doubted" in n for n in right.notes)
    # a goal that changes the fact the text states clearly: rejected, and named
    wrong = aligner.explain(
        text,
        LOT.replace("(:goal (and (parked van bay2)))", "(:goal (and (parked jeep bay2)))"),
        GARAGE,
    )
    assert not wrong.aligned and wrong.similarity < right.similarity
    named = {f.atom: f.confidence for f in wrong.goal.missing_in_problem}
    assert named.get("(parked van bay2)", 0.0) >= 0.9
