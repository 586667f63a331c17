"""Objects named by an epithet the text gave them (issue 19, ``alignread16``): "two discs, d1 the
small and d2 the large … the large one rests on the left peg" (read before as a fact about the
peg alone), "g, the lobby … the lift is in the lobby", "d1 (smallest) … the
smallest disc". Wordings and domains written for these tests, two wordings in each of two
domains; a wrong problem that changes the fact the epithet states is still rejected, and named."""

from __future__ import annotations

import pytest

from planetarium_plugin.alignment import Aligner

PEGS = """(define (domain pegs)
  (:requirements :strips :typing)
  (:types place - object disc - place peg - place)
  (:predicates (on ?d - disc ?p - place)     ; disc ?d lies directly on ?p
               (clear ?p - place))           ; nothing lies on ?p
  (:action move
    :parameters (?d - disc ?from ?to - place)
    :precondition (and (on ?d ?from) (clear ?d) (clear ?to))
    :effect (and (on ?d ?to) (clear ?from) (not (on ?d ?from)) (not (clear ?to)))))"""

LIFT = """(define (domain lift)
  (:requirements :strips :typing)
  (:types floor person)
  (:predicates (lift-at ?f - floor)                 ; the lift is at floor ?f
               (at ?p - person ?f - floor))         ; person ?p is at floor ?f
  (:action ride
    :parameters (?p - person ?a ?b - floor)
    :precondition (and (lift-at ?a) (at ?p ?a))
    :effect (and (lift-at ?b) (at ?p ?b) (not (lift-at ?a)) (not (at ?p ?a)))))"""


def _pegs(under: str = "p1") -> str:
    return (
        "(define (problem p) (:domain pegs) (:objects d1 d2 - disc p1 p2 p3 - peg) "
        f"(:init (on d2 {under}) (on d1 d2) (clear d1) "
        + " ".join(f"(clear {p})" for p in ("p1", "p2", "p3") if p != under)
        + ") (:goal (and (on d2 p3) (on d1 d2))))"
    )


def _lift(at: str = "g") -> str:
    return (
        "(define (problem p) (:domain lift) (:objects g m t - floor ann - person) "
        f"(:init (lift-at {at}) (at ann m)) (:goal (and (at ann t))))"
    )


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner()


@pytest.mark.parametrize(
    "text",
    [
        "Two discs, d1 the small and d2 the large. The large one rests on p1 and the small one "
        "rests on the large one. Nothing is on d1, p2 or p3. Goal: d2 on p3 and d1 on d2.",
        "Discs: d1 (smallest) and d2 (largest). The largest disc lies on p1, the smallest disc "
        "lies on d2, and p2, p3 and d1 are clear. I want d2 on p3 with d1 on d2.",
    ],
)
def test_an_epithet_names_the_disc_it_was_given_to(aligner, text):
    exp = aligner.explain(text, _pegs(), PEGS)
    assert "(on d2 p1)" in {f.atom for f in exp.init.stated}
    assert "(clear p1)" not in {f.atom for f in exp.conflicts() if f.confidence >= 0.5}
    assert exp.aligned
    bad = aligner.explain(text, _pegs("p2"), PEGS)
    assert "(on d2 p1)" in {f.atom for f in bad.conflicts()}
    assert not bad.aligned


@pytest.mark.parametrize(
    "text",
    [
        "Three floors: g, the lobby, then m, then t. The lift is in the lobby and ann waits at "
        "m. Goal: ann at t.",
        "There are floors m, t and g, the lobby. ann stands at m; the lobby is where the lift is "
        "now. Take ann to t.",
    ],
)
def test_an_epithet_names_the_floor_it_was_given_to(aligner, text):
    exp = aligner.explain(text, _lift(), LIFT)
    # stated by the sentence about the lift, not by the appositive that names the floor
    assert any(f.atom == "(lift-at g)" and "lift" in f.span for f in exp.init.stated)
    assert exp.aligned
    bad = aligner.explain(text, _lift("t"), LIFT)
    assert "(lift-at g)" in {f.atom for f in bad.conflicts()}
    assert not bad.aligned
