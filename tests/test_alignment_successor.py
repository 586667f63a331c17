"""A layout told by each member's successor or predecessor (issue 19): "c1 through c4, each
connected both ways to its successor", "levels h0 to h3, each one above its predecessor" are
sequences (each next to the following one), not every pair of the list. The wording and the
small problems are our own (not from the development set); each test fails without the rule."""

from __future__ import annotations

import pytest
from problems import assert_init_edit_named

from planetarium_plugin.alignment import Aligner

WALK = """(define (domain walk) (:requirements :strips :typing) (:types cell)
 (:predicates (link ?a ?b - cell) (at ?c - cell) (seen ?c - cell))
 (:action go :parameters (?a ?b - cell) :precondition (and (at ?a) (link ?a ?b))
  :effect (and (at ?b) (seen ?b) (not (at ?a)))))"""
PATH = "(link c1 c2) (link c2 c1) (link c2 c3) (link c3 c2) (link c3 c4) (link c4 c3)"


def _walk(links: str) -> str:
    return (
        "(define (problem p) (:domain walk) (:objects c1 c2 c3 c4 - cell) "
        f"(:init {links} (at c1) (seen c1)) (:goal (and (seen c4))))"
    )


LEVELS = """(define (domain climb) (:requirements :strips :typing) (:types level box)
 (:predicates (next ?lo ?hi - level) (height ?b - box ?l - level))
 (:action raise :parameters (?b - box ?lo ?hi - level)
  :precondition (and (height ?b ?lo) (next ?lo ?hi))
  :effect (and (height ?b ?hi) (not (height ?b ?lo)))))"""


def _levels(nexts: str) -> str:
    return (
        "(define (problem p) (:domain climb) (:objects h0 h1 h2 h3 - level bx - box) "
        f"(:init {nexts} (height bx h0)) (:goal (and (height bx h3))))"
    )



@pytest.mark.parametrize(
    "text",
    [
        "Four cells, c1 through c4, each cell linked in both directions to its successor. The "
        "walker is at c1, which counts as seen. Goal: c4 seen.",
        "The cells c1 to c4 lie so that every cell is joined both ways to the one after it. "
        "Start at c1 (already seen); I want c4 seen.",
    ],
)
def test_a_path_told_by_successors(text):
    aligner = Aligner(domain=WALK)
    assert_init_edit_named(
        aligner,
        text,
        _walk(PATH),
        _walk(PATH.replace("(link c3 c4)", "(link c1 c3)")),
        ("(link c1 c2)", "(link c3 c4)", "(link c4 c3)"),
        "(link c3 c4)",
    )


NEXTS = "(next h0 h1) (next h1 h2) (next h2 h3)"


@pytest.mark.parametrize(
    "text",
    [
        "Levels h0 to h3, each one directly above its predecessor. The box bx is at height h0; "
        "raise it to h3.",
        "There are levels h0, h1, h2 and h3, every level coming right after its predecessor. bx "
        "starts at height h0. Goal: bx at height h3.",
    ],
)
def test_levels_told_by_predecessors(text):
    aligner = Aligner(domain=LEVELS)
    assert_init_edit_named(
        aligner,
        text,
        _levels(NEXTS),
        _levels(NEXTS.replace("(next h2 h3)", "(next h1 h3)")),
        ("(next h0 h1)", "(next h2 h3)"),
        "(next h2 h3)",
    )
