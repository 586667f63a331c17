"""Refutation from a known goal state: a goal state that lacks (or has) one more atom.

A candidate fact f of the closure is refuted by one reachable goal state without it. Every state
reachable from a reachable state is reachable from the init, so the search may start at a goal
state already found, and it may break goal atoms on the way: "b2 on the table" under a tower of
five goal blocks is refuted only by taking the tower down, putting b2 elsewhere and rebuilding
the tower, a plan that searches keeping the goal atoms (the goal agenda) cannot find and that
goal-count or h_add searches from either end drown in (every step away from the goal looks bad).

So the literal is achieved first, as a means-ends step: for each action that makes it hold (a
deleter of f; an adder of f for the negative closure), cheapest preconditions first, an
enforced hill-climbing from the goal state reaches the action's preconditions with nothing
protected (the tower taken down), the action is applied, and the state is kept only if the goal
stays relaxed-reachable without undoing the literal (b5 put on b15 is dropped at once: b5 must
end on the table, which needs b15 cleared again). From there the goal agenda (:mod:`.agenda`)
rebuilds the goal with the literal protected.

Sound by construction, incomplete on purpose: the result is a state replayed from the goal state,
checked to satisfy the goal and the literal; failing proves nothing, and the caller goes on to
its complete searches.
"""

from __future__ import annotations

from ..errors import Deadline
from ..parsing import Atom
from .agenda import Budget, agenda_plan, climb, replay
from .forward import heuristic
from .task import GroundTask, State

__all__ = ["refute_from"]

#: Heuristic evaluations one refutation may spend (each ~0.1-2 ms in Python).
EVALUATIONS = 1_500
#: Wall seconds one refutation may take.
SECONDS = 0.75
#: Actions tried as the step that makes the literal hold, cheapest preconditions first.
TRIES = 24


def refute_from(
    task: GroundTask,
    start: State,
    pos: State,
    neg: State,
    f: Atom,
    want: bool,
    deadline: Deadline,
    budget: int = EVALUATIONS,
    seconds: float = SECONDS,
) -> State | None:
    """A state reachable from ``start`` with ``pos`` true, ``neg`` false and ``f`` true if
    ``want`` else false, or None (nothing proved). ``start`` must be reachable (a goal state
    found earlier): the state returned is then a reachable goal state refuting ``f``."""
    if (f in start) == want:
        return start if pos <= start and not neg & start else None
    if want:
        steps = task.adders.get(f, ())
        protect = frozenset(task.deleter_idx.get(f, ()))
        pos2, neg2 = pos | {f}, neg
    else:
        steps = task.deleters.get(f, ())
        protect = frozenset(task.adder_idx.get(f, ()))
        pos2, neg2 = pos, neg | {f}
    evals = Budget(budget, Deadline(seconds))
    ranked = []
    for k, a in enumerate(steps):
        est = heuristic(task, start, a.pre_pos, a.pre_neg)
        evals.left -= 1
        if est is not None:
            ranked.append((est[0], k, a))
    ranked.sort(key=lambda r: r[:2])
    rest = neg2 - {f} if not want else neg2
    tried = 0
    for _, _, a in ranked:
        deadline.check()
        if evals.spent() or tried >= TRIES:
            return None

        evals.left -= 1
        if heuristic(task, _after(task, start, a), pos2, rest, protect) is None:
            continue  # even the most generous state after ``a`` cannot reach the goal
        tried += 1
        found = climb(task, start, a.pre_pos, a.pre_neg, set(), evals, deadline)
        if found is None:
            continue
        path, s = found
        if not (a.pre_pos <= s) or a.pre_neg & s:
            continue
        t = (s - a.delete) | a.add
        if (f in t) != want:
            continue
        evals.left -= 1
        if heuristic(task, t, pos2, rest & t, protect) is None:
            continue  # the goal is out of reach without undoing the literal
        plan = agenda_plan(
            task,
            pos2,
            neg2,
            deadline,
            max(1, evals.left),
            max(0.0, evals.clock.remaining() or 0.0),
            start=t,
            protect=protect,
            wide=True,
        )
        if plan is None:
            continue
        end = replay(start, [*path, a, *plan])
        if end is not None and pos2 <= end and not neg2 & end:
            return end
    return None


def _after(task: GroundTask, s: State, a) -> State:
    """A generous guess at the state right after ``a`` is applied on the way from ``s``.

    ``s`` with ``a``'s effects; an atom of ``s`` that shares a mutex group with an atom ``a``
    leaves true is dropped (b5 stacked on b15 is no longer on the table); a verified
    exactly-one group thereby left without a member gets all its members not excluded that
    way (the block that stood on b2 is somewhere, we do not know where). Only used to discard
    actions after which the goal is not even relaxed-reachable with the literal kept.
    """
    forced = (a.pre_pos - a.delete) | a.add
    groups, group_of = task.groups, task.group_of
    excluded: set[Atom] = set()
    for x in forced:
        for gi in group_of.get(x, ()):
            excluded |= groups[gi].atoms
    excluded -= forced
    t = set((s - a.delete) | a.add)
    removed = t & excluded
    t -= removed
    for y in removed:
        for gi in group_of.get(y, ()):
            g = groups[gi]
            if g.exactly_one and not g.atoms & t:
                t |= g.atoms - excluded
    return frozenset(t)


def _after(task: GroundTask, s: State, a) -> State:
    """A generous guess at the state right after ``a`` is applied on the way from ``s``.

    ``s`` with ``a``'s effects; an atom of ``s`` that shares a mutex group with an atom ``a``
    leaves true is dropped (b5 stacked on b15 is no longer on the table); a verified
    exactly-one group thereby left without a member gets all its members not excluded that
    way (the block that stood on b2 is somewhere, we do not know where). Only used to discard
    actions after which the goal is not even relaxed-reachable with the literal kept.
    """
    forced = (a.pre_pos - a.delete) | a.add
    groups, group_of = task.groups, task.group_of
    excluded: set[Atom] = set()
    for x in forced:
        for gi in group_of.get(x, ()):
            excluded |= groups[gi].atoms
    excluded -= forced
    t = set((s - a.delete) | a.add)
    removed = t & excluded
    t -= removed
    for y in removed:
        for gi in group_of.get(y, ()):
            g = groups[gi]
            if g.exactly_one and not g.atoms & t:
                t |= g.atoms - excluded
    return frozenset(t)
