"""Gripper (IPC 1998, untyped) with exact ``fullySpecify`` rules."""

from importlib.resources import files

from planetarium_plugin import DomainPack, hookimpl

from .describe import describe_goal
from .descriptions import DESCRIPTIONS
from .generate import generate
from .planner import plan
from .rules import fully_specify_goal

PACK = DomainPack(
    name="gripper",
    domain_pddl=files(__package__).joinpath("domain.pddl").read_text(encoding="utf-8"),
    fully_specify=fully_specify_goal,
    planner=plan,
    generate=generate,
    max_scale=25,
    description="Gripper, IPC 1998 (untyped; types are unary predicates)",
    descriptions=DESCRIPTIONS,
    describe_goal=describe_goal,
)


@hookimpl
def planetarium_domain_packs():
    return [PACK]
