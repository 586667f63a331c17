"""Objects described by how they start out (issue 19, :mod:`~planetarium_plugin.alignment.facts.
related`): "the two parcels the robot carries", "the three cellar parcels", "the crate hanging
from the crane", "the north depot's dock". A small courier domain written for these tests; each
goal names its objects by an init relation, never by name, and each case has its wrong pair."""

from __future__ import annotations

import pytest

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts.mentions import find_mentions, tokenize
from planetarium_plugin.alignment.facts.related import related
from planetarium_plugin.alignment.facts.world import read_world

COURIER = """(define (domain courier)
  (:requirements :strips :typing)
  (:types robot parcel room crane depot dock)
  (:predicates (robot-in ?r - robot ?l - room)      ; robot ?r is in room ?l
               (lies-in ?p - parcel ?l - room)      ; parcel ?p lies in room ?l
               (carrying ?r - robot ?p - parcel)    ; robot ?r is carrying parcel ?p
               (lifting ?c - crane ?p - parcel)     ; crane ?c is lifting parcel ?p
               (dock-at ?k - dock ?d - depot)       ; dock ?k is at depot ?d
               (delivered ?p - parcel ?k - dock))   ; parcel ?p was delivered to dock ?k
  (:action pick :parameters (?r - robot ?p - parcel ?l - room)
    :precondition (and (robot-in ?r ?l) (lies-in ?p ?l))
    :effect (and (carrying ?r ?p) (not (lies-in ?p ?l))))
  (:action drop :parameters (?r - robot ?p - parcel ?l - room)
    :precondition (and (robot-in ?r ?l) (carrying ?r ?p))
    :effect (and (lies-in ?p ?l) (not (carrying ?r ?p))))
  (:action go :parameters (?r - robot ?a ?b - room) :precondition (robot-in ?r ?a)
    :effect (and (robot-in ?r ?b) (not (robot-in ?r ?a))))
  (:action deliver :parameters (?c - crane ?p - parcel ?k - dock)
    :precondition (lifting ?c ?p) :effect (and (delivered ?p ?k) (not (lifting ?c ?p)))))"""

OBJECTS = "rob - robot p1 p2 p3 p4 p5 - parcel office cellar - room"
#: rob stands in the office carrying p1 and p2; p3, p4 and p5 lie in the cellar.
INIT = (
    "(robot-in rob office) (carrying rob p1) (carrying rob p2) "
    "(lies-in p3 cellar) (lies-in p4 cellar) (lies-in p5 cellar)"
)
SWAPPED = (
    "(lies-in p1 cellar) (lies-in p2 cellar) (lies-in p3 office) (lies-in p4 office) "
    "(lies-in p5 office)"
)
SETUP = (
    "The robot rob stands in the office with parcels p1 and p2 in hand; p3, p4 and p5 lie in "
    "the cellar. "
)


def _problem(objects: str, init: str, goal: str) -> str:
    return (
        f"(define (problem p) (:domain courier) (:objects {objects}) (:init {init}) "
        f"(:goal (and {goal})))"
    )


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner(domain=COURIER)


def _atoms(facts) -> set[str]:
    return {f.atom for f in facts}


@pytest.mark.parametrize(
    "goal",
    [
        "Everything should trade places: the two parcels the robot is carrying go to the "
        "cellar, and the three cellar parcels end up in the office.",
        "The three cellar parcels must be brought up to the office, and the parcels that rob "
        "carries must be left in the cellar.",
        "Leave the two parcels it is carrying in the cellar; the three cellar parcels should "
        "lie in the office.",
    ],
)
def test_objects_described_by_an_init_relation_are_the_ones_it_relates(aligner, goal):
    text = SETUP + goal
    right = _problem(OBJECTS, INIT, SWAPPED)
    r = aligner.explain(text, right)
    assert r.goal.unstated == () and r.aligned, r.goal.unstated
    assert "(lies-in p1 cellar)" in _atoms(r.goal.stated)
    assert "(lies-in p4 office)" in _atoms(r.goal.stated)
    # the wrong pair: p5 stays in the cellar (one goal fact changed), named as contradicted
    wrong = _problem(OBJECTS, INIT, SWAPPED.replace("(lies-in p5 office)", "(lies-in p5 cellar)"))
    w = aligner.explain(text, wrong)
    assert not w.aligned and w.similarity < r.similarity
    assert "(lies-in p5 office)" in _atoms(w.goal.missing_in_problem)


