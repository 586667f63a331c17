"""What the ground tasks of one grounding share across inits (:class:`.task.GroundTask`).

The layouts of one set of blocks ground once (:func:`.memo.grounded`); of what a ground task
builds from that grounding, only relaxed reachability and which candidate groups the init
breaks depend on the init itself. The rest is kept here, keyed by exactly what it depends on:

* the candidate mutex groups' action checks (:func:`.invariants.group_checks`): the domain's
  text, the reachable actions and atoms;
* the actions no verified group rules out (:func:`applicable_under`): those actions and the
  groups;
* the bit-set rows of the forward searches (:class:`BitRows`): the final actions, the atoms
  they reach and the init atoms nothing deletes.

Actions are keyed by identity (their ``id``s): each entry holds the actions it was built from,
so those ids stay theirs while it lives. Entries are immutable once built, shared read-only.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import NamedTuple

from ..errors import Deadline
from ..parsing import Atom, Domain
from . import reach
from .grounding import GroundAction
from .invariants import (
    GroupCheck,
    MutexGroup,
    candidate_schemas,
    group_checks,
    groups_in,
    lifted_proven,
)
from .memo import Memo

__all__ = [
    "kept_with_rows",
    "rows_table",
    "BitRows",
    "RelaxedTables",
    "applicable_under",
    "bit_rows",
    "checks_for",
    "indexed_groups",
    "kept_under",
    "reach_kept",
]

Row = tuple[int, int, int, int, int]


class RelaxedTables(NamedTuple):
    """The reachable actions over atom numbers: with no :class:`Atom` hashed per lookup, an
    h_add exploration (the goal agenda's, the lazy search's) costs a third as much."""

    pre: tuple[tuple[int, ...], ...]  # per action, its positive preconditions
    add: tuple[tuple[int, ...], ...]  # per action, its add effects
    waiting: tuple[tuple[int, ...], ...]  # per atom, the actions it is a precondition of


class BitRows(NamedTuple):
    """A ground task's atom numbering and the bit-set rows of its actions."""

    actions: tuple[GroundAction, ...]
    atoms: tuple[Atom, ...]
    index: dict[Atom, int]
    bit: dict[Atom, int]
    never: int
    dynamic: int
    always: frozenset[Atom]  # the init atoms nothing deletes
    deleted: frozenset[Atom]
    pre_count: list[int]  # read only (copied by each exploration)
    no_pre: list[int]
    by_bit: tuple[tuple[Row, ...], ...]
    free_rows: tuple[Row, ...]
    relaxed: list  # built on first use: [RelaxedTables, the adders per atom number]
    keyed: int  # the atoms some row is listed under (never a static one), as a bit set
    tables: dict  # the tasks' indexes of these actions, built on first use (kept_with_rows)


def rows_table(task, name: str) -> dict:
    """A dict kept with ``task``'s bit-set rows (shared by the tasks of one grounding with the
    same actions and static init atoms) for answers that depend on nothing else (the atoms
    every plan for a goal atom needs, and the preconditions common to an atom's adders:
    :func:`.agenda._orders`; a new tower's goal atoms are new, but the atoms their adders
    need, holding b and clear b, recur from goal to goal)."""
    return task._rows.tables.setdefault(name, {})


#: Groups (one list and index each) whose closes one rows' table keeps (the oldest dropped).
CLOSES = 8


def closes_table(task) -> tuple[dict, dict]:
    """The caches of :meth:`.task.GroundTask.false_with` and :meth:`.task.GroundTask._mutex_of`
    kept with ``task``'s bit-set rows per groups list and index (by identity, both held): their
    answers depend on the always-true and reached atoms (the rows') and the groups alone, so
    the tasks of one grounding with the same rows and groups (a tower's candidate inits) share
    them instead of closing the goal's atoms again (~44 closes per 44-block tower goal). A task
    that adds groups (:meth:`.task.GroundTask.add_pair_mutexes`) takes its own dicts first."""
    kept = task._rows.tables.setdefault("closes", [])
    groups, group_of = task.groups, task.group_of
    for entry in kept:
        if entry[0] is groups and entry[1] is group_of:
            return entry[2], entry[3]
    entry = (groups, group_of, {}, {})
    kept.append(entry)
    del kept[:-CLOSES]
    return entry[2], entry[3]


class kept_with_rows:  # noqa: N801 (a decorator, as functools.cached_property)
    """A :class:`.task.GroundTask` index of its actions alone (achievers, deleters, rows by
    action), built once for every task sharing the bit-set rows (the same actions, in the same
    order) instead of once per task: a new init of a kept grounding no longer rebuilds them
    (~2-4 ms each on the 44-block towers). Read only, as before; then kept on the task as
    ``functools.cached_property`` keeps it."""

    def __init__(self, build) -> None:
        self.build, self.name, self.__doc__ = build, build.__name__, build.__doc__

    def __get__(self, task, owner=None):
        if task is None:
            return self
        tables = task._rows.tables
        value = tables.get(self.name)
        if value is None:
            value = tables[self.name] = self.build(task)
        task.__dict__[self.name] = value
        return value


