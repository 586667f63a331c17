"""Hypothesis strategies: random small, valid problems of each built-in pack, as PDDL text.

Goals mix atoms of a random reachable-looking configuration with restated init facts and type
or static facts, so they cover the classes the reference implementation got wrong.
"""

from __future__ import annotations

from hypothesis import strategies as st


def problem_text(domain: str, objects: str, init: list[str], goal: list[str]) -> str:
    return (
        f"(define (problem p) (:domain {domain}) (:objects {objects})\n"
        f"  (:init {' '.join(init)})\n  (:goal (and {' '.join(goal)})))"
    )


@st.composite
def block_state(draw, blocks: list[str]) -> list[str]:
    """A valid Blocks World state: random towers, maybe one block held."""
    order = draw(st.permutations(blocks))
    held = None
    if order and draw(st.booleans()):
        held, order = order[0], order[1:]
    facts = [f"(holding {held})"] if held else ["(arm-empty)"]
    i = 0
    while i < len(order):
        h = draw(st.integers(1, len(order) - i))
        tower = order[i : i + h]
        facts.append(f"(on-table {tower[0]})")
        facts += [f"(on {tower[k + 1]} {tower[k]})" for k in range(h - 1)]
        facts.append(f"(clear {tower[-1]})")
        i += h
    return facts


@st.composite
def blocksworld_problem(draw, max_blocks: int = 5) -> str:
    n = draw(st.integers(1, max_blocks))
    blocks = [f"b{i}" for i in range(1, n + 1)]
    init = draw(block_state(blocks))
    target = draw(block_state(blocks))
    goal = draw(st.lists(st.sampled_from(target), unique=True))
    goal += draw(st.lists(st.sampled_from(init), unique=True, max_size=2))
    return problem_text("blocksworld", " ".join(blocks), init, sorted(set(goal)))


@st.composite
def gripper_config(draw, rooms, balls, grippers) -> list[str]:
    facts = [f"(at-robby {draw(st.sampled_from(rooms))})"]
    free = list(grippers)
    for b in balls:
        if free and draw(st.booleans()):
            g = free.pop(draw(st.integers(0, len(free) - 1)))
            facts.append(f"(carry {b} {g})")
        else:
            facts.append(f"(at {b} {draw(st.sampled_from(rooms))})")
    facts += [f"(free {g})" for g in free]
    return facts


@st.composite
def gripper_problem(draw) -> str:
    rooms = [f"room{i}" for i in range(1, draw(st.integers(1, 3)) + 1)]
    balls = [f"ball{i}" for i in range(1, draw(st.integers(0, 3)) + 1)]
    grippers = [f"g{i}" for i in range(1, draw(st.integers(0, 2)) + 1)]
    types = [f"(room {r})" for r in rooms] + [f"(ball {b})" for b in balls]
    types += [f"(gripper {g})" for g in grippers]
    init = types + draw(gripper_config(rooms, balls, grippers))
    target = draw(gripper_config(rooms, balls, grippers))
    goal = draw(st.lists(st.sampled_from(target), unique=True))
    goal += draw(st.lists(st.sampled_from(init), unique=True, max_size=3))
    objs = " ".join(rooms + balls + grippers)
    return problem_text("gripper", objs, init, sorted(set(goal)) or ["(at-robby room1)"][:0])


