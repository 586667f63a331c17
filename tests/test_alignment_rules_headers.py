"""Three constructions of templated requests written by other people (issue 19, found on the
``isr-llm`` dev source): a rule of how actions may be used ("each item can only be picked up
once") states no fact; a header's list ends at the first clause with its own words ("… the
recipes: jar1 holds spice1, spice4. jar2 holds …"); a capitalised class noun opening its
sentence names the class's only object ("Van is at depot2."). Small domains and wordings
written for these tests, each construction in two wordings."""

from __future__ import annotations

import pytest

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts import read_world, split_clauses
from planetarium_plugin.alignment.facts.vocabulary import rule_of_use

PANTRY = """(define (domain pantry)
  (:requirements :strips :typing)
  (:types jar spice)
  (:predicates (hand-free) (jar-empty ?j - jar) (grabbed ?s - spice) (holds ?j - jar ?s - spice))
  (:action grab :parameters (?s - spice) :precondition (hand-free)
    :effect (and (grabbed ?s) (not (hand-free))))
  (:action drop-in :parameters (?s - spice ?j - jar) :precondition (grabbed ?s)
    :effect (and (holds ?j ?s) (not (jar-empty ?j)) (not (grabbed ?s)) (hand-free))))"""


def _pantry(goal: str) -> str:
    return (
        "(define (problem p) (:domain pantry) (:objects jar1 jar2 - jar"
        " spice1 spice2 spice3 spice4 - spice)"
        " (:init (hand-free) (jar-empty jar1) (jar-empty jar2))"
        f" (:goal (and {goal})))"
    )


RIGHT = "(holds jar1 spice1) (holds jar1 spice4) (holds jar2 spice2) (holds jar2 spice3)"
WRONG = "(holds jar1 spice1) (holds jar1 spice3) (holds jar2 spice2) (holds jar2 spice3)"


@pytest.fixture(scope="module")
def pantry() -> Aligner:
    return Aligner(domain=PANTRY)


def test_rule_of_use_words():
    assert rule_of_use("X can only be picked up once")
    assert rule_of_use("X may carry one ball at a time")
    assert rule_of_use("X only can carry Y")
    assert not rule_of_use("X can be on Y") and not rule_of_use("X is grabbed once more")
    assert not rule_of_use("X is at Y")


@pytest.mark.parametrize(
    "rule",
    [
        "Each spice can only be grabbed once.",
        "Note: every spice may be grabbed only once; the hand can hold one spice at a time.",
    ],
)
def test_a_rule_of_use_states_no_fact(pantry, rule):
    text = (
        f"There are 2 jars and 4 spices. {rule} Goal: jar1 holds spice1 and spice4, "
        "jar2 holds spice2 and spice3."
    )
    e = pantry.explain(text, _pantry(RIGHT))
    assert not e.init.missing_in_problem and not e.goal.missing_in_problem
    assert not any("grabbed" in f.atom for f in (*e.init.stated, *e.goal.stated))
    right = pantry.score(text, _pantry(RIGHT)).similarity
    assert right > pantry.score(text, _pantry(WRONG)).similarity


@pytest.mark.parametrize(
    "text",
    [
        "Two jars. Your job is to fill the jars by following the recipes: jar1 holds spice1, "
        "spice4. jar2 holds spice2, spice3.",
        "I want this in the end, as listed here: jar1 holds spice1, spice4; jar2 holds spice2, "
        "spice3.",
    ],
)
def test_a_header_list_ends_at_a_clause_with_its_own_words(pantry, text):
    w = read_world(_pantry(RIGHT), PANTRY)
    holds = [c for c in split_clauses(text, w) if c.template.endswith("X holds Y")]
    firsts = [c for c in holds if c.slots[0][0].objects == ("jar1",)]
    assert firsts and {m.objects[0] for m in firsts[0].slots[1]} == {"spice1", "spice4"}
    e = pantry.explain(text, _pantry(RIGHT))
    assert {f.atom for f in e.goal.stated} >= {"(holds jar1 spice4)", "(holds jar1 spice1)"}
    assert not e.goal.unstated
    wrong = pantry.explain(text, _pantry(WRONG))
    # the changed fact is named: the text's spice4 is missing, the problem's spice3 unstated
    assert "(holds jar1 spice4)" in {f.atom for f in wrong.goal.missing_in_problem}
    assert "(holds jar1 spice3)" in wrong.goal.unstated
    assert pantry.score(text, _pantry(RIGHT)).similarity > pantry.score(
        text, _pantry(WRONG)
    ).similarity


COURIER = """(define (domain courier)
  (:requirements :strips :typing)
  (:types van depot parcel)
  (:predicates (van-at ?v - van ?d - depot) (parcel-at ?p - parcel ?d - depot)
               (loaded ?p - parcel ?v - van))
  (:action drive :parameters (?v - van ?a ?b - depot) :precondition (van-at ?v ?a)
    :effect (and (van-at ?v ?b) (not (van-at ?v ?a)))))"""


def _courier(van: str) -> str:
    return (
        "(define (problem p) (:domain courier) (:objects v7 - van d1 d2 d3 - depot p1 p2 - parcel)"
        f" (:init (van-at v7 {van}) (parcel-at p1 d1) (parcel-at p2 d3))"
        " (:goal (and (parcel-at p1 d2) (parcel-at p2 d2))))"
    )


@pytest.mark.parametrize(
    "text",
    [
        "Initially: Van is at d2. Parcel p1 is at d1. Parcel p2 is at d3. "
        "Goal: p1 at d2, p2 at d2.",
        "Van waits at d2.\nParcels: p1 is at d1 and p2 is at d3.\nBring both parcels to d2.",
    ],
)
def test_a_capitalised_class_noun_opening_a_sentence_names_its_only_object(text):
    al = Aligner(domain=COURIER)
    e = al.explain(text, _courier("d2"))
    assert "(van-at v7 d2)" in {f.atom for f in e.init.stated}
    wrong = al.explain(text, _courier("d1"))
    assert "(van-at v7 d1)" in wrong.init.unstated or any(
        "van-at" in f.atom for f in wrong.init.missing_in_problem
    )
    assert al.score(text, _courier("d2")).similarity > al.score(text, _courier("d1")).similarity


def test_a_class_noun_that_is_no_sentence_opener_or_has_several_objects_names_nothing():
    al = Aligner(domain=COURIER)
    w = read_world(_courier("d2"), COURIER)
    # lower case mid-sentence: no name; "Parcel" has two objects: no name either
    clauses = split_clauses("Today van is at d2. Parcel is at d1.", w)
    named = {o for c in clauses for s in c.slots for m in s for o in m.objects}
    assert "v7" not in named and not {"p1", "p2"} & named
    assert al.score("Van is at d2.", _courier("d2")).similarity > 0
