"""Forward searches for goal states: goal-count greedy, lazy best-first on h_add, breadth-first.

They only *find* reachable states (every state they generate is reachable, and each is shown to
the caller's ``on_state``); none of them proves anything by failing, except :func:`greedy`
reporting that it exhausted the reachable space.
"""

from __future__ import annotations

import heapq
from collections import deque

from ..errors import Deadline
from .grounding import GroundAction
from .relaxed import heuristic
from .task import GroundTask, State

__all__ = ["essential", "greedy", "lazy_search", "neighbourhood", "plan_to", "splice"]


def greedy(
    task: GroundTask,
    start: State | int,
    pos: State,
    neg: State,
    budget: int,
    deadline: Deadline,
    on_state,
    *,
    newest_first: bool = False,
    parents: dict | None = None,
    avoid: int = 0,
    stall: int = 0,
    stall_start: int = 0,
) -> tuple[State | None, bool]:
    """Greedy best-first search (goal-count) for a state with ``pos`` true and ``neg`` false.

    Returns (state or None, exhausted). ``on_state`` sees every state generated, as a bit set
    (:meth:`GroundTask.decode` reads it); ``start`` may be one. Ties go to the oldest state, or
    with ``newest_first`` to the newest (depth first across plateaus: long plans found quickly
    where a goal literal needs several preparatory steps). ``parents``, when given, is filled
    with ``state -> (previous state, action)`` along the path to the state returned, so that
    :func:`plan_to` can read its plan. ``avoid`` (a bit set) counts its true atoms into the
    heuristic, not the goal test: the search prefers goal states lacking them. ``stall``
    (when > 0): give up once that many states were generated since the best heuristic value
    last improved (a goal-count plateau that a tower swap never leaves; other solvers follow),
    or ``stall_start`` states (when > 0) while it has not improved on the start's at all.
    """
    s0 = start if isinstance(start, int) else task.encode(start)
    pm, nm = task.encode(pos), task.encode(neg)
    step_rows = task.step_rows
    # Allocation-light on purpose (the garbage collector's full passes dominated otherwise):
    # the queue holds plain ints ``h << 40 | order`` and states live in parallel lists.
    states, back, acts = [s0], [-1], [-1]
    seen = {s0}
    on_state(s0)
    newest = _LAST if newest_first else 0
    first = (pm & ~s0).bit_count() + (nm & s0).bit_count() + (avoid & s0).bit_count()
    heap = [(first << _SHIFT) | newest]
    best, since = first, 0
    limit = stall_start or stall
    while heap:
        deadline.check()
        key = heapq.heappop(heap)
        n = (key & _LAST) ^ newest
        s = states[n]
        if not (pm & ~s or nm & s):
            if parents is not None:
                _fill(task, states, back, acts, n, parents)
            return task.decode(s), False
        for _, _, keep, add, k in step_rows(s):
            t = (s & keep) | add
            if t not in seen:
                if len(seen) >= budget:
                    return None, False
                seen.add(t)
                on_state(t)
                m = len(states)
                states.append(t)
                back.append(n)
                acts.append(k)
                h = (pm & ~t).bit_count() + (nm & t).bit_count() + (avoid & t).bit_count()
                heapq.heappush(heap, (h << _SHIFT) | (m ^ newest))
                if h < best:
                    best, since, limit = h, 0, stall
                elif limit:
                    since += 1
                    if since >= limit:
                        return None, False
    return None, True


_SHIFT = 40
_LAST = (1 << _SHIFT) - 1


def _fill(task: GroundTask, states: list, back: list, acts: list, n: int, parents: dict) -> None:
    """Copy the path to state ``n`` of a search into ``parents`` (keyed by atom sets)."""
    here = task.decode(states[n])
    while back[n] >= 0:
        prev = task.decode(states[back[n]])
        parents[here] = (prev, task.actions[acts[n]])
        n, here = back[n], prev



def plan_to(parents: dict, state: State) -> list[GroundAction]:
    """The actions that led a search filling ``parents`` to ``state``, in order."""
    plan: list[GroundAction] = []
    while state in parents:
        state, a = parents[state]
        plan.append(a)
    plan.reverse()
    return plan


