"""Polarity beyond "not" (issue 19, ``alignneg``): a contrastive negation ("d2, not d1, joins
the bay"), state words that mean the negation of a predicate ("still untouched", "buried",
"have yet to be made"), a denied relation between two listed objects ("c1 and c3 are not
linked") and a list's exclusive tail ("c1, c2 and c3, and no other cell"). Domains and wordings
written for these tests, each construction in two wordings over two domains; a wrong problem
that changes the fact is still rejected and the explanation names the fact."""

from __future__ import annotations

import pytest
from problems import BLOCKS, atoms

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts.polarity import said_un_words, state_negations

YARD = """(define (domain yard)
  (:requirements :strips :typing)
  (:types area crate)
  (:predicates (connected ?a ?b - area)   ; ?a joins ?b
               (in ?c - crate ?a - area)) ; crate ?c is in area ?a
  (:action push
    :parameters (?c - crate ?a ?b - area)
    :precondition (and (in ?c ?a) (connected ?a ?b))
    :effect (and (in ?c ?b) (not (in ?c ?a)))))"""

TOUR = """(define (domain tour)
  (:requirements :strips :typing)
  (:types cell)
  (:predicates (robot-at ?c - cell) (visited ?c - cell) (connected ?a ?b - cell))
  (:action move
    :parameters (?a ?b - cell)
    :precondition (and (robot-at ?a) (connected ?a ?b))
    :effect (and (robot-at ?b) (visited ?b) (not (robot-at ?a)))))"""

SNACK = """(define (domain snack)
  (:requirements :strips :typing)
  (:types sandwich child)
  (:predicates (notexist ?s - sandwich) (at_kitchen_sandwich ?s - sandwich)
               (served ?c - child))
  (:action make
    :parameters (?s - sandwich)
    :precondition (notexist ?s)
    :effect (and (at_kitchen_sandwich ?s) (not (notexist ?s))))
  (:action serve
    :parameters (?s - sandwich ?c - child)
    :precondition (at_kitchen_sandwich ?s)
    :effect (and (served ?c) (not (at_kitchen_sandwich ?s)))))"""


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner()


def _named(exp) -> set[str]:
    return {f.atom for f in exp.conflicts()}


def _yard(links: str) -> str:
    return (
        "(define (problem p) (:domain yard) (:objects d1 d2 bay - area c1 - crate) "
        f"(:init (in c1 d1) (connected d1 d2) (connected d2 d1) {links}) "
        "(:goal (and (in c1 bay))))"
    )


@pytest.mark.parametrize(
    "text",
    [
        "Crate c1 is in d1. d1 and d2 join each other; d2, not d1, joins the bay. Goal: c1 in "
        "the bay.",
        "c1 sits in d1, and d1 is connected to d2 and d2 to d1. Only one area touches the bay: "
        "d2 (not d1) joins bay. Please get c1 into bay.",
    ],
)
def test_a_contrastive_negation_states_the_fact_of_one_and_denies_it_of_the_other(aligner, text):
    right = _yard("(connected d2 bay)")
    exp = aligner.explain(text, right, YARD)
    assert "(connected d2 bay)" in atoms(exp.init.stated)
    assert not {"(connected d2 d1)", "(connected d2 bay)"} & atoms(exp.init.contradicted)
    assert exp.aligned
    # the problem that links d1 to the bay has what the text denies
    bad = aligner.explain(text, _yard("(connected d2 bay) (connected d1 bay)"), YARD)
    assert "(connected d1 bay)" in atoms(bad.init.contradicted)
    assert not bad.aligned


@pytest.mark.parametrize(
    "text",
    [
        "x and w are on the table, y is on x and z is on y; z, not y, is clear, and w is "
        "clear too. The arm is empty. Goal: x on w, y on x, z on the table.",
        "Blocks: x and w on the table, y on x, z on y; the arm is empty. w and z (not y) are "
        "clear. I want x on w, y on x and z on the table.",
    ],
)
def test_a_contrastive_negation_in_a_second_domain(aligner, text):
    exp = aligner.explain(text, BLOCKS)
    assert "(clear z)" in atoms(exp.init.stated)
    assert "(clear y)" not in atoms(exp.init.missing_in_problem)
    assert exp.aligned
    bad = aligner.explain(text, BLOCKS.replace("(clear z)", "(clear z) (clear y)"))
    assert "(clear y)" in _named(bad)
    assert not bad.aligned


def _tour(init: str) -> str:
    return (
        "(define (problem p) (:domain tour) (:objects c1 c2 c3 - cell) "
        f"(:init (robot-at c1) (visited c1) (connected c1 c2) (connected c2 c1) "
        f"(connected c2 c3) (connected c3 c2) {init}) "
        "(:goal (and (visited c2) (visited c3))))"
    )


