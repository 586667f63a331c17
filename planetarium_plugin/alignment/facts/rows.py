"""Cells named by row and column through a naming scheme the text declares (issue 19): "the
cell in row r, column c is pos-r-c … the second cell of the first row", "cells xCyR: columns
C = 1-3, rows R = 1-2 … every cell of row 2", "tiles tij (row i, column j) … the last tile of
row 2", "the tile in row 3, column 1".

A request about a grid often says once how its cells are named, with a letter for the row and
one for the column, and then names cells by row and column rather than by name. A careful
reader takes the declared scheme (the letters after "row" and "column" in one sentence, and a
word of that sentence that, with those letters replaced by numbers, spells the problem's
objects) and resolves "<every/each/all/the> <noun>s of row N" to the whole row, "the <ordinal
/last> <noun> of row N" (or "of the <ordinal/last> row") to one cell, counting columns in the
row's order, and "row N, column M" to its cell. A row phrase is read only inside such a noun
phrase (a bare "row 2 lies above row 1" states the layout, which :mod:`.grids` reads), and
only with a declared scheme: which number of ``x2y1`` is the row is the text's to say.

>>> from planetarium_plugin.alignment.facts.world import read_world
>>> from planetarium_plugin.alignment.facts.mentions import find_mentions, tokenize
>>> w = read_world("(define (problem p) (:domain d) (:objects x1y1 x2y1 x1y2 x2y2)"
...                " (:init) (:goal (and)))")
>>> text = "Cells xCyR (column C, row R). Visit every cell of row 2."
>>> toks = tokenize(text)
>>> [(m.text, m.objects) for m in row_mentions(text, toks, find_mentions(text, w, toks), w)]
[('every cell of row 2', ('x1y2', 'x2y2'))]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from .mentions import NUMBER_WORDS, ORDINALS, Mention, Token, _natural
from .sections import _sentences
from .world import World

__all__ = ["row_mentions", "scheme", "upright"]

_ROW_LETTER = re.compile(r"\brows?\s+([A-Za-z])\b(?!\w)")
_COL_LETTER = re.compile(r"\b(?:columns?|cols?)\s+([A-Za-z])\b(?!\w)")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
_ALL = {"every", "each", "all"}
_LINE = {"row": "row", "rows": "row", "column": "column", "columns": "column", "col": "column"}
_MAX_CELLS = 400


def _variables(word: str, letters: tuple[str, str]) -> str | None:
    """The regex of ``word`` with the two letters as numbers (row group first), or None."""
    row, col = letters
    for strict in (True, False):
        out, groups = "", []
        for k, ch in enumerate(word):
            if ch in (row, col):
                prev = word[k - 1] if k else ""
                nxt = word[k + 1] if k + 1 < len(word) else ""
                alone = not prev.isalpha() and not nxt.isalpha()
                cased = all(not x.isalpha() or x.isupper() != ch.isupper() for x in (prev, nxt))
                if not strict or alone or cased:
                    if ch in groups:
                        return None
                    groups.append(ch)
                    out += f"(?P<{'r' if ch == row else 'c'}>\\d+)"
                    continue
            out += re.escape(ch)
        if sorted(groups) == sorted(letters):
            return out
    return None


#: The noun a declaration names its cells by: "cells xCyR", "the tile in row R".
_NOUN_BEFORE = re.compile(r"\b([A-Za-z]{3,})\s+$")
_NOUN_IN = re.compile(r"\b([A-Za-z]{3,})\s+(?:in|at|on)\s+rows?\s+[A-Za-z]\b")


def _nouns(said: str, at: int) -> frozenset[str]:
    found = [m.group(1).lower() for m in _NOUN_IN.finditer(said)]
    before = _NOUN_BEFORE.search(said[:at])
    if before:
        found.append(before.group(1).lower())
    out = set()
    for w in found:
        if w not in _LINE and w not in ("the", "and", "with", "are", "named", "called"):
            out |= {w, w[:-1] if w.endswith("s") else w + "s"}
    return frozenset(out)


def scheme(text: str, world: World) -> tuple[dict[tuple[int, int], str], frozenset[str]]:
    """(row, column) → object, by the naming scheme the text declares, and the nouns the
    declaration calls the cells ("cell", "cells"); empty when none."""
    for s, e in _sentences(text):
        said = text[s:e]
        r, c = _ROW_LETTER.search(said), _COL_LETTER.search(said)
        if r is None or c is None or r.group(1) == c.group(1):
            continue
        letters = (r.group(1), c.group(1))
        for w in _WORD.finditer(said):
            word = w.group(0)
            if word.lower() in world.objects or len(word) < 2:
                continue
            rx = _variables(word, letters) if all(x in word for x in letters) else None
            if rx is None:
                continue
            pat = re.compile(rx + "$", re.I)
            cells = {}
            for o in world.objects:
                m = pat.match(o)
                if m is not None:
                    cells[(int(m.group("r")), int(m.group("c")))] = o
            if len(cells) >= 4 and len(cells) <= _MAX_CELLS:
                return cells, _nouns(said, w.start())
    return {}, frozenset()


_ABOVE = re.compile(
    r"\brow\s+(\d+)\s+(?:\w+\s+){0,2}?(?:above|over|up\s+from|on\s+top\s+of)\s+row\s+(\d+)", re.I
)
_BELOW = re.compile(
    r"\brow\s+(\d+)\s+(?:\w+\s+){0,2}?(?:below|under|beneath|down\s+from)\s+row\s+(\d+)", re.I
)


def upright(text: str, world: World) -> list[list[str]]:
    """The rows of the declared scheme's grid, top first, when the text says which row lies
    above which ("Row 2 lies above row 1"); empty when it does not say or the grid is not
    whole."""
    cells, _ = scheme(text, world)
    rs, cs = sorted({r for r, _ in cells}), sorted({c for _, c in cells})
    if not cells or len(cells) != len(rs) * len(cs):
        return []
    up = _ABOVE.search(text)
    down = _BELOW.search(text) if up is None else None
    if up is not None:
        higher_up = int(up.group(1)) > int(up.group(2))
    elif down is not None:
        higher_up = int(down.group(1)) < int(down.group(2))
    else:
        return []
    order = rs[::-1] if higher_up else rs
    return [[cells[(r, c)] for c in cs] for r in order]


def _number(toks: Sequence[Token], k: int) -> int | None:
    if k >= len(toks):
        return None
    w = toks[k].text
    if w.isdigit() and len(w) <= 3:
        return int(w)
    return NUMBER_WORDS.get(w)


def _line(
    toks: Sequence[Token], k: int, cells: dict[tuple[int, int], str]
) -> tuple[str, int, int] | None:
    """("row" or "column", its index, last token) of "row 2" / "the first row" / "the last
    column" at token k."""
    n = len(toks)
    if k < n and toks[k].text == "the":
        k += 1
    if k + 1 < n and toks[k].text in _LINE and (v := _number(toks, k + 1)) is not None:
        return _LINE[toks[k].text], v, k + 1
    if k + 1 < n and toks[k + 1].text in _LINE and toks[k].text in (*ORDINALS, "last"):
        kind = _LINE[toks[k + 1].text]
        values = sorted({rc[0] if kind == "row" else rc[1] for rc in cells})
        at = len(values) - 1 if toks[k].text == "last" else ORDINALS[toks[k].text] - 1
        return (kind, values[at], k + 1) if at < len(values) else None
    return None


