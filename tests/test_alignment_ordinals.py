"""Ordinals counted in the order a text gave or in the problem's naming scheme (issue 19): "the
last room", "the third room" after "four rooms, rooma, roomb, roomc and roomd", "the first
glass" after "3 shot glasses (shot1, shot2, shot3)" (a collection listed under a count also
names its noun: "all of the glasses"), "balls 1-2"; in the gripper pack and with a hand-written
domain file, two wordings each; a wrong problem of one changed goal fact still rejected and
named."""

from __future__ import annotations

import pytest

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts.mentions import find_mentions
from planetarium_plugin.alignment.facts.world import read_world


def _gripper(rooms: list[str], goal: str) -> str:
    objs = " ".join(rooms)
    init = " ".join(f"(room {r})" for r in rooms)
    return (
        f"(define (problem g) (:domain gripper) (:objects {objs} ball1 ball2 ball3 left right) "
        f"(:init {init} (ball ball1) (ball ball2) (ball ball3) (gripper left) (gripper right) "
        f"(at-robby {rooms[0]}) (at ball1 {rooms[0]}) (at ball2 {rooms[0]}) (at ball3 {rooms[0]}) "
        f"(free left) (free right)) (:goal (and {goal})))"
    )


NUMBERED = _gripper(
    ["room1", "room2", "room3"], "(at ball1 room3) (at ball2 room3) (at ball3 room2)"
)
LETTERED = _gripper(
    ["rooma", "roomb", "roomc", "roomd"], "(at ball1 roomc) (at ball2 roomc) (at ball3 roomb)"
)


@pytest.mark.parametrize(
    ("text", "pddl", "moved"),
    [
        (
            "Rooms: room1, room2, room3. All three balls and the robot are in room1, both "
            "grippers free. Goal: balls 1-2 in the last room, ball 3 in the second room.",
            NUMBERED,
            ("(at ball1 room3)", "(at ball1 room2)"),
        ),
        (
            "There are four rooms, rooma, roomb, roomc and roomd, in that order. The robot and "
            "the three balls, ball1 to ball3, are in rooma; both grippers are free. Please take "
            "ball1 and ball2 to the third room and ball3 to the second one.",
            LETTERED,
            ("(at ball1 roomc)", "(at ball1 roomd)"),
        ),
    ],
)
def test_ordinals_in_the_gripper_pack(text: str, pddl: str, moved: tuple[str, str]):
    a = Aligner(domain="gripper")
    right = a.explain(text, pddl)
    assert right.aligned and right.similarity > 0.8, right
    assert not right.goal.unstated
    wrong_pddl = pddl.replace(*moved)
    wrong = a.explain(text, wrong_pddl)
    assert not wrong.aligned and wrong.similarity < 0.5
    assert any(f.atom == moved[0] for f in wrong.goal.missing_in_problem), wrong


BAR = """(define (domain bar) (:requirements :strips :typing)
  (:types glass drink)
  (:predicates (clean ?g - glass) (full ?g - glass ?d - drink) (on-shelf ?g - glass))
  (:action pour :parameters (?g - glass ?d - drink) :precondition (clean ?g)
    :effect (and (full ?g ?d) (not (clean ?g)))))"""
BAR_P = (
    "(define (problem b) (:domain bar) (:objects shot1 shot2 shot3 - glass gin tonic - drink) "
    "(:init (clean shot1) (clean shot2) (clean shot3) (on-shelf shot1) (on-shelf shot2) "
    "(on-shelf shot3)) (:goal (and (full shot1 gin) (full shot3 tonic))))"
)


@pytest.mark.parametrize(
    "text",
    [
        "You have 3 shot glasses (shot1, shot2, shot3). All of the glasses are clean and on "
        "the shelf. Please pour gin into the first glass and tonic into the last glass.",
        "On the shelf stand three tumblers, shot1, shot2 and shot3, every tumbler clean. "
        "Wanted: the first tumbler full of gin, the last tumbler full of tonic.",
    ],
)
def test_ordinals_over_a_listed_collection_domain_file(text: str):
    a = Aligner(domain=BAR)
    right = a.explain(text, BAR_P)
    assert right.aligned and right.similarity > 0.8, right
    assert not right.goal.unstated
    wrong = a.explain(text, BAR_P.replace("(full shot3 tonic)", "(full shot2 tonic)"))
    assert not wrong.aligned and wrong.similarity < 0.5
    assert any(f.atom == "(full shot3 tonic)" for f in wrong.goal.missing_in_problem), wrong


def test_the_order_a_text_gives_and_names_from_zero():
    w = read_world(
        "(define (problem p) (:domain d) (:objects hoist0 hoist1 hoist2 - hoist "
        "pkgx pkgy - package) (:init) (:goal (and)))"
    )
    got = find_mentions("The first hoist and the last hoist. Two parcels, pkgy and pkgx.", w)
    assert [(m.text, m.objects) for m in got][:2] == [("first", ("hoist0",)), ("last", ("hoist2",))]
    got = find_mentions("Two parcels, pkgy and pkgx: the first parcel waits.", w)
    assert [m.objects for m in got][-1] == ("pkgy",)
    # "the last time" names no collection
    assert not [m for m in find_mentions("For the last time, hoist1 waits.", w) if m.text == "last"]
