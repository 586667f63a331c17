"""Reading rules of the fact-level aligner that keep right pairs (issue 19): where a goal
starts inside a sentence, lists that are the subject of the words after them. The wording
here is our own (not from the development set); each test fails without its rule."""

from __future__ import annotations

import pytest

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts import read_world, split_clauses


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner()


def _slots(clause):
    return [sorted(o for m in s for o in m.objects) for s in clause.slots]


TILES = (
    "(define (problem p) (:domain floor-tile) (:objects k1 k2 k3 - tile bot - robot "
    "blue pink - color) (:init (up k1 k2) (up k2 k3) (robot-at bot k3) (robot-has bot blue) "
    "(available-color blue) (available-color pink)) (:goal (and (painted k1 pink))))"
)


def test_a_goal_cue_inside_a_clause_takes_the_whole_clause():
    """ "…, and the uppermost tile k1 has to end up pink": the subject before the cue is part
    of the goal fact, not an init fragment."""
    w = read_world(TILES)
    text = (
        "k1 lies above k2 and k2 above k3, bot waits on k3 with blue, blue and pink can be "
        "used, and the uppermost tile k1 has to end up pink."
    )
    goal = [c for c in split_clauses(text, w) if c.section == "goal"]
    assert [_slots(c) for c in goal] == [[["k1"], ["pink"]]]


def test_a_list_before_a_goal_cue_stays_one_list():
    """Commas and "and" inside an object list are no clause boundary for a goal cue."""
    w = read_world(TILES)
    text = "bot is on k3. k1, k2 and k3 should all be pink."
    goal = [c for c in split_clauses(text, w) if c.section == "goal"]
    assert [_slots(c) for c in goal] == [[["k1", "k2", "k3"], ["pink"]]]


def test_a_list_followed_by_its_predicate_words_is_their_subject():
    """ "the first column, k1, k2 and k3, coloured pink": the list is one slot and the colour
    another, so the clause can state three painted facts."""
    w = read_world(TILES)
    text = "Robot bot stands on k3. Please get the first column, k1, k2 and k3, coloured pink."
    goal = [c for c in split_clauses(text, w) if c.section == "goal" and c.slots]
    assert [_slots(c) for c in goal] == [[["k1", "k2", "k3"], ["pink"]]]
    # a list continued by a class noun ("…, 1 robot bot") is a list of objects, no subject
    (listed,) = split_clauses("There are tiles k1, k2, 1 robot bot.", w)
    assert _slots(listed) == [["bot", "k1", "k2"]]


def test_the_goal_clause_read_whole_is_stated(aligner):
    text = (
        "k1 lies above k2, which lies above k3; robot bot is on k3 holding blue, and both "
        "blue and pink are available, and the top tile k1 needs to be pink at the end."
    )
    e = aligner.explain(text, TILES)
    assert "(painted k1 pink)" in {f.atom for f in e.goal.stated}
    assert e.aligned
