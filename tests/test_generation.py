"""Pack generators: every ground truth parses, is solvable, and texts cover the problem."""

from __future__ import annotations

import random
import re

import pytest

from planetarium_plugin import domain_packs, equivalent, parse_problem
from planetarium_plugin.planning import PlannerSession, SolveStatus, solve

GENERATING = ["uav-delivery", "uav-inspection"]


@pytest.mark.parametrize("name", GENERATING)
def test_instances_parse_and_equal_themselves_renamed(name):
    pack = domain_packs()[name]
    for scale in (1, 3, 6, 10):
        instances = list(pack.generate(random.Random(scale), scale))
        assert {i.goal_layout for i in instances} and len(instances) == 12
        for inst in instances:
            problem = parse_problem(inst.problem_pddl, pack.domain)
            assert pack.fully_specify(problem, pack.domain) is not None  # rules apply
            renamed = re.sub(r"\b(uav|pkg|target)(\d+)\b", r"\1_x\2", inst.problem_pddl)
            assert equivalent(inst.problem_pddl, renamed, pack).equivalent is True


@pytest.mark.parametrize("name", GENERATING)
def test_small_instances_are_solvable(name):
    pack = domain_packs()[name]
    with PlannerSession() as session:
        for scale in (1, 2):
            for inst in pack.generate(random.Random(0), scale):
                r = solve(inst.problem_pddl, pack, session=session, timeout=60)
                assert r.status is SolveStatus.SOLVED, (inst.init_layout, inst.goal_layout)


@pytest.mark.parametrize("name", GENERATING)
def test_descriptions(name):
    pack = domain_packs()[name]
    instances = list(pack.generate(random.Random(0), 3))
    assert instances == list(pack.generate(random.Random(0), 3))  # deterministic
    for inst in instances:
        problem = parse_problem(inst.problem_pddl, pack.domain)
        explicit = inst.text("explicit", "explicit")
        for atom in problem.init:  # every init fact is stated in the explicit text
            assert all(arg in explicit for arg in atom.args)
        for atom in problem.goal.positive:
            assert all(arg in inst.goal.explicit for arg in atom.args)
        abstract = inst.text("abstract", "abstract")
        assert len(abstract) < len(explicit)
        assert inst.is_placeholder("explicit", "explicit") is False
        assert inst.is_placeholder("abstract", "abstract") is (not inst.tied)
    assert any(i.tied for i in instances) and not all(i.tied for i in instances)
