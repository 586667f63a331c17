"""Cells named by row and column through the naming scheme a text declares (issue 19,
:mod:`~planetarium_plugin.alignment.facts.rows`), and "the dock" for the one object a static
unary predicate marks (:mod:`~planetarium_plugin.alignment.facts.related`). A small greenhouse
domain and wordings written for these tests; each goal names its cells by row and column, never
by name, and each case has its wrong pair."""

from __future__ import annotations

import pytest

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts.mentions import find_mentions, tokenize
from planetarium_plugin.alignment.facts.rows import row_mentions
from planetarium_plugin.alignment.facts.world import read_world

GREENHOUSE = """(define (domain greenhouse)
  (:requirements :strips :typing)
  (:types cell)
  (:predicates (watered ?c - cell)          ; cell ?c has been watered
               (bot-at ?c - cell)           ; the watering bot is on cell ?c
               (is-dock ?c - cell))         ; cell ?c is the bot's dock
  (:action water :parameters (?c - cell) :precondition (bot-at ?c) :effect (watered ?c))
  (:action go :parameters (?a ?b - cell) :precondition (bot-at ?a)
    :effect (and (bot-at ?b) (not (bot-at ?a)))))"""


def _problem(names: list[str], init: str, goal: str) -> str:
    return (
        f"(define (problem p) (:domain greenhouse) (:objects {' '.join(names)} - cell) "
        f"(:init {init}) (:goal (and {goal})))"
    )


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner(domain=GREENHOUSE)


def _atoms(facts) -> set[str]:
    return {f.atom for f in facts}


BEDS = [f"bed-{r}-{c}" for r in (1, 2) for c in (1, 2, 3)]
ROW2 = "(watered bed-2-1) (watered bed-2-2) (watered bed-2-3)"


@pytest.mark.parametrize(
    "text",
    [
        "The greenhouse has two rows of three beds; the bed in row r, column c is bed-r-c. The "
        "bot stands on bed-1-1. Goal: every bed of row 2 watered.",
        "Beds bed-R-C (row R, column C), 2 rows by 3 columns, bot on bed-1-1. Please have all "
        "the beds in row 2 watered.",
        "Two rows, three columns: the bed at row R and column C is called bed-R-C. The bot is "
        "on bed-1-1 and should water each bed of the second row.",
    ],
)
def test_every_cell_of_a_row_under_a_declared_scheme_is_that_row(aligner, text):
    right = _problem(BEDS, "(bot-at bed-1-1)", ROW2)
    r = aligner.explain(text, right)
    assert _atoms(r.goal.stated) == {"(watered bed-2-1)", "(watered bed-2-2)", "(watered bed-2-3)"}
    assert r.aligned and not r.goal.missing_in_problem
    # the wrong pair waters bed-1-3 instead of bed-2-3: the row's fact is named as missing
    wrong = _problem(BEDS, "(bot-at bed-1-1)", ROW2.replace("bed-2-3", "bed-1-3"))
    w = aligner.explain(text, wrong)
    assert "(watered bed-2-3)" in _atoms(w.goal.missing_in_problem)
    assert not w.aligned and w.similarity < r.similarity


CELLS = [f"x{c}y{r}" for c in (1, 2, 3) for r in (1, 2)]


@pytest.mark.parametrize(
    "said",
    [
        "Cells xCyR: columns C = 1-3, rows R = 1-2.",
        "Each cell is called xCyR, where C is its column and R its row (column C, row R).",
    ],
)
def test_the_declared_scheme_says_which_number_is_the_row(aligner, said):
    """In ``x2y1`` the row is the second number here: "row 1" is x1y1, x2y1, x3y1."""
    text = said + " The bot is on x1y2. Goal: every cell of row 1 watered."
    right = _problem(CELLS, "(bot-at x1y2)", "(watered x1y1) (watered x2y1) (watered x3y1)")
    r = aligner.explain(text, right)
    assert r.aligned and r.goal.unstated == ()
    transposed = _problem(CELLS, "(bot-at x1y2)", "(watered x1y1) (watered x1y2)")
    w = aligner.explain(text, transposed)
    assert {"(watered x2y1)", "(watered x3y1)"} <= _atoms(w.goal.missing_in_problem)
    assert not w.aligned


