"""A complete Blocks World planner for valid problems: clear everything, then build.

From a valid init every valid configuration is reachable, so a goal is solvable exactly when
its partial configuration is consistent (see the rules module). The plan puts the held block
down, unstacks every tower onto the table, builds the goal towers bottom-up, and finally
picks up the block the goal wants held. Not optimal; always valid.
"""

from __future__ import annotations

from planetarium_plugin.parsing import Domain, Problem
from planetarium_plugin.planning import PlannerOutcome, SolveStatus

from .rules import HAND, TABLE, _slots, _valid_init


def plan(problem: Problem, domain: Domain) -> PlannerOutcome | None:
    if problem.goal.negative:  # this planner reasons about positive goals only: decline
        return None
    blocks = list(problem.objects)
    if not _valid_init(problem, blocks):
        return None
    goal = _slots(problem.goal.positive, blocks)
    if goal is None:
        return PlannerOutcome(SolveStatus.UNSOLVABLE, message="goal configuration is inconsistent")
    g_below, _, g_held, _ = goal
    below, _, held, _ = _slots(problem.init, blocks)
    steps: list[str] = []
    if held:
        steps.append(f"(putdown {held[0]})")
        below[held[0]] = TABLE
    # Unstack every tower from the top down.
    on_top = {y: x for x, y in below.items() if y not in (TABLE, HAND)}
    for b in blocks:
        if below[b] == TABLE:
            tower = [b]
            while tower[-1] in on_top:
                tower.append(on_top[tower[-1]])
            for x in reversed(tower[1:]):
                steps += [f"(unstack {x} {below[x]})", f"(putdown {x})"]
    # Build goal towers bottom-up: a block is placed once what it sits on is in place.
    placed = {b for b in blocks if g_below.get(b) in (None, TABLE, HAND)}
    pending = [b for b in blocks if b not in placed]
    while pending:
        progress = [b for b in pending if g_below[b] in placed]
        for b in progress:
            steps += [f"(pickup {b})", f"(stack {b} {g_below[b]})"]
            placed.add(b)
        pending = [b for b in pending if b not in placed]
        if not progress:  # a cycle: excluded by _slots, kept as a guard
            return PlannerOutcome(SolveStatus.UNSOLVABLE, message="goal towers form a cycle")
    if g_held:  # _slots guarantees nothing sits on it
        steps.append(f"(pickup {g_held[0]})")
    return PlannerOutcome(SolveStatus.SOLVED, tuple(steps))
