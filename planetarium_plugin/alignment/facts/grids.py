"""Static layouts of two dimensions: grids told by rows, by pairs or by coordinates (issue 19).

A careful reader takes "t1, t2, t3 form the top row and t4, t5, t6 the bottom row", "c11 and
c12 on the top row, c21 and c22 below them", "t1|t2 over t3|t4" as a grid: in each row every
object beside the next, and each object above the one of its column in the next row down. A
list of pairs, "Neighbours (both ways): a/b, b/c" or "a and b, b and c, each pair in both
directions", states one link per pair. And "cells next to each other horizontally or vertically
are neighbours" over cells named by coordinates (``pos-0-1``, ``tile_1-2``, ``c12``) states the
links of the whole grid. The text says which objects are linked, not which way a domain's
static predicates run (``up ?x ?y``: is x above y?), nor whether links go one way or both: as in
:mod:`.sequences`, of the readings of each fitting static binary predicate (right of, left of,
above, below, either way), the one the problem's init shares most atoms with is taken and its
facts become direct clauses; a link missing or added in a wrong problem still leaves a fact of
the reading missing.

>>> from planetarium_plugin.alignment.facts.reading import Reading
>>> from planetarium_plugin.alignment.facts.world import read_world
>>> dom = ("(define (domain g) (:types cell) (:predicates (up ?a ?b - cell) (at ?c - cell))"
...        " (:action go :parameters (?a ?b - cell) :precondition (and (at ?a) (up ?a ?b))"
...        " :effect (and (at ?b) (not (at ?a)))))")
>>> w = read_world("(define (problem p) (:domain g) (:objects a b c d - cell) (:init (at a)"
...                " (up a c) (up b d)) (:goal (at d)))", dom)
>>> got = grid_clauses(Reading.of("a and b on the top row, c and d below them.", w), [])
>>> [(c.direct, [s[0].objects[0] for s in c.slots]) for c in got]
[('up', ['a', 'c']), ('up', ['b', 'd'])]
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .clauses import Clause
from .mentions import Mention
from .reading import Reading
from .rows import scheme, upright
from .sections import _sentences, section_at
from .sequences import replace_spanned
from .world import World

__all__ = ["grid_clauses"]

_MAX = 64
#: Between two objects of one row: a comma, "and", a bar, or nothing ("t1 t2").
_IN_ROW = re.compile(r"^\s*(?:,|and|, and|\||&)?\s*$", re.I)
#: A row's place said after (or right before) its objects: "… on the top row", "… below them".
_UPPER = re.compile(r"\b(?:top|upper|uppermost|above|over|back|north|northern)\b", re.I)
_LOWER = re.compile(
    r"\b(?:bottom|lower|lowest|below|beneath|under|underneath|front|south|southern)\b", re.I
)
_BENEATH = re.compile(
    r"^\s*,?\s*(?:(?:is|are|sits?|lies?|stands?|directly|right|just)\s+)*"
    r"(over|above|under|below|beneath|underneath)\s*$",
    re.I,
)
_MIDDLE = re.compile(r"\b(?:middle|centre|center)\b", re.I)
_NUMBERED = re.compile(r"\brow\s*(\d+)\s*[:=-]?\s*$", re.I)
#: Between two pairs: "a/b, c/d"; inside an "and" pair: "a and b".
_PAIR_SEP = re.compile(r"^\s*(?:[,;]|,? and|;? and)\s*$", re.I)
_AND = re.compile(r"^\s+(?:and|&|with)\s+$", re.I)
#: A sentence stating the links of a grid of cells named by coordinates.
_GRID_WORD = re.compile(
    r"\b(?:grid|horizontal(?:ly)?|vertical(?:ly)?|orthogonal(?:ly)?|shar\w*\s+an?\s+(?:side|edge))\b",
    re.I,
)
_LINK_WORD = re.compile(
    r"\b(?:neighbou?r\w*|adjacent|next to|connected|touch\w*|step\w*|move\w*|up from|above"
    r"|below|(?:to the )?(?:right|left) of)\b",
    re.I,
)
_COORD = re.compile(r"^(.*?[a-z_-])(\d+)[-_](\d+)$|^([a-z]+)(\d)(\d)$", re.I)


def _one(m: Mention, o: str) -> Mention:
    return Mention(m.start, m.end, m.text, (o,), False, m.confidence, -1, -1)


def _groups(text: str, ms: list[Mention], s: int, e: int) -> list[list[Mention]]:
    """Runs of mentions in text[s:e] joined as one list, one mention per object."""
    out: list[list[Mention]] = []
    cur: list[Mention] = []
    for m in ms:
        if not (s <= m.start and m.end <= e) or (len(m.objects) != 1 and not m.plural):
            continue
        if cur and not _IN_ROW.match(text[cur[-1].end : m.start]):
            out.append(cur)
            cur = []
        cur += [_one(m, o) for o in m.objects]
    if cur:
        out.append(cur)
    return out


def _rank(text: str, g: list[Mention], nxt: int, prev: int, headed: bool) -> float | None:
    """Where the row ``g`` stands, top 0 to bottom 2, by the words after it (up to the next
    mention) or a "row N:" / "top row:" right before it; None when unsaid."""
    after = text[g[-1].end : min(nxt, g[-1].end + 40)]
    before = text[max(prev, g[0].start - 25) : g[0].start]
    num = _NUMBERED.search(before)
    if num:
        return float(num.group(1))
    rel = _BENEATH.match(before)  # "t1|t2 over t3|t4": the second row is the lower one
    if rel:
        return 0.0 if rel.group(1).lower() in ("under", "below", "beneath", "underneath") else 2.0
    heads = before if before.rstrip().endswith(":") else ""
    for said in (heads,) if headed else (after, heads):
        up, low, mid = _UPPER.search(said), _LOWER.search(said), _MIDDLE.search(said)
        found = [(x.start(), r) for x, r in ((up, 0.0), (mid, 1.0), (low, 2.0)) if x]
        if found:
            return min(found)[1]
    return None


def _rows(
    text: str, ms: list[Mention], s: int, e: int, headed: bool = False
) -> list[list[Mention]]:
    """The rows of a grid told in the sentence text[s:e], top first: two or more lists of
    equal length (two or more objects each), each with a place ("top row", "below them");
    ``headed``: over a whole text, only rows headed by a place ("Row 2: …", "top row: …")."""
    groups = [g for g in _groups(text, ms, s, e) if len(g) >= 2]
    ranked = []
    for i, g in enumerate(groups):
        nxt = min((m.start for m in ms if m.start >= g[-1].end), default=e)
        prev = max((m.end for m in ms if m.end <= g[0].start), default=s)
        r = _rank(text, g, min(nxt, e), max(prev, s), headed)
        if r is not None:
            ranked.append((r, i, g))
    for size in sorted({len(g) for _, _, g in ranked}, reverse=True):
        same: list[tuple[float, int, list[Mention]]] = []
        for r, i, g in ranked:  # the first row of each place; later lists restate links
            g = g[-size:]  # the place said after a list is said of its last objects
            objs = {m.objects[0] for m in g}
            taken = {m.objects[0] for x in same for m in x[2]}
            if len(g) == size and r not in {x[0] for x in same} and not objs & taken:
                same.append((r, i, g))
        if len(same) >= 2:
            return [g for _, _, g in sorted(same)]
    return []


def _grid_readings(rows: list[list[str]]) -> dict[str, set[tuple[str, str]]]:
    right = {(r[j + 1], r[j]) for r in rows for j in range(len(r) - 1)}
    above = {
        (rows[i][j], rows[i + 1][j]) for i in range(len(rows) - 1) for j in range(len(rows[i]))
    }
    left, below = {(b, a) for a, b in right}, {(b, a) for a, b in above}
    return {
        "right of": right,
        "left of": left,
        "above": above,
        "below": below,
        "beside": right | left,
        "over or under": above | below,
        "next to": right | left | above | below,
    }


def _static_binary(world: World) -> list:
    return [
        p
        for p in world.predicates.values()
        if p.arity == 2 and p.static and p.name not in world.type_preds
    ]


def _best(world: World, p, objs: list[str], readings: dict[str, set[tuple[str, str]]]):
    """The reading of ``p`` over ``objs`` the problem's init shares most atoms with (more shared
    than left out), or None."""
    if not all(world.fits(p, (o, o)) for o in objs):
        return None
    have = {(a[1], a[2]) for a in world.init if a[0] == p.name and len(a) == 3}
    have = {x for x in have if x[0] in objs and x[1] in objs}
    best = None
    for pairs in readings.values():
        score = (len(pairs & have) - len(pairs - have), -len(pairs))
        if pairs & have and score[0] > 0 and (best is None or score > best[0]):
            best = (score, pairs)
    return None if best is None else best[1]


def _pairs(text: str, ms: list[Mention], s: int, e: int) -> list[list[tuple[Mention, Mention]]]:
    """Lists of two or more pairs in text[s:e]: "a/b, c/d" or "a and b, c and d"."""
    inside = [m for m in ms if s <= m.start and m.end <= e and len(m.objects) == 1]
    inside = [m for m in inside if not m.plural]
    out: list[list[tuple[Mention, Mention]]] = []
    cur: list[tuple[Mention, Mention]] = []
    i = 0
    while i < len(inside):
        m = inside[i]
        n = inside[i + 1] if i + 1 < len(inside) else None
        if n is not None and (text[m.end : n.start] == "/" or _AND.match(text[m.end : n.start])):
            if cur and not _PAIR_SEP.match(text[cur[-1][1].end : m.start]):
                out.append(cur)
                cur = []
            cur.append((m, n))
            i += 2
            continue
        out.append(cur)
        cur = []
        i += 1
    out.append(cur)
    return [c for c in out if len(c) >= 2]


def _coordinates(world: World) -> list[list[str]]:
    """The rows of the largest grid of objects named by two coordinates ("pos-0-1", "c12")."""
    by: dict[str, dict[tuple[int, int], str]] = {}
    for o in world.objects:
        m = _COORD.match(o)
        if m is None:
            continue
        pre, i, j = (m.group(1), m.group(2), m.group(3)) if m.group(1) else m.group(4, 5, 6)
        by.setdefault(pre.lower(), {})[(int(i), int(j))] = o
    if not by:
        return []
    cells = max(by.values(), key=len)
    rs, cs = sorted({i for i, _ in cells}), sorted({j for _, j in cells})
    if len(cells) < 4 or len(cells) != len(rs) * len(cs) or len(cells) > _MAX:
        return []
    return [[cells[(i, j)] for j in cs] for i in rs]


def _declared(text: str, world: World) -> list[list[str]]:
    """The rows of a grid named by the scheme the text declares ("cells xCyR", :mod:`.rows`)."""
    cells, _ = scheme(text, world)
    rs, cs = sorted({r for r, _ in cells}), sorted({c for _, c in cells})
    if not cells or len(cells) != len(rs) * len(cs):
        return []
    return [[cells[(r, c)] for c in cs] for r in rs]


#: A row named in a request: "the top row", "the whole second row".
_ROW_NAMED = re.compile(
    r"\bthe\s+(?:whole\s+|entire\s+)?(top|upper|bottom|lower|first|second|third|last|middle)"
    r"\s+row\b",
    re.I,
)
_ROW_INDEX = {"top": 0, "upper": 0, "first": 0, "second": 1, "third": 2, "middle": 1}
#: Between a named row and the things spread over it: "the top row in alternating colours: …".
_SPREAD_GAP = re.compile(
    r"^\s*(?:in|with|:|,)?\s*(?:(?:alternat\w*)\s+(?:colou?rs?)?\s*[:,]?\s*)?(?:in\s+)?$", re.I
)
_SPREAD_LIST = re.compile(r"^\s*(?:,|and|, and|then|, then)\s*$", re.I)
_ALTERNATE = re.compile(r"\balternat\w*", re.I)


def _spread(
    text: str, ms: list[Mention], rows: list[list[str]], s: int, e: int
) -> list[tuple[int, int, str, list[tuple[str, Mention]]]]:
    """ "Paint the top row white, black, white (from left to right)", "the bottom row in
    alternating colours: black, white": (start, end, the verb's template, (object, mention)
    pairs) — one thing of a list per object of the named row, in order, or the list repeated
    when it alternates."""
    out = []
    cells = {o for r in rows for o in r}  # another row's objects are no things spread
    for named in _ROW_NAMED.finditer(text, s, e):
        word = named.group(1).lower()
        k = -1 if word in ("bottom", "lower", "last") else _ROW_INDEX.get(word, 0)
        if not -len(rows) <= k < len(rows):
            continue
        row = rows[k][::-1] if re.search(r"\bright to left\b", text[s:e], re.I) else rows[k]
        things: list[Mention] = []
        pos = named.end()
        for m in ms:
            if m.start < pos or m.end > e or len(m.objects) != 1 or m.plural:
                continue
            gap = text[pos : m.start]
            if not (_SPREAD_LIST if things else _SPREAD_GAP).match(gap) or m.objects[0] in cells:
                break
            things.append(m)
            pos = m.end
        alternate = _ALTERNATE.search(text[named.end() : min(e, pos + 20)])
        if len(things) < 2 or (len(things) != len(row) and not alternate):
            continue
        head = " ".join(re.findall(r"[A-Za-z]+", text[s : named.start()])[-3:])
        spread = [(o, things[i % len(things)]) for i, o in enumerate(row)]
        out.append((named.start(), pos, f"{head} X Y".strip(), spread))
    return out


def grid_clauses(reading: Reading, clauses: Sequence[Clause]) -> list[Clause]:
    """``clauses`` with every grid told by rows, pairs or coordinates read as direct clauses of
    the domain's static binary predicates (and the clauses that misread the rows dropped)."""
    text, world = reading.text, reading.world
    binary = _static_binary(world)
    if not binary:
        return list(clauses)
    ms, secs = list(reading.mentions), list(reading.sections)
    done = {
        (c.direct, *(m.objects[0] for sl in c.slots for m in sl[:1])) for c in clauses if c.direct
    }
    added: list[Clause] = []
    spans: list[tuple[int, int]] = []

    def emit(at: dict[str, Mention], readings, a: int, b: int, one: bool) -> bool:
        objs = list(at)
        found = [(p, _best(world, p, objs, readings)) for p in binary]
        found = [(p, got) for p, got in found if got]
        if one:  # a list of pairs states one relation: the best fitting predicate's
            found = sorted(
                found,
                key=lambda q: -len(q[1] & {(x[1], x[2]) for x in world.init if x[0] == q[0].name}),
            )[:1]
        sec = section_at(secs, a)
        sec = "init" if sec == "any" else sec
        for p, pairs in found:
            for x, y in sorted(pairs, key=lambda q: (objs.index(q[0]), objs.index(q[1]))):
                if (p.name, x, y) not in done:
                    added.append(
                        Clause(a, b, text[a:b], p.name, ((at[x],), (at[y],)), sec, False, p.name)
                    )
                    done.add((p.name, x, y))
        return bool(found)

    told: list[list[str]] = []  # the first grid's rows, top first
    for whole, (s, e) in [(True, (0, len(text))), *((False, x) for x in _sentences(text))]:
        rows = _rows(text, ms, s, e, headed=whole)
        if rows and not told:
            told = [[m.objects[0] for m in r] for r in rows]
        if rows and not any(a <= rows[0][0].start < b for a, b in spans):
            at = {m.objects[0]: m for r in rows for m in r}
            names = [[m.objects[0] for m in r] for r in rows]
            if len(at) == sum(map(len, names)) and len(at) <= _MAX:
                a, b = min(m.start for m in at.values()), max(m.end for m in at.values())
                if emit(at, _grid_readings(names), a, b, one=False):
                    spans += [(r[0].start, r[-1].end) for r in rows]
        if whole:
            continue  # the whole text: rows headed "Row 2: …" over several sentences only
        for plist in _pairs(text, ms, s, e):
            at = {}
            for x, y in plist:
                at.setdefault(x.objects[0], x)
                at.setdefault(y.objects[0], y)
            given = {(x.objects[0], y.objects[0]) for x, y in plist}
            readings = {"given": given, "reversed": {(b, a) for a, b in given}}
            readings["both ways"] = readings["given"] | readings["reversed"]
            a, b = plist[0][0].start, plist[-1][1].end
            if emit(at, readings, a, b, one=True):
                spans.append((a, b))
        said = text[s:e]
        if _GRID_WORD.search(said) and _LINK_WORD.search(said):
            names = _coordinates(world) or _declared(text, world)
            if names:
                m0 = next((m for m in ms if s <= m.start and m.end <= e), None)
                a, b = (m0.start, m0.end) if m0 else (s, e)
                at = {
                    o: Mention(a, b, text[a:b], (o,), False, 0.9, -1, -1) for r in names for o in r
                }
                emit(at, _grid_readings(names), a, b, one=False)
    told = told or upright(text, world)  # "tij (row i, column j). Row 2 lies above row 1."
    for s, e in _sentences(text) if told else ():
        for a, b, template, spread in _spread(text, ms, told, s, e):
            for o, thing in spread:
                one = Mention(a, a + 3, text[a : a + 3], (o,), False, 0.95, -1, -1)
                added.append(
                    Clause(a, b, text[a:b], template, ((one,), (thing,)), section_at(secs, a))
                )
            spans.append((a, b))
    return replace_spanned(clauses, added, spans, text)
