"""Object lists written without commas (issue 19): "t1 t2 on top", "t1|t2 over t3|t4", "b1/b2".

People list objects with a space, a pipe or a slash as often as with commas. A run of mentions
of one class joined only so — spaces on one line, or ``|``/``/`` with no space around it — is
one plural mention, so the predicate words after it are said of every member instead of the
first two members being read as the two arguments of a relation ("t1 t2 on top" is not
``(up t1 t2)``). Guards, so that relation notation keeps its meaning: a space-joined run must
open its clause (after a separator, a colon, a bracket or only determiners — "on b1 b2" is a
relation, not a list), its members share a class (any two objects of a world with no classes
do), and a slash run of three or more ("b4/b3/b2/b1", a tower) is left alone: it is a chain
when its sentence says which end is the bottom (:mod:`.towers`).

Two compact lists of the same length on either side of a relation pair up member by member
("t1|t2 over t3|t4": t1 over t3, t2 over t4), as "respectively" makes comma lists do; see
:func:`pairwise`.

>>> from planetarium_plugin.alignment.facts.world import read_world
>>> from planetarium_plugin.alignment.facts.mentions import find_mentions, tokenize
>>> w = read_world("(define (problem p) (:domain d) (:objects t1 t2 t3 - tile) (:init)"
...                " (:goal (and)))")
>>> text = "Grid: t1 t2 on top, t3 below."
>>> toks = tokenize(text)
>>> [(m.text, m.objects) for m in join_compact(text, toks, find_mentions(text, w, toks), w)]
[('t1 t2', ('t1', 't2')), ('t3', ('t3',))]
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from .mentions import Mention, Token
from .world import World, wordset

__all__ = ["join_compact", "pairwise"]

_RESPECTIVELY = re.compile(r"\b(?:respectively|in that order|in order)\b", re.I)

#: Tokens after which a space-joined run opens its clause.
_OPENERS = wordset(", ; : ( ) [ . and while but or - * •")
_DETERMINERS = wordset("the a an both all")


def _classes(world: World, obj: str) -> frozenset[str]:
    """The object's classes; in a world with none (untyped blocks), every object's is one."""
    if not any(c != "object" for c in world.classes):
        return frozenset({"object"})
    return frozenset(c for c, objs in world.classes.items() if obj in objs and c != "object")


def _gap(text: str, a: Mention, b: Mention) -> str:
    """How two neighbouring mentions are joined: ``space``, ``|``, ``/`` or ``""`` (not a
    compact list)."""
    between = text[a.end : b.start]
    if between and between.strip(" \t") == "":
        return "space"
    if between in ("|", "/"):
        return between
    return ""


def _opens(text: str, toks: Sequence[Token], m: Mention, world: World) -> bool:
    """Does the mention open its clause (nothing but determiners since the last separator)?"""
    k = m.first_token - 1
    nouns = world.classes
    while k >= 0 and (
        toks[k].text in _DETERMINERS or toks[k].text in nouns or toks[k].text[:-1] in nouns
    ):
        k -= 1  # "the tiles t1 t2 …"
    if k < 0:
        return True
    gap = text[toks[k].end : m.start]
    return toks[k].text in _OPENERS or "\n" in gap


def join_compact(
    text: str, toks: Sequence[Token], ments: Sequence[Mention], world: World
) -> list[Mention]:
    """``ments`` with every compact run of one class's single-object mentions made one plural
    mention (``joined=True``)."""
    out: list[Mention] = []
    i, n = 0, len(ments)
    while i < n:
        m = ments[i]
        run, kind = [m], ""
        while i + len(run) < n:
            a, b = run[-1], ments[i + len(run)]
            g = _gap(text, a, b)
            if not g or (kind and g != kind) or b.first_token < 0 or a.first_token < 0:
                break
            if len(a.objects) != 1 or len(b.objects) != 1 or a.plural or b.plural:
                break
            shared = _classes(world, a.objects[0]) & _classes(world, b.objects[0])
            if not shared or a.objects == b.objects:
                break
            run.append(b)
            kind = g
        if kind == "/" and len(run) >= 3:  # a tower written top to bottom: left alone
            out += run
            i += len(run)
            continue
        ok = len(run) >= 2
        if ok and kind == "space":
            ok = _opens(text, toks, m, world) and all(_classes(world, r.objects[0]) for r in run)
        if not ok:
            out.append(m)
            i += 1
            continue
        objs = tuple(r.objects[0] for r in run)
        out.append(
            dataclasses.replace(
                m,
                end=run[-1].end,
                text=text[m.start : run[-1].end],
                objects=objs,
                plural=True,
                confidence=min(r.confidence for r in run),
                last_token=run[-1].last_token,
                joined=True,
            )
        )
        i += len(run)
    return out


def pairwise(slots: Sequence[Sequence[Mention]], text: str, sizes: Sequence[int]) -> bool:
    """Do the clause's lists pair up member by member? Two or more lists of one length (members
    per slot: ``sizes``), said "respectively" ("t1, t2 and t3 are above t4, t5 and t6
    respectively") or each one compact list ("t1|t2 over t3|t4")."""
    lists = [i for i, n in enumerate(sizes) if n > 1]
    if len(lists) < 2 or len({sizes[i] for i in lists}) != 1:
        return False
    compact = all(len(slots[i]) == 1 and slots[i][0].joined for i in lists)
    return compact or bool(_RESPECTIVELY.search(text))
