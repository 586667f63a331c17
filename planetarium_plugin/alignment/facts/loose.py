"""Loose goal sentences: sentences after a goal stated in prose that carry no goal cue of their own.

A goal cue in a prose sentence ("b2 should end up on b3.", "Please keep plans short.",
"Mission log, sol 212.") says what that sentence wants; the sentences after it with no cue of
their own ("At the moment b1 is on b2.", "r0 is at p0 and available.") may state the goal as
well as the initial state, as people interleave the two ("mixed order") or restate the set-up
after the goal. A goal *heading* ("Goal:", "Goal facts:", "must hold at the end: …") instead
covers what follows it, as a list under it does, so the sentences after a heading stay goal.

:func:`loose_spans` gives the spans of such sentences; :func:`.explain.compare` checks a goal
clause inside one against the goal first and, where the goal does not have what it states but
the init does, reads it as an init fact.

>>> from planetarium_plugin.alignment.facts.reading import Reading
>>> from planetarium_plugin.alignment.facts.world import read_world
>>> w = read_world("(define (problem p) (:domain d) (:objects b1 b2 b3) (:init) (:goal (and)))")
>>> t = "b2 should end up on b3. b1 is on b2 and clear. b1 must stay on b2."
>>> [t[a:b] for a, b in loose_spans(Reading.of(t, w))]
['b1 is on b2 and clear.']
>>> t = "b2 should end up on b3. b1 is on b2, and it must stay there."
>>> [t[a:b].strip(' ,') for a, b in loose_spans(Reading.of(t, w))]
['b1 is on b2']
>>> loose_spans(Reading.of("Goal: b2 on b3. b1 on b2.", w))
()
"""

from __future__ import annotations

import re

from .reading import Reading
from .sections import _IMPERATIVES, _goal_cue, _sentences

__all__ = ["loose_spans"]


_SEPARATOR = re.compile(r",|;|\b(?:and|but|while|whereas)\b", re.I)


def _heading(sent: str, at: int) -> bool:
    """Does the goal cue at ``at`` head what follows ("Goal:", "Goal facts:", "… must hold at
    the end: …") rather than state a goal in prose?"""
    return ":" in sent[at:]


def loose_spans(reading: Reading) -> tuple[tuple[int, int], ...]:
    """Spans of the sentences that fall in a goal section only because a prose goal sentence
    came before them (no goal cue or imperative of their own, no heading over them)."""
    text, skip, secs = reading.text, reading.vocabulary, list(reading.sections)
    if not any(name == "goal" for _, name in secs):
        return ()
    out: list[tuple[int, int]] = []
    sents = _sentences(text)
    for s, e in sents:
        sec, cut = "init", -1
        for start, name in secs:
            if start >= e:
                break
            sec, cut = name, start
        if sec != "goal" or cut >= s:
            continue  # init, or the goal starts in this sentence: its own cue
        sent = text[s:e]
        words = re.findall(r"[A-Za-z']+", sent)
        if words and (words[0].lower() in _IMPERATIVES or words[0].lower() in reading.world.verbs):
            continue
        end = e
        own = _goal_cue(sent, skip)
        if own is not None:
            # "ball2 is also in room a and must also go to b": the clauses before the one the
            # cue opens are loose
            seps = list(_SEPARATOR.finditer(sent[: own.start()]))
            if not seps:
                continue
            end = s + seps[-1].start()
        # the sentence that opened the goal: a heading covers what follows it
        cs, ce = next(((a, b) for a, b in sents if a <= cut < b), (cut, cut))
        if _heading(text[cs:ce], cut - cs):
            continue
        # sentences between that one and this one: one that is a heading covers this one too
        if any(
            ce <= a < s and _goal_cue(text[a:b], skip) is not None and ":" in text[a:b]
            for a, b in sents
        ):
            continue
        out.append((s, end))
    return tuple(out)
