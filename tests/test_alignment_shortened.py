"""Names shortened as users type them into a tool (issue 19, ``handwritten10``): "rm1" for
``room1``, "pkg2" for ``package2``, "loc3" for ``location3``. Wordings and the domain file
written for these tests."""

from __future__ import annotations

import pytest

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts.mentions import find_mentions
from planetarium_plugin.alignment.facts.shortened import abbreviates_word, shortened_object
from planetarium_plugin.alignment.facts.world import read_world


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner()


def _gripper(init: str, goal: str) -> str:
    return (
        "(define (problem p) (:domain gripper) (:objects room1 room2 ball1 ball2 ball3 left right)"
        " (:init (room room1) (room room2) (ball ball1) (ball ball2) (ball ball3) (gripper left)"
        f" (gripper right) {init}) (:goal (and {goal})))"
    )


GR_INIT = (
    "(at-robby room2) (at ball1 room1) (at ball2 room1) (at ball3 room2) (free left) (free right)"
)
GR_GOAL = "(at ball1 room2) (at ball2 room2) (at ball3 room1)"
GR_TEXTS = [
    "gripper\nrooms: rm1, rm2\nrobot: rm2\ngrippers: left free, right free\n"
    "balls: ball1 rm1, ball2 rm1, ball3 rm2\ntarget: ball1 rm2, ball2 rm2, ball3 rm1",
    "robot in Rm2, both grippers free. ball1+ball2 in rm1, ball3 in rm2. "
    "goal -> ball1 and ball2 to rm2, ball3 to rm1",
]

DELIVERY = """(define (domain delivery)
  (:requirements :strips :typing)
  (:types truck package location)
  (:predicates (truck-at ?t - truck ?l - location) (pkg-at ?p - package ?l - location)
               (loaded ?p - package ?t - truck))
  (:action drive :parameters (?t - truck ?a ?b - location)
    :precondition (truck-at ?t ?a) :effect (and (truck-at ?t ?b) (not (truck-at ?t ?a))))
  (:action load :parameters (?p - package ?t - truck ?l - location)
    :precondition (and (truck-at ?t ?l) (pkg-at ?p ?l))
    :effect (and (loaded ?p ?t) (not (pkg-at ?p ?l))))
  (:action unload :parameters (?p - package ?t - truck ?l - location)
    :precondition (and (truck-at ?t ?l) (loaded ?p ?t))
    :effect (and (pkg-at ?p ?l) (not (loaded ?p ?t)))))"""


def _delivery(init: str, goal: str) -> str:
    return (
        "(define (problem p) (:domain delivery) (:objects truck1 - truck package1 package2 -"
        f" package location1 location2 location3 - location) (:init {init}) (:goal (and {goal})))"
    )


DE_INIT = "(truck-at truck1 location1) (pkg-at package1 location2) (pkg-at package2 location3)"
DE_GOAL = "(pkg-at package1 location3) (pkg-at package2 location1)"
DE_TEXTS = [
    "truck1 @ loc1. pkg1 @ loc2, pkg2 @ loc3. goal: pkg1 @ loc3, pkg2 @ loc1",
    "Trk1 is parked at Loc1; Pkg1 waits at Loc2 and Pkg2 at Loc3.\n"
    "Target: Pkg1 delivered to Loc3 and Pkg2 to Loc1.",
]


def test_a_shortened_word_names_the_one_numbered_object_it_abbreviates():
    numbered = {"1": [("room", "room1"), ("ball", "ball1")], "2": [("room", "room2")]}
    assert shortened_object(numbered, "rm", "1") == "room1"
    assert shortened_object(numbered, "rm", "3") is None  # no room3: no reading
    assert shortened_object(numbered, "b", "1") is None  # one letter is too little
    assert shortened_object({"1": [("room", "room1"), ("ramp", "ramp1")]}, "rm", "1") is None
    assert shortened_object({"1": [("rm", "rm1"), ("room", "room1")]}, "rm", "1") is None
    assert abbreviates_word("pkg", "package") and not abbreviates_word("pgk", "package")


