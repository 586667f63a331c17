"""Action-level comparison of a candidate domain with the ground truth.

Parameter names and order are free: each candidate action is matched to the ground truth's
action of the same name under the parameter mapping that makes the most preconditions and
effects agree (types must agree where both domains are typed). What still differs is reported
per action, in the ground truth's parameter names, literal by literal — the symmetric
difference that "action reconstruction error" counts.

>>> from planetarium_plugin.parsing import parse_domain
>>> gt = parse_domain('''(define (domain d) (:predicates (on ?x ?y) (clear ?x))
...   (:action put :parameters (?a ?b) :precondition (clear ?b)
...    :effect (and (on ?a ?b) (not (clear ?b)))))''')
>>> cand = parse_domain('''(define (domain d) (:predicates (on ?x ?y) (clear ?x))
...   (:action put :parameters (?below ?top) :precondition (clear ?below)
...    :effect (on ?top ?below)))''')
>>> [d] = compare_actions(gt, cand)
>>> d.status, dict(d.mapping), d.missing_effects
('differs', {'?below': '?b', '?top': '?a'}, ('(not (clear ?b))',))
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Literal

from ..parsing import Action, Atom, Domain

__all__ = ["ActionDiff", "compare_actions", "literals"]

Status = Literal["match", "differs", "signature", "missing", "extra", "adl"]
_FLIP = {"<": ">", "<=": ">=", "=": "=", ">=": "<=", ">": "<"}
#: Permutations tried per action before falling back to a greedy mapping.
MAX_MAPPINGS = 5_040


@dataclass(frozen=True, slots=True)
class ActionDiff:
    """How one action of the candidate differs from the ground truth's action of that name.

    ``status``: ``match`` (same preconditions and effects under ``mapping``), ``differs``,
    ``signature`` (different number or types of parameters), ``missing`` (no such action in
    the candidate), ``extra`` (not in the ground truth) or ``adl`` (the candidate writes it with
    quantifiers, disjunction or conditional effects: literal differences are partial, the
    state search compares it exactly). ``mapping``: candidate parameter -> ground truth
    parameter. Literals are written in the ground truth's parameter names.
    """

    name: str
    status: Status
    mapping: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    missing_preconditions: tuple[str, ...] = ()
    extra_preconditions: tuple[str, ...] = ()
    missing_effects: tuple[str, ...] = ()
    extra_effects: tuple[str, ...] = ()
    message: str = ""

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "status": self.status,
            "mapping": dict(self.mapping),
            "missing_preconditions": list(self.missing_preconditions),
            "extra_preconditions": list(self.extra_preconditions),
            "missing_effects": list(self.missing_effects),
            "extra_effects": list(self.extra_effects),
            "message": self.message,
        }


def _num(v: Fraction) -> str:
    return str(v.numerator) if v.denominator == 1 else str(float(v))


def _expr(e, sub: Mapping[str, str]) -> str:
    if isinstance(e, Fraction):
        return _num(e)
    if isinstance(e, Atom):
        return _atom(e, sub)
    op, a, b = e
    x, y = _expr(a, sub), _expr(b, sub)
    if op in ("+", "*"):
        x, y = sorted((x, y))
    return f"({op} {x} {y})"


def _atom(a: Atom, sub: Mapping[str, str]) -> str:
    return "(" + " ".join((a.predicate, *(sub.get(x, x) for x in a.args))) + ")"


def literals(act: Action, sub: Mapping[str, str] | None = None) -> tuple[set[str], set[str]]:
    """Canonical preconditions and effects of an action as strings, variables renamed by ``sub``.

    Comparisons are oriented one canonical way and ``+``/``*`` operands sorted, so
    ``(<= (+ (load ?d) (weight ?p)) (capacity ?d))`` and ``(>= (capacity ?d) (+ (weight ?p)
    (load ?d)))`` read the same.
    """
    sub = sub or {}
    pre = {_atom(a, sub) for a in act.pre_pos}
    pre |= {f"(not {_atom(a, sub)})" for a in act.pre_neg}
    for x, y in act.pre_eq:
        pre.add("(= {} {})".format(*sorted((sub.get(x, x), sub.get(y, y)))))
    for x, y in act.pre_neq:
        pre.add("(not (= {} {}))".format(*sorted((sub.get(x, x), sub.get(y, y)))))
    for op, lhs, rhs in act.pre_num:
        a, b = _expr(lhs, sub), _expr(rhs, sub)
        pre.add(min(f"({op} {a} {b})", f"({_FLIP[op]} {b} {a})"))
    eff = {_atom(a, sub) for a in act.add}
    eff |= {f"(not {_atom(a, sub)})" for a in act.delete}
    eff |= {f"({e.op} {_atom(e.fluent, sub)} {_expr(e.expr, sub)})" for e in act.num_eff}
    return pre, eff


def _candidates(gt: Action, cand: Action, typed: bool):
    """Injective mappings candidate parameter index -> ground-truth parameter index."""
    n, m = len(cand.params), len(gt.params)
    k = min(n, m)
    count = 0
    for targets in itertools.permutations(range(m), k) if n <= m else ():
        yield dict(enumerate(targets))
        count += 1
        if count >= MAX_MAPPINGS:
            return
    if n > m:
        for sources in itertools.permutations(range(n), m):
            yield {s: t for t, s in enumerate(sources)}
            count += 1
            if count >= MAX_MAPPINGS:
                return


def best_mapping(gt: Action, cand: Action, typed: bool) -> tuple[dict[str, str], int]:
    """The parameter mapping (candidate -> ground truth) with the most agreeing literals.

    Ties go to the mapping that keeps the most positions (then the order of enumeration), so
    a candidate that only renamed its parameters keeps the obvious mapping.
    """
    gt_pre, gt_eff = literals(gt)
    best: tuple[int, int, int] | None = None
    best_sub: dict[str, str] = {}
    for idx in _candidates(gt, cand, typed):
        if typed and any(cand.params[i][1] != gt.params[j][1] for i, j in idx.items()):
            type_penalty = 1
        else:
            type_penalty = 0
        sub = {cand.params[i][0]: gt.params[j][0] for i, j in idx.items()}
        pre, eff = literals(cand, sub)
        score = len(pre & gt_pre) + len(eff & gt_eff)
        kept = sum(i == j for i, j in idx.items())
        key = (-type_penalty, score, kept)
        if best is None or key > best:
            best, best_sub = key, sub
    return best_sub, (best[1] if best else 0)


def compare_actions(gt: Domain, cand: Domain) -> tuple[ActionDiff, ...]:
    """One :class:`ActionDiff` per action name of either domain (ground truth order first)."""
    cand_by_name = {a.name: a for a in cand.actions}
    gt_names = {a.name for a in gt.actions}
    typed = gt.typed and cand.typed
    out: list[ActionDiff] = []
    for g in gt.actions:
        c = cand_by_name.get(g.name)
        if c is None:
            close = [a for a in cand_by_name if a not in gt_names]
            hint = f" (the candidate has {', '.join(close)} instead)" if close else ""
            out.append(ActionDiff(g.name, "missing", message=f"action {g.name} is missing{hint}"))
            continue
        out.append(_diff(g, c, typed))
    for c in cand.actions:
        if c.name not in gt_names:
            out.append(
                ActionDiff(
                    c.name,
                    "extra",
                    message=f"action {c.name} is not in the ground truth "
                    f"(its actions: {', '.join(a.name for a in gt.actions)})",
                )
            )
    return tuple(out)


def _diff(g: Action, c: Action, typed: bool) -> ActionDiff:
    sub, _ = best_mapping(g, c, typed)
    gt_pre, gt_eff = literals(g)
    pre, eff = literals(c, sub)
    mapping = MappingProxyType(dict(sub))
    missing_pre = tuple(sorted(gt_pre - pre))
    extra_pre = tuple(sorted(pre - gt_pre))
    missing_eff = tuple(sorted(gt_eff - eff))
    extra_eff = tuple(sorted(eff - gt_eff))
    notes = []
    status: Status = "match"
    if len(c.params) != len(g.params):
        status = "signature"
        notes.append(f"takes {len(c.params)} parameters, the ground truth {len(g.params)}")
    elif typed:
        gtype = dict(g.params)
        wrong = [f"{v} - {t}" for v, t in c.params if gtype.get(sub.get(v, v)) != t]
        if wrong:
            status = "signature"
            notes.append(f"parameter types differ: {', '.join(wrong)}")
    if c.unsupported:
        status = "adl"
        notes.append(f"written with {c.unsupported} (compared by the state search)")
    if status == "match" and (missing_pre or extra_pre or missing_eff or extra_eff):
        status = "differs"
    for title, items in (
        ("missing preconditions", missing_pre),
        ("extra preconditions", extra_pre),
        ("missing effects", missing_eff),
        ("extra effects", extra_eff),
    ):
        if items:
            notes.append(f"{title}: {' '.join(items)}")
    message = f"action {g.name}: " + ("; ".join(notes) if notes else "same as the ground truth")
    return ActionDiff(
        g.name, status, mapping, missing_pre, extra_pre, missing_eff, extra_eff, message
    )
