"""Exact ``fullySpecify`` for Gripper.

From a valid init (types as unary facts, robby in one room, each ball in one room or one
gripper, each gripper free or holding one ball) with at least one gripper, every configuration
is reachable: the robot moves freely, and any ball can go to any room or any gripper. Implied
beyond the goal:

* all type facts (``room``, ``ball``, ``gripper``) — they are static;
* ``(at-robby r)`` when r is the only room;
* ``(at b r)`` for a ball the goal leaves unplaced, when r is the only room and no gripper is
  left open to carry it;
* ``(free g)`` for a gripper the goal leaves open, when every ball's place is fixed;
* with no gripper at all, nothing moves: every ball stays where it is.

Goals that restate type facts change none of this. Inconsistent goals are returned as written;
invalid inits make the rules decline (None).
"""

from __future__ import annotations

from planetarium_plugin.parsing import Atom, Domain, Problem
from planetarium_plugin.specify import FullySpecifiedGoal

TYPES = ("room", "ball", "gripper")


def _init_model(problem: Problem):
    kinds: dict[str, set[str]] = {t: set() for t in TYPES}
    for a in problem.init:
        if a.predicate in kinds:
            kinds[a.predicate].add(a.args[0])
    rooms, balls, grippers = kinds["room"], kinds["ball"], kinds["gripper"]
    if rooms & balls or rooms & grippers or balls & grippers:
        return None
    robby = [a.args[0] for a in problem.init if a.predicate == "at-robby"]
    if len(robby) != 1 or robby[0] not in rooms:
        return None
    place: dict[str, str] = {}
    held_by: dict[str, str] = {}
    free = set()
    for a in problem.init:
        if a.predicate == "at":
            b, r = a.args
            if b not in balls or r not in rooms or b in place:
                return None
            place[b] = r
        elif a.predicate == "carry":
            b, g = a.args
            if b not in balls or g not in grippers or b in place or g in held_by:
                return None
            place[b] = g
            held_by[g] = b
        elif a.predicate == "free":
            if a.args[0] not in grippers:
                return None
            free.add(a.args[0])
    if set(place) != balls or free & set(held_by) or free | set(held_by) != grippers:
        return None
    return rooms, balls, grippers, place


def goal_model(problem: Problem, model):
    """The goal's requirements, or None when no reachable state can meet them.

    Returns ``(place, gripper_state, robby)``: ball -> room or gripper, gripper -> carried ball
    ("" for free), and the set of goal rooms of the robot (at most one).
    """
    rooms, balls, grippers, init_place = model
    static = {a for a in problem.init if a.predicate in TYPES}
    kind = {a.args[0]: a.predicate for a in static}
    place: dict[str, str] = {}
    gripper_state: dict[str, str] = {}
    robby: set[str] = set()
    for a in problem.goal.positive:
        p, args = a.predicate, a.args
        if p in TYPES:
            if a not in static:
                return None  # type facts never change
        elif p == "at-robby":
            robby.add(args[0])
            if kind.get(args[0]) != "room":
                return None
        elif p in ("at", "carry"):
            b, where = args
            want = "room" if p == "at" else "gripper"
            if kind.get(b) != "ball" or kind.get(where) != want:
                return None
            if place.setdefault(b, where) != where:
                return None
            if p == "carry" and gripper_state.setdefault(where, b) != b:
                return None
        elif p == "free" and (
            kind.get(args[0]) != "gripper" or gripper_state.setdefault(args[0], "") != ""
        ):
            return None
    if len(robby) > 1:
        return None
    if not grippers and any(init_place[b] != r for b, r in place.items()):
        return None  # nothing can move without a gripper
    return place, gripper_state, robby


def fully_specify(problem: Problem, domain: Domain) -> frozenset[Atom] | None:
    """The positive closure of the goal (as written when unreachable); None: invalid init."""
    fs = fully_specify_goal(problem, domain)
    return None if fs is None else fs.positive


def fully_specify_goal(problem: Problem, domain: Domain) -> FullySpecifiedGoal | None:
    """The closure with reachability (what the pack registers): no planner call is needed to
    tell an unreachable goal from a reachable one."""
    model = _init_model(problem)
    if model is None:
        return None
    rooms, balls, grippers, init_place = model
    goal = problem.goal.positive
    required = goal_model(problem, model)
    if required is None:  # unreachable: no goal state to complete
        return FullySpecifiedGoal(goal, frozenset(), frozenset(), "rules", reachable=False)
    place, gripper_state, _ = required
    out = set(goal) | {a for a in problem.init if a.predicate in TYPES}
    if len(rooms) == 1:
        out.add(Atom("at-robby", (next(iter(rooms)),)))
    unplaced = [b for b in balls if b not in place]
    open_grippers = [g for g in grippers if g not in gripper_state]
    if not grippers:
        out.update(Atom("at", (b, init_place[b])) for b in unplaced)
    elif not open_grippers and len(rooms) == 1:
        room = next(iter(rooms))
        out.update(Atom("at", (b, room)) for b in unplaced)
    if not unplaced:
        out.update(Atom("free", (g,)) for g in open_grippers)
    return FullySpecifiedGoal(frozenset(out), frozenset(), frozenset(), "rules", reachable=True)
