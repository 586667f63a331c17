"""The goal's edit traces in the similarity (issue 19, :mod:`.facts.penalty`): a goal fact the
problem lacks, read from the text, that shows an edit trace costs more (``traced_goal``), and an
unstated goal atom costs its full share only when it pairs with such a fact — the two halves of
one edit (``edited_goal``, :func:`.facts.penalty.edit_partner`); one with no partner (a goal
sentence the readers missed) costs :data:`.facts.penalty.UNPAIRED` of it. Problems and wordings
written for these tests."""

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
    UNPAIRED,
    WEIGHTS,
    edit_partner,
    penalty,
    similarity,
    terms,
)

INIT = SectionExplanation(problem_atoms=5)


def _goal(*unstated: str, missing=(), contradicted=(), atoms: int = 2) -> AlignmentExplanation:
    sec = SectionExplanation(
        missing_in_problem=tuple(missing),
        contradicted=tuple(contradicted),
        unstated=unstated,
        problem_atoms=atoms,
    )
    return AlignmentExplanation(INIT, sec, 0.0, False)


def _t(e: AlignmentExplanation) -> dict[str, float]:
    return dict(zip(TERMS, terms(e), strict=True))


def test_an_unstated_goal_atom_with_an_edit_partner_costs_more_than_a_missed_one():
    read = FactMatch("(on b1 b2)", "b1 on b2", 40, 48, 0.3)  # faint: below the verdict's bar
    edited = _goal("(on b1 b3)", missing=(read,))  # the problem put b1 on b3 instead
    missed = _goal("(on b4 b3)", missing=(read,))  # a goal sentence not read at all
    assert edit_partner("(on b1 b3)", edited.goal) and not edit_partner("(on b4 b3)", missed.goal)
    te, tm = _t(edited), _t(missed)
    assert te["unstated_goal"] == tm["unstated_goal"] == 0.5
    assert te["edited_goal"] == 0.5 and tm["edited_goal"] == 0.0
    assert similarity(edited) < similarity(missed) < 1.0
    # the unstated share costs UNPAIRED of a paired one's when it has no partner
    unstated = dict(zip(TERMS, WEIGHTS, strict=True))
    one = unstated["unstated_goal"] + unstated["edited_goal"]
    assert abs(unstated["unstated_goal"] - UNPAIRED * one) < 1e-12


def test_a_goal_conflict_with_an_edit_trace_is_a_term_of_its_own():
    read = FactMatch("(on b1 b2)", "b1 on b2", 40, 48, 0.8)
    traced = _t(_goal("(on b1 b3)", missing=(read,)))
    assert traced["traced_goal"] == 0.8
    assert _t(_goal("(clear b3)", missing=(read,)))["traced_goal"] == 0.0  # no trace
    denied = FactMatch("(on b1 b3)", "b1 not on b3", 40, 52, 0.8, True)
    assert _t(_goal("(on b1 b2)", contradicted=(denied,)))["traced_goal"] == 0.0
    implied = FactMatch("(on b1 b2)", "b1 on b2", 40, 48, 0.8, kind="implied")
    assert _t(_goal("(on b1 b3)", missing=(implied,)))["traced_goal"] == 0.0
    # a list read as several facts leaves a reading of the same words: a trace, not the problem's
    words = FactMatch("(on b1 b3)", "b1 on b2", 40, 48, 0.2)
    listed = AlignmentExplanation(
        INIT, SectionExplanation((words,), missing_in_problem=(read,), problem_atoms=2), 0.0, False
    )
    t = _t(listed)
    assert t["traced_goal"] == 0.0 and t["worst_edit"] == 0.8
    init = SectionExplanation(missing_in_problem=(read,), unstated=("(on b1 b3)",), problem_atoms=5)
    e = AlignmentExplanation(init, SectionExplanation(problem_atoms=2), 0.0, False)
    assert _t(e)["traced_goal"] == 0.0  # the init's traces are many: its conflicts keep theirs


def test_the_tolerated_reading_leaves_its_partner_and_trace_out():
    read = FactMatch("(on b1 b2)", "b1 on b2", 40, 48, 0.7)
    e = _goal("(on b1 b3)", missing=(read,))
    t = dict(zip(TERMS, terms(e, without=read), strict=True))
    assert t["traced_goal"] == t["edited_goal"] == 0.0 and t["unstated_goal"] == 0.5
    assert penalty(e, without=read) < penalty(e)


PROBLEM = """(define (problem p) (:domain blocksworld) (:objects b1 b2 b3)
 (:init (arm-empty) (on-table b1) (on-table b2) (on-table b3) (clear b1) (clear b2) (clear b3))
 (:goal (and (on b1 b2) (on b2 b3))))"""
TEXT = (
    "Three blocks, b1, b2 and b3, stand on the table and the hand is empty. "
    "Your goal is to have b1 on b2 and b2 on b3."
)


def test_a_goal_edit_of_a_real_pair_shows_both_halves():
    al = Aligner()
    right = al.explain(TEXT, PROBLEM)
    wrong = al.explain(TEXT, PROBLEM.replace("(on b2 b3)", "(on b2 b1)"))
    t = _t(wrong)
    assert t["traced_goal"] >= 0.5 and t["edited_goal"] > 0.0, wrong
    assert wrong.similarity < right.similarity
    half = al.explain(TEXT.replace(" and b2 on b3", ""), PROBLEM)  # the text leaves one out
    th = _t(half)
    assert th["unstated_goal"] == 0.5 and th["edited_goal"] == 0.0
    assert wrong.similarity < half.similarity


_atom = ATOMS


@settings(max_examples=150, deadline=None)
@given(_atom, _atom, st.permutations(OBJECTS))
def test_renaming_objects_consistently_keeps_the_partner(atom, unstated, perm):
    rename = renamer(perm)

    before = _goal(unstated, missing=(FactMatch(atom, "x", 0, 1, 0.9),))
    after = _goal(rename(unstated), missing=(FactMatch(rename(atom), "x", 0, 1, 0.9),))
    assert edit_partner(unstated, before.goal) == edit_partner(rename(unstated), after.goal)
    assert terms(before) == terms(after)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.tuples(_atom, st.floats(0.0, 1.0)), max_size=3),
    st.lists(_atom, max_size=3),
    st.tuples(_atom, st.floats(0.0, 1.0)),
    _atom,
)
def test_a_goal_fact_or_an_unstated_atom_more_never_raises_the_similarity(
    facts, unstated, extra, more
):
    def e(fs, un) -> AlignmentExplanation:
        return _goal(*un, missing=[FactMatch(a, "x", 0, 1, c) for a, c in fs], atoms=6)

    base = e(facts, unstated)
    t = _t(base)
    assert 0.0 <= t["edited_goal"] <= t["unstated_goal"] + 1e-12
    assert t["traced_goal"] <= t["worst_edit"] + 1e-12
    assert similarity(e([*facts, extra], unstated)) <= similarity(base)
    assert similarity(e(facts, [*unstated, more])) <= similarity(base)
