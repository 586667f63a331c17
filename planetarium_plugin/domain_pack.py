"""The pack type: a domain and what the engine needs to know about it (rules, planner, generator,
descriptions), and the forms a ``domain=`` argument may take.

The bottom of the pack layers: the hook specification (:mod:`.hookspecs`) returns these, the
resolver (:mod:`.resolution`) and the registry (:mod:`.registry`) build on them. Import
through :mod:`planetarium_plugin.packs` or the package.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Mapping
from dataclasses import InitVar, dataclass, field
from typing import TYPE_CHECKING, Literal, Protocol, TypeAlias

from .parsing import Domain, Problem, parse_domain
from .specify import RulesFn

if TYPE_CHECKING:
    from .generation import ProblemGenerator

__all__ = [
    "DomainDescriptions",
    "DomainPack",
    "DomainSource",
    "DomainSpec",
    "GoalDescriber",
    "PackPlanner",
    "PlanOutcome",
]


class PlanOutcome(Protocol):
    """What a pack planner reports; :class:`planetarium_plugin.planning.PlannerOutcome` is one.

    Declared here (structurally) so that the pack spec does not import the planning package.
    """

    @property
    def status(self) -> str: ...

    @property
    def plan(self) -> tuple[str, ...] | None: ...

    @property
    def message(self) -> str: ...


#: A pack's specialised planner: an outcome, or None to decline (the general planner runs then).
PackPlanner = Callable[[Problem, Domain], PlanOutcome | None]

#: ``problem -> sentences``: the goal summarised in the pack's own abstract vocabulary.
GoalDescriber = Callable[[Problem], "tuple[str, ...]"]

#: Where a resolved domain came from: a pack (by name or object), a file, or PDDL text.
DomainSource = Literal["pack", "file", "text"]


@dataclass(frozen=True)
class DomainDescriptions:
    """The natural-language knowledge of a domain: enough for a model to write it from scratch.

    ``domain`` describes the world; ``actions``, ``predicates``, ``functions`` and ``types`` map
    each name of the domain's vocabulary to what it means. Packs that provide it get the
    ``planetarium_domains`` lm-eval task (writing the whole domain) for free.
    """

    domain: str
    actions: Mapping[str, str]
    predicates: Mapping[str, str] = field(default_factory=dict)
    functions: Mapping[str, str] = field(default_factory=dict)
    types: Mapping[str, str] = field(default_factory=dict)

    def missing(self, domain: Domain) -> list[str]:
        """Names of ``domain``'s vocabulary that have no description."""
        out = [f"action {a.name}" for a in domain.actions if a.name not in self.actions]
        out += [f"predicate {p}" for p in domain.predicates if p not in self.predicates]
        out += [f"function {f}" for f in domain.functions if f not in self.functions]
        return out


@dataclass(frozen=True)
class DomainPack:
    """A domain and what the engine needs to know about it.

    Attributes:
        name: the pack's name, used as ``--domain NAME``.
        domain_pddl: the domain definition (parsed once, see :attr:`domain`).
        fully_specify: optional rules returning the positive closure of a problem's goal
            (goal atoms included), or None when the rules do not apply to that problem; the
            generic exact method (:func:`~.specify.exact_fully_specify`) is used then.
        planner: optional specialised planner ``(problem, domain) -> PlannerOutcome | None``;
            it must be complete for valid problems of its domain and may decline (None).
            Every plan it returns is validated.
        generate: optional ``(rng, scale) -> Iterable[Instance]``: ground-truth problems with
            explicit and abstract descriptions, from trivial (scale 1) to hard.
        max_scale: the largest scale the dataset generator asks ``generate`` for.
        domain_aliases: other names a problem's ``(:domain …)`` may give for this domain (e.g.
            the name a reference dataset wrote); they never select the pack by name.
        version, description: shown by ``planetarium packs``.
        distribution: the installed distribution that registered the pack (set by the registry).
        descriptions: optional :class:`DomainDescriptions` (what the domain and each action,
            predicate and function mean), used to ask a model for the whole domain.
        describe_goal: optional ``problem -> tuple[str, ...]``: the problem's goal stated in
            the pack's abstract vocabulary — every abstract goal text its generator would
            write for this goal from this initial state ("to stack all the blocks into a
            single tower, with your arm empty."), empty when none fits. The aligner embeds
            these next to the literal rendering, so abstract requests can be matched.
        parsed: the already parsed ``domain_pddl`` (saves a second parse; init only).
    """

    name: str
    domain_pddl: str
    fully_specify: RulesFn | None = None
    planner: PackPlanner | None = None
    generate: ProblemGenerator | None = None
    max_scale: int = 20
    domain_aliases: tuple[str, ...] = ()
    version: str = ""
    description: str = ""
    distribution: str = ""
    descriptions: DomainDescriptions | None = field(default=None, repr=False, compare=False)
    describe_goal: GoalDescriber | None = field(default=None, repr=False, compare=False)
    domain: Domain = field(init=False, repr=False, compare=False)
    parsed: InitVar[Domain | None] = None

    def __post_init__(self, parsed: Domain | None) -> None:
        if parsed is None or parsed.text != self.domain_pddl:
            parsed = parse_domain(self.domain_pddl)
        if self.domain_aliases:
            aliases = frozenset(a.lower() for a in self.domain_aliases)
            parsed = dataclasses.replace(parsed, aliases=aliases)
        object.__setattr__(self, "domain", parsed)

    @property
    def numeric(self) -> bool:
        """True for packs whose domain declares numeric fluents."""
        return self.domain.numeric

    @property
    def planner_kind(self) -> str:
        """The planner ``solve(planner="auto")`` tries first for this pack."""
        if self.planner is not None:
            return "pack"
        return "enhsp" if self.numeric else "fast-downward"


#: Anything a ``domain=`` argument may be: a pack name, a pack, a path, or PDDL text (or a
#: parsed :class:`~.parsing.Domain`).
DomainSpec: TypeAlias = str | os.PathLike[str] | DomainPack | Domain
