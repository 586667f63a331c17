"""The UAV packs' goal describers beyond the shared contract: goals no generator writes, and
the alternative wordings of their sentences."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from planetarium_domain_packs.uav.describe import (
    SHIFT,
    SURVEY,
    SURVEY_RETURN,
    TO_BASE,
    TO_BASE_RETURN,
    delivery_meanings,
    inspection_meanings,
    wordings,
)

from planetarium_plugin import default_registry
from planetarium_plugin.parsing import parse_problem

DELIVERY = default_registry()["uav-delivery"]
INSPECTION = default_registry()["uav-inspection"]
#: The generator sentences alone (``describe_goal`` adds their alternative wordings).
MEANINGS = {DELIVERY.name: delivery_meanings, INSPECTION.name: inspection_meanings}


def _instance(pack, scale: int, init_layout: str, goal_layout: str):
    for inst in pack.generate(random.Random(0), scale):
        if (inst.init_layout, inst.goal_layout) == (init_layout, goal_layout):
            return inst
    raise LookupError(init_layout, goal_layout)


def _with_goal(pack, inst, goal: str):
    text = re.sub(r"\(:goal.*", f"(:goal (and {goal})))", inst.problem_pddl, flags=re.S)
    return MEANINGS[pack.name](parse_problem(text, pack.domain))


def test_static_facts_implied_negatives_and_harmless_numbers_change_nothing():
    inst = _instance(DELIVERY, 3, "line_spread", "all_to_base_return")
    goal = "(pkg-at pkg1 base) (pkg-at pkg2 base) (pkg-at pkg3 base) (drone-at uav1 base)"
    assert _with_goal(DELIVERY, inst, goal) == (TO_BASE_RETURN,)
    extra = [
        "(base base)",  # static
        "(not (pkg-at pkg1 site1)) (not (carrying uav1 pkg2)) (not (drone-at uav1 site3))",
        "(not (base site2))",
        "(>= (battery uav1) 0) (<= (load uav1) 100)",  # no reachable state violates
        "(= (load uav1) 0)",  # forced: nothing is left to carry
        "(= (distance base site1) 1)",  # static, and true
    ]
    for more in extra:
        assert _with_goal(DELIVERY, inst, f"{goal} {more}") == (TO_BASE_RETURN,), more


def test_goals_asking_more_or_less_get_no_sentence():
    inst = _instance(DELIVERY, 3, "line_spread", "all_to_base")
    goal = "(pkg-at pkg1 base) (pkg-at pkg2 base) (pkg-at pkg3 base)"
    assert _with_goal(DELIVERY, inst, goal) == (TO_BASE,)
    for more in [
        "(>= (battery uav1) 5)",  # a real bound on the final battery
        "(= (distance base site1) 2)",  # false: unreachable
        "(not (drone-at uav1 site3))",  # restricts where the drone ends
        "(drone-at uav1 site2)",
        "(not (pkg-at pkg1 base))",  # contradiction
    ]:
        assert _with_goal(DELIVERY, inst, f"{goal} {more}") == (), more
    assert _with_goal(DELIVERY, inst, "(pkg-at pkg1 base) (pkg-at pkg2 base)") == ()


def test_shift_orders_sites_by_number():
    inst = _instance(DELIVERY, 10, "star_spread", "shift")
    assert (
        "(pkg-at pkg9 site10)" in inst.problem_pddl and "(pkg-at pkg10 site1)" in inst.problem_pddl
    )
    pddl = parse_problem(inst.problem_pddl, DELIVERY.domain)
    assert delivery_meanings(pddl) == (SHIFT,)
    goal = " ".join(f"(pkg-at pkg{i} site{i % 10 + 1})" for i in range(1, 11))
    assert _with_goal(DELIVERY, inst, goal) == (SHIFT,)
    goal = " ".join(f"(pkg-at pkg{i} site{i + 1})" for i in range(1, 10))
    assert _with_goal(DELIVERY, inst, goal + " (pkg-at pkg10 site10)") == ()


@pytest.mark.parametrize("site", ["site1", "site2", "site3"])
def test_targets_visible_from_any_site(site):
    inst = _instance(INSPECTION, 3, "line_spread", "survey_far")
    target = f"target{site[-1]}"
    said = _with_goal(INSPECTION, inst, f"(photographed {target})")
    assert said == (f"to photograph the targets visible from {site}.",)
    said = _with_goal(INSPECTION, inst, f"(photographed {target}) (visible {target} {site})")
    assert said == (f"to photograph the targets visible from {site}.",)


def test_photographs_already_taken_are_implied():
    inst = _instance(INSPECTION, 3, "star_far_end", "survey_all_return")
    text = inst.problem_pddl.replace("(:init", "(:init (photographed target2)")
    problem = parse_problem(text, INSPECTION.domain)
    assert inspection_meanings(problem) == (SURVEY_RETURN,)
    goal = "(photographed target1) (photographed target3)"
    text = re.sub(r"\(:goal.*", f"(:goal (and {goal})))", text, flags=re.S)
    said = inspection_meanings(parse_problem(text, INSPECTION.domain))
    assert said == (SURVEY, "to photograph the targets visible from site3.")
    # not yet taken: the goal must ask for it
    assert _with_goal(INSPECTION, inst, goal) == ()


def _numbers(text: str) -> Counter:
    return Counter(re.findall(r"\d+", text))


@pytest.mark.parametrize("pack", [DELIVERY, INSPECTION], ids=lambda p: p.name)
def test_every_sentence_comes_with_alternative_wordings(pack):
    """Each generator sentence is followed by 2-3 other wordings that carry its numbers
    (location names) and are no generator sentence themselves."""
    seen: set[str] = set()
    for scale in range(1, 8):
        for inst in pack.generate(random.Random(f"wordings:{scale}"), scale):
            p = parse_problem(inst.problem_pddl, pack.domain)
            said, own = pack.describe_goal(p), MEANINGS[pack.name](p)
            assert inst.goal.abstract in own
            assert said == tuple(w for s in own for w in (s, *wordings(s)))
            for s in own:
                alts = wordings(s)
                assert 2 <= len(alts) <= 3 and len({s, *alts}) == len(alts) + 1, s
                assert all(_numbers(a) == _numbers(s) for a in alts), (s, alts)
                assert not set(alts) & set(own)
                seen.add(re.sub(r"site\d+", "site", s))
    visible = "to photograph the targets visible from site."
    assert seen == ({TO_BASE, TO_BASE_RETURN, SHIFT} if pack is DELIVERY else {SURVEY,
                    SURVEY_RETURN, visible})
    assert wordings("to fly.") == () and wordings("to photograph the targets visible from .") == ()
