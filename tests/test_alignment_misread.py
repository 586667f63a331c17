"""A span misread as a whole (issue 19, :mod:`planetarium_plugin.alignment.facts.misread`):
a rule sentence whose readings nearly all conflict with the problem is doubted, so the right
problem is kept; the same text against a problem with one fact edited is still rejected, and
a span whose failing readings could each be an edited atom keeps its conflicts. Wordings are
our own.
"""

from __future__ import annotations

import pytest

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts import misread
from planetarium_plugin.alignment.facts.explain import FactMatch

FLOOR = """(define (problem p) (:domain floor-tile) (:requirements :typing)
  (:objects tile_1_1 tile_1_2 tile_2_1 tile_2_2 - tile r1 - robot black white - color)
  (:init (right tile_1_2 tile_1_1) (right tile_2_2 tile_2_1) (up tile_2_1 tile_1_1)
         (up tile_2_2 tile_1_2) (robot-at r1 tile_1_1) (robot-has r1 white)
         (available-color black) (available-color white))
  (:goal (and (painted tile_2_1 black) (painted tile_2_2 black))))"""
WRONG = {
    "goal": FLOOR.replace("(painted tile_2_2 black)", "(painted tile_2_2 white)"),
    "goal argument": FLOOR.replace("(painted tile_2_1 black)", "(painted tile_1_1 black)"),
    "init": FLOOR.replace("(robot-at r1 tile_1_1)", "(robot-at r1 tile_1_2)"),
    "init, swapped": FLOOR.replace("(robot-at r1 tile_1_1)", "(robot-at r1 tile_2_1)"),
}

#: a layout rule with a column placeholder: read (today) as four ``up`` atoms between the
#: named tiles, none of which the problem has
RULES = [
    "Tiles: tile_1_1, tile_1_2 (row 1) and tile_2_1, tile_2_2 (row 2). For every column C, "
    "tile_2_C lies directly above tile_1_C; in each row R, tile_R_2 is to the right of "
    "tile_R_1. Robot r1 is on tile_1_1 holding white; white and black are available. Goal: "
    "tile_2_1 and tile_2_2 painted black.",
    "We have a 2 by 2 floor: tile_1_1, tile_1_2, tile_2_1, tile_2_2. tile_2_X is up from "
    "tile_1_X, and tile_Y_2 is right of tile_Y_1. Robot r1 is on tile_1_1 holding white; white "
    "and black are available. Goal: tile_2_1 and tile_2_2 painted black.",
    "The floor has two rows of two tiles: tile_1_1 and tile_1_2 in row 1, tile_2_1 and "
    "tile_2_2 in row 2. Each tile_2_C is directly up from tile_1_C, and tile_R_2 is right of "
    "tile_R_1. Robot r1 is on tile_1_1 holding white; white and black are available. Goal: "
    "tile_2_1 and tile_2_2 painted black.",
]


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner()


def _loud(e) -> list[FactMatch]:
    return [f for f in e.conflicts() if f.confidence >= 0.5]


@pytest.mark.parametrize("text", RULES)
def test_a_misread_rule_sentence_is_doubted(aligner, text, monkeypatch):
    e = aligner.explain(text, FLOOR)
    assert not _loud(e) and e.aligned and aligner.score(text, FLOOR).aligned
    doubted = [f for f in e.conflicts() if f.atom.startswith("(up ")]
    assert len(doubted) >= 3  # the rule's readings are still named, at a lowered confidence
    assert any("doubted as misread" in n for n in e.notes)
    # without the span rule the same explanation rejects the right problem
    monkeypatch.setattr(misread, "MIN_CONFLICTS", 10**6)
    before = aligner.explain(text, FLOOR)
    assert {f.atom for f in _loud(before)} >= {f.atom for f in doubted if f.confidence > 0.25}
    assert not before.aligned and before.similarity < e.similarity


@pytest.mark.parametrize("text", RULES)
@pytest.mark.parametrize("kind", sorted(WRONG))
def test_one_fact_edit_still_rejected(aligner, text, kind):
    right, wrong = aligner.score(text, FLOOR), aligner.score(text, WRONG[kind])
    assert not wrong.aligned and wrong.similarity < right.similarity
    e = aligner.explain(text, WRONG[kind])
    assert not e.aligned and _loud(e)


# ----------------------------------------------------------------- the rule on hand-made facts


def _f(atom: str, span: str, start: int, conf: float = 0.9, kind: str = "text") -> FactMatch:
    return FactMatch(atom, span, start, start + len(span), conf, kind=kind)


def _doubt(init_missing, init_stated=(), goal_missing=(), init_unstated=(), described=()):
    notes: list[str] = []
    (_, i_mi), (_, g_mi) = misread.doubted_spans(
        init_stated, [], list(init_missing), [], [], list(goal_missing), init_unstated, (),
        described, notes,
    )  # fmt: skip
    return [f.confidence for f in (*i_mi, *g_mi)], notes


@pytest.mark.parametrize(
    "span", ["every floor is above all lower-numbered floors", "floors rise with their number"]
)
def test_most_readings_conflicting_doubt_the_span(span):
    lift = [_f(f"(lift-at f{i})", span, 0) for i in (2, 3, 4)]
    got, notes = _doubt(lift)
    assert got == [0.405] * 3 and len(notes) == 1 and span in notes[0]
    # implied facts from the same span go with it: one misreading, counted once
    implied = _f("(lift-at f1)", span, 0, 1.0, kind="implied")
    assert _doubt([*lift, implied])[0] == [0.405] * 3 + [0.45]


@pytest.mark.parametrize("span", ["k6, k7, k8, k9", "k6 then k7, k8 and k9 on top"])
def test_the_rule_keeps_conflicts_with_edit_signs(span):
    tower = [_f(a, span, 10) for a in ("(on k7 k6)", "(on k8 k7)", "(on k9 k8)")]
    cases = {
        # two conflicts only: what one swap of two objects makes of one sentence
        "two": _doubt(tower[:2])[0],
        # most readings hold: a one-fact edit among them
        "most hold": _doubt(
            tower, init_stated=[_f(f"(clear k{i})", span, 10, 1.0) for i in range(2, 6)]
        )[0],
        # as many unstated atoms of the predicate about the objects: could be swapped ones
        "swapped": _doubt(tower, init_unstated=("(on k9 k6)", "(on k8 k9)", "(on k7 k8)"))[0],
        # a goal phrase read by description: a member the problem lacks is a goal edit
        "described": _doubt((), goal_missing=tower, described=(_f("(on k7 k6)", span, 10),))[0],
    }
    for why, got in cases.items():
        assert all(c == 0.9 for c in got), why
    # and an overlapping span of the same sentence counts as one span
    part = [_f("(on k7 k6)", span, 10), _f("(on k8 k7)", span[:-1], 10)]
    stated = [_f("(clear k9)", span[1:], 11, 1.0), _f("(on-table k6)", span, 10, 1.0)]
    assert _doubt([*part, tower[2]], init_stated=stated)[0] == [0.9] * 3
