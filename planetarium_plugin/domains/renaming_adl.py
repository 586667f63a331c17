"""A candidate written with quantifiers, disjunction or conditional effects, in the ground
truth's names: the ADL actions' formulas renamed as written (the state search interprets them
from the text), the rest as :func:`.renaming.apply_renaming` writes it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from ..errors import PlanetariumError
from ..parsing import Domain, parse_domain
from .adl import raw_actions
from .render import domain_to_pddl

_QUANTIFIERS = ("forall", "exists")


def with_adl_actions(
    cand: Domain,
    renamed: Domain,
    symbols: Mapping[str, str],
    arguments: Mapping[str, tuple[int, ...]],
    actions: Mapping[str, tuple[str, list[tuple[str, str]], dict[str, str]]],
    typ: Callable[[str], str],
) -> Domain:
    """``renamed`` (its STRIPS actions renamed) with ``cand``'s ADL actions renamed too:
    ``symbols``/``arguments`` per predicate or function, ``actions`` per candidate action its
    new name, parameters and parameter substitution, ``typ`` the type renaming. ``cand`` as
    written when the text cannot be rebuilt."""
    try:
        raw = raw_actions(cand)
    except PlanetariumError:
        return cand
    adl = [a for a in cand.actions if a.unsupported]
    strips = [a for a in renamed.actions if a.name not in {actions[x.name][0] for x in adl}]
    text = domain_to_pddl(replace(renamed, actions=tuple(strips)))
    lines = text.split("\n")
    lines[1] = f"  (:requirements {' '.join(sorted(cand.requirements))})"
    lines[-1] = lines[-1][:-1]  # the define's own ')': the ADL actions go before it
    for a in adl:
        name, params, sub = actions[a.name]
        _, pre, eff = raw.get(a.name, raw.get(a.name.lower(), ([], [], [])))
        shown = " ".join(f"{v} - {t}" if renamed.typed else v for v, t in params)
        lines += [
            f"  (:action {name}",
            f"    :parameters ({shown})",
            f"    :precondition {_show(_rename(pre, sub, symbols, arguments, typ))}",
            f"    :effect {_show(_rename(eff, sub, symbols, arguments, typ))})",
        ]
    lines[-1] += ")"
    try:
        return parse_domain("\n".join(lines), lenient=True)
    except PlanetariumError:
        return cand


def _rename(node, sub, symbols, arguments, typ):
    if isinstance(node, str):
        return sub.get(node, node) if node.startswith("?") else node
    if not node:
        return []
    head = node[0]
    if head in _QUANTIFIERS and len(node) >= 2 and isinstance(node[1], list):
        bound = [typ(x) if i and node[1][i - 1] == "-" else x for i, x in enumerate(node[1])]
        inner = {k: v for k, v in sub.items() if k not in node[1]}
        return [head, bound, *(_rename(x, inner, symbols, arguments, typ) for x in node[2:])]
    args = [_rename(x, sub, symbols, arguments, typ) for x in node[1:]]
    if isinstance(head, str) and head in symbols:
        perm = arguments.get(head)
        if perm is not None and len(perm) == len(args):
            out = [None] * len(args)
            for i, x in enumerate(args):
                out[perm[i]] = x
            args = out
        return [symbols[head], *args]
    return [head if isinstance(head, str) else _rename(head, sub, symbols, arguments, typ), *args]


def _show(node) -> str:
    if isinstance(node, str):
        return node
    return "(" + " ".join(_show(x) for x in node) + ")"
