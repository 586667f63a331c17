"""Relaxed exploration (deletes ignored) for the forward searches and the goal agenda.

:func:`heuristic` is additive h_add with FF's helpful actions over the integer tables of
:meth:`.task.GroundTask.relaxed_tables`; :func:`estimate_from` re-reads one atom's estimate
from an exploration already made. They only guide searches: nothing is proved from them.
From large states of large tasks (:data:`ARRAYS`) the exploration runs a layer at a time in numpy
(:mod:`.layers`) when numpy is installed: the same answers, a fraction of the interpreter's
work per action; from smaller states of large tasks only the first release (every waiting list
of the state's atoms) runs in numpy (:func:`.layers.start_release`), the layers in the loop.
"""

from __future__ import annotations

from ..parsing import Atom
from .grounding import GroundAction
from .layers import explore_arrays, numpy_available, start_release
from .task import GroundTask, State

__all__ = [
    "ARRAYS", "ARRAY_ATOMS", "REPAIRS", "estimate_from", "heuristic", "plan_reaches", "plan_tables",
    "relaxed_plan", "rerun",
]

#: States of at least :data:`ARRAY_ATOMS` true atoms in tasks of at least :data:`ARRAYS`
#: actions explore in numpy (:func:`.layers.explore_arrays`). Measured (RESULTS.md, issue
#: 17): IPC Rovers 20 (~840 true atoms, 2,000+ actions) 22 % less; 44-block towers (~90 true
#: atoms, 3,872 actions) 15 % less to 16 % more by call mix; floor-tile (750-1,750 actions)
#: 1.3-1.8x more: numpy's calls per layer outweigh a loop over few, small layers.
ARRAYS = 2000
ARRAY_ATOMS = 256
#: The loop costs only the goal's adders in the layer that reaches the rest of the goal
#: (:func:`_last_layer`): the same estimate, helpful actions and relaxed plans; on the 44-block
#: towers that layer held ~65 % of each exploration's actions. False: every action (tests).
LAST_LAYER = True
LAST_LAYER_LOOKS = 512  # adders looked at per layer for that test before it gives up


