"""Bounded memo tables for the exact generic fullySpecify: work once per init, per goal.

A batch judges the same ground truth against many candidates, and an equivalence call fully
specifies two problems that usually share their init. The ground task (grounding, relaxed
reachability, verified invariants) depends only on the domain, the objects and the init, and a
closure only on those and the goal, so both are kept in small least-recently-used tables keyed
by exactly those values (the domain by its text). Entries are immutable results of pure
computations, stored only when complete; like :func:`functools.lru_cache` (which the
invariant synthesis uses per domain text), a table is shared by the threads of one process.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable, Sequence
from typing import Generic, TypeVar

from ..errors import Deadline
from ..parsing import Domain, Problem
from .grounding import GroundAction, ground_actions

__all__ = ["Memo", "closure_key", "grounded", "init_key"]

V = TypeVar("V")


class Memo(Generic[V]):
    """A thread-safe table of at most ``size`` entries, least recently used dropped first."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._data: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable | None) -> V | None:
        if key is None:
            return None
        with self._lock:
            value = self._data.get(key)
            if value is not None:
                self._data.move_to_end(key)
            return value

    def put(self, key: Hashable | None, value: V) -> None:
        if key is None:
            return
        with self._lock:
            self._data[key] = value
            self._data.move_to_end(key)
            while len(self._data) > self._size:
                self._data.popitem(last=False)


def init_key(problem: Problem, domain: Domain) -> Hashable | None:
    """What a ground task depends on; None for a domain without text (not memoised)."""
    if not domain.text:
        return None
    return (domain.text, frozenset(problem.objects.items()), problem.init)


def closure_key(problem: Problem, domain: Domain, negative: bool) -> Hashable | None:
    """What a closure depends on (the budget does not change an answer once found)."""
    base = init_key(problem, domain)
    if base is None:
        return None
    return (base, problem.goal.positive, problem.goal.negative, negative)


#: Ground actions by domain text, objects and static init atoms (:func:`grounded`).
_GROUNDED: Memo[tuple[GroundAction, ...]] = Memo(4)


def grounded(
    problem: Problem, domain: Domain, deadline: Deadline
) -> Sequence[GroundAction]:
    """:func:`.grounding.ground_actions`, once per domain, objects and static init atoms: they
    are all it depends on (the dynamic init only decides which actions are reachable, which
    :func:`.grounding.relaxed_reachable` does per init), so the layouts of one set of blocks
    share one grounding. The actions are immutable; each task indexes them on its own."""
    if not domain.text:
        return ground_actions(problem, domain, deadline)
    changing = {a.predicate for act in domain.actions for a in (*act.add, *act.delete)}
    static = frozenset(a for a in problem.init if a.predicate not in changing)
    key = (domain.text, frozenset(problem.objects.items()), static)
    known = _GROUNDED.get(key)
    if known is None:
        known = tuple(ground_actions(problem, domain, deadline))
        _GROUNDED.put(key, known)
    return known  # the kept tuple itself: :mod:`.reach` keeps its arrays by identity
