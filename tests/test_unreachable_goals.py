"""Unreachable goals follow the paper's Definition 2: equal (empty) sets of reachable goal states.

Two problems with isomorphic inits whose goals no reachable state satisfies are equivalent
(``both_goals_unreachable``); a reachable goal never equals an unreachable one, and the verdict
names the unreachable side.
"""

from __future__ import annotations

import pytest

from planetarium_plugin import equivalent
from planetarium_plugin.packs import resolve_pack
from planetarium_plugin.parsing import parse_problem
from planetarium_plugin.reachability import goal_reachable
from planetarium_plugin.specify import search_fully_specify

# A one-way corridor: the rover can reach the lander's waypoint but can never again stand where
# the lander is visible from, so soil sampled at w2 can never be communicated.
ROVER = """(define (problem corridor) (:domain rover-single)
  (:objects w1 w2 - waypoint cam - camera rgb - mode obj - objective)
  (:init (can_traverse w1 w2) (visible w1 w2) (at_rover w1) (available) (at_lander w2)
         (supports cam rgb) (visible_from obj w1) (channel_free) (at_soil_sample w2))
  (:goal (and GOAL)))"""
UNREACHABLE_A = "(communicated_soil_data w2)"
UNREACHABLE_B = "(communicated_soil_data w2) (have_soil_analysis w2) (at_rover w2)"
REACHABLE = "(have_soil_analysis w2)"

# Any domain (no pack): q is consumed when p is made, so p and q never hold together.
DOMAIN = """(define (domain consume) (:requirements :strips)
  (:predicates (p ?x) (q ?x))
  (:action make :parameters (?x) :precondition (q ?x) :effect (and (p ?x) (not (q ?x)))))"""
ANY = """(define (problem c) (:domain consume) (:objects a b) (:init (q a) (q b))
  (:goal (and GOAL)))"""


def _rover(goal: str) -> str:
    return ROVER.replace("GOAL", goal)


def _any(goal: str) -> str:
    return ANY.replace("GOAL", goal)


@pytest.mark.parametrize("placeholder", [False, True])
def test_pack_pair_both_unreachable_is_equivalent(placeholder):
    v = equivalent(_rover(UNREACHABLE_A), _rover(UNREACHABLE_B), domain="rover-single",
                   placeholder=placeholder)  # fmt: skip
    assert (v.equivalent, v.reason) == (True, "both_goals_unreachable"), v
    assert v.exit_code == 0


def test_pack_pair_one_side_unreachable_names_the_side():
    v = equivalent(_rover(REACHABLE), _rover(UNREACHABLE_A), domain="rover-single")
    assert v.equivalent is False and v.reason == "goal_differs"
    assert "candidate's goal is unreachable" in v.message
    w = equivalent(_rover(UNREACHABLE_A), _rover(REACHABLE), domain="rover-single")
    assert w.equivalent is False and "ground truth's goal is unreachable" in w.message


def test_any_domain_pair_both_unreachable_is_equivalent():
    v = equivalent(_any("(p a) (q a)"), _any("(p b) (q b) (p a)"), domain=DOMAIN)
    assert (v.equivalent, v.reason) == (True, "both_goals_unreachable"), v
    one = equivalent(_any("(p a) (q a)"), _any("(p a)"), domain=DOMAIN)
    assert one.equivalent is False and "ground truth's goal is unreachable" in one.message


def test_different_inits_stay_not_equivalent():
    other = _rover(UNREACHABLE_A).replace("(at_soil_sample w2)", "(at_rock_sample w2)")
    v = equivalent(_rover(UNREACHABLE_A), other, domain="rover-single")
    assert v.equivalent is False and v.reason == "init_differs"


@pytest.mark.parametrize("goal", [UNREACHABLE_A, UNREACHABLE_B, REACHABLE, "(at_rover w2)",
                                  "(at_rover w1) (have_soil_analysis w2)"])  # fmt: skip
def test_goal_reachable_agrees_with_the_search_oracle(goal):
    pack = resolve_pack("rover-single")
    p = parse_problem(_rover(goal), pack.domain)
    assert goal_reachable(p, pack.domain) is search_fully_specify(p, pack.domain).reachable
