"""Statements over an index variable: "each hub hubN carries its own wheel wN", "crate i sits
on pallet i", "passenger pN waits at floor fN (N = 1, 2, 3)", "each block N on block N-1"
(issue 19).

A request that describes a world by collections often states one fact per object at once, with
a letter standing for the number in the names (``hubN``, ``container0-n``) or after a class
noun ("crate i", "ball N"). A careful reader reads it once per value of the letter: the values
the text gives ("for i = 1, 2", "(N = 1 ... 4)"), or else every number for which each name the
statement builds is one of the problem's objects (so "block N on block N-1" starts at 2); a
statement with one indexed name relates nothing and is read so only when its values are given. The
statement is then read as those sentences, one per value, joined by semicolons ("hub1 carries
its own wheel w1; hub2 carries its own wheel w2"), with the quantifier before the first
indexed name dropped ("each hub hubN" is hub1, then hub2, not every hub each time).

:func:`expand_indices` gives the text so rewritten and the map of its changed spans;
:func:`restore_spans` puts an explanation's spans back on the text as given (a fact read from an
expansion is spanned by the whole statement it came from).

>>> from planetarium_plugin.alignment.facts.world import read_world
>>> w = read_world("(define (problem p) (:domain d) (:objects hub1 hub2 w1 w2)"
...                " (:init) (:goal (and)))")
>>> expand_indices("Each hub hubN carries its own wheel wN.", w)[0]
'hub1 carries its own wheel w1; hub2 carries its own wheel w2.'
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Sequence

from .mentions import find_mentions
from .world import World

__all__ = ["Expansion", "expand_indices", "restore_spans", "rewrite"]

#: Letters that stand for an index: upper case glued to a name ("hubN") or after a noun
#: ("ball N"); lower case only after a noun ("crate i") or glued by a dash or underscore
#: ("container0-n").
_UPPER = "NKM"
_LOWER = "nik"
_GLUED = re.compile(
    rf"(?<![\w-])(?P<prefix>[A-Za-z](?:[A-Za-z0-9_-]*[a-z0-9_-])?)(?P<var>[{_UPPER}])"
    rf"(?P<off>[-+]\d)?(?![\w])"
    rf"|(?<![\w-])(?P<prefix2>[A-Za-z][A-Za-z0-9_-]*[-_])(?P<var2>[{_LOWER}])(?P<off2>[-+]\d)?"
    rf"(?![\w])"
)
_ALONE = re.compile(rf"(?<=[A-Za-z] )(?P<var>[{_UPPER}{_LOWER}])(?P<off>[-+]\d)?(?![\w'])")
#: The values a statement gives its letter: "for i = 1, 2", "(N = 1 ... 4)", "for N in 1-3".
_VALUES = re.compile(
    r",?\s*\(?\s*(?:for\s+(?:each\s+|every\s+|all\s+)?)?(?P<var>[A-Za-z])\s*(?:=|in|from)\s*"
    r"(?P<vals>\d+(?:\s*(?:,|and|\.\.\.|\u2026|\.\.|to|through|-|\u2013)\s*\d+)*)\s*\)?",
)
#: A quantifier right before the first indexed name: "each hub hubN", "every crate i".
_QUANTIFIER = re.compile(r"\b(?:each|every|all|any)(?:\s+of\s+the)?(?:\s+[A-Za-z]+){0,2}\s+$", re.I)
#: Where the statement over the letter starts: after the last of these before its first name.
_CLAUSE_START = re.compile(r"[,;:(]\s*|\band\s+|\bwhile\s+")
#: Sentences, with "1 ... 4" kept inside one.
_SENTENCE = re.compile(r"(?:[^.!?;\n]|\.(?=\w)|\.\.+\s*(?=\d)|\u2026\s*(?=\d))+(?:[.!?;]+|\n|$)")
_MAX_VALUES = 40


@dataclasses.dataclass(frozen=True)
class Expansion:
    """A statement's span in the given text and its expansion's span in the rewritten one."""

    start: int
    end: int
    new_start: int
    new_end: int


def rewrite(
    text: str, pieces: Iterable[tuple[int, int, str]], limit: int | None = None
) -> tuple[str, tuple[Expansion, ...]]:
    """``text`` with each ``(start, end, new)`` of ``pieces`` (in order of ``start``) put in
    place of its span, and an :class:`Expansion` for each: the one way every reader that
    rewrites a text keeps its spans on the text as given. A piece that starts inside one put in
    before is skipped, and so is one that would take the rewritten text past ``limit``
    characters (not counting the text between pieces).

    >>> rewrite("b1 and b2 are clear", [(0, 2, "block1"), (7, 9, "block2")])
    ('block1 and block2 are clear', (Expansion(start=0, end=2, new_start=0, new_end=6), \
Expansion(start=7, end=9, new_start=11, new_end=17)))
    >>> rewrite("abc", [])
    ('abc', ())
    """
    out: list[str] = []
    spans: list[Expansion] = []
    at = size = 0
    for s, e, new in pieces:
        if s < at or limit is not None and size + len(new) > limit:
            continue
        out.append(text[at:s])
        size += s - at
        spans.append(Expansion(s, e, size, size + len(new)))
        out.append(new)
        size += len(new)
        at = e
    if not spans:
        return text, ()
    out.append(text[at:])
    return "".join(out), tuple(spans)


def _numbers(world: World) -> list[int]:
    got = {int(x) for o in world.objects for x in re.findall(r"\d+", o) if len(x) <= 3}
    return sorted(got)[:_MAX_VALUES]


def _given(vals: str) -> list[int]:
    nums = [int(x) for x in re.findall(r"\d+", vals)]
    if len(nums) == 2 and re.search(r"\.\.|\u2026|to|through|-|\u2013", vals):
        lo, hi = nums
        return list(range(lo, min(hi, lo + _MAX_VALUES) + 1))
    return nums


def _resolves(world: World, phrase: str) -> bool:
    ms = find_mentions(phrase, world)
    return len(ms) == 1 and len(ms[0].objects) == 1 and ms[0].text.lower() == phrase.lower()


def _expand_one(sent: str, world: World) -> str | None:
    """The sentence read once per value of its index letter; None when it has none."""
    objects = {o.lower() for o in world.objects}
    glued = [
        m for m in _GLUED.finditer(sent) if (m["prefix"] or m["prefix2"]).lower() not in objects
    ]
    alone = list(_ALONE.finditer(sent))
    letters = {m["var"] or m["var2"] for m in glued} | {m["var"] for m in alone}
    letters = {v for v in letters if v.lower() not in objects}
    if len(letters) != 1:
        return None
    var = next(iter(letters))
    glued = [m for m in glued if (m["var"] or m["var2"]) == var]
    alone = [m for m in alone if m["var"] == var]
    if var in _LOWER and not alone and not glued:
        return None
    given = [m for m in _VALUES.finditer(sent) if m["var"] == var]
    body = sent
    if given:
        g = given[-1]
        body = sent[: g.start()] + sent[g.end() :]
        values = _given(g["vals"])
        glued = [m for m in _GLUED.finditer(body) if (m["var"] or m["var2"]) == var]
        alone = [m for m in _ALONE.finditer(body) if m["var"] == var]
    else:
        values = _numbers(world)
    # every indexed name with the word before it (the noun of "crate i")
    holes: list[tuple[int, int, str, int, bool]] = []  # start, end, prefix, offset, glued
    for m in glued:
        off = m["off"] or m["off2"]
        holes.append(
            (m.start(), m.end(), m["prefix"] or m["prefix2"], int(off) if off else 0, True)
        )
    for m in alone:
        noun = re.search(r"([A-Za-z]+)\s+$", body[: m.start()])
        if noun is None:
            continue
        off = int(m["off"]) if m["off"] else 0
        holes.append((noun.start(1), m.end(), noun.group(1), off, False))
    if not holes or (len(holes) < 2 and not given):  # one name alone relates nothing
        return None
    holes.sort()
    keep = []
    for v in values:
        ok = True
        for _, _, prefix, off, is_glued in holes:
            n = v + off
            if n < 0:
                ok = False
                break
            name = f"{prefix}{n}" if is_glued else f"{prefix} {n}"
            if not (name.lower() in objects if is_glued else _resolves(world, name)):
                ok = False
                break
        if ok:
            keep.append(v)
    if len(keep) < 2 and not (given and keep):
        return None
    first = holes[0][0]
    starts = [m for m in _CLAUSE_START.finditer(body, 0, first) if m.end() <= first]
    cut = starts[-1].end() if starts else len(body) - len(body.lstrip())
    stop = len(body)
    if starts and starts[-1].group(0).startswith("("):
        close = body.find(")", first)
        stop = close if close >= 0 else stop
    else:
        end = re.search(r"[\s.;!?]*$", body)
        stop = end.start() if end is not None else stop
    stop = max(stop, holes[-1][1])
    head, tail, rest = body[:cut], body[cut:stop], body[stop:]
    quant = _QUANTIFIER.search(body, cut, first)
    parts = []
    for v in keep:
        piece = tail
        for s, e, prefix, off, is_glued in sorted(holes, reverse=True):
            name = f"{prefix}{v + off}" if is_glued else f"{prefix} {v + off}"
            piece = piece[: s - cut] + name + piece[e - cut :]
        if quant is not None:
            piece = piece[: quant.start() - cut] + piece[first - cut :]
        parts.append(piece.strip())
    return head + "; ".join(parts) + rest


def expand_indices(text: str, world: World) -> tuple[str, tuple[Expansion, ...]]:
    """``text`` with each statement over an index letter read once per value, and where."""
    if not (_GLUED.search(text) or _ALONE.search(text)):
        return text, ()
    pieces = (
        (m.start(), m.end(), got)
        for m in _SENTENCE.finditer(text)
        if (got := _expand_one(m[0], world)) is not None
    )
    return rewrite(text, pieces, limit=4 * len(text) + 4000)  # bounded on hostile input


def _back(spans: Sequence[Expansion], pos: int, end: bool) -> int:
    """An offset of the rewritten text on the given one (inside an expansion: its statement's
    start or end)."""
    shift = 0
    for x in spans:
        if pos < x.new_start or (end and pos == x.new_start):
            break
        if pos < x.new_end or (end and pos == x.new_end):
            return x.end if end else x.start
        shift = x.new_end - x.end
    return pos - shift


def restore_spans(explanation, text: str, spans: Sequence[Expansion]):
    """``explanation`` with every fact's span on ``text`` (the text as given)."""
    if not spans:
        return explanation

    def fix(f):
        a, b = _back(spans, f.start, False), _back(spans, f.end, True)
        a, b = max(0, min(a, len(text))), max(0, min(b, len(text)))
        return dataclasses.replace(f, start=a, end=b, span=text[a:b])

    def section(sec):
        return dataclasses.replace(
            sec,
            stated=tuple(fix(f) for f in sec.stated),
            contradicted=tuple(fix(f) for f in sec.contradicted),
            missing_in_problem=tuple(fix(f) for f in sec.missing_in_problem),
            abstract=tuple(fix(f) for f in sec.abstract),
        )

    return dataclasses.replace(
        explanation, init=section(explanation.init), goal=section(explanation.goal)
    )
