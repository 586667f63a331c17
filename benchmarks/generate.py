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
    names = list(problem.objects)
    new = [f"obj{i}x" for i in range(len(names))]
    rng.shuffle(new)
    import re

    mapping = dict(zip(names, new, strict=True))
    return re.sub(r"[\w-]+", lambda m: mapping.get(m.group(0), m.group(0)), text)


def _reorder(domain, problem, rng, goal=None) -> str:
    objs = list(problem.objects.items())
    rng.shuffle(objs)
    typed = domain_packs()[domain].domain.typed
    odecl = " ".join(f"{o} - {t}" if typed else o for o, t in objs)
    init = [str(a) for a in problem.init]
    rng.shuffle(init)
    goal = list(goal if goal is not None else map(str, problem.goal.positive))
    rng.shuffle(goal)
    return _text(problem.domain_name, odecl, init, goal, name="candidate")


def candidates(domain: str, text: str, rng: random.Random) -> list[tuple[str, str]]:
    pack = domain_packs()[domain]
    p = parse_problem(text, pack.domain)
    closure = fully_specify(p, domain).positive
    implied = sorted(map(str, closure - p.goal.positive))
    out = [
        ("identical", text),
        ("renamed", _rename(text, p, rng)),
        ("reordered", _reorder(domain, p, rng)),
    ]
    goal = sorted(map(str, p.goal.positive))
    out.append(("trivial-added", _reorder(domain, p, rng, goal + implied)))
    full = sorted(map(str, closure))
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
        if len(fully_specify(text2, domain).positive) < len(closure):
            out.append(("different", text2))
            break
    return out