def _members(cells: dict[tuple[int, int], str], kind: str, v: int) -> list[str]:
    got = sorted((rc, o) for rc, o in cells.items() if (rc[0] if kind == "row" else rc[1]) == v)
    return [o for _, o in got]


def row_mentions(
    text: str, toks: Sequence[Token], ments: Sequence[Mention], world: World
) -> list[Mention]:
    """``ments`` with the cells named by row and column (under a declared scheme) resolved."""
    if "row" not in text.lower() and "column" not in text.lower():
        return list(ments)
    cells, nouns = scheme(text, world)
    if not cells:
        return list(ments)
    n = len(toks)
    found: list[tuple[int, int, list[str]]] = []
    i = 0
    while i < n:
        got = _phrase(toks, i, cells, nouns)
        if got is None:
            i += 1
            continue
        end, objs = got
        found.append((i, end, objs))
        i = end + 1
    return described(text, toks, ments, found, 0.9)


def described(
    text: str,
    toks: Sequence[Token],
    ments: Sequence[Mention],
    found: Sequence[tuple[int, int, Iterable[str]]],
    confidence: float,
) -> list[Mention]:
    """``ments`` with each phrase ``found`` (first token, last token, its objects) in place of
    the mentions it overlaps: one mention of those objects over the whole phrase."""
    if not found:
        return list(ments)
    out = [
        m
        for m in ments
        if m.first_token < 0
        or not any(a <= m.last_token and m.first_token <= b for a, b, _ in found)
    ]
    for a, b, objs in found:
        objs = tuple(sorted(objs, key=_natural))
        start, end = toks[a].start, toks[b].end
        out.append(Mention(start, end, text[start:end], objs, len(objs) > 1, confidence, a, b))
    return sorted(out, key=lambda m: m.start)


