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

from planetarium_plugin.parsing import Atom, Domain, Problem


def fully_specify(problem: Problem, domain: Domain) -> frozenset[Atom] | None:
    objs = problem.objects
    robots = [o for o, t in objs.items() if t == "robot"]
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
    available = {a.args[0] for a in init if a.predicate == "available-color"}
    static = {a for a in init if a.predicate in ("up", "right", "available-color", "painted")}

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

    goal = problem.goal.positive
    want_at: dict[str, str] = {}
    want_has: dict[str, str] = {}
    jobs = []
    for a in goal:
        p, args = a.predicate, a.args
        if p in ("up", "right", "available-color"):
            if a not in init:
                return goal
        elif p == "robot-at":
            if want_at.setdefault(args[0], args[1]) != args[1] or args[1] not in component[args[0]]:
                return goal
        elif p == "robot-has":
            if want_has.setdefault(args[0], args[1]) != args[1]:
                return goal
        elif p == "painted" and a not in init:
            jobs.append(args)

    def colours(r: str, keep: bool) -> set[str]:
        if r not in colour:
            return set()
        return {colour[r]} if keep else {colour[r]} | available

    def feasible(kept: set[str]) -> bool:
        """Can every paint job be done when robots in ``kept`` never switch colour?"""
        reach = {r: set().union(*(neighbours.get(t, ()) for t in component[r])) for r in robots}
        return all(
            any(t in reach[r] and c in colours(r, r in kept) for r in robots) for t, c in jobs
        )

    # Robots the goal pins to an unavailable initial colour can never switch.
    pinned = set()
    for r, c in want_has.items():
        if r not in colour or (c not in available and c != colour[r]):
            return goal
        if c not in available:
            pinned.add(r)
    if not feasible(pinned):
        return goal

    out = set(goal) | static
    for r in robots:
        if len(component[r]) == 1:
            out.add(Atom("robot-at", (r, start[r])))
        if r in want_has or r not in colour:
            continue
        finals = set(available)
        if colour[r] not in available and feasible(pinned | {r}):
            finals.add(colour[r])
        if len(finals) == 1:
            out.add(Atom("robot-has", (r, finals.pop())))
    return frozenset(out)
