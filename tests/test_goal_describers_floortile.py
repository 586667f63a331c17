"""Floor-tile describer on goals and grids the generator never writes (the shared contract
covers the generated ones): geometry read from the links whatever the tile names, grid sizes
and shapes the generator does not use, goals beyond paint, and soundness over random grids."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st
from planetarium_domain_packs.floortile.describe import WORDINGS, goal_wordings

from planetarium_plugin import default_registry, equivalent
from planetarium_plugin.parsing import parse_problem

PACK = default_registry()["floor-tile"]

ALL = "to paint all the tiles with the first color."
CHECKER = (
    "to paint the tiles in a checkerboard pattern of the two colors, the top-left tile in the "
    "first color."
)
X = "to paint an X across the grid with the first color: both diagonals."
RINGS = (
    "to paint each concentric ring in its own color, the outermost ring in the first color and "
    "each inner ring in the next."
)
PER_TILE = (
    "to paint every tile in a different color, the i-th tile (in reading order) with the i-th "
    "color."
)
ENDS = "to paint both ends of each row with the color."


def _grid(h: int, w: int, rng: random.Random | None = None, connected: bool = True):
    """Tile names by (row, col), shuffled when ``rng`` is given, and the link facts."""
    names = [f"t{i}" for i in range(h * w)]
    if rng is not None:
        rng.shuffle(names)
    at = {(r, c): names[r * w + c] for r in range(h) for c in range(w)}
    links = [f"(right {at[r, c + 1]} {at[r, c]})" for r in range(h) for c in range(w - 1)]
    if connected:
        links += [f"(up {at[r, c]} {at[r + 1, c]})" for r in range(h - 1) for c in range(w)]
    return at, links


def _problem(at, links, colours: int, goal: list[str], extra_init=()) -> str:
    tiles = " ".join(sorted(at.values()))
    cols = " ".join(f"c{i}" for i in range(1, colours + 1))
    init = [*links, f"(robot-at r1 {at[0, 0]})", "(robot-has r1 c1)", *extra_init]
    init += [f"(available-color c{i})" for i in range(1, colours + 1)]
    return (
        "(define (problem p) (:domain floor-tile) (:requirements :typing)\n"
        f"  (:objects r1 - robot {tiles} - tile {cols} - color)\n"
        f"  (:init {' '.join(init)})\n  (:goal (and {' '.join(goal)})))"
    )


def _describe(text: str) -> tuple[str, ...]:
    return PACK.describe_goal(parse_problem(text, PACK.domain))


def _generator_sentences(text: str) -> tuple[str, ...]:
    return tuple(g[0] for g in goal_wordings(parse_problem(text, PACK.domain)))


def _patterns(at, h: int, w: int, colours: int) -> dict[str, list[str]]:
    def paint(f):
        return [f"(painted {t} c{f(r, c) + 1})" for (r, c), t in at.items()]

    def ring(r, c):
        return min(r, c, h - 1 - r, w - 1 - c)

    out = {ALL: paint(lambda r, c: 0)}
    if colours >= 2:
        out[CHECKER] = paint(lambda r, c: (r + c) % 2)
    if h == w:
        out[X] = [f"(painted {t} c1)" for (r, c), t in at.items() if c in (r, w - 1 - r)]
    if (min(h, w) + 1) // 2 <= colours:
        out[RINGS] = paint(ring)
    if h * w <= colours:
        out[PER_TILE] = paint(lambda r, c: r * w + c)
    return out


def test_geometry_comes_from_the_links_not_the_names():
    rng = random.Random(3)
    for h, w in [(3, 5), (4, 4), (5, 2), (1, 6)]:
        at, links = _grid(h, w, rng)
        for sentence, goal in _patterns(at, h, w, 3).items():
            assert sentence in _describe(_problem(at, links, 3, goal)), (h, w, sentence)


def test_one_colour_per_tile_beyond_the_generators_sizes():
    at, links = _grid(3, 3)
    goal = _patterns(at, 3, 3, 9)[PER_TILE]
    assert PER_TILE in _describe(_problem(at, links, 9, goal))
    assert _describe(_problem(at, links, 8, goal[:-1])) == ()


def test_row_ends_on_a_connected_grid_and_on_uneven_rows():
    at, links = _grid(3, 4)
    ends = [f"(painted {at[r, c]} c1)" for r in range(3) for c in (0, 3)]
    assert _generator_sentences(_problem(at, links, 1, ends)) == (ENDS,)
    # rows of different lengths, no vertical links
    at2 = {(0, 0): "a", (0, 1): "b", (0, 2): "c", (1, 0): "d", (2, 0): "e", (2, 1): "f"}
    links2 = ["(right b a)", "(right c b)", "(right f e)"]
    goal = [f"(painted {t} c1)" for t in ("a", "c", "d", "e", "f")]
    assert _generator_sentences(_problem(at2, links2, 1, goal)) == (ENDS,)
    assert _describe(_problem(at2, links2, 2, goal)) == ()  # "the color": only one colour


def test_broken_grids_keep_only_the_shape_free_sentence():
    at, links = _grid(3, 3)
    goal = _patterns(at, 3, 3, 2)[ALL]
    # a missing link, and a link that folds the grid onto itself
    for bad in (links[1:], [*links, f"(right {at[0, 0]} {at[2, 2]})"]):
        assert _generator_sentences(_problem(at, bad, 2, goal)) == (ALL,)
    checker = _patterns(at, 3, 3, 2)[CHECKER]
    assert _describe(_problem(at, links[1:], 2, checker)) == ()


def test_goals_beyond_paint():
    at, links = _grid(2, 2)
    goal = _patterns(at, 2, 2, 2)[CHECKER]
    p = _problem(at, links, 2, goal)
    assert _generator_sentences(p) == (CHECKER,)
    # restating a static fact changes nothing; asking for a robot position does
    assert _generator_sentences(_problem(at, links, 2, [*goal, links[0]])) == (CHECKER,)
    assert _describe(_problem(at, links, 2, [*goal, f"(robot-at r1 {at[1, 1]})"])) == ()
    assert _describe(_problem(at, links, 2, [*goal, f"(not (painted {at[0, 0]} c2))"])) == ()
    assert _describe(_problem(at, links, 2, [])) == ()


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 4), st.integers(1, 4), st.integers(1, 4), st.randoms(use_true_random=False))
def test_shared_sentence_means_equivalent(h, w, colours, rng):
    """Two goals over the same init that share a sentence are equivalent under the metric."""
    at, links = _grid(h, w, rng)
    pats = list(_patterns(at, h, w, colours).values())
    tiles = list(at.values())

    def goal():
        if rng.random() < 0.7:
            return rng.choice(pats)
        return [f"(painted {t} c{rng.randint(1, colours)})" for t in rng.sample(tiles, 1)]

    x, y = _problem(at, links, colours, goal()), _problem(at, links, colours, goal())
    if set(_describe(x)) & set(_describe(y)):
        assert equivalent(x, y, PACK, placeholder=True).equivalent is True
        assert parse_problem(x, PACK.domain).goal == parse_problem(y, PACK.domain).goal


def test_every_generator_sentence_comes_with_alternative_wordings():
    """Each meaning: the generator's sentence first, then >= 2 distinct alternatives with the
    same numbers and colour words; no alternative is shared by two meanings; every generated
    goal is described, each sentence followed by its alternatives."""
    every = [s for g in WORDINGS.values() for s in g]
    assert len(every) == len(set(every))
    for g in WORDINGS.values():
        assert len(g) >= 3
        for alt in g[1:]:
            assert re.findall(r"\d+", alt) == re.findall(r"\d+", g[0])
            assert re.search(r"\bcolou?rs?\b", alt), alt
            for word in ("first", "two", "the color"):  # the colours, named the same way
                assert word not in g[0] or word in alt.replace("colour", "color"), alt
    checked = 0
    for scale in range(1, 7):
        for inst in PACK.generate(random.Random(f"wordings:{scale}"), scale):
            problem = parse_problem(inst.problem_pddl, PACK.domain)
            groups = goal_wordings(problem)
            assert inst.goal.abstract in [g[0] for g in groups]
            said = PACK.describe_goal(problem)
            assert said == tuple(s for g in groups for s in g)
            checked += 1
    assert checked >= 10
