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


# --- a domain with no pack: its file's names and comments only -------------------------------

LIBRARY = """(define (domain library)
  (:requirements :strips :typing)
  (:types book shelf reader)
  (:predicates (shelved ?b - book ?s - shelf)     ; book ?b stands on shelf ?s
               (not-lent ?b - book)              ; book ?b has not been lent out
               (lent ?b - book ?r - reader)      ; book ?b is lent to reader ?r
               (member-of ?r - reader ?s - shelf) ; reader ?r may borrow from shelf ?s
               (returned ?b - book))
  (:action lend :parameters (?b - book ?s - shelf ?r - reader)
    :precondition (and (shelved ?b ?s) (not-lent ?b) (member-of ?r ?s))
    :effect (and (lent ?b ?r) (not (shelved ?b ?s)) (not (not-lent ?b))))
  (:action give-back :parameters (?b - book ?s - shelf ?r - reader)
    :precondition (and (lent ?b ?r))
    :effect (and (shelved ?b ?s) (returned ?b) (not-lent ?b) (not (lent ?b ?r)))))"""


def _library(init: str, goal: str) -> str:
    return (
        "(define (problem q) (:domain library) (:objects atlas novel - book top low - shelf "
        f"kim - reader) (:init {init}) (:goal (and {goal})))"
    )


RIGHT_INIT = (
    "(shelved atlas top) (shelved novel low) (not-lent atlas) (not-lent novel) (member-of kim top)"
)


def test_a_predicate_named_by_its_identifier_is_read_as_named(aligner):
    """'atlas and top are in the relation "shelved"': the named predicate, arguments in the
    order the text gives them, whatever the encoder would make of the words."""
    text = (
        'Objects atlas and top are in the relation "shelved". The predicate not-lent holds '
        'for atlas. Goal: objects atlas and kim are in the relation "lent".'
    )
    pddl = _library(RIGHT_INIT, "(lent atlas kim)")
    e = aligner.explain(text, pddl, LIBRARY)
    assert {"(shelved atlas top)", "(not-lent atlas)"} <= {f.atom for f in e.init.stated}
    assert {f.atom for f in e.goal.stated} == {"(lent atlas kim)"}
    swapped = aligner.explain(text, _library(RIGHT_INIT, "(lent novel kim)"), LIBRARY)
    assert swapped.similarity < e.similarity and not swapped.aligned
    # a reader named "member": the words inside the identifier "member-of" name no object
    pddl = _library(RIGHT_INIT, "(lent atlas kim)").replace("kim", "member")
    text = "The predicate member-of holds for member and top. Goal: atlas is lent to member."
    e = aligner.explain(text, pddl, LIBRARY)
    assert "(member-of member top)" in {f.atom for f in e.init.stated}


def test_a_negative_predicate_name_is_stated_by_a_negated_clause(aligner):
    """ "the atlas has not been lent" states (not-lent atlas); "the atlas has been lent"
    does not, though the encoder barely tells the two apart."""
    pddl = _library(RIGHT_INIT, "(lent atlas kim)")
    said = "The atlas sits on the top shelf and has not been lent. Kim should get the atlas."
    e = aligner.explain(said, pddl, LIBRARY)
    assert "(not-lent atlas)" in {f.atom for f in e.init.stated}
    assert not e.init.contradicted
    unsaid = said.replace("has not been lent", "has been lent")
    assert aligner.explain(unsaid, pddl, LIBRARY).similarity < e.similarity


def test_a_static_fact_in_the_goal_part_is_checked_against_the_init(aligner):
    """No action changes member-of: "kim must be a member of the top shelf" after a goal cue
    describes the state, it is no goal the problem lacks."""
    pddl = _library(RIGHT_INIT, "(lent atlas kim)")
    text = (
        "The atlas is on the top shelf and the novel on the low shelf; the atlas has not "
        "been lent. Kim wants the atlas lent to her, and kim may borrow from the top shelf."
    )
    e = aligner.explain(text, pddl, LIBRARY)
    assert "(member-of kim top)" in {f.atom for f in e.init.stated}
    assert not e.conflicts() and e.aligned
