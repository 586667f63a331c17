"""Exact ``fullySpecify`` for Blocks World.

From a valid init every valid configuration is reachable, so an atom is implied by a goal iff
no valid completion of the goal's partial configuration violates it. Each block has a *below*
slot (table, a block, or the hand) and an *above* slot (clear, a block, or — when held —
nothing). Only three kinds of atom can be forced beyond the goal:

* ``(on-table x)``: x's below slot is open, but x can neither be held nor put on any open top
  outside its own tower;
* ``(clear y)``: y's above slot is open, but nothing can go on it and it cannot be held;
* ``(arm-empty)``: nothing in the goal is held and no block can be.

A goal whose partial configuration is inconsistent is unreachable: it is returned as written.
Inits that are not valid states make the rules decline (None): the generic search decides.
:func:`fully_specify_goal` (what the pack registers) also says whether the goal is reachable, so
a "not equivalent" verdict never needs a planner call to rule out Definition 2's
both-unreachable case.
"""

from __future__ import annotations

from planetarium_plugin.parsing import Atom, Domain, Problem
from planetarium_plugin.specify import FullySpecifiedGoal

HAND = "\0hand"
TABLE = "\0table"
CLEAR = "\0clear"


def _slots(atoms, blocks):
    """Below/above slots of a set of atoms; None if two atoms claim the same slot."""
    below: dict[str, str] = {}
    above: dict[str, str] = {}
    held = []
    arm_empty = False

    def put(slot, key, value):
        if slot.get(key, value) != value:
            return False
        slot[key] = value
        return True

    for a in atoms:
        p, args = a.predicate, a.args
        if p == "on":
            x, y = args
            if x == y or not (put(below, x, y) and put(above, y, x)):
                return None
        elif p == "on-table":
            if not put(below, args[0], TABLE):
                return None
        elif p == "clear":
            if not put(above, args[0], CLEAR):
                return None
        elif p == "holding":
            held.append(args[0])
            if not (put(below, args[0], HAND) and put(above, args[0], HAND)):
                return None
        elif p == "arm-empty":
            arm_empty = True
    if len(held) > 1 or (held and arm_empty):
        return None
    # Towers must be acyclic: walk down from every block.
    for b in blocks:
        seen = set()
        x = b
        while x in below and below[x] not in (TABLE, HAND):
            if x in seen:
                return None
            seen.add(x)
            x = below[x]
    return below, above, held, arm_empty


def _valid_init(problem: Problem, blocks) -> bool:
    s = _slots(problem.init, blocks)
    if s is None:
        return False
    below, above, held, arm_empty = s
    return len(below) == len(blocks) and len(above) == len(blocks) and arm_empty == (not held)


def fully_specify(problem: Problem, domain: Domain) -> frozenset[Atom] | None:
    blocks = list(problem.objects)
    if not _valid_init(problem, blocks):
        return None
    goal = problem.goal.positive
    s = _slots(goal, blocks)
    if s is None:
        return goal  # unreachable: no goal state to complete
    below, above, held, arm_empty = s
    # Chains of goal `on` atoms: bottom and top block of each block's partial tower.
    bottom: dict[str, str] = {}
    top: dict[str, str] = {}
    for b in blocks:
        x = b
        while below.get(x) not in (None, TABLE, HAND):
            x = below[x]
        bottom[b] = x
        y = b
        while above.get(y) not in (None, CLEAR, HAND):
            y = above[y]
        top[b] = y
    open_tops = {b for b in blocks if b not in above}
    open_bottoms = {b for b in blocks if b not in below}

    def can_hold(x: str) -> bool:
        return not arm_empty and not held and x in open_tops and x in open_bottoms

    out = set(goal)
    for x in open_bottoms:
        # x can sit on any open top outside its own tower (the top of x's tower is above x).
        placeable = len(open_tops) - (top[x] in open_tops)
        if placeable == 0 and not can_hold(x):
            out.add(Atom("on-table", (x,)))
    for y in open_tops:
        stackable = len(open_bottoms) - (bottom[y] in open_bottoms)
        if stackable == 0 and not can_hold(y):
            out.add(Atom("clear", (y,)))
    if not held and not any(can_hold(b) for b in blocks):
        out.add(Atom("arm-empty", ()))
    return frozenset(out)


def fully_specify_goal(problem: Problem, domain: Domain) -> FullySpecifiedGoal | None:
    """:func:`fully_specify` with reachability: a consistent goal is reachable from a valid init."""
    blocks = list(problem.objects)
    closure = fully_specify(problem, domain)
    if closure is None:
        return None
    reachable = _slots(problem.goal.positive, blocks) is not None
    return FullySpecifiedGoal(closure, frozenset(), frozenset(), "rules", reachable=reachable)
