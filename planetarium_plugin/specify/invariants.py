"""Mutex invariants: groups of atoms of which at most (or exactly) one is true in every state.

Candidates come from the lifted domain (a pure function of it, cached): a *schema* is a set of
parts, each a predicate whose argument positions carry the group's parameters, with at most one
position left free ("counted"); e.g. blocksworld's ``{(on ?x _), (on-table ?x), (holding ?x)}``.
A schema whose actions each add one member only while deleting a member they require is kept;
an unbalanced add suggests the part that balances it (the refinement of Helmert's invariant
synthesis, simplified). Candidates are hypotheses only: :func:`mutex_groups` checks every ground
instance against the problem's init and ground actions, so a group it returns is a proof.

The per-action part of that check is mostly done once per domain: :func:`lifted_proven` proves on
the action *schemas* (as Fast Downward's translator does) which actions keep a schema's groups in
every grounding — each add of a member deletes a member of the same group that the action
requires, no two adds can fill one group unless the action then requires two of its members
(never applicable), and each delete of a member adds one. :func:`mutex_groups` skips the ground
instances of those actions; only the init and the other actions are checked per problem, and
the groups returned are exactly those of the ground check alone.

>>> from planetarium_plugin.parsing import parse_domain
>>> d = parse_domain('''(define (domain g) (:predicates (at ?x ?l) (held ?x))
...   (:action pick :parameters (?x ?l) :precondition (at ?x ?l)
...    :effect (and (held ?x) (not (at ?x ?l))))
...   (:action drop :parameters (?x ?l) :precondition (held ?x)
...    :effect (and (at ?x ?l) (not (held ?x)))))''')
>>> sorted(sorted(p for p, _ in s) for s in candidate_schemas(d))
[['at', 'held']]
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..parsing import Action, Atom, Domain, parse_domain
from .grounding import GroundAction
from .unify import _is_var, _needs_two, _subst, _unify

__all__ = [
    "MutexGroup",
    "group_checks",
    "groups_in",
    "candidate_schemas",
    "lifted_proven",
    "mutex_groups",
]

Part = tuple[str, tuple[int | None, ...]]  # predicate, group parameter per position (None: counted)
Schema = frozenset[Part]

MAX_SCHEMAS = 300
MAX_PARTS = 5


@dataclass(frozen=True, slots=True)
class MutexGroup:
    """Ground atoms of which at most one is true in every reachable state.

    ``exactly_one``: also at least one (true in the init, and every action that deletes a
    member adds one).
    """

    atoms: frozenset[Atom]
    exactly_one: bool


def _theta(args: Sequence[str], mapping: tuple[int | None, ...], k: int) -> tuple | None:
    theta: list = [None] * k
    for x, i in zip(args, mapping, strict=True):
        if i is None:
            continue
        if theta[i] is None:
            theta[i] = x
        elif theta[i] != x:
            return None
    return tuple(theta)


def _arity_k(schema: Schema) -> int:
    return max((max((i for i in m if i is not None), default=-1) + 1 for _, m in schema), default=0)


def _parts_for(atom: Atom, theta: tuple) -> list[Part]:
    """Parts on ``atom``'s predicate under which ``atom`` has group parameters ``theta``."""
    choices: list[list[int]] = []
    for x in theta:
        pos = [j for j, a in enumerate(atom.args) if a == x]
        if not pos:
            return []
        choices.append(pos)
    out: list[Part] = []

    def rec(i: int, used: dict[int, int]) -> None:
        if i == len(theta):
            free = [j for j in range(len(atom.args)) if j not in used]
            if len(free) <= 1:
                out.append((atom.predicate, tuple(used.get(j) for j in range(len(atom.args)))))
            return
        for j in choices[i]:
            if j not in used:
                rec(i + 1, {**used, j: i})

    rec(0, {})
    return out


def _unbalanced(
    schema: Schema, domain: Domain, named: list[tuple] | None = None
) -> list[list[Part]] | None:
    """None if every lifted add is balanced; else, per unbalanced add, the parts that fix it.

    An unbalanced add that names its group by constants alone and that no part can fix
    (tyreworld's ``jack-down`` adds ``(have jack)``) breaks that one instance only: it is left
    to the ground check, which drops the instance and keeps the schema's others (a wheel is in
    the boot, held or on one hub); its group parameters are appended to ``named``.
    """
    k = _arity_k(schema)
    by_pred: dict[str, list[tuple[int | None, ...]]] = {}
    for p, m in schema:
        by_pred.setdefault(p, []).append(m)
    fixes: list[list[Part]] = []
    for act in domain.actions:
        pre = set(act.pre_pos)
        deleted = [d for d in act.delete if d in pre and d not in act.add]
        for e in act.add:
            if e in pre:
                continue
            for m in by_pred.get(e.predicate, ()):
                theta = _theta(e.args, m, k)
                if theta is None:
                    continue
                ok = any(
                    _theta(d.args, m2, k) == theta
                    for d in deleted
                    for m2 in by_pred.get(d.predicate, ())
                )
                if not ok:
                    fix = [p for d in deleted for p in _parts_for(d, theta)]
                    free = any(x is None or _is_var(x) for x in theta)
                    if fix or not theta or free or named is None:
                        fixes.append(fix)
                    else:
                        named.append(theta)
    return fixes or None


