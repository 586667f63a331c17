"""Quantified phrases in a request (issue 19): where they start, and the clause around them.

"all packages", "every floor", "both children", "the whole upper row", "the two balls", "all
three discs", "all other positions" (:func:`quantified_starts`); the clause a quantified phrase
stands in reaches back to a comma, colon, sentence start or an "and" just before it, and on to
the next comma, "and" or sentence end (:func:`piece_around`). :mod:`.abstract` reads the set a
phrase names ("all other positions": the class less the objects said apart, :data:`OTHER`).

>>> import re
>>> toks = list(re.finditer(r"[A-Za-z]+|\\d+", "Move all three discs to peg c."))
>>> quantified_starts(toks)
[(1, 3, 3)]
>>> text = "p4 to n3 and every other square at n0."
>>> a, b = piece_around(text, text.index("every"), text.index("square") + 6)
>>> text[a:b]
'every other square at n0'
"""

from __future__ import annotations

import re

from .world import wordset

__all__ = ["OTHER", "piece_around", "quantified_starts"]

#: Words that open a quantified phrase; "the" only before a count ("the two balls").
_QUANT = wordset("all every each both whole entire")
_COUNT = {"both": 2, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
          "eight": 8, "nine": 9, "ten": 10}  # fmt: skip
_SKIP = wordset("the of whole entire")
#: Words that make a quantified set the rest of its class ("all other positions").
OTHER = wordset("other remaining")


def quantified_starts(toks: list[re.Match[str]]) -> list[tuple[int, int, int | None]]:
    """(token index of the quantifier, index of the first noun-phrase word, count) of each
    quantified phrase: "all packages", "every floor", "both children", "the whole upper row",
    "the two balls", "all three discs"."""
    low = [t.group(0).lower() for t in toks]
    out = []
    for i, w in enumerate(low):
        nxt = low[i + 1] if i + 1 < len(low) else ""
        if not (w in _QUANT or w == "the" and nxt in ({*_COUNT} - {"both"}) | {"whole", "entire"}):
            continue
        if i and (low[i - 1] in _QUANT or low[i - 1] == "the" and w in ("whole", "entire")):
            continue
        count = _COUNT.get(w)
        j = i + 1
        while j < len(low) and (low[j] in _SKIP or low[j] in _COUNT):
            count = _COUNT.get(low[j], count)
            j += 1
        out.append((i, j, count))
    return out


def piece_around(text: str, start: int, end: int) -> tuple[int, int]:
    """The clause around a quantified phrase: back to a comma, colon or sentence start (or an
    "and" just before it: "… in pen2 and every other animal in pen1"), on to the next comma,
    "and", or the sentence end."""
    lo = max(text.rfind(c, 0, start) for c in ".;:!?\n,")
    a = lo + 1 if lo >= 0 else 0
    joined = re.search(r"\band\s+$", text[a:start])
    a = a + joined.end() if joined else a
    m = re.search(r"[.;:!?\n,]|\band\b", text[end:])
    b = end + m.start() if m else len(text)
    return a, b
