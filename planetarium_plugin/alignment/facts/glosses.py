"""A parenthesis that restates its clause with one more object (issue 19): "pos-0-1 and pos-1-1
already have 1 block each (height n1)", "c2 and c3 got one layer each (level n1)".

People gloss a loose wording with the predicate's own words in brackets. The clause reader
reads the bracket as a clause of its own that inherits the subject; the words before it, with
the subject alone, were then read as some one-argument predicate. :func:`glossed` makes the
two one clause with both slots, so the reading must fit the bracket's object too.

>>> from planetarium_plugin.alignment.facts.world import read_world
>>> from planetarium_plugin.alignment.facts.clauses import split_clauses
>>> w = read_world("(define (problem p) (:domain d) (:objects p1 p2 - position n1 - numb)"
...                " (:init) (:goal (and)))")
>>> text = "p1 and p2 have 1 block each (height n1)."
>>> [(c.template, len(c.slots)) for c in split_clauses(text, w)][0]
('X have 1 block each (height Y', 2)
"""

from __future__ import annotations

import re

from .templates import Clause, _make

__all__ = ["glossed"]

_OPEN = re.compile(r"\s*\(\s*")


def glossed(clauses: list[Clause], text: str) -> list[Clause]:
    """``clauses`` with each clause of only a subject followed by a parenthesis that inherits
    that subject and names one more object made one clause of both."""
    out: list[Clause] = []
    for c in clauses:
        a = out[-1] if out else None
        if (
            a is not None
            and c.inherited
            and len(a.slots) == 1
            and len(c.slots) == 2
            and a.section == c.section
            and a.direct is None
            and c.direct is None
            and _OPEN.fullmatch(text[a.end : c.start])
            and text[c.end : c.end + 1] == ")"
            and _objects(c.slots[0]) == _objects(a.slots[0])
        ):
            slots = [list(a.slots[0]), list(c.slots[1])]
            out[-1] = _make(text, a.start, c.end + 1, slots, a.section, a.inherited)
            continue
        out.append(c)
    return out


def _objects(slot) -> set[str]:
    return {o for m in slot for o in m.objects}