def test_a_description_whose_count_does_not_fit_names_nothing():
    """Only two parcels lie in the cellar: "the three cellar parcels" is no guess."""
    w = read_world(_problem(OBJECTS, INIT.replace("(lies-in p5 cellar)", ""), ""), COURIER)
    for text in (
        "Take the three cellar parcels to the office.",
        "Take the three parcels the robot carries to the office.",
    ):
        toks = tokenize(text)
        got = related(text, toks, find_mentions(text, w, toks), w)
        assert all(len(m.objects) <= 1 for m in got), [(m.text, m.objects) for m in got]
    text = "Take the two cellar parcels to the office."
    toks = tokenize(text)
    got = related(text, toks, find_mentions(text, w, toks), w)
    assert [(m.text, m.objects) for m in got][0] == ("the two cellar parcels", ("p3", "p4"))


CRANES = "rob - robot p1 p2 - parcel crane1 crane2 - crane k1 k2 - dock north south - depot"
CRANE_INIT = "(lifting crane1 p1) (lifting crane2 p2) (dock-at k1 north) (dock-at k2 south)"


@pytest.mark.parametrize(
    "text",
    [
        "crane1 holds p1 and crane2 holds p2; dock k1 is at the north depot and k2 at the "
        "south one. The parcel hanging from crane2 goes to the north depot's dock, and the "
        "parcel hanging from crane1 to the south depot's dock.",
        "Cranes: crane1 lifting p1, crane2 lifting p2. Docks: k1 at north, k2 at south. "
        "Deliver the parcel crane2 is lifting to north's dock and the parcel crane1 is lifting "
        "to south's dock.",
    ],
)
def test_a_participle_or_possessive_description_names_the_related_object(aligner, text):
    right = _problem(CRANES, CRANE_INIT, "(delivered p2 k1) (delivered p1 k2)")
    r = aligner.explain(text, right)
    assert {"(delivered p2 k1)", "(delivered p1 k2)"} <= _atoms(r.goal.stated)
    assert r.goal.unstated == ()
    # the wrong pair swaps the two parcels: both goal facts are named as missing
    wrong = _problem(CRANES, CRANE_INIT, "(delivered p1 k1) (delivered p2 k2)")
    w = aligner.explain(text, wrong)
    assert "(delivered p2 k1)" in _atoms(w.goal.missing_in_problem)
    assert w.similarity < r.similarity and not w.aligned


def test_a_prepositional_phrase_that_states_the_goal_is_no_description():
    """ "Put the parcel in the cellar": the phrase states where it goes, even when the problem
    already has it there; it names no parcel by description."""
    w = read_world(_problem("p1 - parcel cellar office - room", "(lies-in p1 cellar)", ""), COURIER)
    text = "Put the parcel in the cellar, please."
    toks = tokenize(text)
    plain = find_mentions(text, w, toks)
    got = related(text, toks, plain, w)
    assert [m.text for m in got] == [m.text for m in plain] == ["parcel", "cellar"]


# names restated in parentheses after a description (:mod:`~planetarium_plugin.alignment.
# facts.parenthesised`): "parcels 1 and 2" fits a-1, a-2, b-1 and b-2; the names say which
LETTERED = "a-1 a-2 b-1 b-2 - parcel office cellar - room"
LETTERED_INIT = (
    "(lies-in b-1 cellar) (lies-in b-2 cellar) (lies-in a-1 office) (lies-in a-2 office)"
)


