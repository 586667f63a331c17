"""Hard negatives for action-schema alignment, labelled by construction.

A language model writing a schema drops an effect, forgets a precondition, flips a literal or
swaps arguments; :func:`mutations` makes exactly those mistakes on a true schema and keeps only
those that change what the schema does. :func:`action_pairs` pairs the packs' own action
descriptions with their schemas, the domain's other actions and these mutations.

>>> [k for k, _ in mutations("(:action a :parameters (?x ?y) :effect (and (p ?x ?y) (q)))")]
['effect_dropped', 'effect_dropped', 'effect_negated', 'effect_negated', 'arguments_swapped']
"""

from __future__ import annotations

from collections.abc import Iterable

from ..packs import DomainPack
from .actions import _COMPARE, _NUMERIC, _SKIP, parse_schema
from .data import AlignPair
from .render import _find, _parse, _unparse, action_schemas, clean_text

__all__ = ["action_pairs", "mutations"]


def action_pairs(packs: Iterable[DomainPack]) -> list[AlignPair]:
    """(action description, schema) pairs from packs that describe their actions.

    Positives: each description with its own schema. Negatives (``abstraction`` names the
    kind): every other action of the same domain (``other_action``), and the own schema's
    meaning-changing :func:`mutations`. Descriptions are the packs' own; labels hold by
    construction.
    """
    out: list[AlignPair] = []
    for pack in packs:
        desc = getattr(pack, "descriptions", None)
        if desc is None:
            continue
        schemas = action_schemas(pack.domain_pddl)
        for name, text in sorted(desc.actions.items()):
            own = schemas.get(name.lower())
            if own is None:
                continue
            out.append(AlignPair(text, own, 1, pack.name, goal_layout=name))
            for other, schema in sorted(schemas.items()):
                if other != name.lower():
                    out.append(AlignPair(text, schema, 0, pack.name, goal_layout=other,
                                         abstraction="other_action"))  # fmt: skip
            for kind, schema in mutations(own):
                out.append(AlignPair(text, schema, 0, pack.name, goal_layout=name,
                                     abstraction=kind))  # fmt: skip
    return out


def _meaning(schema: str) -> tuple:
    """What a schema does: parameters, precondition literals, and the add and delete sets as
    applied (an atom both deleted and added ends up true)."""
    s = parse_schema(schema)
    pre = frozenset((lit.pred, lit.args, lit.neg) for lit in s.literals if lit.section == "pre")
    eff = [lit for lit in s.literals if lit.section == "eff"]
    adds = frozenset((lit.pred, lit.args) for lit in eff if not lit.neg)
    dels = frozenset((lit.pred, lit.args) for lit in eff if lit.neg) - adds
    return s.params, pre, adds, dels


def _conjuncts(x) -> list:
    return list(x[1:]) if isinstance(x, list) and x and x[0] == "and" else [x]


def mutations(schema: str) -> list[tuple[str, str]]:
    """Hard negatives by construction: (kind, mutated schema) for every effect literal dropped
    (``effect_dropped``), precondition literal dropped (``precondition_dropped``), effect
    literal negated (``effect_negated``) and literal with its first two distinct arguments
    swapped (``arguments_swapped``). Only mutations that change what the schema does are kept
    (dropping ``(not (p))`` when ``(p)`` is also added changes nothing)."""
    tree = _parse(clean_text(schema))
    act = _find(tree, ":action")
    if act is None:
        return []
    base = _meaning(_unparse(act))
    slots = {x: i + 1 for i, x in enumerate(act[:-1]) if x in (":precondition", ":effect")}
    out: list[tuple[str, str]] = []
    seen = {base}

    def emit(kind: str, key: str, lits: list) -> None:
        new = list(act)
        new[slots[key]] = ["and", *lits]
        text = _unparse(new)
        meaning = _meaning(text)
        if meaning not in seen:
            seen.add(meaning)
            out.append((kind, text))

    for key, kind in ((":effect", "effect_dropped"), (":precondition", "precondition_dropped")):
        if key in slots:
            lits = _conjuncts(act[slots[key]])
            for j in range(len(lits)):
                if lits[j]:
                    emit(kind, key, lits[:j] + lits[j + 1 :])
    if ":effect" in slots:
        lits = _conjuncts(act[slots[":effect"]])
        for j, lit in enumerate(lits):
            if not isinstance(lit, list) or not lit or lit[0] in _NUMERIC:
                continue
            flipped = lit[1] if lit[0] == "not" and len(lit) > 1 else ["not", lit]
            emit("effect_negated", ":effect", lits[:j] + [flipped] + lits[j + 1 :])
    for key in (":effect", ":precondition"):
        if key not in slots:
            continue
        lits = _conjuncts(act[slots[key]])
        for j, lit in enumerate(lits):
            atom, wrap = (lit[1], True) if isinstance(lit, list) and lit[:1] == ["not"] and len(
                lit) > 1 else (lit, False)  # fmt: skip
            if not isinstance(atom, list) or not atom or atom[0] in _SKIP | _NUMERIC | _COMPARE:
                continue
            idx = [k for k, a in enumerate(atom) if k > 0 and isinstance(a, str)
                   and a.startswith("?")]  # fmt: skip
            pos = [k for k in idx if atom[k] != atom[idx[0]]] if idx else []
            if not pos:
                continue
            swapped = list(atom)
            swapped[idx[0]], swapped[pos[0]] = swapped[pos[0]], swapped[idx[0]]
            new_lit = ["not", swapped] if wrap else swapped
            emit("arguments_swapped", key, lits[:j] + [new_lit] + lits[j + 1 :])
    return out
