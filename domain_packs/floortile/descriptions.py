"""What (simplified) Floor-tile and its actions and predicates mean (for domain-writing tasks)."""

from planetarium_plugin.packs import DomainDescriptions

DESCRIPTIONS = DomainDescriptions(
    domain=(
        "Robots stand on the tiles of a floor grid and paint tiles. Each robot holds one paint "
        "colour at a time and can switch to any available colour. A robot paints a tile next to "
        "the one it stands on (above, below, to the left or to the right) with its colour; a "
        "tile may be painted several times and robots may share tiles. Robots move to a "
        "neighbouring tile in the four directions. Typed: robot, tile and color."
    ),
    types={"robot": "a painting robot", "tile": "a floor tile", "color": "a paint colour"},
    predicates={
        "robot-at": "(robot-at ?r - robot ?x - tile): robot ?r stands on tile ?x",
        "up": "(up ?x - tile ?y - tile): tile ?x is directly above tile ?y",
        "right": "(right ?x - tile ?y - tile): tile ?x is directly to the right of tile ?y",
        "painted": "(painted ?x - tile ?c - color): tile ?x is painted with colour ?c",
        "robot-has": "(robot-has ?r - robot ?c - color): robot ?r holds colour ?c",
        "available-color": "(available-color ?c - color): colour ?c can be taken",
    },
    actions={
        "change-color": (
            "change-color ?r ?c ?c2: robot ?r, holding colour ?c, switches to the available "
            "colour ?c2."
        ),
        "paint-up": (
            "paint-up ?r ?y ?x ?c: robot ?r on tile ?x paints the tile ?y directly above ?x "
            "with the colour ?c it holds."
        ),
        "paint-down": (
            "paint-down ?r ?y ?x ?c: robot ?r on tile ?x paints the tile ?y directly below ?x "
            "with the colour ?c it holds."
        ),
        "paint-right": (
            "paint-right ?r ?y ?x ?c: robot ?r on tile ?x paints the tile ?y directly to the "
            "right of ?x with the colour ?c it holds."
        ),
        "paint-left": (
            "paint-left ?r ?y ?x ?c: robot ?r on tile ?x paints the tile ?y directly to the "
            "left of ?x with the colour ?c it holds."
        ),
        "up": "up ?r ?x ?y: robot ?r moves from tile ?x to the tile ?y directly above it.",
        "down": "down ?r ?x ?y: robot ?r moves from tile ?x to the tile ?y directly below it.",
        "right": (
            "right ?r ?x ?y: robot ?r moves from tile ?x to the tile ?y directly to its right."
        ),
        "left": "left ?r ?x ?y: robot ?r moves from tile ?x to the tile ?y directly to its left.",
    },
)
