"""A participle after a form of "be" is the clause's own verb (issue 19, ``alignread16``): "When I
unboxed it in the hall its left gripper was already clutching ball3" names a place and a gripper
before the participle, so the reader cut "clutching ball3" off as a phrase of its own said of
the place clause's subject ("r1 stands on t2 holding white") and read ``at ball3 hall``. "was
(already) clutching" is a progressive verb: the clause stays whole. Wordings written for these
tests in two domains; a wrong problem that moves the held object is still rejected and named."""

from __future__ import annotations

import pytest

from planetarium_plugin.alignment import Aligner

PAINT = """(define (domain paint)
  (:requirements :strips :typing)
  (:types robot tile colour)
  (:predicates (robot-at ?r - robot ?t - tile)        ; robot ?r stands on tile ?t
               (robot-has ?r - robot ?c - colour)     ; robot ?r holds paint of colour ?c
               (painted ?t - tile ?c - colour))       ; tile ?t is painted in colour ?c
  (:action paint
    :parameters (?r - robot ?t - tile ?c - colour)
    :precondition (and (robot-at ?r ?t) (robot-has ?r ?c))
    :effect (painted ?t ?c)))"""


def _gripper(held: str) -> str:
    return (
        "(define (problem g) (:domain gripper) (:objects hall kitchen ball1 ball2 left right) "
        "(:init (room hall) (room kitchen) (ball ball1) (ball ball2) (gripper left) "
        f"(gripper right) (at-robby hall) {held} (at ball2 kitchen) (free right)) "
        "(:goal (and (at ball1 kitchen) (at ball2 hall))))"
    )


def _paint(colour: str) -> str:
    return (
        "(define (problem p) (:domain paint) (:objects r1 - robot t1 t2 - tile "
        f"white black - colour) (:init (robot-at r1 t1) (robot-has r1 {colour})) "
        "(:goal (and (painted t1 black))))"
    )


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner()


@pytest.mark.parametrize(
    "text",
    [
        "When I switched it on in the hall its left gripper was already clutching ball1, and "
        "the right one was free. ball2 is in the kitchen. Goal: ball1 in the kitchen and ball2 "
        "in the hall.",
        "In the hall the robot's left gripper is now holding ball1 and its right one is free; "
        "ball2 lies in the kitchen. I want ball1 in the kitchen and ball2 in the hall.",
    ],
)
def test_a_progressive_participle_stays_the_clause_verb(aligner, text):
    exp = aligner.explain(text, _gripper("(carry ball1 left)"))
    assert "(carry ball1 left)" in {f.atom for f in exp.init.stated}
    assert "(at ball1 hall)" not in {f.atom for f in exp.conflicts() if f.confidence >= 0.5}
    assert exp.aligned
    # a problem whose ball1 lies in the hall instead contradicts the text, and names it
    bad = aligner.explain(text, _gripper("(at ball1 hall) (free left)"))
    assert "(carry ball1 left)" in {f.atom for f in bad.conflicts()}
    assert not bad.aligned


@pytest.mark.parametrize(
    "text",
    [
        "On t1 the robot r1 is already holding white paint. Goal: t1 painted black.",
        "On tile t1, where it stopped, r1 was still carrying the white paint. Paint t1 black.",
    ],
)
def test_a_progressive_participle_in_a_second_domain(aligner, text):
    exp = aligner.explain(text, _paint("white"), PAINT)
    assert "(robot-has r1 white)" in {f.atom for f in exp.init.stated}
    assert exp.aligned
    bad = aligner.explain(text, _paint("black"), PAINT)
    assert "(robot-has r1 white)" in {f.atom for f in bad.conflicts()}
    assert not bad.aligned