def candidate_schemas(domain: Domain) -> tuple[Schema, ...]:
    """Lifted-balanced schemas of ``domain`` (hypotheses: :func:`mutex_groups` checks them).

    Cached per domain text: a batch over one domain synthesises its invariants once.
    """
    return _cached(domain.text) if domain.text else _synthesise(domain)


@functools.lru_cache(maxsize=64)
def _cached(text: str) -> tuple[Schema, ...]:
    return _synthesise(parse_domain(text))


def _synthesise(domain: Domain) -> tuple[Schema, ...]:
    changing = {a.predicate for act in domain.actions for a in (*act.add, *act.delete)}
    queue: list[Schema] = []
    for p in sorted(changing):
        n = domain.predicates[p].arity if p in domain.predicates else 0
        for counted in (None, *range(n)):
            mapping, i = [], 0
            for j in range(n):
                if j == counted:
                    mapping.append(None)
                else:
                    mapping.append(i)
                    i += 1
            queue.append(frozenset({(p, tuple(mapping))}))
    seen = set(queue)
    found: list[Schema] = []
    partial: list[Schema] = []  # balanced but for instances named by constants: subsume none
    while queue and len(seen) <= MAX_SCHEMAS:
        schema = queue.pop(0)
        named: list[tuple] = []
        fixes = _unbalanced(schema, domain, named)
        if fixes is None:
            if named:
                partial.append(schema)
            elif not any(f <= schema for f in found):
                found.append(schema)
            continue
        if len(schema) >= MAX_PARTS:
            continue
        for part in fixes[0]:
            if part in schema:
                continue
            new = schema | {part}
            if new not in seen:
                seen.add(new)
                queue.append(new)
    return (*found, *(p for p in partial if not any(f <= p for f in found)))


def mutex_groups(
    schemas: Iterable[Schema],
    init: frozenset[Atom],
    atoms: Iterable[Atom],
    actions: Sequence[GroundAction],
    proven: Mapping[Schema, frozenset[str]] | None = None,
) -> list[MutexGroup]:
    """Ground instances of ``schemas`` proven to be mutex groups in this problem.

    ``atoms``: every atom that can be true (relaxed reachable); ``actions``: the reachable
    ground actions. An instance is kept only if the init has at most one member and every
    action that adds a member not already required true also deletes a member it requires
    (actions that require two members are never applicable while the invariant holds).
    ``proven`` (:func:`lifted_proven` of the actions' domain): per schema, the names of the
    actions whose every ground instance passes those checks — skipped, same answer.
    """
    return groups_in(init, group_checks(schemas, atoms, actions, proven))


#: Per candidate group: its members, whether every action keeps it, whether none can empty it.
GroupCheck = tuple[frozenset[Atom], bool, bool]


def groups_in(init: frozenset[Atom], checks: Iterable[GroupCheck]) -> list[MutexGroup]:
    """:func:`mutex_groups`' init half: the candidates the init has at most one member of."""
    out: list[MutexGroup] = []
    for group, kept, keeps_one in checks:
        n = len(group & init)
        if kept and n <= 1:
            out.append(MutexGroup(group, n == 1 and keeps_one))
    return out


