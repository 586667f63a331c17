"""A complete Gripper planner for valid problems.

Empty the grippers, ferry every ball whose goal room differs from where it lies (up to one
ball per gripper per trip), pick up the balls the goal wants carried, then move the robot to its
goal room. With no gripper nothing can move, so only goals already true are solvable.
"""

from __future__ import annotations

from collections import defaultdict

from planetarium_plugin.parsing import Domain, Problem
from planetarium_plugin.planning import PlannerOutcome, SolveStatus

from .rules import _init_model, goal_model


def plan(problem: Problem, domain: Domain) -> PlannerOutcome | None:
    if problem.goal.negative:  # this planner reasons about positive goals only: decline
        return None
    model = _init_model(problem)
    if model is None:
        return None
    _, _, grippers, place = model
    required = goal_model(problem, model)
    if required is None:
        return PlannerOutcome(SolveStatus.UNSOLVABLE, message="no reachable state meets the goal")
    want_place, gripper_state, want_robby = required
    want_room = {b: w for b, w in want_place.items() if w not in grippers}
    want_carry = {b: g for g, b in gripper_state.items() if b}
    steps: list[str] = []
    robby = next(a.args[0] for a in problem.init if a.predicate == "at-robby")

    def move(to: str) -> None:
        nonlocal robby
        if to != robby:
            steps.append(f"(move {robby} {to})")
            robby = to

    where = dict(place)  # ball -> room or gripper
    # Balls to ferry need free grippers: then every gripper is emptied first (balls the goal
    # wants carried are picked up again at the end); otherwise only unwanted loads are dropped.
    ferry = any(where[b] != r for b, r in want_room.items())
    for b, w in sorted(place.items()):
        if w in grippers and (ferry or want_carry.get(b) != w):
            steps.append(f"(drop {b} {robby} {w})")
            where[b] = robby
    # Ferry balls in batches of up to one per free gripper, grouped by (from, to).
    trips: dict[tuple[str, str], list[str]] = defaultdict(list)
    for b, r in sorted(want_room.items()):
        if where[b] != r:
            trips[(where[b], r)].append(b)
    free = [g for g in sorted(grippers) if g not in where.values()]
    for (src, dst), group in sorted(trips.items()):
        for i in range(0, len(group), len(free)):
            batch = list(zip(group[i : i + len(free)], free, strict=False))
            move(src)
            steps += [f"(pick {b} {src} {g})" for b, g in batch]
            move(dst)
            steps += [f"(drop {b} {dst} {g})" for b, g in batch]
            for b, _ in batch:
                where[b] = dst
    for b, g in sorted(want_carry.items()):
        if where[b] != g:
            move(where[b])
            steps.append(f"(pick {b} {robby} {g})")
            where[b] = g
    if want_robby:
        move(next(iter(want_robby)))
    return PlannerOutcome(SolveStatus.SOLVED, tuple(steps))
