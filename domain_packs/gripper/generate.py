"""Gripper problems and descriptions, with the Planetarium layouts.

Init layouts: ``one_room``, ``evenly_distributed`` (when the rooms divide the balls),
``distribute`` (given counts), ``holding`` (one ball per gripper, the rest in the first room).
Goal layouts: the first three, plus goal-only ``move_to_max``, ``move_to_min``, ``pickup_all``,
``drop_and_pickup`` (from ``holding``), and the tied ``swap_rooms`` and ``juggle``. The robot
starts in the first room; goals place every ball and state every free gripper. ``scale`` is the
number of balls; rooms cycle through 2-4 and there are two grippers. Test split (as in the
paper): ``swap_rooms``, ``juggle``, ``drop_and_pickup`` and ``move_to_min``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from planetarium_plugin.generation import Description, Instance, problem_pddl, sentences

TEST_GOALS = frozenset({"swap_rooms", "juggle", "drop_and_pickup", "move_to_min"})
Placement = dict[str, str]  # ball -> room or gripper


def _facts(place: Placement, grippers: list[str]) -> list[str]:
    out = []
    for b, w in place.items():
        out.append(f"(carry {b} {w})" if w in grippers else f"(at {b} {w})")
    held = set(place.values())
    out += [f"(free {g})" for g in grippers if g not in held]
    return out


def _explicit(place: Placement, grippers: list[str], should: bool) -> str:
    verb = "should be" if should else "is"
    parts = []
    for b, w in place.items():
        parts.append(f"{b} {verb} {'held by' if w in grippers else 'at'} {w}.")
    held = set(place.values())
    parts += [f"{g} {verb} free." for g in grippers if g not in held]
    return sentences(parts)


def _counts(place: Placement, rooms: list[str]) -> list[int]:
    c = Counter(place.values())
    return [c.get(r, 0) for r in rooms]


def generate(rng: random.Random, scale: int) -> Iterator[Instance]:
    """Every applicable layout pair for ``scale`` balls."""
    n = scale
    rooms = [f"room{i}" for i in range(1, 2 + (n % 3) + 1)]
    balls = [f"ball{i}" for i in range(1, n + 1)]
    grippers = ["gripper1", "gripper2"]
    r = len(rooms)

    def spread(counts: list[int], order: list[str]) -> Placement:
        out, i = {}, 0
        for room, k in zip(rooms, counts, strict=True):
            for b in order[i : i + k]:
                out[b] = room
            i += k
        return out

    def random_counts() -> list[int]:
        cuts = sorted(rng.randint(0, n) for _ in range(r - 1))
        return [b - a for a, b in zip([0, *cuts], [*cuts, n], strict=True)]

    layouts: dict[str, tuple[Placement, str, str]] = {}
    layouts["one_room"] = (
        dict.fromkeys(balls, rooms[0]),
        "All the balls are in the first room.",
        "to gather all the balls in the first room.",
    )
    if n % r == 0:
        layouts["evenly_distributed"] = (
            spread([n // r] * r, balls),
            "The balls are evenly distributed across the rooms.",
            "to distribute the balls evenly across the rooms.",
        )
    counts = random_counts()
    shown = ", ".join(f"{c} in {room}" for c, room in zip(counts, rooms, strict=True))
    layouts["distribute"] = (
        spread(counts, balls),
        f"The balls are distributed: {shown}.",
        f"to distribute the balls as follows: {shown}.",
    )
    k = min(n, len(grippers))
    holding = {b: grippers[i] if i < k else rooms[0] for i, b in enumerate(balls)}
    layouts["holding"] = (
        holding,
        f"{k} balls are held by the same number of grippers, and the rest are in the first room.",
        "",
    )

    def instance(init_name, init, init_abs, goal_name, goal, goal_abs, tied=False) -> Instance:
        types = [f"(room {x})" for x in rooms] + [f"(ball {x})" for x in balls]
        types += [f"(gripper {x})" for x in grippers]
        init_facts = types + [f"(at-robby {rooms[0]})"] + _facts(init, grippers)
        goal_facts = _facts(goal, grippers)
        head = f"You have {r} rooms, {n} ball{'s' * (n != 1)}, and {len(grippers)} grippers."
        kinds = sentences(
            [f"{x} is a room." for x in rooms]
            + [f"{x} is a ball." for x in balls]
            + [f"{x} is a gripper." for x in grippers]
        )
        return Instance(
            "gripper",
            init_name,
            goal_name,
            problem_pddl(
                f"{init_name}_to_{goal_name}_{n}",
                "gripper",
                " ".join(rooms + balls + grippers),
                init_facts,
                goal_facts,
            ),
            Description(
                sentences(
                    [head, kinds, f"The robby is at {rooms[0]}.", _explicit(init, grippers, False)]
                ),
                sentences([head, init_abs, "The robby is in the first room."]),
            ),
            Description("to have the following: " + _explicit(goal, grippers, True), goal_abs),
            tied=tied,
            split="test" if goal_name in TEST_GOALS else "train",
            size=len(init_facts) + len(goal_facts),
        )

    for init_name, (init, init_abs, _) in layouts.items():
        for goal_name, (goal, _, goal_abs) in layouts.items():
            if goal_abs:  # "holding" is an init layout only
                order = balls[:]
                rng.shuffle(order)  # which balls go where is the model's choice
                relabel = dict(zip(balls, order, strict=True))
                yield instance(
                    init_name,
                    init,
                    init_abs,
                    goal_name,
                    {relabel[b]: w for b, w in goal.items()},
                    goal_abs,
                )
        c = _counts(init, rooms)
        if max(c) > 0 and c.count(max(c)) == 1:
            big = rooms[c.index(max(c))]
            yield instance(
                init_name,
                init,
                init_abs,
                "move_to_max",
                dict.fromkeys(balls, big),
                "to move all the balls to the room that started with the most balls.",
            )
        if c.count(min(c)) == 1:
            small = rooms[c.index(min(c))]
            yield instance(
                init_name,
                init,
                init_abs,
                "move_to_min",
                dict.fromkeys(balls, small),
                "to move all the balls to the room that started with the fewest balls.",
            )
        if n <= len(grippers):
            yield instance(
                init_name,
                init,
                init_abs,
                "pickup_all",
                {b: grippers[i] for i, b in enumerate(balls)},
                "to pick up all the balls.",
            )
    init, init_abs, _ = layouts["holding"]
    in_rooms = [b for b, w in init.items() if w not in grippers]
    if len(in_rooms) <= len(grippers):
        goal = {b: rooms[0] for b, w in init.items() if w in grippers}
        goal.update({b: grippers[i] for i, b in enumerate(in_rooms)})
        yield instance(
            "holding",
            init,
            init_abs,
            "drop_and_pickup",
            goal,
            "to drop all the balls you hold in the first room, and to pick up all the "
            "balls that started in rooms.",
        )  # goal-only, not tied (as in the paper)
    if n >= 2:
        juggle_init = {b: grippers[i] for i, b in enumerate(balls[:2])}
        juggle_init.update({b: rooms[0] for b in balls[2:]})
        goal = dict(juggle_init)
        goal[balls[0]], goal[balls[1]] = grippers[1], grippers[0]
        yield instance(
            "holding",
            juggle_init,
            layouts["holding"][1],
            "juggle",
            goal,
            "to swap the balls between the two grippers, so that each gripper holds "
            "the ball the other one held.",
            True,
        )
    init, init_abs, _ = layouts["distribute"]
    goal = {b: {rooms[0]: rooms[1], rooms[1]: rooms[0]}.get(w, w) for b, w in init.items()}
    yield instance(
        "distribute",
        init,
        init_abs,
        "swap_rooms",
        goal,
        "to swap the balls of the first two rooms: every ball in the first room goes "
        "to the second, and every ball in the second goes to the first.",
        True,
    )
