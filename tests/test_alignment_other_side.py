"""A relation told from the other side (issue 19): "b1 has b2 on it" states (on b2 b1), not
(on b1 b2) — the possessive verb turns the relation round, its object is the relation's subject;
so does the place put first ("On k sits m").
The wording and the small problems are our own (not from the development set); each test fails
without the rule."""

from __future__ import annotations

import pytest
from problems import HANOI_DOMAIN, assert_init_edit_named

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts import read_world, split_clauses
from planetarium_plugin.alignment.facts.relative import with_clauses

BLOCKS = (
    "(define (problem p) (:domain blocksworld) (:objects k m n q) (:init (arm-empty) "
    "(on-table k) (on m k) (clear m) (on-table n) (on q n) (clear q)) "
    "(:goal (and (on k n))))"
)
# the same problem with one init fact turned round: m under k instead of on it
BLOCKS_WRONG = BLOCKS.replace("(on-table k) (on m k) (clear m)", "(on-table m) (on k m) (clear k)")

PEGS = (
    "(define (problem p) (:domain hanoi) (:objects pa pb dx dy) (:init (smaller pa dx) "
    "(smaller pa dy) (smaller pb dx) (smaller pb dy) (smaller dy dx) (on dy pa) (on dx dy) "
    "(clear dx) (clear pb)) (:goal (and (on dy pb) (on dx dy))))"
)
# one init fact turned round: dx under dy
PEGS_WRONG = PEGS.replace("(on dy pa) (on dx dy) (clear dx)", "(on dx pa) (on dy dx) (clear dy)")


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner()



def test_the_clause_is_turned_round():
    w = read_world(BLOCKS)
    text = "k has m on it, and n, which has q sitting on top of it, is on the table."
    got = [
        (c.template, [sorted(o for x in s for o in x.objects) for s in c.slots])
        for c in with_clauses(split_clauses(text, w), text, w)
    ]
    assert ("X on Y", [["m"], ["k"]]) in got
    assert ("X sitting on top of Y", [["q"], ["n"]]) in got


@pytest.mark.parametrize(
    "text",
    [
        "k and n stand on the table. k has m on it and n has q on it; m and q are clear. The "
        "hand is empty. Goal: k on n.",
        "Setup: the gripper is free, k is on the table and carries m on top of it, n is on the "
        "table and supports q atop it. Nothing sits on m or q. I want k on n.",
    ],
)
def test_blocks_told_from_the_other_side(aligner, text):
    assert_init_edit_named(aligner, text, BLOCKS, BLOCKS_WRONG, ("(on m k)", "(on q n)"))


@pytest.mark.parametrize(
    "text",
    [
        "Peg pa has disc dy on it and dy has dx on it; pb is empty. Goal: dy on pb and dx on dy.",
        "dy sits on pa and carries dx on top of it, while nothing is on pb. Move the pile to pb, "
        "dy on pb with dx on dy.",
    ],
)
def test_pegs_told_from_the_other_side(text):
    assert_init_edit_named(Aligner(domain=HANOI_DOMAIN), text, PEGS, PEGS_WRONG, ("(on dx dy)",))


@pytest.mark.parametrize(
    "text",
    [
        "k and n are on the table. On k sits m, and on top of n rests q. m and q are clear. The "
        "hand is empty. Goal: k on n.",
        "The hand is empty; k and n stand on the table. Directly on k there is m; atop n lies "
        "q. Nothing is on m or q. I want k on n.",
    ],
)
def test_blocks_place_first(aligner, text):
    """Locative inversion: "On k sits m" is (on m k)."""
    assert_init_edit_named(aligner, text, BLOCKS, BLOCKS_WRONG, ("(on m k)", "(on q n)"))


@pytest.mark.parametrize(
    "text",
    [
        "On peg pa sits disc dy, and on dy rests dx; pb is empty. Goal: dy on pb and dx on dy.",
        "Beneath dx lies dy, and under dy is peg pa. pb is empty. Move the pile to pb, dy on pb "
        "with dx on dy.",
    ],
)
def test_pegs_place_first(text):
    assert_init_edit_named(Aligner(domain=HANOI_DOMAIN), text, PEGS, PEGS_WRONG, ("(on dx dy)",))
