"""Exact ``fullySpecify`` for IPC Rovers, on the problems where every rover can drive back.

The rules apply when each rover stands on one waypoint and can return from every waypoint it
can reach (its reachable waypoints are strongly connected: it can visit them in any order and
end on any of them), each store is either empty or full, no camera is a one-shot camera (one
calibrated in the init whose rover cannot reach a waypoint to calibrate it again) and the goal
asks no initially empty store to be full. Then the goal's needs are independent per sample site
and per image, and:

* static facts, ``available``, ``channel_free`` and every ``have_*``/``communicated_*`` fact of
  the init hold in every reachable state;
* ``(at r w)`` is implied when r can reach no other waypoint;
* a sample ``(at_soil_sample w)`` of the init is implied unless some goal plan samples w: a rover
  must (the goal wants its analysis) or may (it can sample w and the goal can still be met —
  w is not kept by the goal, and any report of w's data can still be sent);
* ``(empty s)`` of the init is implied unless an owner of s samples in some goal plan;
  ``(full s)`` unless s has an owner (who can drop it at the end);
* ``(calibrated c r)`` of the init is implied unless r can take an image with c;
* an analysis or image the goal needs communicated (and no rover holds yet) is implied for
  rover r when r is the only rover that can both get it and send it.

Elsewhere the rules decline (None) and the generic search decides. Unreachable goals are
returned as written.
"""

from __future__ import annotations

from collections import defaultdict

from planetarium_plugin.parsing import Atom, Domain, Problem
from planetarium_plugin.specify import FullySpecifiedGoal

DYNAMIC = frozenset(
    {"at", "at_soil_sample", "at_rock_sample", "empty", "full", "calibrated"}
)  # init facts that can change (besides the monotone have_*/communicated_* that only appear)
MONOTONE = ("have_soil_analysis", "have_rock_analysis", "have_image")
COMMS = ("communicated_soil_data", "communicated_rock_data", "communicated_image_data")
STATIC_GOALS = frozenset(
    {
        "at_lander",
        "can_traverse",
        "equipped_for_soil_analysis",
        "equipped_for_rock_analysis",
        "equipped_for_imaging",
        "supports",
        "available",
        "visible",
        "visible_from",
        "store_of",
        "calibration_target",
        "on_board",
        "channel_free",
    }
)


