"""Predicates a request names outright, as PDDL users write them (issue 19):
``Objects c1 and l2 are in the relation "at"``, ``the predicate robot-at holds for x1``,
``"at" holds for t1 and l2``. :func:`named_predicates` finds such spans (a quoted name, a name
after "predicate"/"relation", or a hyphenated/underscored identifier written as the domain
declares it); :func:`name_clauses` turns a clause naming one predicate into a direct reading of
it, arguments in the order written (the predicate's parameter order), as for ``at(t1, l2)``.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from .clauses import Clause
from .mentions import Mention
from .world import World

__all__ = ["name_clauses", "named_predicates"]

_QUOTES = "\"'`\u201c\u201d\u2018\u2019"


def named_predicates(text: str, world: World) -> list[tuple[int, int, str]]:
    """Spans of ``text`` that name one of the world's predicates as a name: quoted, after
    "predicate"/"relation"/"fluent", or an identifier with ``-``/``_`` written as declared."""
    out: list[tuple[int, int, str]] = []
    taken: set[int] = set()
    for name in sorted(world.predicates, key=len, reverse=True):
        esc = re.escape(name)
        pats = [
            rf"[{_QUOTES}]({esc})[{_QUOTES}]",
            rf"\b(?:predicate|relation|fluent|property)\s+({esc})(?![\w\-])",
        ]
        if re.search(r"[-_]", name):
            pats.append(rf"(?<![\w\-])({esc})(?![\w\-])")
        for pat in pats:
            for m in re.finditer(pat, text, re.I):
                a, b = m.start(1), m.end(1)
                if taken.isdisjoint(range(a, b)):
                    out.append((a, b, name))
                    taken.update(range(a, b))
    return sorted(out)


def name_clauses(text: str, world: World, clauses: Sequence[Clause]) -> list[Clause]:
    """Clauses that name exactly one predicate and mention as many objects as it has
    parameters become direct readings of it (arguments in the order written); mentions inside
    the name (``kitchen`` in ``at_kitchen_bread``) are no arguments. Other clauses are kept."""
    spans = named_predicates(text, world)
    if not spans:
        return list(clauses)
    out: list[Clause] = []
    for c in clauses:
        inside = [s for s in spans if c.start <= s[0] and s[1] <= c.end + 2]
        if c.direct is not None or len({s[2] for s in inside}) != 1:
            out.append(c)
            continue
        name = inside[0][2]
        ms: list[Mention] = []
        for slot in c.slots:
            for m in slot:
                if c.start <= m.start < c.end and not any(
                    a < m.end and m.start < b for a, b, _ in inside
                ):
                    ms.append(m)
        ms.sort(key=lambda m: m.start)
        if len(ms) != world.predicates[name].arity:
            out.append(c)
            continue
        slots = tuple((m,) for m in ms)
        out.append(dataclasses.replace(c, template=name, slots=slots, inherited=False, direct=name))
    return out
