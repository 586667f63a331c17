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

from collections import deque

from ..errors import Deadline
from ..parsing import Atom
from . import relaxed
from .agenda import Budget, agenda_plan, climb, replay
from .layers import explore_arrays, numpy_available
from .relaxed import heuristic
from .task import GroundTask, State

__all__ = ["novel_goal_states", "origins", "refute_all", "refute_from", "refute_monotone"]

#: Heuristic evaluations one refutation may spend (each ~0.1-2 ms in Python).
EVALUATIONS = 1_500
#: Wall seconds one refutation may take.
SECONDS = 0.75
#: Actions tried as the step that makes the literal hold, cheapest preconditions first.
TRIES = 24
#: Falsifying steps whose preconditions are climbed to again over every action, cheapest first,
#: and the heuristic evaluations each such climb may spend.
WIDE_TRIES = 1
WIDE_EVALS = 80


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
    costs: dict | None = None,
    then: tuple = (),
) -> State | None:
    """A state reachable from ``start`` with ``pos`` true, ``neg`` false and ``f`` true if
    ``want`` else false, or None (nothing proved). ``start`` must be reachable (a goal state
    found earlier, or the init): the state returned is then a reachable goal state refuting
    ``f``. Where the literal already holds in ``start`` (an atom nothing deletes, false in the
    init: an image taken by another rover), the goal agenda runs from there with it protected.
    ``costs``: the caller's table of :func:`_costs` by start state (one closure refutes many
    facts from the same few goal states). ``then``: the steps a known plan took after ``start``
    (:func:`origins`), replayed before the goal agenda rebuilds the rest (:func:`_rebuild`).
    """
    if want:
        steps = task.adders.get(f, ())
        protect = frozenset(task.deleter_idx.get(f, ()))
        pos2, neg2 = pos | {f}, neg
    else:
        steps = task.deleters.get(f, ())
        protect = frozenset(task.adder_idx.get(f, ()))
        pos2, neg2 = pos, neg | {f}
    evals = Budget(budget, Deadline(seconds))
    if (f in start) == want:
        if pos <= start and not neg & start:
            return start
        if heuristic(task, start, pos2, neg2 - {f}, protect) is None:
            return None
        return _rebuild(task, start, [], start, pos2, neg2, protect, evals, deadline, then)
    cost = costs.get(start) if costs is not None else None
    if cost is None:
        cost = _costs(task, start)
        if costs is not None:
            costs[start] = cost
    evals.left -= 1
    index = task.index
    ranked = []
    for k, a in enumerate(steps):
        c = [cost[index[x]] if x in index else -1 for x in a.pre_pos]
        if -1 not in c:
            ranked.append((sum(c), k, a))
    ranked.sort(key=lambda r: r[:2])
    rest = neg2 - {f} if not want else neg2
    tried = wides = 0
    for _, _, a in ranked:
        deadline.check()
        if evals.spent() or tried >= TRIES:
            return None

        evals.left -= 1
        if heuristic(task, _after(task, start, a), pos2, rest, protect) is None:
            continue  # even the most generous state after ``a`` cannot reach the goal
        tried += 1
        found = climb(task, start, a.pre_pos, a.pre_neg, set(), evals, deadline)
        if found is None and wides < WIDE_TRIES:
            # Where no helpful action improves (crate1 must come off crate0 before crate0 can
            # be driven to crate2; the relaxed plan names neither step), the climb again over
            # every action (FF's fallback), on a small budget of its own: implied facts fail
            # here too, and a full budget each would double the cost of proving them.
            wides += 1
            small = Budget(min(evals.left, WIDE_EVALS), evals.clock)
            found = climb(task, start, a.pre_pos, a.pre_neg, set(), small, deadline, wide=True)
            evals.left -= min(evals.left, WIDE_EVALS) - small.left
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
        end = _rebuild(task, start, [*path, a], t, pos2, neg2, protect, evals, deadline, then)
        if end is not None:
            return end
    return None