def _closure(start: str, edges: dict[str, set[str]]) -> set[str]:
    """The nodes reachable from ``start`` along ``edges`` (start included)."""
    seen, todo = {start}, [start]
    while todo:
        for nxt in edges.get(todo.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


class _World:
    """What each rover can do, from the init alone."""

    def __init__(self, problem: Problem, domain: Domain) -> None:
        init = problem.init
        self.init = init
        kinds: dict[str, list[str]] = defaultdict(list)
        for o, t in problem.objects.items():
            for k in ("rover", "waypoint", "store", "camera", "mode", "lander", "objective"):
                if domain.is_subtype(t, k):
                    kinds[k].append(o)
        self.rovers = kinds["rover"]
        self.stores = kinds["store"]
        by: dict[str, list[tuple[str, ...]]] = defaultdict(list)
        for a in init:
            by[a.predicate].append(a.args)
        self.by = by
        self.start: dict[str, str] = {}
        self.valid = True
        for r, w in by["at"]:
            self.valid &= r not in self.start
            self.start[r] = w
        self.valid &= set(self.start) == set(self.rovers)
        full, empty = {s for (s,) in by["full"]}, {s for (s,) in by["empty"]}
        self.valid &= not (full & empty) and full | empty == set(self.stores)
        self.owners: dict[str, set[str]] = defaultdict(set)
        self.has_store: set[str] = set()
        for s, r in by["store_of"]:
            self.owners[s].add(r)
            self.has_store.add(r)
        self.region: dict[str, set[str]] = {}
        forward: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        backward: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        for x, y, z in by["can_traverse"]:
            if y != z and Atom("visible", (y, z)) in init:
                forward[x][y].add(z)
                backward[x][z].add(y)
        for r in self.rovers if self.valid else ():
            start = self.start[r]
            moves = Atom("available", (r,)) in init
            reach = _closure(start, forward[r]) if moves else {start}
            self.region[r] = reach
            back = _closure(start, backward[r]) if moves else {start}
            self.valid &= reach <= back
        landers = {y for lnd, y in by["at_lander"] if Atom("channel_free", (lnd,)) in init}
        talk = {x for x, y in by["visible"] if y in landers}
        self.can_comm = {
            r
            for r in self.rovers
            if self.valid and Atom("available", (r,)) in init and self.region[r] & talk
        }
        seen_from: dict[str, set[str]] = defaultdict(set)
        for o, w in by["visible_from"]:
            seen_from[o].add(w)
        self.seen_from = seen_from
        self.modes: dict[str, set[str]] = defaultdict(set)
        for c, m in by["supports"]:
            self.modes[c].add(m)
        targets: dict[str, set[str]] = defaultdict(set)
        for c, t in by["calibration_target"]:
            targets[c].add(t)
        imaging = {r for (r,) in by["equipped_for_imaging"]}
        self.cameras: dict[str, list[str]] = defaultdict(list)  # rover -> usable cameras
        self.cal_reachable: set[tuple[str, str]] = set()
        for c, r in by["on_board"] if self.valid else ():
            if r not in imaging:
                continue
            self.cameras[r].append(c)
            if any(seen_from[t] & self.region[r] for t in targets[c]):
                self.cal_reachable.add((c, r))
            elif Atom("calibrated", (c, r)) in init:
                self.valid = False  # a one-shot camera: not handled here
        self.equipped = {
            "soil": {r for (r,) in by["equipped_for_soil_analysis"]},
            "rock": {r for (r,) in by["equipped_for_rock_analysis"]},
        }

    def can_sample(self, kind: str, r: str, w: str) -> bool:
        return (
            r in self.equipped[kind]
            and r in self.has_store
            and w in self.region[r]
            and Atom(f"at_{kind}_sample", (w,)) in self.init
        )

    def can_image(self, r: str, o: str, m: str) -> bool:
        return bool(self.seen_from[o] & self.region[r]) and any(
            m in self.modes[c] and (c, r) in self.cal_reachable for c in self.cameras[r]
        )

    def any_image(self, c: str, r: str) -> bool:
        """r can take some image with c, c being calibrated now."""
        return (
            c in self.cameras[r]
            and bool(self.modes[c])
            and any(ws & self.region[r] for ws in self.seen_from.values())
        )


def fully_specify(problem: Problem, domain: Domain) -> frozenset[Atom] | None:
    """The positive closure of the goal (as written when unreachable); None: rules decline."""
    fs = fully_specify_goal(problem, domain)
    return None if fs is None else fs.positive


def _closed(atoms, reachable: bool) -> FullySpecifiedGoal:
    return FullySpecifiedGoal(frozenset(atoms), frozenset(), frozenset(), "rules", reachable)


def fully_specify_goal(problem: Problem, domain: Domain) -> FullySpecifiedGoal | None:
    """The closure with reachability (what the pack registers): no planner call is needed to
    tell an unreachable goal from a reachable one."""
    world = _World(problem, domain)
    if not world.valid:
        return None
    init, goal = problem.init, problem.goal.positive
    reachable = True
    forced: dict[tuple[str, str], set[str]] = defaultdict(set)  # (kind, w) -> samplers
    kept: set[tuple[str, str]] = set()
    ends: dict[str, str] = {}  # rover -> its goal waypoint
    reports: list[tuple[str, tuple[str, ...]]] = []  # (kind, data key)
    for a in goal:
        p, args = a.predicate, a.args
        if p == "at":
            reachable &= args[1] in world.region.get(args[0], ())
            reachable &= ends.setdefault(args[0], args[1]) == args[1]
        elif a in init:
            continue
        elif p in STATIC_GOALS:
            reachable = False
        elif p in ("have_soil_analysis", "have_rock_analysis"):
            kind = p.split("_")[1]
            forced[kind, args[1]].add(args[0])
            reachable &= world.can_sample(kind, *args)
        elif p == "have_image":
            reachable &= world.can_image(*args)
        elif p in ("at_soil_sample", "at_rock_sample"):
            reachable = False  # a used sample never comes back
        elif p == "full":
            return None  # an empty store to be filled: not handled here
        elif p == "empty":
            reachable &= bool(world.owners[args[0]]) and Atom("full", args) not in goal
        elif p == "calibrated":
            reachable &= (args[0], args[1]) in world.cal_reachable
        elif p in COMMS:
            kind = p.split("_")[1]
            reports.append((kind, args))
    for a in goal:
        if a.predicate in ("at_soil_sample", "at_rock_sample") and a in init:
            kept.add((a.predicate.split("_")[1], a.args[0]))
    for (kind, w), samplers in forced.items():
        reachable &= len(samplers) == 1 and (kind, w) not in kept

    held: dict[tuple[str, tuple[str, ...]], set[str]] = defaultdict(set)
    for a in init:
        if a.predicate in MONOTONE and a.args[0] in world.can_comm:
            kind = "image" if a.predicate == "have_image" else a.predicate.split("_")[1]
            held[kind, a.args[1:]].add(a.args[0])

    def holders(kind: str, key: tuple[str, ...]) -> set[str]:
        """Rovers holding the data in the init that can send it."""
        return held.get((kind, key), set())

    def senders(kind: str, key: tuple[str, ...]) -> set[str]:
        """Rovers that can hold the data in some goal plan and send it."""
        out = holders(kind, key)
        if kind == "image":
            return out | {r for r in world.can_comm if world.can_image(r, *key)}
        w = key[0]
        if forced.get((kind, w)):
            return out | (forced[kind, w] & world.can_comm)
        if (kind, w) in kept:
            return out
        return out | {r for r in world.can_comm if world.can_sample(kind, r, w)}

    implied: set[Atom] = set()
    reported: set[tuple[str, str]] = set()
    for kind, key in reports:
        who = senders(kind, key)
        reachable &= bool(who)
        if kind != "image":
            reported.add((kind, key[0]))
        if len(who) == 1 and not holders(kind, key):
            r = next(iter(who))
            pred = "have_image" if kind == "image" else f"have_{kind}_analysis"
            implied.add(Atom(pred, (r, *key)))
    if not reachable:
        return _closed(goal, False)

    def may_sample(kind: str, r: str, w: str) -> bool:
        """Some goal plan has r sample w."""
        if forced.get((kind, w)):
            return forced[kind, w] == {r}
        if (kind, w) in kept or not world.can_sample(kind, r, w):
            return False
        return (kind, w) not in reported or bool(holders(kind, (w,))) or r in world.can_comm

    sites = [(k, w) for k in ("soil", "rock") for (w,) in world.by[f"at_{k}_sample"]]
    out = set(goal) | implied
    out |= {a for a in init if a.predicate not in DYNAMIC}
    for r in world.rovers:
        if len(world.region[r]) == 1:
            out.add(Atom("at", (r, world.start[r])))
    for kind, w in sites:
        if not any(may_sample(kind, r, w) for r in world.rovers):
            out.add(Atom(f"at_{kind}_sample", (w,)))
    samplers = {r for r in world.has_store if any(may_sample(k, r, w) for k, w in sites)}
    for (s,) in world.by["empty"]:
        if not world.owners[s] & samplers:
            out.add(Atom("empty", (s,)))
    for (s,) in world.by["full"]:
        if not world.owners[s]:
            out.add(Atom("full", (s,)))
    for c, r in world.by["calibrated"]:
        if not world.any_image(c, r):
            out.add(Atom("calibrated", (c, r)))
    return _closed(out, True)
