"""A goal pile told as the initial pile moved or turned over (issue 19,
:mod:`~planetarium_plugin.alignment.facts.moved`): "the same tower on s2", "the same three
crates stacked on s2 in reverse order". A small warehouse domain and wordings written for these
tests; each case has its wrong pair, and the fact it changes is named."""

from __future__ import annotations

import pytest

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts.moved import moved_clauses
from planetarium_plugin.alignment.facts.reading import Reading
from planetarium_plugin.alignment.facts.world import read_world

YARD = """(define (domain yard)
  (:requirements :strips :typing)
  (:types crate spot - surface)
  (:predicates (on ?x - crate ?y - surface)   ; crate ?x is stacked on ?y
               (clear ?x - surface))          ; nothing is on ?x
  (:action move :parameters (?x - crate ?y ?z - surface)
    :precondition (and (on ?x ?y) (clear ?x) (clear ?z))
    :effect (and (on ?x ?z) (clear ?y) (not (on ?x ?y)) (not (clear ?z)))))"""

INIT = "(on k1 s1) (on k2 k1) (on k3 k2) (clear k3) (clear s2)"
SAME = "(on k1 s2) (on k2 k1) (on k3 k2)"
REVERSED = "(on k3 s2) (on k2 k3) (on k1 k2)"
SETUP = "Crate k1 is on s1, k2 is on k1 and k3 is on k2; k3 and s2 are clear. "


def _problem(goal: str) -> str:
    return (
        "(define (problem p) (:domain yard) (:objects k1 k2 k3 - crate s1 s2 - spot) "
        f"(:init {INIT}) (:goal (and {goal})))"
    )


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner(domain=YARD)


def _atoms(facts) -> set[str]:
    return {f.atom for f in facts}


@pytest.mark.parametrize(
    "goal",
    [
        "Goal: the same tower on s2.",
        "I want the whole stack moved onto s2, in the same order.",
        "At the end the same three crates should be stacked on s2.",
    ],
)
def test_the_same_pile_on_a_new_base_is_the_init_pile_moved(aligner, goal):
    text = SETUP + goal
    r = aligner.explain(text, _problem(SAME))
    assert _atoms(r.goal.stated) == {"(on k1 s2)", "(on k2 k1)", "(on k3 k2)"}
    assert r.aligned
    w = aligner.explain(text, _problem(REVERSED))
    assert "(on k1 s2)" in _atoms(w.goal.missing_in_problem)
    assert not w.aligned and w.similarity < r.similarity


@pytest.mark.parametrize(
    "goal",
    [
        "Goal: the same three crates stacked on s2 in reverse order.",
        "Rebuild the same tower on s2, but upside down.",
    ],
)
def test_a_pile_said_reversed_is_turned_over(aligner, goal):
    text = SETUP + goal
    r = aligner.explain(text, _problem(REVERSED))
    assert _atoms(r.goal.stated) == {"(on k3 s2)", "(on k2 k3)", "(on k1 k2)"}
    assert r.aligned
    w = aligner.explain(text, _problem(SAME))
    assert "(on k3 s2)" in _atoms(w.goal.missing_in_problem) and not w.aligned


def test_no_new_base_or_another_count_reads_nothing():
    w = read_world(_problem(SAME), YARD)
    assert moved_clauses(Reading.of("Goal: the same tower, upside down.", w), []) == []
    assert moved_clauses(Reading.of("Goal: the same two crates stacked on s2.", w), []) == []
    assert moved_clauses(Reading.of("Goal: paint it the same colour as s2.", w), []) == []
