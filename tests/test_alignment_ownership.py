"""Requests over domains given only by a domain file that leave to the reader what only one
object could be (issue 19, ``anydomain2``): an argument elided because one object fits it
("n1 is tight" with one hub), ownership stated once and relied on after ("r1 has grippers g1
and g2 … all grippers are free", "its left gripper"), predicate names that are verbs
(``contains``, ``carry``) and orders written with "<" or "the levels go …". Domains and
wordings written for these tests."""

from __future__ import annotations

import pytest

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts import read_world
from planetarium_plugin.alignment.facts.ownership import owned_kinds
from planetarium_plugin.alignment.facts.wording import name_wording

CAR = """(define (domain car)
  (:requirements :strips :typing)
  (:types nut hub wheel container tool)
  (:predicates (tight ?n - nut ?h - hub) (loose ?n - nut ?h - hub) (on ?w - wheel ?h - hub)
               (in ?t - tool ?c - container) (closed ?c - container) (have ?t - tool))
  (:action undo
    :parameters (?n - nut ?h - hub)
    :precondition (tight ?n ?h)
    :effect (and (loose ?n ?h) (not (tight ?n ?h))))
  (:action fetch
    :parameters (?t - tool ?c - container)
    :precondition (in ?t ?c)
    :effect (and (have ?t) (not (in ?t ?c)))))"""

ROBOTS = """(define (domain robots)
  (:requirements :strips :typing)
  (:types robot gripper ball room)
  (:predicates (at-robot ?r - robot ?x - room) (at ?b - ball ?x - room)
               (free ?r - robot ?g - gripper) (carry ?r - robot ?b - ball ?g - gripper))
  (:action pick
    :parameters (?r - robot ?b - ball ?x - room ?g - gripper)
    :precondition (and (at ?b ?x) (at-robot ?r ?x) (free ?r ?g))
    :effect (and (carry ?r ?b ?g) (not (at ?b ?x)) (not (free ?r ?g)))))"""

LEVELS = """(define (domain levels)
  (:requirements :strips :typing)
  (:types level jar)
  (:predicates (next ?a - level ?b - level) (jar-level ?j - jar ?l - level))
  (:action fill
    :parameters (?j - jar ?a ?b - level)
    :precondition (and (jar-level ?j ?a) (next ?a ?b))
    :effect (and (jar-level ?j ?b) (not (jar-level ?j ?a)))))"""


def _car(init: str, goal: str) -> str:
    return (
        "(define (problem p) (:domain car) (:objects n1 n2 - nut h1 - hub w1 - wheel"
        f" trunk - container jack pump - tool) (:init {init}) (:goal (and {goal})))"
    )


def _robots(init: str, goal: str) -> str:
    return (
        "(define (problem p) (:domain robots) (:objects r1 r2 - robot g1 g2 g3 g4 - gripper"
        f" b1 b2 - ball hall yard - room) (:init {init}) (:goal (and {goal})))"
    )


@pytest.fixture(scope="module")
def car() -> Aligner:
    return Aligner(domain=CAR)


@pytest.fixture(scope="module")
def robots() -> Aligner:
    return Aligner(domain=ROBOTS)


@pytest.mark.parametrize(
    "text",
    [
        "Wheel w1 is on h1 and the trunk is closed. n1 and n2 are loose. Goal: n1 tight.",
        "The trunk is shut and w1 sits on hub h1. Both nuts, n1 and n2, are loose right now. "
        "I want nut n1 done up tight again.",
    ],
)
def test_an_argument_only_one_object_could_fill_is_read(car: Aligner, text: str):
    init = "(on w1 h1) (closed trunk) (loose n1 h1) (loose n2 h1)"
    right = _car(init, "(tight n1 h1)")
    e = car.explain(text, right)
    assert "(tight n1 h1)" in {f.atom for f in e.goal.stated}
    assert {"(loose n1 h1)", "(loose n2 h1)"} <= {f.atom for f in e.init.stated}
    assert not e.goal.missing_in_problem and not e.init.contradicted
    wrong = _car(init, "(tight n2 h1)")  # the other nut
    w = car.explain(text, wrong)
    assert "(tight n1 h1)" in {f.atom for f in w.goal.missing_in_problem}
    assert w.similarity < e.similarity


