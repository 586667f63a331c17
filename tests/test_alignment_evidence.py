"""A reading that would reject a problem is checked against its own words (issue 19,
:mod:`planetarium_plugin.alignment.facts.evidence`): no word of its predicate and instead a
word of another predicate whose atoms the problem holds unstated, or no object at all,
makes it doubtful (lowered below the verdict's bar, with a note); a plainly worded fact —
what a one-fact wrong problem leaves — stays loud. Wordings are our own, two per case.
"""

from __future__ import annotations

import pytest

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts.evidence import DOUBT, doubtful, verified
from planetarium_plugin.alignment.facts.explain import FactMatch
from planetarium_plugin.alignment.facts.world import read_world

LIFT = """(define (domain lift)
  (:requirements :strips :typing)
  (:types passenger floor)
  (:predicates (origin ?p - passenger ?f - floor)       ; ?p waits at floor ?f
               (destin ?p - passenger ?f - floor)       ; ?p wants to go to floor ?f
               (above ?f1 - floor ?f2 - floor)          ; floor ?f2 is above floor ?f1
               (boarded ?p - passenger)                 ; ?p is inside the lift
               (served ?p - passenger)                  ; ?p has arrived
               (lift-at ?f - floor))                    ; the lift is at floor ?f
  (:action board :parameters (?f - floor ?p - passenger)
    :precondition (and (lift-at ?f) (origin ?p ?f)) :effect (boarded ?p))
  (:action depart :parameters (?f - floor ?p - passenger)
    :precondition (and (lift-at ?f) (destin ?p ?f) (boarded ?p))
    :effect (and (not (boarded ?p)) (served ?p)))
  (:action up :parameters (?f1 ?f2 - floor)
    :precondition (and (lift-at ?f1) (above ?f1 ?f2))
    :effect (and (lift-at ?f2) (not (lift-at ?f1))))
  (:action down :parameters (?f1 ?f2 - floor)
    :precondition (and (lift-at ?f1) (above ?f2 ?f1))
    :effect (and (lift-at ?f2) (not (lift-at ?f1)))))"""

LIFT_PROBLEM = """(define (problem p) (:domain lift) (:objects a b - passenger f1 f2 f3 - floor)
 (:init (above f1 f2) (above f1 f3) (above f2 f3) (origin a f1) (destin a f3) (origin b f3)
        (destin b f1) (lift-at f2))
 (:goal (and (served a) (served b))))"""

BLOCKS = """(define (problem p) (:domain blocks) (:objects b1 b2 b3)
 (:init (clear b1) (on b1 b2) (on b2 b3) (on-table b3) (hand-empty))
 (:goal (and (on b3 b1) (clear b3))))"""


@pytest.fixture(scope="module")
def lift():
    return read_world(LIFT_PROBLEM, LIFT)


@pytest.fixture(scope="module")
def blocks():
    return read_world(BLOCKS)


def _fact(atom: str, span: str, confidence: float = 0.9) -> FactMatch:
    return FactMatch(atom, span, 0, len(span), confidence)


# ------------------------------------------------- another predicate named, its atoms unstated


@pytest.mark.parametrize(
    "span",
    ["every floor is above all lower-numbered floors.", "each floor lies above the lower ones"],
)
def test_a_span_naming_another_predicate_is_doubtful(lift, span):
    unstated = ("(above f1 f2)", "(above f2 f3)")
    why = doubtful(lift, _fact("(lift-at f2)", span), unstated)
    assert why is not None and "names above" in why
    # the same span, when the text was read to state the above atoms: nothing to doubt by
    assert doubtful(lift, _fact("(lift-at f2)", span), ()) is None


@pytest.mark.parametrize("span", ["a wants the top floor", "a would like to go to f3"])
def test_a_wish_read_as_another_predicate_is_doubtful(lift, span):
    why = doubtful(lift, _fact("(boarded a)", span), ("(destin a f3)",))
    assert why is not None and "names destin" in why


