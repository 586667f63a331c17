"""Domain packs: what a pack provides, and the registry that finds packs through entry points.

>>> reg = load_packs()
>>> "blocksworld" in reg and reg["blocksworld"].domain.name
'blocksworld'
"""

from __future__ import annotations

import functools
import importlib.metadata as md
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import pluggy

from . import hookspecs
from .errors import PlanetariumError, Reason
from .parsing import Domain, Problem, parse_domain
from .specify import RulesFn

if TYPE_CHECKING:
    from .generation import ProblemGenerator

__all__ = ["DomainPack", "PackRegistry", "default_registry", "load_packs", "resolve_pack"]


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


@dataclass(frozen=True)
class DomainPack:
    """A domain and what the engine needs to know about it.

    Attributes:
        name: the pack's name, used as ``--domain NAME``.
        domain_pddl: the domain definition (parsed once, see :attr:`domain`).
        fully_specify: optional rules returning the positive closure of a problem's goal
            (goal atoms included), or None when the rules do not apply to that problem; the
            generic explicit-state search is used then.
        planner: optional specialised planner ``(problem, domain) -> PlannerOutcome | None``;
            it must be complete for valid problems of its domain and may decline (None).
            Every plan it returns is validated.
        generate: optional ``(rng, scale) -> Iterable[Instance]``: ground-truth problems with
            explicit and abstract descriptions, from trivial (scale 1) to hard.
        max_scale: the largest scale the dataset generator asks ``generate`` for.
        version, description: shown by ``planetarium packs``.
        distribution: the installed distribution that registered the pack (set by the registry).
    """

    name: str
    domain_pddl: str
    fully_specify: RulesFn | None = None
    planner: PackPlanner | None = None
    generate: ProblemGenerator | None = None
    max_scale: int = 20
    version: str = ""
    description: str = ""
    distribution: str = ""
    domain: Domain = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "domain", parse_domain(self.domain_pddl))

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


@dataclass(frozen=True)
class PackRegistry(Mapping[str, DomainPack]):
    """Installed packs by name, plus the errors met while loading broken plugins."""

    packs: Mapping[str, DomainPack]
    errors: tuple[str, ...] = ()

    def __getitem__(self, name: str) -> DomainPack:
        return self.packs[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.packs)

    def __len__(self) -> int:
        return len(self.packs)


def _plugin_manager() -> pluggy.PluginManager:
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    return pm


def load_packs(
    extra_plugins: Iterable[object] = (), *, group: str = hookspecs.ENTRY_POINT_GROUP
) -> PackRegistry:
    """Discover packs from entry points (and ``extra_plugins``) into a fresh registry.

    A plugin that fails to import or returns a broken pack is skipped and reported in
    :attr:`PackRegistry.errors`; it never prevents the other packs from loading.
    """
    pm = _plugin_manager()
    dists: dict[int, tuple[str, str]] = {}
    errors: list[str] = []
    for ep in md.entry_points(group=group):
        try:
            plugin = ep.load()
            if pm.is_registered(plugin):
                continue
            pm.register(plugin, name=f"{group}:{ep.name}")
        except Exception as exc:  # a broken third-party pack must not break the others
            errors.append(f"entry point {ep.name!r}: {type(exc).__name__}: {exc}")
            continue
        if ep.dist is not None:
            dists[id(plugin)] = (ep.dist.name, ep.dist.version)
    for plugin in extra_plugins:
        pm.register(plugin)
    packs: dict[str, DomainPack] = {}
    for impl in reversed(pm.hook.planetarium_domain_packs.get_hookimpls()):
        try:
            provided = list(impl.function())
        except Exception as exc:
            errors.append(f"plugin {impl.plugin_name!r}: {type(exc).__name__}: {exc}")
            continue
        dist, version = dists.get(id(impl.plugin), ("", ""))
        for pack in provided:
            if not isinstance(pack, DomainPack):
                errors.append(f"plugin {impl.plugin_name!r} returned {type(pack).__name__}")
                continue
            if pack.name in packs:
                errors.append(f"pack {pack.name!r} is registered twice; keeping the first")
                continue
            if dist and not pack.distribution:
                object.__setattr__(pack, "distribution", dist)
            if version and not pack.version:
                object.__setattr__(pack, "version", version)
            packs[pack.name] = pack
    return PackRegistry(dict(sorted(packs.items())), tuple(errors))


@functools.cache
def default_registry() -> PackRegistry:
    """The installed packs, loaded once per process (the registry itself is immutable)."""
    return load_packs()


def resolve_pack(domain: str | DomainPack, registry: PackRegistry | None = None) -> DomainPack:
    """Find a pack by name, by its domain's ``(define (domain NAME))`` or by a domain file path.

    A path must hold the domain of a registered pack: its PDDL name selects the pack.
    """
    if isinstance(domain, DomainPack):
        return domain
    reg = registry if registry is not None else default_registry()
    if domain in reg:
        return reg[domain]
    by_domain = {p.domain.name: p for p in reg.values()}
    if domain in by_domain:
        return by_domain[domain]
    path = Path(domain)
    if path.suffix == ".pddl" or path.is_file():
        try:
            parsed = parse_domain(path.read_text(encoding="utf-8"))
        except OSError as exc:
            raise PlanetariumError(Reason.UNKNOWN_DOMAIN, f"cannot read {domain}: {exc}") from exc
        if parsed.name in by_domain:
            return by_domain[parsed.name]
        raise PlanetariumError(
            Reason.UNKNOWN_DOMAIN,
            f"{domain} defines domain {parsed.name!r}, which no installed pack provides",
        )
    known = ", ".join(reg) or "none"
    raise PlanetariumError(
        Reason.UNKNOWN_DOMAIN, f"no domain pack named {domain!r} (installed: {known})"
    )