@pytest.mark.parametrize(
    ("phrase", "cell"),
    [
        ("the second bed of the first row", "bed-1-2"),
        ("the last bed of row 2", "bed-2-3"),
        ("the first bed in the last row", "bed-2-1"),
        ("the bed in row 2, column 2", "bed-2-2"),
    ],
)
def test_one_cell_by_its_row_and_place_in_the_row(phrase, cell):
    w = read_world(_problem(BEDS, "", ""), GREENHOUSE)
    text = f"The bed in row R, column C is bed-R-C. Water {phrase}."
    toks = tokenize(text)
    got = row_mentions(text, toks, find_mentions(text, w, toks), w)
    assert [(m.text, m.objects) for m in got][-1] == (phrase, (cell,))


def test_without_a_declared_scheme_a_row_names_nothing():
    """Which number of ``bed-2-1`` is the row is the text's to say: no scheme, no row."""
    w = read_world(_problem(BEDS, "", ""), GREENHOUSE)
    text = "Water every bed of row 2 and the last bed of row 1."
    toks = tokenize(text)
    plain = find_mentions(text, w, toks)
    assert row_mentions(text, toks, plain, w) == plain


@pytest.mark.parametrize(
    "text",
    [
        "The bed in row r, column c is bed-r-c. The dock is the last bed of row 2. The bot "
        "starts on bed-1-1. Water bed-1-2 and send the bot back to the dock.",
        "Beds bed-R-C (row R, column C); the bot's dock is bed-2-3 and the bot is on bed-1-1. "
        "Goal: bed-1-2 watered and the bot parked on the dock.",
    ],
)
def test_the_one_object_a_static_unary_predicate_marks(aligner, text):
    init = "(bot-at bed-1-1) (is-dock bed-2-3)"
    right = _problem(BEDS, init, "(watered bed-1-2) (bot-at bed-2-3)")
    r = aligner.explain(text, right)
    assert "(bot-at bed-2-3)" in _atoms(r.goal.stated) and r.goal.unstated == ()
    assert not r.init.contradicted and not r.init.missing_in_problem
    wrong = _problem(BEDS, init, "(watered bed-1-2) (bot-at bed-2-2)")
    w = aligner.explain(text, wrong)
    assert "(bot-at bed-2-3)" in _atoms(w.goal.missing_in_problem) and not w.aligned


PAINT = """(define (domain paint)
  (:requirements :strips :typing)
  (:types tile colour)
  (:predicates (painted ?t - tile ?c - colour) (up ?a ?b - tile))
  (:action paint :parameters (?t - tile ?c - colour) :precondition () :effect (painted ?t ?c)))"""
TILES = [f"t{r}{c}" for r in (1, 2) for c in (1, 2, 3)]


def _tiles(goal: str) -> str:
    return (
        f"(define (problem p) (:domain paint) (:objects {' '.join(TILES)} - tile red blue - "
        "colour) (:init (up t21 t11) (up t22 t12) (up t23 t13)) "
        f"(:goal (and {goal})))"
    )


@pytest.mark.parametrize(
    "text",
    [
        "A 2x3 floor of tiles tij (row i, column j); row 2 lies above row 1. Paint the upper "
        "row red, blue, red from left to right.",
        "Tiles tRC sit in row R, column C, and row 1 is below row 2. Goal: paint the top row "
        "red, blue, red.",
    ],
)
def test_the_top_row_of_a_declared_scheme_is_the_one_the_text_puts_above(text):
    paint = Aligner(domain=PAINT)
    goal = "(painted t21 red) (painted t22 blue) (painted t23 red)"
    r = paint.explain(text, _tiles(goal))
    assert _atoms(r.goal.stated) == {"(painted t21 red)", "(painted t22 blue)", "(painted t23 red)"}
    low = paint.explain(text, _tiles(goal.replace("t2", "t1")))
    assert "(painted t22 blue)" in _atoms(low.goal.missing_in_problem) and not low.aligned
