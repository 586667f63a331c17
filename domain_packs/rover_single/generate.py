"""Rover-single problems and descriptions, with the reference Planetarium's layouts.

Init layouts: the waypoints form a ``line``, a ``grid``, a ``circle``, a ``star`` (a centre
joined to every outer waypoint) or are ``partitioned`` into two sides (each side fully joined,
the sides see each other but no way leads across); each as ``_navigate`` (waypoints, rover,
lander) or ``_analysis`` (plus soil and rock samples, cameras, modes and objectives). Joined
waypoints are traversable both ways and see each other; every waypoint sees itself. The rover
starts at the first waypoint; the lander is at the last waypoint (the last of the rover's side
when partitioned). The rover is available and the channel is free.

Goals: ``rover_in_lander`` (every init), and from ``_analysis`` inits ``transmit_soil``,
``transmit_rocks``, ``transmit_objectives`` (an image of every objective in every mode),
``transmit_all`` and ``transmit_all_and_in_lander``. The goals that send the rover to the
lander's waypoint are tied to the init and held out (test split); the rest are train. Samples
and objectives are placed in one of ``PLACEMENTS`` ways per layout and scale.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from planetarium_plugin.generation import Description, Instance, problem_pddl, sentences

TIED = frozenset({"rover_in_lander", "transmit_all_and_in_lander"})
#: Sample, view and objective placements per layout and scale (random draws pick one of them,
#: so the dataset does not grow with every extra draw).
PLACEMENTS = 3
Layout = tuple[list[str], list[tuple[str, str]], list[str], str]  # waypoints, links, side, text


def waypoint_layout(shape: str, scale: int) -> Layout:
    """Waypoints, undirected links, the rover's side and an abstract description."""
    if shape == "line":
        n = 2 + scale
        w = [f"waypoint{i}" for i in range(1, n + 1)]
        return w, list(zip(w, w[1:], strict=False)), w, f"{n} waypoints in a line"
    if shape == "circle":
        n = 3 + scale
        w = [f"waypoint{i}" for i in range(1, n + 1)]
        return w, [(w[i], w[(i + 1) % n]) for i in range(n)], w, f"{n} waypoints in a circle"
    if shape == "grid":
        rows, cols = 2 + (scale - 1) // 4, 2 + (scale - 1) % 4
        w = [f"waypoint{i}" for i in range(1, rows * cols + 1)]
        links = [
            (w[r * cols + c], w[r * cols + c + 1]) for r in range(rows) for c in range(cols - 1)
        ]
        links += [
            (w[r * cols + c], w[(r + 1) * cols + c]) for r in range(rows - 1) for c in range(cols)
        ]
        text = (
            f"{rows * cols} waypoints in a grid of {rows} rows and {cols} columns, numbered "
            "row by row from the top-left, each joined to its horizontal and vertical neighbours"
        )
        return w, links, w, text
    if shape == "star":
        n = 3 + scale
        w = [f"waypoint{i}" for i in range(1, n + 1)]
        text = f"{n} waypoints in a star: {w[0]} in the centre, joined to each of the others"
        return w, [(w[0], x) for x in w[1:]], w, text
    left, right = 2 + scale // 2, 1 + (scale + 1) // 2
    w = [f"waypoint{i}" for i in range(1, left + right + 1)]
    a, b = w[:left], w[left:]
    links = [(x, y) for i, x in enumerate(a) for y in a[i + 1 :]]
    links += [(x, y) for i, x in enumerate(b) for y in b[i + 1 :]]
    text = (
        f"{left + right} waypoints in two parts: {a[0]} to {a[-1]} on one side and {b[0]} to "
        f"{b[-1]} on the other. The waypoints of each side are all joined to each other; the two "
        "sides see each other but no way leads across"
    )
    return w, links, a, text


def generate(rng: random.Random, scale: int) -> Iterator[Instance]:
    """Every applicable (init, goal) pair for ``scale`` (waypoints grow with it)."""
    for shape in ("line", "grid", "circle", "star", "partitioned"):
        waypoints, links, side, shape_text = waypoint_layout(shape, scale)
        lander = side[-1]
        facts = [f"(at_rover {waypoints[0]})", f"(at_lander {lander})", "(available)"]
        facts.append("(channel_free)")
        text = [
            f"The rover is at {waypoints[0]}.",
            f"The lander is at {lander}.",
            "The rover is available.",
            "The channel to the lander is free.",
        ]
        for x, y in links:
            facts += [f"(can_traverse {x} {y})", f"(can_traverse {y} {x})"]
            text.append(f"The rover can traverse from {x} to {y} and from {y} to {x}.")
        seen = [(x, x) for x in waypoints] + links + [(y, x) for x, y in links]
        if shape == "partitioned":
            half = len(side)
            seen += [(x, y) for x in waypoints[:half] for y in waypoints[half:]]
            seen += [(y, x) for x in waypoints[:half] for y in waypoints[half:]]
        for x, y in sorted(set(seen)):
            facts.append(f"(visible {x} {y})")
            text.append(f"{y} is visible from {x}.")
        basics = (
            f"The rover starts at {waypoints[0]} and the lander is at {lander}. Joined "
            "waypoints can be traversed both ways and see each other, and every waypoint sees "
            "itself. The rover is available and the channel is free."
        )
        yield from _navigate(shape, scale, waypoints, facts, text, shape_text, basics, lander)
        yield from _analysis(
            rng, shape, scale, waypoints, side, facts, text, shape_text, basics, lander
        )


