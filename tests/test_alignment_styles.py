"""Requests over domains given only by a domain file with no comments, as IPC files come
(issue 19, ``anydomain2``): predicate calls jotted without brackets ("SUCC n1 n0"), requests
that ask to set a problem up ("Set up the following task. Put both robots in roomb …"), init
cues anywhere in a goal-first request ("Bob is in the shed right now"), a subject made only of
object names before a goal cue ("Both nuts, nut1 and nut2, must …") and antonyms of a
predicate's name ("spanner2 is broken" for ``useable``). Domains and wordings written for
these tests."""

from __future__ import annotations

import pytest

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts import read_world
from planetarium_plugin.alignment.facts.naming import bare_calls
from planetarium_plugin.alignment.facts.sections import sections
from planetarium_plugin.alignment.facts.vocabulary import antonym_denies

TOWER = """(define (domain tower)
  (:requirements :strips :typing)
  (:types level cell)
  (:predicates (height ?c - cell ?l - level) (robot-at ?c - cell)
               (SUCC ?a - level ?b - level) (ADJ ?a - cell ?b - cell))
  (:action step
    :parameters (?a ?b - cell)
    :precondition (and (robot-at ?a) (ADJ ?a ?b))
    :effect (and (robot-at ?b) (not (robot-at ?a)))))"""

TOOLS = """(define (domain tools)
  (:requirements :strips :typing)
  (:types worker place tool bolt)
  (:predicates (at ?w - worker ?p - place) (lies ?t - tool ?p - place) (useable ?t - tool)
               (loose ?b - bolt) (tightened ?b - bolt) (path ?a - place ?b - place))
  (:action walk
    :parameters (?w - worker ?a ?b - place)
    :precondition (and (at ?w ?a) (path ?a ?b))
    :effect (and (at ?w ?b) (not (at ?w ?a))))
  (:action tighten
    :parameters (?w - worker ?t - tool ?b - bolt ?p - place)
    :precondition (and (at ?w ?p) (lies ?t ?p) (useable ?t) (loose ?b))
    :effect (and (tightened ?b) (not (loose ?b)) (not (useable ?t)))))"""


def _tower(init: str, goal: str) -> str:
    return (
        "(define (problem p) (:domain tower) (:objects n0 n1 n2 - level c1 c2 - cell)"
        f" (:init {init}) (:goal (and {goal})))"
    )


def _tools(init: str, goal: str) -> str:
    return (
        "(define (problem p) (:domain tools) (:objects ann - worker shed yard - place"
        f" t1 t2 - tool b1 b2 - bolt) (:init {init}) (:goal (and {goal})))"
    )


@pytest.fixture(scope="module")
def tower() -> Aligner:
    return Aligner(domain=TOWER)


@pytest.fixture(scope="module")
def tools() -> Aligner:
    return Aligner(domain=TOOLS)


def test_bare_calls_read_a_name_and_exactly_its_arguments():
    w = read_world(_tower("", ""), TOWER)
    text = "Use SUCC n1 n0 and succ n2 n1. The robot is at c1; robot-at c2. ADJ c1 c2 c1."
    got = [(text[a:b], p, [o for _, _, o in args]) for a, b, p, args in bare_calls(text, w)]
    assert got == [
        ("SUCC n1 n0", "succ", ["n1", "n0"]),
        ("succ n2 n1", "succ", ["n2", "n1"]),
        ("robot-at c2", "robot-at", ["c2"]),
    ]  # "ADJ c1 c2 c1": a third object follows, so no call; "is at c1": no such predicate
    # arguments must fit the parameter types: levels are no cells
    assert bare_calls("ADJ n0 n1 and height n1 c1", w) == []


