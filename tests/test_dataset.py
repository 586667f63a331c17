"""The generated dataset: fields, splits, de-duplication, and ground truths that hold up."""

from __future__ import annotations

import json
import random
import re
import subprocess
from collections import Counter

import pytest

from planetarium_plugin import domain_packs, equivalent, parse_problem
from planetarium_plugin.generation import dataset_rows, size_bucket
from planetarium_plugin.planning import PlannerSession, SolveStatus, solve

PAPER_TEST_GOALS = {
    "blocksworld": {"swap", "invert"},
    "gripper": {"swap_rooms", "juggle", "drop_and_pickup", "move_to_min"},
}


@pytest.fixture(scope="module")
def rows():
    return list(dataset_rows(domain_packs().values(), variants=2, seed=7))


def test_rows_and_splits(rows):
    assert {r["domain"] for r in rows} >= {
        "blocksworld",
        "gripper",
        "floor-tile",
        "uav-delivery",
        "uav-inspection",
    }
    for r in rows:
        assert r["size_bucket"] == size_bucket(r["size"])
        assert r["is_placeholder"] is (not r["tied"] and r["abstraction"] != "explicit_to_explicit")
        if r["domain"] in PAPER_TEST_GOALS:
            assert (r["split"] == "test") is (r["goal_layout"] in PAPER_TEST_GOALS[r["domain"]])
        if r["domain"] == "floor-tile":
            assert r["split"] == "test"
    texts = Counter((r["domain"], r["natural_language"]) for r in rows)
    assert max(texts.values()) == 1  # duplicate texts removed
    assert len({r["id"] for r in rows}) == len(rows)
    assert Counter(r["abstraction"] for r in rows).keys() == {
        "explicit_to_explicit",
        "explicit_to_abstract",
        "abstract_to_explicit",
        "abstract_to_abstract",
    }
    assert {r["size_bucket"] for r in rows} == {"1-20", "21-40", "41-60", "61-80", ">80"}


def test_deterministic(rows):
    again = list(dataset_rows(domain_packs().values(), variants=2, seed=7))
    assert again == rows


def test_ground_truths_parse_and_equal_themselves_renamed(rows):
    packs = domain_packs()
    sample = random.Random(0).sample(rows, 150)
    for r in sample:
        pack = packs[r["domain"]]
        p = parse_problem(r["problem_pddl"], pack.domain)
        assert p.size == r["size"]
        renamed = re.sub(
            r"\b(b|ball|room|gripper|tile|robot|color|uav|pkg|target)(\d+)\b",
            r"\1_r\2",
            r["problem_pddl"],
        )
        v = equivalent(r["problem_pddl"], renamed, pack, placeholder=r["is_placeholder"])
        assert v.equivalent is True, (r["id"], v.reason)


def test_ground_truths_are_solvable_with_real_planners(rows):
    """Pack planners on a sample of every pack; Fast Downward and ENHSP on small ones."""
    packs = domain_packs()
    rng = random.Random(1)
    by_domain: dict[str, list[dict]] = {}
    for r in rows:
        by_domain.setdefault(r["domain"], []).append(r)
    with PlannerSession() as session:
        for dom, items in by_domain.items():
            pack = packs[dom]
            for r in rng.sample(items, min(24, len(items))):
                # A generous limit: a loaded CI machine slows ENHSP's JVM, and a limit only
                # costs time when a problem is not solved.
                res = solve(r["problem_pddl"], pack, session=session, timeout=120)
                assert res.status is SolveStatus.SOLVED and res.validation.valid, r["id"]
            if not pack.numeric:
                small = [r for r in items if r["size"] <= 30]
                for r in rng.sample(small, min(3, len(small))):
                    res = solve(r["problem_pddl"], pack, planner="fast-downward", timeout=120)
                    assert res.status is SolveStatus.SOLVED, (r["id"], res.message)


def test_cli_generate(tmp_path):
    p = subprocess.run(
        [
            "planetarium",
            "generate",
            "--out",
            str(tmp_path),
            "--variants",
            "1",
            "--domains",
            "blocksworld,floor-tile",
            "--quiet",
        ],
        capture_output=True,
        text=True,
    )
    assert p.returncode == 0, p.stderr
    assert "blocksworld" in p.stdout and "floor-tile" in p.stdout
    train = [json.loads(x) for x in (tmp_path / "train.jsonl").read_text().splitlines()]
    test = [json.loads(x) for x in (tmp_path / "test.jsonl").read_text().splitlines()]
    assert {r["domain"] for r in train} == {"blocksworld"}
    assert {r["domain"] for r in test} == {"blocksworld", "floor-tile"}
    assert f"{len(train)}" in p.stdout