def _instance(
    init_layout: str,
    goal_layout: str,
    scale: int,
    objects: str,
    facts: list[str],
    text: list[str],
    init_abstract: str,
    goal: list[tuple[str, str]],
    goal_abstract: str,
) -> Instance:
    goal_facts = [f for f, _ in goal]
    return Instance(
        "rover-single",
        init_layout,
        goal_layout,
        problem_pddl(
            f"{init_layout}_to_{goal_layout}_{scale}",
            "rover-single",
            objects,
            facts,
            goal_facts,
            requirements=":strips :typing",
        ),
        Description(sentences(text), init_abstract),
        Description(
            "to have the following: " + sentences(s for _, s in goal), "to " + goal_abstract
        ),
        tied=goal_layout in TIED,
        split="test" if goal_layout in TIED else "train",
        size=len(facts) + len(goal_facts),
    )


def _navigate(shape, scale, waypoints, facts, text, shape_text, basics, lander):
    n = len(waypoints)
    yield _instance(
        f"{shape}_navigate",
        "rover_in_lander",
        scale,
        f"{' '.join(waypoints)} - waypoint",
        facts,
        [f"You have {n} waypoints.", *text],
        f"You have {shape_text}. {basics}",
        [(f"(at_rover {lander})", f"The rover should be at {lander}.")],
        "move the rover to the lander's waypoint.",
    )


def _analysis(rng, shape, scale, waypoints, side, facts, text, shape_text, basics, lander):
    rng = random.Random(f"{shape}:{scale}:{rng.randrange(PLACEMENTS)}")
    soil = sorted(rng.sample(side, min(len(side), 1 + scale // 4)), key=waypoints.index)
    rock = sorted(rng.sample(side, min(len(side), 1 + scale // 5)), key=waypoints.index)
    cameras = [f"camera{i}" for i in range(1, 2 + scale // 7)]
    modes = [f"mode{i}" for i in range(1, 2 + scale // 6)]
    objectives = [f"objective{i}" for i in range(1, 2 + scale // 5)]
    views = {
        o: sorted(rng.sample(side, min(2, len(side))), key=waypoints.index) for o in objectives
    }
    facts = list(facts)
    text = list(text)
    facts += [f"(at_soil_sample {w})" for w in soil] + [f"(at_rock_sample {w})" for w in rock]
    text += [f"There is a soil sample at {w}." for w in soil]
    text += [f"There is a rock sample at {w}." for w in rock]
    for c in cameras:
        facts += [f"(supports {c} {m})" for m in modes]
        text += [f"Camera {c} supports mode {m}." for m in modes]
    for o, ws in views.items():
        facts += [f"(visible_from {o} {w})" for w in ws]
        text += [f"Objective {o} is visible from {w}." for w in ws]
    objects = (
        f"{' '.join(waypoints)} - waypoint {' '.join(cameras)} - camera {' '.join(modes)} - mode "
        f"{' '.join(objectives)} - objective"
    )
    head = (
        f"You have {len(waypoints)} waypoints, {len(cameras)} cameras, {len(modes)} modes and "
        f"{len(objectives)} objectives."
    )
    seen_from = "; ".join(f"{o} from {' and '.join(ws)}" for o, ws in views.items())
    abstract = (
        f"You have {shape_text}. {basics} Soil samples lie at {', '.join(soil)}; rock samples "
        f"at {', '.join(rock)}. The rover carries {len(cameras)} camera(s), "
        f"{', '.join(cameras)}, each supporting every mode ({', '.join(modes)}). Objectives "
        f"can be seen as follows: {seen_from}."
    )
    soil_goal, rock_goal, image_goal = data_goals(
        soil, rock, [(o, m) for o in objectives for m in modes]
    )
    at_lander = [(f"(at_rover {lander})", f"The rover should be at {lander}.")]
    everything = "communicate the data of every soil and rock sample and an image of every "
    everything += "objective in every mode"
    goals = {
        "rover_in_lander": (at_lander, "move the rover to the lander's waypoint."),
        "transmit_soil": (soil_goal, "communicate the data of every soil sample."),
        "transmit_rocks": (rock_goal, "communicate the data of every rock sample."),
        "transmit_objectives": (
            image_goal,
            "communicate an image of every objective in every mode.",
        ),
        "transmit_all": (soil_goal + rock_goal + image_goal, everything + "."),
        "transmit_all_and_in_lander": (
            soil_goal + rock_goal + image_goal + at_lander,
            everything + ", and to end with the rover at the lander's waypoint.",
        ),
    }
    for name, (goal, goal_abstract) in goals.items():
        yield _instance(
            f"{shape}_analysis",
            name,
            scale,
            objects,
            facts,
            [head, *text],
            abstract,
            goal,
            goal_abstract,
        )


def data_goals(soil, rock, images) -> tuple[list, list, list]:
    """(atom, sentence) pairs for communicating soil data, rock data and images (shared with
    the IPC rover pack, whose goals read the same)."""
    soil_goal = [
        (f"(communicated_soil_data {w})", f"Soil data from {w} should be communicated.")
        for w in soil
    ]
    rock_goal = [
        (f"(communicated_rock_data {w})", f"Rock data from {w} should be communicated.")
        for w in rock
    ]
    image_goal = [
        (
            f"(communicated_image_data {o} {m})",
            f"An image of {o} in mode {m} should be communicated.",
        )
        for o, m in images
    ]
    return soil_goal, rock_goal, image_goal