def _phrase(
    toks: Sequence[Token], i: int, cells: dict[tuple[int, int], str], nouns: frozenset[str]
) -> tuple[int, list[str]] | None:
    """(last token, objects) of a row/column phrase starting at token i."""
    n = len(toks)
    w = toks[i].text
    # "row 2, column 3", "in row 2 and column 3": one cell
    line = _line(toks, i, cells) if w in _LINE else None
    if line is not None and line[0] == "row":
        k = line[2] + 1
        while k < n and toks[k].text in (",", "and", "in", "at", "of"):
            k += 1
        other = _line(toks, k, cells)
        if other is not None and other[0] == "column" and (line[1], other[1]) in cells:
            return other[2], [cells[(line[1], other[1])]]
        return None
    # "every cell of row 2", "the second cell of the first row", "the last tile of row 2"
    whole = w in _ALL
    k = i + 1
    if w == "the" and k < n and toks[k].text in (*ORDINALS, "last"):
        pick = toks[k].text
        k += 1
    elif whole or w == "the":
        pick = ""  # "all of the cells of row 2", "the tiles of column 1"
        while whole and k < n and toks[k].text in ("the", "of"):
            k += 1
    else:
        return None
    if k >= n or not toks[k].text.isalpha() or toks[k].text in _LINE or len(toks[k].text) < 3:
        return None
    plural = toks[k].text.endswith("s")
    noun = toks[k].text
    k += 1
    if k >= n or toks[k].text not in ("of", "in", "on", "along"):
        if whole and noun in nouns:  # "every cell is at n0": the grid's noun, every cell
            return k - 1, sorted(cells.values())
        return None
    line = _line(toks, k + 1, cells)
    if line is None:
        return (k - 1, sorted(cells.values())) if whole and noun in nouns else None
    kind, v, end = line
    k = end + 1
    while k < n and toks[k].text in (",", "and", "in", "at", "of"):
        k += 1
    other = _line(toks, k, cells) if not pick and not whole and not plural else None
    if other is not None and other[0] != kind:  # "the bed in row 2, column 3"
        rc = (v, other[1]) if kind == "row" else (other[1], v)
        return (other[2], [cells[rc]]) if rc in cells else None
    members = _members(cells, kind, v)
    if not members:
        return None
    if pick:
        at = len(members) - 1 if pick == "last" else ORDINALS[pick] - 1
        return (end, [members[at]]) if at < len(members) else None
    if whole or plural:
        return end, members
    return None
