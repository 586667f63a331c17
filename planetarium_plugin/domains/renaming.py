"""Equivalence up to renaming: a candidate domain in the model's own words.

:func:`find_renaming` maps the candidate's types, predicates, functions and actions (with each
predicate's argument permutation and each action's parameter mapping) onto the ground truth's
— arity- and type-preserving bijections, names without a counterpart left unmatched — so that
the domains read the same, or, when no renaming does, so that the most literals agree
(:mod:`.renaming_search`). :func:`apply_renaming` writes the candidate in the ground truth's
names; the transition systems then decide equivalence as for any candidate.

>>> from planetarium_plugin.parsing import parse_domain
>>> gt = parse_domain('''(define (domain d) (:predicates (on ?x ?y) (free ?x))
...   (:action put :parameters (?a ?b) :precondition (free ?b)
...    :effect (and (on ?a ?b) (not (free ?b)))))''')
>>> cand = parse_domain('''(define (domain mine) (:predicates (atop ?u ?o) (clear ?x))
...   (:action place :parameters (?u ?o) :precondition (clear ?u)
...    :effect (and (atop ?u ?o) (not (clear ?u)))))''')
>>> r = find_renaming(gt, cand)
>>> dict(r.predicates), dict(r.actions), dict(r.parameters["place"]), r.exact
({'atop': 'on', 'clear': 'free'}, {'place': 'put'}, {'?u': '?b', '?o': '?a'}, True)
>>> dict(r.arguments)
{'atop': (1, 0), 'clear': (0,)}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ..errors import Deadline, Reason
from ..parsing import Action, Atom, Domain, NumericEffect, Predicate
from ..parsing.model import OBJECT
from .compare import ActionDiff
from .renaming_adl import with_adl_actions
from .renaming_result import Renaming, _frozen
from .renaming_search import Found, Search

__all__ = [
    "Renaming",
    "apply_renaming",
    "find_renaming",
    "named_actions",
    "symmetric_alternatives",
    "verdict_under",
]

#: Seconds the search may take by default (the evaluation's own timeout bounds it too).
DEFAULT_BUDGET = 10.0


def find_renaming(
    gt: Domain, cand: Domain, timeout: float = DEFAULT_BUDGET, optimise: float = 1.0
) -> Renaming:
    """The renaming of ``cand``'s vocabulary onto ``gt``'s (see the module docstring).

    Exact within ``timeout`` seconds: if a renaming makes the domains read the same, it is
    found; otherwise the renaming with the most agreeing literals. Past the budget,
    ``decided`` is False and the best renaming so far is returned. A candidate action written
    with quantifiers, disjunction or conditional effects is matched through its plain literals
    (and renamed whole by :func:`apply_renaming`); a ground truth written so is matched by
    name only. When no
    renaming makes the domains read the same, the closest one is sought for at most
    ``optimise`` seconds (``optimal`` says whether that search finished).
    """
    if any(a.unsupported for a in gt.actions):
        return _identity(gt, cand, "ADL actions: names are matched as written")
    search = Search(gt, cand, Deadline(timeout))
    found = search.run(optimise)
    return _result(gt, cand, search, found)


def _identity(gt: Domain, cand: Domain, note: str) -> Renaming:
    same = {n: n for n in cand.predicates if n in gt.predicates}
    funcs = {n: n for n in cand.functions if n in gt.functions}
    return Renaming(
        types=_frozen({t: t for t in cand.types if t in gt.types}),
        predicates=_frozen(same),
        functions=_frozen(funcs),
        actions=_frozen({a.name: a.name for a in cand.actions if a.name in _names(gt)}),
        arguments=_frozen({n: tuple(range(cand.predicates[n].arity)) for n in same}),
        unmatched_candidate=_unmatched(cand, same, funcs, {a.name for a in gt.actions}),
        unmatched_ground_truth=_unmatched(gt, {v: v for v in same}, funcs, _names(cand)),
        decided=True,
        note=note,
    )


def _names(d: Domain) -> set[str]:
    return {a.name for a in d.actions}


def _unmatched(d: Domain, preds: Mapping, funcs: Mapping, actions) -> tuple[str, ...]:
    out = [f"predicate {n}" for n in d.predicates if n not in preds]
    out += [f"function {n}" for n in d.functions if n not in funcs]
    out += [f"action {a.name}" for a in d.actions if a.name not in actions]
    return tuple(out)


def _result(gt: Domain, cand: Domain, search: Search, found: Found) -> Renaming:
    preds, funcs, args = {}, {}, {}
    for n, (g, perm) in sorted(found.sym.items()):
        if g is None:
            continue
        (preds if n in cand.predicates else funcs)[n] = g
        args[n] = tuple(perm)
    types = {OBJECT: OBJECT} if OBJECT in cand.types or not cand.typed else {}
    types.update(found.types)
    actions, params = {}, {}
    g_acts = {a.name: a for a in gt.actions}
    for a in cand.actions:
        if a.name not in found.actions:
            continue
        g_name, mu = found.actions[a.name]
        actions[a.name] = g_name
        g_params = g_acts[g_name].params
        params[a.name] = _frozen({v: g_params[mu[i]][0] for i, (v, _) in enumerate(a.params)})
        if cand.typed and gt.typed:
            for i, (_, t) in enumerate(a.params):
                u = g_params[mu[i]][1]
                if t not in types and u not in types.values():
                    types[t] = u
    for t in cand.types:  # types only the hierarchy names: same name if free
        if t not in types and t in gt.types and t not in types.values():
            types[t] = t
    g_targets = set(actions.values())
    unmatched_c = [f"type {t}" for t in cand.types if t not in types]
    unmatched_c += _unmatched(cand, preds, funcs, set(actions))
    unmatched_g = [f"type {t}" for t in gt.types if t not in set(types.values())]
    unmatched_g += _unmatched(gt, set(preds.values()), set(funcs.values()), g_targets)
    if not (cand.typed and gt.typed):
        unmatched_c = [u for u in unmatched_c if not u.startswith("type ")]
        unmatched_g = [u for u in unmatched_g if not u.startswith("type ")]
    return Renaming(
        types=_frozen(types),
        predicates=_frozen(preds),
        functions=_frozen(funcs),
        actions=_frozen(actions),
        arguments=_frozen(args),
        parameters=_frozen(params),
        unmatched_candidate=tuple(unmatched_c),
        unmatched_ground_truth=tuple(unmatched_g),
        agreement=max(found.score, 0),
        literals=max(search.total_g, search.total_c),
        exact=found.perfect,
        several=found.several and found.perfect,
        decided=found.decided,
        optimal=found.optimal,
    )


def symmetric_alternatives(
    gt: Domain, cand: Domain, r: Renaming, limit: int = 8, timeout: float = 1.0
) -> list[Renaming]:
    """Renamings as close as ``r``: ``r`` followed by each symmetry of the ground truth's
    vocabulary (a renaming of ``gt`` onto itself under which it reads the same, e.g. floor-tile's
    ``up``/``right`` with their actions, rover's soil/rock). When ``cand`` reads the same as
    ``gt`` under no renaming, these tie with ``r``: the transition systems decide which one, if
    any, makes the domains equivalent. At most ``limit`` symmetries, found within ``timeout``
    seconds (the identity excluded)."""
    if r.note or r.exact or not cand.actions:
        return []
    search = Search(gt, gt, Deadline(timeout))
    out = []
    for found in search.perfect_renamings(limit + 1):
        sigma = _result(gt, gt, search, found)
        if sigma.identity and all(k == v for k, v in sigma.types.items()):
            continue
        out.append(_compose(r, sigma))
    return out[:limit]


def _compose(r: Renaming, sigma: Renaming) -> Renaming:
    """``r`` (candidate -> ground truth) followed by ``sigma`` (ground truth -> ground truth)."""
    sym = dict(sigma.predicates) | dict(sigma.functions)

    def args(n: str, g: str) -> tuple[int, ...]:
        perm, q = r.arguments.get(n, ()), sigma.arguments.get(g)
        return tuple(q[i] for i in perm) if q is not None else perm

    params = {}
    for a, g in r.actions.items():
        nu = sigma.parameters.get(g, {})
        params[a] = _frozen({v: nu.get(w, w) for v, w in r.parameters.get(a, {}).items()})

    def image(entry: str) -> str:
        kind, _, name = entry.partition(" ")
        table = {"predicate": sigma.predicates, "function": sigma.functions,
                 "action": sigma.actions, "type": sigma.types}.get(kind, {})  # fmt: skip
        return f"{kind} {table.get(name, name)}"

    return replace(
        r,
        types=_frozen({t: sigma.types.get(u, u) for t, u in r.types.items()}),
        predicates=_frozen({n: sym.get(g, g) for n, g in r.predicates.items()}),
        functions=_frozen({n: sym.get(g, g) for n, g in r.functions.items()}),
        actions=_frozen({a: sigma.actions.get(g, g) for a, g in r.actions.items()}),
        arguments=_frozen({n: args(n, g) for n, g in {**r.predicates, **r.functions}.items()}),
        parameters=_frozen(params),
        unmatched_ground_truth=tuple(image(u) for u in r.unmatched_ground_truth),
    )


def apply_renaming(cand: Domain, r: Renaming, gt: Domain) -> Domain:
    """``cand`` written in ``gt``'s names: symbols renamed (arguments permuted), actions
    renamed with their parameters in the ground truth's order and names. Names without a
    counterpart keep theirs (suffixed ``-cand`` where the ground truth uses the name)."""
    if r.note:
        return cand
    taken = set(gt.predicates) | set(gt.functions) | set(gt.types) | {a.name for a in gt.actions}

    def own(name: str, table: Mapping[str, str]) -> str:
        if name in table:
            return table[name]
        return name if name not in taken else f"{name}-cand"

    def typ(t: str) -> str:
        return own(t, r.types) if t != OBJECT else OBJECT

    sym = dict(r.predicates) | dict(r.functions)

    def atom(a: Atom, sub: Mapping[str, str]) -> Atom:
        args = [sub.get(x, x) for x in a.args]
        perm = r.arguments.get(a.predicate)
        if perm is not None and len(perm) == len(args):
            out = [""] * len(args)
            for i, x in enumerate(args):
                out[perm[i]] = x
            args = out
        return Atom(own(a.predicate, sym), tuple(args))

    def expr(e, sub):
        if isinstance(e, Atom):
            return atom(e, sub)
        if isinstance(e, tuple) and len(e) == 3 and isinstance(e[0], str):
            return (e[0], expr(e[1], sub), expr(e[2], sub))
        return e

    def signature(p: Predicate) -> Predicate:
        params = [(v, typ(t)) for v, t in p.params]
        perm = r.arguments.get(p.name)
        if perm is not None and len(perm) == len(params):
            out = list(params)
            for i, x in enumerate(params):
                out[perm[i]] = x
            params = out
        return Predicate(own(p.name, sym), tuple(params))

    g_acts = {a.name: a for a in gt.actions}
    actions = []
    for a in cand.actions:
        sub = dict(r.parameters.get(a.name, {}))
        if a.name in r.actions and len(sub) == len(a.params):
            order = [v for v, _ in g_acts[r.actions[a.name]].params]
            params = sorted(
                ((sub[v], typ(t)) for v, t in a.params), key=lambda p: order.index(p[0])
            )
        else:
            sub = {}
            params = [(v, typ(t)) for v, t in a.params]
        actions.append(
            Action(
                name=own(a.name, r.actions),
                params=tuple(params),
                pre_pos=tuple(atom(x, sub) for x in a.pre_pos),
                pre_neg=tuple(atom(x, sub) for x in a.pre_neg),
                pre_eq=tuple((sub.get(x, x), sub.get(y, y)) for x, y in a.pre_eq),
                pre_neq=tuple((sub.get(x, x), sub.get(y, y)) for x, y in a.pre_neq),
                pre_num=tuple((op, expr(x, sub), expr(y, sub)) for op, x, y in a.pre_num),
                add=tuple(atom(x, sub) for x in a.add),
                delete=tuple(atom(x, sub) for x in a.delete),
                num_eff=tuple(
                    NumericEffect(e.op, atom(e.fluent, sub), expr(e.expr, sub)) for e in a.num_eff
                ),
            )
        )
    types = {typ(t): (typ(p) if p is not None else None) for t, p in cand.types.items()}
    out = replace(
        cand,
        name=gt.name,
        types=_frozen(types),
        constants=_frozen({c: typ(t) for c, t in cand.constants.items()}),
        predicates=_frozen({own(n, sym): signature(p) for n, p in cand.predicates.items()}),
        functions=_frozen({own(n, sym): signature(p) for n, p in cand.functions.items()}),
        actions=tuple(actions),
        text="",
    )
    if not any(a.unsupported for a in cand.actions):
        return out
    # quantifiers, disjunction, conditional effects: their formulas renamed as written
    names = {n: own(n, sym) for n in (*cand.predicates, *cand.functions)}
    shape = {a.name: (b.name, list(b.params),
                      dict(r.parameters.get(a.name, {})) if a.name in r.actions else {})
             for a, b in zip(cand.actions, actions, strict=True)}  # fmt: skip
    return with_adl_actions(cand, out, names, r.arguments, shape, typ)


def named_actions(actions: tuple[ActionDiff, ...], r: Renaming) -> tuple[ActionDiff, ...]:
    """Per-action diffs that say which candidate action each ground-truth action was matched
    with, in the candidate's own name."""
    back = {g: c for c, g in r.actions.items() if c != g}
    out = []
    for d in actions:
        if d.name in back and d.status not in ("missing", "extra"):
            d = replace(d, message=f"{d.message} (the candidate's {back[d.name]})")
        out.append(d)
    return tuple(out)


def verdict_under(
    r: Renaming, equivalent: bool | None, reason: str | None, message: str
) -> tuple[bool | None, str | None, str]:
    """The verdict under the renaming found: undecided when the search for renamings under
    which the domains read the same ran out of budget before a renaming gave equivalence. When
    only the search for the closest renaming stopped at its budget, the verdict stands under the
    best renaming found and the message says so."""
    shown = r.describe()
    if equivalent is not True and not r.decided:
        return (
            None,
            Reason.TIMEOUT.value,
            f"renaming search stopped at its budget; under the best renaming so far ({shown}): "
            f"{message}",
        )
    extra = f"under the renaming {shown}"
    if equivalent is not True and not r.optimal:
        extra += " (the closest-renaming search stopped at its budget: the best one found)"
    if r.several and equivalent:
        extra += " (several renamings give equivalence; this one chosen deterministically)"
    if r.unmatched_candidate or r.unmatched_ground_truth:
        extra += "; no counterpart: " + ", ".join(
            [f"candidate {u}" for u in r.unmatched_candidate]
            + [f"ground truth {u}" for u in r.unmatched_ground_truth]
        )
    return equivalent, reason, f"{message} {extra}"
