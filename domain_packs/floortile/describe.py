"""Floor-tile goals in the generator's abstract vocabulary (``DomainPack.describe_goal``).

A request may say "paint the tiles in a checkerboard pattern" where the PDDL lists
``painted`` atoms; only the pack can see the pattern, because it depends on the grid that the
init's ``up`` and ``right`` atoms lay out. This module rebuilds that geometry (one rectangular
grid, or separate rows with no vertical links), reads the goal as a painting (tile -> colour)
and says it the way :mod:`.generate` writes abstract goals: all tiles in the first colour, a
checkerboard, an X on a square grid, concentric rings, one colour per tile in reading order,
and both ends of each row with the only colour. Colours are ordered as the problem declares
them (the generator's "first colour"). A goal with anything beyond paint (or true static
facts), negative or numeric conditions gets ``()``.

Each sentence also comes in two or three alternative wordings (:data:`WORDINGS`), since users
write requests in their own words ("paint both diagonals in the first color") and the aligner
should match those as well as the generator's text. The alternatives say the same thing
(same colours, named the same way); each generator sentence comes first,
followed by its alternatives.

>>> from planetarium_plugin.parsing import parse_problem
>>> from planetarium_domain_packs.floortile import PACK
>>> p = parse_problem('''(define (problem p) (:domain floor-tile) (:requirements :typing)
...   (:objects r - robot t1 t2 t3 t4 - tile c1 c2 - color)
...   (:init (right t2 t1) (right t4 t3) (up t1 t3) (up t2 t4) (robot-at r t1)
...          (robot-has r c1) (available-color c1) (available-color c2))
...   (:goal (and (painted t1 c1) (painted t2 c2) (painted t3 c2) (painted t4 c1))))''',
...   PACK.domain)
>>> describe_goal(p)[0]
'to paint the tiles in a checkerboard pattern of the two colors, the top-left tile in the first color.'
>>> len(describe_goal(p))
4
"""  # noqa: E501

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from planetarium_plugin.parsing import Problem

__all__ = ["WORDINGS", "describe_goal", "goal_wordings"]

#: Static facts a goal may restate (they hold in every state when the init has them).
STATIC = frozenset({"up", "right", "available-color", "painted"})


@dataclass(frozen=True, slots=True)
class Layout:
    """Tiles as rows (top to bottom, left to right); ``grid``: one connected rectangle."""

    rows: tuple[tuple[str, ...], ...]
    grid: bool


def _layout(problem: Problem, tiles: list[str]) -> Layout | None:
    """The init's tile geometry, or None when it is neither a full grid nor separate rows."""
    known = set(tiles)
    links: dict[str, list[tuple[str, int, int]]] = defaultdict(list)
    n_right = n_up = 0
    for a in problem.init:
        if a.predicate not in ("up", "right") or len(a.args) != 2:
            continue
        x, y = a.args
        if x not in known or y not in known or x == y:
            return None
        dr, dc = (-1, 0) if a.predicate == "up" else (0, 1)  # x is above / right of y
        links[y].append((x, dr, dc))
        links[x].append((y, -dr, -dc))
        n_up += a.predicate == "up"
        n_right += a.predicate == "right"
    pos: dict[str, tuple[int, int]] = {}
    parts: list[dict[tuple[int, int], str]] = []
    for start in tiles:
        if start in pos:
            continue
        pos[start] = (0, 0)
        cells = {(0, 0): start}
        todo = [start]
        while todo:
            t = todo.pop()
            r, c = pos[t]
            for u, dr, dc in links[t]:
                p = (r + dr, c + dc)
                if u in pos:
                    if pos[u] != p:
                        return None
                    continue
                if p in cells:
                    return None
                pos[u] = p
                cells[p] = u
                todo.append(u)
        parts.append(cells)
    grids = []
    for cells in parts:
        r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
        h, w = max(r for r, _ in cells) - r0 + 1, max(c for _, c in cells) - c0 + 1
        if h * w != len(cells):
            return None  # not a full rectangle
        grids.append(tuple(tuple(cells[(r0 + i, c0 + j)] for j in range(w)) for i in range(h)))
    if len(grids) == 1:
        g = grids[0]
        h, w = len(g), len(g[0])
        if n_right != h * (w - 1) or n_up != (h - 1) * w:
            return None  # links missing between neighbours
        return Layout(g, True)
    if n_up or any(len(g) != 1 for g in grids) or n_right != sum(len(g[0]) - 1 for g in grids):
        return None
    return Layout(tuple(g[0] for g in grids), False)


