"""The result of fullySpecify, and the canonical numeric part of a set of goal states.

A conjunctive goal admits a set of reachable goal states; two goals are equivalent when they
admit the same set (paper, Definition 2, condition 3). For atoms, the intersection of the goal
states (the closure) determines that set. For numeric conditions each written comparison
bounds one fluent, so the set is also determined by, per fluent: its value where it is the same
in every goal state, else the tightest bounds ``[min, max]`` of its values there — each kept
only when it excludes some reachable state that agrees with the boolean closure. Restating an
implied condition (``(>= (battery d) 0)`` where battery never goes negative) or writing a looser
bound that the reachable values make equivalent therefore changes nothing.

>>> from planetarium_plugin.parsing import Atom
>>> b = Atom("battery", ("d",))
>>> sorted(map(str, canonical_numeric([b], [(5,), (7,)], [(5,), (7,), (3,)])))
['(>= (battery d) 5)']
>>> sorted(map(str, canonical_numeric([b], [(5,)], [(5,), (7,)])))
['(= (battery d) 5)']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from ..parsing import Atom, Domain, NumericCondition, Problem

__all__ = ["FullySpecifiedGoal", "RulesFn", "canonical_numeric"]


@dataclass(frozen=True, slots=True)
class FullySpecifiedGoal:
    """A goal completed with all implied propositions.

    ``negative`` is filled only when the closure was computed with ``negative=True``.
    ``numeric`` is the canonical numeric description of the goal states (see the module
    notes); for an unreachable goal it is the goal's conditions as written.
    ``reachable`` is None when unknown (rules do not decide reachability).
    ``method`` names the route: pack ``rules``, the explicit-state ``search``, the ``exact``
    generic method (proofs per fact), or ``as-written``.
    """

    positive: frozenset[Atom]
    negative: frozenset[Atom]
    numeric: frozenset[NumericCondition]
    method: Literal["rules", "search", "exact", "as-written"]
    reachable: bool | None = None


#: Signature of a pack's rules: the positive closure (goal included), a complete
#: :class:`FullySpecifiedGoal` (numeric packs), or None to decline.
RulesFn = Callable[[Problem, Domain], "frozenset[Atom] | FullySpecifiedGoal | None"]


def _frac(v) -> Fraction:
    return v if isinstance(v, Fraction) else Fraction(v)


def canonical_numeric(
    fluents: Sequence[Atom],
    goal_values: Iterable[Sequence],
    agreeing_values: Iterable[Sequence],
) -> frozenset[NumericCondition]:
    """Canonical numeric conditions of a set of goal states.

    ``goal_values``: the fluent values (aligned with ``fluents``; None = undefined) of every
    reachable goal state; ``agreeing_values``: those of every reachable state that agrees with
    the goal's boolean closure (a superset). A fluent with one value in all goal states gives
    ``(= f v)``; otherwise its minimum and maximum there give ``>=`` and ``<=`` bounds, each
    kept only when some agreeing state violates it.
    """
    goal_values = list(goal_values)
    if not goal_values:
        return frozenset()
    out: set[NumericCondition] = set()
    spread: list[tuple[int, object, object]] = []
    for i, f in enumerate(fluents):
        seen = {vals[i] for vals in goal_values}
        if None in seen:
            continue  # undefined in some goal state: no condition can mention it
        if len(seen) == 1:
            out.add(NumericCondition("=", f, _frac(next(iter(seen)))))
        else:
            spread.append((i, min(seen), max(seen)))
    if spread:
        low: set[int] = set()
        high: set[int] = set()
        for vals in agreeing_values:
            for i, lo, hi in spread:
                v = vals[i]
                if v is None:
                    low.add(i)
                    high.add(i)
                else:
                    if v < lo:
                        low.add(i)
                    if v > hi:
                        high.add(i)
        for i, lo, hi in spread:
            if i in low:
                out.add(NumericCondition(">=", fluents[i], _frac(lo)))
            if i in high:
                out.add(NumericCondition("<=", fluents[i], _frac(hi)))
    return frozenset(out)