def refute_all(
    task: GroundTask,
    start: State,
    pos: State,
    neg: State,
    atoms: list[Atom],
    deadline: Deadline,
    on_state,
    then: tuple = (),
) -> bool:
    """One goal state reached from ``start`` (reachable, holding none of ``atoms``) with every
    one of ``atoms`` false: the goal agenda with all their adders banned. True when found (the
    state is shown to ``on_state``); False proves nothing."""
    if any(x in start for x in atoms):
        return False
    protect = frozenset(i for x in atoms for i in task.adder_idx.get(x, ()))
    neg2 = neg | frozenset(atoms)
    if heuristic(task, start, pos, neg, protect) is None:
        return False
    evals = Budget(EVALUATIONS, Deadline(SECONDS))
    end = _rebuild(task, start, [], start, pos, neg2, protect, evals, deadline, then)
    if end is None:
        return False
    on_state(task.encode(end))
    return True


def _rebuild(task, start, path, t, pos, neg, protect, evals, deadline, then=()) -> State | None:
    """The goal rebuilt by the agenda from ``t`` (reached from ``start`` by ``path``), never
    applying the ``protect`` actions: the end state replayed from ``start``, or None. ``then``
    (a known plan's steps after ``start``) is replayed from ``t`` first, each step that is not
    applicable or protected skipped, and the agenda runs from there: it only rebuilds what the
    skipped steps achieved (the rock's data sent by the other rover), not the rest of the
    plan; from ``t`` as before if that fails."""
    if then and not (pos <= t and not neg & t):
        u, steps, row_of = t, list(path), task.row_of
        for a in then:
            if a.pre_pos <= u and not a.pre_neg & u and row_of[id(a)][4] not in protect:
                u = (u - a.delete) | a.add
                steps.append(a)
        if u != t:
            end = _rebuild(task, start, steps, u, pos, neg, protect, evals, deadline)
            if end is not None or evals.spent():
                return end
    if pos <= t and not neg & t:
        plan: list | None = []  # the literal's step kept the goal (a rover drove on)
    else:
        plan = agenda_plan(
            task,
            pos,
            neg,
            deadline,
            max(1, evals.left),
            max(0.0, evals.clock.remaining() or 0.0),
            start=t,
            protect=protect,
            wide=True,
        )
    if plan is None:
        return None
    end = replay(start, [*path, *plan])
    if end is not None and pos <= end and not neg & end:
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


def _costs(task: GroundTask, s: State) -> list[int]:
    """The additive relaxed cost of every atom from ``s`` (-1: not relaxed-reachable), in one
    exploration: the cost of each candidate step's preconditions without one h_add run each.
    From large states of large tasks (:data:`.relaxed.ARRAYS`) the numpy layers run it to
    the end: the same costs (each new atom's cheapest adder of its layer)."""
    if len(s) >= relaxed.ARRAY_ATOMS and len(task.acts) >= relaxed.ARRAYS and numpy_available():
        return explore_arrays(task, s, [], [], (), full=True)[0]
    pre, add, waiting = task.relaxed_tables()
    cost = [-1] * len(task.atoms)
    missing = task.pre_count.copy()
    frontier = list(task.no_pre)
    for atom in s:
        x = task.index.get(atom)
        if x is not None:
            cost[x] = 0
            for i in waiting[x]:
                missing[i] -= 1
                if missing[i] == 0:
                    frontier.append(i)
    while frontier:
        new: dict[int, int] = {}
        for i in frontier:
            c = 1
            for y in pre[i]:
                c += cost[y]
            for x in add[i]:
                if cost[x] < 0 and (x not in new or c < new[x]):
                    new[x] = c
        frontier = []
        for x, c in new.items():
            cost[x] = c
            for i in waiting[x]:
                missing[i] -= 1
                if missing[i] == 0:
                    frontier.append(i)
    return cost


