"""Ordinals and the orders they count in: "the second block", "the first two packages", "the
last room", "the third glass" after "3 shot glasses (shot1, shot2, shot3)" (issue 19).

An ordinal counts in one of two orders: the order the text gave when it listed a collection
under a count ("four rooms, rooma, roomb, roomc and roomd": the third room is ``roomc``; "two
parcels on board, pkg1 and pkg2"), or the problem's naming scheme (``room1``, ``room2``, …;
names from 0, ``hoist0``, ``hoist1``, count from 0). A collection listed under a count also
names its noun: "the glasses" are the listed shots, whatever the type is called. "last" is the
collection's last member, or the highest-numbered object of the noun's class.

>>> from planetarium_plugin.alignment.facts.world import read_world
>>> from planetarium_plugin.alignment.facts.mentions import find_mentions
>>> w = read_world("(define (problem p) (:domain d) (:objects shot1 shot2 shot3 - shot)"
...                " (:init) (:goal (and)))")
>>> [(m.text, m.objects) for m in find_mentions(
...     "3 shot glasses (shot1, shot2, shot3). Fill the last glass.", w)][-1]
('last', ('shot3',))
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from .world import split_words

__all__ = [
    "by_parity",
    "dots_at",
    "name_at",
    "plain_forms",
    "name_range",
    "ordinal_objects",
    "stated_orders",
]

_NUMBER_NAMES = "zero one two three four five six seven eight nine ten eleven twelve"
_COUNTS = {w: i for i, w in enumerate(_NUMBER_NAMES.split())}
#: Words that end a noun phrase before its list: "two parcels on board, pkg1 and pkg2".
_PREPOSITIONS = {"on", "in", "at", "of", "with", "for", "from", "to", "inside", "by", "under"}
#: Between the list's names.
_JOINERS = {",", "and", "then", "&", "or"}
_GAP = {"(", ":", ",", "-", "namely", "called", "named", "i", "e"}


#: English plurals no suffix rule gives ("children" for the type ``child``).
_IRREGULAR_PLURALS = {
    "children": "child", "people": "person", "men": "man", "women": "woman", "mice": "mouse",
    "geese": "goose", "feet": "foot", "teeth": "tooth", "knives": "knife", "shelves": "shelf",
    "leaves": "leaf", "halves": "half", "wolves": "wolf", "loaves": "loaf", "lives": "life",
}  # fmt: skip


def plain_forms(word: str) -> list[str]:
    """A word and its singular forms ("batteries": "battery"; "children": "child")."""
    out = [word]
    if word in _IRREGULAR_PLURALS:
        out.append(_IRREGULAR_PLURALS[word])
    if word.endswith("ies") and len(word) > 4:
        out.append(word[:-3] + "y")  # batteries -> battery
    if word.endswith("es") and len(word) > 4:
        out.append(word[:-2])
    if word.endswith("s") and len(word) > 3:
        out.append(word[:-1])
    return out


def _count(text: str) -> int | None:
    if text.isdigit():
        return int(text) if len(text) <= 3 else None
    return _COUNTS.get(text)


def stated_orders(
    toks: Sequence, name_at: Callable[[int], tuple[int, str] | None], plain: Callable
) -> dict[str, list[str]]:
    """Collections the text lists under a count, by noun (every singular and plural form):
    "3 shot glasses (shot1, shot2, shot3)" gives ``glasses`` and ``glass`` → the three, in order.

    ``name_at(i)``: (tokens, object) of a one-object name starting at token i, else None."""
    out: dict[str, list[str]] = {}
    n = len(toks)
    for p, t in enumerate(toks):
        want = _count(t.text)
        if want is None or want < 2 or p + 1 >= n:
            continue
        # the noun: the last word of the words right after the count, up to a preposition
        j = p + 1
        noun = None
        while j < n and toks[j].text.isalpha() and toks[j].text not in _PREPOSITIONS:
            if name_at(j) is not None:
                break
            noun = toks[j].text
            j += 1
        if noun is None:
            continue
        # up to a short phrase ("on board") and a parenthesis or comma, then the names
        k = j
        while k < n and k - j < 4 and name_at(k) is None:
            if _count(toks[k].text) is not None and toks[k].text not in ("one",):
                break  # another count: the list is its own ("2 dispensers for 2 ingredients")
            if not (toks[k].text.isalpha() or toks[k].text in _GAP):
                break
            k += 1
        names: list[str] = []
        while k < n:
            got = name_at(k)
            if got is None:
                break
            names.append(got[1])
            k += got[0]
            while k < n and toks[k].text in _JOINERS:
                k += 1
        if len(names) == want and len(set(names)) == want:
            for form in plain(noun):
                out.setdefault(form, names)
    return out


def _number(name: str) -> int | None:
    got = re.search(r"(\d+)$", name)
    return int(got.group(1)) if got else None


def by_parity(members: set[str], odd: bool) -> set[str]:
    """The ``members`` whose number is odd (``odd``) or even: "the odd-numbered balls"; none
    unless every member is numbered."""
    nums = {o: _number(o) for o in members}
    if not nums or any(v is None for v in nums.values()):
        return set()
    return {o for o, v in nums.items() if v is not None and v % 2 == int(odd)}


def ordinal_objects(
    k: int | None,
    members: set[str],
    listed: list[str] | None,
    numbered: Callable[[int], set[str]],
) -> set[str]:
    """The objects an ordinal names: the ``k``-th (``None``: the last) of the listed
    collection, else of ``members`` (the noun's class) by the number in their names (counted
    from 0 where the names are), else whatever ``numbered(k)`` gives (any object named so)."""
    if listed:
        if k is None:
            return {listed[-1]}
        return {listed[k - 1]} if 0 < k <= len(listed) else set()
    nums = {o: _number(o) for o in members}
    if members and all(v is not None for v in nums.values()):
        values = sorted(v for v in nums.values() if v is not None)
        if len(set(values)) == len(values):
            if k is None:
                return {o for o, v in nums.items() if v == values[-1]}
            if values == list(range(len(values))):  # named from 0: the first is number 0
                return {o for o, v in nums.items() if v == k - 1}
    if k is None:
        return set()
    return numbered(k)


def dots_at(toks: Sequence, j: int) -> int:
    """How many dots (two or three) join the name before token ``j`` to the next one; 0 if none."""
    k = j
    while k < len(toks) and toks[k].text == "." and toks[k].start == toks[k - 1].end:
        k += 1
    glued = k < len(toks) and toks[k].start == toks[k - 1].end
    return k - j if 2 <= k - j <= 3 and glued else 0


def name_range(idx, first: str, toks: Sequence, j: int) -> tuple[set[str], int] | None:
    """The objects of "first to <name>" when both are numbered with one prefix, or are single
    letters said as an aside (:func:`_letters`)."""
    words = split_words(first)
    if len(first) == 1 and first.isalpha():
        return _letters(idx, first, toks, j)
    if len(words) < 2 or not words[-1].isdigit():
        return None
    prefix = "".join(words[:-1])
    for k in range(min(idx.max_len, len(toks) - j), 0, -1):
        form = tuple(t.text for t in toks[j : j + k])
        if form in idx.forms and len(idx.forms[form]) == 1:
            last = next(iter(idx.forms[form]))
            lw = split_words(last)
            if len(lw) >= 2 and lw[-1].isdigit() and "".join(lw[:-1]) == prefix:
                lo, hi = sorted((int(words[-1]), int(lw[-1])))
                members = {
                    o
                    for v in range(lo, min(hi, lo + 50) + 1)
                    for a, o in idx.numbered.get(str(v), [])
                    if a == prefix
                }
                return (members, j + k - 1) if len(members) >= 3 else None
    return None


#: Before a range of letters said as an aside: "five blocks, a to e", "(a to d)", "blocks: a-e".
_ASIDE = {",", "(", ":", "named", "labelled", "labeled", "lettered", "called"}


def _letters(idx, first: str, toks: Sequence, j: int) -> tuple[set[str], int] | None:
    """ "a to e" where every letter from the first to the last names one object and the range
    is said as an aside (after a comma, a bracket, a colon or "named"): not "move a to e"."""
    if j < 2 or j >= len(toks) or (j >= 3 and toks[j - 3].text not in _ASIDE):
        return None
    last = toks[j].text
    if len(last) != 1 or not last.isalpha() or last <= first:
        return None
    letters = [chr(c) for c in range(ord(first), ord(last) + 1)]
    objs = [idx.forms.get((c,), set()) for c in letters]
    if len(letters) < 3 or any(len(o) != 1 for o in objs):
        return None
    return {o for os in objs for o in os}, j


def name_at(idx, toks: Sequence, j: int) -> tuple[int, str] | None:
    """(tokens, object) of a one-object name at token j, longest first."""
    for k in range(min(idx.max_len, len(toks) - j), 0, -1):
        objs = idx.forms.get(tuple(t.text for t in toks[j : j + k]))
        if objs is not None:
            return (k, next(iter(objs))) if len(objs) == 1 else None
    return None
