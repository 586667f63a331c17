"""Names in parentheses after a description they restate (issue 19): "depot areas 1 to 3
(depot0-1, depot0-2, depot0-3) are in depot0", "both balls (ball1 and ball2)".

A description that may name more objects than it means ("areas 1 to 3" fits the depot's areas
and the container's) is often followed by the names it stands for, in parentheses. A careful
reader takes the names: the description and its parenthesis are one mention of the named
objects, when they are some of the description's (a parenthesis naming others is an aside, and
one naming all of them says nothing new: both are left as they were).

>>> from planetarium_plugin.alignment.facts.world import read_world
>>> from planetarium_plugin.alignment.facts.mentions import find_mentions, tokenize
>>> w = read_world("(define (problem p) (:domain d) (:objects a-1 a-2 b-1 b-2 - area)"
...                " (:init) (:goal (and)))")
>>> text = "Areas 1 and 2 (b-1, b-2) are free."
>>> toks = tokenize(text)
>>> [(m.text, m.objects) for m in restated(text, toks, find_mentions(text, w, toks))]
[('Areas 1 and 2 (b-1, b-2)', ('b-1', 'b-2'))]
"""

from __future__ import annotations

from collections.abc import Sequence

from .mentions import Mention, Token, _natural

__all__ = ["restated"]

_JOINERS = {",", "and", "&", ";"}


def restated(text: str, toks: Sequence[Token], ments: Sequence[Mention]) -> list[Mention]:
    """``ments`` with each "<description> (<names>)" whose names are among the description's
    objects read as one mention of the names."""
    if "(" not in text:
        return list(ments)
    out: list[Mention] = []
    i = 0
    ms = list(ments)
    while i < len(ms):
        m = ms[i]
        k = m.last_token + 1
        if m.first_token < 0 or len(m.objects) < 2 or k >= len(toks) or toks[k].text != "(":
            out.append(m)
            i += 1
            continue
        names: list[str] = []
        j, k = i + 1, k + 1
        while j < len(ms) and ms[j].first_token == k and len(ms[j].objects) == 1:
            names.append(ms[j].objects[0])
            k = ms[j].last_token + 1
            j += 1
            while k < len(toks) and toks[k].text in _JOINERS:
                k += 1
        if not names or k >= len(toks) or toks[k].text != ")" or not set(names) < set(m.objects):
            out.append(m)
            i += 1
            continue
        objs = tuple(sorted(set(names), key=_natural))
        out.append(
            Mention(
                m.start,
                toks[k].end,
                text[m.start : toks[k].end],
                objs,
                len(objs) > 1,
                1.0,
                m.first_token,
                k,
            )
        )
        i = j
    return out
