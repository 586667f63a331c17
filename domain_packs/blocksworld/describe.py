"""Blocks World goals in the generator's abstract vocabulary (``DomainPack.describe_goal``).

A request may say "stack all the blocks into a single tower" where the PDDL lists ``on``
atoms; only the pack can see that the atoms form one tower. This module reads the goal's
configuration (towers bottom to top and an optional held block) from its atoms, completed by
the pack's exact ``fullySpecify`` rules (so a goal that leaves out ``clear`` atoms or a forced
``on-table`` still reads as the configuration it pins down), and says it the way
:mod:`.generate` writes abstract goals: every block on the table, one tower, a staircase,
towers of equal height, towers of given heights (every order of the heights the generator
could have drawn), one held block over a table of blocks, and the init-relative ``invert``
and ``swap`` goals. A goal that does not pin down a whole configuration gets ``()``.

>>> from planetarium_plugin.parsing import parse_problem
>>> from planetarium_domain_packs.blocksworld import PACK
>>> p = parse_problem('''(define (problem p) (:domain blocksworld) (:objects a b c)
...   (:init (arm-empty) (on-table a) (on-table b) (on-table c) (clear a) (clear b) (clear c))
...   (:goal (and (on a b) (on b c) (on-table c))))''', PACK.domain)
>>> describe_goal(p)[0]
'to stack all the blocks into a single tower, with your arm empty.'
"""

from __future__ import annotations

from collections import Counter
from math import factorial

from planetarium_plugin.parsing import Atom, Problem

from .rules import fully_specify

__all__ = ["describe_goal"]

#: Orders of tower heights written at most; beyond it only ascending and descending (the
#: aligner keeps a bounded number of sentences per problem).
MAX_ORDERS = 24

Towers = tuple[tuple[str, ...], ...]


def _configuration(atoms: frozenset[Atom], blocks: list[str]) -> tuple[Towers, str | None] | None:
    """Towers (bottom to top) and held block that ``atoms`` pin down, or None.

    Every block must have a place (table, another block, or the hand); ``clear`` and
    ``arm-empty`` atoms must agree with the configuration but may be left out, since the
    placement alone implies them.
    """
    below: dict[str, str] = {}
    above: dict[str, str] = {}
    held: list[str] = []
    table: list[str] = []
    known = set(blocks)
    for a in atoms:
        if any(x not in known for x in a.args):
            return None
        if a.predicate == "on":
            x, y = a.args
            if x == y or below.setdefault(x, y) != y or above.setdefault(y, x) != x:
                return None
        elif a.predicate == "on-table":
            if below.setdefault(a.args[0], "") != "":
                return None
            table.append(a.args[0])
        elif a.predicate == "holding":
            held.append(a.args[0])
        elif a.predicate not in ("clear", "arm-empty"):
            return None
    if len(set(held)) > 1:
        return None
    hand = held[0] if held else None
    if hand is not None and (hand in below or hand in above):
        return None
    towers = []
    placed = 0
    for base in sorted(set(table), key=blocks.index):
        tower = [base]
        while tower[-1] in above:
            tower.append(above[tower[-1]])
            if len(tower) > len(blocks):
                return None
        towers.append(tuple(tower))
        placed += len(tower)
    if placed + (hand is not None) != len(blocks):
        return None  # a block without a place, or a cycle of `on` atoms
    towers_t = tuple(towers)
    tops = {t[-1] for t in towers_t}
    for a in atoms:
        if a.predicate == "clear" and a.args[0] not in tops:
            return None
        if a.predicate == "arm-empty" and hand is not None:
            return None
    return towers_t, hand


def _facts(towers: Towers, hand: str | None) -> set[Atom]:
    out = {Atom("holding", (hand,)) if hand else Atom("arm-empty", ())}
    for t in towers:
        out.add(Atom("on-table", (t[0],)))
        out.update(Atom("on", (t[i + 1], t[i])) for i in range(len(t) - 1))
        out.add(Atom("clear", (t[-1],)))
    return out


def _orders(heights: list[int]) -> list[tuple[int, ...]]:
    """Distinct orders of ``heights`` (all, or ascending and descending past MAX_ORDERS)."""
    count = factorial(len(heights))
    for m in Counter(heights).values():
        count //= factorial(m)
    up = sorted(heights)
    if count > MAX_ORDERS:
        return list(dict.fromkeys([tuple(up), tuple(reversed(up))]))
    out, cur = [], up[:]
    while True:  # next lexicographic permutation of a multiset
        out.append(tuple(cur))
        i = len(cur) - 2
        while i >= 0 and cur[i] >= cur[i + 1]:
            i -= 1
        if i < 0:
            return out
        j = len(cur) - 1
        while cur[j] <= cur[i]:
            j -= 1
        cur[i], cur[j] = cur[j], cur[i]
        cur[i + 1 :] = reversed(cur[i + 1 :])


def _init_towers(problem: Problem, blocks: list[str]) -> Towers | None:
    """The init's towers when the init is a whole configuration with an empty arm."""
    init = _configuration(problem.init, blocks)
    if init is None or init[1] is not None or not problem.init >= _facts(*init):
        return None
    return init[0]


def describe_goal(problem: Problem) -> tuple[str, ...]:
    """Abstract goal sentences for ``problem`` (see the module docstring); ``()`` if none fit."""
    if problem.goal.numeric:
        return ()
    blocks = list(problem.objects)
    if not blocks:
        return ()
    try:
        closure = fully_specify(problem, None)  # type: ignore[arg-type]  # reads no domain
    except Exception:  # a malformed goal is simply not describable
        closure = None
    atoms = closure if closure is not None else problem.goal.positive
    config = _configuration(frozenset(atoms), blocks)
    if config is None:
        return ()
    towers, hand = config
    facts = _facts(towers, hand)
    if problem.goal.negative & facts:
        return ()
    n = len(blocks)
    if hand is not None:
        if all(len(t) == 1 for t in towers):
            return ("to hold one block, with every other block on the table.",)
        return ()
    heights = [len(t) for t in towers]
    m = len(towers)
    out = []
    if m == 1:
        out.append("to stack all the blocks into a single tower, with your arm empty.")
    if m == n:
        out.append("to have every block on the table and your arm empty.")
    if m >= 2 and sorted(heights) == list(range(1, m + 1)):
        out.append(
            f"to arrange the blocks as a staircase of {m} towers of heights 1 to {m}, "
            "with your arm empty."
        )
    if 2 <= m < n and len(set(heights)) == 1:
        out.append(
            f"to stack the blocks into {m} towers of equal height {heights[0]}, "
            "with your arm empty."
        )
    init = _init_towers(problem, blocks)
    if init is not None:
        if {tuple(reversed(t)) for t in init} == set(towers):
            out.append(
                "to invert each individual stack of blocks, such that the block that was "
                "originally on the bottom of each tower will be on the top."
            )
        if len(init) == 2:
            (a, *rest_a), (c, *rest_c) = init
            if {(c, *rest_a), (a, *rest_c)} == set(towers):
                out.append(
                    "to swap the base blocks of the two towers, leaving the rest of each "
                    "tower in place."
                )
    for order in _orders(heights):
        hs = ", ".join(map(str, order))
        out.append(f"to stack the blocks into {m} towers of heights {hs}, with your arm empty.")
    return tuple(out)
