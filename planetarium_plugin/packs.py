"""Domain packs, the registry that finds them, and the resolver for every ``domain=`` argument.

A façade over three modules, one per concept, layered bottom up: the pack type
(:mod:`.domain_pack`), the resolver of ``domain=`` arguments (:mod:`.resolution`) and the
registry (:mod:`.registry`); the hook specification (:mod:`.hookspecs`) sits above the pack
type and below the registry.

A domain can be named four ways wherever the library asks for one: a registered pack's name
(or its PDDL domain name), a :class:`DomainPack`, a path to a domain file, or the domain PDDL
text itself. :func:`resolve_domain` turns any of them into a pack, or into a clear reason why
not. A domain that no pack provides becomes an *ad-hoc* pack: no rules (the generic
fullySpecify), Fast Downward or ENHSP by whether the domain is numeric. Ad-hoc packs are
cached by content hash in the registry's :class:`DomainCache`, so a batch parses each domain
once.

A file or text whose ``(define (domain NAME))`` names a registered pack selects that pack only
when it reads to the *same* domain (equal after parsing: whitespace, comments and letter case
do not matter; anything else does). Otherwise it is used as written, as an ad-hoc pack — never
silently replaced by the pack.

>>> reg = load_packs()
>>> "blocksworld" in reg and reg["blocksworld"].domain.name
'blocksworld'
>>> r = reg.resolve("(define (domain lamp) (:predicates (on)) (:action push :effect (on)))")
>>> r.pack.name, r.pack_name, r.source
('lamp', None, 'text')
>>> str(reg.resolve("sokoban").reason)
'unknown_domain'
"""

from __future__ import annotations

from .domain_pack import (
    DomainDescriptions,
    DomainPack,
    DomainSource,
    DomainSpec,
    GoalDescriber,
    PackPlanner,
    PlanOutcome,
)
from .registry import PackRegistry, default_registry, load_packs, resolve_domain, resolve_pack
from .resolution import DomainCache, ResolvedDomain

__all__ = [
    "DomainCache",
    "DomainDescriptions",
    "DomainPack",
    "DomainSource",
    "DomainSpec",
    "GoalDescriber",
    "PackPlanner",
    "PackRegistry",
    "PlanOutcome",
    "ResolvedDomain",
    "default_registry",
    "load_packs",
    "resolve_domain",
    "resolve_pack",
]