@pytest.mark.parametrize(
    "text",
    [
        "The jack and the pump are inside; the trunk is closed. Goal: keep the trunk closed.",
        "Both the jack and the pump are inside. The trunk is closed and must stay closed.",
    ],
)
def test_the_only_container_is_where_things_are_inside(car: Aligner, text: str):
    init = "(in jack trunk) (in pump trunk) (closed trunk)"
    e = car.explain(text, _car(init, "(closed trunk)"))
    assert {"(in jack trunk)", "(in pump trunk)"} <= {f.atom for f in e.init.stated}
    # a problem where the pump is out already: the text says it is inside
    w = car.explain(text, _car("(in jack trunk) (have pump) (closed trunk)", "(closed trunk)"))
    assert "(in pump trunk)" in {f.atom for f in w.init.missing_in_problem}
    assert w.similarity < e.similarity


_INIT = "(at-robot r1 hall) (at-robot r2 yard) (free r1 g1) (free r1 g2) (free r2 g3) (free r2 g4)"


@pytest.mark.parametrize(
    "text",
    [
        "r1 has grippers g1 and g2, r2 has g3 and g4. r1 is in the hall and r2 in the yard; "
        "all four grippers are free. Goal: b1 in the yard.",
        "g1 and g2 belong to r1; g3 and g4 belong to r2. Every gripper is free. r1 is in the "
        "hall, r2 is in the yard. I want b1 to end up in the yard.",
    ],
)
def test_ownership_stated_once_fixes_the_owner_argument(robots: Aligner, text: str):
    right = _robots(_INIT + " (at b1 hall)", "(at b1 yard)")
    e = robots.explain(text, right)
    stated = {f.atom for f in e.init.stated}
    assert {"(free r1 g1)", "(free r1 g2)", "(free r2 g3)", "(free r2 g4)"} <= stated
    assert not e.init.missing_in_problem and not e.init.contradicted
    # the problem gives g3 to r1: the text gave it to r2
    swapped = _robots(
        _INIT.replace("(free r2 g3)", "(free r1 g3)") + " (at b1 hall)", "(at b1 yard)"
    )
    w = robots.explain(text, swapped)
    assert "(free r2 g3)" in {f.atom for f in w.init.missing_in_problem}
    assert w.similarity < e.similarity


@pytest.mark.parametrize(
    "text",
    [
        "Robot r1 has grippers g1 and g2; r2 has g3 and g4. r1 is in the hall "
        "holding b1 in g1 and r2 is in the yard. r1's second gripper g2 is free, and r2 has "
        "both grippers free. Goal: b1 in the yard.",
        "g1 and g2 are for r1, g3 and g4 for r2. r1 waits in the hall with b1 in g1 and g2 "
        "free; r2 waits in the yard with both grippers free. Goal: b1 in the yard.",
    ],
)
def test_both_grippers_of_an_owner_are_its_own(robots: Aligner, text: str):
    init = "(at-robot r1 hall) (at-robot r2 yard) (carry r1 b1 g1) (free r1 g2) (free r2 g3)"
    right = _robots(init + " (free r2 g4)", "(at b1 yard)")
    e = robots.explain(text, right)
    assert {"(free r2 g3)", "(free r2 g4)"} <= {f.atom for f in e.init.stated}
    assert not e.init.missing_in_problem and not e.init.contradicted
    # "both grippers" of r2 are g3 and g4 only: nothing is said of r2 and r1's grippers
    assert not any("r2 g1" in f.atom or "r2 g2" in f.atom for f in e.init.missing_in_problem)


def test_owned_kinds_need_a_changing_predicate_and_no_static_one():
    w = read_world(_robots("(free r1 g1)", ""), ROBOTS)
    assert ("robot", "gripper") in owned_kinds(w)
    static = ROBOTS.replace(
        "(free ?r - robot ?g - gripper)",
        "(free ?r - robot ?g - gripper) (gripper-of ?g - gripper ?r - robot)",
    )
    w2 = read_world(_robots("(free r1 g1)", ""), static)  # ownership is a fact of that domain
    assert ("robot", "gripper") not in owned_kinds(w2)


