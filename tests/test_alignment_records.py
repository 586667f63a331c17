"""Records (issue 19, ``alignattr``): a line that names one object, a colon, and what holds of
it piece by piece ("instr0: on board sat0; supports camera; calibration target star0", "Robot
bot: on b2, color green") states every piece of the key. Domains, problems and wordings written
for these tests; each test fails without the rule."""

from __future__ import annotations

import pytest

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts import read_world, split_clauses
from planetarium_plugin.alignment.facts.reading import Reading
from planetarium_plugin.alignment.facts.records import record_clauses

SCOPE = """(define (domain scope)
  (:requirements :strips :typing)
  (:types probe ship target)
  (:predicates (aboard ?p - probe ?s - ship) (aimed ?p - probe ?t - target)
               (tuned ?p - probe) (seen ?t - target))
  (:action aim :parameters (?p - probe ?a - target ?b - target)
    :precondition (aimed ?p ?a) :effect (and (aimed ?p ?b) (not (aimed ?p ?a))))
  (:action look :parameters (?p - probe ?t - target)
    :precondition (and (aimed ?p ?t) (tuned ?p)) :effect (seen ?t)))"""


def _scope(aim: str = "vega") -> str:
    return (
        "(define (problem p) (:domain scope) (:objects lens - probe ark - ship vega rigel - "
        f"target) (:init (aboard lens ark) (aimed lens {aim}) (tuned lens)) "
        "(:goal (and (seen rigel))))"
    )


def _atoms(facts) -> set[str]:
    return {f.atom for f in facts}


@pytest.mark.parametrize(
    "text",
    [
        "lens: tuned; aboard ark; target vega.\nTo do: rigel seen.",
        "Status\nprobe lens: tuned, aboard ark, target vega\nGoal: rigel seen.",
    ],
)
def test_every_piece_of_a_record_is_a_fact_of_its_key(text: str):
    al = Aligner(domain=SCOPE)
    right = al.explain(text, _scope())
    assert {"(aboard lens ark)", "(aimed lens vega)"} <= _atoms(right.init.stated), right
    assert right.aligned
    wrong = al.explain(text, _scope("rigel"))
    named = _atoms(wrong.init.missing_in_problem) | _atoms(wrong.init.contradicted)
    assert "(aimed lens vega)" in named or "(aimed lens rigel)" in named, wrong
    assert wrong.similarity < 0.5 * right.similarity and not wrong.aligned


GRID = (
    "(define (problem p) (:domain floor-tile) (:objects a1 a2 b1 b2 - tile bot - robot "
    "red green - color) (:init (up a1 b1) (up a2 b2) (right a2 a1) (right b2 b1) "
    "(robot-at bot b2) (robot-has bot green) (available-color red) (available-color green)) "
    "(:goal (and (painted a1 green))))"
)


@pytest.mark.parametrize(
    "text",
    [
        "Robot bot: paint green, tile b2\nAvailable colors: red, green\nTiles: a1 above b1, a2 "
        "above b2, a2 right of a1, b2 right of b1.\nTarget: a1 green",
        "bot: colour green; position b2.\nBoth red and green are available; a1 over b1 and a2 "
        "over b2; a2 is right of a1 and b2 right of b1. Goal: a1 green.",
    ],
)
def test_a_record_of_the_robot(text: str):
    al = Aligner(domain="floor-tile")
    right = al.explain(text, GRID)
    assert "(robot-at bot b2)" in _atoms(right.init.stated), right
    assert right.aligned
    wrong = al.explain(text, GRID.replace("(robot-at bot b2)", "(robot-at bot a2)"))
    assert "(robot-at bot b2)" in _atoms(wrong.init.missing_in_problem), wrong
    assert wrong.similarity < 0.5 * right.similarity and not wrong.aligned


def test_a_piece_with_a_subject_of_its_own_is_left_to_the_clause_reader():
    """ "its cover is off", "vega is bright": a subject of its own; "not tuned": no object;
    "with rigel above it": a relation of its own."""
    w = read_world(_scope(), SCOPE)
    text = "lens: aboard ark; its cover is off; vega is bright; not tuned, with rigel above it."
    got = record_clauses(Reading.of(text, w), split_clauses(text, w))
    mine = [c for c in got if c.attached]
    assert [c.text for c in mine] == ["aboard ark"]


def test_a_place_heading_a_list_and_the_next_sentence_are_no_record():
    """ "In room1: …" is a place heading its list ("In" names no class), and a record ends at
    its sentence: "Goal: …" after it is not said of the key."""
    from planetarium_plugin.packs import default_registry

    pddl = (
        "(define (problem g) (:domain gripper) (:objects room1 room2 ball1 ball2 left right) "
        "(:init (room room1) (room room2) (ball ball1) (ball ball2) (gripper left) "
        "(gripper right) (at-robby room1) (at ball1 room1) (at ball2 room2) (free left) "
        "(free right)) (:goal (and (at ball1 room2))))"
    )
    w = read_world(pddl, default_registry()["gripper"].domain)
    for text in (
        "In room1: the robot and ball1. In room2: ball2. Goal: ball1 in room2.",
        "ball1: in room1. Goal: ball1 in room2.",
    ):
        got = [c.text for c in record_clauses(Reading.of(text, w), []) if c.attached]
        assert got == ([] if text.startswith("In") else ["in room1"]), (text, got)
