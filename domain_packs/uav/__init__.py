"""Numeric UAV packs (our own domains, in the style of SPAR): delivery and inspection.

Both register through the same plugin; ENHSP solves them (``planner_kind`` is ``enhsp``).
"""

from importlib.resources import files

from planetarium_plugin import DomainPack, hookimpl

from .describe import describe_delivery, describe_inspection
from .descriptions import DELIVERY as DELIVERY_DESCRIPTIONS
from .descriptions import INSPECTION as INSPECTION_DESCRIPTIONS
from .generate import generate_delivery, generate_inspection
from .rules import fully_specify_delivery, fully_specify_inspection


def _read(name: str) -> str:
    return files(__package__).joinpath(name).read_text(encoding="utf-8")


DELIVERY = DomainPack(
    name="uav-delivery",
    domain_pddl=_read("delivery.pddl"),
    fully_specify=fully_specify_delivery,
    generate=generate_delivery,
    max_scale=10,
    description="Drones with battery and payload capacity deliver packages (numeric)",
    descriptions=DELIVERY_DESCRIPTIONS,
    describe_goal=describe_delivery,
)
INSPECTION = DomainPack(
    name="uav-inspection",
    domain_pddl=_read("inspection.pddl"),
    fully_specify=fully_specify_inspection,
    generate=generate_inspection,
    max_scale=10,
    description="Drones with battery photograph targets and recharge at a base (numeric)",
    descriptions=INSPECTION_DESCRIPTIONS,
    describe_goal=describe_inspection,
)


@hookimpl
def planetarium_domain_packs():
    return [DELIVERY, INSPECTION]
