"""Numeric UAV packs: rules agree with the numeric oracle; canonical numeric goals."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import NUMERIC_PROBLEMS

from planetarium_plugin import domain_packs, equivalent, parse_problem, search_fully_specify


@pytest.mark.parametrize("pack_name", sorted(NUMERIC_PROBLEMS))
@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_numeric_rules_match_oracle(pack_name, data):
    pack = domain_packs()[pack_name]
    problem = parse_problem(data.draw(NUMERIC_PROBLEMS[pack_name]), pack.domain)
    rules = pack.fully_specify(problem, pack.domain)
    if rules is None:  # outside the free-movement condition: the search decides
        return
    oracle = search_fully_specify(problem, pack.domain, max_states=100_000)
    if oracle.reachable:
        assert rules.reachable is True  # no planner call needed for a verdict
        assert rules.positive == oracle.positive, sorted(map(str, oracle.positive ^ rules.positive))
        assert rules.numeric == oracle.numeric, sorted(map(str, oracle.numeric ^ rules.numeric))
    else:
        assert rules.reachable is False


def test_rules_apply_to_typical_problems():
    """The free-movement condition holds for ordinary instances, so rules do the work."""
    pack = domain_packs()["uav-delivery"]
    p = parse_problem(DELIVERY, pack.domain)
    assert pack.fully_specify(p, pack.domain) is not None


DELIVERY = """(define (problem d1) (:domain uav-delivery)
  (:objects u1 - drone base hill farm - location p1 p2 - package)
  (:init (drone-at u1 base) (base base) (pkg-at p1 hill) (pkg-at p2 farm)
    (= (battery u1) 15) (= (max-battery u1) 15) (= (load u1) 0) (= (capacity u1) 5)
    (= (weight p1) 2) (= (weight p2) 3)
    (= (distance base hill) 4) (= (distance hill base) 4) (= (distance base farm) 3)
    (= (distance farm base) 3) (= (distance hill farm) 5) (= (distance farm hill) 5)
    (= (distance base base) 0) (= (distance hill hill) 0) (= (distance farm farm) 0))
  (:goal (and (pkg-at p1 base) (pkg-at p2 base))))"""


def test_numeric_equivalence():
    # The load is implied once every package is placed; restating it changes nothing.
    same = DELIVERY.replace("(pkg-at p2 base))))", "(pkg-at p2 base) (= (load u1) 0))))")
    assert equivalent(DELIVERY, same, "uav-delivery").equivalent is True
    # A different initial battery is a different problem.
    other = DELIVERY.replace("(= (battery u1) 15)", "(= (battery u1) 14)")
    assert equivalent(DELIVERY, other, "uav-delivery").reason == "init_differs"
    # Comparisons are canonical: (<= 5 (battery u1)) is (>= (battery u1) 5).
    a = DELIVERY.replace("(pkg-at p2 base))))", "(pkg-at p2 base) (>= (battery u1) 5))))")
    b = DELIVERY.replace("(pkg-at p2 base))))", "(pkg-at p2 base) (<= 5 (battery u1)))))")
    assert equivalent(a, b, "uav-delivery").equivalent is True
    assert equivalent(DELIVERY, a, "uav-delivery").equivalent is False
