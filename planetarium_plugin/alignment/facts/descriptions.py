"""Objects named by description (issue 19): "the London airport", "the Paris office", "the red
block" when no object is called so.

A name used as a modifier before a class noun ("the London airport": ``london`` before
``airport``) picks the object of that class that the problem's static facts tie to it
(``(in-city ap2 london)``). It is resolved only when exactly one object fits; otherwise the
mentions are left as they were (the modifier's own mention, the class noun unread), so a
description never becomes a confident guess.

>>> from planetarium_plugin.alignment.facts.world import read_world
>>> from planetarium_plugin.alignment.facts.mentions import find_mentions, tokenize
>>> w = read_world("(define (problem p) (:domain d) (:objects a1 a2 - airport rome oslo - city)"
...                " (:init (in-city a1 rome) (in-city a2 oslo)) (:goal (and)))")
>>> text = "The plane waits at the Oslo airport."
>>> toks = tokenize(text)
>>> [(m.text, m.objects) for m in describe(text, toks, find_mentions(text, w, toks), w)]
[('Oslo airport', ('a2',))]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from .mentions import Mention, Token
from .world import World

__all__ = ["describe"]


def _noun(world: World, word: str) -> frozenset[str]:
    for w in (word, word[:-1] if word.endswith("s") else word):
        if w in world.classes and w != "object":
            return world.classes[w]
    return frozenset()


def _own_name(world: World, m: Mention) -> bool:
    """Is the mention an object's own name ("tonic"), not a class word that fits it?"""
    if len(m.objects) != 1 or m.objects[0] in world.classes:
        return False
    return "".join(ch for ch in m.text.lower() if ch.isalnum()) == "".join(
        ch for ch in m.objects[0].lower() if ch.isalnum()
    )


def describe(
    text: str, toks: Sequence[Token], ments: Sequence[Mention], world: World
) -> list[Mention]:
    """``ments`` with each "<name> <class noun>" that fits exactly one object resolved to it."""
    static = [a for a in world.init if a[0] in world.predicates and world.predicates[a[0]].static]
    if not static:
        return list(ments)
    out: list[Mention] = []
    i = 0
    while i < len(ments):
        m = ments[i]
        k = m.last_token + 1
        if m.first_token < 0 or len(m.objects) != 1 or m.plural:
            out.append(m)
            i += 1
            continue
        if k + 1 < len(toks) and toks[k].text == "'" and toks[k + 1].text == "s":
            k += 2  # "London's airport"
        nxt = ments[i + 1] if i + 1 < len(ments) and ments[i + 1].first_token == k else None
        if nxt is not None and _own_name(world, nxt):
            nxt = None  # "dispenser1 gin and dispenser2 tonic": two names, no description
            if k < len(toks) and _noun(world, toks[k].text) == frozenset():
                out.append(m)
                i += 1
                continue
        pool = (
            frozenset(nxt.objects)
            if nxt is not None and not nxt.plural
            else (_noun(world, toks[k].text) if k < len(toks) and nxt is None else frozenset())
        )
        o = m.objects[0]
        fits = {x for x in pool if x != o and any(x in a[1:] and o in a[1:] for a in static)}
        if o in pool or len(fits) != 1:
            out.append(m)
            i += 1
            continue
        end_tok = nxt.last_token if nxt is not None else k
        out.append(
            dataclasses.replace(
                m,
                end=toks[end_tok].end,
                text=text[m.start : toks[end_tok].end],
                objects=(fits.pop(),),
                confidence=0.85,
                last_token=end_tok,
            )
        )
        i += 2 if nxt is not None else 1
    return out
