"""A back-reference after a layout told as a sequence is a fact of its own (issue 19,
``aligninit2``): "positions p1..p4 in a row. All four at height n0." — the sequence reader
replaces the clauses that misread the sequence's own words, and must not drop the later
clause whose "all four" carries the sequence's place. Domains, problems and wordings written
for these tests; each test fails without the rule."""

from __future__ import annotations

import pytest

from planetarium_plugin.alignment import Aligner

BUILD = """(define (domain build) (:requirements :strips :typing) (:types spot level)
  (:predicates (next ?a - spot ?b - spot) (height ?s - spot ?l - level) (at ?s - spot)
               (succ ?a - level ?b - level))
  (:action go :parameters (?a - spot ?b - spot) :precondition (and (at ?a) (next ?a ?b))
    :effect (and (at ?b) (not (at ?a))))
  (:action raise :parameters (?s - spot ?a - level ?b - level)
    :precondition (and (height ?s ?a) (succ ?b ?a))
    :effect (and (height ?s ?b) (not (height ?s ?a)))))"""

CLEAN = """(define (domain clean) (:requirements :strips :typing) (:types cell)
  (:predicates (adj ?a - cell ?b - cell) (dirty ?c - cell) (bot-at ?c - cell))
  (:action go :parameters (?a - cell ?b - cell) :precondition (and (bot-at ?a) (adj ?a ?b))
    :effect (and (bot-at ?b) (not (bot-at ?a))))
  (:action wipe :parameters (?c - cell) :precondition (and (bot-at ?c) (dirty ?c))
    :effect (not (dirty ?c))))"""


def _build(last: str = "n0") -> str:
    return (
        "(define (problem p) (:domain build) (:objects s1 s2 s3 s4 - spot n0 n1 - level) "
        "(:init (next s1 s2) (next s2 s1) (next s2 s3) (next s3 s2) (next s3 s4) (next s4 s3) "
        f"(succ n1 n0) (at s1) (height s1 n0) (height s2 n0) (height s3 n0) (height s4 {last})) "
        "(:goal (height s4 n1)))"
    )


def _clean(dirty: str = "(dirty c3)") -> str:
    return (
        "(define (problem p) (:domain clean) (:objects c1 c2 c3 - cell) "
        "(:init (adj c1 c2) (adj c2 c1) (adj c2 c3) (adj c3 c2) (bot-at c1) "
        f"(dirty c1) (dirty c2) {dirty}) (:goal (bot-at c3)))"
    )


def _atoms(facts) -> set[str]:
    return {f.atom for f in facts}


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner(domain=BUILD)


@pytest.mark.parametrize(
    "text",
    [
        "Spots s1..s4 in a row. All four at height n0. Levels: n0 < n1. We start at s1. "
        "Goal: s4 at height n1.",
        "Spots s1 to s4 lie in a row. All four are at height n0. n1 is one above n0. The "
        "builder stands on s1. Raise s4 to height n1.",
        "The spots s1, s2, s3 and s4 form a corridor. All four of them are at height n0. n1 is "
        "one above n0. The builder stands on s1. Raise s4 to height n1.",
    ],
)
def test_all_four_after_a_sequence_states_each_height(aligner, text):
    right = aligner.explain(text, _build())
    assert _atoms(right.init.stated) >= {f"(height s{i} n0)" for i in range(1, 5)}
    assert not right.init.contradicted and not right.init.missing_in_problem
    wrong = aligner.explain(text, _build("n1"))
    assert "(height s4 n0)" in _atoms(wrong.init.missing_in_problem)
    assert not wrong.aligned and wrong.similarity < right.similarity


@pytest.mark.parametrize(
    "text",
    [
        "Cells c1 to c3 form a corridor. All three are dirty and the robot is in c1. "
        "Goal: the robot in c3.",
        "The cells c1, c2 and c3 lie in a line. All three of them are dirty. The robot starts "
        "at c1; drive it to c3.",
    ],
)
def test_all_three_after_a_sequence_states_each_fact(text):
    al = Aligner(domain=CLEAN)
    right = al.explain(text, _clean())
    assert _atoms(right.init.stated) >= {"(dirty c1)", "(dirty c2)", "(dirty c3)"}
    assert not right.init.missing_in_problem
    wrong = al.explain(text, _clean(""))
    assert "(dirty c3)" in _atoms(wrong.init.missing_in_problem)
    assert wrong.similarity < right.similarity


@pytest.mark.parametrize(
    "text",
    [
        "Cells c1 to c3, where each cell opens onto the next one and back. The robot is in c1 "
        "and all three are dirty. Goal: the robot in c3.",
        "The cells c1, c2 and c3 are laid out so that every cell leads into its next "
        "neighbour, both ways. c1, c2 and c3 are all dirty and the robot is in c1. Goal: the "
        "robot in c3.",
    ],
)
def test_each_one_and_the_next_orders_a_list(text):
    """ "each cell opens onto the next one" says the list is a sequence: its links are read,
    and the words that said so are no fact of their own (not "c1 … dirty")."""
    al = Aligner(domain=CLEAN)
    right = al.explain(text, _clean())
    links = {"(adj c1 c2)", "(adj c2 c1)", "(adj c2 c3)", "(adj c3 c2)"}
    assert _atoms(right.init.stated) >= links
    assert not right.init.missing_in_problem and not right.init.contradicted
    swapped = "(adj c1 c3) (adj c3 c1) (adj c3 c2) (adj c2 c3)"  # c1-c3-c2, not c1-c2-c3
    wrong = al.explain(text, _clean().replace(" ".join(sorted(links)), swapped))
    assert "(adj c1 c2)" in _atoms(wrong.init.missing_in_problem)
    assert wrong.similarity < right.similarity


def test_each_spot_and_the_next_in_another_domain(aligner):
    text = ("Spots s1 to s4: each spot borders the next, both ways. All four are at height n0, "
            "n1 is one above n0 and we start at s1. Goal: s4 at height n1.")
    right = aligner.explain(text, _build())
    assert _atoms(right.init.stated) >= {"(next s1 s2)", "(next s3 s4)", "(next s4 s3)"}
    wrong = aligner.explain(text, _build().replace("(next s4 s3)", "(next s4 s1)"))
    assert "(next s4 s3)" in _atoms(wrong.init.missing_in_problem)
    assert wrong.similarity < right.similarity
