"""Towers told by position words and grids told by rows, pairs or size in the fact-level aligner
(issue 19): "yellow at the base, then blue, then red", "Neighbours (both ways): a/b, b/c", "t4,
t5, t6 right underneath them". The wording and the small problems are our own (not from the
development set); each test fails without its rule."""

from __future__ import annotations

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
    from planetarium_plugin.alignment.facts.reading import Reading
    from planetarium_plugin.alignment.facts.towers import tower_clauses
    from planetarium_plugin.packs import default_registry

    w = read_world(_blocks(PILE), default_registry()["blocksworld"].domain)
    assert tower_clauses(Reading.of("Move k4, then k2, then k1.", w), []) == []
    assert tower_clauses(Reading.of("Stack k4 at the base, then k2, then k1.", w), [])


FLOOR = (
    "(define (problem p) (:domain floor-tile) (:objects q1 q2 q3 q4 q5 q6 - tile bot - robot "
    "pink - color) (:init (up q1 q4) (up q2 q5) (up q3 q6) (right q2 q1) (right q3 q2) "
    "(right q5 q4) (right q6 q5) (robot-at bot q4) (robot-has bot pink) (available-color pink))"
    " (:goal (and (painted q1 pink))))"
)
LAYOUT = {"(up q1 q4)", "(up q2 q5)", "(up q3 q6)", "(right q2 q1)", "(right q3 q2)"}


@pytest.mark.parametrize(
    "layout",
    [
        "The floor has two rows: q1, q2 and q3 make the upper row and q4, q5, q6 lie right "
        "underneath them.",
        "Row 1: q1 q2 q3. Row 2: q4 q5 q6.",
        "q4, q5 and q6 form the bottom row, q1, q2 and q3 the top row.",
        "Layout: q1|q2|q3 over q4|q5|q6.",
        "q4, q5 and q6 make the lower row, with q5 right of q4, and q1, q2 and q3 the upper row.",
    ],
)
def test_a_grid_told_by_rows_states_its_links(aligner, layout):
    text = f"{layout} The robot bot is on q4 holding pink, which is available. Paint q1 pink."
    got = aligner.explain(text, FLOOR)
    assert _atoms(got.init.stated) >= LAYOUT
    assert not got.init.contradicted and not got.init.missing_in_problem
    wrong = aligner.explain(text, FLOOR.replace("(up q2 q5)", "(up q2 q4)"))
    assert "(up q2 q5)" in _atoms(wrong.init.missing_in_problem)
    assert wrong.similarity < got.similarity


def _cells(links: str) -> str:
    dom = (
        "(define (domain walk) (:types cell) (:predicates (at ?c - cell) (seen ?c - cell) "
        "(link ?a ?b - cell)) (:action go :parameters (?a ?b - cell) :precondition (and (at ?a)"
        " (link ?a ?b)) :effect (and (at ?b) (seen ?b) (not (at ?a)))))"
    )
    prob = (
        "(define (problem p) (:domain walk) (:objects cell-0-0 cell-0-1 cell-1-0 cell-1-1 - "
        f"cell) (:init (at cell-0-0) {links}) (:goal (and (seen cell-1-1))))"
    )
    return dom, prob


GRID_LINKS = (
    "(link cell-0-0 cell-0-1) (link cell-0-1 cell-0-0) (link cell-0-0 cell-1-0) "
    "(link cell-1-0 cell-0-0) (link cell-0-1 cell-1-1) (link cell-1-1 cell-0-1) "
    "(link cell-1-0 cell-1-1) (link cell-1-1 cell-1-0)"
)


@pytest.mark.parametrize(
    "links",
    [
        "Links (both ways): cell-0-0/cell-0-1, cell-0-0/cell-1-0, cell-0-1/cell-1-1, "
        "cell-1-0/cell-1-1.",
        "Linked pairs: cell-0-0 and cell-0-1, cell-0-0 and cell-1-0, cell-0-1 and cell-1-1, "
        "cell-1-0 and cell-1-1, each pair either way.",
        "The four cells form a 2 by 2 grid in which horizontally or vertically adjacent cells "
        "are linked both ways.",
    ],
)
def test_a_grid_told_by_pairs_or_coordinates_states_its_links(links):
    dom, prob = _cells(GRID_LINKS)
    aligner = Aligner(domain=dom)
    text = f"{links} The walker starts at cell-0-0 and must see cell-1-1."
    got = aligner.explain(text, prob)
    assert len([f for f in got.init.stated if f.atom.startswith("(link")]) == 8
    assert not got.init.missing_in_problem
    wrong_prob = _cells(GRID_LINKS.replace("(link cell-1-0 cell-1-1)", "(link cell-1-0 cell-0-1)"))[
        1
    ]
    wrong = aligner.explain(text, wrong_prob)
    assert "(link cell-1-0 cell-1-1)" in _atoms(wrong.init.missing_in_problem)
    assert wrong.similarity < got.similarity


SPREAD = FLOOR.replace("pink - color", "pink teal - color").replace(
    "(painted q1 pink)", "(painted q1 pink) (painted q2 teal) (painted q3 pink)"
)


@pytest.mark.parametrize(
    "goal",
    [
        "Paint the top row pink, teal, pink from left to right.",
        "Colour the upper row in alternating colours: pink and teal.",
        "The goal is to have the first row pink, teal and pink.",
    ],
)
def test_colours_spread_over_a_named_row_in_order(aligner, goal):
    text = (
        "q1, q2 and q3 form the top row and q4, q5 and q6 the bottom row. The robot bot is on "
        f"q4 holding pink; pink and teal are available. {goal}"
    )
    prob = SPREAD.replace("(available-color pink)", "(available-color pink) (available-color teal)")
    got = aligner.explain(text, prob)
    want = {"(painted q1 pink)", "(painted q2 teal)", "(painted q3 pink)"}
    assert _atoms(got.goal.stated) >= want
    assert not got.goal.contradicted and not got.goal.missing_in_problem
    wrong = aligner.explain(text, prob.replace("(painted q2 teal)", "(painted q2 pink)"))
    assert wrong.goal.contradicted or wrong.goal.missing_in_problem
    assert wrong.similarity < got.similarity


@pytest.mark.parametrize(
    "said",
    [
        "Levels count up v0, v1, v2.",
        "The levels go v0 then v1 then v2.",
        "Levels climb v0, v1, v2.",
    ],
)
def test_a_list_told_in_rising_order_is_a_sequence(said):
    dom = (
        "(define (domain lift) (:types level) (:predicates (at ?l - level) (next ?a ?b - level))"
        " (:action up :parameters (?a ?b - level) :precondition (and (at ?a) (next ?b ?a))"
        " :effect (and (at ?b) (not (at ?a)))))"
    )
    prob = (
        "(define (problem p) (:domain lift) (:objects v0 v1 v2 - level) (:init (at v0) "
        "(next v1 v0) (next v2 v1)) (:goal (and (at v2))))"
    )
    aligner = Aligner(domain=dom)
    text = f"{said} The car is at v0 and must reach v2."
    got = aligner.explain(text, prob)
    assert _atoms(got.init.stated) >= {"(next v1 v0)", "(next v2 v1)"}
    wrong = aligner.explain(text, prob.replace("(next v2 v1)", "(next v2 v0)"))
    assert "(next v2 v1)" in _atoms(wrong.init.missing_in_problem)
    assert wrong.similarity < got.similarity
