"""Gripper goals in the generator's abstract vocabulary (the inverse of its abstract goal texts).

Why: a sentence encoder cannot see that a list of ``at``/``carry`` atoms means "all the balls in
the room that started with the most balls"; the aligner embeds these sentences instead.

What: the goal's requirements are read with the pack's own goal model (``rules.goal_model``);
they must fix where every ball ends (as written, or by the rules' implications) and say nothing
else — no robot position (unless there is one room), only negative literals the placement
already makes false. From that final placement and the initial one, every sentence of the
vocabulary that holds is returned: the first room, an even spread, the counts per room, the
room that started with the most or fewest balls, every ball picked up, dropping the held balls
in the first room while picking up the others, swapping the two grippers' balls, swapping the
balls of the first two rooms. Rooms are ordered by name, numbers compared as numbers.

Alternatives: each sentence comes first in the generator's exact wording, then in two or three
other wordings (:func:`wordings`) — other words and sentence structure, the same meaning, the
same numbers and room names. Requests are written freely, not in the generator's words; a
match on a paraphrase must look like a match, not only a copy of the generator's text.

>>> from importlib.resources import files
>>> from planetarium_plugin.parsing import parse_domain, parse_problem
>>> d = parse_domain(files("planetarium_domain_packs.gripper").joinpath("domain.pddl").read_text())
>>> p = parse_problem('''(define (problem p) (:domain gripper)
...   (:objects room1 room2 ball1 ball2 gripper1)
...   (:init (room room1) (room room2) (ball ball1) (ball ball2) (gripper gripper1)
...          (at-robby room1) (at ball1 room1) (at ball2 room2) (free gripper1))
...   (:goal (and (at ball1 room1) (at ball2 room1))))''', d)
>>> for s in meanings(p): print(s)
to gather all the balls in the first room.
to distribute the balls as follows: 2 in room1, 0 in room2.
>>> for s in describe_goal(p)[:3]: print(s)
to gather all the balls in the first room.
bring every ball into the first room.
all of the balls should end up together in the first room.
"""

from __future__ import annotations

import re
from collections import Counter

from planetarium_plugin.parsing import Atom, Problem

from .rules import TYPES, _init_model, goal_model

GATHER = "to gather all the balls in the first room."
EVENLY = "to distribute the balls evenly across the rooms."
TO_MAX = "to move all the balls to the room that started with the most balls."
TO_MIN = "to move all the balls to the room that started with the fewest balls."
PICKUP = "to pick up all the balls."
DROP_AND_PICKUP = (
    "to drop all the balls you hold in the first room, and to pick up all the balls that "
    "started in rooms."
)
JUGGLE = (
    "to swap the balls between the two grippers, so that each gripper holds the ball the "
    "other one held."
)
SWAP_ROOMS = (
    "to swap the balls of the first two rooms: every ball in the first room goes to the "
    "second, and every ball in the second goes to the first."
)
DISTRIBUTE = "to distribute the balls as follows: "

#: Alternative wordings of the fixed sentences: other vocabulary and sentence structure, the
#: same meaning (rooms and grippers named as the generator names them).
ALTERNATIVES: dict[str, tuple[str, ...]] = {
    GATHER: (
        "bring every ball into the first room.",
        "all of the balls should end up together in the first room.",
        "to collect the balls so that each one lies in the first room.",
    ),
    EVENLY: (
        "spread the balls out so that every room ends up with the same number of balls.",
        "to share the balls out equally among all the rooms.",
        "each room should hold an equal number of balls at the end.",
    ),
    TO_MAX: (
        "bring every ball into whichever room had the most balls at the start.",
        "all the balls should end up in the room that initially held the largest number of "
        "balls.",
        "to collect the balls in the room where the most of them were at the beginning.",
    ),
    TO_MIN: (
        "bring every ball into whichever room had the fewest balls at the start.",
        "all the balls should end up in the room that initially held the smallest number of "
        "balls.",
        "to collect the balls in the room where the fewest of them were at the beginning.",
    ),
    PICKUP: (
        "grab every ball with the grippers.",
        "the robot should end up holding each of the balls.",
        "to have all the balls carried, none left lying in a room.",
    ),
    DROP_AND_PICKUP: (
        "put down every ball you are carrying in the first room, and grab each ball that "
        "began in a room.",
        "the balls held at the start should be left in the first room, while the balls that "
        "were lying in rooms should end up in the grippers.",
        "to release the held balls into the first room and pick up the ones that started out "
        "in rooms.",
    ),
    JUGGLE: (
        "exchange the balls held by the two grippers.",
        "the two grippers should trade balls: each ends up with the ball the other one was "
        "holding.",
        "to have each of the two grippers hold the ball that the other gripper held at the "
        "start.",
    ),
    SWAP_ROOMS: (
        "exchange the balls of the first and second rooms: the first room's balls go to the "
        "second room and the second room's balls go to the first.",
        "the balls that start in the first room should end in the second room, and those that "
        "start in the second room should end in the first.",
        "to trade the balls between the first two rooms, so each of them gets the other's "
        "balls.",
    ),
}


def _natural(name: str) -> tuple:
    """Sort key: ``room2`` before ``room10``."""
    return tuple(int(t) if t.isdigit() else t for t in re.split(r"(\d+)", name)), name


