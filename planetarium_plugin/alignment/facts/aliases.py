"""Names a request gives the problem's objects itself (issue 19): "balls B-1, B-2 and B-3
(ball1..ball3)", "b1, b2 and b3; we'll call them A, B and C", "ball2 (B-2 from now on)",
"Ball_1 = ball1 = B-1 and so on".

A writer who names objects in their own scheme says once which of the problem's objects each
name stands for, then uses the name. A careful reader keeps that table: the definition itself
states no fact (it is blanked, offsets kept), and every later use of a defined name is read as
the object it stands for (the text is rewritten, with an :class:`~.indexed.Expansion` per name
so that spans go back to the text as given). Definitions read:

- a list of names beside a parenthesised list of as many names (ranges "ball1..ball3" count),
  one side the problem's objects, the other names that are no object: paired in order (one
  name in brackets after one object, "the spare (r1)", is an id the text gives, not a name);
- a marker with the new name(s) after an object or a list of objects: "(B-2 from now on)",
  "(hereafter B-2)", "(B-2 for short)", "(a.k.a. B-2)", ", which we'll call A", "; we'll call
  them A, B and C", "referred to as A";
- an equation "Ball_1 = ball1 = B-1": every name not an object stands for the object; with
  "and so on" / "etc." after it, the numbering carries over (``B-4`` is ``ball4``).

A name that is an object of the problem is never redefined, and a definition that pairs lists of
different lengths reads nothing.

>>> from planetarium_plugin.alignment.facts.world import read_world
>>> w = read_world("(define (problem p) (:domain d) (:objects ball1 ball2 ball3 rooma)"
...                " (:init) (:goal (and)))")
>>> expand_aliases("Balls B-1, B-2 and B-3 (ball1..ball3) are in rooma. B-2 goes.", w)[0]
'Balls ball1, ball2 and ball3                are in rooma. ball2 goes.'
>>> expand_aliases("ball2 (B-2 from now on) is in rooma; move B-2.", w)[0]
'ball2                   is in rooma; move ball2.'
"""

from __future__ import annotations

import re

from .indexed import Expansion, rewrite
from .world import World, wordset

__all__ = ["aliases_in", "expand_aliases"]

#: A name: an identifier with a digit or a capital ("B-2", "A", "Ball_1"), or a plain word.
_NAME = r"[A-Za-z][\w\-]*|\d+[A-Za-z]?"
#: At most this many names defined per text (a hostile text may define thousands).
MAX_ALIASES = 60
_RANGE = re.compile(
    r"^(?P<a>[A-Za-z][A-Za-z_\-]*?)(?P<i>\d+)\s*(?:\.\.\.?|\u2026|-|\u2013|to|through)\s*"
    r"(?P<b>[A-Za-z][A-Za-z_\-]*?)(?P<j>\d+)$"
)
_SEP = re.compile(r"\s*(?:,\s*(?:and\s+)?|\band\b|&)\s*")
#: Markers that give a new name: before it ("hereafter B-2") or after it ("B-2 from now on").
_BEFORE = (
    r"(?:hereafter|henceforth|from\s+now\s+on|a\.?k\.?a\.?|also\s+known\s+as|known\s+as|"
    r"referred\s+to\s+as|called|named|or\s+simply|(?:which|whom|that)\s+(?:we|I)(?:'ll|\s+will|"
    r"\s+shall)?\s+call|(?:we|I)(?:'ll|\s+will|\s+shall)\s+call\s+(?:them|it|these|those)|"
    r"let's\s+call\s+(?:them|it|these|those)|call\s+(?:them|it|these|those))"
)
_AFTER = r"(?:from\s+now\s+on|for\s+short|hereafter|henceforth|below|in\s+what\s+follows)"
_LIST = rf"(?:{_NAME})(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)(?:{_NAME}))*"
_RANGED = rf"(?:{_NAME})\s*(?:\.\.\.?|\u2026|\u2013|-|\bto\b|\bthrough\b)\s*(?:{_NAME})"
_NEWS = rf"(?P<new>{_RANGED}|{_LIST})"
_MARKED = re.compile(
    rf"(?P<def>\(\s*{_BEFORE}\s+[\"']?{_NEWS}[\"']?\s*\)"
    rf"|\(\s*[\"']?(?P<new2>{_RANGED}|{_LIST})[\"']?\s+{_AFTER}\s*\)"
    rf"|[,;]?\s*\b{_BEFORE}\s+[\"']?(?P<new3>{_RANGED}|{_LIST})[\"']?(?=\s*(?:[,;.:)!]|$)))",
    re.I,
)
_PAREN = re.compile(rf"\(\s*(?P<inner>{_RANGED}|{_LIST})\s*\)")
_EQUATION = re.compile(
    rf"(?<![\w+*/-])(?P<eq>(?:{_NAME})(?:\s*=\s*(?:{_NAME}))+)(?![\w-]|\s*[+*/<>])"
    rf"(?P<more>\s*(?:,?\s*and\s+so\s+on|,?\s*etc\.?))?"
)
_ARTICLE = re.compile(r"^(?:a|i|an)$", re.I)


