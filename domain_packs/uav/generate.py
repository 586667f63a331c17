"""Problem and text generators for the UAV packs.

Worlds have a structure that abstract text can summarise: the locations lie on a *line* at
equal gaps with the base at one end, or form a *star* around the base. Every drone starts at
the base, fully charged (three times the longest flight, plus room for photos), so the rules'
free-movement condition holds. ``scale`` 1 is one drone, two locations and one item; each step
adds a site and an item, and every fourth a drone.

The tied goal layouts (``shift``, ``survey_far``) form the held-out test split.

Layouts — init: ``line_spread``, ``line_far_end``, ``star_spread``, ``star_far_end`` (items one
per site in turn, or all at the last site). Goals, delivery: ``all_to_base``,
``all_to_base_return`` (drones back too), ``shift`` (tied: every package one site further,
cyclically); inspection: ``survey_all``, ``survey_all_return``, ``survey_far`` (tied: the targets
seen from the last site).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from planetarium_plugin.generation import Description, Instance

WORLDS = ("line", "star")
PLACEMENTS = ("spread", "far_end")


@dataclass(frozen=True)
class World:
    kind: str  # line | star
    locations: tuple[str, ...]  # base first
    gap: int
    drones: tuple[str, ...]
    battery: int

    def distance(self, a: str, b: str) -> int:
        i, j = self.locations.index(a), self.locations.index(b)
        if i == j:
            return 0
        if self.kind == "line":
            return self.gap * abs(i - j)
        return self.gap if 0 in (i, j) else 2 * self.gap

    @property
    def sites(self) -> tuple[str, ...]:
        return self.locations[1:]


def _world(kind: str, scale: int, photo_room: int) -> World:
    sites = tuple(f"site{i}" for i in range(1, scale + 1))
    gap = 1 + scale % 3
    drones = tuple(f"uav{i}" for i in range(1, 2 + scale // 4))
    far = gap * scale if kind == "line" else (2 * gap if scale > 1 else gap)
    return World(kind, ("base", *sites), gap, drones, 3 * far + photo_room)


def _placement(world: World, items: list[str], placement: str) -> dict[str, str]:
    if placement == "far_end":
        return dict.fromkeys(items, world.sites[-1])
    return {x: world.sites[i % len(world.sites)] for i, x in enumerate(items)}


def _pddl(domain: str, objects: str, init: list[str], goal: list[str], name: str) -> str:
    facts = "\n    ".join(init)
    return (
        f"(define (problem {name})\n  (:domain {domain})\n  (:objects {objects})\n"
        f"  (:init\n    {facts})\n  (:goal (and {' '.join(goal)})))\n"
    )


def _world_facts(w: World) -> tuple[list[str], list[str]]:
    facts = ["(base base)"]
    text = ["base is a base where drones recharge."]
    for a in w.locations:
        for b in w.locations:
            facts.append(f"(= (distance {a} {b}) {w.distance(a, b)})")
            if a != b:
                text.append(f"The distance from {a} to {b} is {w.distance(a, b)}.")
    text.append("The distance from any location to itself is 0.")
    for d in w.drones:
        facts += [
            f"(drone-at {d} base)",
            f"(= (battery {d}) {w.battery})",
            f"(= (max-battery {d}) {w.battery})",
        ]
        text.append(
            f"Drone {d} is at base with battery {w.battery} out of a maximum of {w.battery}."
        )
    return facts, text


def _world_summary(w: World) -> str:
    n = len(w.locations)
    if w.kind == "line":
        geo = (
            f"The {n} locations ({', '.join(w.locations)}) lie in that order on a straight "
            f"line, {w.gap} units apart, with the base at one end"
        )
    else:
        geo = (
            f"The base is at the centre of {n - 1} sites ({', '.join(w.sites)}), each "
            f"{w.gap} units from the base and {2 * w.gap} units from one another"
        )
    drones = len(w.drones)
    return (
        f"{geo}; flying costs as much battery as the distance flown. You have {drones} "
        f"drone{'s' * (drones > 1)} ({', '.join(w.drones)}), all at the base and fully "
        f"charged with {w.battery} units; drones recharge to full at the base."
    )


def _names(prefix: str, n: int) -> list[str]:
    return [f"{prefix}{i}" for i in range(1, n + 1)]


def generate_delivery(rng: random.Random, scale: int) -> Iterator[Instance]:
    """All delivery layouts at one scale (deterministic; ``rng`` picks weights)."""
    weight = 1 + rng.randrange(2)
    for kind in WORLDS:
        w = _world(kind, scale, 0)
        pkgs = _names("pkg", scale)
        capacity = 2 * weight
        for placement in PLACEMENTS:
            where = _placement(w, pkgs, placement)
            facts, text = _world_facts(w)
            for d in w.drones:
                facts += [f"(= (load {d}) 0)", f"(= (capacity {d}) {capacity})"]
                text.append(f"Drone {d} carries a load of 0 and can carry {capacity}.")
            for p in pkgs:
                facts += [f"(pkg-at {p} {where[p]})", f"(= (weight {p}) {weight})"]
                text.append(f"Package {p} is at {where[p]} and weighs {weight}.")
            spots = (
                "one package waits at each site in turn, starting with pkg1 at site1"
                if placement == "spread"
                else f"all packages wait at {w.sites[-1]}"
            )
            init = Description(
                " ".join(text),
                f"{_world_summary(w)} Each drone carries nothing and can carry up to {capacity} "
                f"units of weight. There are {len(pkgs)} packages ({', '.join(pkgs)}), each "
                f"weighing {weight} units; {spots}.",
            )
            objs = (
                f"{' '.join(w.drones)} - drone {' '.join(w.locations)} - location "
                f"{' '.join(pkgs)} - package"
            )
            goals = {
                "all_to_base": (
                    [f"(pkg-at {p} base)" for p in pkgs],
                    False,
                    "to bring every package to the base.",
                ),
                "all_to_base_return": (
                    [f"(pkg-at {p} base)" for p in pkgs]
                    + [f"(drone-at {d} base)" for d in w.drones],
                    False,
                    "to bring every package to the base and have every drone back at the base.",
                ),
                "shift": (
                    [f"(pkg-at {p} {_next(w, where[p])})" for p in pkgs],
                    True,
                    "to move every package from its site to the next site (from the last "
                    "site to the first).",
                ),
            }
            yield from _instances(
                "uav-delivery", f"{kind}_{placement}", scale, objs, facts, init, goals
            )


def generate_inspection(rng: random.Random, scale: int) -> Iterator[Instance]:
    """All inspection layouts at one scale (deterministic; ``rng`` picks the photo cost)."""
    cost = 1 + rng.randrange(2)
    for kind in WORLDS:
        w = _world(kind, scale, 2)  # room for photos: cost <= 2
        targets = _names("target", scale)
        for placement in PLACEMENTS:
            where = _placement(w, targets, placement)
            facts, text = _world_facts(w)
            for d in w.drones:
                facts.append(f"(= (photo-cost {d}) {cost})")
                text.append(f"A photo taken by {d} costs {cost} battery.")
            for t in targets:
                facts.append(f"(visible {t} {where[t]})")
                text.append(f"Target {t} is visible from {where[t]}.")
            spots = (
                "one target is visible from each site in turn, starting with target1 from site1"
                if placement == "spread"
                else f"all targets are visible from {w.sites[-1]}"
            )
            init = Description(
                " ".join(text),
                f"{_world_summary(w)} Each photo costs {cost} battery. There are "
                f"{len(targets)} targets ({', '.join(targets)}); {spots}; none has been "
                "photographed yet.",
            )
            objs = (
                f"{' '.join(w.drones)} - drone {' '.join(w.locations)} - location "
                f"{' '.join(targets)} - target"
            )
            far = [t for t in targets if where[t] == w.sites[-1]]
            goals = {
                "survey_all": (
                    [f"(photographed {t})" for t in targets],
                    False,
                    "to photograph every target.",
                ),
                "survey_all_return": (
                    [f"(photographed {t})" for t in targets]
                    + [f"(drone-at {d} base)" for d in w.drones],
                    False,
                    "to photograph every target and have every drone back at the base.",
                ),
                "survey_far": (
                    [f"(photographed {t})" for t in far],
                    True,
                    f"to photograph the targets visible from {w.sites[-1]}.",
                ),
            }
            yield from _instances(
                "uav-inspection", f"{kind}_{placement}", scale, objs, facts, init, goals
            )


def _instances(domain, init_layout, scale, objs, facts, init, goals) -> Iterator[Instance]:
    """One instance per goal layout: ``goals`` maps layout -> (goal atoms, tied, abstract)."""
    for layout, (goal, tied, abstract) in goals.items():
        explicit = "to have the following: " + " ".join(map(_goal_sentence, goal))
        yield Instance(
            domain,
            init_layout,
            layout,
            _pddl(domain, objs, facts, goal, f"{domain}_{init_layout}_{layout}_{scale}"),
            init,
            Description(explicit, abstract),
            tied,
            split="test" if tied else "train",
            size=len(facts) + len(goal),
        )


def _next(w: World, site: str) -> str:
    i = w.sites.index(site)
    return w.sites[(i + 1) % len(w.sites)]


def _goal_sentence(atom: str) -> str:
    parts = atom.strip("()").split()
    if parts[0] == "pkg-at":
        return f"Package {parts[1]} should be at {parts[2]}."
    if parts[0] == "drone-at":
        return f"Drone {parts[1]} should be at {parts[2]}."
    return f"Target {parts[1]} should be photographed."