def test_verb_names_are_worded_as_verbs():
    assert name_wording(["contains"], 2) == "X contains Y"
    assert name_wording(["carry"], 3) == "X carries Y Z"
    assert name_wording(["have"], 1) == "someone has X"
    assert name_wording(["on", "table"], 1) == "X is on table"
    assert name_wording(["glass"], 2) == "X is glass Y"  # a noun ending in "ss"
    w = read_world(_robots("", ""), ROBOTS)
    assert w.predicates["carry"].template == "X carries Y Z"


@pytest.mark.parametrize(
    "text",
    [
        "Levels l0<l1<l2<l3; jar j1 is at l0. Goal: j1 at l2.",
        "The levels go l0, l1, l2, l3, and the jar j1 sits at level l0. Fill it to l2.",
    ],
)
def test_an_order_written_with_signs_or_go_is_a_chain(text: str):
    al = Aligner(domain=LEVELS)
    init = "(next l0 l1) (next l1 l2) (next l2 l3) (jar-level j1 l0)"
    head = "(define (problem p) (:domain levels) (:objects l0 l1 l2 l3 - level j1 - jar)"
    right = f"{head} (:init {init}) (:goal (jar-level j1 l2)))"
    e = al.explain(text, right)
    assert {"(next l0 l1)", "(next l1 l2)", "(next l2 l3)"} <= {f.atom for f in e.init.stated}
    gap = f"{head} (:init {init.replace('(next l1 l2) ', '')}) (:goal (jar-level j1 l2)))"
    w = al.explain(text, gap)
    assert "(next l1 l2)" in {f.atom for f in w.init.missing_in_problem}
    assert w.similarity < e.similarity


def test_renaming_objects_leaves_the_score_unchanged(robots: Aligner):
    text = (
        "r1 has grippers g1 and g2, r2 has g3 and g4. r1 is in the hall and r2 in the yard; "
        "all four grippers are free. Goal: b1 in the yard."
    )
    right = _robots(_INIT + " (at b1 hall)", "(at b1 yard)")
    table = {"r1": "bot7", "r2": "bot9", "g1": "hand3", "g2": "hand4", "g3": "hand5", "g4": "hand6"}

    def rename(s: str) -> str:
        import re

        return re.sub(r"\b(r1|r2|g1|g2|g3|g4)\b", lambda m: table[m.group(0)], s)

    a = robots.score(text, right).similarity
    b = robots.score(rename(text), rename(right)).similarity
    assert abs(a - b) < 1e-6


BAR = """(define (domain bar)
  (:requirements :strips :typing)
  (:types glass drink)
  (:predicates (contains ?g - glass ?d - drink) (used ?g - glass ?d - drink) (clean ?g - glass))
  (:action pour
    :parameters (?g - glass ?d - drink)
    :precondition (clean ?g)
    :effect (and (contains ?g ?d) (used ?g ?d) (not (clean ?g)))))"""


@pytest.mark.parametrize(
    "goal",
    ["Goal: g1 has gin and g2 has tonic.", "wanted: g1 has gin, g2 tonic."],
)
def test_a_has_clause_in_the_goal_wants_a_fact_not_an_owner(goal: str):
    """ "g1 has gin" relates the two kinds the way a declaration of ownership does, but in the
    goal it asks for the fact (``contains``); only the init's "has" can declare."""
    bar = Aligner(domain=BAR)

    def problem(goal_atoms: str) -> str:
        return (
            "(define (problem p) (:domain bar) (:objects g1 g2 g3 - glass gin tonic - drink) "
            f"(:init (clean g1) (clean g2) (contains g3 gin)) (:goal (and {goal_atoms})))"
        )

    assert owned_kinds(read_world(problem(""), BAR)) == [("glass", "drink")]
    text = "Glasses g1 and g2 are clean; g3 has gin in it. " + goal
    right = bar.explain(text, problem("(contains g1 gin) (contains g2 tonic)"))
    assert {f.atom for f in right.goal.stated} == {"(contains g1 gin)", "(contains g2 tonic)"}
    assert right.aligned
    wrong = bar.explain(text, problem("(contains g2 gin) (contains g2 tonic)"))
    assert "(contains g1 gin)" in {f.atom for f in wrong.goal.missing_in_problem}
    assert not wrong.aligned
