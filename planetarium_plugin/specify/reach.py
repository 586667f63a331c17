"""Relaxed reachability from an init over a kept grounding, a layer at a time in numpy.

A ground task runs :func:`.grounding.relaxed_reachable` twice per init (over the grounding,
then without the actions the mutex groups rule out), and on a kept grounding that is nearly
all of a new init's ground task: ~6 ms a pass over the 44-block towers' 3,872 actions in the
interpreter. The actions of a kept grounding (and of its pruned part) are tuples kept in
:mod:`.memo`/:mod:`.reuse`, so their precondition and add lists are numbered once per tuple
here; each init then costs a few array operations per relaxed layer. The answer is the least
fixpoint, as the loop's: the atoms of the init and every atom added by an action whose
preconditions are all reached, and those actions in their order — the same atoms and actions.
Small tasks, lists (a domain without text is not kept) and a missing numpy take the loop.

The answers are kept per kept tuple and reached set (:data:`RESULTS` of them): the inits of one
grounding mostly reach the same atoms, so they then share one frozenset and one tuple of
actions, built once, and the tables keyed by them (:mod:`.reuse`) compare by identity.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import Deadline
from ..parsing import Atom
from .grounding import GroundAction, relaxed_reachable
from .memo import Memo

try:
    import numpy as np
except ImportError:  # pragma: no cover - exercised only where numpy is missing
    np = None

__all__ = ["ARRAY_ACTIONS", "reachable", "reachable_twice"]

#: Kept tuples of at least this many actions take the arrays (fewer: the loop is as fast).
ARRAY_ACTIONS = 1_000

#: Per kept action tuple (by identity): (the tuple, its atoms, their numbers, the arrays,
#: its answers by reached atoms).
_TABLES: Memo[tuple] = Memo(8)
#: The answers kept per kept action tuple (distinct reached sets).
RESULTS = 16


def reachable(
    init: frozenset[Atom], actions: Sequence[GroundAction], deadline: Deadline
) -> tuple[frozenset[Atom], Sequence[GroundAction]]:
    """:func:`.grounding.relaxed_reachable`'s answer (atoms and actions reachable when deletes
    and negative preconditions are ignored), from numbered arrays for a kept tuple (then a
    kept tuple of actions, read only)."""
    if not _arrays(actions):
        return relaxed_reachable(init, list(actions), deadline)
    known = _known(actions)
    return _answer(known, init, *_fixpoint(known, _start(known, init), deadline))


def reachable_twice(
    init: frozenset[Atom],
    part: Sequence[GroundAction],
    whole: Sequence[GroundAction],
    deadline: Deadline,
) -> tuple[tuple[frozenset[Atom], Sequence[GroundAction]], ...]:
    """(:func:`reachable` over ``part``, :func:`reachable` over ``whole``) from ``init``, where
    every action of ``part`` is one of ``whole``'s: the second fixpoint starts from the atoms
    the first reached (they are reached over ``whole`` too, and contain the init), so it takes
    a layer or two where a tall tower takes a layer per block. The same answers."""
    if not (_arrays(part) and _arrays(whole)):
        first = reachable(init, part, deadline)
        return first, reachable(first[0], whole, deadline)
    kp, kw = _known(part), _known(whole)
    reached, fired = _fixpoint(kp, _start(kp, init), deadline)
    first = _answer(kp, init, reached, fired)
    into = kp[-1].get(("into", id(whole)))
    if into is None or into[0] is not whole:
        number = kw[2]
        into = (whole, np.array([number.get(x, -1) for x in kp[1]], dtype=np.int64))
        kp[-1].put(("into", id(whole)), into)
    atoms = into[1][reached]
    if (atoms < 0).any():  # an atom ``whole`` never mentions: not a part of it
        return first, reachable(first[0], whole, deadline)
    start = _start(kw, init)
    start[atoms] = True
    return first, _answer(kw, init, *_fixpoint(kw, start, deadline))


def _arrays(actions: Sequence[GroundAction]) -> bool:
    return np is not None and isinstance(actions, tuple) and len(actions) >= ARRAY_ACTIONS


def _known(actions: tuple[GroundAction, ...]) -> tuple:
    """The kept tuple's numbered arrays and answers (:data:`_TABLES`)."""
    key = id(actions)
    known = _TABLES.get(key)
    if known is None or known[0] is not actions:
        known = (actions, *_tables(actions), Memo(RESULTS))
        _TABLES.put(key, known)
    return known


def _start(known: tuple, init: frozenset[Atom]):
    number = known[2]
    reached = np.zeros(len(known[1]), dtype=bool)
    reached[[number[x] for x in init if x in number]] = True
    return reached


def _fixpoint(known: tuple, reached, deadline: Deadline) -> tuple:
    """The least fixpoint from ``reached`` (a layer at a time): the atoms and fired actions."""
    actions, _, _, pre_atom, pre_act, pre_len, add_atom, add_act, _ = known
    fired = np.zeros(len(actions), dtype=bool)
    while True:
        deadline.check()
        have = np.bincount(pre_act[reached[pre_atom]], minlength=len(actions))
        new = (have == pre_len) & ~fired
        if not new.any():
            break
        fired |= new
        added = add_atom[new[add_act]]
        if reached[added].all():
            break  # nothing new reached: no other action can become ready
        reached[added] = True
    return reached, fired


def _answer(known: tuple, init: frozenset[Atom], reached, fired):
    """The fired actions are a function of the reached atoms (the least fixpoint), and the
    answer's atoms are those and the init atoms no action mentions: kept by both."""
    actions, atoms, number, *_, results = known
    extra = frozenset(x for x in init if x not in number)
    answer_key = (reached.tobytes(), extra)
    answer = results.get(answer_key)
    if answer is None:
        out = set(extra)
        out.update(atoms[i] for i in np.flatnonzero(reached).tolist())
        fired_actions = tuple(actions[i] for i in np.flatnonzero(fired).tolist())
        answer = (frozenset(out), fired_actions)
        results.put(answer_key, answer)
    return answer


def _tables(actions: tuple[GroundAction, ...]) -> tuple:
    """The atoms of ``actions`` numbered, and their preconditions and adds as flat arrays of
    (atom, action) pairs with each action's number of preconditions."""
    number: dict[Atom, int] = {}
    atoms: list[Atom] = []
    pre_atom: list[int] = []
    pre_act: list[int] = []
    pre_len: list[int] = []
    add_atom: list[int] = []
    add_act: list[int] = []

    def num(x: Atom) -> int:
        i = number.get(x)
        if i is None:
            i = number[x] = len(atoms)
            atoms.append(x)
        return i

    for k, a in enumerate(actions):
        pre = {num(x) for x in a.pre_pos}
        pre_atom += pre
        pre_act += [k] * len(pre)
        pre_len.append(len(pre))
        for x in a.add:
            add_atom.append(num(x))
            add_act.append(k)
    arr = np.asarray
    return (
        tuple(atoms),
        number,
        arr(pre_atom, dtype=np.int64),
        arr(pre_act, dtype=np.int64),
        arr(pre_len, dtype=np.int64),
        arr(add_atom, dtype=np.int64),
        arr(add_act, dtype=np.int64),
    )
