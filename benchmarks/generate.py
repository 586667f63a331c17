"""Ground-truth problems and candidate variants for the benchmarks (all three classical packs).

Candidates per ground truth: identical, renamed objects, reordered facts, trivially implied goal
facts added, implied goal facts dropped, and a genuinely different goal.
"""

from __future__ import annotations

import random

from planetarium_plugin import domain_packs, fully_specify, parse_problem


def _text(domain, objects, init, goal, name="p"):
    return (
        f"(define (problem {name}) (:domain {domain})\n  (:objects {objects})\n"
        f"  (:init {' '.join(init)})\n  (:goal (and {' '.join(goal)})))"
    )


def blocksworld(n: int, rng: random.Random) -> str:
    blocks = [f"b{i}" for i in range(1, n + 1)]

    def towers(order):
        facts, i = ["(arm-empty)"], 0
        while i < len(order):
            h = rng.randint(1, max(1, min(6, len(order) - i)))
            t = order[i : i + h]
            facts += [f"(on-table {t[0]})", f"(clear {t[-1]})"]
            facts += [f"(on {t[k + 1]} {t[k]})" for k in range(h - 1)]
            i += h
        return facts

    init = towers(rng.sample(blocks, n))
    goal = [f for f in towers(rng.sample(blocks, n)) if rng.random() < 0.7 or "(on " in f]
    return _text("blocksworld", " ".join(blocks), init, goal)


def gripper(balls: int, rooms: int, rng: random.Random, grippers: int = 2) -> str:
    R = [f"room{i}" for i in range(1, rooms + 1)]
    B = [f"ball{i}" for i in range(1, balls + 1)]
    G = [f"gripper{i}" for i in range(1, grippers + 1)]
    init = [f"(room {r})" for r in R] + [f"(ball {b})" for b in B] + [f"(gripper {g})" for g in G]
    init += [f"(at-robby {R[0]})"] + [f"(free {g})" for g in G]
    init += [f"(at {b} {R[i % rooms]})" for i, b in enumerate(B)]
    target = rng.choice(R)
    goal = [f"(at {b} {target})" for b in B]
    return _text("gripper", " ".join(R + B + G), init, goal)


def floortile(rows: int, cols: int, rng: random.Random, robots: int = 2) -> str:
    T = [[f"tile_{r}_{c}" for c in range(cols)] for r in range(rows)]
    flat = [t for row in T for t in row]
    Rb = [f"robot{i}" for i in range(1, robots + 1)]
    C = ["white", "black"]
    init = [f"(available-color {c})" for c in C]
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                init.append(f"(right {T[r][c + 1]} {T[r][c]})")
            if r + 1 < rows:
                init.append(f"(up {T[r + 1][c]} {T[r][c]})")
    for i, rb in enumerate(Rb):
        init += [f"(robot-at {rb} {flat[i]})", f"(robot-has {rb} {C[i % 2]})"]
    goal = [f"(painted {T[r][c]} {C[(r + c) % 2]})" for r in range(rows) for c in range(cols)]
    objs = f"{' '.join(Rb)} - robot {' '.join(flat)} - tile white black - color"
    return _text("floor-tile", objs, init, goal)


def ground_truths(rng: random.Random) -> list[tuple[str, str, bool]]:
    """(domain, text, placeholder) across sizes from a handful to 100+ propositions."""
    out = []
    for n in (2, 4, 6, 8, 10, 14, 18, 24, 30):
        out.append(("blocksworld", blocksworld(n, rng), False))
    for balls, rooms in ((2, 1), (4, 2), (6, 2), (10, 3), (16, 4), (25, 8), (40, 6)):
        out.append(("gripper", gripper(balls, rooms, rng), True))
    for rows, cols in ((1, 2), (2, 2), (2, 3), (3, 3), (3, 4), (4, 5), (5, 6)):
        out.append(("floor-tile", floortile(rows, cols, rng), False))
    return out


def _rename(text: str, problem, rng: random.Random) -> str:
    """Rename objects in argument positions only (a name may also be a predicate: base)."""
    import re

    names = list(problem.objects)
    new = [f"obj{i}x" for i in range(len(names))]
    rng.shuffle(new)
    mapping = dict(zip(names, new, strict=True))
    return re.sub(r"(?<![(\w-])[\w-]+", lambda m: mapping.get(m.group(0), m.group(0)), text)


def _fmt(v) -> str:
    return str(v.numerator) if v.denominator == 1 else str(float(v))


