"""A complete rover-single planner for valid problems.

It follows the rules' search (:func:`.rules.search`): a path of strongly connected components
of the movement graph along which every sample, image and communication the goal needs can be
done. Inside each component the rover walks shortest paths to the sites it needs, acquires
the data, communicates what it holds from a waypoint that sees a lander, and crosses to the
next component; finally it walks to its goal waypoint.
"""

from __future__ import annotations

from collections import deque

import networkx as nx

from planetarium_plugin.parsing import Domain, Problem
from planetarium_plugin.planning import PlannerOutcome, SolveStatus

from .rules import analyse, endings, search

UNSOLVABLE = PlannerOutcome(SolveStatus.UNSOLVABLE, message="no reachable state meets the goal")


def _fill(step: tuple[str, ...], values: dict[str, str]) -> str:
    return "(" + " ".join(values.get(x, x) for x in step) + ")"


def plan(problem: Problem, domain: Domain) -> PlannerOutcome | None:
    an = analyse(problem, domain)
    if an is None:
        return None
    if an.start is None:
        solved = problem.goal.positive <= problem.init
        return PlannerOutcome(SolveStatus.SOLVED, ()) if solved else UNSOLVABLE
    if not an.reachable:
        return UNSOLVABLE
    s = search(an)
    if s is None:
        return None
    target = an.final
    if target is not None and target not in endings(an, s):
        return UNSOLVABLE

    def leads_to_target(c: int) -> bool:
        comps = nx.descendants(s.dag, c) | {c}
        return target is None or any(target in s.members[d] for d in comps)

    label = next((d for d in s.done if leads_to_target(d[0])), None)
    if label is None:
        return UNSOLVABLE
    labels = []
    while label is not None:
        labels.append(label)
        label = s.parent[label]
    labels.reverse()

    steps: list[str] = []
    pos = an.start

    def walk(targets: set[str], allowed: set[str] | frozenset[str]) -> None:
        nonlocal pos
        prev = {pos: pos}
        todo = deque([pos])
        while todo:
            x = todo.popleft()
            if x in targets:
                route = [x]
                while route[-1] != pos:
                    route.append(prev[route[-1]])
                route.reverse()
                steps.extend(f"(navigate {a} {b})" for a, b in zip(route, route[1:], strict=False))
                pos = x
                return
            for y in sorted(an.graph.successors(x)):
                if y in allowed and y not in prev:
                    prev[y] = x
                    todo.append(y)
        raise ValueError("unreachable waypoint")  # excluded by the search

    acquired: set[int] = set()
    told: set[int] = set()
    for i, (c, _, _) in enumerate(labels):
        members = s.members[c]
        for t, task in enumerate(an.tasks):
            if t not in acquired and task.sites & members:
                walk(set(task.sites & members), members)
                steps.append(_fill(task.action, {"?p": pos}))
                acquired.add(t)
        ready = [
            j
            for j, (_, t, _) in enumerate(an.comms)
            if j not in told and (t is None or t in acquired)
        ]
        points = {w for w in members if w in an.comm_points}
        if ready and points:
            walk(points, members)
            for j in ready:
                steps.append(_fill(an.comms[j][2], {"?x": pos, "?y": an.comm_points[pos]}))
                told.add(j)
        if i + 1 < len(labels):
            nxt = s.members[labels[i + 1][0]]
            u, v = next((u, v) for u, v in sorted(an.graph.edges) if u in members and v in nxt)
            walk({u}, members)
            steps.append(f"(navigate {u} {v})")
            pos = v
    if target is not None and target != pos:
        walk({target}, set(an.graph.nodes))
    return PlannerOutcome(SolveStatus.SOLVED, tuple(steps))
