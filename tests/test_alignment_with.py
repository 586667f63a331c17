"""A "with" phrase after a clause that already relates two objects (issue 19): "robot1 is
parked on tile3 with black paint" states two facts, the place and what the subject carries, not
one three-slot fact about the tile. The wording and the small problems are our own (not from the
development set); each test fails without the rule."""

from __future__ import annotations

import pytest

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts import read_world, split_clauses
from planetarium_plugin.packs import default_registry

GRID = (
    "(define (problem p) (:domain floor-tile) (:objects k1 k2 k3 k4 - tile bot sam - robot "
    "pink teal - color) (:init (up k1 k3) (up k2 k4) (right k2 k1) (right k4 k3) "
    "(robot-at bot k3) (robot-at sam k4) (robot-has bot pink) (robot-has sam teal) "
    "(available-color pink) (available-color teal)) (:goal (and (painted k1 pink))))"
)


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner()


def _atoms(facts):
    return {f.atom for f in facts}


def _slots(clause):
    return [sorted(o for m in s for o in m.objects) for s in clause.slots]


def test_the_with_phrase_is_a_clause_said_of_the_subject():
    w = read_world(GRID, default_registry()["floor-tile"].domain)
    cs = split_clauses("bot waits on k3 with pink paint.", w)
    assert [_slots(c) for c in cs] == [[["bot"], ["k3"]], [["bot"], ["pink"]]]


@pytest.mark.parametrize(
    "text",
    [
        "bot is parked on k3 with pink paint, sam sits on k4 with teal paint. Goal: k1 pink.",
        "Init: bot on k3 with pink paint loaded; sam on k4 with teal paint. Goal: k1 pink.",
        "The robot bot is standing on tile k3 with a can of pink paint, and sam is on k4 with "
        "teal paint. Paint k1 pink.",
    ],
)
def test_what_the_robot_carries_is_not_the_tile_colour(aligner, text):
    e = aligner.explain(text, GRID)
    assert {"(robot-at bot k3)", "(robot-at sam k4)", "(robot-has sam teal)"} <= _atoms(
        e.init.stated
    )
    assert not e.init.missing_in_problem and not e.init.contradicted
    assert "(painted k1 pink)" in _atoms(e.goal.stated)


def test_a_with_phrase_after_one_object_is_left_whole(aligner):
    """ "k1 painted with pink": one object before "with", so no cut."""
    e = aligner.explain("bot is at k3 and has pink. Goal: k1 is painted with pink.", GRID)
    assert "(painted k1 pink)" in _atoms(e.goal.stated)
    assert not e.goal.missing_in_problem
