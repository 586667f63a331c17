"""Random renamings of a domain (shared by the renaming tests and benchmarks/bench_renaming.py).

Every type, predicate, function and action gets a fresh name, every predicate and function its
arguments in a random order, every action its parameters renamed and in a random order; the
declarations, actions and literals are shuffled. The inverse maps are returned to check a
renaming search against.
"""

from __future__ import annotations

import dataclasses
import random

from planetarium_plugin.domains import domain_to_pddl
from planetarium_plugin.parsing import Action, Atom, Domain, NumericEffect, Predicate


@dataclasses.dataclass(frozen=True)
class Scrambled:
    text: str
    predicates: dict[str, str]  # new name -> original
    actions: dict[str, str]
    arguments: dict[str, tuple[int, ...]]  # new predicate -> original position of each arg


def scramble(domain: Domain, rng: random.Random) -> Scrambled:
    sym_names = list(domain.predicates) + list(domain.functions)
    fresh = rng.sample(range(1000, 9999), len(sym_names) + len(domain.actions) + len(domain.types))
    new = {n: f"s{fresh[i]}" for i, n in enumerate(sym_names)}
    act = {a.name: f"act{fresh[len(sym_names) + i]}" for i, a in enumerate(domain.actions)}
    off = len(sym_names) + len(domain.actions)
    typ = {t: (t if t == "object" else f"ty{fresh[off + i]}") for i, t in enumerate(domain.types)}
    perm = {}  # original symbol: new position of original argument i
    for n in sym_names:
        arity = (domain.predicates.get(n) or domain.functions[n]).arity
        p = list(range(arity))
        rng.shuffle(p)
        perm[n] = tuple(p)

    def atom(a: Atom, sub) -> Atom:
        args = [""] * len(a.args)
        for i, x in enumerate(a.args):
            args[perm[a.predicate][i]] = sub.get(x, x)
        return Atom(new[a.predicate], tuple(args))

    def expr(e, sub):
        if isinstance(e, Atom):
            return atom(e, sub)
        if isinstance(e, tuple) and len(e) == 3 and isinstance(e[0], str):
            return (e[0], expr(e[1], sub), expr(e[2], sub))
        return e

    def sig(p: Predicate) -> Predicate:
        params = [("", "")] * p.arity
        for i, (_, t) in enumerate(p.params):
            params[perm[p.name][i]] = (f"?a{i}", typ[t])
        return Predicate(new[p.name], tuple(params))

    def shuffled(xs):
        xs = list(xs)
        rng.shuffle(xs)
        return tuple(xs)

    actions = []
    for a in domain.actions:
        sub = {v: f"?v{rng.randrange(10**6)}x{i}" for i, (v, _) in enumerate(a.params)}
        actions.append(
            Action(
                name=act[a.name],
                params=shuffled((sub[v], typ[t]) for v, t in a.params),
                pre_pos=shuffled(atom(x, sub) for x in a.pre_pos),
                pre_neg=shuffled(atom(x, sub) for x in a.pre_neg),
                pre_eq=tuple((sub.get(x, x), sub.get(y, y)) for x, y in a.pre_eq),
                pre_neq=tuple((sub.get(x, x), sub.get(y, y)) for x, y in a.pre_neq),
                pre_num=shuffled((op, expr(x, sub), expr(y, sub)) for op, x, y in a.pre_num),
                add=shuffled(atom(x, sub) for x in a.add),
                delete=shuffled(atom(x, sub) for x in a.delete),
                num_eff=shuffled(
                    NumericEffect(e.op, atom(e.fluent, sub), expr(e.expr, sub)) for e in a.num_eff
                ),
            )
        )
    renamed = dataclasses.replace(
        domain,
        name="scrambled",
        types={typ[t]: (typ[p] if p is not None else None) for t, p in domain.types.items()},
        constants={c: typ[t] for c, t in domain.constants.items()},
        predicates={new[n]: sig(p) for n, p in shuffled(domain.predicates.items())},
        functions={new[n]: sig(p) for n, p in shuffled(domain.functions.items())},
        actions=shuffled(actions),
    )
    inverse_args = {new[n]: p for n, p in perm.items()}  # new position i <- original p.index(i)
    arguments = {k: tuple(p.index(i) for i in range(len(p))) for k, p in inverse_args.items()}
    return Scrambled(
        domain_to_pddl(renamed),
        {v: k for k, v in new.items()},
        {v: k for k, v in act.items()},
        arguments,
    )
