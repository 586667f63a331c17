"""Facts written as a predicate's own name followed by its objects, with no brackets (issue 19):
``next object_0 object_6``, ``province object a``, ``at truck1 depot2`` — PDDL's prefix order
with the parentheses dropped, as PlanBench's obfuscated domains, planners' state dumps and
model restatements write them. Meaningless predicate words ("craves", "sneeze") get no help from
the encoder, so such a fact is read outright, as ``at(t1, l2)`` is (:mod:`.clauses`).

A span counts when a predicate's name (as the domain declares it, any case) is followed by
exactly as many object names as the predicate has parameters, each optionally after a class
word ("object a", "block b1"), and then by the end of the clause (a comma, semicolon, period,
colon, bracket, line end, or "and" not followed by one more object); the name itself opens a
clause (after the start of a line, punctuation, "and", "or", "that" or "then": "in the city
city_0" is no fact ``city city_0``). A single such span could
be English that happens to fit ("clear b1"), so a text must write at least
:data:`MIN_SPANS` of them: the notation is a style of the whole text, not one phrase.

>>> from planetarium_plugin.alignment.facts.world import read_world
>>> w = read_world("(define (problem p) (:domain d) (:objects a b c) "
...                "(:init (on a b) (clear a)) (:goal (and (on b c))))")
>>> [(n, [x[2] for x in args]) for _, _, n, args in prefix_calls(
...     "I have that, on object a object b and clear object a. Goal: on b c.", w)]
[('on', ['a', 'b']), ('clear', ['a']), ('on', ['b', 'c'])]
>>> prefix_calls("Put a on b.", w)
[]
"""

from __future__ import annotations

import re

from .world import World

__all__ = ["MIN_SPANS", "prefix_calls"]

#: Prefix facts a text must write before any is read as one (a style, not one phrase).
MIN_SPANS = 2
_TOKEN = re.compile(r"[A-Za-z0-9][\w\-]*|[^\sA-Za-z0-9]")
_END = frozenset(",.;:)]}!?\n")
_START = frozenset(",.;:([{!?-*\u2022")
_START_WORDS = frozenset({"and", "or", "that", "then"})


def prefix_calls(text: str, world: World) -> list[tuple[int, int, str, list[tuple[int, int, str]]]]:
    """``(start, end, predicate, [(arg start, arg end, object)])`` for every prefix fact; none
    when the text writes fewer than :data:`MIN_SPANS` of them."""
    names = {n.lower(): n for n, p in world.predicates.items() if p.arity >= 1}
    if not names:
        return []
    objs = {o.lower(): o for o in world.objects}
    kinds = {"object", "objects"} | {c.lower() for c in world.classes} | set(world.type_preds)
    toks = [(m.start(), m.end(), m.group(0)) for m in _TOKEN.finditer(text)]
    # tokens that open a line: a fact never runs on past a line end
    newline = {k for k in range(1, len(toks)) if "\n" in text[toks[k - 1][1] : toks[k][0]]}
    out = []
    k = 0
    while k < len(toks):
        name = names.get(toks[k][2].lower())
        if name is None or not _starts(toks, k, newline):
            k += 1
            continue
        args, j = _arguments(toks, k + 1, world.predicates[name].arity, objs, kinds, newline)
        if args is None or not _ends(toks, j, objs, kinds, names, newline):
            k += 1
            continue
        out.append((toks[k][0], toks[j - 1][1], name, args))
        k = j
    return out if len(out) >= MIN_SPANS else []


def _starts(toks, k, newline) -> bool:
    """Does a clause start at token ``k`` (start of text or line, after punctuation, or after
    "and"/"or"/"that"/"then")? "… is in the city city_0" names a class, not a prefix fact."""
    if k == 0 or k in newline:
        return True
    prev = toks[k - 1][2]
    return prev in _START or prev.lower() in _START_WORDS


def _arguments(toks, j, arity, objs, kinds, newline):
    """``arity`` object names from token ``j`` on (each maybe after a class word), and the
    token after them; (None, j) when they are not there."""
    args = []
    for _ in range(arity):
        if (
            j < len(toks)
            and j not in newline
            and toks[j][2].lower() in kinds
            and (j + 1 < len(toks) and toks[j + 1][2].lower() in objs and j + 1 not in newline)
        ):
            j += 1  # "object a": the class word before the name
        if j >= len(toks) or j in newline or toks[j][2].lower() not in objs:
            return None, j
        args.append((toks[j][0], toks[j][1], objs[toks[j][2].lower()]))
        j += 1
    return args, j


def _ends(toks, j, objs, kinds, names, newline) -> bool:
    """Does the clause end at token ``j`` (end of text or line, punctuation, or an "and" that
    is not followed by one more object of the same list: "clear b1 and b2" is no prefix fact,
    "… and texture object_7" starts the next one)?"""
    if j >= len(toks) or j in newline or toks[j][2] in _END:
        return True
    if toks[j][2].lower() not in {"and", "or"}:
        return False
    words = [t[2].lower() for t in toks[j + 1 : j + 3]] + ["", ""]
    if words[0] in objs:
        return False
    return not (words[0] in kinds and words[0] not in names and words[1] in objs)
