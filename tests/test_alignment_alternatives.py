"""Names joined by "or" state no fact (issue 19): "No block is stacked upon b, c or e", cut
after its first name, leaves the piece "c or e", which was read as ``on c e`` (the only binary
wording), a fact the right problem lacks. A piece made only of alternatives names choices, none
of them a fact. The wording and the small problems are our own (not from the development set);
each test fails without the rule."""

from __future__ import annotations

import pytest
from problems import assert_init_edit_named, four_blocks

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts.context import alternatives

ROOMS = (
    "(define (problem p) (:domain gripper) (:objects rooma roomb roomc o1 o2 lg rg) (:init "
    "(room rooma) (room roomb) (room roomc) (ball o1) (ball o2) (gripper lg) (gripper rg) "
    "(at-robby {robby}) (at o1 rooma) (at o2 rooma) (free lg) (free rg)) "
    "(:goal (and (at o1 roomb))))"
)


@pytest.mark.parametrize(
    ("template", "only"),
    [
        ("X or Y", True),
        ("either X, Y or Z", True),
        ("X, Y, or Z.", True),
        ("X and Y", False),
        ("X is in Y or Z", False),
        ("X or any other room", True),
        ("X or anywhere", True),
        ("or X", False),
    ],
)
def test_alternatives(template, only):
    assert alternatives(template) is only


@pytest.mark.parametrize(
    "text",
    [
        "The arm is empty and all four blocks lie on the table. No block is stacked upon k2, k3 "
        "or k4; k1 is clear as well. Goal: k1 on k2.",
        "The arm is empty; k1, k2, k3 and k4 are on the table, and no block sits on k1, k2, k3 or "
        "k4. Goal: k1 on k2.",
    ],
)
def test_blocks_denied_on_alternatives(text):
    right = four_blocks("(on k1 k2)")
    wrong = right.replace("(on-table k4)", "(on k4 k3)").replace("(clear k3) ", "")
    assert_init_edit_named(Aligner(), text, right, wrong, ("(on-table k4)",))


@pytest.mark.parametrize(
    "said",
    [
        "o1 and o2 lie in rooma, not in roomb, roomc or any other room.",
        "o1 and o2 lie in rooma. The robot will not stop in roomb, roomc or any other room.",
    ],
)
def test_rooms_denied_in_alternatives(said):
    aligner = Aligner()
    text = "The robot is in rooma with both grippers free. " + said + " I want o1 in roomb."
    right = aligner.explain(text, ROOMS.format(robby="rooma"))
    assert not right.init.missing_in_problem and not right.init.contradicted, right
    assert right.aligned
    wrong = aligner.explain(text, ROOMS.format(robby="roomc"))
    named = {f.atom for f in (*wrong.init.missing_in_problem, *wrong.init.contradicted)}
    assert "(at-robby rooma)" in named
    assert wrong.similarity < right.similarity