@pytest.mark.parametrize(
    "said",
    [
        "Parcels 1 and 2 (b-1, b-2) lie in the cellar",
        "parcels 1-2 (b-1 & b-2) lie in the cellar",
    ],
)
def test_names_in_parentheses_say_which_objects_a_description_means(aligner, said):
    text = f"{said}, and a-1 and a-2 lie in the office. Bring b-1 to the office."
    right = _problem(LETTERED, LETTERED_INIT, "(lies-in b-1 office)")
    r = aligner.explain(text, right)
    assert {"(lies-in b-1 cellar)", "(lies-in b-2 cellar)"} <= _atoms(r.init.stated)
    assert not r.init.contradicted and not r.init.missing_in_problem and r.aligned
    # the wrong pair has a-1 in the cellar and b-1 in the office: b-1's fact is named missing
    swapped = LETTERED_INIT.replace("b-1 cellar", "a-1 cellar").replace("a-1 office", "b-1 office")
    w = aligner.explain(text, _problem(LETTERED, swapped, "(lies-in b-1 office)"))
    assert "(lies-in b-1 cellar)" in _atoms(w.init.missing_in_problem) and not w.aligned


def test_a_parenthesis_naming_other_objects_is_left_alone():
    from planetarium_plugin.alignment.facts.parenthesised import restated

    w = read_world(_problem(LETTERED, LETTERED_INIT, ""), COURIER)
    text = "Parcels 1 and 2 (and the office) are mine."
    toks = tokenize(text)
    plain = find_mentions(text, w, toks)
    assert restated(text, toks, plain) == plain


@pytest.mark.parametrize(
    "goal",
    [
        "p3, p4 and p5 should end up in the room where the robot stands.",
        "p3, p4 and p5 must all end up in the room where rob is now.",
    ],
)
def test_the_place_where_an_object_is_is_its_init_place(aligner, goal):
    text = SETUP + goal
    done = "(lies-in p3 office) (lies-in p4 office) (lies-in p5 office)"
    r = aligner.explain(text, _problem(OBJECTS, INIT, done))
    assert _atoms(r.goal.stated) == {
        "(lies-in p3 office)",
        "(lies-in p4 office)",
        "(lies-in p5 office)",
    }
    assert r.aligned
    w = aligner.explain(text, _problem(OBJECTS, INIT, done.replace("p5 office", "p5 cellar")))
    assert "(lies-in p5 office)" in _atoms(w.goal.missing_in_problem) and not w.aligned


LIFT = """(define (domain lift)
  (:requirements :strips :typing)
  (:types person floor)
  (:predicates (lift-at ?f - floor)                 ; the lift is at floor ?f
               (person-at ?p - person ?f - floor))  ; person ?p is at floor ?f
  (:action ride :parameters (?p - person ?a ?b - floor)
    :precondition (and (lift-at ?a) (person-at ?p ?a))
    :effect (and (lift-at ?b) (person-at ?p ?b) (not (lift-at ?a)) (not (person-at ?p ?a)))))"""


@pytest.mark.parametrize(
    "text",
    [
        "The lift is at f2; ann is at f1. ann should end up at the floor where the lift starts.",
        "Ann waits on f1 and the lift stands at f2. Goal: ann at the floor where it is now.",
    ],
)
def test_the_place_of_an_agent_no_object_names_is_its_one_place_fact(text):
    def problem(goal: str) -> str:
        return (
            "(define (problem p) (:domain lift) (:objects ann - person f1 f2 f3 - floor) "
            f"(:init (lift-at f2) (person-at ann f1)) (:goal (and {goal})))"
        )

    lift = Aligner(domain=LIFT)
    r = lift.explain(text, problem("(person-at ann f2)"))
    assert "(person-at ann f2)" in _atoms(r.goal.stated) and r.aligned
    w = lift.explain(text, problem("(person-at ann f3)"))
    assert "(person-at ann f2)" in _atoms(w.goal.missing_in_problem) and not w.aligned
