"""Exact ``fullySpecify`` for the simplified Floor-tile domain.

Robots never block each other and painting never un-paints, so:

* grid facts (``up``, ``right``), ``available-color`` and every tile painted in the init hold in
  every reachable state;
* a robot's final tile is free within its connected component: ``(robot-at r t)`` is implied
  only when the robot's start tile has no neighbour;
* a robot can end holding any available colour (it can switch last), and its initial colour c0
  too if the goal can be reached without it ever switching away from c0 (once it switches it
  can only return to c0 if c0 is available). ``(robot-has r c)`` is implied when exactly one
  final colour is possible — e.g. no colour is available, or c0 is the only available colour.

Paint jobs are independent: a job ``(painted t c)`` needs some robot that can reach a tile next
to t and can hold c. Unreachable goals are returned as written; invalid inits decline (None).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from planetarium_plugin.parsing import Atom, Domain, Problem
from planetarium_plugin.specify import FullySpecifiedGoal


@dataclass
class Analysis:
    """What the init and the goal allow; shared by the rules and the planner."""

    robots: list[str]
    start: dict[str, str]
    colour: dict[str, str]  # robot -> initial colour (absent: none)
    neighbours: dict[str, set[str]]
    available: set[str]
    component: dict[str, set[str]]
    want_at: dict[str, str] = field(default_factory=dict)
    want_has: dict[str, str] = field(default_factory=dict)
    jobs: list[tuple[str, str]] = field(default_factory=list)
    pinned: set[str] = field(default_factory=set)  # robots that may never switch colour
    reachable: bool = True

    def colours(self, r: str, keep: bool) -> set[str]:
        if r not in self.colour:
            return set()
        return {self.colour[r]} if keep else {self.colour[r]} | self.available

    def reach(self, r: str) -> set[str]:
        """Tiles robot r can paint: neighbours of its component."""
        return set().union(*(self.neighbours.get(t, ()) for t in self.component[r]))

    def assign(self, kept: set[str]) -> dict[tuple[str, str], str] | None:
        """A robot for every paint job when robots in ``kept`` never switch colour, or None."""
        out = {}
        for t, c in self.jobs:
            r = next(
                (r for r in self.robots if t in self.reach(r) and c in self.colours(r, r in kept)),
                None,
            )
            if r is None:
                return None
            out[t, c] = r
        return out


def analyse(problem: Problem) -> Analysis | None:
    """None for an invalid init; ``reachable`` False when no reachable state meets the goal."""
    robots = [o for o, t in problem.objects.items() if t == "robot"]
    init = problem.init
    start: dict[str, str] = {}
    colour: dict[str, str] = {}
    for a in init:
        if a.predicate == "robot-at":
            if a.args[0] in start:
                return None
            start[a.args[0]] = a.args[1]
        elif a.predicate == "robot-has":
            if a.args[0] in colour:
                return None
            colour[a.args[0]] = a.args[1]
    if set(start) != set(robots):
        return None
    neighbours: dict[str, set[str]] = {}
    for a in init:
        if a.predicate in ("up", "right"):
            x, y = a.args
            neighbours.setdefault(x, set()).add(y)
            neighbours.setdefault(y, set()).add(x)
    component: dict[str, set[str]] = {}
    for r in robots:
        seen = {start[r]}
        todo = [start[r]]
        while todo:
            for n in neighbours.get(todo.pop(), ()):
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        component[r] = seen
    available = {a.args[0] for a in init if a.predicate == "available-color"}
    an = Analysis(robots, start, colour, neighbours, available, component)
    for a in problem.goal.positive:
        p, args = a.predicate, a.args
        if p in ("up", "right", "available-color"):
            an.reachable &= a in init
        elif p == "robot-at":
            an.reachable &= an.want_at.setdefault(args[0], args[1]) == args[1]
            an.reachable &= args[1] in component[args[0]]
        elif p == "robot-has":
            an.reachable &= an.want_has.setdefault(args[0], args[1]) == args[1]
        elif p == "painted" and a not in init:
            an.jobs.append(args)
    for r, c in an.want_has.items():
        if r not in colour or (c not in available and c != colour[r]):
            an.reachable = False
        elif c not in available:
            an.pinned.add(r)  # pinned to an unavailable initial colour: never switch
    if an.reachable and an.assign(an.pinned) is None:
        an.reachable = False
    return an


def fully_specify(problem: Problem, domain: Domain) -> frozenset[Atom] | None:
    """The positive closure of the goal (as written when unreachable); None: invalid init."""
    fs = fully_specify_goal(problem, domain)
    return None if fs is None else fs.positive


def fully_specify_goal(problem: Problem, domain: Domain) -> FullySpecifiedGoal | None:
    """The closure with reachability (what the pack registers): no planner call is needed to
    tell an unreachable goal from a reachable one."""
    an = analyse(problem)
    if an is None:
        return None
    goal = problem.goal.positive
    if not an.reachable:
        return FullySpecifiedGoal(goal, frozenset(), frozenset(), "rules", reachable=False)
    static = {
        a for a in problem.init if a.predicate in ("up", "right", "available-color", "painted")
    }
    out = set(goal) | static
    for r in an.robots:
        if len(an.component[r]) == 1:
            out.add(Atom("robot-at", (r, an.start[r])))
        if r in an.want_has or r not in an.colour:
            continue
        finals = set(an.available)
        if an.colour[r] not in an.available and an.assign(an.pinned | {r}) is not None:
            finals.add(an.colour[r])
        if len(finals) == 1:
            out.add(Atom("robot-has", (r, finals.pop())))
    return FullySpecifiedGoal(frozenset(out), frozenset(), frozenset(), "rules", reachable=True)
