"""Reading a ``domain=`` argument: what it names (pack, file or PDDL text), the bounded reading
of domain files, the content-hash cache of domains read from text, and the resolved outcome.

The registry (:mod:`.registry`) drives these; they know the registry only as the names it
holds. Import through :mod:`planetarium_plugin.packs` or the package.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
import threading
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .domain_pack import DomainPack, DomainSource
from .errors import PlanetariumError, Reason
from .parsing import Domain, Limits

__all__ = ["DomainCache", "ResolvedDomain"]


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


def _read_domain_file(path: Path, known: Iterable[str], limits: Limits) -> str:
    """The text of a domain file, refusing what is not a small UTF-8 text file (``known``:
    the pack names, listed when a bare name is neither a pack nor a file)."""
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
        names = ", ".join(known) or "none"
        raise PlanetariumError(
            Reason.UNKNOWN_DOMAIN,
            f"no domain pack named {shown!r} (installed: {names}) and no file of that name",
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
