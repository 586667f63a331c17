"""Warnings where a candidate domain departs from the ground truth's vocabulary (names, arities)."""

from __future__ import annotations

from ..parsing import Domain
from .diagnostics import Diagnostic


def _vocabulary(gt: Domain, cand: Domain) -> tuple[Diagnostic, ...]:
    """Warnings where the candidate departs from the given vocabulary (names, arities)."""
    out = []
    for kind, g_table, c_table in (
        ("predicate", gt.predicates, cand.predicates),
        ("function", gt.functions, cand.functions),
    ):
        for name, sig in g_table.items():
            c = c_table.get(name)
            if c is None:
                out.append(
                    Diagnostic(
                        "warning",
                        "vocabulary",
                        f"the {kind} '{name}' of the given vocabulary is not declared",
                        clause=f":{kind}s",
                        symbol=name,
                    )
                )
            elif c.arity != sig.arity:
                out.append(
                    Diagnostic(
                        "warning",
                        "vocabulary",
                        f"the {kind} '{name}' takes "
                        f"{sig.arity} argument(s) in the given vocabulary, "
                        f"{c.arity} here",
                        clause=f":{kind}s",
                        symbol=name,
                    )
                )
        for name in c_table:
            if name not in g_table:
                out.append(
                    Diagnostic(
                        "warning",
                        "vocabulary",
                        f"the {kind} '{name}' is not in the given vocabulary",
                        clause=f":{kind}s",
                        symbol=name,
                    )
                )
    gt_actions = {a.name for a in gt.actions}
    for a in cand.actions:
        if a.name not in gt_actions:
            out.append(
                Diagnostic(
                    "warning",
                    "vocabulary",
                    f"the action '{a.name}' is not one of the "
                    f"given actions ({', '.join(sorted(gt_actions))})",
                    action=a.name,
                    symbol=a.name,
                )
            )
    return tuple(out)