def group_checks(
    schemas: Iterable[Schema],
    atoms: Iterable[Atom],
    actions: Sequence[GroundAction],
    proven: Mapping[Schema, frozenset[str]] | None = None,
) -> tuple[GroupCheck, ...]:
    """:func:`mutex_groups`' half that does not depend on the init (kept per grounding)."""
    by_pred: dict[str, list[Atom]] = {}
    for a in atoms:
        by_pred.setdefault(a.predicate, []).append(a)
    out: list[GroupCheck] = []
    for schema in schemas:
        skip = proven.get(schema, frozenset()) if proven is not None else frozenset()
        k = _arity_k(schema)
        parts: dict[str, list] = {}
        for p, m in schema:
            parts.setdefault(p, []).append(m)
        keys: dict[Atom, list[tuple]] = {}
        members: dict[tuple, set[Atom]] = {}
        for p, ms in parts.items():
            for a in by_pred.get(p, ()):
                for m in ms:
                    if len(m) != len(a.args):
                        continue
                    theta = _theta(a.args, m, k)
                    if theta is not None:
                        keys.setdefault(a, []).append(theta)
                        members.setdefault(theta, set()).add(a)
        bad: set[tuple] = set()
        adds_one: dict[tuple, bool] = {}
        for act in actions:
            if act.name in skip:
                continue
            eff_del = act.delete - act.add
            added: dict[tuple, set[Atom]] = {}
            for e in act.add:
                for t in keys.get(e, ()):
                    added.setdefault(t, set()).add(e)
            required: dict[tuple, int] = {}
            for x in act.pre_pos:
                for t in keys.get(x, ()):
                    required[t] = required.get(t, 0) + 1
            for t, es in added.items():
                if t in bad or es <= act.pre_pos or required.get(t, 0) > 1:
                    continue  # nothing new, or never applicable while at most one holds
                if len(es) > 1 or not any(t in keys.get(d, ()) for d in act.pre_pos & eff_del):
                    bad.add(t)
            for d in eff_del:
                for t in keys.get(d, ()):
                    if t not in added and required.get(t, 0) <= 1:
                        adds_one[t] = False
        for theta, group in members.items():
            if len(group) >= 2:
                out.append((frozenset(group), theta not in bad, adds_one.get(theta, True)))
    return tuple(out)


def lifted_proven(domain: Domain) -> dict[Schema, frozenset[str]]:
    """For each of :func:`candidate_schemas`, the actions of ``domain`` whose every grounding
    passes :func:`mutex_groups`' per-action checks, proven on the action schemas; cached per
    domain text (a batch over one domain proves them once)."""
    if not domain.text:
        return _prove(domain, candidate_schemas(domain))
    parsed, proven = _cached_proven(domain.text)
    if domain.actions is parsed.actions or domain.actions == parsed.actions:
        return proven
    return _prove(domain, candidate_schemas(domain))  # not the parse of its text: no cache


@functools.lru_cache(maxsize=64)
def _cached_proven(text: str) -> tuple[Domain, dict[Schema, frozenset[str]]]:
    domain = parse_domain(text)
    return domain, _prove(domain, _cached(text))


def _prove(domain: Domain, schemas: Iterable[Schema]) -> dict[Schema, frozenset[str]]:
    names = [a.name for a in domain.actions]
    if len(set(names)) < len(names):
        return {}  # actions are told apart by name in the ground check
    changing = {a.predicate for act in domain.actions for a in (*act.add, *act.delete)}
    return {
        schema: frozenset(a.name for a in domain.actions if _keeps(a, schema, changing))
        for schema in schemas
    }


def _matches(atoms: Iterable[Atom], schema: Schema, k: int) -> list[tuple[Atom, tuple]]:
    """(lifted atom, lifted group parameters) for each part of ``schema`` the atom fits."""
    return [
        (a, _theta(a.args, m, k))
        for a in atoms
        for p, m in schema
        if p == a.predicate and len(m) == len(a.args)
    ]


def _keeps(act: Action, schema: Schema, changing: set[str]) -> bool:
    """True if every ground instance of ``act`` passes :func:`mutex_groups`' checks for every
    ground instance of ``schema`` (sufficient conditions: False proves nothing). Static
    preconditions are not counted as required members: grounding discharges them, so the
    ground check does not see them either."""
    k = _arity_k(schema)
    pre = set(act.pre_pos)
    adds = _matches(act.add, schema, k)
    dels = _matches(act.delete, schema, k)
    required = _matches((a for a in act.pre_pos if a.predicate in changing), schema, k)
    if any(t is None or None in t for _, t in (*adds, *dels, *required)):
        return False  # a part without every group parameter: left to the ground check
    # Each member added and not required deletes a required member of the same group (one
    # not re-added; a grounding that makes it equal to an add is covered by the pairs below).
    balance = {t for d, t in dels if d in pre and d not in act.add}
    if any(e not in pre and t not in balance for e, t in adds):
        return False
    # Two adds filling one group: only where that grounding requires two distinct members.
    for i, (e1, t1) in enumerate(adds):
        for e2, t2 in adds[i + 1 :]:
            if e1 == e2:
                continue
            mu = _unify(t1, t2)
            if mu is not None and not _needs_two(required, _subst(t1, mu), mu):
                return False
    # Each member deleted is replaced by one of the same group (exactly-one kept).
    refill = {t for _, t in adds}
    return all(t in refill for _, t in dels)
