"""A request's text in parts: initial state and goal at the first goal phrase, sentences.

>>> split_text("b1 is on the table. Your goal is to have the following: b1 should be clear.")
('b1 is on the table.', 'to have the following: b1 should be clear.')
>>> sentences("a is on b. b is clear; the hand is empty")
('a is on b.', 'b is clear;', 'the hand is empty')
"""

from __future__ import annotations

import re

from .sexpr import _bounded, clean_text

__all__ = ["sentences", "split_text"]

_GOAL_MARK = re.compile(
    r"\b(?:your|the|my|our)\s+(?:goal|task|objective)\s+(?:is|are)\b[:\s]*|\bgoal\s*:\s*",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|\n+")


def split_text(text: str | bytes | None) -> tuple[str, str]:
    """Split a task description into (initial state, goal) at the first goal phrase.

    Without one, both parts are the whole text.
    """
    text = clean_text(text).strip()
    m = _GOAL_MARK.search(text)
    if m is None:
        return text, text
    return text[: m.start()].strip(), text[m.end() :].strip()


def sentences(text: str) -> tuple[str, ...]:
    """Sentences of a text (split at ``. ! ? ;`` and newlines), at most :data:`MAX_ATOMS`."""
    return _bounded(s.strip() for s in _SENTENCE_END.split(text) if s.strip())
