"""Rovers, the IPC 2002 STRIPS domain (typed), with exact ``fullySpecify`` rules.

Several rovers, each with its own traversable links, stores, on-board cameras (calibrated on a
target, uncalibrated by each image) and ``equipped_for_*`` capabilities; landers receive the
data. Solved by Fast Downward (no pack planner). The rules cover problems whose rovers can drive
back from wherever they go (see :mod:`.rules`); elsewhere the generic fullySpecify decides.

Problems written for Planetarium's ``rover-single`` say ``(:domain rover)`` too; under this
pack they fail with a clear reason (``unknown_predicate``: ``at_rover``) — score them with the
``rover-single`` pack, which accepts that name.
"""

from importlib.resources import files

from planetarium_plugin import DomainPack, hookimpl

from .describe import describe_goal
from .descriptions import DESCRIPTIONS
from .generate import generate
from .rules import fully_specify_goal

PACK = DomainPack(
    name="rover",
    domain_pddl=files(__package__).joinpath("domain.pddl").read_text(encoding="utf-8"),
    fully_specify=fully_specify_goal,
    generate=generate,
    max_scale=8,
    description="Rovers, IPC 2002 (typed): several rovers, stores, cameras, landers",
    descriptions=DESCRIPTIONS,
    describe_goal=describe_goal,
)


@hookimpl
def planetarium_domain_packs():
    return [PACK]