def test_mentions_read_shortened_names_and_leave_real_ones():
    w = read_world(_gripper(GR_INIT, GR_GOAL))
    got = [(m.text, m.objects) for m in find_mentions("ball1 in rm1, Rm2 and room1", w)]
    assert got == [("ball1", ("ball1",)), ("rm1", ("room1",)), ("Rm2", ("room2",)),
                   ("room1", ("room1",))]  # fmt: skip


@pytest.mark.parametrize("text", GR_TEXTS)
def test_gripper_rooms_typed_short(aligner, text):
    right = aligner.explain(text, _gripper(GR_INIT, GR_GOAL))
    assert right.aligned and right.similarity > 0.9, (right.conflicts(), right.init.unstated)
    wrong = aligner.explain(
        text, _gripper(GR_INIT.replace("(at ball3 room2)", "(at ball3 room1)"), GR_GOAL)
    )
    assert not wrong.aligned and any("ball3" in f.atom for f in wrong.conflicts())
    wrong_goal = aligner.explain(
        text, _gripper(GR_INIT, GR_GOAL.replace("(at ball3 room1)", "(at ball3 room2)"))
    )
    assert not wrong_goal.aligned and wrong_goal.similarity < right.similarity


@pytest.mark.parametrize("text", DE_TEXTS)
def test_delivery_packages_and_locations_typed_short(text):
    a = Aligner(domain=DELIVERY)
    right = a.explain(text, _delivery(DE_INIT, DE_GOAL))
    assert right.aligned and right.similarity > 0.9, (right.conflicts(), right.init.unstated)
    wrong = a.explain(
        text, _delivery(DE_INIT.replace("package2 location3", "package2 location2"), DE_GOAL)
    )
    assert not wrong.aligned and wrong.similarity < right.similarity
    wrong_goal = a.explain(
        text, _delivery(DE_INIT, DE_GOAL.replace("package1 location3", "package1 location1"))
    )
    assert not wrong_goal.aligned and wrong_goal.similarity < right.similarity


def test_renaming_objects_consistently_leaves_the_score(aligner):
    text = "robot: room2\nballs: b1 room1, b2 room1, b3 room2\ntarget: b1 room2, b2 room2, b3 room1"
    pddl = _gripper(GR_INIT, GR_GOAL).replace("ball", "b").replace("(b b", "(ball b")
    base = aligner.explain(text, pddl).similarity
    ren = {"room1": "hall1", "room2": "hall2"}
    t2, p2 = text, pddl
    for x, y in ren.items():
        t2, p2 = t2.replace(x, y), p2.replace(x, y)
    assert aligner.explain(t2, p2).similarity == pytest.approx(base, abs=1e-6)


def _bw(init: str, goal: str) -> str:
    return (
        "(define (problem p) (:domain blocksworld) (:objects b1 b2 b3 b4)"
        f" (:init {init}) (:goal (and {goal})))"
    )


BW_INIT = (
    "(on-table b1) (on b2 b1) (on-table b3) (on-table b4) (clear b2) (clear b3) (clear b4)"
    " (arm-empty)"
)
BW_GOAL = "(on b4 b3) (on b1 b4)"


@pytest.mark.parametrize(
    "text, pddl",
    [
        (
            "make a bw prob with blocks b1-b4: b2 on b1, b1 b3 b4 on table, b2 b3 b4 clear, hand "
            "empty. want b4 on b3, b1 on b4",
            _bw(BW_INIT, BW_GOAL),
        ),
        (
            "create a gripper prob: robot in rm2, both grippers free. ball1+ball2 in rm1, ball3 "
            "in rm2. want ball1 and ball2 in rm2, ball3 in rm1",
            _gripper(GR_INIT, GR_GOAL),
        ),
    ],
)
def test_a_request_to_make_a_problem_typed_short_opens_the_init(aligner, text, pddl):
    right = aligner.explain(text, pddl)
    assert right.aligned and right.similarity > 0.9, (right.conflicts(), right.goal.unstated)
    one = (
        pddl.replace("(clear b4)", "(clear b1)")
        if "b4" in pddl
        else pddl.replace("(at ball3 room2)", "(at ball3 room1)")
    )
    wrong = aligner.explain(text, one)
    assert not wrong.aligned and wrong.similarity < right.similarity