# ---------------------------------------------------------------- no word, no object at all


@pytest.mark.parametrize("span", ["please.", "thank you very much!"])
def test_a_span_with_neither_predicate_nor_objects_is_doubtful(blocks, span):
    why = doubtful(blocks, _fact("(clear b2)", span), ())
    assert why == "no word of its predicate and no object"


# ---------------------------------------------------------- plain evidence: the reading stays


@pytest.mark.parametrize("span", ["b2 is clear", "b2 is clear of other blocks"])
def test_the_predicates_own_word_keeps_a_reading_loud(blocks, span):
    assert doubtful(blocks, _fact("(clear b2)", span), ("(on-table b3)",)) is None


@pytest.mark.parametrize("span", ["nothing is on b2", "b2 has nothing on it"])
def test_a_synonym_about_the_facts_objects_stays_loud(blocks, span):
    # no word of ``clear``, but b2 is named and no other predicate's content word is said
    assert doubtful(blocks, _fact("(clear b2)", span), ("(on-table b3)",)) is None


@pytest.mark.parametrize("span", ["a waits at f2", "passenger a is waiting on floor f2"])
def test_a_changed_fact_in_plain_words_stays_loud(lift, span):
    # what a one-fact wrong problem leaves: the text's fact, worded by its predicate
    assert doubtful(lift, _fact("(origin a f2)", span), ("(destin a f3)",)) is None


# ------------------------------------------------------------------------------- verified


def test_verified_lowers_doubtful_readings_below_the_bar_with_a_note(blocks):
    notes: list[str] = []
    loud = _fact("(clear b2)", "please.", 0.58)
    plain = _fact("(clear b2)", "b2 is clear", 0.9)
    faint = _fact("(clear b2)", "thanks.", 0.3)
    implied = FactMatch("(clear b2)", "please.", 0, 7, 0.9, kind="implied")
    got = verified(blocks, [loud, plain, faint, implied], (), 0.5, notes)
    assert got[0].confidence == round(0.58 * DOUBT, 4) < 0.5
    assert got[1:] == [plain, faint, implied]
    assert len(notes) == 1 and "(clear b2)" in notes[0] and "'please.'" in notes[0]


# ----------------------------------------------------------------------------- end to end

#: A wish ("b wants the bottom floor") read as ``boarded``, and the floors' order ("above")
#: read as the lift's place: misreadings that rejected the problem the text states.
REQUESTS = [
    "Floors: f1-f3, numbered bottom to top; every floor is above all lower-numbered floors. "
    "Passengers: a and b. Passenger a is waiting at f1 and b is waiting at f3. Destinations: "
    "a wants the top floor, and b wants the bottom floor. The lift is at f2. Goal: all "
    "passengers served.",
    "Three floors f1, f2 and f3, each one above the floors with lower numbers. Passenger a is "
    "waiting at f1; passenger b is waiting at f3. a wants the top floor; b wants the bottom "
    "floor. The lift is at f2. Serve both passengers.",
]


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner(domain=LIFT)


@pytest.mark.parametrize("text", REQUESTS)
def test_misread_wishes_are_doubted_and_the_right_problem_kept(aligner, text):
    e = aligner.explain(text, LIFT_PROBLEM)
    assert any("names destin" in n or "names above" in n for n in e.notes), e.notes
    assert all(f.confidence < 0.5 for f in e.conflicts()), e.conflicts()
    assert e.aligned and aligner.score(text, LIFT_PROBLEM).aligned


@pytest.mark.parametrize("text", REQUESTS)
def test_a_changed_origin_is_still_named_and_rejected(aligner, text):
    wrong = LIFT_PROBLEM.replace("(origin a f1)", "(origin a f2)")
    e = aligner.explain(text, wrong)
    assert any(f.atom == "(origin a f1)" and f.confidence >= 0.5 for f in e.conflicts())
    got = aligner.score(text, wrong)
    assert not got.aligned
    assert got.similarity < aligner.score(text, LIFT_PROBLEM).similarity
