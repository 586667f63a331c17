"""A complete Floor-tile planner for valid problems.

Paint jobs are independent and robots never block each other, so each job goes to a robot that
can reach a tile next to it and can hold its colour (robots the goal pins to an unavailable
initial colour never switch). Each robot paints its jobs in its initial colour first, then by
colour; finally robots switch to their goal colours and walk to their goal tiles. Moves follow
shortest paths in the robot's component.
"""

from __future__ import annotations

from collections import deque

from planetarium_plugin.parsing import Domain, Problem
from planetarium_plugin.planning import PlannerOutcome, SolveStatus

from .rules import analyse


def plan(problem: Problem, domain: Domain) -> PlannerOutcome | None:
    if problem.goal.negative:  # this planner reasons about positive goals only: decline
        return None
    an = analyse(problem)
    if an is None:
        return None
    if not an.reachable:
        return PlannerOutcome(SolveStatus.UNSOLVABLE, message="no reachable state meets the goal")
    assignment = an.assign(an.pinned)
    up = {(a.args[0], a.args[1]) for a in problem.init if a.predicate == "up"}
    right = {(a.args[0], a.args[1]) for a in problem.init if a.predicate == "right"}

    def step(x: str, y: str) -> tuple[str, str]:
        """The (move, paint) action names that go from x to y / paint y from x."""
        if (y, x) in up:
            return "up", "paint-up"
        if (x, y) in up:
            return "down", "paint-down"
        if (y, x) in right:
            return "right", "paint-right"
        return "left", "paint-left"

    def path(src: str, targets: set[str]) -> list[str]:
        prev = {src: src}
        todo = deque([src])
        while todo:
            x = todo.popleft()
            if x in targets:
                out = [x]
                while out[-1] != src:
                    out.append(prev[out[-1]])
                return out[::-1]
            for n in sorted(an.neighbours.get(x, ())):
                if n not in prev:
                    prev[n] = x
                    todo.append(n)
        raise ValueError("unreachable tile")  # excluded by the analysis

    steps: list[str] = []
    for r in an.robots:
        at, holding = an.start[r], an.colour.get(r)

        def walk(targets: set[str], r=r) -> str:
            nonlocal at
            route = path(at, targets)
            for x, y in zip(route, route[1:], strict=False):
                steps.append(f"({step(x, y)[0]} {r} {x} {y})")
            at = route[-1]
            return at

        mine = [(t, c) for (t, c), who in assignment.items() if who == r]
        mine.sort(key=lambda job: (job[1] != holding, job[1], job[0]))
        for t, c in mine:
            if c != holding:
                steps.append(f"(change-color {r} {holding} {c})")
                holding = c
            x = walk(an.neighbours[t] & an.component[r])
            steps.append(f"({step(x, t)[1]} {r} {t} {x} {c})")
        goal_colour = an.want_has.get(r)
        if goal_colour is not None and goal_colour != holding:
            steps.append(f"(change-color {r} {holding} {goal_colour})")
        if r in an.want_at:
            walk({an.want_at[r]})
    return PlannerOutcome(SolveStatus.SOLVED, tuple(steps))
