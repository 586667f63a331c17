"""The similarity as weighted terms of the explanation (issue 19, :mod:`.facts.penalty`): the
terms read back the similarity :func:`.explain.compare` gave, and with any non-negative weights
more or more confident conflicts and more unstated atoms never raise the similarity. Problems
and wordings written for these tests."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts.explain import (
    AlignmentExplanation,
    FactMatch,
    SectionExplanation,
)
from planetarium_plugin.alignment.facts.penalty import (
    HAND_WEIGHTS,
    TERMS,
    WEIGHTS,
    penalty,
    similarity,
    terms,
)

PROBLEM = """(define (problem p) (:domain blocksworld) (:objects b1 b2 b3)
 (:init (arm-empty) (on-table b1) (on-table b2) (on-table b3) (clear b1) (clear b2) (clear b3))
 (:goal (and (on b1 b2) (on b2 b3))))"""
WORDINGS = (
    "You have 3 blocks, b1, b2 and b3, each on the table, and your arm is empty. Your goal is "
    "to have b1 on b2 and b2 on b3.",
    "Blocks b1, b2 and b3 all rest on the table; the hand holds nothing. Stack them so that b1 "
    "sits on b2 and b2 sits on b3.",
    "b1 is on b3 and b2 is on the table. Your goal is to have b1 on b2.",  # a conflict
    "There are 4 blocks on the table. The goal is b1 on b2 and b2 on b3.",  # an object conflict
)


def test_terms_read_back_the_similarity_of_real_explanations():
    al = Aligner()
    for text in WORDINGS:
        e = al.explain(text, PROBLEM)
        assert abs(similarity(e) - e.similarity) <= 2e-6, (text, e.similarity, terms(e))


def test_a_conflict_and_an_unstated_goal_atom_are_terms_of_their_kind():
    e = Aligner().explain(WORDINGS[2], PROBLEM)
    t = dict(zip(TERMS, terms(e), strict=True))
    kinds = ("worst_init", "worst_goal", "worst_implied", "worst_object")
    assert t["worst"] > 0 and t["worst"] == max(t[k] for k in kinds)
    assert t["unstated_goal"] == 0.5  # (on b2 b3) is never stated
    assert similarity(e) < similarity(Aligner().explain(WORDINGS[0], PROBLEM))


def test_the_tolerated_reading_is_left_out_of_the_penalty():
    f = FactMatch("(holding b3)", "b3 rests on the ground", 0, 22, 0.7)
    e = AlignmentExplanation(
        SectionExplanation(missing_in_problem=(f,), problem_atoms=4),
        SectionExplanation(problem_atoms=1),
        0.0,
        False,
    )
    assert penalty(e, HAND_WEIGHTS) == 2.0 * 0.7
    assert penalty(e, HAND_WEIGHTS, without=f) == 0.0


_conf = st.floats(0.0, 1.0)
_kind = st.sampled_from(("init", "goal", "implied", "object"))
_fact = st.tuples(_kind, _conf)


def _explanation(facts, unstated_init: int, unstated_goal: int) -> AlignmentExplanation:
    def fm(i: int, c: float, kind: str = "text") -> FactMatch:
        return FactMatch(f"(p o{i})", "x", 0, 1, c, kind=kind)

    init = [fm(i, c, "implied" if k == "implied" else "text") for i, (k, c) in enumerate(facts)
            if k in ("init", "implied")]  # fmt: skip
    goal = [fm(i, c) for i, (k, c) in enumerate(facts) if k == "goal"]
    objects = tuple(fm(i, c, "object") for i, (k, c) in enumerate(facts) if k == "object")
    return AlignmentExplanation(
        SectionExplanation(missing_in_problem=tuple(init), unstated=("(q)",) * unstated_init,
                           problem_atoms=6),  # fmt: skip
        SectionExplanation(missing_in_problem=tuple(goal), unstated=("(r)",) * unstated_goal,
                           problem_atoms=4),  # fmt: skip
        0.0,
        False,
        objects=objects,
    )


_weights = st.one_of(
    st.just(HAND_WEIGHTS),
    st.just(WEIGHTS),
    st.lists(st.floats(0.0, 10.0), min_size=len(TERMS), max_size=len(TERMS)).map(tuple),
)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(_fact, max_size=5),
    _fact,
    st.integers(0, 5),
    st.integers(0, 3),
    _weights,
)
def test_more_conflicts_or_unstated_atoms_never_raise_the_similarity(facts, extra, ui, ug, w):
    base = similarity(_explanation(facts, ui, ug), w)
    assert similarity(_explanation([*facts, extra], ui, ug), w) <= base
    assert similarity(_explanation(facts, ui + 1, ug), w) <= base
    assert similarity(_explanation(facts, ui, ug + 1), w) <= base
    if facts:  # a more confident conflict
        k, c = facts[0]
        louder = [(k, min(1.0, c + 0.2)), *facts[1:]]
        assert similarity(_explanation(louder, ui, ug), w) <= base


def test_weights_are_non_negative_and_name_every_term():
    for w in (HAND_WEIGHTS, WEIGHTS):
        assert len(w) == len(TERMS) and min(w) >= 0.0


def test_an_unreadable_problem_costs_its_weight():
    e = AlignmentExplanation(SectionExplanation(), SectionExplanation(), 0.0, False, readable=False)
    assert dict(zip(TERMS, terms(e), strict=True))["unreadable"] == 1.0
    assert similarity(e, HAND_WEIGHTS) < similarity(dataclasses.replace(e, readable=True))
