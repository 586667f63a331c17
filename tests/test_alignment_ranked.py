"""A rank said in passing is no fact (issue 19, ``handwritten10``): "Discs: d1 (smallest), d2,
d3 (largest)", "car c1, the heaviest, is at p1". Read as a fact, the one-object clause "d3
(largest" took the domain's only one-object predicate (``clear d3``, confidently wrong). A
superlative of place ("b1 (topmost)") is no rank. Domain files and wordings written for these
tests."""

from __future__ import annotations

import pytest
from test_alignment_restated import FE_GOAL, FE_INIT, FERRY, _ferry

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts.context import ranked_aside

HANOI = """(define (domain hanoi)
  (:requirements :strips)
  (:predicates (clear ?x) (on ?x ?y) (smaller ?x ?y))
  (:action move
    :parameters (?disc ?from ?to)
    :precondition (and (smaller ?to ?disc) (on ?disc ?from) (clear ?disc) (clear ?to))
    :effect (and (clear ?from) (on ?disc ?to) (not (on ?disc ?from)) (not (clear ?to)))))"""


def _hanoi(init: str, goal: str) -> str:
    return (
        "(define (problem p) (:domain hanoi) (:objects p1 p2 p3 d1 d2 d3)"
        f" (:init {init}) (:goal (and {goal})))"
    )


HI = (
    "(smaller p1 d1) (smaller p1 d2) (smaller p1 d3) (smaller p2 d1) (smaller p2 d2)"
    " (smaller p2 d3) (smaller p3 d1) (smaller p3 d2) (smaller p3 d3) (smaller d2 d1)"
    " (smaller d3 d1) (smaller d3 d2) (on d3 p1) (on d2 d3) (on d1 d2) (clear d1) (clear p2)"
    " (clear p3)"
)
HG = "(on d3 p3) (on d2 d3) (on d1 d2)"
HANOI_TEXTS = [
    "Pegs: p1, p2, p3. Discs: d1 (smallest), d2, d3 (largest). d3 is on p1, d2 on d3, d1 on d2; "
    "d1, p2 and p3 are clear. d1 is smaller than d2 and d3, d2 is smaller than d3, and every "
    "disc is smaller than every peg. Goal: d3 on p3, d2 on d3, d1 on d2.",
    "- discs d1 (the smallest one), d2 and d3 (the largest one)\n- pegs p1 p2 p3\n"
    "- d3 on p1, d2 on d3, d1 on d2\n- clear: d1, p2, p3\n- every disc is smaller than every "
    "peg; d1 smaller than d2 and d3; d2 smaller than d3\n- goal: d3 on p3, d2 on d3, d1 on d2",
]


def test_a_superlative_of_size_beside_an_object_is_a_rank():
    none: frozenset[str] = frozenset()
    assert ranked_aside("X (largest", none) and ranked_aside("X, the smallest one", none)
    assert ranked_aside("X is the heaviest", none)
    assert not ranked_aside("X (topmost)", none) and not ranked_aside("X, west", none)
    assert not ranked_aside("X is on the largest Y", none)
    assert not ranked_aside("X (heaviest", frozenset({"heaviest"}))  # a word of the domain


@pytest.fixture(scope="module")
def hanoi() -> Aligner:
    return Aligner(domain=HANOI)


@pytest.mark.parametrize("text", HANOI_TEXTS)
def test_hanoi_discs_ranked_in_passing(hanoi, text):
    right = hanoi.explain(text, _hanoi(HI, HG))
    assert not any(f.atom in ("(clear d2)", "(clear d3)") for f in right.conflicts())
    assert right.aligned
    wrong = hanoi.explain(text, _hanoi(HI.replace("(on d2 d3)", "(on d2 p2)"), HG))
    assert not wrong.aligned and wrong.similarity < right.similarity
    wrong_goal = hanoi.explain(text, _hanoi(HI, HG.replace("(on d3 p3)", "(on d3 p2)")))
    assert not wrong_goal.aligned and wrong_goal.similarity < right.similarity


@pytest.mark.parametrize(
    "text",
    [
        "The ferry waits at p1 with nothing on board. Car c1, the heaviest, is at p1; car c2, "
        "the lightest, is at p2. We want c1 at p2 and c2 at p3.",
        "The ferry is empty and docked at p1. There are two cars: c1, the biggest, waits at p1, "
        "and c2, the smallest, waits at p2. The goal: c1 at p2, c2 at p3.",
    ],
)
def test_ferry_cars_ranked_in_passing(text):
    a = Aligner(domain=FERRY)
    right = a.explain(text, _ferry(FE_INIT, FE_GOAL))
    assert right.aligned and right.similarity > 0.9, (right.conflicts(), right.init.unstated)
    wrong = a.explain(text, _ferry(FE_INIT.replace("(at c2 p2)", "(at c2 p3)"), FE_GOAL))
    assert not wrong.aligned and wrong.similarity < right.similarity
