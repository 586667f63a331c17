"""Pairwise mutexes (h^2, Haslum and Geffner 2000): two atoms never true in one reachable state.

The lifted mutex groups (:mod:`.invariants`) say "a crate is in one place"; they cannot say that
a crate on a pallet is where the pallet is (depots: ``(on c p)`` with ``(at p depot1)`` static
forbids ``(at c depot0)``). Without that, a regression from "``c`` on ``p`` but not at depot1"
wanders through every partial state where the crate stands elsewhere and the hoists and trucks
move, and only a complete planner run proves what one pair of atoms settles.

h^2 over the ground task computes the pairs of atoms reachable *together*, as a least fixpoint
from the init's pairs: an action whose preconditions are pairwise reachable makes each pair of
its adds reachable, and each add together with every atom it does not delete that is pairwise
reachable with all its preconditions. Negative preconditions are ignored (more pairs: still an
over-approximation), so every pair left out is a proof that no reachable state has both.

States are bit sets over :attr:`GroundTask.atoms`: ``R[i]`` holds the atoms reachable with atom
``i`` (bit ``i`` itself when ``i`` is reachable); an action is re-examined only when the row of
one of its preconditions grew.

>>> from planetarium_plugin.parsing import Atom
>>> from planetarium_plugin.specify.grounding import GroundAction
>>> a, b, c = Atom("a", ()), Atom("b", ()), Atom("c", ())
>>> go = GroundAction("go", (), frozenset({a}), frozenset(), frozenset({b}), frozenset({a}))
>>> sorted(tuple(map(str, p)) for p in unreachable_pairs((a, b, c), frozenset({a}), [go]))
[('(a)', '(b)')]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ..errors import Deadline
from ..parsing import Atom
from .grounding import GroundAction
from .invariants import MutexGroup

__all__ = ["pair_groups", "unreachable_pairs"]


def unreachable_pairs(
    atoms: Sequence[Atom],
    init: Iterable[Atom],
    actions: Sequence[GroundAction],
    deadline: Deadline | None = None,
) -> list[tuple[Atom, Atom]]:
    """The pairs of distinct h^2-reachable ``atoms`` never true together (each pair once).

    ``actions`` must be every action that can apply (their preconditions and adds among
    ``atoms``); atoms h^2 finds unreachable on their own are left out (no pair names them).
    """
    index = {x: i for i, x in enumerate(atoms)}
    n = len(atoms)
    bit = [1 << i for i in range(n)]
    init_mask = sum(bit[index[x]] for x in set(init) if x in index)
    rows = [init_mask if init_mask >> i & 1 else 0 for i in range(n)]
    acts = []
    waiting: list[list[int]] = [[] for _ in range(n)]
    no_pre: list[int] = []
    for k, a in enumerate(actions):
        pre = tuple(index[x] for x in a.pre_pos)
        add = tuple(index[x] for x in a.add)
        add_mask = sum(bit[i] for i in add)
        dele = sum(bit[index[x]] for x in a.delete if x in index)
        acts.append((pre, sum(bit[i] for i in pre), add, add_mask, ~(dele | add_mask)))
        for i in pre:
            waiting[i].append(k)
        if not pre:
            no_pre.append(k)
    todo = set(range(len(acts)))
    while todo:
        if deadline is not None:
            deadline.check()
        grown: set[int] = set()
        for k in sorted(todo):
            pre, pre_mask, add, add_mask, keep = acts[k]
            if pre:
                compat = -1
                for i in pre:
                    r = rows[i]
                    if r & pre_mask != pre_mask:
                        break
                    compat &= r
                else:
                    compat &= keep
                    _add_pairs(rows, bit, add, add_mask | compat, grown)
                continue
            reachable = sum(bit[i] for i in range(n) if rows[i] >> i & 1)
            _add_pairs(rows, bit, add, add_mask | (reachable & keep), grown)
        todo = {k for i in grown for k in waiting[i]} | (set(no_pre) if grown else set())
    out: list[tuple[Atom, Atom]] = []
    for i in range(n):
        r = rows[i]
        if not r >> i & 1:
            continue
        for j in range(i + 1, n):
            if rows[j] >> j & 1 and not r >> j & 1:
                out.append((atoms[i], atoms[j]))
    return out


def _add_pairs(rows: list[int], bit: list[int], add: tuple[int, ...], new: int, grown: set) -> None:
    """Make every atom of ``add`` reachable with every atom of ``new`` (both ways)."""
    for p in add:
        fresh = new & ~rows[p]
        if not fresh:
            continue
        rows[p] |= fresh
        grown.add(p)
        bp = bit[p]
        while fresh:
            low = fresh & -fresh
            q = low.bit_length() - 1
            fresh ^= low
            if not rows[q] & bp:
                rows[q] |= bp
                grown.add(q)


def pair_groups(
    atoms: Sequence[Atom],
    init: Iterable[Atom],
    actions: Sequence[GroundAction],
    always: Iterable[Atom],
    group_of: Mapping[Atom, Sequence[int]],
    deadline: Deadline | None = None,
) -> list[MutexGroup]:
    """The :func:`unreachable_pairs` as two-atom (at-most-one) groups, less the pairs with an
    atom in ``always`` and those two atoms of one group already cover (``group_of``)."""
    fixed = set(always)
    return [
        MutexGroup(frozenset((a, b)), False)
        for a, b in unreachable_pairs(atoms, init, actions, deadline)
        if a not in fixed and b not in fixed
        and set(group_of.get(a, ())).isdisjoint(group_of.get(b, ()))
    ]
