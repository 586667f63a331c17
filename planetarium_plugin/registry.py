"""The registry of domain packs: discovery through the ``planetarium.domain_packs`` entry points
(pluggy, :mod:`.hookspecs`), the per-process default registry, and resolving any ``domain=``
argument against it (:func:`resolve_domain`, :func:`resolve_pack`).

The top of the pack layers, above the pack type (:mod:`.domain_pack`), the hook specification
and the resolver (:mod:`.resolution`). Import through :mod:`planetarium_plugin.packs` or the
package.
"""

from __future__ import annotations

import functools
import importlib.metadata as md
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

import pluggy

from . import hookspecs
from .domain_pack import DomainPack, DomainSource, DomainSpec
from .errors import PlanetariumError, Reason
from .parsing import DEFAULT_LIMITS, Domain, Limits, parse_domain
from .resolution import (
    DomainCache,
    ResolvedDomain,
    _label,
    _looks_like_text,
    _read_domain_file,
    _source,
)

__all__ = ["PackRegistry", "default_registry", "load_packs", "resolve_domain", "resolve_pack"]


@dataclass(frozen=True)
class PackRegistry(Mapping[str, DomainPack]):
    """Installed packs by name, the errors met while loading broken plugins, and the cache of
    ad-hoc domains (see :meth:`resolve`)."""

    packs: Mapping[str, DomainPack]
    errors: tuple[str, ...] = ()
    domains: DomainCache = field(default_factory=DomainCache, repr=False, compare=False)
    limits: Limits = field(default=DEFAULT_LIMITS, repr=False, compare=False)

    def __getitem__(self, name: str) -> DomainPack:
        return self.packs[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.packs)

    def __len__(self) -> int:
        return len(self.packs)

    def resolve(self, domain: object) -> ResolvedDomain:
        """Resolve a pack name, :class:`DomainPack`, path or domain PDDL text (never raises)."""
        try:
            return self._resolve(domain)
        except PlanetariumError as exc:  # every expected failure is one of these
            reason, message = exc.reason, exc.message
        except Exception as exc:  # a defect of ours must not escape the public API
            reason = Reason.INTERNAL_ERROR
            message = f"resolving the domain failed: {type(exc).__name__}: {exc}"
        return ResolvedDomain(
            None, _source(domain), reason=reason, message=message, label=_label(domain)
        )

    def _resolve(self, domain: object) -> ResolvedDomain:
        if isinstance(domain, DomainPack):
            return ResolvedDomain(domain, "pack", label=domain.name)
        if isinstance(domain, Domain):
            return self._from_text(domain.text, "text", domain)
        if isinstance(domain, os.PathLike):
            return self._from_file(Path(domain))
        if not isinstance(domain, str):
            raise PlanetariumError(
                Reason.UNKNOWN_DOMAIN,
                "domain must be a pack name, a DomainPack, a path or domain PDDL text, "
                f"not {type(domain).__name__}",
            )
        if not domain.strip():
            raise PlanetariumError(Reason.UNKNOWN_DOMAIN, "empty domain name")
        if _looks_like_text(domain):
            return self._from_text(domain, "text")
        if domain in self.packs:
            return ResolvedDomain(self.packs[domain], "pack", label=domain)
        for pack in self.packs.values():
            if pack.domain.name == domain:
                return ResolvedDomain(pack, "pack", label=pack.name)
        return self._from_file(Path(domain))

    def _from_file(self, path: Path) -> ResolvedDomain:
        return self._from_text(_read_domain_file(path, self, self.limits), "file")

    def _from_text(self, text: str, source: DomainSource, parsed: Domain | None = None):
        outcome = self.domains.lookup(text, lambda t: self._build(t, parsed))
        if isinstance(outcome, PlanetariumError):  # a fresh error: the cached one stays clean
            raise PlanetariumError(outcome.reason, outcome.message)
        pack, adhoc = outcome
        return ResolvedDomain(pack, source, adhoc=adhoc, label=pack.name)

    def _build(
        self, text: str, parsed: Domain | None
    ) -> tuple[DomainPack, bool] | PlanetariumError:
        try:
            domain = parsed if parsed is not None else parse_domain(text, self.limits)
        except PlanetariumError as exc:  # cached without its traceback (and the frames in it)
            return PlanetariumError(exc.reason, exc.message)
        for pack in self.packs.values():
            if pack.domain.name == domain.name and _same_domain(pack.domain, domain):
                return pack, False  # the pack's own domain, however it is laid out
        pack = DomainPack(
            name=domain.name,
            domain_pddl=domain.text,
            description="ad-hoc pack for a user-supplied domain",
            parsed=domain,
        )
        return pack, True


def _same_domain(a: Domain, b: Domain) -> bool:
    """Whether two domains are the same, ``:strips`` implied: it is PDDL's default requirement,
    and the IPC's own files (``(:requirements :typing)`` in Rovers 2002) leave it out."""
    if a == b:
        return True
    strips = frozenset({":strips"})
    if a.requirements | strips != b.requirements | strips:
        return False
    return replace(a, requirements=b.requirements) == b


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
    """The installed packs, loaded once per process (with one ad-hoc domain cache)."""
    return load_packs()


def resolve_domain(domain: DomainSpec, registry: PackRegistry | None = None) -> ResolvedDomain:
    """Resolve any ``domain`` argument — a pack name, a :class:`DomainPack`, a path to a
    domain file, or domain PDDL text — to a pack; never raises (see :class:`ResolvedDomain`).

    >>> r = resolve_domain("/no/such/domain.pddl")
    >>> r.ok, str(r.reason), r.message
    (False, 'unknown_domain', "domain file '/no/such/domain.pddl' does not exist")
    """
    reg = registry if registry is not None else default_registry()
    return reg.resolve(domain)


def resolve_pack(domain: DomainSpec, registry: PackRegistry | None = None) -> DomainPack:
    """Like :func:`resolve_domain`, but return the pack or raise :class:`PlanetariumError`."""
    return resolve_domain(domain, registry).require()