@pytest.mark.parametrize(
    "text",
    [
        "Cells c1, c2 and c3 form a row, each connected to the next both ways. The robot is at "
        "c1, which is visited; c2 and c3 are still untouched. Goal: visit c2 and c3.",
        "Three cells in a line (c1-c2, c2-c3, links both ways). The robot is at c1 and has "
        "visited it; c2 and c3 remain unexplored. The aim: c2 and c3 visited.",
    ],
)
def test_an_un_participle_denies_the_state(aligner, text):
    exp = aligner.explain(text, _tour(""), TOUR)
    assert not {"(visited c2)", "(visited c3)"} & atoms(exp.init.missing_in_problem)
    assert exp.aligned
    # a problem with c3 visited has what the text denies: named, and it scores lower (a word
    # that names no predicate is weak evidence alone: :mod:`.evidence` doubts it)
    bad = aligner.explain(text, _tour("(visited c3)"), TOUR)
    assert "(visited c3)" in atoms(bad.init.contradicted)
    assert bad.similarity < exp.similarity
    # the one-fact edit that moves the visit from c1 to c3 is rejected, and names c3
    moved = aligner.explain(text, _tour("(visited c3)").replace("(visited c1)", ""), TOUR)
    assert "(visited c3)" in atoms(moved.init.contradicted)
    assert not moved.aligned


def _snack(init: str) -> str:
    return (
        "(define (problem p) (:domain snack) (:objects s1 s2 - sandwich k1 - child) "
        f"(:init (notexist s1) {init}) (:goal (and (served k1))))"
    )


@pytest.mark.parametrize(
    "text",
    [
        "There is one child, k1. Sandwiches s1 and s2 have yet to be made. Goal: k1 served.",
        "There is one child, k1; the sandwiches s1 and s2 are still unmade. Please make sure "
        "k1 is served.",
    ],
)
def test_yet_to_and_an_un_word_state_a_negative_name(aligner, text):
    exp = aligner.explain(text, _snack("(notexist s2)"), SNACK)
    # read as ``notexist`` stated or as "in the kitchen" denied: either is what the text says
    assert not atoms(exp.init.contradicted) and not atoms(exp.init.missing_in_problem)
    assert exp.aligned
    bad = aligner.explain(text, _snack("(at_kitchen_sandwich s2)"), SNACK)
    assert {"(notexist s2)", "(at_kitchen_sandwich s2)"} & _named(bad)
    assert not bad.aligned


@pytest.mark.parametrize(
    "text",
    [
        "y is on x and z on y; x and w are on the table. x and y are buried, and the arm is "
        "empty. Goal: x on w, y on x, z on the table.",
        "y is on x, z is on y, and x and w are on the table; y and x lie buried, and "
        "the hand is empty. I want x on w, y on x and z on the table.",
    ],
)
def test_a_state_word_that_means_not_clear(aligner, text):
    exp = aligner.explain(text, BLOCKS)
    assert not {"(clear x)", "(clear y)"} & atoms(exp.init.missing_in_problem)
    assert exp.aligned
    bad = aligner.explain(text, BLOCKS.replace("(clear z)", "(clear z) (clear y)"))
    assert "(clear y)" in _named(bad)
    assert not bad.aligned


@pytest.mark.parametrize(
    "text",
    [
        "c1 is linked to c2 and c2 to c1. c2 is linked to c3 and c3 to c2. c1 and c3 are not "
        "linked. The robot is at c1, which it has visited. Goal: c2 and c3 visited.",
        "c1 is connected to c2 and c2 to c1; c2 is connected to c3 and c3 to c2; c1 and c3 "
        "aren't adjacent. Robot at c1 (visited). Visit c2 and c3.",
    ],
)
def test_a_denied_relation_between_two_listed_objects(aligner, text):
    exp = aligner.explain(text, _tour(""), TOUR)
    assert "(visited c1)" not in atoms(exp.init.contradicted)
    assert "(visited c3)" not in atoms(exp.init.contradicted)
    assert exp.aligned
    bad = aligner.explain(text, _tour("(connected c1 c3)"), TOUR)
    assert "(connected c1 c3)" in atoms(bad.init.contradicted)
    assert bad.similarity < exp.similarity
    # the edit that links c1 to c3 in place of c2 to c3 is rejected, and names the link
    edit = _tour("(connected c1 c3)").replace("(connected c2 c3)", "")
    moved = aligner.explain(text, edit, TOUR)
    assert "(connected c1 c3)" in atoms(moved.init.contradicted)
    assert not moved.aligned


def _tour4(visited: str) -> str:
    return (
        "(define (problem p) (:domain tour) (:objects c1 c2 c3 c4 - cell) "
        f"(:init (robot-at c1) {visited} (connected c1 c2) (connected c2 c1)) "
        "(:goal (and (visited c4))))"
    )


