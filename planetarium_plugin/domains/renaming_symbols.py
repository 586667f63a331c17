"""A domain as literals over parameter positions, and the renaming-invariant signatures that
:mod:`.renaming_search` matches: colours from refinement on the domain graph, per-position
profiles, and the literal mapping a renaming induces."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..parsing import Atom, Domain

#: Sections of an action a literal can sit in.
SECTIONS = ("pre+", "pre-", "add", "del", "eq", "neq", "num-pre", "num-eff")
Perm = tuple[int, ...]  # position i of a candidate symbol's arguments -> position perm[i] in GT


@dataclass(slots=True)
class Symbols:
    """A domain's vocabulary and its actions as literals over parameter positions."""

    domain: Domain
    kinds: dict[str, str]  # symbol -> "p" (predicate) or "f" (function)
    arg_types: dict[str, tuple[str, ...]]
    actions: list[str]
    params: dict[str, tuple[str, ...]]  # action -> parameter types
    lits: dict[str, list[tuple]]  # action -> literals (section, tree)
    counts: dict[str, Counter]  # symbol -> Counter of sections
    uses: dict[str, list[tuple[str, tuple]]] = field(default_factory=dict)


def _term(t: str, index: Mapping[str, int]):
    return index.get(t, ("c", t))


def _tree(expr, index):
    """A numeric expression over parameter positions: numbers, ('@', fn, args), (op, a, b)."""
    if isinstance(expr, Atom):
        return ("@", expr.predicate, tuple(_term(a, index) for a in expr.args))
    if isinstance(expr, tuple) and len(expr) == 3 and isinstance(expr[0], str):
        op, a, b = expr
        return (op, _tree(a, index), _tree(b, index))
    return ("#", str(expr))


def read_symbols(domain: Domain) -> Symbols:
    kinds = {p: "p" for p in domain.predicates} | {f: "f" for f in domain.functions}
    arg_types = {n: tuple(t for _, t in s.params) for n, s in domain.predicates.items()}
    arg_types |= {n: tuple(t for _, t in s.params) for n, s in domain.functions.items()}
    lits: dict[str, list[tuple]] = {}
    params: dict[str, tuple[str, ...]] = {}
    counts: dict[str, Counter] = {n: Counter() for n in kinds}
    for a in domain.actions:
        index = {v: i for i, (v, _) in enumerate(a.params)}
        params[a.name] = tuple(t for _, t in a.params)
        out: list[tuple] = []
        for sec, atoms in (("pre+", a.pre_pos), ("pre-", a.pre_neg), ("add", a.add),
                           ("del", a.delete)):  # fmt: skip
            out += [(sec, ("@", x.predicate, tuple(_term(t, index) for t in x.args)))
                    for x in atoms]  # fmt: skip
        out += [("eq", ("=", (_term(x, index), _term(y, index)))) for x, y in a.pre_eq]
        out += [("neq", ("=", (_term(x, index), _term(y, index)))) for x, y in a.pre_neq]
        out += [("num-pre", (op, _tree(lhs, index), _tree(rhs, index)))
                for op, lhs, rhs in a.pre_num]  # fmt: skip
        out += [("num-eff", (e.op, _tree(e.fluent, index), _tree(e.expr, index)))
                for e in a.num_eff]  # fmt: skip
        lits[a.name] = out
        for sec, tree in out:
            for sym in _symbols_in(tree):
                if sym in counts:
                    counts[sym][sec] += 1
    return Symbols(domain, kinds, arg_types, [a.name for a in domain.actions], params, lits,
                   counts)  # fmt: skip


def _symbols_in(tree) -> list[str]:
    out, todo = [], [tree]
    while todo:
        t = todo.pop()
        if isinstance(t, tuple) and t:
            if t[0] == "@":
                out.append(t[1])
            else:
                todo.extend(x for x in t[1:] if isinstance(x, tuple))
    return out


_FLIP = {"<": ">", "<=": ">=", "=": "=", ">=": "<=", ">": "<"}


def map_literal(lit: tuple, sym: Mapping[str, tuple[str, Perm]], mu: Mapping[int, int]):
    """A candidate literal in the ground truth's names and parameter positions (None: a
    symbol without counterpart or a parameter not yet mapped)."""
    sec, tree = lit
    try:
        mapped = _map(tree, sym, mu)
    except KeyError:
        return None
    if sec in ("eq", "neq"):
        mapped = ("=", tuple(sorted(mapped[1], key=repr)))
    elif sec == "num-pre":
        op, a, b = mapped
        mapped = min((op, a, b), (_FLIP[op], b, a), key=repr)
    return sec, mapped


