"""A clause said again of a new pair with its subject and verb left out (issue 19,
``aligninit2``): "r1 can drive s1->s2 and s2->s3" — the bare pair after "and" is the clause's
last two slots, its subject kept, not a fact of its own about the two objects. Domains,
problems and wordings written for these tests; each test fails without the rule."""

from __future__ import annotations

import pytest

from planetarium_plugin.alignment import Aligner

ROADS = """(define (domain roads) (:requirements :strips :typing) (:types rover spot)
  (:predicates (road ?r - rover ?a - spot ?b - spot) (at ?r - rover ?s - spot)
               (seen ?s - spot))
  (:action drive :parameters (?r - rover ?a - spot ?b - spot)
    :precondition (and (at ?r ?a) (road ?r ?a ?b))
    :effect (and (at ?r ?b) (not (at ?r ?a)) (seen ?b))))"""

SEAS = """(define (domain seas) (:requirements :strips :typing) (:types boat port)
  (:predicates (route ?b - boat ?x - port ?y - port) (docked ?b - boat ?p - port))
  (:action sail :parameters (?b - boat ?x - port ?y - port)
    :precondition (and (docked ?b ?x) (route ?b ?x ?y))
    :effect (and (docked ?b ?y) (not (docked ?b ?x)))))"""


def _roads(last: str = "(road r1 s2 s3)") -> str:
    return (
        "(define (problem p) (:domain roads) (:objects r1 - rover s1 s2 s3 - spot) "
        f"(:init (at r1 s1) (road r1 s1 s2) {last}) (:goal (seen s3)))"
    )


def _seas(last: str = "(route b1 p2 p3)") -> str:
    return (
        "(define (problem p) (:domain seas) (:objects b1 - boat p1 p2 p3 - port) "
        f"(:init (docked b1 p1) (route b1 p1 p2) {last}) (:goal (docked b1 p3)))"
    )


def _atoms(facts) -> set[str]:
    return {f.atom for f in facts}


@pytest.mark.parametrize(
    ("domain", "problem", "text", "fact", "edit"),
    [
        (ROADS, _roads, "Rover r1 is at s1. r1 can drive s1->s2 and s2->s3. Goal: s3 seen.",
         "(road r1 s2 s3)", "(road r1 s2 s1)"),
        (ROADS, _roads, "The rover r1 starts at s1; r1 has roads s1 -> s2 and s2 -> s3. Goal: "
         "s3 seen.", "(road r1 s2 s3)", "(road r1 s2 s1)"),
        (SEAS, _seas, "Boat b1 is docked at p1. b1 sails p1->p2 and p2->p3. Goal: b1 docked at "
         "p3.", "(route b1 p2 p3)", "(route b1 p3 p2)"),
        (SEAS, _seas, "b1 (a boat) lies at p1 and b1 can sail p1 -> p2 and p2 -> p3. Goal: b1 "
         "docked at p3.", "(route b1 p2 p3)", "(route b1 p3 p2)"),
    ],
)
def test_a_bare_pair_after_and_keeps_the_subject(domain, problem, text, fact, edit):
    al = Aligner(domain=domain)
    right = al.explain(text, problem())
    assert fact in _atoms(right.init.stated)
    wrong = al.explain(text, problem(edit))
    assert fact in _atoms(wrong.init.missing_in_problem) | _atoms(wrong.init.contradicted)
    assert wrong.similarity < right.similarity