def applicable_under(
    actions: Sequence[GroundAction], groups: Sequence[MutexGroup]
) -> list[GroundAction]:
    """``actions`` without those whose positive preconditions hold two atoms of one mutex
    group: while the groups hold (in every reachable state) such an action never applies."""
    member: dict[Atom, list[int]] = {}
    for i, g in enumerate(groups):
        for x in g.atoms:
            member.setdefault(x, []).append(i)

    def two_of_one(a: GroundAction) -> bool:
        seen: set[int] = set()
        for x in a.pre_pos:
            for gi in member.get(x, ()):
                if gi in seen:
                    return True
                seen.add(gi)
        return False

    return [a for a in actions if len(a.pre_pos) < 2 or not two_of_one(a)]


def _ids(actions: Sequence[GroundAction]) -> tuple[int, ...]:
    """The actions' ids, kept per kept tuple (by identity: :mod:`.reach` hands the inits of one
    grounding the same tuple); a list is numbered each time."""
    if not isinstance(actions, tuple):
        return tuple(map(id, actions))
    known = _IDS.get(id(actions))
    if known is None or known[0] is not actions:
        known = (actions, tuple(map(id, actions)))
        _IDS.put(id(actions), known)
    return known[1]


_IDS: Memo[tuple[tuple[GroundAction, ...], tuple[int, ...]]] = Memo(16)


_CHECKS: Memo[tuple[tuple[GroundAction, ...], tuple[GroupCheck, ...]]] = Memo(4)
_KEPT: Memo[tuple[tuple[GroundAction, ...], tuple[GroundAction, ...]]] = Memo(8)
_DELETED: Memo[tuple[tuple[GroundAction, ...], frozenset[Atom]]] = Memo(8)
_ROWS: Memo[BitRows] = Memo(4)
_GROUPS: Memo[tuple[list[MutexGroup], dict[Atom, list[int]]]] = Memo(8)


def checks_for(
    domain: Domain, reached: frozenset[Atom], actions: Sequence[GroundAction]
) -> tuple[GroupCheck, ...]:
    """:func:`.invariants.group_checks` of the domain's candidate schemas, kept per domain
    text, actions and atoms (not kept for a domain without text)."""
    schemas, proven = candidate_schemas(domain), lifted_proven(domain)
    if not domain.text:
        return group_checks(schemas, reached, actions, proven)
    key: Hashable = (domain.text, _ids(actions), reached)
    known = _CHECKS.get(key)
    if known is None:
        known = (tuple(actions), group_checks(schemas, reached, actions, proven))
        _CHECKS.put(key, known)
    return known[1]


def kept_under(
    actions: Sequence[GroundAction], groups: Sequence[MutexGroup]
) -> tuple[GroundAction, ...]:
    """:func:`applicable_under`, kept per actions and group members (exactly-one or not does
    not matter to it)."""
    key: Hashable = (_ids(actions), tuple(g.atoms for g in groups))
    known = _KEPT.get(key)
    if known is None:
        known = (tuple(actions), tuple(applicable_under(actions, groups)))
        _KEPT.put(key, known)
    return known[1]  # the kept tuple itself: :mod:`.reach` keeps its arrays by identity


#: Per grounding (a kept tuple, by identity, held): the actions its last init kept.
_LAST_KEPT: Memo[tuple[tuple[GroundAction, ...], tuple[GroundAction, ...]]] = Memo(8)


def reach_kept(
    init: frozenset[Atom], grounding: Sequence[GroundAction], domain: Domain, deadline: Deadline
) -> tuple[frozenset[Atom], Sequence[GroundAction], list[MutexGroup], bool]:
    """Relaxed reachability from ``init`` over ``grounding``, the verified mutex groups (which
    the init breaks), and reachability again over the actions no group rules out when some
    are: (atoms, actions, groups, whether actions were ruled out) — those of the second pass
    then, else of the first.

    The inits of one grounding mostly keep the same actions, and from a tall tower each pass
    walks it down a relaxed layer per block (~46 layers, ~4.7 ms a pass from a stacked 44-block
    init). So the second pass runs first, over the actions the grounding's last init kept, and
    the first one continues from its answer over the whole grounding: the same least fixpoint
    in a layer or two (the guess's actions are the grounding's, so what they reach from the
    init is reached in the first pass, and contains the init). Where this init keeps other
    actions, the second pass runs again over them (a guess costs one pass, never an answer).
    """
    guess = None
    if isinstance(grounding, tuple):
        known = _LAST_KEPT.get(id(grounding))
        if known is not None and known[0] is grounding:
            guess = known[1]
    second = None
    if guess is not None:
        second, (reached, actions) = reach.reachable_twice(init, guess, grounding, deadline)
    else:
        reached, actions = reach.reachable(init, grounding, deadline)  # numpy: kept tuples
    # The actions proven to keep each candidate group on the lifted schemas (once per
    # domain) are not checked again here; the checks of the rest are kept per grounding's
    # reachable part: only which groups the init breaks is per problem.
    groups = groups_in(init, checks_for(domain, reached, actions))
    # An action needing two atoms of one verified mutex group is never applicable (h^2's
    # cheapest case, e.g. blocksworld's stack b b: holding b and clear b): without such
    # actions fewer atoms are reachable, and an impossible atom (on b b) no longer keeps
    # an exactly-one group (where is b?) from proving what the goal forces.
    kept = kept_under(actions, groups)
    if len(kept) == len(actions):
        return reached, actions, groups, False
    if isinstance(grounding, tuple) and len(kept) >= reach.ARRAY_ACTIONS:
        _LAST_KEPT.put(id(grounding), (grounding, kept))
    if kept is not guess or second is None:
        second = reach.reachable(init, kept, deadline)
    return second[0], second[1], groups, True


