"""A goal tower told as the initial one moved or turned over (issue 19): "goal: the same tower
on peg3", "the same 4 crates stacked on p1 in reverse order", "the whole tower moved to c,
upside down".

A request often states a goal pile by reference to a pile the initial state already has rather
than object by object. A careful reader takes the init's pile (the chain of one binary stacking
relation above a base: ``(on d1 d2) (on d2 d3) (on d3 peg1)``), the one the phrase means (the
only pile of two or more objects, or the only one of the count and class it names), and reads
it on the new base the sentence names ("on peg3", "onto p1"), in the same order or, when the
sentence says so ("in reverse order", "upside down", "reversed", "inverted"), turned over: one
direct clause per link. The clauses the sentence otherwise read from the phrase and from a
restatement of the pile's ends ("c4 at the bottom and c1 on top") are dropped. Without one such
pile, or without a new base, nothing is read.

>>> from planetarium_plugin.alignment.facts.reading import Reading
>>> from planetarium_plugin.alignment.facts.world import read_world
>>> w = read_world("(define (problem p) (:domain d) (:objects a b c x y)"
...                " (:init (on a b) (on b x)) (:goal (and (on b y) (on a b))))")
>>> [(c.direct, [s[0].objects[0] for s in c.slots])
...  for c in moved_clauses(Reading.of("Goal: the same tower on y.", w), [])]
[('on', ['b', 'y']), ('on', ['a', 'b'])]
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .abstract import _chain
from .clauses import Clause
from .mentions import NUMBER_WORDS, Mention
from .ordinals import plain_forms
from .reading import Reading
from .sections import _sentences, section_at
from .sequences import replace_spanned
from .world import World

__all__ = ["moved_clauses"]

_PILE = re.compile(r"\bthe\s+(?:very\s+)?(?:same|whole|entire)\b((?:[\s-]+[a-z0-9]+){1,3})", re.I)
_PILES = {"tower", "towers", "stack", "stacks", "pile", "piles", "column", "columns"}
_REVERSED = re.compile(
    r"\b(?:reverse[d]?|reversed?\s+order|upside[\s-]+down|inverted|flipped|opposite\s+order"
    r"|turned\s+over)\b",
    re.I,
)
_ONTO = re.compile(r"\b(?:on|onto|to|at|over|upon|on\s+top\s+of)\s+(?:the\s+)?$", re.I)
_MAX = 24


def _piles(world: World) -> list[tuple[str, str | None, list[str]]]:
    """(predicate, base or None, members bottom first) of every init pile of two or more."""
    out = []
    for name, p in world.predicates.items():
        if p.arity != 2 or p.static:
            continue
        below = {}
        above: dict[str, list[str]] = {}
        for a in world.init:
            if a[0] == name and len(a) == 3 and a[1] != a[2]:
                below[a[1]] = a[2]
                above.setdefault(a[2], []).append(a[1])
        if any(len(v) > 1 for v in above.values()) or len(below) < 2:
            continue
        for bottom in {b for b in below.values() if b not in below}:
            chain, cur = [], bottom
            while cur in above and len(chain) <= _MAX:
                cur = above[cur][0]
                chain.append(cur)
            if len(chain) >= 2 and len(set(chain)) == len(chain):
                out.append((name, bottom, chain))
    return out


def _count(word: str | None) -> int | None:
    if not word:
        return None
    w = word.lower()
    return int(w) if w.isdigit() else NUMBER_WORDS.get(w)


def moved_clauses(reading: Reading, clauses: Sequence[Clause]) -> list[Clause]:
    """``clauses`` with a goal pile told as the init's pile on a new base read as direct
    clauses of the stacking predicate (the sentence's restating clauses dropped)."""
    text, world = reading.text, reading.world
    if not _PILE.search(text):
        return list(clauses)
    piles = _piles(world)
    if not piles:
        return list(clauses)
    ms, secs = list(reading.mentions), list(reading.sections)
    added: list[Clause] = []
    spans: list[tuple[int, int]] = []
    for s, e in _sentences(text):
        for said in _PILE.finditer(text, s, e):
            if section_at(secs, said.start()) != "goal":
                continue
            count, cls, pile, stop = None, None, False, said.start(1)
            for w in re.finditer(r"[a-z0-9]+", said.group(1), re.I):
                word = w.group(0).lower()
                if count is None and _count(word) is not None and not (cls or pile):
                    count = _count(word)
                elif word in _PILES:
                    pile = True
                elif cls is None and not pile:
                    cls = next(
                        (world.classes[f] for f in plain_forms(word) if f in world.classes), None
                    )
                    if cls is None:
                        continue
                else:
                    break
                stop = said.start(1) + w.end()
            if not pile and cls is None:
                continue  # "the same number", "the same colour": no pile
            base = next(
                (
                    m
                    for m in ms
                    if stop <= m.start < e
                    and len(m.objects) == 1
                    and _ONTO.search(text[max(s, m.start - 14) : m.start])
                ),
                None,
            )
            if base is None:
                continue
            fits = [
                (p, b, chain)
                for p, b, chain in piles
                if (count is None or len(chain) == count)
                and (cls is None or set(chain) <= cls)
                and base.objects[0] not in chain
            ]
            if len(fits) != 1:
                continue
            pred, _, chain = fits[0]
            if "same" not in said.group(0).lower() and _chain(
                world, pred, frozenset(chain), base.objects[0]
            ):
                continue  # "move the whole tower to …": a static order reads it (.abstract)
            order = chain[::-1] if _REVERSED.search(text[s:e]) else chain
            a, b = said.start(), base.end

            def one(o: str, a: int = a, b: int = b) -> Mention:
                return Mention(a, b, text[a:b], (o,), False, 0.9, -1, -1)

            links = [(order[0], base.objects[0])] + list(zip(order[1:], order, strict=False))
            for x, y in links:
                added.append(
                    Clause(a, b, text[a:b], pred, ((one(x),), (one(y),)), "goal", False, pred)
                )
            # the sentence's restatement of the pile's ends ("c4 at the bottom and c1 on top")
            rest = [m for m in ms if b <= m.start < e]
            own = set(chain) | set(base.objects)
            end = e if all(set(m.objects) <= own for m in rest) else b
            spans.append((a, end))
    return replace_spanned(clauses, added, spans, text)
