"""Stacks told as a plain list with an end stated (issue 19): "in order c1 (bottom), c2, c3 (top)",
"from the bottom up: a, b, c", "top to bottom, k3, k1, k2, k4". The wording and the small
problems are our own (not from the development set); each test fails without its rule."""

from __future__ import annotations

import re

import pytest
from problems import PILE
from problems import atoms as _atoms
from problems import four_blocks as _blocks

from planetarium_plugin.alignment import Aligner


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner()


@pytest.mark.parametrize(
    "said",
    [
        "Goal: one stack, from the bottom up: k4, k2, k1, k3.",
        "I want them stacked in order k4 (bottom), k2, k1, k3 (top).",
        "Goal: a single tower, top to bottom, is k3, k1, k2, k4.",
    ],
)
def test_a_stack_told_as_a_list_with_a_stated_end_is_a_chain(aligner, said):
    text = "The four blocks k1 to k4 all lie on the table and the hand is empty. " + said
    got = aligner.explain(text, _blocks(PILE))
    assert _atoms(got.goal.stated) >= {"(on k2 k4)", "(on k1 k2)", "(on k3 k1)"}
    assert not got.goal.contradicted
    wrong = aligner.explain(text, _blocks("(on k2 k4) (on k1 k2) (on k3 k2)"))
    assert "(on k3 k1)" in _atoms(wrong.goal.missing_in_problem)
    assert wrong.similarity < got.similarity


def _depots(pile: str) -> str:
    return (
        "(define (problem q) (:domain depots) (:objects depot0 - depot pallet0 - pallet "
        "crate0 crate1 crate2 - crate hoist0 - hoist truck0 - truck) (:init (at pallet0 depot0) "
        "(at hoist0 depot0) (available hoist0) (at truck0 depot0) (on crate0 pallet0) "
        f"{pile} (at crate0 depot0) (at crate1 depot0) (at crate2 depot0) (clear crate2)) "
        "(:goal (and (on crate0 crate2))))"
    )


@pytest.mark.parametrize(
    "said",
    [
        "The crates are stacked on pallet0 in order crate0 (bottom), crate1, crate2 (top).",
        "On pallet0 stands a pile which, from the bottom up, is crate0, crate1, crate2.",
    ],
)
def test_a_stack_list_in_another_domain_reads_its_links(aligner, said):
    text = (
        "depot0 holds pallet0 and hoist0; hoist0 is available and truck0 is at depot0. "
        + said
        + " Goal: crate0 on crate2."
    )
    got = aligner.explain(text, _depots("(on crate1 crate0) (on crate2 crate1)"))
    assert _atoms(got.init.stated) >= {"(on crate1 crate0)", "(on crate2 crate1)"}
    assert not {"(on crate0 crate1)", "(on crate1 crate2)"} & _atoms(got.init.missing_in_problem)
    wrong = aligner.explain(text, _depots("(on crate1 crate0) (on crate2 crate0)"))
    assert "(on crate2 crate1)" in _atoms(wrong.init.missing_in_problem)
    assert wrong.similarity < got.similarity
    renamed = re.sub(r"\bcrate(\d)\b", r"box\1", text)
    pddl = re.sub(r"\bcrate(\d)\b", r"box\1", _depots("(on crate1 crate0) (on crate2 crate1)"))
    assert aligner.score(renamed, pddl).similarity == pytest.approx(got.similarity, abs=1e-6)


def test_a_list_with_no_stated_end_or_no_stacking_reads_no_tower():
    """A list that says no end, or a sentence that speaks of no stacking, makes up no chain."""
    from planetarium_plugin.alignment.facts import read_world
    from planetarium_plugin.alignment.facts.reading import Reading
    from planetarium_plugin.alignment.facts.towers import tower_clauses
    from planetarium_plugin.packs import default_registry

    w = read_world(_blocks(PILE), default_registry()["blocksworld"].domain)
    assert tower_clauses(Reading.of("Stack k4, k2, k1 and k3.", w), []) == []
    assert tower_clauses(Reading.of("From the bottom shelf take k4, k2, k1.", w), []) == []
    assert tower_clauses(Reading.of("Stack k4 (bottom), k2, k1.", w), [])