def heuristic(task: GroundTask, s: State, pos: State, neg: State, banned=frozenset(), keep=None):
    """Additive relaxed cost of the goal from ``s`` and FF's helpful actions, or None when
    the goal is relaxed-unreachable. A literal ``(not f)`` needs an action deleting f.
    ``banned`` (indices into ``task.acts``) are left out (a goal agenda's protected atoms).

    Layered exploration over integer-indexed actions and atoms (deletes ignored;
    :meth:`.task.GroundTask.relaxed_tables`); an atom's cost is fixed when it is first reached
    (an approximation of h_add: it only guides the search). ``keep`` (a list), when given,
    receives the exploration's atom costs and achievers for :func:`estimate_from`.
    """
    acts = task.acts
    pre, add, waiting = task.relaxed_tables()
    index = task.index
    if len(s) >= ARRAY_ATOMS and len(acts) >= ARRAYS and numpy_available():
        goal = [index.get(x, -1) for x in pos]
        if -1 in goal:
            return None  # a goal atom that is never true
        wanted = [x for x in neg if x in s]
        found = explore_arrays(
            task, s, goal, wanted, banned, last=LAST_LAYER_LOOKS if LAST_LAYER else 0
        )
        if found is None:
            return None
        cost, achiever, neg_cost = found
        if keep is not None:
            keep[:] = [cost, achiever]
        return _estimate(acts, pre, cost, achiever, goal, wanted, neg_cost)
    cost = [-1] * len(task.atoms)  # -1: not reached yet
    achiever: dict[object, int] = {}
    # An atom never true (None) is needed by no action (unreachable states only).
    start = [x for x in map(index.get, s) if x is not None]
    for x in start:
        cost[x] = 0
    frontier = [i for i in task.no_pre if i not in banned]
    if len(acts) >= ARRAYS and numpy_available():  # the same counts and order, one bincount
        missing, released = start_release(task, start, banned)
        frontier += released
    else:
        missing = task.pre_count.copy()  # a banned action's never reaches 0: one test, not two
        for i in banned:
            if 0 <= i < len(missing):  # anything else names no action
                missing[i] = -1
        frontier = _release(frontier, start, waiting, missing)
    goal = [index.get(x, -1) for x in pos]
    if -1 in goal:
        return None  # a goal atom that is never true
    goal_set = set(goal)
    wanted = [x for x in neg if x in s]
    open_goals = sum(1 for x in goal if cost[x] < 0) + len(wanted)
    neg_cost: dict[Atom, int] = {}
    while frontier and open_goals:
        # This layer's atoms cost -2 - c while pending (preconditions: earlier layers, >= 0).
        new_atoms: list[int] = []
        reached = new_atoms.append
        for i in frontier:
            c = 1
            for y in pre[i]:
                c += cost[y]
            for x in add[i]:
                old = cost[x]
                if old < 0:
                    if old == -1:
                        cost[x] = -2 - c
                        achiever[x] = i
                        reached(x)
                    elif c < -2 - old:
                        cost[x] = -2 - c
                        achiever[x] = i
            if wanted:
                a = acts[i]
                for x in wanted:
                    if x in a.delete and x not in a.add and x not in neg_cost:
                        neg_cost[x] = c
                        achiever[("not", x)] = i
                        open_goals -= 1
        for x in new_atoms:
            cost[x] = -2 - cost[x]
        open_goals -= len(goal_set.intersection(new_atoms))
        if not open_goals:
            break  # every goal literal costed: the next layer is never explored
        if LAST_LAYER and not wanted:
            last = _last_layer(goal, cost, new_atoms, missing, pre, task.relaxed_adders())
            if last is not None:
                _cost_goal(last, goal, cost, achiever, pre, add)
                open_goals = 0
                break
        frontier = _release([], new_atoms, waiting, missing)
    if open_goals > 0:
        return None
    if keep is not None:
        keep[:] = [cost, achiever]
    return _estimate(acts, pre, cost, achiever, goal, wanted, neg_cost)


def _last_layer(goal, cost, new_atoms, missing, pre, adding) -> list[int] | None:
    """When the next layer reaches every goal atom still open, that layer's adders of those
    atoms in the order :func:`_release` would put them in the full frontier; else None.

    An action is in the next layer iff it is not released yet (``missing`` > 0: banned ones
    are below 0) and every precondition is reached (cost >= 0): its missing ones are then the
    ``new_atoms`` just reached. The release order: by the position in ``new_atoms`` of its last
    precondition there, then by number (the waiting lists are ascending)."""
    looked = 0  # a goal atom of many adders none of which is next: give up (None is safe)
    out: list[int] = []
    for x in goal:
        if cost[x] >= 0:
            continue
        looked += len(adding[x])
        if looked > LAST_LAYER_LOOKS:
            return None
        hit = False
        for i in adding[x]:
            if missing[i] > 0:
                for y in pre[i]:
                    if cost[y] < 0:
                        break
                else:
                    hit = True
                    out.append(i)
        if not hit:
            return None
    if len(out) > 1:
        at = {x: k for k, x in enumerate(new_atoms)}
        out = sorted(set(out), key=lambda i: (max(at.get(y, -1) for y in pre[i]), i))
    return out


def _cost_goal(last, goal, cost, achiever, pre, add) -> None:
    """The last layer of :func:`heuristic` over ``last`` (:func:`_last_layer`) alone: each open
    goal atom's cost and achiever as the full layer would fix them (the first of its cheapest
    adders in frontier order). The layer's other atoms are left unreached: nothing reads them
    (relaxed plans and helpful actions walk back from the goal to earlier layers)."""
    best: dict[int, int] = {x: -1 for x in goal if cost[x] < 0}
    for i in last:
        c = 1
        for y in pre[i]:
            c += cost[y]
        for x in add[i]:
            old = best.get(x)
            if old is not None and (old < 0 or c < old):
                best[x] = c
                achiever[x] = i
    for x, c in best.items():
        cost[x] = c