#: Each generator sentence, then its alternative wordings (same colours, same conditions).
WORDINGS: dict[str, tuple[str, ...]] = {
    "all": (
        "to paint all the tiles with the first color.",
        "paint every tile in the first color.",
        "to have each tile of the floor painted the first colour.",
        "make all of the tiles the first color, leaving none unpainted.",
    ),
    "checkerboard": (
        "to paint the tiles in a checkerboard pattern of the two colors, the top-left tile "
        "in the first color.",
        "paint a checkerboard using the two colors, starting with the first color in the "
        "top-left corner.",
        "to alternate the two colors across the grid like a chessboard, so the top-left tile "
        "gets the first color and neighbouring tiles always differ.",
        "colour the floor as a chess board in the two colours, with the first colour on the "
        "tile at the top left.",
    ),
    "x": (
        "to paint an X across the grid with the first color: both diagonals.",
        "paint both diagonals of the grid in the first color, forming an X.",
        "to draw a big X on the floor with the first color, covering the two diagonals.",
        "use the first colour on every tile of the two diagonals so that they make an X shape.",
    ),
    "rings": (
        "to paint each concentric ring in its own color, the outermost ring in the first "
        "color and each inner ring in the next.",
        "paint the grid as nested rings, one color per ring: the outer ring in the first "
        "color, the ring inside it in the second, and so on.",
        "to color the border tiles with the first color and move on to the next color for "
        "every ring going inward.",
        "give each ring of tiles, from the outside in, the next colour in order, beginning "
        "with the first colour on the outer edge.",
    ),
    "per_tile": (
        "to paint every tile in a different color, the i-th tile (in reading order) with the "
        "i-th color.",
        "paint each tile its own color: going row by row, left to right, the first tile gets "
        "the first color, the second tile the second color, and so on.",
        "to give tile number i, counted in reading order, color number i, so no two tiles "
        "share a color.",
        "assign the colours to the tiles in order, reading the grid left to right and top to "
        "bottom, one colour per tile.",
    ),
    "ends": (
        "to paint both ends of each row with the color.",
        "paint the first and the last tile of every row with the color.",
        "to color the leftmost and rightmost tiles in each row using the color.",
        "for each row, paint the tile at either end in the color.",
    ),
}


def goal_wordings(problem: Problem) -> tuple[tuple[str, ...], ...]:
    """Each meaning the goal has in the abstract vocabulary: the generator's sentence, then
    its alternative wordings (:data:`WORDINGS`); ``()`` if none fit."""
    return tuple(WORDINGS[k] for k in _meanings(problem))


def describe_goal(problem: Problem) -> tuple[str, ...]:
    """Abstract goal sentences for ``problem`` (see the module docstring); ``()`` if none fit.

    Each generator sentence is followed by its alternative wordings.
    """
    return tuple(s for g in goal_wordings(problem) for s in g)


def _meanings(problem: Problem) -> list[str]:
    """Keys of :data:`WORDINGS` that state the goal of ``problem``."""
    goal = problem.goal
    if goal.negative or goal.numeric:
        return []
    tiles = [o for o, t in problem.objects.items() if t == "tile"]
    colours = [o for o, t in problem.objects.items() if t == "color"]
    if not tiles or not colours:
        return []
    painted = set()
    for a in goal.positive:
        if a.predicate == "painted" and len(a.args) == 2:
            painted.add(a.args)
        elif a.predicate not in STATIC or a not in problem.init:
            return []
    out = []
    first = colours[0]
    if painted == {(t, first) for t in tiles}:
        out.append("all")
    layout = _layout(problem, tiles)
    if layout is None:
        return out
    rows = layout.rows
    if layout.grid:
        h, w = len(rows), len(rows[0])
        cells = [(r, c, t) for r, row in enumerate(rows) for c, t in enumerate(row)]
        if len(colours) >= 2 and painted == {(t, colours[(r + c) % 2]) for r, c, t in cells}:
            out.append("checkerboard")
        if h == w and painted == {(t, first) for r, c, t in cells if c in (r, w - 1 - r)}:
            out.append("x")
        ring = {t: min(r, c, h - 1 - r, w - 1 - c) for r, c, t in cells}
        if max(ring.values()) < len(colours) and painted == {
            (t, colours[k]) for t, k in ring.items()
        }:
            out.append("rings")
        if len(colours) >= len(cells) and painted == {
            (t, colours[i]) for i, (_, _, t) in enumerate(cells)
        }:
            out.append("per_tile")
    if len(colours) == 1 and painted == {(t, first) for row in rows for t in (row[0], row[-1])}:
        out.append("ends")
    return out