def _norm(name: str) -> str:
    return re.sub(r"[\W_]+", "", name.lower())


def _looks_named(name: str) -> bool:
    """A name a writer coins: with a digit ("B-2") or in capitals ("A", "BX"), not a word."""
    if not re.match(r"[A-Za-z]", name):
        return False  # "1", "2": numbers, not names
    return bool(re.search(r"\d", name)) or (name.isupper() and len(name) <= 4)


def _names(said: str) -> list[str]:
    """The names of a list ("B-1, B-2 and B-3") or a range ("ball1..ball3")."""
    said = said.strip()
    r = _RANGE.match(said)
    if r and r.group("a").lower() == r.group("b").lower():
        i, j = int(r.group("i")), int(r.group("j"))
        if i < j <= i + 40:
            width = len(r.group("i")) if r.group("i").startswith("0") else 0
            return [f"{r.group('a')}{str(k).zfill(width)}" for k in range(i, j + 1)]
    return [p for p in _SEP.split(said) if p]


def _list_before(text: str, end: int) -> list[tuple[str, int, int]]:
    """The list of names ending at ``end`` (spaces before it skipped): (name, start, end)."""
    out: list[tuple[str, int, int]] = []
    at = end
    while True:
        m = re.search(rf"({_NAME})\s*$", text[:at])
        if m is None:
            break
        out.insert(0, (m.group(1), m.start(1), m.end(1)))
        sep = re.search(r"(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)$", text[: m.start(1)])
        if sep is None:
            break
        at = sep.start()
    return out


def _tail(names: list[str], k: int, objs: dict[str, str]) -> list[str]:
    """The last ``k`` of ``names`` when those left out are words ("blocks, b1, b2"), not names;
    else ``names`` as they are (a list of another length pairs nothing)."""
    if len(names) <= k or any(_looks_named(n) or _norm(n) in objs for n in names[:-k]):
        return names
    return names[-k:]


def _last_objects(text: str, end: int, k: int, objs: dict[str, str]) -> list[str]:
    """The last list of ``k`` object names in the sentence before ``end`` or the one before it
    ("b1, b2 and b3, all on the table; we'll call them A, B and C")."""
    stops = [m.end() for m in re.finditer(r"[.!?\n]\s", text[:end])]
    start = stops[-2] if len(stops) > 1 else 0
    found: list[str] = []
    for m in re.finditer(_LIST, text[start:end]):
        names = [n for n in _SEP.split(m.group(0)) if n]
        for i in range(len(names) - k + 1):
            if all(_norm(n) in objs for n in names[i : i + k]):
                found = names[i : i + k]
    return found


