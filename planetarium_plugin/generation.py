"""Problem generation: what a pack's generator yields, and how descriptions combine.

A pack's ``generate(rng, scale)`` yields :class:`Instance` values: a ground-truth problem with
an explicit and an abstract description of its initial state and of its goal. *Explicit* text
states every proposition; *abstract* text summarises ("all drones start fully charged at the
base"). The four combinations (explicit/abstract init x explicit/abstract goal) give the
paper's abstraction categories. ``scale`` runs from 1 (trivial) upwards (harder).

>>> inst = Instance("d", "line", "all_to_base", "(define …)", Description("E1.", "A1."),
...                 Description("E2.", "A2."))
>>> inst.text("abstract", "explicit")
'A1. Your goal is: E2.'
>>> inst.is_placeholder("explicit", "explicit"), inst.is_placeholder("abstract", "explicit")
(False, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal

__all__ = ["ABSTRACTIONS", "Abstraction", "Description", "Instance", "ProblemGenerator"]

Abstraction = Literal["explicit", "abstract"]
ABSTRACTIONS: tuple[Abstraction, ...] = ("explicit", "abstract")


@dataclass(frozen=True, slots=True)
class Description:
    """The same state or goal, stated proposition by proposition and summarised."""

    explicit: str
    abstract: str

    def get(self, abstraction: Abstraction) -> str:
        return self.explicit if abstraction == "explicit" else self.abstract


@dataclass(frozen=True, slots=True)
class Instance:
    """One generated ground truth.

    ``tied``: the goal is defined relative to the init (e.g. "swap the packages of two sites"),
    so object identity matters whatever the abstraction.
    """

    domain: str
    init_layout: str
    goal_layout: str
    problem_pddl: str
    init: Description
    goal: Description
    tied: bool = False

    def text(self, init: Abstraction, goal: Abstraction) -> str:
        """The natural-language task for one abstraction combination."""
        return f"{self.init.get(init)} Your goal is: {self.goal.get(goal)}"

    def is_placeholder(self, init: Abstraction, goal: Abstraction) -> bool:
        """Goal objects are placeholders unless identity matters (tied, or fully explicit)."""
        return not self.tied and not (init == "explicit" and goal == "explicit")


#: A pack's generator: instances of the given scale (1 = trivial), deterministic given ``rng``.
ProblemGenerator = Callable[[random.Random, int], Iterable[Instance]]
