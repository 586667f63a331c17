"""Objects named by an epithet the text gave them (issue 19): "two discs, d1 the small and d2 the
large … the large one rests on the left peg", "three levels: g, the ground level, …", "d1
(smallest) … the smallest disc".

A name followed by "the ADJ" ("d2 the large"), by ", the ADJ NOUN" ("g, the ground level") or by
"(ADJ)" ("d3 (largest)"), or preceded by "the ADJ NOUN" ("the small disc d1"), gives the object
an epithet; a name with "the ADJ" after it is one mention with it (an appositive states no
fact of its own: "g, the ground level" is no ``lift-at g``; a parenthesis is left to the readers
of parentheses). Later, "the ADJ one", "the ADJ" before punctuation (any "the ADJ" when it stood
alone: "the lobby is where …"), or "the ADJ NOUN" names that object. An epithet given to two
objects names neither; ordinals ("the first"), quantity and position words ("other", "last",
"whole") are no epithets (:mod:`.ordinals` and :mod:`.counted` read those).

>>> from planetarium_plugin.alignment.facts.world import read_world
>>> from planetarium_plugin.alignment.facts.mentions import find_mentions, tokenize
>>> w = read_world("(define (problem p) (:domain d) (:objects d1 d2 p1) (:init) (:goal (and)))")
>>> text = "Two discs, d1 the small and d2 the large. The large one is on p1."
>>> toks = tokenize(text)
>>> [(m.text, m.objects) for m in epithets(text, toks, find_mentions(text, w, toks), w)]
[('d1 the small', ('d1',)), ('d2 the large', ('d2',)), ('The large one', ('d2',)), ('p1', ('p1',))]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from .mentions import ORDINALS, Mention, Token
from .world import World, wordset

__all__ = ["epithets"]

#: Words that are no epithet: determiners, quantities, positions, ordinals' kin.
_NOT_EPITHETS = wordset(
    "one ones other others same only whole rest next last first final former latter "
    "following above below left right top bottom middle both all each every any some "
    "new old current goal initial empty clear free and or of a an the"
)
_CLOSERS = wordset(", . ; : ( ) ! ? and or but with while")
_CONFIDENCE = 0.9


def _word(t: Token) -> bool:
    return t.text.isalpha() and len(t.text) > 2 and t.text not in _NOT_EPITHETS | set(ORDINALS)


def _noun(word: str, nouns: set[str]) -> bool:
    return word in nouns or (word.endswith("s") and word[:-1] in nouns)


def _nouns(world: World) -> set[str]:
    return {c for c in world.classes if c != "object"}


def _introduced(
    toks: Sequence[Token], ments: Sequence[Mention], named: set[int], nouns: set[str]
) -> tuple[dict[str, set[str]], dict[str, int], dict[int, tuple[int, int]], set[str]]:
    """Each epithet → the objects the text gave it to; the token of its first introduction; and
    per introducing mention (its index), the tokens of the name with its epithet; and the
    epithets that stood alone, as a head word ("d2 the large", "g, the lobby")."""
    got: dict[str, set[str]] = {}
    at: dict[str, int] = {}
    span: dict[int, tuple[int, int]] = {}
    heads: set[str] = set()
    n = len(toks)
    for mi, m in enumerate(ments):
        if len(m.objects) != 1 or m.plural or m.first_token < 0:
            continue
        k = m.last_token + 1
        # "d2 the large", "g, the ground level", "d3 (largest)"
        if k < n and toks[k].text == ",":
            k += 1
        adj, where, last = None, -1, -1
        if k + 1 < n and toks[k].text == "the" and _word(toks[k + 1]) and k + 1 not in named:
            after = toks[k + 2].text if k + 2 < n else "."
            # the epithet ends there ("d2 the large."; "g, the ground floor, m …"), not a clause
            # that goes on ("… on p1, the smallest disc lies on d2")
            if after in _CLOSERS:  # a head word: "g, the lobby, …" ("the lobby is where …")
                adj, where, last = toks[k + 1].text, k + 1, k + 1
                heads.add(adj)
            elif (
                k + 3 < n
                and toks[k + 3].text in _CLOSERS
                and k + 2 not in named
                and (after in nouns or after == "one" or _word(toks[k + 2]))
                and after not in _NOT_EPITHETS
            ):  # "g, the ground level, …"; not "b2, the hand empty"
                adj, where, last = toks[k + 1].text, k + 1, k + 2
        elif (
            k + 2 < n
            and toks[k].text == "("
            and _word(toks[k + 1])
            and toks[k + 2].text == ")"
            and k + 1 not in named
        ):
            adj, where, last = toks[k + 1].text, k + 1, -1  # the parenthesis is left as it is
        # "the small disc d1" (a class noun: not "the room where rob …")
        j = m.first_token
        if (
            adj is None
            and j >= 3
            and toks[j - 3].text == "the"
            and _word(toks[j - 2])
            and _noun(toks[j - 1].text, nouns)
            and j - 2 not in named
            and j - 1 not in named
        ):
            adj, where, last = toks[j - 2].text, j - 2, -1
        if adj is not None:
            got.setdefault(adj, set()).add(m.objects[0])
            at.setdefault(adj, where)
            if last >= 0:  # an appositive after the name
                span[mi] = (j, last)
    return got, at, span, heads


def _spanning(text: str, toks: Sequence[Token], m: Mention, first: int, last: int) -> Mention:
    a, b = toks[first].start, toks[last].end
    return dataclasses.replace(
        m, start=a, end=b, text=text[a:b], first_token=first, last_token=last
    )


def epithets(
    text: str, toks: Sequence[Token], ments: Sequence[Mention], world: World
) -> list[Mention]:
    """``ments`` with each later "the ADJ one" / "the ADJ NOUN" that names exactly one object
    by the epithet the text gave it added as a mention of that object."""
    named = {j for m in ments if m.first_token >= 0 for j in range(m.first_token, m.last_token + 1)}
    nouns = _nouns(world)
    got, at, spans, heads = _introduced(toks, ments, named, nouns)
    given = {a: objs for a, objs in got.items() if len(objs) == 1}
    # the name with its epithet is one mention: "g, the ground level" states no fact of its own
    out = [_spanning(text, toks, m, *spans[i]) if i in spans else m for i, m in enumerate(ments)]
    if not given:
        return out
    named |= {j for a, b in spans.values() for j in range(a, b + 1)}
    n = len(toks)
    i = 0
    while i + 1 < n:
        if toks[i].text != "the" or toks[i + 1].text not in given or i + 1 in named:
            i += 1
            continue
        adj = toks[i + 1].text
        if i + 1 <= at[adj] + 1:  # the introduction itself, or before it
            i += 1
            continue
        after = toks[i + 2].text if i + 2 < n else "."
        if after == "one" or after in nouns:
            last = i + 2
        elif after in _CLOSERS or adj in heads:
            last = i + 1
        else:
            i += 1
            continue
        if any(j in named for j in range(i, last + 1)):
            i += 1
            continue
        (obj,) = given[adj]
        out.append(
            Mention(
                toks[i].start,
                toks[last].end,
                text[toks[i].start : toks[last].end],
                (obj,),
                False,
                _CONFIDENCE,
                i,
                last,
            )
        )
        i = last + 1
    return sorted(out, key=lambda m: (m.start, m.end))
