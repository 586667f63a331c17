""" "cannot" is a denial (issue 19, ``alignread16``): the one word holds "not" with no word
boundary before it, so a reader that looked for ``\\bnot\\b`` read "pond and hill cannot see each
other" and "you cannot drive from a to c" as the facts they deny, and rejected the right problem.
Domains and wordings written for these tests, each construction in two wordings over two domains;
a wrong problem that holds the denied fact is still rejected and the fact named."""

from __future__ import annotations

import pytest
from problems import confident_conflicts

from planetarium_plugin.alignment import Aligner

SIGHT = """(define (domain sight)
  (:requirements :strips :typing)
  (:types rover spot)
  (:predicates (at ?r - rover ?s - spot)          ; rover ?r is at spot ?s
               (visible ?a - spot ?b - spot)      ; spot ?b can be seen from spot ?a
               (seen ?s - spot))                  ; spot ?s has been photographed
  (:action look
    :parameters (?r - rover ?a - spot ?b - spot)
    :precondition (and (at ?r ?a) (visible ?a ?b))
    :effect (seen ?b)))"""

ROADS = """(define (domain roads)
  (:requirements :strips :typing)
  (:types truck town)
  (:predicates (at ?t - truck ?c - town)          ; truck ?t is in town ?c
               (road ?a - town ?b - town))        ; one can drive from town ?a to town ?b
  (:action drive
    :parameters (?t - truck ?a - town ?b - town)
    :precondition (and (at ?t ?a) (road ?a ?b))
    :effect (and (at ?t ?b) (not (at ?t ?a)))))"""


def _sight(extra: str = "") -> str:
    return (
        "(define (problem p) (:domain sight) (:objects rv - rover home pond hill - spot) "
        "(:init (at rv home) (visible home pond) (visible pond home) (visible home hill) "
        f"(visible hill home) {extra}) (:goal (and (seen pond) (seen hill))))"
    )


def _roads(extra: str = "") -> str:
    return (
        "(define (problem p) (:domain roads) (:objects t1 - truck a b c - town) "
        f"(:init (at t1 a) (road a b) (road b a) (road b c) (road c b) {extra}) "
        "(:goal (and (at t1 c))))"
    )


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner()


@pytest.mark.parametrize(
    "text",
    [
        "The rover rv is at home. The pond and home see each other. The hill and home see each "
        "other. The pond and the hill cannot see each other. Goal: the pond and the hill "
        "photographed.",
        "rv starts at home; from home it sees the pond and the hill, and both of them see home. "
        "The pond cannot see the hill, and the hill cannot see the pond. I want the pond and the "
        "hill photographed.",
    ],
)
def test_cannot_denies_a_visibility(aligner, text):
    exp = aligner.explain(text, _sight(), SIGHT)
    assert not {"(visible pond hill)", "(visible hill pond)"} & confident_conflicts(exp)
    assert exp.aligned
    # a problem in which the pond sees the hill contradicts the denial, and names it
    bad = aligner.explain(text, _sight("(visible pond hill) (visible hill pond)"), SIGHT)
    assert {"(visible pond hill)", "(visible hill pond)"} & {f.atom for f in bad.conflicts()}
    assert not bad.aligned


@pytest.mark.parametrize(
    "text",
    [
        "Truck t1 is in town a. There are roads from a to b, from b to a, from b to c and from "
        "c to b; you cannot drive from a to c directly. Goal: t1 in c.",
        "t1 waits in a. One can drive from a to b and back, and from b to c and back, but one "
        "cannot drive from a to c. Get t1 to c.",
    ],
)
def test_cannot_denies_a_road(aligner, text):
    exp = aligner.explain(text, _roads(), ROADS)
    assert "(road a c)" not in confident_conflicts(exp)
    assert exp.aligned
    bad = aligner.explain(text, _roads("(road a c)"), ROADS)
    assert "(road a c)" in {f.atom for f in bad.conflicts()}
    assert not bad.aligned
