"""The verdict as one frozen policy (issue 19): its parts (CONFIDENT, the goal-stated bar, the
threshold source) and the rule "one doubtful reading tolerated" — a single conflict below
``sure`` with no sign of a one-fact edit, in a text otherwise read well, does not reject;
a confidently contradicted or missing fact, and a one-fact wrong problem, still do. Wordings
are our own.
"""

from __future__ import annotations

import dataclasses

import pytest

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts.explain import (
    AlignmentExplanation,
    FactMatch,
    SectionExplanation,
)
from planetarium_plugin.alignment.facts.verdict import DEFAULT_POLICY, VerdictPolicy

TOLERANT = VerdictPolicy(sure=0.9)

FLOOR = """(define (problem p) (:domain floor-tile) (:requirements :typing)
  (:objects t1 t2 t3 t4 - tile r1 - robot black white - color)
  (:init (right t2 t1) (up t3 t1) (up t4 t2) (right t4 t3) (robot-at r1 t1) (robot-has r1 black)
         (available-color black) (available-color white))
  (:goal (and (painted t3 black) (painted t4 white))))"""
#: one goal fact changed, one init fact changed: each must still be rejected
GOAL_EDIT = FLOOR.replace("(painted t4 white)", "(painted t4 black)")
INIT_EDIT = FLOOR.replace("(robot-at r1 t1)", "(robot-at r1 t2)")

#: "The floor to be done" opens the text as the goal: the robot's place ("is stood on t1")
#: is read as a goal fact the problem's goal lacks — a misreading, not an edit (the init
#: has that very fact, and the goal no atom of its predicate).
MISREAD = [
    "The floor to be done is a row of two tiles, t1 and t2 (t2 to the right of t1), with a "
    "second row to the north of it: t3 above t1 and t4 above t2, t4 being right of t3. The "
    "robot, r1, is stood on t1 with the black paint; black and white are the colours on "
    "offer. Please colour t3 black and t4 white.",
    "Floor to be done: two rows of tiles; t2 is to the right of t1, t3 is above t1, t4 is "
    "above t2 and t4 is right of t3. The robot, r1, is stood on t1 and has the black paint; "
    "black and white are on offer. Please colour t3 black and t4 white.",
]


@pytest.fixture(scope="module")
def aligners() -> tuple[Aligner, Aligner]:
    base = Aligner()
    return base, Aligner(policy=TOLERANT, encoder=base.encoder)


@pytest.mark.parametrize("text", MISREAD)
def test_one_doubtful_reading_is_tolerated(aligners, text):
    # Since :mod:`.sides`, the robot's place read in the goal is the init's own fact (the init
    # has it, the goal no atom of its predicate): no conflict is left to tolerate, and both
    # verdicts keep the right problem (the rule itself: the hand-written explanations below).
    base, tolerant = aligners
    e = base.explain(text, FLOOR)
    assert not [f for f in e.conflicts() if f.confidence >= 0.5]
    assert "(robot-at r1 t1)" in {f.atom for f in e.init.stated}
    assert e.aligned and base.score(text, FLOOR).aligned and TOLERANT.tolerated(e) is None
    got = tolerant.score(text, FLOOR)
    assert got.aligned and got.similarity == base.score(text, FLOOR).similarity  # same score


@pytest.mark.parametrize("text", MISREAD)
@pytest.mark.parametrize("wrong", [GOAL_EDIT, INIT_EDIT], ids=["goal", "init"])
def test_one_fact_wrong_problem_still_rejected(aligners, text, wrong):
    base, tolerant = aligners
    assert not tolerant.score(text, wrong).aligned
    assert not tolerant.explain(text, wrong).aligned
    assert not base.score(text, wrong).aligned


# --------------------------------------------------------------------------- the policy alone
# Explanations written by hand from the spans of a request ("b3 rests on the ground, b1 is
# on b2 ...", and a second wording), so that each condition of the rule is tested alone.

GOAL = SectionExplanation(
    stated=(FactMatch("(on b1 b2)", "b1 on b2", 60, 68, 1.0),), problem_atoms=1
)


def _fm(atom: str, span: str, conf: float, kind: str = "text") -> FactMatch:
    return FactMatch(atom, span, 0, len(span), conf, kind=kind)


def _init(*missing: FactMatch, unstated=("(on-table b3)",), stated=(), contradicted=()):
    return SectionExplanation(
        stated=stated,
        contradicted=contradicted,
        missing_in_problem=missing,
        unstated=unstated,
        problem_atoms=4,
    )


