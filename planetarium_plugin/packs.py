"""Domain packs, the registry that finds them, and the resolver for every ``domain=`` argument.

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

import dataclasses
import functools
import hashlib
import importlib.metadata as md
import os
import re
import stat
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import InitVar, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Protocol, TypeAlias

import pluggy

from . import hookspecs
from .errors import PlanetariumError, Reason
from .parsing import DEFAULT_LIMITS, Domain, Limits, Problem, parse_domain
from .specify import RulesFn

if TYPE_CHECKING:
    from .generation import ProblemGenerator

__all__ = [
    "DomainCache",
    "DomainDescriptions",
    "DomainPack",
    "DomainSource",
    "DomainSpec",
    "GoalDescriber",
    "PackRegistry",
    "ResolvedDomain",
    "default_registry",
    "load_packs",
    "resolve_domain",
    "resolve_pack",
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


@dataclass(frozen=True, slots=True)
class ResolvedDomain:
    """What a ``domain`` argument named: the pack to use and its source, or why it is unusable.

    ``pack`` is None exactly when ``reason`` is set (``source`` then says how the unusable
    domain was given, where that can be told). ``adhoc`` is True for a pack built from a
    domain no registered pack provides; ``pack_name`` is then None. ``label`` names the domain
    in messages and results (pack or PDDL domain name, or the path when unusable).
    """

    pack: DomainPack | None
    source: DomainSource | None
    adhoc: bool = False
    reason: Reason | None = None
    message: str = ""
    label: str = ""

    @property
    def ok(self) -> bool:
        return self.pack is not None

    @property
    def pack_name(self) -> str | None:
        """The registered (or given) pack's name; None for ad-hoc and unusable domains."""
        return None if self.pack is None or self.adhoc else self.pack.name

    def require(self) -> DomainPack:
        """The pack, or raise :class:`PlanetariumError` with the reason it is unusable."""
        if self.pack is None:
            raise PlanetariumError(self.reason or Reason.UNKNOWN_DOMAIN, self.message)
        return self.pack


class DomainCache:
    """Domains read from text or files, by content hash: a bounded, thread-safe LRU.

    Each entry is the outcome of reading one text — a pack (ad-hoc, or a registered pack the
    text is equal to) or the error that made it unusable — so a batch reads each distinct
    domain once. ``parses`` counts the texts actually parsed; ``hits`` the lookups served from
    the cache.
    """

    def __init__(self, maxsize: int = 64) -> None:
        self.maxsize = maxsize
        self.parses = 0
        self.hits = 0
        self._entries: OrderedDict[str, tuple[DomainPack, bool] | PlanetariumError] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._entries)

    def lookup(self, text: str, build) -> tuple[DomainPack, bool] | PlanetariumError:
        """The cached outcome for ``text``, or ``build(text)``'s (then cached)."""
        key = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
        with self._lock:
            hit = self._entries.get(key)
            if hit is not None:
                self._entries.move_to_end(key)
                self.hits += 1
                return hit
        outcome = build(text)
        with self._lock:
            self.parses += 1
            self._entries[key] = outcome
            self._entries.move_to_end(key)
            while len(self._entries) > self.maxsize:
                self._entries.popitem(last=False)
        return outcome

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()


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
            if pack.domain.name == domain.name and pack.domain == domain:
                return pack, False  # the pack's own domain, however it is laid out
        pack = DomainPack(
            name=domain.name,
            domain_pddl=domain.text,
            description="ad-hoc pack for a user-supplied domain",
            parsed=domain,
        )
        return pack, True


_DEFINE = re.compile(r"\(\s*define\b", re.IGNORECASE)


def _looks_like_text(s: str) -> bool:
    """PDDL text rather than a name or path: it has a newline or a ``(define``, or it has a
    parenthesis and is not an existing file (so ``my (v2).pddl`` still reads as a path)."""
    if "\n" in s or _DEFINE.search(s):
        return True
    return "(" in s and not _is_file(s)


def _is_file(s: str) -> bool:
    try:
        return Path(s).is_file()
    except (OSError, ValueError):
        return False


def _source(domain: object) -> DomainSource | None:
    """How an unusable ``domain`` argument was given, as far as it can be told."""
    if isinstance(domain, DomainPack):
        return "pack"
    if isinstance(domain, Domain) or (isinstance(domain, str) and _looks_like_text(domain)):
        return "text"
    if isinstance(domain, os.PathLike):
        return "file"
    if isinstance(domain, str) and (_path_like(domain) or _is_file(domain)):
        return "file"
    return None  # e.g. an unknown bare name: neither a pack nor a file


def _path_like(s: str) -> bool:
    return any(c in s for c in "/\\") or s.lower().endswith(".pddl")


def _label(domain: object) -> str:
    if isinstance(domain, DomainPack):
        return domain.name
    if isinstance(domain, str) and not _looks_like_text(domain):
        return domain[:200]
    return "<domain text>" if isinstance(domain, str | Domain) else type(domain).__name__


def _read_domain_file(path: Path, registry: PackRegistry, limits: Limits) -> str:
    """The text of a domain file, refusing what is not a small UTF-8 text file."""
    shown = str(path)[:200]
    try:
        st = path.stat()
    except (OSError, ValueError) as exc:
        if _path_like(str(path)) or not isinstance(exc, FileNotFoundError):
            if isinstance(exc, FileNotFoundError):
                msg = f"domain file {shown!r} does not exist"
            else:
                detail = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
                msg = f"{shown!r} is not a pack name, domain PDDL text or a usable file: {detail}"
            raise PlanetariumError(Reason.UNKNOWN_DOMAIN, msg) from None
        known = ", ".join(registry) or "none"
        raise PlanetariumError(
            Reason.UNKNOWN_DOMAIN,
            f"no domain pack named {shown!r} (installed: {known}) and no file of that name",
        ) from None
    if stat.S_ISDIR(st.st_mode):
        raise PlanetariumError(Reason.DOMAIN_INVALID, f"{shown} is a directory, not a domain file")
    if not stat.S_ISREG(st.st_mode):
        raise PlanetariumError(Reason.DOMAIN_INVALID, f"{shown} is not a regular file")
    cap = 4 * limits.max_chars  # UTF-8 needs at most 4 bytes per character
    try:
        with open(path, "rb") as fh:
            data = fh.read(cap + 1)
    except OSError as exc:
        raise PlanetariumError(
            Reason.DOMAIN_INVALID, f"cannot read {shown}: {exc.strerror or exc}"
        ) from None
    if len(data) > cap:
        raise PlanetariumError(Reason.TOO_LARGE, f"{shown} is larger than {cap} bytes")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise PlanetariumError(
            Reason.DOMAIN_INVALID,
            f"{shown} is not a UTF-8 text file (byte {data[exc.start]:#04x} at offset "
            f"{exc.start}); a domain file is PDDL text",
        ) from None
    if "\x00" in text:
        raise PlanetariumError(
            Reason.DOMAIN_INVALID, f"{shown} contains NUL bytes; a domain file is PDDL text"
        )
    return text


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
