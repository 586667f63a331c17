"""Floor-tile problems and descriptions, with the Planetarium layouts.

Init layouts: ``grid`` and ``rings`` (the same grid, described as rows and columns or as
concentric rings), and the tied ``disconnected_rows`` (rows with no vertical links, one robot at
the left end of each). Goals: ``paint_all``, ``checkerboard``, ``painted_x`` (square grids),
``painted_rings``, ``one_color_per_tile`` (small grids) and, from disconnected rows,
``paint_row_ends``. Tiles are ``tile1…`` in row-major order from the top-left; robots start on
the first tiles, robot i holding colour i (cycling); every colour is available. All of
floor-tile is the test split, as in the paper.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from planetarium_plugin.generation import Description, Instance, problem_pddl, sentences


def generate(rng: random.Random, scale: int) -> Iterator[Instance]:
    """Every applicable layout pair for grid size ``scale`` (rows 1 + scale // 3)."""
    rows, cols = 1 + scale // 3, 2 + scale % 3
    tiles = [[f"tile{r * cols + c + 1}" for c in range(cols)] for r in range(rows)]
    flat = [t for row in tiles for t in row]
    n_robots = min(len(flat), 1 + scale // 4)

    def world(colours: list[str], connected: bool):
        robots = [f"robot{i}" for i in range(1, (n_robots if connected else rows) + 1)]
        facts, text = [], []
        for r in range(rows):
            for c in range(cols):
                if c + 1 < cols:
                    facts.append(f"(right {tiles[r][c + 1]} {tiles[r][c]})")
                    text.append(f"Tile {tiles[r][c + 1]} is to the right of tile {tiles[r][c]}.")
                if connected and r + 1 < rows:
                    facts.append(f"(up {tiles[r][c]} {tiles[r + 1][c]})")
                    text.append(f"Tile {tiles[r][c]} is above tile {tiles[r + 1][c]}.")
        starts = [flat[i] for i in range(len(robots))] if connected else [row[0] for row in tiles]
        for i, (robot, tile) in enumerate(zip(robots, starts, strict=True)):
            colour = colours[i % len(colours)]
            facts += [f"(robot-at {robot} {tile})", f"(robot-has {robot} {colour})"]
            text += [
                f"The robot {robot} is at tile {tile}.",
                f"The robot {robot} has color {colour}.",
            ]
        facts += [f"(available-color {c})" for c in colours]
        text += [f"Color {c} is available." for c in colours]
        head = (
            f"You have {len(robots)} robot{'s' * (len(robots) != 1)}, {len(colours)} colors, "
            f"and {len(flat)} unpainted tiles"
        )
        return robots, facts, text, head

    def instance(init_name, goal_name, colours, connected, init_abs, goal, goal_abs, tied=False):
        robots, facts, text, head = world(colours, connected)
        goal_facts = [f"(painted {t} {c})" for t, c in goal]
        objs = f"{' '.join(robots)} - robot {' '.join(flat)} - tile {' '.join(colours)} - color"
        return Instance(
            "floor-tile",
            init_name,
            goal_name,
            problem_pddl(
                f"{init_name}_{goal_name}_{rows}x{cols}",
                "floor-tile",
                objs,
                facts,
                goal_facts,
                requirements=":typing",
            ),
            Description(sentences([head + ".", *text]), f"{head} {init_abs}"),
            Description(
                "to have the following: "
                + sentences(f"Tile {t} should be painted with color {c}." for t, c in goal),
                goal_abs,
            ),
            tied=tied,
            split="test",
            size=len(facts) + len(goal_facts),
        )

    starts = (
        "The robots start on the first tiles of the top row in order, and the i-th robot "
        "has the i-th color (cycling through the colors). All colors are available."
    )
    views = {
        "grid": f"arranged in a grid with {rows} rows and {cols} columns. {starts}",
        "rings": f"arranged in a grid of {rows} by {cols} tiles, that is "
        f"{(min(rows, cols) + 1) // 2} concentric rings. {starts}",
    }
    two = ["color1", "color2"]
    ring = {
        t: min(r, c, rows - 1 - r, cols - 1 - c)
        for r, row in enumerate(tiles)
        for c, t in enumerate(row)
    }
    n_rings = max(ring.values()) + 1
    for init_name, init_abs in views.items():
        yield instance(
            init_name,
            "paint_all",
            two,
            True,
            init_abs,
            [(t, "color1") for t in flat],
            "to paint all the tiles with the first color.",
        )
        yield instance(
            init_name,
            "checkerboard",
            two,
            True,
            init_abs,
            [(t, two[(r + c) % 2]) for r, row in enumerate(tiles) for c, t in enumerate(row)],
            "to paint the tiles in a checkerboard pattern of the two colors, the "
            "top-left tile in the first color.",
        )
        if rows == cols:
            x = [
                row[c] for r, row in enumerate(tiles) for c in range(cols) if c in (r, cols - 1 - r)
            ]
            yield instance(
                init_name,
                "painted_x",
                two,
                True,
                init_abs,
                [(t, "color1") for t in x],
                "to paint an X across the grid with the first color: both diagonals.",
            )
        colours = [f"color{i}" for i in range(1, n_rings + 1)] if n_rings > 1 else two
        yield instance(
            init_name,
            "painted_rings",
            colours,
            True,
            init_abs,
            [(t, colours[ring[t] % len(colours)]) for t in flat],
            "to paint each concentric ring in its own color, the outermost ring in "
            "the first color and each inner ring in the next.",
        )
        if len(flat) <= 6:
            per = [f"color{i}" for i in range(1, len(flat) + 1)]
            yield instance(
                init_name,
                "one_color_per_tile",
                per,
                True,
                init_abs,
                list(zip(flat, per, strict=True)),
                "to paint every tile in a different color, the i-th tile (in reading "
                "order) with the i-th color.",
            )
    ends = sorted({(row[0], "color1") for row in tiles} | {(row[-1], "color1") for row in tiles})
    yield instance(
        "disconnected_rows",
        "paint_row_ends",
        ["color1"],
        False,
        f"arranged in {rows} separate rows of {cols} tiles, with no way between the "
        "rows. One robot stands at the left end of each row with the only color, "
        "which is available.",
        ends,
        "to paint both ends of each row with the color.",
        tied=True,
    )