def _map(tree, sym, mu):
    kind = tree[0]
    if kind == "@":
        name, perm = sym[tree[1]]
        if name is None or len(perm) != len(tree[2]):
            raise KeyError(tree[1])
        args = [None] * len(perm)
        for i, t in enumerate(tree[2]):
            args[perm[i]] = mu[t] if isinstance(t, int) else t
        return ("@", name, tuple(args))
    if kind == "=":
        return ("=", tuple(mu[t] if isinstance(t, int) else t for t in tree[1]))
    if kind == "#":
        return tree
    op, a, b = tree
    a, b = _map(a, sym, mu), _map(b, sym, mu)
    if op in ("+", "*"):
        a, b = sorted((a, b), key=repr)
    return (op, a, b)


def gt_literals(s: Symbols) -> dict[str, Counter]:
    """Each ground-truth action's literals in the form :func:`map_literal` gives them."""
    sym = {n: (n, tuple(range(len(t)))) for n, t in s.arg_types.items()}
    out = {}
    for a, lits in s.lits.items():
        mu = {i: i for i in range(len(s.params[a]))}
        out[a] = Counter(map_literal(lit, sym, mu) for lit in lits)
    return out


# -- colour refinement --------------------------------------------------------------------


def colours(s: Symbols, rounds: int = 4) -> tuple[dict, dict, dict]:
    """Renaming-invariant colours of symbols, actions and types (hashable, comparable across
    domains): computed from arities, sections and argument types, refined ``rounds`` times."""
    types = {t for ts in s.arg_types.values() for t in ts} | {
        t for ts in s.params.values() for t in ts
    }
    tcol = {t: ("t", _depth(s.domain, t)) for t in types}
    scol = {n: (s.kinds[n], len(s.arg_types[n])) for n in s.kinds}
    acol = {a: ("a", len(s.params[a])) for a in s.actions}
    for _ in range(rounds):
        new_s = {}
        for n in s.kinds:
            occ = []
            for a in s.actions:
                for sec, tree in s.lits[a]:
                    for node in _atoms_in(tree):
                        if node[1] == n:
                            occ.append((sec, acol[a]))
            new_s[n] = hash((scol[n], tuple(sorted(tcol[t] for t in s.arg_types[n])),
                             tuple(sorted(map(repr, occ)))))  # fmt: skip
        new_a = {}
        for a in s.actions:
            occ = [(sec, scol[n]) for sec, tree in s.lits[a] for _, n, _ in _atoms_in(tree)]
            new_a[a] = hash((acol[a], tuple(sorted(tcol[t] for t in s.params[a])),
                             tuple(sorted(map(repr, occ)))))  # fmt: skip
        new_t = {}
        for t in types:
            occ = [scol[n] for n, ts in s.arg_types.items() for x in ts if x == t]
            occ += [acol[a] for a, ts in s.params.items() for x in ts if x == t]
            new_t[t] = hash((tcol[t], tuple(sorted(map(repr, occ)))))
        scol, acol, tcol = new_s, new_a, new_t
    return scol, acol, tcol


def _depth(domain: Domain, t: str) -> int:
    d = 0
    while t in domain.types and domain.types[t] is not None and d < 64:
        t = domain.types[t]
        d += 1
    return d


def _atoms_in(tree) -> list[tuple]:
    out, todo = [], [tree]
    while todo:
        t = todo.pop()
        if isinstance(t, tuple) and t:
            if t[0] == "@":
                out.append(t)
            elif t[0] not in ("=", "#"):
                todo.extend(x for x in t[1:] if isinstance(x, tuple))
    return out


def _slots(s: Symbols, col: Mapping) -> dict[str, tuple]:
    """Per symbol, per argument position: the sections and coarse colours of the literals that
    share its parameter — what tells ``(on ?x ?y)``'s two positions apart."""
    found: dict[str, list[list]] = {n: [[] for _ in s.arg_types[n]] for n in s.kinds}
    for a in s.actions:
        atoms = [(sec, node) for sec, tree in s.lits[a] for node in _atoms_in(tree)]
        for sec, (_, n, args) in atoms:
            for j, t in enumerate(args):
                if j >= len(found[n]):
                    continue
                near = sorted(repr((sec2, col[m])) for sec2, (_, m, args2) in atoms
                              if t in args2 and (m, args2) != (n, args))  # fmt: skip
                found[n][j].append(repr((sec, near)))
    return {n: tuple(hash(tuple(sorted(x))) for x in pos) for n, pos in found.items()}


def _profile(s: Symbols, t: str) -> tuple:
    """The arities of the predicates and functions that take type ``t``, per position count:
    what an added or dropped action leaves unchanged."""
    return tuple(sorted((s.kinds[n], len(ts), ts.count(t)) for n, ts in s.arg_types.items()
                        if t in ts))  # fmt: skip


def _name_distance(a: str, b: str) -> int:
    """0 for the same name, 1 for the same letters (``on-table``/``ontable``), else 2."""
    if a == b:
        return 0
    norm = str.maketrans("", "", "-_")
    return 1 if a.translate(norm) == b.translate(norm) else 2
