"""Towers told by position words and grids told by rows, pairs or size in the fact-level aligner
(issue 19): "yellow at the base, then blue, then red", "Neighbours (both ways): a/b, b/c", "t4,
t5, t6 right underneath them". The wording and the small problems are our own (not from the
development set); each test fails without its rule."""

from __future__ import annotations

import pytest

from planetarium_plugin.alignment import Aligner


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner()


def _atoms(facts):
    return {f.atom for f in facts}


def _blocks(goal: str) -> str:
    return (
        "(define (problem p) (:domain blocksworld) (:objects k1 k2 k3 k4) (:init (arm-empty) "
        "(on-table k1) (on-table k2) (on-table k3) (on-table k4) (clear k1) (clear k2) "
        f"(clear k3) (clear k4)) (:goal (and {goal})))"
    )


PILE = "(on k2 k4) (on k1 k2) (on k3 k1)"


@pytest.mark.parametrize(
    "said",
    [
        "The goal: k4 at the base, then k2, then k1, and k3 on the very top.",
        "Build a pile with k3 on top, followed by k1, then k2, and then k4 at the bottom.",
        "In the end, at the very bottom is k4, then k2, then k1, with k3 on top.",
        "Goal, from top to bottom: k3, then k1, then k2, then k4.",
    ],
)
def test_a_pile_told_in_order_with_then_is_a_chain(aligner, said):
    text = "The four blocks k1 to k4 all lie on the table and the hand is empty. " + said
    got = aligner.explain(text, _blocks(PILE))
    assert _atoms(got.goal.stated) >= {"(on k2 k4)", "(on k1 k2)", "(on k3 k1)"}
    assert not got.goal.contradicted and not got.goal.missing_in_problem
    wrong = aligner.explain(text, _blocks("(on k2 k4) (on k1 k2) (on k3 k2)"))
    assert "(on k3 k1)" in _atoms(wrong.goal.missing_in_problem)
    assert wrong.similarity < got.similarity


def test_a_then_list_without_a_stated_end_reads_no_tower(aligner):
    """ "k4, then k2, then k1" says an order, not which end is the bottom: no chain is made up."""
    from planetarium_plugin.alignment.facts import read_world
    from planetarium_plugin.alignment.facts.towers import tower_clauses
    from planetarium_plugin.packs import default_registry

    w = read_world(_blocks(PILE), default_registry()["blocksworld"].domain)
    assert tower_clauses("Move k4, then k2, then k1.", w, []) == []
    assert tower_clauses("Stack k4 at the base, then k2, then k1.", w, [])
