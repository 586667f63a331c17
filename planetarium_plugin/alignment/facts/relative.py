"""Facts stated of a clause's subject from a trailing "with" phrase (issue 19).

"d2 is on peg b with d1 on top of it" states two facts: d2 on b, and d1 on d2 — the "with"
phrase's object is the subject of its own relation, and "it" (or a relation left open, "with d1
on top") refers back to the clause's subject. Read as one clause, the relation words of the
second fact would be fitted to the first slots (and "on top of" to the wrong pair); split, each
fact is grounded on its own, in the converse order the words say.

>>> from planetarium_plugin.alignment.facts.world import read_world
>>> from planetarium_plugin.alignment.facts.clauses import split_clauses
>>> w = read_world("(define (problem p) (:domain d) (:objects a b t) (:init) (:goal (and)))")
>>> text = "a sits on t with b on top of it."
>>> [(c.template, [s[0].objects for s in c.slots]) for c in with_clauses(split_clauses(text, w))]
[('X sits on Y', [('a',), ('t',)]), ('X on top of Y', [('b',), ('a',)])]
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from .clauses import Clause
from .world import PLACEHOLDERS

__all__ = ["with_clauses"]

_WITH = re.compile(
    r"^(?P<head>.*?\b[XYZWV]\b.*?)[\s,]+with\s+(?P<tail>(?:[a-z]+\s+){0,2}(?P<ph>[XYZWV])\b"
    r"(?P<rel>[^,;XYZWV]*?))\s*$"
)
#: The "with" phrase's relation ends with a pronoun for the subject, or is left open.
_BACK = re.compile(r"\b(?:it|them|that one|this one)$", re.I)
_OPEN = re.compile(r"\b(?:on top|atop|on it|above|below|underneath|beneath|inside)$", re.I)


def _relabel(template: str, letters: dict[str, str]) -> str:
    return re.sub(r"\b[XYZWV]\b", lambda m: letters.get(m.group(0), m.group(0)), template)


def with_clauses(clauses: Sequence[Clause]) -> list[Clause]:
    """Each clause "S … with O <relation> it" as two: "S …" and "O <relation> S"."""
    out: list[Clause] = []
    for c in clauses:
        m = _WITH.match(c.template)
        k = PLACEHOLDERS.index(m.group("ph")) if m else -1
        rel = m.group("rel").strip() if m else ""
        if m is None or c.direct is not None or k <= 0 or k >= len(c.slots) or not rel:
            out.append(c)
            continue
        if _BACK.search(rel):
            rel = _BACK.sub("Y", rel)
        elif _OPEN.search(rel):
            rel = f"{rel} of Y" if rel.endswith("top") else f"{rel} Y"
        else:
            out.append(c)
            continue
        kept = [i for i in range(len(c.slots)) if i != k]
        letters = {PLACEHOLDERS[i]: PLACEHOLDERS[j] for j, i in enumerate(kept)}
        head = _relabel(m.group("head").strip(), letters)
        out.append(dataclasses.replace(c, template=head, slots=tuple(c.slots[i] for i in kept)))
        second = f"X {rel}"
        out.append(
            dataclasses.replace(c, template=second, slots=(c.slots[k], c.slots[0]), inherited=False)
        )
    return out