def _release(frontier: list[int], atoms: list[int], waiting, missing: list[int]) -> list[int]:
    """``frontier`` + the actions whose last missing precondition is in ``atoms``, in order."""
    append = frontier.append
    for x in atoms:
        for i in waiting[x]:
            m = missing[i] - 1
            missing[i] = m
            if not m:
                append(i)
    return frontier


def estimate_from(task: GroundTask, kept: list, g: Atom):
    """:func:`heuristic`'s answer for the one-atom goal ``g`` (no negative literal) from the
    exploration ``kept`` of a call on the same state with the same banned actions, or None
    where that exploration stopped before reaching ``g``. Exact, not an approximation: costs
    and achievers are fixed layer by layer when an atom is first reached, so the layers up to
    ``g``'s are the same in both explorations and a one-atom call stops right after them."""
    cost, achiever = kept
    x = task.index.get(g, -1)
    if x < 0 or cost[x] < 0:
        return None
    pre, _, _ = task.relaxed_tables()
    return _estimate(task.acts, pre, cost, achiever, [x], [], {})


def relaxed_plan(task: GroundTask, kept: list, goal) -> list[int]:
    """The relaxed plan of the exploration ``kept`` for the goal atoms ``goal`` (each costed
    there): the achievers walked back from the goal, as action numbers in order of cost (an
    achiever costs more than each of its preconditions' achievers: a valid relaxed order)."""
    cost, achiever = kept
    pre, _, _ = task.relaxed_tables()
    index = task.index
    todo = [x for x in map(index.get, goal) if x is not None and cost[x] > 0]
    chosen = walk_back(todo, cost, achiever, pre)
    return sorted(chosen, key=lambda i: (chosen[i], i))


def walk_back(todo: list, cost, achiever, pre) -> dict[int, int]:
    """The achievers walked back from the keys in ``todo`` (atom numbers, or ("not", atom)
    keys where the exploration kept achievers of negations): each chosen action with its cost,
    1 + the costs of its preconditions. ``todo`` is consumed."""
    chosen: dict[int, int] = {}
    while todo:
        i = achiever.get(todo.pop())
        if i is None or i in chosen:
            continue
        c = 1
        for y in pre[i]:
            c += cost[y]
            if cost[y] > 0:
                todo.append(y)
        chosen[i] = c
    return chosen


def plan_reaches(task: GroundTask, plan: list[int], s: State, goal, banned) -> bool:
    """Whether the relaxed plan ``plan`` (action numbers), run once in order from ``s`` with
    every step whose preconditions are not reached yet or that is ``banned`` skipped, reaches
    every atom of ``goal``. True is a proof that ``goal`` is relaxed-reachable from ``s``
    without the ``banned`` actions (what :func:`heuristic` answers with not None); False
    proves nothing: an exploration must decide."""
    return rerun(task, plan, s, goal, banned, repairs=0) is not None


#: Rounds of repairs :func:`rerun` may add to a relaxed plan that no longer reaches its goal.
REPAIRS = 6


