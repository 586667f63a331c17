"""Blocks World problems and descriptions, with the Planetarium layouts.

A configuration is a list of towers (bottom to top) and an optional held block. Layouts:
``on_table``, ``stacked`` (one tower), ``holding_one``, ``staircase`` (heights 1..k),
``equal_towers``, ``towers`` (given heights), and the tied ``swap`` (swap the base blocks of two
towers) and ``invert`` (turn every tower upside down). Any init layout pairs with any goal
layout; ``swap`` and ``invert`` are goals derived from a ``towers`` init. ``scale`` is the number
of blocks. ``swap`` and ``invert`` are held out for the test split, as in the paper.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from planetarium_plugin.generation import Description, Instance, problem_pddl, sentences

TEST_GOALS = frozenset({"swap", "invert"})


@dataclass(frozen=True)
class Config:
    towers: tuple[tuple[str, ...], ...]
    held: str | None = None

    def facts(self) -> list[str]:
        out = [f"(holding {self.held})"] if self.held else ["(arm-empty)"]
        for t in self.towers:
            out.append(f"(on-table {t[0]})")
            out += [f"(on {t[i + 1]} {t[i]})" for i in range(len(t) - 1)]
            out.append(f"(clear {t[-1]})")
        return out

    def explicit(self, should: bool) -> str:
        verb = "should be" if should else "is"
        parts = [
            f"You {'should be' if should else 'are'} holding {self.held}."
            if self.held
            else f"Your arm {verb} empty."
        ]
        for t in self.towers:
            parts.append(f"{t[0]} {verb} on the table.")
            parts += [f"{t[i + 1]} {verb} on {t[i]}." for i in range(len(t) - 1)]
            parts.append(f"{t[-1]} {verb} clear.")
        return sentences(parts)

    @property
    def heights(self) -> list[int]:
        return [len(t) for t in self.towers]


def _split(blocks: list[str], heights: list[int]) -> tuple[tuple[str, ...], ...]:
    out, i = [], 0
    for h in heights:
        out.append(tuple(blocks[i : i + h]))
        i += h
    return tuple(out)


def _partition(n: int, rng: random.Random) -> list[int]:
    heights = []
    while n > 0:
        h = rng.randint(1, n)
        heights.append(h)
        n -= h
    return heights


def _layouts(blocks: list[str], rng: random.Random) -> dict[str, tuple[Config, str, str]]:
    """Layout name -> (configuration, abstract state text, abstract goal text)."""
    n = len(blocks)
    out: dict[str, tuple[Config, str, str]] = {}
    out["on_table"] = (
        Config(_split(blocks, [1] * n)),
        "each on the table, and your arm is empty",
        "to have every block on the table and your arm empty.",
    )
    out["stacked"] = (
        Config((tuple(blocks),)),
        "stacked into a single tower, and your arm is empty",
        "to stack all the blocks into a single tower, with your arm empty.",
    )
    if n >= 1:
        out["holding_one"] = (
            Config(_split(blocks[:-1], [1] * (n - 1)), blocks[-1]),
            "all on the table except one, which you are holding",
            "to hold one block, with every other block on the table.",
        )
    k = int(((8 * n + 1) ** 0.5 - 1) / 2)
    if k * (k + 1) // 2 == n and k >= 2:
        out["staircase"] = (
            Config(_split(blocks, list(range(1, k + 1)))),
            f"arranged as a staircase of {k} towers of heights 1 to {k}, and your arm is empty",
            f"to arrange the blocks as a staircase of {k} towers of heights 1 "
            f"to {k}, with your arm empty.",
        )
    divisors = [h for h in range(2, n) if n % h == 0]
    if divisors:
        h = rng.choice(divisors)
        out["equal_towers"] = (
            Config(_split(blocks, [h] * (n // h))),
            f"stacked into {n // h} towers of equal height {h}, and your arm is empty",
            f"to stack the blocks into {n // h} towers of equal height {h}, with your arm empty.",
        )
    heights = _partition(n, rng)
    hs = ", ".join(map(str, heights))
    out["towers"] = (
        Config(_split(blocks, heights)),
        f"stacked into {len(heights)} towers of heights {hs}, and your arm is empty",
        f"to stack the blocks into {len(heights)} towers of heights {hs}, with your arm empty.",
    )
    return out


def _instance(n, init_name, init, goal_name, goal, init_abs, goal_abs, tied) -> Instance:
    blocks = " ".join(f"b{i}" for i in range(1, n + 1))
    init_facts, goal_facts = init.facts(), goal.facts()
    return Instance(
        "blocksworld",
        init_name,
        goal_name,
        problem_pddl(
            f"{init_name}_to_{goal_name}_{n}", "blocksworld", blocks, init_facts, goal_facts
        ),
        Description(
            sentences([init.explicit(False)]), f"You have {n} block{'s' * (n != 1)}, {init_abs}."
        ),
        Description("to have the following: " + goal.explicit(True), goal_abs),
        tied=tied,
        split="test" if goal_name in TEST_GOALS else "train",
        size=len(init_facts) + len(goal_facts),
    )


def generate(rng: random.Random, scale: int) -> Iterator[Instance]:
    """Every layout pair for ``scale`` blocks (block orders and heights drawn from ``rng``)."""
    n = scale
    blocks = [f"b{i}" for i in range(1, n + 1)]
    inits = _layouts(blocks, rng)
    for init_name, (init, init_abs, _) in inits.items():
        shuffled = blocks[:]
        rng.shuffle(shuffled)
        for goal_name, (goal, _, goal_abs) in _layouts(shuffled, rng).items():
            yield _instance(n, init_name, init, goal_name, goal, init_abs, goal_abs, False)
    init, init_abs, _ = inits["towers"]
    inverted = Config(tuple(tuple(reversed(t)) for t in init.towers))
    yield _instance(
        n,
        "towers",
        init,
        "invert",
        inverted,
        init_abs,
        "to invert each individual stack of blocks, such that the block that was "
        "originally on the bottom of each tower will be on the top.",
        True,
    )
    if n >= 4:
        h1 = rng.randint(2, n - 2)
        two = Config(_split(blocks, [h1, n - h1]))
        (a, *rest_a), (c, *rest_c) = two.towers
        swapped = Config(((c, *rest_a), (a, *rest_c)))
        yield _instance(
            n,
            "two_towers",
            two,
            "swap",
            swapped,
            f"stacked into 2 towers of heights {h1}, {n - h1}, and your arm is empty",
            "to swap the base blocks of the two towers, leaving the rest of each tower in place.",
            True,
        )
