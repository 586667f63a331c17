"""IPC Rovers problems and descriptions, in the layouts of the rover-single pack.

The waypoints form the same ``line``, ``grid``, ``circle``, ``star`` and ``partitioned``
layouts (:func:`~planetarium_domain_packs.rover_single.generate.waypoint_layout`); there are
1 + scale // 5 rovers, spread over the first side's waypoints, each able to traverse every link
of its side both ways. ``_navigate`` inits hold rovers, waypoints and one lander; ``_analysis``
inits add, per rover, one store (empty) and one camera (supporting every mode, with the first
objective as its calibration target), all rovers equipped for soil, rock and imaging, plus soil
and rock samples and objectives. Goals as in rover-single, ``rover_in_lander`` meaning every
rover at the lander's waypoint; the goals that send rovers there are tied and held out (test
split).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from planetarium_plugin.generation import Description, Instance, problem_pddl, sentences

from ..rover_single.generate import PLACEMENTS, TIED, data_goals, waypoint_layout

SHAPES = ("line", "grid", "circle", "star", "partitioned")


def generate(rng: random.Random, scale: int) -> Iterator[Instance]:
    """Every applicable (init, goal) pair for ``scale``."""
    for shape in SHAPES:
        waypoints, links, side, shape_text = waypoint_layout(shape, scale)
        n = 1 + scale // 5
        rovers = [f"rover{i}" for i in range(1, n + 1)]
        starts = {r: side[i * len(side) // n] for i, r in enumerate(rovers)}
        lander = side[-1]
        facts = [f"(at_lander general {lander})", "(channel_free general)"]
        text = [f"The lander general is at {lander}.", "The lander's channel is free."]
        for r in rovers:
            facts += [f"(at {r} {starts[r]})", f"(available {r})"]
            text += [f"Rover {r} is at {starts[r]}.", f"Rover {r} is available."]
            for x, y in links:
                facts += [f"(can_traverse {r} {x} {y})", f"(can_traverse {r} {y} {x})"]
                text.append(f"Rover {r} can traverse from {x} to {y} and from {y} to {x}.")
        seen = [(x, x) for x in waypoints] + links + [(y, x) for x, y in links]
        if shape == "partitioned":
            half = len(side)
            seen += [(x, y) for x in waypoints[:half] for y in waypoints[half:]]
            seen += [(y, x) for x in waypoints[:half] for y in waypoints[half:]]
        for x, y in sorted(set(seen)):
            facts.append(f"(visible {x} {y})")
            text.append(f"{y} is visible from {x}.")
        where = ", ".join(f"{r} at {starts[r]}" for r in rovers)
        basics = (
            f"There are {n} rover(s): {where}; the lander general is at {lander}. Every rover "
            "can traverse every link both ways, linked waypoints see each other and every "
            "waypoint sees itself. All rovers are available and the lander's channel is free."
        )
        world = (shape, scale, waypoints, side, rovers, lander, shape_text, basics)
        yield from _instances(rng, world, facts, text, analysis=False)
        yield from _instances(rng, world, facts, text, analysis=True)


def _instances(rng, world, facts, text, analysis: bool) -> Iterator[Instance]:
    shape, scale, waypoints, side, rovers, lander, shape_text, basics = world
    facts, text = list(facts), list(text)
    objects = f"{' '.join(rovers)} - rover {' '.join(waypoints)} - waypoint general - lander"
    head = f"You have {len(rovers)} rover(s), {len(waypoints)} waypoints and a lander."
    abstract = f"You have {shape_text}. {basics}"
    soil: list[str] = []
    rock: list[str] = []
    images: list[tuple[str, str]] = []
    if analysis:
        rng = random.Random(f"{shape}:{scale}:{rng.randrange(PLACEMENTS)}")
        soil = sorted(rng.sample(side, min(len(side), 1 + scale // 4)), key=waypoints.index)
        rock = sorted(rng.sample(side, min(len(side), 1 + scale // 5)), key=waypoints.index)
        modes = [f"mode{i}" for i in range(1, 2 + scale // 6)]
        objectives = [f"objective{i}" for i in range(1, 2 + scale // 5)]
        views = {
            o: sorted(rng.sample(side, min(2, len(side))), key=waypoints.index) for o in objectives
        }
        stores = [f"{r}store" for r in rovers]
        cameras = [f"camera{i}" for i in range(1, len(rovers) + 1)]
        objects += (
            f" {' '.join(stores)} - store {' '.join(cameras)} - camera {' '.join(modes)} - mode"
            f" {' '.join(objectives)} - objective"
        )
        head = (
            f"You have {len(rovers)} rover(s), {len(waypoints)} waypoints, a lander, "
            f"{len(stores)} store(s), {len(cameras)} camera(s), {len(modes)} mode(s) and "
            f"{len(objectives)} objective(s)."
        )
        for r, s, c in zip(rovers, stores, cameras, strict=True):
            facts += [f"(equipped_for_{k} {r})" for k in ("soil_analysis", "rock_analysis")]
            facts += [f"(equipped_for_imaging {r})", f"(store_of {s} {r})", f"(empty {s})"]
            facts += [f"(on_board {c} {r})", f"(calibration_target {c} {objectives[0]})"]
            facts += [f"(supports {c} {m})" for m in modes]
            text += [
                f"Rover {r} is equipped for soil analysis, rock analysis and imaging.",
                f"Store {s} belongs to rover {r} and is empty.",
                f"Camera {c} is on board rover {r}; its calibration target is objective "
                f"{objectives[0]}.",
                *(f"Camera {c} supports mode {m}." for m in modes),
            ]
        facts += [f"(at_soil_sample {w})" for w in soil]
        facts += [f"(at_rock_sample {w})" for w in rock]
        text += [f"There is a soil sample at {w}." for w in soil]
        text += [f"There is a rock sample at {w}." for w in rock]
        for o, ws in views.items():
            facts += [f"(visible_from {o} {w})" for w in ws]
            text += [f"Objective {o} is visible from {w}." for w in ws]
        images = [(o, m) for o in objectives for m in modes]
        seen_from = "; ".join(f"{o} from {' and '.join(ws)}" for o, ws in views.items())
        abstract += (
            " Every rover is equipped for soil analysis, rock analysis and imaging, has its own "
            f"empty store ({', '.join(stores)}) and its own camera ({', '.join(cameras)}), each "
            f"camera supporting every mode ({', '.join(modes)}) with calibration target "
            f"{objectives[0]}. Soil samples lie at {', '.join(soil)}; rock samples at "
            f"{', '.join(rock)}. Objectives can be seen as follows: {seen_from}."
        )
    at_lander = [(f"(at {r} {lander})", f"Rover {r} should be at {lander}.") for r in rovers]
    soil_goal, rock_goal, image_goal = data_goals(soil, rock, images)
    everything = (
        "communicate the data of every soil and rock sample and an image of every objective in "
        "every mode"
    )
    goals = {"rover_in_lander": (at_lander, "move every rover to the lander's waypoint.")}
    if analysis:
        goals.update(
            {
                "transmit_soil": (soil_goal, "communicate the data of every soil sample."),
                "transmit_rocks": (rock_goal, "communicate the data of every rock sample."),
                "transmit_objectives": (
                    image_goal,
                    "communicate an image of every objective in every mode.",
                ),
                "transmit_all": (soil_goal + rock_goal + image_goal, everything + "."),
                "transmit_all_and_in_lander": (
                    soil_goal + rock_goal + image_goal + at_lander,
                    everything + ", and to end with every rover at the lander's waypoint.",
                ),
            }
        )
    init_layout = f"{shape}_{'analysis' if analysis else 'navigate'}"
    for name, (goal, goal_abstract) in goals.items():
        goal_facts = [f for f, _ in goal]
        yield Instance(
            "rover",
            init_layout,
            name,
            problem_pddl(
                f"{init_layout}_to_{name}_{scale}",
                "rover",
                objects,
                facts,
                goal_facts,
                requirements=":strips :typing",
            ),
            Description(sentences([head, *text]), abstract),
            Description(
                "to have the following: " + sentences(s for _, s in goal), "to " + goal_abstract
            ),
            tied=name in TIED,
            split="test" if name in TIED else "train",
            size=len(facts) + len(goal_facts),
        )
