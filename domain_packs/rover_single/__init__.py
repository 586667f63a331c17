"""Rover-single: Planetarium's one-rover Rovers domain, with exact ``fullySpecify`` rules.

The rover is implicit (``(at_rover ?w)``); types waypoint, camera, mode, objective; the
predicates are untyped and the actions typed. Sampling needs no store and keeps the sample;
communicating leaves ``available`` and ``channel_free`` true (add-after-delete).

Rows of the reference Planetarium dataset (how they are treated):

* ``(:domain rover)``: accepted — it is the name the reference wrote in its rover-single
  problems (``domain_aliases``); ``rover`` still selects the IPC ``rover`` pack by name.
* ``visible`` with an objective argument: parses (the predicates are untyped); the fact is
  inert — no action reads it — so it holds in every state and counts like any init fact.
* ``store`` objects and ``(empty ?s)`` facts: not vocabulary of this domain. Such a problem is
  invalid here, with a clear reason (``typing_mismatch``: unknown type ``store``, or
  ``unknown_predicate``: ``empty``); as a ground truth it gives ``ground_truth_invalid``
  (undecided, exit code 2) — a verdict, never a crash.

Our generator writes only ``(:domain rover-single)`` problems in this vocabulary.
"""

from importlib.resources import files

from planetarium_plugin import DomainPack, hookimpl

from .describe import describe_goal
from .descriptions import DESCRIPTIONS
from .generate import generate
from .planner import plan
from .rules import fully_specify_goal

PACK = DomainPack(
    name="rover-single",
    domain_pddl=files(__package__).joinpath("domain.pddl").read_text(encoding="utf-8"),
    fully_specify=fully_specify_goal,
    planner=plan,
    generate=generate,
    max_scale=8,
    domain_aliases=("rover",),
    description="Rovers with one implicit rover: sample, photograph, communicate to a lander",
    descriptions=DESCRIPTIONS,
    describe_goal=describe_goal,
)


@hookimpl
def planetarium_domain_packs():
    return [PACK]