def novel_goal_states(
    task: GroundTask, start: int, pm: int, nm: int, deadline: Deadline, on_state
) -> None:
    """Breadth-first over goal states (bit sets; ``pm`` true, ``nm`` false) from ``start``, a
    reachable one, keeping only states that make an atom true that no state kept before
    has: a width-1 search (IW(1)), at most one state per atom, each shown to
    ``on_state``. It finds a goal state for each atom one goal-keeping step chain away (a rover
    at each waypoint it can drive to) for the price of one search."""
    seen = start
    queue = deque([start])
    step_rows = task.step_rows
    while queue:
        deadline.check()
        s = queue.popleft()
        for _, _, keep, add, _ in step_rows(s):
            t = (s & keep) | add
            if t & ~seen and t & pm == pm and not t & nm:
                seen |= t
                on_state(t)
                queue.append(t)


def origins(
    task: GroundTask, f: Atom, want: bool, last: int, first: int
) -> list[tuple[int, tuple]]:
    """Reachable states (bit sets) to refute ``f`` from, each with the steps a known plan took
    after it (none after a goal state; the newest plan after the init), in order: the last goal
    state found and the first (the last may have buried what the first left free); for an atom
    nothing deletes, false in the init, where a known plan first adds it and the init instead
    (no goal state with it leads to one without it); for one that the goal states lack, also
    where a known plan first uses up what its adders need (a rock sampled by another rover) and
    the init."""
    out: list[tuple[int, tuple]] = [(last, ()), (first, ())]
    plans = task.plans()
    init = (task.encode(task.init), tuple(plans[-1]) if plans else ())
    if f not in task.deleted:
        if not want and f not in task.init:
            out = [*_before(task, task.adder_idx, {f}), init]
        elif want:
            adders = task.adders.get(f, ())
            spent = {x for a in adders for x in a.pre_pos if x not in task.adder_idx}
            out += [*_before(task, task.deleter_idx, spent), init]
    firsts: dict[int, tuple] = {}
    for s, rest in out:
        firsts.setdefault(s, rest)
    return list(firsts.items())


def refute_monotone(task: GroundTask, todo, pos: State, neg: State, deadline, on_state) -> None:
    """The candidates nothing deletes, false in the init and no monotone landmark (images
    taken, samples analysed), refuted together when one goal agenda run with all their adders
    banned reaches the goal (other rovers can do every one of them): first from the state
    before the newest known plan first adds one of them (reachable, none of them true yet, the
    goal atoms achieved before it kept: less to rebuild), else from the init."""
    spare = [x for x in todo if x not in task.deleted and x not in task.init]
    if len(spare) > 1:
        spare = [x for x in sorted(spare) if not task.landmark(pos, x)]
        if len(spare) > 1:
            plans = task.plans()
            init = (task.encode(task.init), tuple(plans[-1]) if plans else ())
            for start, rest in (*_before(task, task.adder_idx, set(spare)), init):
                if refute_all(task, task.decode(start), pos, neg, spare, deadline, on_state, rest):
                    return


def _before(task: GroundTask, index, atoms: set[Atom]) -> list[tuple[int, tuple]]:
    """The state (bit set) before the first step of the newest known plan that makes one of
    ``atoms`` change (``index``: the adders or the deleters of each): the step adding ``f``
    (an image taken), or using up what an adder of ``f`` needs (the rock sampled by another
    rover). Reachable, with the plan's earlier goal atoms already achieved, so the goal agenda
    has less to rebuild from there than from the init; with the plan's steps from there on."""
    steps = {i for x in atoms for i in index.get(x, ())}
    row_of, bits, init = task.row_of, task.encode(atoms), task.encode(task.init)
    for plan in reversed(task.plans()):
        s = init  # bit sets (rows: pre, pre_neg, ~delete, add, index), not atom sets
        for k, a in enumerate(plan):
            row = row_of.get(id(a))
            if row is None or s & row[0] != row[0] or s & row[1]:
                break
            if row[4] in steps and (row[3] | ~row[2]) & bits:
                return [(s, tuple(plan[k:]))]
            s = (s & row[2]) | row[3]
    return []