def rerun(
    task: GroundTask,
    plan: list[int],
    s: State,
    goal,
    banned,
    repairs: int | None = None,
    keep: list | None = None,
) -> list[int] | None:
    """The steps of the relaxed plan ``plan`` that apply when it is run in order from ``s``
    (a step whose preconditions are not reached yet, or ``banned``, is skipped), repaired
    where that does not reach every atom of ``goal``: up to ``repairs`` (:data:`REPAIRS`)
    times, for each missing precondition of a skipped step the first adder (not banned) whose
    preconditions are reached is run, then the skipped steps again (b12 has moved since the
    plan was made: it is picked up from where it is now, not unstacked from b11). A list is
    a relaxed plan from ``s`` reaching ``goal`` without ``banned`` actions, every step applied
    after its preconditions (so a proof, as :func:`plan_reaches`); None proves nothing.
    ``keep`` (where a list is returned) receives :func:`plan_tables` of that list from ``s``
    with the same ``banned``: the run costs each atom as it reaches it, as that run would (the
    same steps in the same order, each applied), so the agenda's lookahead on the same state
    needs no second run."""
    repairs = REPAIRS if repairs is None else repairs
    pre, add, _ = task.relaxed_tables()
    index = task.index
    # cost[x] >= 0: x reached (0 in s; else 1 + the costs of its first adder's preconditions)
    cost = _costs_from(task, s)
    want = [index.get(x, -1) for x in goal]
    if -1 in want:
        return None  # an atom no action adds and not in s: never reached (as before)
    achiever: dict[int, int] = {}
    todo = [i for i in plan if i not in banned]
    done: list[int] = []
    adding = task.relaxed_adders() if repairs else ()
    for _ in range(repairs + 1):
        skipped = []
        for i in todo:
            c = 1
            for y in pre[i]:
                k = cost[y]
                if k < 0:
                    skipped.append(i)
                    break
                c += k
            else:
                for x in add[i]:
                    if cost[x] < 0:
                        cost[x] = c
                        achiever[x] = i
                done.append(i)
        if all(cost[x] >= 0 for x in want):
            if keep is not None:
                keep[:] = [cost, achiever]
            return done
        fixes: list[int] = []
        for i in skipped:
            for y in pre[i]:
                if cost[y] >= 0:
                    continue
                for k in adding[y] if repairs else ():
                    if k not in banned and all(cost[z] >= 0 for z in pre[k]):
                        fixes.append(k)
                        break
        if not fixes:
            return None
        todo = fixes + skipped
    return None


def plan_tables(task: GroundTask, plan: list[int], s: State, banned) -> list:
    """Costs and achievers (:func:`heuristic`'s ``keep``) of the relaxed plan ``plan`` run
    once in order from ``s`` as :func:`plan_reaches` runs it: an atom of ``s`` costs 0, one
    first added by a step costs 1 + the costs of the step's preconditions and has that step as
    its achiever; an atom the run does not reach costs -1. Only a guide for
    :func:`.steps.lookahead` (a plan for one atom of the goal the plan was made for, without
    a new exploration): nothing is proved from it."""
    pre, add, _ = task.relaxed_tables()
    cost = _costs_from(task, s)
    achiever: dict[int, int] = {}
    for i in plan:
        if i in banned:
            continue
        c = 1
        for y in pre[i]:
            if cost[y] < 0:
                break
            c += cost[y]
        else:
            for x in add[i]:
                if cost[x] < 0:
                    cost[x] = c
                    achiever[x] = i
    return [cost, achiever]


def _estimate(acts, pre, cost, achiever, goal, wanted, neg_cost):
    """h (the goal atoms' costs plus the negative literals') and FF's helpful actions: the
    achievers along the relaxed plan whose preconditions already hold."""
    h = sum(cost[x] for x in goal) + sum(neg_cost.values())
    helpful: dict[int, GroundAction] = {}
    todo: list = [x for x in goal if cost[x] > 0] + [("not", x) for x in wanted]
    done: set = set()
    while todo:
        key = todo.pop()
        if key in done:
            continue
        done.add(key)
        i = achiever[key]
        ready = True
        for y in pre[i]:
            if cost[y] > 0:
                ready = False
                todo.append(y)
        if ready:
            helpful[i] = acts[i]
    return h, list(helpful.values())


def _costs_from(task: GroundTask, s: State) -> list[int]:
    """Per atom number 0 for the atoms of ``s``, -1 (not reached yet) for the others: where
    :func:`rerun` and :func:`plan_tables` start their runs."""
    cost = [-1] * len(task.atoms)
    for i in map(task.index.get, s):
        if i is not None:
            cost[i] = 0
    return cost