def aliases_in(text: str, world: World) -> tuple[dict[str, str], list[tuple[int, int]]]:
    """The names ``text`` defines (name -> object) and the spans of the definitions."""
    objs = {_norm(o): o for o in world.objects}
    table: dict[str, str] = {}
    blanks: list[tuple[int, int]] = []

    def pair(news: list[str], olds: list[str]) -> bool:
        targets = [objs.get(_norm(o)) for o in olds]
        if len(news) != len(olds) or not news or any(t is None for t in targets):
            return False
        fresh = [
            (n, t)
            for n, t in zip(news, targets, strict=True)
            if _norm(n) not in objs and _looks_named(n)
        ]
        if len(fresh) != len(news):
            return False
        for n, t in fresh:
            table.setdefault(n, t)  # type: ignore[arg-type]
        return True

    for m in _MARKED.finditer(text):
        news = _names(m.group("new") or m.group("new2") or m.group("new3"))
        olds = [n for n, _, _ in _list_before(text, m.start())]
        olds = _tail(olds, len(news), objs)
        if pair(news, olds) or pair(news, _last_objects(text, m.start(), len(news), objs)):
            blanks.append((m.start("def"), m.end("def")))
    for m in _PAREN.finditer(text):
        if any(a <= m.start() < b for a, b in blanks):
            continue
        inner = _names(m.group("inner"))
        before = _list_before(text, m.start())
        outer = [n for n, _, _ in before]
        if _RANGE.match(" ".join(outer)) is None and len(before) == 1:
            r = re.search(rf"({_RANGED})\s*$", text[: m.start()])
            outer = _names(r.group(1)) if r else outer
        outer = _tail(outer, len(inner), objs)
        if not outer or len(outer) != len(inner):
            continue
        ins = [_norm(n) in objs for n in inner]
        outs = [_norm(n) in objs for n in outer]
        if all(ins) and not any(outs):
            ok = pair(outer, inner)
        elif all(outs) and not any(ins) and len(inner) > 1:
            ok = pair(inner, outer)  # one name in brackets after an object restates its id
        else:
            ok = False
        if ok:
            blanks.append((m.start(), m.end()))
    for m in _EQUATION.finditer(text):
        parts = [p.strip() for p in m.group("eq").split("=")]
        known = {objs[_norm(p)] for p in parts if _norm(p) in objs}
        if len(known) != 1 or not any(p.lower() in world.objects for p in parts):
            continue  # "Ball_1 = B-1" against b1: no object written as the problem writes it
        target = known.pop()
        fresh = [p for p in parts if _norm(p) not in objs and _looks_named(p)]
        for p in fresh:
            table.setdefault(p, target)
        if m.group("more"):  # "B-1 = ball1 and so on": the numbering carries over
            num = re.search(r"\d+$", target)
            for p in fresh:
                pn = re.search(r"\d+$", p)
                if num is None or pn is None or int(pn.group()) != int(num.group()):
                    continue
                head, thead = p[: pn.start()], target[: num.start()]
                for o in world.objects:
                    on = re.fullmatch(rf"{re.escape(thead)}(\d+)", o)
                    if on:
                        table.setdefault(f"{head}{on.group(1)}", o)
        if fresh:
            blanks.append((m.start(), m.end()))
        if len(table) > MAX_ALIASES:
            break
    return dict(list(table.items())[:MAX_ALIASES]), blanks


def expand_aliases(text: str, world: World) -> tuple[str, tuple[Expansion, ...]]:
    """``text`` with its definitions blanked and each use of a defined name replaced by the
    object it stands for; the map of the replaced spans (empty when nothing was defined)."""
    if not re.search(r"[(=]|\bcall|\bknown\b|\bnamed\b|\bhereafter\b|\bhenceforth\b", text, re.I):
        return text, ()
    try:
        table, blanks = aliases_in(text, world)
    except re.error:  # pragma: no cover - the patterns are fixed
        return text, ()
    if not table:
        return text, ()
    chars = list(text)
    for a, b in blanks:
        chars[a:b] = " " * (b - a)
    blanked = "".join(chars)
    names = sorted(table, key=len, reverse=True)
    pat = re.compile(
        r"(?<![\w\-])(" + "|".join(re.escape(n) for n in names) + r")(?![\w\-]|\.\d)"
    )
    return rewrite(blanked, ((m.start(), m.end(), table[m[1]]) for m in pat.finditer(blanked)
                             if not _article(m, blanked)))  # fmt: skip


def _article(m: re.Match, text: str) -> bool:
    """Is the one-letter name ``m`` the article ("A ball is …"), not the name A?"""
    if not _ARTICLE.match(m[1]):
        return False
    nxt = re.match(r"\s+([a-z]+)", text[m.end() :])
    return bool(nxt and nxt[1] not in _VERBS)


#: Words after a one-letter name "A" that make it the name, not the article ("A is on B").
_VERBS = wordset(
    "is are sits rests stands lies was will should must has and or on in at to with remains "
    "stays goes"
)