@pytest.mark.parametrize("span", ["b3 rests on the ground", "block 3 sits down on the floor"])
def test_policy_tolerates_a_misreading_with_no_edit_sign(span):
    e = AlignmentExplanation(_init(_fm("(holding b3)", span, 0.7)), GOAL, 0.25, False)
    assert not DEFAULT_POLICY.accepts(e)
    assert TOLERANT.accepts(e)
    assert TOLERANT.accepts(e, threshold=0.5)  # the bar reads the score without the doubt
    assert not dataclasses.replace(TOLERANT, sure=0.6).accepts(e)  # 0.7 is "sure" there


@pytest.mark.parametrize("span", ["b3 rests on the ground", "block 3 sits down on the floor"])
def test_policy_keeps_the_contract(span):
    doubt = _fm("(holding b3)", span, 0.7)
    cases = {
        "sure": _init(_fm("(holding b3)", span, 0.95)),
        "two loud conflicts": _init(doubt, _fm("(on b2 b1)", "b2 on b1", 0.6)),
        "a faint second conflict too loud": _init(doubt, _fm("(on b2 b1)", "b2 on b1", 0.3)),
        "contradicted": _init(contradicted=(dataclasses.replace(doubt, negated=True),)),
        "implied": _init(dataclasses.replace(doubt, kind="implied")),
        # one-fact edits: an atom of the predicate in the section (replaced), none of the
        # objects' other facts (left out)
        "replaced": _init(_fm("(on b3 b1)", span, 0.7), unstated=("(on b3 b2)",)),
        "replaced, stated": _init(
            _fm("(on b3 b1)", span, 0.7), stated=(_fm("(on b2 b4)", "b2 on b4", 1.0),)
        ),
        "left out": _init(doubt, unstated=("(on-table b1)",)),
        "init read poorly": _init(doubt, unstated=("(on-table b3)", "(clear b3)")),
    }
    for why, init in cases.items():
        e = AlignmentExplanation(init, GOAL, 0.25, False)
        assert not TOLERANT.accepts(e), why
        assert TOLERANT.tolerated(e) is None, why


def test_policy_reads_a_goal_fact_against_the_init():
    """A goal sentence read from an init fact: tolerated where the init has that very fact,
    not where the init has a changed one about the same object."""
    f = _fm("(at-robby rooma)", "the robot stays in rooma", 0.7)
    goal = SectionExplanation(
        stated=(_fm("(at ball1 roomb)", "ball1 to roomb", 1.0),), missing_in_problem=(f,),
        problem_atoms=1,
    )  # fmt: skip
    same = SectionExplanation(unstated=("(at-robby rooma)", "(at ball1 rooma)"), problem_atoms=8)
    changed = SectionExplanation(unstated=("(at-robby roomb)", "(at ball1 rooma)"), problem_atoms=8)
    assert TOLERANT.accepts(AlignmentExplanation(same, goal, 0.25, False))
    assert not TOLERANT.accepts(AlignmentExplanation(changed, goal, 0.25, False))


def test_policy_parts():
    ok = AlignmentExplanation(_init(), GOAL, 0.3, True)
    assert DEFAULT_POLICY.accepts(ok) and DEFAULT_POLICY.accepts(ok, threshold=0.3)
    assert not DEFAULT_POLICY.accepts(ok, threshold=0.31)
    assert VerdictPolicy(threshold="none").accepts(ok, threshold=0.31)
    assert not DEFAULT_POLICY.accepts(dataclasses.replace(ok, readable=False))
    half = SectionExplanation(unstated=("(on b2 b3)",), problem_atoms=2)
    assert DEFAULT_POLICY.accepts(AlignmentExplanation(_init(), half, 0.3, True))
    assert not VerdictPolicy(min_goal_stated=0.6).accepts(
        AlignmentExplanation(_init(), half, 0.3, True)
    )
    loud = AlignmentExplanation(_init(_fm("(holding b3)", "x", 0.45)), GOAL, 0.3, True)
    assert DEFAULT_POLICY.accepts(loud) and not VerdictPolicy(confident=0.4).accepts(loud)
    with pytest.raises(ValueError, match="threshold"):
        VerdictPolicy(threshold="dev")


def test_default_policy_is_the_explanations_own_verdict(aligners):
    base, tolerant = aligners
    text = "b1 is on b2, b2 and b3 are on the table, the arm is empty. Goal: b3 on b1."
    pddl = """(define (problem p) (:domain blocksworld) (:objects b1 b2 b3)
      (:init (arm-empty) (on b1 b2) (on-table b2) (on-table b3) (clear b1) (clear b3))
      (:goal (on b3 b1)))"""
    for p in (pddl, pddl.replace("(on b3 b1)", "(on b3 b2)")):
        e = base.explain(text, p)
        assert e.aligned == DEFAULT_POLICY.accepts(e) == tolerant.explain(text, p).aligned
    assert base.policy is DEFAULT_POLICY and tolerant.policy == TOLERANT
