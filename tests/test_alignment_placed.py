"""A clause that places its object on a named thing is no reading of a predicate whose name
and wording say no place (issue 19): "b3 and b2 rest on the ground" is ``on-table``, not
``holding``, in the blocksworld pack and in a domain file whose ``ontable`` is one word; each
wording with a wrong problem of one changed fact, still rejected and named. A domain that
names the place itself (``on-floor``) keeps its reading (a control: it passes without the
rule too)."""

from __future__ import annotations

import pytest

from planetarium_plugin.alignment import Aligner

BW = (
    "(define (problem p) (:domain blocksworld) (:objects b1 b2 b3) (:init (arm-empty) "
    "(on b1 b3) (on-table b3) (on-table b2) (clear b1) (clear b2)) (:goal (and (on b2 b1))))"
)
BW_WRONG = BW.replace("(on-table b2)", "(holding b2)")

BW4_DOMAIN = """(define (domain bw4) (:requirements :strips)
  (:predicates (ontable ?x) (holding ?x) (clear ?x) (on ?x ?y) (handempty))
  (:action pickup :parameters (?x) :precondition (and (clear ?x) (ontable ?x) (handempty))
    :effect (and (holding ?x) (not (ontable ?x)) (not (clear ?x)) (not (handempty))))
  (:action putdown :parameters (?x) :precondition (holding ?x)
    :effect (and (ontable ?x) (clear ?x) (handempty) (not (holding ?x))))
  (:action stack :parameters (?x ?y) :precondition (and (holding ?x) (clear ?y))
    :effect (and (on ?x ?y) (clear ?x) (handempty) (not (holding ?x)) (not (clear ?y)))))"""
BW4 = (
    "(define (problem p) (:domain bw4) (:objects b1 b2 b3) (:init (handempty) (on b1 b3) "
    "(ontable b3) (ontable b2) (clear b1) (clear b2)) (:goal (and (on b2 b1))))"
)
BW4_WRONG = BW4.replace("(ontable b2)", "(holding b2)")

DOMAIN = """(define (domain crates)
  (:requirements :strips)
  (:predicates (on-floor ?c) (lifted ?c) (clear ?c) (on ?c ?d) (forklift-free))
  (:action lift :parameters (?c) :precondition (and (on-floor ?c) (clear ?c) (forklift-free))
    :effect (and (lifted ?c) (not (on-floor ?c)) (not (forklift-free))))
  (:action drop :parameters (?c) :precondition (lifted ?c)
    :effect (and (on-floor ?c) (forklift-free) (not (lifted ?c)))))"""
CR = (
    "(define (problem q) (:domain crates) (:objects c1 c2) (:init (forklift-free) "
    "(on-floor c1) (on-floor c2) (clear c1) (clear c2)) (:goal (and (lifted c2))))"
)
CR_WRONG = CR.replace("(on-floor c2)", "(lifted c2)")


@pytest.mark.parametrize(
    "text",
    [
        "b1 is stacked upon b3, b3 and b2 rest on the ground, nothing is grasped. "
        "Have b2 placed over b1.",
        "Block b1 sits on top of b3. b3 rests on the ground and so does b2; the hand is "
        "empty. I want b2 on b1.",
    ],
)
def test_a_place_is_no_reading_of_a_state_without_one_blocksworld(text: str):
    a = Aligner(domain="blocksworld")
    right = a.explain(text, BW)
    assert right.aligned and right.similarity > 0.8, right
    assert not any("holding" in m.atom for m in right.init.missing_in_problem)
    wrong = a.explain(text, BW_WRONG)
    assert wrong.similarity < right.similarity
    assert not wrong.aligned or wrong.similarity < 0.5


@pytest.mark.parametrize(
    "text",
    [
        "b1 is stacked upon b3, b3 and b2 rest on the ground, nothing is grasped. Goal: b2 on b1.",
        "Block b1 sits on top of b3. b3 rests on the ground and so does b2; the hand is "
        "empty. The goal is b2 on b1.",
    ],
)
def test_a_place_is_no_reading_of_a_state_without_one_domain_file(text: str):
    """A domain file's one-word ``ontable`` is worded with its place; ``holding`` is not."""
    a = Aligner(domain=BW4_DOMAIN)
    right = a.explain(text, BW4)
    assert right.aligned and right.similarity > 0.8, right
    assert not any("holding" in m.atom for m in right.init.missing_in_problem)
    assert {"(ontable b2)", "(ontable b3)"} <= {m.atom for m in right.init.stated}
    wrong = a.explain(text, BW4_WRONG)
    assert wrong.similarity < right.similarity
    assert not wrong.aligned or wrong.similarity < 0.5
    assert "(holding b2)" in repr(wrong)  # named: a conflict or the note on it


@pytest.mark.parametrize(
    "text",
    [
        "The forklift is free. Crates c1 and c2 rest on the ground, both clear. Goal: c2 lifted.",
        "c1 is lying on the ground, c2 is lying on the ground too; nothing is on either and "
        "the forklift is free. Get c2 lifted.",
    ],
)
def test_a_domain_that_names_the_place_keeps_its_reading(text: str):
    a = Aligner(domain=DOMAIN)
    right = a.explain(text, CR)
    assert right.aligned and right.similarity > 0.8, right
    wrong = a.explain(text, CR_WRONG)
    assert wrong.similarity < right.similarity
    assert not wrong.aligned or wrong.similarity < 0.5
