"""A comma list that is a verb's object (issue 19): "bring ball1, ball2 and ball3 to roomy".

The clause reader cuts a sentence at commas and "and"; a list after a verb would leave its
first item with the verb ("bring ball1", a clause of its own) and the rest a list of what
follows. :func:`join_verb_list` makes such a list one plural mention first, so the words after
it are said of every item.

>>> from planetarium_plugin.alignment.facts.world import read_world
>>> from planetarium_plugin.alignment.facts.mentions import find_mentions, tokenize
>>> w = read_world("(define (problem p) (:domain d) (:objects b1 b2 b3 - ball r - room) (:init)"
...                " (:goal (and)))")
>>> text = "Please move b1, b2 and b3 to r."
>>> toks = tokenize(text)
>>> [m.objects for m in join_verb_list(text, toks, find_mentions(text, w, toks), w)]
[('b1', 'b2', 'b3'), ('r',)]
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from .counted import counted
from .lists import _COPULAS, _NOT_VERBS, _NOUN_PHRASE, _classes, _third_person, join_compact
from .mentions import Mention, Token
from .reading import Reading
from .world import World, wordset

__all__ = ["join_verb_list", "joined_mentions"]

_LIST_HEAD = wordset("other remaining following further each of either namely and or but")
#: Words after a list that make it a subject ("… b2 and b3 can …", "… b3 all are …").
_VERB_AFTER = wordset("can could must should will would may might need all both each")

#: How the items of a comma list are joined: ", ", " and ", ", and ", " or ".
_LIST_GAP = re.compile(r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+", re.I)


def join_verb_list(
    text: str, toks: Sequence[Token], ments: Sequence[Mention], world: World
) -> list[Mention]:
    """ "move b1, b2 and b3 to the table", "raise p1, p2 and p3 to height n1 each", "bring ball1,
    ball2 and ball3 to roomb": a list that is a verb's object, followed by the words said of
    every item, is one plural mention — not "move b1" (a clause of its own) and "b2 and b3 to
    the table". Guards: the word before the first item is a verb (not a preposition, copula,
    conjunction or determiner: "b3 is on b1, b2 and …" is a relation's object); the items are
    single objects of one class joined by commas and a closing "and"/"or"; the last item is
    followed by words, not a verb of its own ("… b1, b2 and b3 are clear": the list is a
    subject, which the clause reader distributes already) and not the sentence's end."""
    out: list[Mention] = []
    i, n = 0, len(ments)
    while i < n:
        m = ments[i]
        run = [m]
        closed = False
        while i + len(run) < n and not closed:
            a, b = run[-1], ments[i + len(run)]
            gap = text[a.end : b.start]
            if not _LIST_GAP.fullmatch(gap) or b.first_token < 0 or len(b.objects) != 1:
                break
            if b.plural or b.objects[0] in {r.objects[0] for r in run}:
                break
            if not _classes(world, a.objects[0]) & _classes(world, b.objects[0]):
                break
            closed = "," not in gap or bool(re.search(r"\b(?:and|or)\b", gap, re.I))
            run.append(b)
        k = m.first_token - 1
        last = run[-1].last_token
        ok = (
            closed
            and len(run) >= 3
            and len(m.objects) == 1
            and not m.plural
            and m.first_token >= 0
            and k >= 0
            and toks[k].text.isalpha()
            and toks[k].text not in _NOT_VERBS | _COPULAS | _NOUN_PHRASE | _LIST_HEAD
            and last + 1 < len(toks)
            and toks[last + 1].text.isalpha()
            and toks[last + 1].text not in _COPULAS | _VERB_AFTER
            and not _third_person(toks[last + 1].text)
        )
        if not ok:
            out.append(m)
            i += 1
            continue
        out.append(
            dataclasses.replace(
                m,
                end=run[-1].end,
                text=text[m.start : run[-1].end],
                objects=tuple(r.objects[0] for r in run),
                plural=True,
                confidence=min(r.confidence for r in run),
                last_token=last,
            )
        )
        i += len(run)
    return out


def joined_mentions(reading: Reading) -> list[Mention]:
    """The text's mentions with counted references resolved and lists joined: compact ones
    (:func:`.lists.join_compact`) and a verb's comma list (:func:`join_verb_list`)."""
    text, toks, world = reading.text, list(reading.tokens), reading.world
    ments = counted(text, toks, list(reading.mentions), world)
    return join_verb_list(text, toks, join_compact(text, toks, ments, world), world)