@pytest.mark.parametrize(
    "text",
    [
        "The robot stands at c1 and has so far visited c1, c2 and c3, and no other cell. c1 "
        "and c2 are connected both ways. Goal: c4 visited.",
        "Robot at c1. It has visited c1, c2 and c3, and nothing else. c1 is connected to c2 "
        "and c2 to c1. Target: have c4 visited.",
    ],
)
def test_an_exclusive_tail_keeps_the_listed_objects(aligner, text):
    right = _tour4("(visited c1) (visited c2) (visited c3)")
    exp = aligner.explain(text, right, TOUR)
    assert {"(visited c2)", "(visited c3)"} <= atoms(exp.init.stated)
    assert not atoms(exp.init.contradicted)
    assert exp.aligned
    bad = aligner.explain(text, _tour4("(visited c1) (visited c2)"), TOUR)
    assert "(visited c3)" in _named(bad)
    assert not bad.aligned


def test_state_word_readers_are_bounded_to_predicative_words():
    assert said_un_words("X are still untouched") == ["untouched"]
    assert said_un_words("X remains unexplored") == ["unexplored"]
    # not a state word after a copula, or an object follows: no denial
    assert said_un_words("X was unloaded at Y") == []
    assert said_un_words("X is under Y") == []
    assert said_un_words("X is united") == []
    assert state_negations("X is still to be visited", "goal") == 0
    assert state_negations("X is still to be visited", "init") == 1


ROVER = """(define (domain rov)
  (:requirements :strips :typing)
  (:types rover waypoint)
  (:predicates (at ?r - rover ?w - waypoint)
               (can_traverse ?r - rover ?a ?b - waypoint)  ; ?r can drive from ?a to ?b
               (visible ?a ?b - waypoint))                 ; ?a can see ?b
  (:action navigate
    :parameters (?r - rover ?a ?b - waypoint)
    :precondition (and (at ?r ?a) (can_traverse ?r ?a ?b) (visible ?a ?b))
    :effect (and (at ?r ?b) (not (at ?r ?a)))))"""


def _rover(goal: str = "(at r1 w2)") -> str:
    seen = " ".join(f"(visible {a} {b})" for a in ("w0", "w1", "w2") for b in ("w0", "w1", "w2")
                    if a != b)  # fmt: skip
    return (
        "(define (problem p) (:domain rov) (:objects r1 - rover w0 w1 w2 - waypoint) "
        "(:init (at r1 w0) (can_traverse r1 w0 w1) (can_traverse r1 w1 w0) "
        f"(can_traverse r1 w1 w2) (can_traverse r1 w2 w1) {seen}) (:goal (and {goal})))"
    )


@pytest.mark.parametrize(
    "text",
    [
        "Rover r1 is at w0. Every waypoint sees every other. r1 may drive between w1 and w0 in "
        "either direction, and between w1 and w2 likewise, but never directly between w0 and "
        "w2. Goal: r1 at w2.",
        "r1 starts at w0; all three waypoints can see each other. It can drive from w0 to w1 and "
        "back and from w1 to w2 and back, but not directly between w0 and w2. Get r1 to w2.",
    ],
)
def test_an_elliptic_denial_between_two_objects_denies_no_other_relation(aligner, text):
    exp = aligner.explain(text, _rover(), ROVER)
    assert not {"(visible w0 w2)", "(visible w2 w0)"} & atoms(exp.init.contradicted)
    assert exp.aligned
    bad = aligner.explain(text, _rover("(at r1 w1)"), ROVER)
    assert "(at r1 w2)" in _named(bad)
    assert not bad.aligned


FERRY = """(define (domain ferry)
  (:requirements :strips :typing)
  (:types car place)
  (:predicates (at-ferry ?l - place) (at ?c - car ?l - place) (on ?c - car) (empty-ferry))
  (:action board
    :parameters (?c - car ?l - place)
    :precondition (and (at ?c ?l) (at-ferry ?l) (empty-ferry))
    :effect (and (on ?c) (not (empty-ferry)) (not (at ?c ?l)))))"""


def _ferry(init: str) -> str:
    return (
        "(define (problem p) (:domain ferry) (:objects c1 c2 - car l1 l2 - place) "
        f"(:init (at-ferry l1) (at c2 l1) {init}) (:goal (and (at c1 l2))))"
    )


@pytest.mark.parametrize(
    "text",
    [
        "The ferry is at l1. c1 is on the ferry; she carries no other car. c2 waits at l1. "
        "Goal: c1 at l2.",
        "The ferry is at l1. Car c1 is on the ferry, and the ferry holds nothing else. c2 "
        "is at l1. Take c1 to l2.",
    ],
)
def test_no_other_states_no_absence(aligner, text):
    exp = aligner.explain(text, _ferry("(on c1)"), FERRY)
    assert "(empty-ferry)" not in atoms(exp.init.missing_in_problem)
    assert "(on c1)" in atoms(exp.init.stated)
    assert exp.aligned
    bad = aligner.explain(text, _ferry("(at c1 l1)"), FERRY)  # c1 left on the quay
    assert "(on c1)" in _named(bad)
    assert not bad.aligned
