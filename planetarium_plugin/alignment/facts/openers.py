"""A class noun used as a name (issue 19): "Robot is in room2." in templated requests.

Requests written from templates often drop the article before a class whose only object the
problem has ("Robot is in room2.", "Arm is empty", "Van waits at d2"). Such a word names that
object when it is capitalised, opens its sentence or line and is followed by a verb agreeing
with it; a noun modifier ("Shaker levels: l0, l1") is not a name.

>>> from planetarium_plugin.alignment.facts.mentions import tokenize
>>> toks = tokenize("Robot is in room2. Shaker levels: l0")
>>> opens_as_name("Robot is in room2. Shaker levels: l0", toks, 0, lambda w: False)
True
>>> opens_as_name("Robot is in room2. Shaker levels: l0", toks, 5, lambda w: w == "levels")
False
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from .world import wordset

__all__ = ["opens_as_name"]


class Token(Protocol):
    """What this module reads of a :class:`.mentions.Token` (a protocol: ``mentions`` imports
    this module, so this one does not import it back)."""

    @property
    def text(self) -> str: ...
    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...

#: Verbs after a singular subject that do not end in ``s`` alone, and modals.
_AGREEING = wordset("is was has does can could may might must will would should")


def opens_as_name(
    text: str, toks: Sequence[Token], i: int, is_noun: Callable[[str], bool]
) -> bool:
    """Is token ``i`` a capitalised word that opens its sentence or line, followed by a verb
    agreeing with it (a word ending in ``s`` that ``is_noun`` does not know, or an auxiliary)?"""
    first = i == 0 or toks[i - 1].text in (".", ":", ";", "!", "?") or (
        "\n" in text[toks[i - 1].end : toks[i].start]
    )
    if not (first and text[toks[i].start].isupper() and i + 1 < len(toks)):
        return False
    nxt = toks[i + 1].text
    return nxt in _AGREEING or (
        nxt.isalpha() and nxt.endswith("s") and not nxt.endswith("ss") and not is_noun(nxt)
    )
