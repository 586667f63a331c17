"""Packs are found through entry points; a third-party pack installs and works like a built-in."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planetarium_plugin import (
    DomainPack,
    PlanetariumError,
    domain_packs,
    hookimpl,
    load_packs,
    parse_problem,
    resolve_pack,
    search_fully_specify,
)

ROOT = Path(__file__).resolve().parents[1]


def test_builtin_packs_register_through_entry_points():
    reg = domain_packs()
    assert {"blocksworld", "gripper", "floor-tile"} <= set(reg)
    for name in ("blocksworld", "gripper", "floor-tile"):
        pack = reg[name]
        assert pack.distribution == "planetarium-plugin"
        assert pack.fully_specify is not None and not pack.numeric
    assert reg.errors == ()


def test_resolve_by_name_domain_name_and_path():
    reg = domain_packs()
    assert resolve_pack("floor-tile") is reg["floor-tile"]
    path = ROOT / "domain_packs" / "blocksworld" / "domain.pddl"
    assert resolve_pack(str(path)) is reg["blocksworld"]
    with pytest.raises(PlanetariumError, match="no domain pack named"):
        resolve_pack("sokoban")


class _Broken:
    @hookimpl
    def planetarium_domain_packs(self):
        raise RuntimeError("pack exploded")


class _Tiny:
    @hookimpl
    def planetarium_domain_packs(self):
        return [DomainPack(name="tiny", domain_pddl="(define (domain tiny) (:predicates (p)))")]


def test_broken_plugin_is_reported_not_fatal():
    reg = load_packs(extra_plugins=[_Broken(), _Tiny()])
    assert "tiny" in reg and "blocksworld" in reg
    assert any("pack exploded" in e for e in reg.errors)


@pytest.fixture(scope="module")
def lights_site(tmp_path_factory):
    """Install the example third-party distribution with pip into an isolated directory."""
    target = tmp_path_factory.mktemp("site")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--target",
            str(target),
            str(ROOT / "examples" / "third_party_pack"),
        ],
        check=True,
    )
    return target


def _env(site: Path) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(site), env.get("PYTHONPATH")]))
    return env


LIGHTS_GT = """(define (problem l) (:domain lights) (:objects s1 s2 l1 l2 l3)
  (:init (switch s1) (switch s2) (lamp l1) (lamp l2) (lamp l3)
         (wired s1 l1) (wired s2 l2) (on l3))
  (:goal (and (on l1))))"""


def test_third_party_pack_appears_and_scores(lights_site, tmp_path):
    cmd = [sys.executable, "-m", "planetarium_plugin"]
    out = subprocess.run(
        [*cmd, "packs", "--json"], env=_env(lights_site), capture_output=True, text=True, check=True
    )
    packs = {p["name"]: p for p in json.loads(out.stdout)["packs"]}
    assert packs["lights"]["distribution"] == "planetarium-lights"
    assert packs["lights"]["version"] == "1.2.0" and packs["lights"]["fully_specify_rules"]
    gt = tmp_path / "gt.pddl"
    gt.write_text(LIGHTS_GT)
    same = tmp_path / "same.pddl"  # l3 has no switch, so (on l3) is implied
    same.write_text(LIGHTS_GT.replace("(on l1))", "(on l1) (on l3) (wired s1 l1))"))
    other = tmp_path / "other.pddl"
    other.write_text(LIGHTS_GT.replace("(on l1))", "(on l1) (on l2))"))  # l1, l2 symmetric
    codes = [
        subprocess.run(
            [*cmd, "equiv", str(gt), str(c), "--domain", "lights"],
            env=_env(lights_site),
            capture_output=True,
        ).returncode
        for c in (same, other)
    ]
    assert codes == [0, 1]


@st.composite
def lights_problem(draw):
    n_s, n_l = draw(st.integers(0, 2)), draw(st.integers(1, 3))
    switches = [f"s{i}" for i in range(n_s)]
    lamps = [f"l{i}" for i in range(n_l)]
    objs = switches + lamps
    init = [f"(switch {s})" for s in switches] + [f"(lamp {x})" for x in lamps]
    init += [
        f"(wired {a} {b})"
        for a, b in draw(
            st.lists(
                st.tuples(st.sampled_from(objs), st.sampled_from(objs)), max_size=3, unique=True
            )
        )
    ]
    init += [f"(on {x})" for x in draw(st.lists(st.sampled_from(objs), unique=True))]
    pool = [f"(on {x})" for x in objs] + init
    goal = draw(st.lists(st.sampled_from(pool), unique=True, max_size=3))
    return (
        f"(define (problem p) (:domain lights) (:objects {' '.join(objs)})"
        f" (:init {' '.join(init)}) (:goal (and {' '.join(goal)})))"
    )


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=lights_problem())
def test_third_party_rules_match_oracle(lights_site, text):
    sys.path.insert(0, str(lights_site))
    try:
        import planetarium_lights
    finally:
        sys.path.remove(str(lights_site))
    pack = planetarium_lights.planetarium_domain_packs()[0]
    problem = parse_problem(text, pack.domain)
    oracle = search_fully_specify(problem, pack.domain)
    rules = pack.fully_specify(problem, pack.domain)
    assert rules == (oracle.positive if oracle.reachable else problem.goal.positive)
