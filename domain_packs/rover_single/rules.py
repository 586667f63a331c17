"""Exact ``fullySpecify`` for rover-single (one implicit rover).

Only the rover's position and the monotone data facts (``have_*``, ``communicated_*``) ever
change: sampling keeps the sample, and communicating re-adds ``available`` and ``channel_free``
after deleting them (add-after-delete), so every other init fact holds in every reachable state.
A reachable goal state with the fewest data facts holds only the init's, the goal's and the
analyses/images that goal communications need (``have_soil_analysis p`` for a goal
``communicated_soil_data p`` not already true, and likewise for rock and image data); those
are implied, nothing else is. ``(at_rover w)`` is implied when w is the only waypoint where the
rover can end in a goal state.

Where it can end is decided on the movement graph (``can_traverse`` ∧ ``visible`` between
waypoints, only while ``available``) condensed into strongly connected components: a walk is
a path of components, inside one every waypoint can be visited in any order, and acquiring or
communicating data as early as possible never hurts. A search over (component, acquired,
communicated) finds the components where every task can be done; the rover can end anywhere
from there on.

Inits with two or more ``at_rover`` facts are not states of this domain: the rules decline
(None). So do problems whose task search passes ``MAX_LABELS`` (the generic search decides).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

import networkx as nx

from planetarium_plugin.parsing import Atom, Domain, Problem
from planetarium_plugin.specify import FullySpecifiedGoal

STATIC = frozenset(
    {
        "at_lander",
        "can_traverse",
        "visible",
        "supports",
        "available",
        "at_rock_sample",
        "at_soil_sample",
        "visible_from",
        "channel_free",
    }
)
MAX_LABELS = 100_000


@dataclass(frozen=True)
class Task:
    """Data to acquire: the fact, the action that makes it, and where it can be done."""

    fact: Atom
    sites: frozenset[str]
    action: tuple[str, ...]  # the step; "?p" stands for the site


@dataclass
class Analysis:
    """What the init allows and what the goal asks; shared by the rules and the planner."""

    start: str | None  # None: the rover cannot act at all
    graph: nx.DiGraph
    comm_points: dict[str, str]  # waypoint -> a lander waypoint visible from it
    tasks: list[Task] = field(default_factory=list)
    #: goal communications: fact, the task making its data (None: held), the step ("?x", "?y":
    #: the rover's and the lander's waypoints)
    comms: list[tuple[Atom, int | None, tuple[str, ...]]] = field(default_factory=list)
    implied: set[Atom] = field(default_factory=set)
    final: str | None = None  # the goal's at_rover, if any
    reachable: bool = True


def analyse(problem: Problem, domain: Domain) -> Analysis | None:
    """None for inits with several rover positions."""
    init = problem.init

    def of(obj: str, typ: str) -> bool:
        return obj in problem.objects and domain.is_subtype(problem.objects[obj], typ)

    at = [a.args[0] for a in init if a.predicate == "at_rover"]
    if len(at) > 1:
        return None
    avail = Atom("available", ()) in init
    chan = Atom("channel_free", ()) in init
    graph = nx.DiGraph()
    start = at[0] if at and of(at[0], "waypoint") else None
    if start is not None:
        graph.add_node(start)
    if avail:
        graph.add_edges_from(
            a.args
            for a in init
            if a.predicate == "can_traverse"
            and a.args[0] != a.args[1]
            and all(of(x, "waypoint") for x in a.args)
            and Atom("visible", a.args) in init
        )
    landers = {a.args[0] for a in init if a.predicate == "at_lander" and of(a.args[0], "waypoint")}
    comm_points: dict[str, str] = {}
    if avail and chan:
        for a in sorted(init):
            if a.predicate == "visible" and a.args[1] in landers and of(a.args[0], "waypoint"):
                comm_points.setdefault(a.args[0], a.args[1])
    an = Analysis(start, graph, comm_points)
    cameras = {
        m: sorted(a.args[0] for a in init if a.predicate == "supports" and a.args[1] == m)
        for m in {a.args[1] for a in init if a.predicate == "supports"}
    }
    by_fact: dict[Atom, int] = {}

    def acquire(fact: Atom) -> int | None:
        """The task index making ``fact`` (None when it already holds); -1 when impossible."""
        if fact in init:
            return None
        if fact in by_fact:
            return by_fact[fact]
        p, args = fact.predicate, fact.args
        sites: set[str] = set()
        action: tuple[str, ...] = ()
        if p in ("have_soil_analysis", "have_rock_analysis"):
            kind = p.split("_")[1]
            if of(args[0], "waypoint") and Atom(f"at_{kind}_sample", args) in init:
                sites = {args[0]}
                action = (f"sample_{kind}", "?p")
        elif p == "have_image":
            o, m = args
            cams = [i for i in cameras.get(m, ()) if of(i, "camera")]
            if of(o, "objective") and of(m, "mode") and cams:
                sites = {
                    a.args[1]
                    for a in init
                    if a.predicate == "visible_from"
                    and a.args[0] == o
                    and of(a.args[1], "waypoint")
                }
                action = ("take_image", "?p", o, cams[0], m)
        if not sites or start is None:
            return -1
        by_fact[fact] = len(an.tasks)
        an.tasks.append(Task(fact, frozenset(sites), action))
        return by_fact[fact]

    finals = set()
    for a in sorted(problem.goal.positive):
        p, args = a.predicate, a.args
        if p in STATIC:
            an.reachable &= a in init
        elif p == "at_rover":
            finals.add(args[0])
        elif p.startswith("have_"):
            an.reachable &= acquire(a) != -1
        elif a not in init:  # a communication
            if p == "communicated_image_data":
                data = Atom("have_image", args)
                ok = of(args[0], "objective") and of(args[1], "mode")
                step = ("communicate_image_data", *args, "?x", "?y")
            else:
                kind = p.split("_")[1]
                data = Atom(f"have_{kind}_analysis", args)
                ok = of(args[0], "waypoint")
                step = (f"communicate_{kind}_data", args[0], "?x", "?y")
            task = acquire(data) if ok else -1
            an.reachable &= ok and task != -1 and bool(comm_points) and start is not None
            if task is not None and task != -1:
                an.implied.add(data)
            an.comms.append((a, task if task != -1 else None, step))
    if len(finals) > 1:
        an.reachable = False
    elif finals:
        an.final = finals.pop()
    return an


@dataclass
class Search:
    """Reachable (component, acquired, communicated) labels with back-pointers."""

    comp: dict[str, int]
    members: dict[int, frozenset[str]]
    dag: nx.DiGraph
    done: list[tuple[int, int, int]]  # labels where every task is done
    parent: dict[tuple[int, int, int], tuple[int, int, int] | None]


def search(an: Analysis) -> Search | None:
    """Every label reachable from the start; None past ``MAX_LABELS``."""
    g = an.graph.subgraph(nx.descendants(an.graph, an.start) | {an.start})
    cond = nx.condensation(g)
    comp = cond.graph["mapping"]
    members = {c: frozenset(cond.nodes[c]["members"]) for c in cond.nodes}
    hits = {
        c: sum(1 << i for i, t in enumerate(an.tasks) if t.sites & members[c]) for c in cond.nodes
    }
    talk = {c: any(w in an.comm_points for w in members[c]) for c in cond.nodes}
    all_tasks = (1 << len(an.tasks)) - 1
    all_comms = (1 << len(an.comms)) - 1

    def enter(c: int, acq: int, com: int) -> tuple[int, int, int]:
        acq |= hits[c]
        if talk[c]:
            for j, (_, task, _) in enumerate(an.comms):
                if task is None or acq >> task & 1:
                    com |= 1 << j
        return c, acq, com

    first = enter(comp[an.start], 0, 0)
    parent: dict[tuple[int, int, int], tuple[int, int, int] | None] = {first: None}
    todo = deque([first])
    done = []
    while todo:
        label = todo.popleft()
        c, acq, com = label
        if acq == all_tasks and com == all_comms:
            done.append(label)
            continue  # nothing left to do: descendants are reached by walking on
        for d in cond.successors(c):
            nxt = enter(d, acq, com)
            if nxt not in parent:
                if len(parent) >= MAX_LABELS:
                    return None
                parent[nxt] = label
                todo.append(nxt)
    return Search(comp, members, cond, done, parent)


def endings(an: Analysis, s: Search) -> set[str]:
    """Waypoints where the rover can be in a reachable goal state (goal position aside)."""
    comps = {c for c, _, _ in s.done}
    for c in list(comps):
        comps |= nx.descendants(s.dag, c)
    return set().union(*(s.members[c] for c in comps)) if comps else set()


def fully_specify(problem: Problem, domain: Domain) -> frozenset[Atom] | None:
    """The positive closure of the goal (as written when unreachable); None: rules decline."""
    fs = fully_specify_goal(problem, domain)
    return None if fs is None else fs.positive


def _closed(atoms, reachable: bool) -> FullySpecifiedGoal:
    return FullySpecifiedGoal(frozenset(atoms), frozenset(), frozenset(), "rules", reachable)


def fully_specify_goal(problem: Problem, domain: Domain) -> FullySpecifiedGoal | None:
    """The closure with reachability (what the pack registers): no planner call is needed to
    tell an unreachable goal from a reachable one."""
    an = analyse(problem, domain)
    if an is None:
        return None
    goal = problem.goal.positive
    if an.start is None:  # nothing can ever happen
        if goal <= problem.init:
            return _closed(problem.init, True)
        return _closed(goal, False)
    if not an.reachable:
        return _closed(goal, False)
    s = search(an)
    if s is None:
        return None
    ends = endings(an, s)
    if not ends or (an.final is not None and an.final not in ends):
        return _closed(goal, False)
    out = set(goal) | {a for a in problem.init if a.predicate != "at_rover"} | an.implied
    if len(ends) == 1:
        out.add(Atom("at_rover", (ends.pop(),)))
    return _closed(out, True)
