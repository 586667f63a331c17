"""Distributive "each … its own" with the owned objects listed in order (issue 19): "two towns,
c1 and c2, each with its own airport (a1 and a2 respectively)", "sat0 and sat1, each with its
own instrument (inst0 and inst1 respectively)", "three sites, d0, d1 and d2, each with its own
pallet and its own hoist (p0/h0, p1/h1, p2/h2 in that order)".

Read as written, the owners, the owned and the relation fall into different clauses (the
parenthesis is cut from its noun), and every owner is read with every owned object. A careful
reader pairs them: the i-th owner with the i-th owned object (of each noun, when there are two:
the list gives one object per noun per owner, in the nouns' order). The statement is read as one
sentence per pair, joined by semicolons ("c1 has its own airport a1; c2 has its own airport
a2"), as :mod:`.indexed` reads a statement over an index; :func:`expand_own` returns the
rewritten text and the map of its changed spans (:func:`.indexed.restore_spans` puts facts' spans
back on the text as given). Only a list said to be in order ("respectively", "in that order",
"in order") whose size is the owners' count times the nouns' count is paired; anything else is
left as written.

>>> from planetarium_plugin.alignment.facts.world import read_world
>>> w = read_world("(define (problem p) (:domain d) (:objects c1 c2 a1 a2)"
...                " (:init) (:goal (and)))")
>>> expand_own("Two towns, c1 and c2, each with its own airport (a1 and a2 respectively).", w)[0]
'Two towns, c1 has its own airport a1; c2 has its own airport a2.'
"""

from __future__ import annotations

import re

from .indexed import Expansion, rewrite
from .mentions import find_mentions
from .world import World

__all__ = ["expand_own"]

#: "each with its own airport", "each having its own pallet and its own hoist", "each has
#: their own truck": the nouns owned (one or two words each).
_EACH_OWN = re.compile(
    r",?\s*each\s+(?:one\s+)?(?:with|having|has|have|had|owning|gets|got)\s+(?:its|their)\s+own\s+"
    r"(?P<n1>[a-z]+(?:\s+(?!and\b)[a-z]+)?)"
    r"(?:\s+and\s+(?:its|their)\s+own\s+(?P<n2>[a-z]+(?:\s+(?!and\b)[a-z]+)?))?"
    r"\s*(?P<open>[(:,\u2013\u2014-])?\s*",
    re.I,
)
#: What ends the owned list: it is said to be in the owners' order.
_IN_ORDER = re.compile(
    r"^[\s,]*(?:respectively|in\s+(?:that|the\s+same)\s+order|in\s+order)\b", re.I
)
#: Between two owners: a comma, "and", an article or a class noun.
_OWNER_GAP = re.compile(r"^\s*(?:,|&|[a-z]+)?(?:\s*(?:,|&|[a-z]+))*\s*$", re.I)
#: Between two owned objects: a comma, "and", a slash.
_OWNED_GAP = re.compile(r"^\s*(?:,|and|&|/|\+|;)?\s*(?:and\s+)?$", re.I)
_MAX_OWNERS = 12


def _expand_one(text: str, world: World, m: re.Match) -> tuple[int, int, str] | None:
    """The rewritten statement for one "each … its own" match: its span and its text."""
    nouns = [n for n in (m.group("n1"), m.group("n2")) if n]
    ms = find_mentions(text, world)
    # the owned list: mentions right after the match, up to "respectively" / "in that order"
    owned: list[str] = []
    last = m.end()
    end = -1
    for x in ms:
        if x.start < m.end():
            continue
        if not _OWNED_GAP.match(text[last : x.start]) and owned:
            break
        if not owned and x.start != m.end():
            break
        owned.extend(x.objects)
        last = x.end
        tail = _IN_ORDER.match(text[last:])
        if tail:
            end = last + tail.end()
            break
    if end < 0 or not owned or len(owned) % len(nouns):
        return None
    count = len(owned) // len(nouns)
    if not 2 <= count <= _MAX_OWNERS:
        return None
    if m.group("open") == "(":
        close = re.match(r"\s*\)", text[end:])
        if close is None:
            return None
        end += close.end()
    # the owners: mentions right before the match, as many as the owned list pairs
    owners: list[str] = []
    first = m.start()
    # (names only: "both", "all three" name a class, not the owners in order)
    for x in reversed([x for x in ms if x.end <= m.start() and len(x.objects) == 1]):
        gap = text[x.end : first]
        if owners and not (_OWNER_GAP.match(gap) and len(gap.split()) <= 3):
            break
        if not owners and gap.strip():
            break
        owners[:0] = list(x.objects)
        first = x.start
        if len(owners) >= count:
            break
    if len(owners) != count or len(set(owners)) != count:
        return None
    said = []
    for i, who in enumerate(owners):
        for j, noun in enumerate(nouns):
            said.append(f"{who} has its own {noun} {owned[i * len(nouns) + j]}")
    return first, end, "; ".join(said)


def expand_own(text: str, world: World) -> tuple[str, tuple[Expansion, ...]]:
    """``text`` with each "A and B, each with its own N (x and y respectively)" read as one
    statement per owner, and where."""
    if "own" not in text.lower():
        return text, ()
    found = (_expand_one(text, world, m) for m in _EACH_OWN.finditer(text))
    return rewrite(text, (got for got in found if got is not None))
