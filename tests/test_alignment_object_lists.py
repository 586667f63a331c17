"""A list of objects, each with its class, that continues the object of the clause before it
(issue 19, ``aligninit2``): "City c1 contains location l1 and airport a1, and city c2 …" and
"c1 (containing l1 and airport a1) and c2 (…)" — the last item is the verb's object too, not
the subject of the next piece. Domains, problems and wordings written for these tests; each
test fails without its rule."""

from __future__ import annotations

import pytest

from planetarium_plugin.alignment import Aligner

TOWNS = """(define (domain towns) (:requirements :strips :typing)
  (:types place city locatable - object airport - place van parcel - locatable)
  (:predicates (in-city ?p - place ?c - city) (at ?x - locatable ?p - place)
               (in ?x - parcel ?v - van))
  (:action drive :parameters (?v - van ?a - place ?b - place ?c - city)
    :precondition (and (at ?v ?a) (in-city ?a ?c) (in-city ?b ?c))
    :effect (and (at ?v ?b) (not (at ?v ?a)))))"""

SHELVES = """(define (domain shelves) (:requirements :strips :typing)
  (:types item shelf - object book magazine - item)
  (:predicates (on-shelf ?i - item ?s - shelf) (held ?i - item))
  (:action take :parameters (?i - item ?s - shelf) :precondition (on-shelf ?i ?s)
    :effect (and (held ?i) (not (on-shelf ?i ?s)))))"""


def _towns(a1: str = "c1") -> str:
    return (
        "(define (problem p) (:domain towns) (:objects c1 c2 - city l1 - place a1 a2 - airport "
        f"v1 - van k1 - parcel) (:init (in-city l1 c1) (in-city a1 {a1}) (in-city a2 c2) "
        "(at v1 l1) (at k1 l1)) (:goal (at k1 a1)))"
    )


def _shelves(m1: str = "s1") -> str:
    return (
        "(define (problem p) (:domain shelves) (:objects s1 s2 - shelf b1 b2 - book "
        f"m1 - magazine) (:init (on-shelf b1 s1) (on-shelf m1 {m1}) (on-shelf b2 s2)) "
        "(:goal (held m1)))"
    )


def _atoms(facts) -> set[str]:
    return {f.atom for f in facts}


@pytest.mark.parametrize(
    "text",
    [
        "City c1 contains place l1 and airport a1, and city c2 contains airport a2. Van v1 and "
        "parcel k1 are at l1. Goal: k1 at a1.",
        "Cities: c1 (containing place l1 and airport a1) and c2 (airport a2 only). Van v1 and "
        "parcel k1 are at l1. Goal: k1 at a1.",
    ],
)
def test_a_classed_item_after_and_continues_the_object(text):
    al = Aligner(domain=TOWNS)
    right = al.explain(text, _towns())
    assert "(in-city a1 c1)" in _atoms(right.init.stated)
    wrong = al.explain(text, _towns("c2"))
    assert "(in-city a1 c1)" in _atoms(wrong.init.missing_in_problem)
    assert not wrong.aligned and wrong.similarity < right.similarity


@pytest.mark.parametrize(
    "text",
    [
        "Shelf s1 holds book b1 and magazine m1, and shelf s2 holds book b2. Goal: take m1.",
        "Shelves: s1 (holding book b1 and magazine m1) and s2 (book b2 only). Goal: take m1.",
    ],
)
def test_a_classed_item_continues_the_object_in_another_domain(text):
    al = Aligner(domain=SHELVES)
    right = al.explain(text, _shelves())
    assert "(on-shelf m1 s1)" in _atoms(right.init.stated)
    wrong = al.explain(text, _shelves("s2"))
    assert "(on-shelf m1 s1)" in _atoms(wrong.init.missing_in_problem)
    assert wrong.similarity < right.similarity