def _reorder(domain, problem, rng, goal=None) -> str:
    objs = list(problem.objects.items())
    rng.shuffle(objs)
    typed = domain_packs()[domain].domain.typed
    odecl = " ".join(f"{o} - {t}" if typed else o for o, t in objs)
    init = [str(a) for a in problem.init]
    init += [f"(= {f} {_fmt(v)})" for f, v in problem.numeric_init.items()]
    rng.shuffle(init)
    if goal is None:
        goal = [str(a) for a in problem.goal.positive] + [str(c) for c in problem.goal.numeric]
    goal = list(goal)
    rng.shuffle(goal)
    return _text(problem.domain_name, odecl, init, goal, name="candidate")


def candidates(domain: str, text: str, rng: random.Random) -> list[tuple[str, str]]:
    pack = domain_packs()[domain]
    p = parse_problem(text, pack.domain)
    fs = fully_specify(p, domain)
    closure = fs.positive
    implied = sorted(map(str, closure - p.goal.positive))
    implied += sorted(map(str, fs.numeric - p.goal.numeric))
    out = [
        ("identical", text),
        ("renamed", _rename(text, p, rng)),
        ("reordered", _reorder(domain, p, rng)),
    ]
    goal = sorted(map(str, p.goal.positive))
    out.append(("trivial-added", _reorder(domain, p, rng, goal + implied)))
    full = sorted(map(str, closure)) + sorted(map(str, fs.numeric))
    droppable = [a for a in full if a not in goal]
    out.append(
        (
            "trivial-dropped",
            _reorder(domain, p, rng, [a for a in full if a not in droppable] or goal),
        )
    )
    # Drop a goal atom whose removal shrinks the closure: a smaller closure cannot be isomorphic.
    for atom in goal:
        changed = [a for a in goal if a != atom]
        text2 = _reorder(domain, p, rng, changed)
        fs2 = fully_specify(text2, domain)
        if len(fs2.positive) + len(fs2.numeric) < len(closure) + len(fs.numeric):
            out.append(("different", text2))
            break
    return out


def _uav_world(n_drones: int, n_locs: int, rng: random.Random, kind: str):
    locs = ["base"] + [f"site{i}" for i in range(1, n_locs)]
    pos = {loc: (rng.randint(0, 6), rng.randint(0, 6)) for loc in locs}
    dist = {}
    for a in locs:
        for b in locs:
            d = 0 if a == b else max(1, abs(pos[a][0] - pos[b][0]) + abs(pos[a][1] - pos[b][1]))
            dist[a, b] = d
    far = max(dist.values())
    drones = [f"uav{i}" for i in range(1, n_drones + 1)]
    init = ["(base base)"] + [f"(= (distance {a} {b}) {d})" for (a, b), d in dist.items()]
    top = 3 * far + (2 if kind == "inspection" else 0)  # room for photos on top of flights
    for d in drones:
        init += [f"(drone-at {d} base)", f"(= (battery {d}) {top})", f"(= (max-battery {d}) {top})"]
        if kind == "inspection":
            init.append(f"(= (photo-cost {d}) 1)")
    return locs, drones, init


def uav_delivery(n_drones: int, n_locs: int, n_pkgs: int, rng: random.Random) -> str:
    locs, drones, init = _uav_world(n_drones, n_locs, rng, "delivery")
    pkgs = [f"pkg{i}" for i in range(1, n_pkgs + 1)]
    for d in drones:
        init += [f"(= (load {d}) 0)", f"(= (capacity {d}) 6)"]
    for p in pkgs:
        init += [f"(pkg-at {p} {rng.choice(locs[1:])})", f"(= (weight {p}) {rng.randint(1, 3)})"]
    goal = [f"(pkg-at {p} base)" for p in pkgs]
    objs = f"{' '.join(drones)} - drone {' '.join(locs)} - location {' '.join(pkgs)} - package"
    return _text("uav-delivery", objs, init, goal)


def uav_inspection(n_drones: int, n_locs: int, n_targets: int, rng: random.Random) -> str:
    locs, drones, init = _uav_world(n_drones, n_locs, rng, "inspection")
    targets = [f"target{i}" for i in range(1, n_targets + 1)]
    init += [f"(visible {t} {rng.choice(locs[1:])})" for t in targets]
    goal = [f"(photographed {t})" for t in targets] + [f"(drone-at {d} base)" for d in drones]
    objs = f"{' '.join(drones)} - drone {' '.join(locs)} - location {' '.join(targets)} - target"
    return _text("uav-inspection", objs, init, goal)


def numeric_ground_truths(rng: random.Random) -> list[tuple[str, str, bool]]:
    out = []
    for d, n, k in ((1, 2, 1), (1, 3, 2), (2, 3, 3), (2, 4, 4), (2, 5, 6)):
        out.append(("uav-delivery", uav_delivery(d, n, k, rng), False))
    for d, n, k in ((1, 2, 1), (1, 3, 3), (2, 4, 4), (2, 5, 6), (3, 6, 8)):
        out.append(("uav-inspection", uav_inspection(d, n, k, rng), False))
    return out
