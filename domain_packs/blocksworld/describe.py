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

Each sentence also comes in two or three alternative wordings (:func:`goal_wordings`), since
users write requests in their own words ("build one tower out of all the blocks") and the
aligner should match those as well as the generator's text. The alternatives say the same
thing with the same numbers; each generator sentence comes first, followed by its
alternatives. Of the many orders of a "towers of heights" sentence only the ascending one
gets alternatives (bounded output).

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

__all__ = ["describe_goal", "goal_wordings"]

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


def _and(items: list[str]) -> str:
    """``a, b and c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _heights_wordings(m: int, order: tuple[int, ...]) -> tuple[str, ...]:
    """Alternatives of "m towers of heights …" (the ascending order only, see the brief)."""
    hs = _and([str(h) for h in order])
    towers = "tower" if m == 1 else "towers"
    stacks = "stack" if m == 1 else "stacks"
    piles = "pile" if m == 1 else "piles"
    return (
        f"build {m} {towers} out of the blocks, with {hs} blocks, and leave your arm empty.",
        f"to arrange the blocks into {m} {stacks} that are {hs} blocks tall, "
        "with nothing in your hand.",
        f"make {m} {piles} of blocks whose heights are {hs}, keeping the arm empty at the end.",
    )


def goal_wordings(problem: Problem) -> tuple[tuple[str, ...], ...]:
    """Each meaning the goal has in the abstract vocabulary: the generator's sentence, then
    its alternative wordings (same numbers, same conditions); ``()`` if none fit.

    >>> from planetarium_plugin.parsing import parse_problem
    >>> from planetarium_domain_packs.blocksworld import PACK
    >>> p = parse_problem('''(define (problem p) (:domain blocksworld) (:objects a b)
    ...   (:init (arm-empty) (on-table a) (on-table b) (clear a) (clear b))
    ...   (:goal (and (on a b) (on-table b))))''', PACK.domain)
    >>> for s in goal_wordings(p)[0]: print(s)
    to stack all the blocks into a single tower, with your arm empty.
    build one tower containing every block, and leave the hand empty.
    put all of the blocks in a single stack, holding nothing at the end.
    to pile every block on top of each other in one tower, your arm left empty.
    """
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
            return (
                (
                    "to hold one block, with every other block on the table.",
                    "pick up one block and leave all the other blocks on the table.",
                    "to have a single block in your hand while the rest sit directly on "
                    "the table.",
                    "end up holding one block, every remaining block lying on the table.",
                ),
            )
        return ()
    heights = [len(t) for t in towers]
    m = len(towers)
    out: list[tuple[str, ...]] = []
    if m == 1:
        out.append(
            (
                "to stack all the blocks into a single tower, with your arm empty.",
                "build one tower containing every block, and leave the hand empty.",
                "put all of the blocks in a single stack, holding nothing at the end.",
                "to pile every block on top of each other in one tower, your arm left empty.",
            )
        )
    if m == n:
        out.append(
            (
                "to have every block on the table and your arm empty.",
                "put all the blocks down on the table and leave your hand empty.",
                "unstack everything so that each block sits directly on the table, with "
                "nothing held.",
                "to end with no block on top of another, all of them on the table, and the "
                "arm free.",
            )
        )
    if m >= 2 and sorted(heights) == list(range(1, m + 1)):
        out.append(
            (
                f"to arrange the blocks as a staircase of {m} towers of heights 1 to {m}, "
                "with your arm empty.",
                f"build a staircase out of the blocks: {m} towers, 1 to {m} blocks tall, "
                "and nothing left in your hand.",
                f"to make {m} stacks whose heights run from 1 up to {m}, like steps, "
                "keeping your arm empty.",
                f"line the blocks up in {m} piles going 1 through {m} blocks high so they "
                "form a staircase, with an empty arm.",
            )
        )
    if 2 <= m < n and len(set(heights)) == 1:
        h = heights[0]
        out.append(
            (
                f"to stack the blocks into {m} towers of equal height {h}, "
                "with your arm empty.",
                f"build {m} towers of {h} blocks each and leave your arm empty.",
                f"split the blocks into {m} stacks that are all {h} blocks high, holding "
                "nothing at the end.",
                f"to arrange the blocks in {m} equally tall piles, each of height {h}, with "
                "the arm empty.",
            )
        )
    init = _init_towers(problem, blocks)
    if init is not None:
        if {tuple(reversed(t)) for t in init} == set(towers):
            out.append(
                (
                    "to invert each individual stack of blocks, such that the block that was "
                    "originally on the bottom of each tower will be on the top.",
                    "turn every tower upside down, so that each tower's bottom block ends up "
                    "on top.",
                    "to reverse the order of the blocks in each stack, the block at the "
                    "bottom becoming the top one.",
                    "flip each stack of blocks over: whatever was at the base of a tower "
                    "should finish at its top.",
                )
            )
        if len(init) == 2:
            (a, *rest_a), (c, *rest_c) = init
            if {(c, *rest_a), (a, *rest_c)} == set(towers):
                out.append(
                    (
                        "to swap the base blocks of the two towers, leaving the rest of each "
                        "tower in place.",
                        "exchange the bottom blocks of the two towers while the other blocks "
                        "of each tower stay where they are.",
                        "to switch the blocks at the bottom of the two stacks; the rest of "
                        "each stack keeps its position.",
                        "trade the lowest blocks of the two towers with each other, so each "
                        "tower keeps its upper blocks on its new base.",
                    )
                )
    for i, order in enumerate(_orders(heights)):
        hs = ", ".join(map(str, order))
        gen = f"to stack the blocks into {m} towers of heights {hs}, with your arm empty."
        out.append((gen, *_heights_wordings(m, order)) if i == 0 else (gen,))
    return tuple(out)


def describe_goal(problem: Problem) -> tuple[str, ...]:
    """Abstract goal sentences for ``problem`` (see the module docstring); ``()`` if none fit.

    Each generator sentence is followed by its alternative wordings.
    """
    return tuple(s for g in goal_wordings(problem) for s in g)
