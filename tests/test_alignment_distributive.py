"""Distributive "each … its own" with the owned objects listed in order (issue 19): "c1 and c2,
each with its own airport (a1 and a2 respectively)" pairs the i-th owner with the i-th owned
object, not every owner with every object. The wording and the small problems are our own (not
from the development set); each test fails without the rule."""

from __future__ import annotations

import pytest
from problems import assert_init_edit_named

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts import read_world
from planetarium_plugin.alignment.facts.distributive import expand_own

TOWNS = """(define (domain towns) (:requirements :strips :typing)
 (:types town port van)
 (:predicates (in-town ?p - port ?t - town) (at ?v - van ?p - port))
 (:action drive :parameters (?v - van ?a ?b - port ?t - town)
  :precondition (and (at ?v ?a) (in-town ?a ?t) (in-town ?b ?t))
  :effect (and (at ?v ?b) (not (at ?v ?a)))))"""


def _towns(ports: str) -> str:
    return (
        "(define (problem p) (:domain towns) (:objects t1 t2 t3 - town q1 q2 q3 - port v - van) "
        f"(:init {ports} (at v q1)) (:goal (and (at v q1))))"
    )


PORTS = "(in-town q1 t1) (in-town q2 t2) (in-town q3 t3)"

RIGS = """(define (domain rigs) (:requirements :strips :typing)
 (:types rig tool)
 (:predicates (mounted ?x - tool ?r - rig) (ready ?r - rig) (used ?x - tool))
 (:action use :parameters (?x - tool ?r - rig) :precondition (and (mounted ?x ?r) (ready ?r))
  :effect (used ?x)))"""


def _rigs(mounts: str) -> str:
    return (
        "(define (problem p) (:domain rigs) (:objects r1 r2 - rig x1 x2 y1 y2 - tool) "
        f"(:init {mounts} (ready r1) (ready r2)) (:goal (and (used x2))))"
    )


MOUNTS = "(mounted x1 r1) (mounted y1 r1) (mounted x2 r2) (mounted y2 r2)"



def test_the_statement_is_read_once_per_owner():
    w = read_world(_towns(PORTS), TOWNS)
    got, spans = expand_own(
        "Three towns, t1, t2 and t3, each with its own port (q1, q2 and "
        "q3 respectively). The van is at q1.",
        w,
    )
    assert got.startswith("Three towns, t1 has its own port q1; t2 has its own port q2; t3 has")
    assert len(spans) == 1
    # a list not said to be in order, or of the wrong size, is left as written
    for text in (
        "t1 and t2, each with its own port (q1 and q2).",
        "t1 and t2, each with its own port (q1, q2 and q3 respectively).",
    ):
        assert expand_own(text, w) == (text, ())


@pytest.mark.parametrize(
    "text",
    [
        "Three towns, t1, t2 and t3, each with its own port (q1, q2 and q3 respectively). The "
        "van v waits at q1. Goal: v at q1.",
        "We have the towns t1, t2 and t3, each having its own port: q1, q2, q3 in that order. v "
        "is at port q1 and should stay there.",
    ],
)
def test_towns_each_with_its_own_port(text):
    aligner = Aligner(domain=TOWNS)
    swapped = PORTS.replace("(in-town q2 t2) (in-town q3 t3)", "(in-town q2 t3) (in-town q3 t2)")
    assert_init_edit_named(
        aligner,
        text,
        _towns(PORTS),
        _towns(swapped),
        ("(in-town q1 t1)", "(in-town q2 t2)", "(in-town q3 t3)"),
        "(in-town q2 t2)",
    )


@pytest.mark.parametrize(
    "text",
    [
        "Two rigs, r1 and r2, each with its own drill and its own saw (x1/y1, x2/y2 in that "
        "order); both rigs are ready. Goal: x2 used.",
        "The rigs r1 and r2, each with its own drill and its own saw (x1 and y1, x2 and y2 "
        "respectively), are ready. I want x2 used.",
    ],
)
def test_rigs_each_with_two_own_tools(text):
    aligner = Aligner(domain=RIGS)
    assert_init_edit_named(
        aligner,
        text,
        _rigs(MOUNTS),
        _rigs(MOUNTS.replace("(mounted y2 r2)", "(mounted y2 r1)")),
        ("(mounted x1 r1)", "(mounted y2 r2)"),
        "(mounted y2 r2)",
    )