def indexed_groups(
    groups: Sequence[MutexGroup], reached: frozenset[Atom] | None
) -> tuple[list[MutexGroup], dict[Atom, list[int]]]:
    """The verified groups (cut to ``reached`` unless None) and each atom's groups by number,
    kept per groups and atoms: the inits of one grounding mostly keep the same groups, and
    this index costs ~2 ms per init on the 44-block towers. Shared read only (a task that adds
    groups copies them first: :meth:`.task.GroundTask.add_pair_mutexes`)."""
    key: Hashable = (tuple(groups), reached)
    known = _GROUPS.get(key)
    if known is None:
        out = list(groups)
        if reached is not None:
            out = [MutexGroup(g.atoms & reached, g.exactly_one) for g in groups]
        group_of: dict[Atom, list[int]] = {}
        for i, g in enumerate(out):
            for x in g.atoms:
                group_of.setdefault(x, []).append(i)
        known = (out, group_of)
        _GROUPS.put(key, known)
    return known


def bit_rows(
    actions: Sequence[GroundAction], reached: frozenset[Atom], init: frozenset[Atom]
) -> BitRows:
    """The atom numbering and rows of :meth:`.task.GroundTask.step_rows`, kept per actions,
    atoms and init atoms nothing deletes (:attr:`BitRows.always`: all they depend on)."""
    ids = _ids(actions)
    known_deleted = _DELETED.get(ids)
    if known_deleted is None:
        deleted: set[Atom] = set()
        for a in actions:
            deleted |= a.delete - a.add
        known_deleted = (tuple(actions), frozenset(deleted))
        _DELETED.put(ids, known_deleted)
    always = frozenset(a for a in init if a not in known_deleted[1])
    key: Hashable = (ids, reached, always)
    known = _ROWS.get(key)
    if known is None:
        known = _build(known_deleted[0], reached, always, known_deleted[1])
        _ROWS.put(key, known)
    return known


def _build(
    actions: tuple[GroundAction, ...],
    reached: frozenset[Atom],
    always: frozenset[Atom],
    deleted: frozenset[Atom],
) -> BitRows:
    # Bit sets for the forward searches: atom i of ``atoms`` is bit i; a state is an int
    # (set operations several times cheaper than on frozensets, constant-time hashes). Bit
    # ``len(atoms)`` stands for every atom that is never true: no state has it.
    atoms: tuple[Atom, ...] = tuple(sorted(reached, key=str))
    index: dict[Atom, int] = {x: i for i, x in enumerate(atoms)}
    never = 1 << len(atoms)
    bits: dict[Atom, int] = {x: 1 << i for i, x in enumerate(atoms)}

    def encode(xs) -> int:
        out = 0
        for x in xs:
            out |= bits.get(x, never)
        return out

    pre_count = [len(a.pre_pos) for a in actions]
    uses: dict[Atom, int] = {}
    for a in actions:
        for x in a.pre_pos:
            uses[x] = uses.get(x, 0) + 1
    rows: list[list[Row]] = [[] for _ in atoms]
    free: list[Row] = []
    # Each action is listed under its most selective precondition (the one fewest actions
    # need): a state checks only the actions listed under its true atoms.
    # Atoms true in every state (static) select nothing: they are never a key.
    # A reachable action's preconditions and adds are reachable atoms (one bit each, and a
    # frozenset's atoms are distinct, so their sum is their union); its deletes and
    # negative preconditions may be atoms that never hold.
    bit = bits.__getitem__
    for k, a in enumerate(actions):
        pre_neg = encode(a.pre_neg) & ~never if a.pre_neg else 0
        row = (sum(map(bit, a.pre_pos)), pre_neg, ~encode(a.delete), sum(map(bit, a.add)), k)
        keys = [x for x in a.pre_pos if x not in always]
        if keys:
            key = keys[0] if len(keys) == 1 else min(keys, key=lambda x: (uses[x], index[x]))
            rows[index[key]].append(row)
        else:
            free.append(row)
    # Tuples of int tuples: the collector stops tracking them (lists it would walk forever).
    return BitRows(
        actions,
        atoms,
        index,
        bits,
        never,
        (never - 1) & ~encode(always),
        always,
        deleted,
        pre_count,
        [i for i, n in enumerate(pre_count) if n == 0],
        tuple(tuple(r) for r in rows),
        tuple(free),
        [],
        sum(1 << i for i, r in enumerate(rows) if r),
        {},
    )
