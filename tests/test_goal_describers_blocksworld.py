"""Blocks World describer on goals the generator never writes (the shared contract covers the
generated ones): partial goals that still pin a configuration down, configurations with no
sentence, bounded output on big problems, and soundness over random configurations."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from planetarium_domain_packs.blocksworld.describe import goal_wordings

from planetarium_plugin import default_registry, equivalent
from planetarium_plugin.parsing import parse_problem

PACK = default_registry()["blocksworld"]


def _problem(n: int, init: list[str], goal: list[str]) -> str:
    objs = " ".join(f"b{i}" for i in range(1, n + 1))
    return (
        f"(define (problem p) (:domain blocksworld) (:objects {objs})\n"
        f"  (:init {' '.join(init)})\n  (:goal (and {' '.join(goal)})))"
    )


def _table(n: int) -> list[str]:
    return (
        ["(arm-empty)"]
        + [f"(on-table b{i})" for i in range(1, n + 1)]
        + [f"(clear b{i})" for i in range(1, n + 1)]
    )


def _describe(text: str) -> tuple[str, ...]:
    return PACK.describe_goal(parse_problem(text, PACK.domain))


def _config_facts(towers, held=None) -> list[str]:
    out = [f"(holding {held})"] if held else ["(arm-empty)"]
    for t in towers:
        out.append(f"(on-table {t[0]})")
        out += [f"(on {t[i + 1]} {t[i]})" for i in range(len(t) - 1)]
        out.append(f"(clear {t[-1]})")
    return out


SINGLE = "to stack all the blocks into a single tower, with your arm empty."


def test_goal_without_clear_or_arm_atoms_reads_as_its_configuration():
    goal = ["(on b2 b1)", "(on b3 b2)", "(on-table b1)"]
    said = _describe(_problem(3, _table(3), goal))
    assert SINGLE in said
    full = _problem(3, _table(3), _config_facts([("b1", "b2", "b3")]))
    assert equivalent(_problem(3, _table(3), goal), full, PACK).equivalent is True


def test_forced_on_table_completes_the_configuration():
    # b1 has nowhere else to go: the exact rules force (on-table b1).
    goal = ["(on b2 b1)", "(on b3 b2)", "(clear b3)", "(arm-empty)"]
    assert SINGLE in _describe(_problem(3, _table(3), goal))


def test_open_configurations_and_contradictions_have_no_sentence():
    assert _describe(_problem(3, _table(3), ["(on b2 b1)"])) == ()
    assert _describe(_problem(3, _table(3), ["(on b2 b1)", "(clear b1)"])) == ()
    # a held block over towers: no sentence of the generator's vocabulary fits
    held = _config_facts([("b1", "b2"), ("b3",)], held="b4")
    assert _describe(_problem(4, _table(4), held)) == ()
    # a negative goal the configuration violates makes the goal unsatisfiable
    neg = _config_facts([("b1", "b2", "b3")]) + ["(not (on b2 b1))"]
    assert _describe(_problem(3, _table(3), neg)) == ()


def test_configurations_no_generator_wrote_still_get_tower_sentences():
    said = _describe(
        _problem(6, _table(6), _config_facts([("b1", "b2", "b3"), ("b4",), ("b5", "b6")]))
    )
    assert (
        "to arrange the blocks as a staircase of 3 towers of heights 1 to 3, with your arm empty."
        in said
    )
    heights = {s for s in said if "towers of heights" in s and "staircase" not in s}
    assert len(heights) == 6  # every order of 1, 2, 3


def test_big_problems_stay_bounded():
    n = 40
    towers, i = [], 1
    for h in (1, 2, 3, 4, 5, 6, 7, 12):
        towers.append(tuple(f"b{j}" for j in range(i, i + h)))
        i += h
    said = _describe(_problem(n, _table(n), _config_facts(towers)))
    assert 1 <= len(said) <= 32
    assert (
        "to stack the blocks into 8 towers of heights 1, 2, 3, 4, 5, 6, 7, 12, with your arm empty."
        in said
    )


def _random_towers(rng: random.Random, blocks: list[str]):
    blocks = blocks[:]
    rng.shuffle(blocks)
    towers, i = [], 0
    while i < len(blocks):
        h = rng.randint(1, len(blocks) - i)
        towers.append(tuple(blocks[i : i + h]))
        i += h
    return towers


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 5), st.randoms(use_true_random=False))
def test_shared_sentence_means_equivalent(n, rng):
    """Two goals from the same init that share a non-tied sentence are equivalent (placeholder);
    sharing the tied invert or swap sentence makes them identical."""
    blocks = [f"b{i}" for i in range(1, n + 1)]
    init = _config_facts(_random_towers(rng, blocks))
    x = _problem(n, init, _config_facts(_random_towers(rng, blocks)))
    y = _problem(n, init, _config_facts(_random_towers(rng, blocks)))
    sx, sy = set(_describe(x)), set(_describe(y))
    assert sx and sy
    shared = sx & sy
    tied = {s for s in shared if s.startswith(("to invert", "to swap"))}
    if tied:
        assert parse_problem(x, PACK.domain).goal == parse_problem(y, PACK.domain).goal
    if shared:
        assert equivalent(x, y, PACK, placeholder=True).equivalent is True
    else:
        assert equivalent(x, y, PACK, placeholder=True).equivalent is False


@pytest.mark.parametrize("n", [1, 2])
def test_tiny_problems(n):
    said = _describe(
        _problem(n, _table(n), _config_facts([tuple(f"b{i}" for i in range(1, n + 1))]))
    )
    assert SINGLE in said
    if n == 1:
        assert "to have every block on the table and your arm empty." in said


def _numbers(text: str) -> list[str]:
    return sorted(re.findall(r"\d+", text))


def test_every_generator_sentence_comes_with_alternative_wordings():
    """Each meaning: the generator's sentence first, then >= 2 distinct alternatives with the
    same numbers (and the empty arm where the sentence has it); no alternative is shared by
    two meanings; ``describe_goal`` lists each sentence followed by its alternatives."""
    checked = 0
    for scale in range(1, 7):
        for inst in PACK.generate(random.Random(f"wordings:{scale}"), scale):
            problem = parse_problem(inst.problem_pddl, PACK.domain)
            groups = goal_wordings(problem)
            firsts = [g[0] for g in groups]
            assert inst.goal.abstract in firsts
            said = PACK.describe_goal(problem)
            assert said == tuple(s for g in groups for s in g)
            assert len(said) == len(set(said)) == sum(map(len, groups))
            ascending_seen = False
            for g in groups:
                heights = "towers of heights" in g[0] and "staircase" not in g[0]
                if len(g) == 1:  # a later order of the heights: no alternatives by design
                    assert heights and ascending_seen, g
                    continue
                ascending_seen |= heights
                assert len(g) >= 3 and len(set(g)) == len(g)
                for alt in g[1:]:
                    assert _numbers(alt) == _numbers(g[0]), (g[0], alt)
                    if "arm empty" in g[0]:
                        assert re.search(r"\b(arm|hand|holding|held)\b", alt), alt
            checked += 1
    assert checked >= 20


def test_only_the_ascending_order_of_heights_gets_alternatives():
    towers = [("b1", "b2", "b3"), ("b4",), ("b5", "b6")]
    text = _problem(6, _table(6), _config_facts(towers))
    groups = goal_wordings(parse_problem(text, PACK.domain))
    heights = [g for g in groups if g[0].startswith("to stack the blocks into 3 towers of heights")]
    assert heights[0][0].endswith("heights 1, 2, 3, with your arm empty.")
    assert len(heights[0]) == 4 and all(len(g) == 1 for g in heights[1:])
    assert "1, 2 and 3 blocks" in heights[0][1]