def _final_placement(problem: Problem, model) -> dict[str, str] | None:
    """Where every ball must end (room or gripper), or None when the goal does not fix it all,
    asks for more (the robot's room), or cannot be met."""
    rooms, balls, grippers, init_place = model
    required = goal_model(problem, model)
    if required is None:
        return None
    place, gripper_state, robby = required
    if robby and len(rooms) != 1:
        return None  # the robot's final room is a requirement no sentence states
    place = dict(place)
    unplaced = [b for b in balls if b not in place]
    if unplaced:
        if not grippers:
            place.update((b, init_place[b]) for b in unplaced)
        elif len(rooms) == 1 and all(g in gripper_state for g in grippers):
            place.update((b, next(iter(rooms))) for b in unplaced)
        else:
            return None
    holding = set(place.values())
    if any(gripper_state.get(g) == "" and g in holding for g in grippers):
        return None
    if not all(
        _false_in_goal(a, problem, rooms, grippers, place, holding) for a in problem.goal.negative
    ):
        return None
    return place


def _false_in_goal(atom: Atom, problem: Problem, rooms, grippers, place, holding) -> bool:
    """True when ``atom`` is false in every state meeting the placement (so ``(not atom)`` adds
    nothing to the goal)."""
    p, args = atom.predicate, atom.args
    if p in TYPES:
        return atom not in problem.init
    if p == "at-robby":
        return args[0] not in rooms
    if p == "at":
        return place.get(args[0]) != args[1] or args[1] not in rooms
    if p == "carry":
        return place.get(args[0]) != args[1] or args[1] not in grippers
    if p == "free":
        return args[0] not in grippers or args[0] in holding
    return False


def meanings(problem: Problem) -> tuple[str, ...]:
    """Every abstract goal sentence of the Gripper generator that this goal meets from its init
    (the generator's exact wording only)."""
    model = _init_model(problem)
    if model is None:
        return ()
    final = _final_placement(problem, model)
    if final is None:
        return ()
    rooms, balls, grippers, init_place = model
    order = sorted(rooms, key=_natural)
    n = len(balls)
    out: list[str] = []
    if order and all(w in rooms for w in final.values()):
        ends, starts = Counter(final.values()), Counter(init_place.values())
        counts = [ends[r] for r in order]
        if counts[0] == n:
            out.append(GATHER)
        out.append(_distribute(counts, order))
        if len(set(counts)) == 1:
            out.append(EVENLY)
        started = [starts[r] for r in order]
        full = {r for r, c in zip(order, counts, strict=True) if c == n}
        top, low = max(started), min(started)
        if top > 0 and started.count(top) == 1 and order[started.index(top)] in full:
            out.append(TO_MAX)
        if started.count(low) == 1 and order[started.index(low)] in full:
            out.append(TO_MIN)
    if all(w in grippers for w in final.values()):
        out.append(PICKUP)
    if order and all(
        final[b] == order[0] if w in grippers else final[b] in grippers
        for b, w in init_place.items()
    ):
        out.append(DROP_AND_PICKUP)
    held = {w: b for b, w in init_place.items() if w in grippers}
    if len(grippers) == 2 and len(held) == 2:
        g1, g2 = sorted(grippers, key=_natural)
        swap = {held[g1]: g2, held[g2]: g1}
        if all(final[b] == swap.get(b, w) for b, w in init_place.items()):
            out.append(JUGGLE)
    if len(order) >= 2:
        swap = {order[0]: order[1], order[1]: order[0]}
        if all(final[b] == swap.get(w, w) for b, w in init_place.items()):
            out.append(SWAP_ROOMS)
    return tuple(out)


def _distribute(counts: list[int], rooms: list[str]) -> str:
    shown = ", ".join(f"{c} in {r}" for c, r in zip(counts, rooms, strict=True))
    return f"{DISTRIBUTE}{shown}."


def _listing(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _balls(count: str) -> str:
    return f"{count} ball" if count == "1" else f"{count} balls"


def wordings(sentence: str) -> tuple[str, ...]:
    """Other ways a user would write one of the generator's sentences (same meaning, same
    numbers and room names), or ``()`` for a sentence this pack does not write.

    >>> for s in wordings("to distribute the balls as follows: 1 in room1, 0 in room2."):
    ...     print(s)
    to end with 1 ball in room1 and 0 balls in room2.
    to arrange the balls so that room1 holds 1 and room2 holds 0.
    afterwards room1 should contain 1 ball and room2 should contain 0 balls.
    """
    if sentence in ALTERNATIVES:
        return ALTERNATIVES[sentence]
    if not (sentence.startswith(DISTRIBUTE) and sentence.endswith(".")):
        return ()
    pairs = [p.split(" in ", 1) for p in sentence[len(DISTRIBUTE) : -1].split(", ")]
    if not pairs or any(len(p) != 2 for p in pairs):
        return ()
    return (
        f"to end with {_listing([f'{_balls(c)} in {r}' for c, r in pairs])}.",
        f"to arrange the balls so that {_listing([f'{r} holds {c}' for c, r in pairs])}.",
        f"afterwards {_listing([f'{r} should contain {_balls(c)}' for c, r in pairs])}.",
    )


def describe_goal(problem: Problem) -> tuple[str, ...]:
    """Every abstract goal sentence of the Gripper generator that this goal meets, each
    followed by its alternative wordings (:func:`wordings`)."""
    return tuple(w for s in meanings(problem) for w in (s, *wordings(s)))
