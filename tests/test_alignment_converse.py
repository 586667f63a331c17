"""Links said to hold both ways (issue 19, ``alignattr``): "r1 can drive from w1 to w2 and
back", "the truck can go ash<->elm", "… between ash and elm in both directions" state the link
and its converse. The converse is read only where the syntax says so and the two linked objects
are of one class. Domains, problems and wordings written for these tests; each test fails
without the rule."""

from __future__ import annotations

import pytest
from problems import ROADS

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts import read_world, split_clauses
from planetarium_plugin.alignment.facts.converse import converse_clauses


def _roads(back: str = "(road lorry elm ash)") -> str:
    return (
        "(define (problem p) (:domain roads) (:objects lorry - truck ash elm - town) "
        f"(:init (at lorry ash) (road lorry ash elm) {back}) (:goal (visited elm)))"
    )


def _atoms(facts) -> set[str]:
    return {f.atom for f in facts}


@pytest.mark.parametrize(
    "text",
    [
        "The truck lorry is in ash. lorry can drive from ash to elm and back. Goal: elm visited.",
        "lorry is at ash, and lorry may go ash <-> elm. Please get elm visited.",
        "Truck lorry waits at ash; lorry has a road from ash to elm both ways. Goal: visit elm.",
    ],
)
def test_a_link_said_both_ways_states_its_converse(text: str):
    al = Aligner(domain=ROADS)
    right = al.explain(text, _roads())
    assert {"(road lorry ash elm)", "(road lorry elm ash)"} <= _atoms(right.init.stated), right
    assert right.aligned
    # one direction dropped (and a loop instead): the explanation names the converse
    wrong = al.explain(text, _roads("(road lorry ash ash)"))
    assert "(road lorry elm ash)" in _atoms(wrong.init.missing_in_problem), wrong
    assert wrong.similarity < 0.5 * right.similarity and not wrong.aligned


@pytest.mark.parametrize(
    "text",
    [
        "rover0 is at waypoint0 and is available. rover0 can drive from waypoint0 to "
        "waypoint1 and back. Send the soil data of waypoint1.",
        "Rover rover0 (available) sits at waypoint0; rover0 travels waypoint0<->waypoint1. "
        "Goal: soil data of waypoint1 communicated.",
    ],
)
def test_a_rovers_traversal_both_ways(text: str):
    pddl = (
        "(define (problem p) (:domain rover) (:objects general - lander rover0 - rover "
        "waypoint0 waypoint1 - waypoint) (:init (at rover0 waypoint0) (available rover0) "
        "(can_traverse rover0 waypoint0 waypoint1) (can_traverse rover0 waypoint1 waypoint0)) "
        "(:goal (and (communicated_soil_data waypoint1))))"
    )
    al = Aligner(domain="rover")
    right = al.explain(text, pddl)
    both = {
        "(can_traverse rover0 waypoint0 waypoint1)",
        "(can_traverse rover0 waypoint1 waypoint0)",
    }
    assert both <= _atoms(right.init.stated), right
    wrong = al.explain(text, pddl.replace("waypoint1 waypoint0)", "waypoint1 waypoint1)"))
    assert "(can_traverse rover0 waypoint1 waypoint0)" in _atoms(wrong.init.missing_in_problem)
    assert wrong.similarity < 0.5 * right.similarity and not wrong.aligned


def test_no_converse_without_the_words_or_across_classes():
    """One way only, or a truck and a town (no link of one class): nothing is added, and
    "back" after a clause with one object ("lorry goes back") is left alone."""
    w = read_world(_roads(), ROADS)
    for text in (
        "lorry can drive from ash to elm. Goal: elm visited.",
        "lorry is at ash and back. Goal: elm visited.",
        "lorry goes back. Goal: elm visited.",
    ):
        cs = split_clauses(text, w)
        assert converse_clauses(text, w, cs) == cs, text


VIEWS = ROADS.replace("(visited ?a - town))", "(visited ?a - town) (visible ?a - town ?b - town))")


def _views(seen: str = "(visible elm ash)") -> str:
    return _roads(f"(road lorry elm ash) (visible ash elm) {seen}")


@pytest.mark.parametrize(
    "text",
    [
        "lorry is at ash. lorry can drive from ash to elm and back, and each of those pairs of "
        "towns can see each other. Goal: elm visited.",
        "lorry is at ash; lorry may go ash <-> elm, and the same pairs are mutually visible. "
        "Goal: elm visited.",
    ],
)
def test_those_pairs_said_to_see_each_other_are_the_linked_pairs_both_ways(text: str):
    al = Aligner(domain=VIEWS)
    right = al.explain(text, _views())
    assert {"(visible ash elm)", "(visible elm ash)"} <= _atoms(right.init.stated), right
    wrong = al.explain(text, _views("(visible elm elm)"))
    assert "(visible elm ash)" in _atoms(wrong.init.missing_in_problem), wrong
    assert wrong.similarity < 0.5 * right.similarity and not wrong.aligned


def test_those_pairs_in_another_sentence_or_without_a_reciprocal_are_left_alone():
    w = read_world(_views(), VIEWS)
    for text in (
        "lorry can drive from ash to elm and back. Those pairs can see each other.",
        "lorry can drive from ash to elm and back, and those pairs are long.",
    ):
        cs = split_clauses(text, w)
        after = [c for c in converse_clauses(text, w, cs) if c.start > text.index("pairs") - 12]
        assert after == [c for c in cs if c.start > text.index("pairs") - 12], text
