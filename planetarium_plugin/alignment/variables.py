"""Variable names out of the picture: descriptions and schemas with variables named by position.

A model writing a domain picks its own parameter names (``?ob``, ``?x``, ``?block``); an
action description written elsewhere uses others. Alignment must not depend on them, so both
sides are renamed to ``?x1``, ``?x2``, … before anything is compared: the schema by its
``:parameters`` in order (then any quantified variable by first appearance), the description
by its header (``stack ?ob ?underob: …``) in order (then by first appearance). The n-th
parameter of the description is the n-th of the schema, whatever either calls it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .render import action_fields, clean_text

__all__ = ["HEADER", "PARAM", "canonical_variables"]

#: A description's header: ``name ?p1 ?p2:``.
HEADER = re.compile(r"^\s*([\w\-]+)((?:\s+\?[\w\-]+)*)\s*:\s*")
#: A parameter mention (the name without ``?``).
PARAM = re.compile(r"\?([\w\-]+)")


_VAR = re.compile(r"\?[A-Za-z_][\w\-]*")


def _rename(text: str, first: Sequence[str]) -> str:
    """``text`` with its ``?variables`` renamed ``?x1``, ``?x2``, … (``first`` in order, then
    the rest by first appearance; case-insensitive, as PDDL is)."""
    order: dict[str, str] = {}
    for v in [*first, *_VAR.findall(text)]:
        order.setdefault(v.lower(), f"?x{len(order) + 1}")
    return _VAR.sub(lambda m: order[m.group(0).lower()], text)


def canonical_variables(description: object, schema: object) -> tuple[str, str]:
    """The description and the schema with variables named by position (never raises).

    >>> d, s = canonical_variables("stack ?ob ?under: put ?ob on ?under.",
    ...                            "(:action stack :parameters (?a ?b) :effect (on ?a ?b))")
    >>> d, s
    ('stack ?x1 ?x2: put ?x1 on ?x2.', '(:action stack :parameters (?x1 ?x2) :effect (on ?x1 ?x2))')
    """
    d = clean_text(description)  # type: ignore[arg-type]
    s = clean_text(schema)  # type: ignore[arg-type]
    m = HEADER.match(d.lower())
    head = PARAM.findall(m.group(2)) if m else []
    params = action_fields(s)[1].get(":parameters", [])
    names = [p for p in params if isinstance(p, str) and p.startswith("?")] if isinstance(
        params, list) else []  # fmt: skip
    return _rename(d, ["?" + h for h in head]), _rename(s, names)
