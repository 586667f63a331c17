"""Goals in a pack's own abstract vocabulary: the lever for abstract requests.

"Stack all the blocks into a single tower" names no object, so no literal rendering of the
goal atoms can match it, and a frozen sentence encoder cannot see that a list of ``on`` atoms
forms one tower. Packs can: a pack's ``describe_goal`` (see
:class:`~planetarium_plugin.packs.DomainPack`) states a parsed goal the way its generator
writes abstract goals. This module finds the pack of each PDDL problem and asks it; the
aligner embeds the sentences next to the literal rendering.

Tolerant like the rest of the aligner: a problem that names no installed pack, does not parse,
or whose pack has no describer gets ``()``; a describer that fails gets ``()`` too. Problems
with more than :data:`MAX_DESCRIBED_ATOMS` atoms are not described (pack code may be
superlinear, e.g. its exact rules; hostile input must not stall the aligner).

>>> describe_goals(["not PDDL"])
[()]
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..errors import PlanetariumError
from ..packs import DomainPack, PackRegistry, default_registry
from ..parsing import parse_problem
from .render import clean_text

__all__ = ["describe_goals", "pack_of", "without_wording"]

_DOMAIN = re.compile(r"\(\s*:domain\s+([^\s()]+)\s*\)", re.IGNORECASE)
#: Sentences kept per problem at most (a describer is pack code, but bounded all the same).
MAX_SENTENCES = 64
#: Init and goal atoms of a problem described at most.
MAX_DESCRIBED_ATOMS = 2_000


def pack_of(pddl: str, registry: PackRegistry | None = None) -> DomainPack | None:
    """The installed pack a problem's ``(:domain NAME)`` names (pack or domain name, or an
    alias), or None."""
    m = _DOMAIN.search(pddl)
    if m is None:
        return None
    name = m.group(1).lower()
    reg = registry if registry is not None else default_registry()
    if name in reg:
        return reg[name]
    for pack in reg.values():
        if name == pack.domain.name or name in pack.domain.aliases:
            return pack
    return None


def _describe(pddl: str, pack: DomainPack) -> tuple[str, ...]:
    assert pack.describe_goal is not None
    for typing in ("strict", "relaxed"):
        try:
            problem = parse_problem(pddl, pack.domain, typing=typing)
        except PlanetariumError:
            continue
        if len(problem.init) + len(problem.goal.positive) > MAX_DESCRIBED_ATOMS:
            return ()
        try:
            out = pack.describe_goal(problem)
        except Exception:  # third-party pack code: a failure means "no description"
            return ()
        return tuple(clean_text(s) for s in out if isinstance(s, str) and s.strip())[:MAX_SENTENCES]
    return ()


def describe_goals(
    pddls: Sequence[str],
    domain: str | DomainPack | None = None,
    registry: PackRegistry | None = None,
) -> list[tuple[str, ...]]:
    """The abstract goal sentences of each problem (``()`` where none can be had).

    ``domain``: a pack (or pack name) to use for every problem; by default each problem's
    ``(:domain …)`` picks the installed pack.
    """
    fixed: DomainPack | None = None
    if isinstance(domain, DomainPack):
        fixed = domain
    elif domain:
        reg = registry if registry is not None else default_registry()
        fixed = reg.get(domain)
    texts = [clean_text(p) for p in pddls]
    seen: dict[str, tuple[str, ...]] = {}  # a batch often repeats a problem
    for text in texts:
        if text not in seen:
            pack = fixed if fixed is not None else pack_of(text, registry)
            seen[text] = () if pack is None or pack.describe_goal is None else _describe(text, pack)
    return [seen[t] for t in texts]


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().lower()).rstrip(".")


def without_wording(said: Sequence[str], goal_text: str) -> tuple[str, ...]:
    """``said`` without the sentences worded exactly as ``goal_text`` (case, spacing and a
    final period aside): what a request in someone else's words would be matched against.

    Training and calibration use it so that the head learns, and the threshold admits, the
    similarity of a paraphrase rather than of a verbatim copy of the generator's text.

    >>> without_wording(("to do A.", "to do a thing called A."), "To do A")
    ('to do a thing called A.',)
    """
    key = _norm(goal_text)
    return tuple(s for s in said if _norm(s) != key)
