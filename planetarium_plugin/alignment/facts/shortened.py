"""Names shortened as users type them into a tool (issue 19): "rm1" for ``room1``, "wp2" for
``waypoint2``, "loc3" for ``location3``.

A word glued to a number ("rm1") that names no object is read as the numbered object whose word
it abbreviates: the same first letter, its letters in order inside that word and shorter than
it, and exactly one object with that number whose word it abbreviates ("rm1" is ``room1``
unless the problem also has ``ramp1``). A word that is itself a name's word ("b1" against
``b1``) is read as that name, never as an abbreviation.

>>> shortened_object({"1": [("room", "room1"), ("ball", "ball1")]}, "rm", "1")
'room1'
>>> shortened_object({"1": [("room", "room1"), ("ramp", "ramp1")]}, "rm", "1") is None
True
>>> shortened_object({"1": [("waypoint", "waypoint1")]}, "way", "1"), abbreviates_word("r", "room")
('waypoint1', False)
"""

from __future__ import annotations

from collections.abc import Sequence

from .openers import Token

__all__ = ["abbreviates_word", "shortened_at", "shortened_object"]


def abbreviates_word(short: str, word: str) -> bool:
    """``short`` (2+ letters, shorter than ``word``) has ``word``'s first letter and its
    letters in order inside ``word``."""
    if len(short) < 2 or len(short) >= len(word) or short[0] != word[0] or not short.isalpha():
        return False
    rest = iter(word[1:])
    return all(ch in rest for ch in short[1:])


def shortened_object(
    numbered: dict[str, list[tuple[str, str]]], short: str, number: str
) -> str | None:
    """The one object numbered ``number`` whose word ``short`` abbreviates; None when none or
    several, or when ``short`` is the word of a numbered name itself."""
    if any(a == short for pairs in numbered.values() for a, _ in pairs):
        return None
    hits = {o for a, o in numbered.get(number, []) if abbreviates_word(short, a)}
    return next(iter(hits)) if len(hits) == 1 else None


def shortened_at(
    numbered: dict[str, list[tuple[str, str]]], toks: Sequence[Token], i: int
) -> str | None:
    """The object a word glued to the number after it names at token ``i`` ("rm" "1")."""
    if i + 1 >= len(toks) or not toks[i + 1].text.isdigit() or toks[i].end != toks[i + 1].start:
        return None
    return shortened_object(numbered, toks[i].text, toks[i + 1].text)
