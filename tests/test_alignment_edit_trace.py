"""A conflict weighed by the trace a one-fact edit leaves where it sits (issue 19,
:func:`.facts.penalty.edit_trace`): a fact the problem lacks, read from the text's words, costs
its full confidence when the problem keeps an atom of the same predicate about one of its
objects that the text does not state, and :data:`.facts.penalty.UNTRACED` of it otherwise (a
misreading lands where the problem has no such neighbour). Problems and wordings written for
these tests."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from problems import ATOMS, OBJECTS, renamer

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts.explain import (
    AlignmentExplanation,
    FactMatch,
    SectionExplanation,
)
from planetarium_plugin.alignment.facts.penalty import (
    TERMS,
    UNTRACED,
    WEIGHTS,
    edit_trace,
    similarity,
    terms,
)

GOAL = SectionExplanation(
    stated=(FactMatch("(on b1 b2)", "b1 on b2", 40, 48, 1.0),), problem_atoms=1
)


def _init(missing: FactMatch, *unstated: str, contradicted=()) -> AlignmentExplanation:
    sec = SectionExplanation(
        missing_in_problem=(missing,), contradicted=contradicted, unstated=unstated, problem_atoms=5
    )
    return AlignmentExplanation(sec, GOAL, 0.0, False)


def test_a_conflict_with_an_edit_trace_costs_more_than_one_without():
    read = FactMatch("(on b3 b1)", "b3 sits on b1", 0, 13, 0.9)
    edited = _init(read, "(on b3 b2)")  # the problem moved b3: an atom of b3 left unstated
    misread = _init(read, "(clear b2)")  # nothing of ``on`` about b1 or b3 in the problem
    assert edit_trace(read, edited.init) and not edit_trace(read, misread.init)
    assert similarity(edited) < similarity(misread) < 1.0
    t = dict(zip(TERMS, terms(misread), strict=True))
    assert t["worst"] == 0.9 and abs(t["worst_edit"] - 0.9 * UNTRACED) < 1e-12


def test_a_denied_atom_an_implied_fact_and_an_object_keep_their_confidence():
    denied = FactMatch("(on b3 b1)", "b3 is not on b1", 0, 15, 0.9, True)
    implied = FactMatch("(clear b1)", "b3 sits on b1", 0, 13, 0.8, kind="implied")
    for e in (
        AlignmentExplanation(
            SectionExplanation(contradicted=(denied,), problem_atoms=5), GOAL, 0.0, False
        ),
        _init(implied),
        AlignmentExplanation(
            SectionExplanation(problem_atoms=5),
            GOAL,
            0.0,
            False,
            objects=(FactMatch("(count block 4 3)", "4 blocks", 0, 8, 0.9, kind="object"),),
        ),
    ):
        t = dict(zip(TERMS, terms(e), strict=True))
        assert t["worst_edit"] == t["worst"] > 0


def test_the_same_words_read_as_the_edited_atom_are_a_trace():
    read = FactMatch("(on b3 b1)", "b3 sits on b1", 0, 13, 0.9)
    weaker = FactMatch("(on b3 b2)", "b3 sits on b1", 0, 13, 0.15)  # the problem's atom
    elsewhere = FactMatch("(on b3 b2)", "b3 on b2", 20, 28, 0.9)  # other words: no trace
    near = SectionExplanation((weaker,), missing_in_problem=(read,), problem_atoms=5)
    far = SectionExplanation((elsewhere,), missing_in_problem=(read,), problem_atoms=5)
    assert edit_trace(read, near) and not edit_trace(read, far)


PROBLEM = """(define (problem p) (:domain blocksworld) (:objects b1 b2 b3)
 (:init (arm-empty) (on-table b1) (on-table b2) (on b3 b1) (clear b3) (clear b2))
 (:goal (and (on b1 b2) (on b2 b3))))"""
TEXT = (
    "b3 sits on b1; b1 and b2 are on the table and the hand is empty. "
    "Your goal is to have b1 on b2 and b2 on b3."
)


def test_a_one_fact_edit_of_a_real_pair_keeps_its_full_cost():
    al = Aligner()
    right = al.explain(TEXT, PROBLEM)
    for wrong in (
        PROBLEM.replace("(on b1 b2)", "(on b1 b3)"),  # a goal fact changed
        PROBLEM.replace("(on b3 b1) (clear b3) (clear b2)", "(on b3 b2) (clear b3) (clear b1)"),
    ):
        e = al.explain(TEXT, wrong)
        t = dict(zip(TERMS, terms(e), strict=True))
        assert t["worst"] >= 0.5 and t["worst_edit"] == t["worst"], e
        assert e.similarity < right.similarity


_atom = ATOMS


@settings(max_examples=150, deadline=None)
@given(_atom, st.lists(_atom, max_size=4), st.permutations(OBJECTS))
def test_renaming_objects_consistently_keeps_the_trace(atom, unstated, perm):
    rename = renamer(perm)

    f = FactMatch(atom, "x", 0, 1, 0.9)
    g = FactMatch(rename(atom), "x", 0, 1, 0.9)
    before = edit_trace(f, SectionExplanation(missing_in_problem=(f,), unstated=tuple(unstated)))
    after = edit_trace(
        g, SectionExplanation(missing_in_problem=(g,), unstated=tuple(map(rename, unstated)))
    )
    assert before == after


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.tuples(_atom, st.floats(0.0, 1.0)), min_size=1, max_size=4),
    st.lists(_atom, max_size=4),
    _atom,
)
def test_the_trace_weighs_between_untraced_and_full_and_unstated_atoms_never_help(
    facts, unstated, more
):
    missing = tuple(FactMatch(a, "x", 0, 1, c) for a, c in facts)

    def explain(un: tuple[str, ...]) -> AlignmentExplanation:
        sec = SectionExplanation(missing_in_problem=missing, unstated=un, problem_atoms=8)
        return AlignmentExplanation(sec, GOAL, 0.0, False)

    e = explain(tuple(unstated))
    t = dict(zip(TERMS, terms(e), strict=True))
    assert UNTRACED * t["worst"] - 1e-12 <= t["worst_edit"] <= t["worst"] + 1e-12
    assert similarity(explain((*unstated, more)), WEIGHTS) <= similarity(e, WEIGHTS)