def splice(
    task: GroundTask,
    plan,
    pos: State,
    neg: State,
    f,
    budget: int,
    deadline: Deadline,
    on_state,
) -> bool:
    """Repair a known plan from the init so that it ends in a (``pos``, ``neg``) state without
    ``f``: True when found (the state is shown to ``on_state``), False otherwise (no proof).

    The state before the plan's last step that made ``f`` true is reachable; from it, and
    from the states breadth-first around it where ``f`` stays false (at most ``budget``), the
    rest of the plan is replayed, each step that is not applicable skipped. Every state
    replayed is reachable, so an end state that fits is a goal state lacking ``f``: the block
    put on the table instead of on its goal block, after which the same steps build the same
    tower on it (one long plan repaired in microseconds where a new plan takes seconds).
    """
    rows = []
    for a in plan:
        row = task.row_of.get(id(a))
        if row is None:
            return False  # not a plan over this task's actions
        rows.append(row)
    bit = task.encode((f,))
    pm, nm = task.encode(pos), task.encode(neg)
    s = task.encode(task.init)
    k, before = -1, 0
    for i, r in enumerate(rows):
        t = (s & r[2]) | r[3]
        if t & bit and not s & bit:
            k, before = i, s
        s = t
    if k < 0:
        return False
    rest = rows[k + 1 :]
    if f not in task.deleted and any(r[0] & bit for r in rest):
        # Nothing deletes f: a later step that needs it (an image sent) could only run after f
        # is added again, and then f holds at the end; without the step the plan is broken
        # (on the rover and rover-single splits 1,375 repairs of such atoms found nothing).
        return False

    def fits(s: int) -> bool:
        """Whether the rest of the plan, replayed from ``s``, ends in a wanted state."""
        end = s
        for pre, pre_neg, keep, add, _ in rest:
            if end & pre == pre and not end & pre_neg:
                end = (end & keep) | add
        if end & pm == pm and not end & nm and not end & bit:
            on_state(end)
            return True
        return False

    if fits(before):
        return True
    seen = {before}
    queue = deque([before])
    while queue:
        deadline.check()
        s = queue.popleft()
        # Each state is tried as it is generated: the block put on the table is one of ~40
        # successors of the state holding it (a budget counted at expansion missed it).
        for _, _, keep, add, _ in task.step_rows(s):
            t = (s & keep) | add
            if t & bit or t in seen:
                continue
            if len(seen) >= budget:
                return False
            seen.add(t)
            on_state(t)
            if fits(t):
                return True
            queue.append(t)
    return False


def essential(task: GroundTask, plan: list[GroundAction], pos: State, neg: State):
    """The plan without the actions no later step or goal literal needs, or None.

    One backward pass keeps an action only if it adds an atom still needed (a goal atom or a
    later precondition) or deletes one that must end false; the result is replayed from the
    init and returned only if it is still a plan for ``pos`` ∧ ¬``neg``. Its end state is a
    goal state with fewer side effects than the original's (e.g. no tile painted in passing),
    which refutes more candidate facts at once.
    """
    need, must_be_false = set(pos), set(neg)
    kept: list[GroundAction] = []
    for a in reversed(plan):
        if a.add & need or a.delete & must_be_false:
            kept.append(a)
            need -= a.add
            need |= a.pre_pos
            must_be_false -= a.delete
            must_be_false |= a.pre_neg
    kept.reverse()
    if len(kept) == len(plan):
        return None
    end = task.run(kept)
    if end is None or not pos <= end or end & neg:
        return None
    return end


def lazy_search(
    task: GroundTask,
    start: State | int,
    pos: State,
    neg: State,
    budget: int,
    deadline: Deadline,
    on_state,
) -> State | None:
    """Lazy greedy best-first search on the additive heuristic, helpful actions first (two
    queues, as in FF/Fast Downward). Incomplete under its budget; returns a goal state.
    ``on_state`` sees every state generated, as a bit set."""
    if isinstance(start, int):
        start = task.decode(start)
    est = heuristic(task, start, pos, neg)
    if est is None:
        return None
    seen = {start}
    tie = 0
    preferred: list = [(est[0], tie, start, est[1])]
    others: list = [(est[0], tie, start, est[1])]
    turn = 0
    evaluations = 0
    while preferred or others:
        deadline.check()
        queue = preferred if (turn % 2 == 0 and preferred) or not others else others
        turn += 1
        h, _, s, helpful = heapq.heappop(queue)
        if h == 0 and pos <= s and not (neg & s):
            return s
        good = {id(a) for a in helpful}
        for a in task.applicable(s):
            t = (s - a.delete) | a.add
            if t in seen:
                continue
            seen.add(t)
            on_state(task.encode(t))
            if pos <= t and not (neg & t):
                return t
            evaluations += 1
            if evaluations > budget:
                return None
            est = heuristic(task, t, pos, neg)
            if est is None:
                continue
            tie += 1
            item = (est[0], tie, t, est[1])
            heapq.heappush(preferred if id(a) in good else others, item)
    return None


def neighbourhood(
    task: GroundTask, start: State | int, budget: int, deadline: Deadline, on_state
) -> None:
    """Breadth-first states around ``start`` (reachable, since ``start`` is), shown to
    ``on_state`` as bit sets."""
    s0 = start if isinstance(start, int) else task.encode(start)
    seen = {s0}
    queue = deque([s0])
    step_rows = task.step_rows
    while queue and len(seen) < budget:
        deadline.check()
        s = queue.popleft()
        for _, _, keep, add, _ in step_rows(s):
            t = (s & keep) | add
            if t not in seen:
                seen.add(t)
                on_state(t)
                queue.append(t)
                if len(seen) >= budget:
                    return