@pytest.mark.parametrize(
    "text",
    [
        "Levels: SUCC n1 n0, SUCC n2 n1. Cells c1 and c2 with ADJ c1 c2 and ADJ c2 c1. "
        "robot-at c1. Goal: height c2 n2.",
        "Start with the robot on c1 (robot-at c1), ADJ c1 c2, ADJ c2 c1, succ n1 n0 and "
        "succ n2 n1. I want height c2 n2 in the end.",
    ],
)
def test_jotted_calls_state_their_atoms(tower: Aligner, text: str):
    init = "(SUCC n1 n0) (SUCC n2 n1) (ADJ c1 c2) (ADJ c2 c1) (robot-at c1)"
    right = _tower(init, "(height c2 n2)")
    e = tower.explain(text, right)
    assert {"(succ n1 n0)", "(succ n2 n1)", "(adj c1 c2)", "(robot-at c1)"} <= {
        f.atom for f in e.init.stated
    }
    wrong = _tower(init.replace("(SUCC n2 n1)", "(SUCC n2 n0)"), "(height c2 n2)")
    w = tower.explain(text, wrong)
    assert "(succ n2 n1)" in {f.atom for f in w.init.missing_in_problem}
    assert w.similarity < e.similarity


@pytest.mark.parametrize(
    "text",
    [
        "Set up the following task. Put ann in the shed. Place t1 in the yard. "
        "The task is done when b1 is tightened.",
        "Write the problem for this: ann is at the shed. Put tool t1 in the yard. "
        "ann has to get b1 tightened.",
        "can you model this for me? ann at shed, t1 lies in the yard. i need b1 tightened pls",
    ],
)
def test_a_request_to_set_a_problem_up_states_its_init(text: str):
    secs = sections(text)
    goal = next(o for o, name in secs if name == "goal")
    assert secs[0] == (0, "init")
    assert text.index("b1") >= goal > text.index("t1")  # "Put …"/"Place …" build the init


@pytest.mark.parametrize(
    "text",
    [
        "Both bolts must end up tightened. Ann is in the shed right now. t1 lies in the yard.",
        "Goal: b1 and b2 tightened. Starting state: ann is at the shed, t1 lies in the yard.",
        "Target: b1 and b2 tightened. Current situation: ann is at the shed, t1 in the yard.",
    ],
)
def test_init_cues_in_a_goal_first_request(text: str):
    secs = sections(text)
    assert [name for _, name in secs][:2] == ["goal", "init"]
    assert secs[0] == (0, "goal") and secs[1][0] <= text.lower().index("ann")


@pytest.mark.parametrize(
    "text",
    [
        "Both bolts, b1 and b2, must end up tightened. Ann is in the shed right now; b1 and b2 "
        "are loose. t1 and t2 lie in the yard; t1 is useable but t2 is broken. There is a path "
        "from the shed to the yard.",
        "The bolts b1 and b2 have to be tightened. Currently ann is at the shed, b1 and b2 are "
        "loose, tools t1 and t2 lie in the yard, t1 is usable and t2 is damaged, and a path "
        "leads from the shed to the yard.",
    ],
)
def test_goal_first_with_a_broken_tool(tools: Aligner, text: str):
    init = (
        "(at ann shed) (loose b1) (loose b2) (lies t1 yard) (lies t2 yard) (useable t1)"
        " (path shed yard)"
    )
    right = _tools(init, "(tightened b1) (tightened b2)")
    e = tools.explain(text, right)
    assert {"(tightened b1)", "(tightened b2)"} <= {f.atom for f in e.goal.stated}
    assert not e.init.contradicted and not e.goal.missing_in_problem
    broken = _tools(init + " (useable t2)", "(tightened b1) (tightened b2)")
    b = tools.explain(text, broken)  # the problem says t2 works: the text says it does not
    assert "(useable t2)" in {f.atom for f in b.init.contradicted}
    assert b.similarity < e.similarity


def test_antonyms_deny_a_name_only_where_the_domain_has_no_word_for_them():
    w = read_world(_tools("", ""), TOOLS)
    assert antonym_denies("X is broken", "useable", w)
    assert antonym_denies("X is damaged", "useable", w)
    assert not antonym_denies("X is useable", "useable", w)
    # tools has ``loose`` itself: "X is loose" is that predicate, no denial of ``tightened``
    assert not antonym_denies("X is loose", "tightened", w)
    assert not antonym_denies("X is red", "useable", w)
