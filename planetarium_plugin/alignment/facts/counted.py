"""Objects named by a count or by what a sentence left out (issue 19): "… having visited all
five", "Max has to tighten both of them", "the others are at n0", "all other positions at
height n0", "leave every other square flat", "…, rest n0".

A reader resolves these against the problem's objects: a counted quantifier with no noun of
its own, as a verb's object, is the class last named when that class has just so many objects;
"the others" / "every other <noun>" / "the rest" are the objects of a class that the sentence
has not named yet. :func:`counted` adds them to the mentions :func:`~.mentions.find_mentions`
found (it reads the tokens no mention covers); anything uncertain names nothing.

>>> from planetarium_plugin.alignment.facts.world import read_world
>>> from planetarium_plugin.alignment.facts.mentions import find_mentions, tokenize
>>> w = read_world("(define (problem p) (:domain d) (:objects c1 c2 c3 - cell n0 n1 - level)"
...                " (:init) (:goal (and)))")
>>> text = "c1 is at n1 and the others are at n0."
>>> toks = tokenize(text)
>>> [(m.text, m.objects) for m in counted(text, toks, find_mentions(text, w, toks), w)]
[('c1', ('c1',)), ('n1', ('n1',)), ('the others', ('c2', 'c3')), ('n0', ('n0',))]
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .mentions import _NOT_NOUNS, NUMBER_WORDS, Mention, Token, _Index, _natural
from .world import World, wordset

__all__ = ["counted"]


def counted(
    text: str, toks: Sequence[Token], ments: Sequence[Mention], world: World
) -> list[Mention]:
    """``ments`` with the counted and "the others" mentions among the tokens they leave."""
    covered = {
        k for m in ments if m.first_token >= 0 for k in range(m.first_token, m.last_token + 1)
    }
    names = {k for m in ments if m.first_token >= 0 and not m.plural and m.confidence >= 1.0
             for k in range(m.first_token, m.last_token + 1)}  # fmt: skip
    n = len(toks)
    starts = [
        i
        for i in range(n)
        if i not in covered
        and (
            toks[i].text in ("all", "both")
            or toks[i].text in _HEADS
            or (i + 1 < n and toks[i + 1].text in _HEADS)
        )
    ]
    if not starts:  # most texts: nothing to read, no index built
        return list(ments)
    idx = _Index(world)
    added: list[Mention] = []
    upto = -1
    for i in starts:
        if i <= upto:
            continue
        before = sorted([m for m in ments if m.end <= toks[i].start] + added, key=lambda m: m.start)
        noun = next((toks[k].text for k in range(i - 1, -1, -1) if k not in names
                     and toks[k].text.isalpha() and len(toks[k].text) > 2
                     and idx.of_noun(toks[k].text)), None)  # fmt: skip
        got = _counted_back(toks, i, idx, noun) or _others(text, toks, i, idx, world, before)
        if got is not None and not any(k in covered for k in range(i, got[1] + 1)):
            added.append(_mention(text, toks, i, got[1], got[0]))
            upto = got[1]
    if not added:
        return list(ments)
    return sorted([*ments, *added], key=lambda m: m.start)


_HEADS = wordset("other others rest remaining")


def _mention(text: str, toks: Sequence[Token], i: int, j: int, objs: set[str]) -> Mention:
    ordered = tuple(sorted(objs, key=_natural))
    return Mention(toks[i].start, toks[j].end, text[toks[i].start : toks[j].end], ordered,
                   len(ordered) > 1, 0.85, i, j)  # fmt: skip


def _counted_back(
    toks: Sequence[Token], i: int, idx: _Index, noun: str | None
) -> tuple[set[str], int] | None:
    """ "… having visited all five", "Max has to tighten both of them": a counted quantifier
    with no noun of its own, as the object of a verb, names the objects of the class last
    named when that class has just so many (and the last token). A
    quantifier opening a clause ("…, both empty") is a reference to what the clause before
    said (:mod:`.references`), not this."""
    word = toks[i].text
    j = i + 1
    while j < len(toks) and (
        toks[j].text in ("the", "of") or toks[j].text in NUMBER_WORDS or toks[j].text.isdigit()
    ):
        j += 1
    counts = [NUMBER_WORDS.get(t.text) or (int(t.text) if t.text.isdigit() else 0)
              for t in toks[i + 1 : j]]  # fmt: skip
    n = 2 if word == "both" else max(counts, default=0)
    if n < 2 or word not in ("all", "both") or i == 0 or noun is None:
        return None
    if not toks[i - 1].text.isalpha() or toks[i - 1].text in _NOT_AFTER_VERB:
        return None
    end = j - 1
    if j < len(toks) and toks[j].text in _PRONOUN_OBJECTS:
        end = j  # "both of them"
    elif j < len(toks) and toks[j].text.isalpha() and toks[j].text not in _NOT_NOUNS:
        return None  # a noun follows ("all five cells" is the noun's, or names no class)
    objs = idx.of_noun(noun)
    return (objs, max(end, i)) if len(objs) == n else None


_OTHER_DETERMINERS = wordset("all every each the")
#: Words that may follow "the rest" / "the others" when they are a subject or object of a fact
#: ("rest n0", "the others are at n0"; not "the rest doesn't matter", "about the rest.").
_AFTER_REST = wordset(
    "at in on is are stay stays remain remains should must to go need needs sit lie stand"
)
_CLAUSE_OPENERS = wordset(", ; : ( and while but whereas with")


def _sentence_mentions(text: str, start: int, out: Sequence[Mention]) -> list[Mention]:
    """The mentions of ``out`` in the sentence that reaches ``start`` (latest last)."""
    got: list[Mention] = []
    for m in reversed(out):
        if re.search(r"[.!?;\n]", text[m.end : start]):
            break
        got.append(m)
        start = m.start
    return got[::-1]


def _others(
    text: str, toks: Sequence[Token], i: int, idx: _Index, world: World, out: Sequence[Mention]
) -> tuple[set[str], int] | None:
    """ "the others are at n0", "all other positions at n0", "leave every other square flat",
    "…, rest n0": the objects of a class the sentence has not named yet (``j``: the last token).
    The class is the noun's, else the one the sentence names most (the latest on a tie); the
    named ones are those of the sentence, or where that leaves none, the last one named ("p1
    is at n1 while the others are at n0" after a sentence naming every position). "no others",
    "in other words", "the rest doesn't matter" name nothing."""
    n, w = len(toks), toks[i].text
    prev = toks[i - 1].text if i > 0 else "."
    k = i
    if w in _OTHER_DETERMINERS and k + 1 < n and toks[k + 1].text == "the" and w == "all":
        k += 1  # "all the others"
    if toks[k].text in _OTHER_DETERMINERS and k + 1 < n:
        k += 1
    count = NUMBER_WORDS.get(toks[k].text) or (int(toks[k].text) if toks[k].text.isdigit() else 0)
    if count and k + 1 < n and toks[k + 1].text in ("other", "remaining"):
        k += 1  # "the three other cells": as many as the class has left
    head = toks[k].text
    if prev in ("no", "any", "in", "without", "nor") or head not in ("other", "others", "rest",
                                                                      "remaining"):  # fmt: skip
        return None
    if head == "other" and w in ("each", "one"):
        return None  # "next to each other": a reciprocal
    if head == "rest" and k == i and prev not in _CLAUSE_OPENERS and i > 0 and prev != ".":
        return None  # "b3 and b2 rest on the ground": the verb
    noun_objs: set[str] = set()
    end = k
    if head in ("other", "remaining"):
        if k == i or k + 1 >= n or not toks[k + 1].text.isalpha():
            return None  # "in other words", "other than"
        end = k + 1
        if not count and toks[end].text in NUMBER_WORDS and NUMBER_WORDS[toks[end].text] > 1:
            count = NUMBER_WORDS[toks[end].text]  # "the other two (children)"
            nxt = toks[end + 1].text if end + 1 < n else ""
            end += 1 if nxt.isalpha() and idx.of_noun(nxt) else 0
        noun_objs = idx.of_noun(toks[end].text)
        if not noun_objs and (toks[end].text in _NOT_NOUNS or toks[end].text.endswith("ly")):
            return None
    else:
        nxt = toks[k + 1] if k + 1 < n else None
        if nxt is not None and nxt.text == "of" and k + 3 < n and toks[k + 2].text == "the":
            noun_objs = idx.of_noun(toks[k + 3].text)  # "the rest of the balls"
            end = k + 3 if noun_objs else end
        if not noun_objs and (
            nxt is None or not (nxt.text in _AFTER_REST or any(f[0] == nxt.text for f in idx.forms))
        ):
            return None
    said = _sentence_mentions(text, toks[i].start, out)
    if not said and count and out:
        said = list(out)  # "… starts on c00. The goal: the three other cells visited."
    if not said:
        return None
    if noun_objs:
        pool = noun_objs
    else:  # the class the sentence names most, the latest on a tie; not the class of the
        # object the words after it relate them to ("rest n0", "the others are at n0")
        after = set()
        for t in toks[end + 1 : end + 5]:
            if t.text in (",", ";", ".", "and", "while"):
                break
            after |= {world.objects.get(o, "object") for f, os in idx.forms.items()
                      if f[0] == t.text for o in os}  # fmt: skip
        tally: dict[str, tuple[int, int]] = {}
        for pos, m in enumerate(said):
            for o in m.objects:
                t = world.objects.get(o, "object")
                if t in after and t != "object":
                    continue
                c, _ = tally.get(t, (0, 0))
                tally[t] = (c + 1, pos)
        if not tally:
            return None
        typ = max(tally, key=lambda t: tally[t])
        pool = set(idx.classes.get(typ, ())) if typ != "object" else set(world.objects)
    named = {o for m in said for o in m.objects if o in pool}
    rest = pool - named
    if not rest:
        last = next((m for m in reversed(said) if set(m.objects) & pool), None)
        rest = pool - set(last.objects) if last is not None else set()
    singular = (
        head in ("other", "remaining")
        and w == "the"
        and not toks[end].text.endswith("s")
        and not count
    )  # "the other room"; but "every other square" is each of them
    if len(rest) != 1 if singular else len(rest) < 2:
        return None  # "the other room": the one left; "the others": at least two
    if count and len(rest) != count:
        return None
    return rest, end


_NOT_AFTER_VERB = wordset("and or but while then so as of the a an")
_PRONOUN_OBJECTS = wordset("them these those")
