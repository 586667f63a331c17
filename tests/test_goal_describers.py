"""Packs' goal describers (``DomainPack.describe_goal``) against their own generators.

A describer is the inverse of the pack generator's abstract goal text. Two properties, over
every generated instance of small scales:

- complete: the generator's abstract goal text of an instance is among the describer's
  sentences for that instance's problem;
- sound: when an instance's abstract goal text is among the describer's sentences for
  another problem with the same initial state, the two problems are equivalent under our
  exact metric (with the instance's placeholder flag) — a describer never claims an
  abstract goal that the metric would reject.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict

import pytest

from planetarium_plugin import default_registry, equivalent
from planetarium_plugin.parsing import parse_problem

PACKS = [p for p in default_registry().values() if p.describe_goal is not None]
#: Scales checked per pack (the generators' layouts all appear by scale 6 or so).
SCALES = range(1, 8)


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().lower()).rstrip(".")


def _describe(pack, inst) -> tuple[str, ...]:
    return pack.describe_goal(parse_problem(inst.problem_pddl, pack.domain))


def _instances(pack):
    for scale in SCALES:
        if scale > pack.max_scale:
            break
        yield from pack.generate(random.Random(f"describe:{pack.name}:{scale}"), scale)


def test_every_generating_pack_describes_goals():
    generating = {p.name for p in default_registry().values() if p.generate is not None}
    assert generating <= {p.name for p in PACKS}


@pytest.mark.parametrize("pack", PACKS, ids=lambda p: p.name)
def test_describer_is_complete(pack):
    checked = 0
    for inst in _instances(pack):
        problem = parse_problem(inst.problem_pddl, pack.domain)
        said = {_norm(s) for s in pack.describe_goal(problem)}
        assert _norm(inst.goal.abstract) in said, (inst.init_layout, inst.goal_layout, said)
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("pack", PACKS, ids=lambda p: p.name)
def test_describer_is_sound(pack):
    groups = defaultdict(list)
    for inst in _instances(pack):
        key = (inst.init.abstract, parse_problem(inst.problem_pddl, pack.domain).init)
        groups[key].append(inst)
    for group in groups.values():
        said = {id(y): {_norm(s) for s in _describe(pack, y)} for y in group}
        for x in group:
            for y in group:
                if x is y or _norm(x.goal.abstract) not in said[id(y)]:
                    continue
                v = equivalent(
                    x.problem_pddl,
                    y.problem_pddl,
                    pack,
                    placeholder=x.is_placeholder("abstract", "abstract"),
                    timeout=20,
                )
                assert v.equivalent is True, (x.goal_layout, y.goal_layout, v.reason)
    assert sum(len(g) > 1 for g in groups.values()) > 0


@pytest.mark.parametrize("pack", PACKS, ids=lambda p: p.name)
def test_describer_takes_any_goal_of_the_domain(pack):
    """Goals no generator writes (random subsets of reachable facts) never make it raise."""
    rng = random.Random(f"any-goal:{pack.name}")
    insts = list(_instances(pack))
    for inst in rng.sample(insts, min(30, len(insts))):
        p = parse_problem(inst.problem_pddl, pack.domain)
        facts = sorted(p.init | p.goal.positive)
        for _ in range(5):
            goal = rng.sample(facts, rng.randint(0, len(facts)))
            text = re.sub(
                r"\(:goal.*",
                "(:goal (and " + " ".join(f"({a.predicate} {' '.join(a.args)})" for a in goal)
                + ")))",
                inst.problem_pddl,
                flags=re.S,
            )
            out = pack.describe_goal(parse_problem(text, pack.domain))
            assert isinstance(out, tuple) and all(isinstance(s, str) for s in out)