@st.composite
def floortile_problem(draw) -> str:
    rows, cols = draw(st.sampled_from([(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (1, 4)]))
    split = rows == 1 and cols >= 3 and draw(st.booleans())  # a disconnected row
    tiles = [[f"t{r}{c}" for c in range(cols)] for r in range(rows)]
    flat = [t for row in tiles for t in row]
    grid = []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols and not (split and c + 1 == cols - 1):
                grid.append(f"(right {tiles[r][c + 1]} {tiles[r][c]})")
            if r + 1 < rows:
                grid.append(f"(up {tiles[r + 1][c]} {tiles[r][c]})")
    n_colours = draw(st.integers(1, 2))
    colours = ["white", "black"][:n_colours]
    robots = [f"robot{i}" for i in range(1, draw(st.integers(1, 2)) + 1)]
    available = draw(st.lists(st.sampled_from(colours), unique=True))
    init = grid + [f"(available-color {c})" for c in available]
    for r in robots:
        init.append(f"(robot-at {r} {draw(st.sampled_from(flat))})")
        if draw(st.integers(0, 5)) > 0:
            init.append(f"(robot-has {r} {draw(st.sampled_from(colours))})")
    init += [
        f"(painted {t} {c})"
        for t, c in draw(
            st.lists(st.tuples(st.sampled_from(flat), st.sampled_from(colours)), max_size=2)
        )
    ]
    pool = [f"(painted {t} {c})" for t in flat for c in colours]
    pool += [f"(robot-at {r} {t})" for r in robots for t in flat]
    pool += [f"(robot-has {r} {c})" for r in robots for c in colours]
    goal = draw(st.lists(st.sampled_from(pool), unique=True, max_size=4))
    goal += draw(st.lists(st.sampled_from(init), unique=True, max_size=2))
    objs = f"{' '.join(robots)} - robot {' '.join(flat)} - tile {' '.join(colours)} - color"
    return problem_text("floor-tile", objs, init, sorted(set(goal)))


PROBLEMS = {
    "blocksworld": blocksworld_problem(),
    "gripper": gripper_problem(),
    "floor-tile": floortile_problem(),
}


@st.composite
def uav_world(draw, kind: str):
    """Locations with symmetric positive distances, one base, drones with battery.

    Three in four worlds satisfy the rules' free-movement condition; the rest are arbitrary.
    """
    free = draw(st.integers(0, 3)) > 0
    n_loc = draw(st.integers(2, 3) if free else st.integers(1, 3))
    locs = ["base", "hill", "farm"][:n_loc]
    drones = [f"u{i}" for i in range(1, draw(st.integers(1, 2 if n_loc <= 2 else 1)) + 1)]
    dist = {}
    for i, a in enumerate(locs):
        dist[a, a] = 0
        for b in locs[i + 1 :]:
            dist[a, b] = dist[b, a] = draw(st.integers(1, 2))
    far = max(dist.values())
    init = ["(base base)"] + [f"(= (distance {a} {b}) {d})" for (a, b), d in dist.items()]
    for d in drones:
        top = draw(st.sampled_from([3 * far, 3 * far + 1] if free else [2 * far, 3 * far]))
        if free and kind == "inspection":
            top += 2  # room for a photo (cost <= 2) on top of the flights
        start = draw(st.sampled_from(locs))
        low = dist[start, "base"] if free else 0
        init += [
            f"(drone-at {d} {start})",
            f"(= (max-battery {d}) {top})",
            f"(= (battery {d}) {draw(st.integers(low, top))})",
        ]
        if kind == "inspection":
            init.append(f"(= (photo-cost {d}) {draw(st.integers(0, 2))})")
    return locs, drones, init, free


@st.composite
def uav_delivery_problem(draw) -> str:
    locs, drones, init, free = draw(uav_world("delivery"))
    packages = [f"p{i}" for i in range(1, draw(st.integers(0, 2)) + 1)]
    load = dict.fromkeys(drones, 0)
    capacity = {d: draw(st.integers(1, 4)) for d in drones}
    heaviest = max(capacity.values()) if free else 3
    weights = {p: draw(st.integers(0, heaviest)) for p in packages}
    for p in packages:
        d = draw(st.sampled_from(drones))
        if draw(st.integers(0, 3)) == 0 and load[d] + weights[p] <= capacity[d]:
            init.append(f"(carrying {d} {p})")
            load[d] += weights[p]
        else:
            init.append(f"(pkg-at {p} {draw(st.sampled_from(locs))})")
        init.append(f"(= (weight {p}) {weights[p]})")
    init += [f"(= (capacity {d}) {capacity[d]})" for d in drones]
    init += [f"(= (load {d}) {load[d]})" for d in drones]
    pool = [f"(pkg-at {p} {x})" for p in packages for x in locs]
    pool += [f"(carrying {d} {p})" for d in drones for p in packages]
    pool += [f"(drone-at {d} {x})" for d in drones for x in locs]
    goal = draw(st.lists(st.sampled_from(pool), unique=True, max_size=3)) if pool else []
    goal += draw(
        st.lists(
            st.sampled_from([f for f in init if not f.startswith("(=")]), unique=True, max_size=1
        )
    )
    if not free and draw(st.booleans()):
        goal.append(f"(>= (battery {drones[0]}) {draw(st.integers(0, 3))})")
    if free and draw(st.integers(0, 2)) == 0:  # conditions on static fluents and on the load
        goal.append(
            draw(
                st.sampled_from(
                    [
                        f"(= (distance base {locs[-1]}) {draw(st.integers(0, 2))})",
                        f"(= (load {drones[0]}) {draw(st.integers(0, 3))})",
                        f"(>= (load {drones[0]}) {draw(st.integers(0, 3))})",
                        f"(<= (capacity {drones[0]}) {draw(st.integers(0, 4))})",
                    ]
                )
            )
        )
    objs = f"{' '.join(drones)} - drone {' '.join(locs)} - location" + (
        f" {' '.join(packages)} - package" if packages else ""
    )
    return problem_text("uav-delivery", objs, init, sorted(set(goal)))


@st.composite
def uav_inspection_problem(draw) -> str:
    locs, drones, init, free = draw(uav_world("inspection"))
    targets = [f"t{i}" for i in range(1, draw(st.integers(0, 2)) + 1)]
    for t in targets:
        init += [f"(visible {t} {x})" for x in draw(st.lists(st.sampled_from(locs), unique=True))]
        if draw(st.integers(0, 4)) == 0:
            init.append(f"(photographed {t})")
    pool = [f"(photographed {t})" for t in targets]
    pool += [f"(drone-at {d} {x})" for d in drones for x in locs]
    goal = draw(st.lists(st.sampled_from(pool), unique=True, max_size=3))
    goal += draw(
        st.lists(
            st.sampled_from([f for f in init if not f.startswith("(=")]), unique=True, max_size=1
        )
    )
    if not free and draw(st.booleans()):
        goal.append(f"(<= {draw(st.integers(0, 3))} (battery {drones[0]}))")
    if free and draw(st.integers(0, 2)) == 0:
        goal.append(f"(= (photo-cost {drones[0]}) {draw(st.integers(0, 2))})")
    objs = f"{' '.join(drones)} - drone {' '.join(locs)} - location" + (
        f" {' '.join(targets)} - target" if targets else ""
    )
    return problem_text("uav-inspection", objs, init, sorted(set(goal)))


NUMERIC_PROBLEMS = {
    "uav-delivery": uav_delivery_problem(),
    "uav-inspection": uav_inspection_problem(),
}
