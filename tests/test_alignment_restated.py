"""A closing summary restates the request (issue 19, ``handwritten10``): chat models end a
problem's description with "### Summary", "To summarize: …" or "In short, …", restating state and
goal loosely ("with an empty hand" after the goal, "each ball moving to the other room"). The
reader skips such a summary once the goal has been stated; a text whose goal is only in its
summary keeps it. Wordings written for these tests."""

from __future__ import annotations

import pytest

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts.restated import without_summary


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner()


def _bw(init: str, goal: str) -> str:
    return (
        "(define (problem p) (:domain blocksworld) (:objects b1 b2 b3)"
        f" (:init {init}) (:goal (and {goal})))"
    )


BW_INIT = "(on-table b1) (on b2 b1) (on-table b3) (clear b2) (clear b3) (arm-empty)"
BW_GOAL = "(on b1 b3) (on b3 b2)"

BW_TEXTS = [
    "Initially b1 and b3 sit on the table, b2 sits on b1, b2 and b3 are clear and the arm is "
    "empty. The goal is that b1 is on b3 and b3 is on b2.\n\nTo summarize: the two-block stack "
    "b2 on b1 has to be taken apart and rebuilt as b1 on b3 on b2.",
    "## Initial State\n- b1 and b3 are on the table.\n- b2 is on b1.\n- b2 and b3 are clear, and "
    "the hand is empty.\n## Goal\n- b1 should be on b3.\n- b3 should be on b2.\n## Summary\nThe "
    "two-block stack b2 on b1 has to be taken apart, with an empty hand, and rebuilt as b1 on b3 "
    "on b2.",
]

FERRY = """(define (domain ferry)
  (:requirements :strips :typing)
  (:types car location)
  (:predicates (at-ferry ?l - location) (at ?c - car ?l - location) (empty-ferry) (on ?c - car))
  (:action sail :parameters (?from ?to - location)
    :precondition (at-ferry ?from) :effect (and (at-ferry ?to) (not (at-ferry ?from))))
  (:action board :parameters (?car - car ?loc - location)
    :precondition (and (at ?car ?loc) (at-ferry ?loc) (empty-ferry))
    :effect (and (on ?car) (not (at ?car ?loc)) (not (empty-ferry))))
  (:action debark :parameters (?car - car ?loc - location)
    :precondition (and (on ?car) (at-ferry ?loc))
    :effect (and (at ?car ?loc) (empty-ferry) (not (on ?car)))))"""


def _ferry(init: str, goal: str) -> str:
    return (
        "(define (problem p) (:domain ferry) (:objects c1 c2 - car p1 p2 p3 - location)"
        f" (:init {init}) (:goal (and {goal})))"
    )


FE_INIT = "(at-ferry p1) (empty-ferry) (at c1 p1) (at c2 p2)"
FE_GOAL = "(at c1 p2) (at c2 p3)"

FE_TEXTS = [
    "### Initial State\n- The ferry is docked at p1 and is empty.\n- c1 is at p1.\n- c2 is at p2."
    "\n### Goal\n- c1 is at p2.\n- c2 is at p3.\n### Summary\nThe empty ferry starts at p1 and "
    "must move both cars, each car moving to the next port.",
    "Initially the ferry waits, empty, at p1; car c1 is at p1 and car c2 at p2. The goal is to "
    "have c1 at p2 and c2 at p3.\n## Summary\nThe ferry, empty at p1, takes c1 on board, then "
    "c2, each car moving to the next port.",
]


@pytest.fixture(scope="module")
def ferry() -> Aligner:
    return Aligner(domain=FERRY)


def test_a_summary_after_the_goal_is_blanked_and_offsets_kept():
    for t in (*BW_TEXTS, *FE_TEXTS):
        out = without_summary(t)
        assert len(out) == len(t) and out.count("\n") == t.count("\n")
        assert out != t and out.rstrip() == out[: len(out.rstrip())]
        assert not any(w in out.lower() for w in ("summary", "summarize", "in short"))


def test_a_restatement_in_brief_is_a_summary_too():
    t = "Initially b2 is on b1. The goal is that b1 is on b2. Restating briefly: swap them."
    assert without_summary(t).rstrip() == "Initially b2 is on b1. The goal is that b1 is on b2."
    t2 = "Goal: b1 on b2.\nIn brief - b2 comes off b1 first.\n## Notes\nb3 is on the table."
    assert without_summary(t2).endswith("## Notes\nb3 is on the table.")
    assert "In brief" not in without_summary(t2)


def test_a_summary_that_states_the_only_goal_is_kept():
    t = "b1 is on the table and b2 is on b1.\nSummary: we want b1 on b2."
    assert without_summary(t) == t
    t2 = "In short, b1 is on b2. The goal is b2 on b1."
    assert without_summary(t2) == t2


@pytest.mark.parametrize("text", BW_TEXTS)
def test_blocksworld_summary_is_no_goal_fact(aligner, text):
    right = aligner.explain(text, _bw(BW_INIT, BW_GOAL))
    assert right.aligned and right.similarity > 0.9, right.conflicts()
    # one fact changed, stated in the body: still rejected, and the explanation names it
    wrong_init = aligner.explain(text, _bw(BW_INIT.replace("(on b2 b1)", "(on b2 b3)"), BW_GOAL))
    assert not wrong_init.aligned and wrong_init.similarity < right.similarity
    wrong_goal = aligner.explain(text, _bw(BW_INIT, BW_GOAL.replace("(on b1 b3)", "(on b1 b2)")))
    assert not wrong_goal.aligned and wrong_goal.similarity < right.similarity
    assert any("b1" in f.atom for f in wrong_goal.conflicts()) or wrong_goal.goal.unstated


@pytest.mark.parametrize("text", FE_TEXTS)
def test_ferry_summary_is_no_goal_fact(ferry, text):
    right = ferry.explain(text, _ferry(FE_INIT, FE_GOAL))
    assert right.aligned and right.similarity > 0.9, right.conflicts()
    wrong = ferry.explain(text, _ferry(FE_INIT, FE_GOAL.replace("(at c2 p3)", "(at c2 p1)")))
    assert not wrong.aligned and wrong.similarity < right.similarity
    wrong_init = ferry.explain(text, _ferry(FE_INIT.replace("(at c2 p2)", "(at c2 p3)"), FE_GOAL))
    assert not wrong_init.aligned and wrong_init.similarity < right.similarity


def test_renaming_objects_consistently_leaves_the_score(aligner):
    text = BW_TEXTS[0]
    base = aligner.explain(text, _bw(BW_INIT, BW_GOAL)).similarity
    ren = {"b1": "k7", "b2": "k8", "b3": "k9"}
    t2, init, goal, objs = text, BW_INIT, BW_GOAL, "b1 b2 b3"
    for a, b in ren.items():
        t2, init, goal, objs = (s.replace(a, b) for s in (t2, init, goal, objs))
    pddl = _bw(init, goal).replace("(:objects b1 b2 b3)", f"(:objects {objs})")
    assert aligner.explain(t2, pddl).similarity == pytest.approx(base, abs=1e-6)
