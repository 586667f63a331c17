"""Init facts no reader reads, whose objects the text names together (issue 19, one-fact init
edits: :mod:`planetarium_plugin.alignment.facts.apart`): a problem that moves one object of
such a fact to another (a gripper to the other robot, a visibility to the wrong waypoint)
relates objects the text never names together (or names with another object of the
same kind between them), scores lower than the right problem, and the
explanation names the edited atom. Domains and wordings written for these tests."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts import read_world
from planetarium_plugin.alignment.facts.apart import apart, kinds
from planetarium_plugin.alignment.facts.explain import AlignmentExplanation, SectionExplanation
from planetarium_plugin.alignment.facts.penalty import HAND_WEIGHTS, TERMS, WEIGHTS, similarity
from planetarium_plugin.alignment.facts.reading import Reading

ROBOTS = """(define (domain robots)
  (:requirements :strips :typing)
  (:types robot gripper)
  (:predicates (free ?r - robot ?g - gripper) (busy ?r - robot))
  (:action rest :parameters (?r - robot ?g - gripper) :precondition (free ?r ?g)
    :effect (busy ?r)))"""

KITCHEN = """(define (domain kitchen)
  (:requirements :strips :typing)
  (:types dish item cook)
  (:predicates (ingredient ?d - dish ?i - item) (stocked ?i - item) (served ?d - dish)
               (assigned ?c - cook ?d - dish))
  (:action cook
    :parameters (?c - cook ?d - dish ?i - item)
    :precondition (and (ingredient ?d ?i) (stocked ?i) (assigned ?c ?d))
    :effect (served ?d)))"""

SCOUT = """(define (domain scout)
  (:requirements :strips :typing)
  (:types rover waypoint)
  (:predicates (at ?r - rover ?w - waypoint) (sees ?a - waypoint ?b - waypoint)
               (surveyed ?w - waypoint))
  (:action survey
    :parameters (?r - rover ?a - waypoint ?b - waypoint)
    :precondition (and (at ?r ?a) (sees ?a ?b))
    :effect (surveyed ?b)))"""


def _robots(free: str) -> str:
    return f"""(define (problem two) (:domain robots)
  (:objects robot1 robot2 - robot g1 g2 g3 g4 - gripper)
  (:init (free robot1 g1) (free robot1 g2) (free robot2 g3) {free})
  (:goal (and (busy robot1))))"""


def _kitchen(part: str) -> str:
    return f"""(define (problem dinner) (:domain kitchen)
  (:objects soup pie - dish onion leek apple flour - item ann bob - cook)
  (:init (ingredient soup onion) (ingredient soup leek) (ingredient pie apple) {part}
         (stocked onion) (stocked leek) (stocked apple) (stocked flour)
         (assigned ann soup) (assigned bob pie))
  (:goal (and (served soup) (served pie))))"""


def _scout(sees: str) -> str:
    return f"""(define (problem hills) (:domain scout)
  (:objects r - rover w1 w2 w3 w4 - waypoint)
  (:init (at r w1) (sees w1 w2) (sees w2 w3) {sees})
  (:goal (and (surveyed w4))))"""


KITCHEN_TEXTS = (
    "We stock onion, leek, apple and flour. Recipes: soup (onion + leek), pie (apple + "
    "flour). Ann is on soup, Bob on pie. Please get both dishes served.",
    "The soup takes onion and leek while the pie takes apple and flour. Everything is in "
    "stock. ann makes soup, bob makes pie. Goal: soup served, pie served.",
)
SCOUT_TEXTS = (
    "The rover r starts at w1. Lines of sight run one way along the ridge: w1-w2, w2-w3, "
    "w3-w4. Your task is to survey w4.",
    "r is parked at w1.\nVisibility (one way): w1 to w2, then w2 to w3, then w3 to w4.\n"
    "Goal: w4 surveyed.",
)


@pytest.mark.parametrize(
    ("domain", "text", "right", "wrong"),
    [
        *(
            (KITCHEN, t, _kitchen("(ingredient pie flour)"), "(ingredient soup flour)")
            for t in KITCHEN_TEXTS
        ),
        *((SCOUT, t, _scout("(sees w3 w4)"), "(sees w2 w4)") for t in SCOUT_TEXTS),
    ],
)
def test_a_moved_object_of_an_unread_init_fact_lowers_the_score(domain, text, right, wrong):
    al = Aligner(domain=domain)
    bad = _kitchen(wrong) if domain is KITCHEN else _scout(wrong)
    good, worse = al.explain(text, right), al.explain(text, bad)
    assert wrong in worse.init.apart  # the explanation names the edited fact
    assert not set(good.init.apart) & {wrong}
    assert len(worse.init.apart) > len(good.init.apart)
    assert worse.similarity < good.similarity


@pytest.mark.parametrize("text", KITCHEN_TEXTS)
def test_renaming_objects_consistently_keeps_apart_the_same(text):
    """The reading depends on where the text names objects, never on their names."""
    names = {"flour": "rye", "leek": "kale"}
    wrong = _kitchen("(ingredient soup flour)")
    pddl, moved = wrong, text
    for old, new in names.items():
        pddl = pddl.replace(old, new)
        moved = moved.replace(old, new)
    al = Aligner(domain=KITCHEN)
    before = al.explain(text, wrong)
    after = al.explain(moved, pddl)
    assert after.similarity == pytest.approx(before.similarity, abs=1e-6)
    assert len(after.init.apart) == len(before.init.apart) == 1


def test_another_of_the_same_kind_between_two_mentions_keeps_them_apart():
    w = read_world(_robots("(free robot2 g4)"), ROBOTS)
    said = Reading.of("robot1 has g1 and g2, robot2 has g3 and g4.", w)
    atoms = ("(free robot1 g1)", "(free robot1 g2)", "(free robot2 g4)", "(free robot1 g4)")
    assert apart(said, atoms, kinds(w)) == ("(free robot1 g4)",)


def test_goal_sentences_and_one_object_atoms_never_join_objects():
    w = read_world(_scout("(sees w3 w4)"), SCOUT)
    said = Reading.of("r is at w1; w1 sees w2. Goal: w3 sees w4 and w4 surveyed.", w)
    assert apart(said, ("(sees w1 w2)", "(sees w3 w4)", "(surveyed w4)")) == ("(sees w3 w4)",)


def test_an_object_twice_in_an_atom_must_be_named_twice():
    w = read_world(_scout("(sees w3 w4)"), SCOUT)
    said = Reading.of("From w1 you see w2, from w2 you see w3.", w)
    assert apart(said, ("(sees w2 w2)", "(sees w3 w3)")) == ("(sees w3 w3)",)


@settings(max_examples=100, deadline=None)
@given(
    st.integers(0, 6),
    st.integers(0, 6),
    st.one_of(
        st.just(HAND_WEIGHTS),
        st.just(WEIGHTS),
        st.lists(st.floats(0.0, 10.0), min_size=len(TERMS), max_size=len(TERMS)).map(tuple),
    ),
)
def test_more_apart_atoms_never_raise_the_similarity(unstated, far, w):
    far = min(far, unstated)
    init = SectionExplanation(
        unstated=tuple(f"(p o{i} x)" for i in range(unstated)),
        problem_atoms=8,
        apart=tuple(f"(p o{i} x)" for i in range(far)),
    )
    e = AlignmentExplanation(init, SectionExplanation(problem_atoms=1), 0.0, False)
    more = dataclasses.replace(init, apart=(*init.apart, "(p y x)"))
    assert similarity(dataclasses.replace(e, init=more), w) <= similarity(e, w)
