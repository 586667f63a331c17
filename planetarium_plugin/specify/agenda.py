"""A goal agenda: a first plan for a goal of many atoms, achieved one atom at a time.

A tall tower in a new order has a long plan that goal-count searches do not find (every
preparatory step leaves the count unchanged) and that a complete planner takes seconds to
find. Serialising the goal, as FF's goal agenda does, makes each step short: the goal atoms are
achieved one after another, each by an enforced hill-climbing on the additive heuristic with
helpful actions, and an achieved atom is *protected* — no later step may delete it.

The order: atom g' comes before g when, in the init with g made true (and the atoms the
invariants make false with it removed), g' is no longer relaxed-reachable without the actions
deleting g (Koehler and Hoffmann's reasonable orderings, approximated by relaxed
reachability): the tower is built from the bottom up. An atom is then taken only if the rest of
the goal stays relaxed-reachable from the state reached once it holds, with every protected
atom's deleters removed.

A goal of many atoms (:data:`DIRECT_GOAL`: a tall tower) is first run with *direct steps*: a
ready goal atom that one or two applicable actions achieve (none deleting a protected atom) is
achieved so, and no rest-of-goal check follows any atom; only where that optimistic run gets
stuck does the agenda above run (a tower's goal atoms mostly need a block picked up and put
down: the checks and lookaheads were most of its plan's cost).

Sound by construction, incomplete on purpose: the plan is only a witness that a goal state is
reachable, replayed from the init before it is returned; anything the agenda cannot do
within its budget (a dead end, a cycle of orderings, a negative goal it cannot reach) answers
None and the caller falls back to its complete planners.
"""

from __future__ import annotations

from collections import deque

from ..errors import Deadline
from ..parsing import Atom
from .grounding import GroundAction
from .relaxed import estimate_from, heuristic, plan_tables, relaxed_plan, rerun
from .reuse import rows_table
from .steps import direct_steps, lookahead
from .task import GroundTask, State

__all__ = ["Budget", "agenda_plan", "climb", "lookahead", "replay"]

#: Heuristic evaluations the whole agenda may spend (each ~0.1-2 ms in Python).
EVALUATIONS = 3_000
#: States of one hill-climbing step's breadth-first search for a better state.
PLATEAU = 200
#: Climbs per goal atom in ``wide`` mode, each without the first step of the one before.
RETRIES = 8
#: After a rest-of-goal check passed by re-running the last relaxed plan, the next goal atom
#: is first sought by a lookahead along that plan (:func:`.relaxed.plan_tables`), without an
#: exploration; a climb only where it does not get there. False: always a climb (tests).
PLAN_AHEAD = True
#: Wall seconds the agenda may take before it gives up (the 44-block tower swaps take
#: 0.3-0.7 s on the shared 2-core box; Fast Downward's LAMA, the fallback, 3-4 s).
SECONDS = 2.0
#: Goals of at least this many atoms are first tried with *direct steps*: a goal atom one or
#: two applicable actions achieve (none banned: nothing protected deleted) is achieved so
#: (:func:`.steps.direct_steps`), and no atom is followed by the rest-of-goal check; where
#: that run gets stuck, the agenda runs again without them. None: never (tests).
DIRECT_GOAL: int | None = 32
#: ... and there, the atoms no direct step achieves are sought by a lookahead along the relaxed
#: plan of one exploration of the whole rest (made when there is none yet), a climb only where
#: that does not reach them — not by a climb (an exploration) each. False: a climb each (tests).
DIRECT_PROOF = True


def agenda_plan(
    task: GroundTask,
    pos: State,
    neg: State,
    deadline: Deadline,
    budget: int = EVALUATIONS,
    seconds: float = SECONDS,
    *,
    start: State | None = None,
    protect: frozenset[int] = frozenset(),
    wide: bool = False,
) -> list[GroundAction] | None:
    """A plan from the init (or from ``start``) to a state with ``pos`` true and ``neg`` false,
    or None (no proof of anything: the agenda got stuck, or ran out of its ``budget`` of
    evaluations or of its ``seconds``; the caller's ``deadline`` raises as everywhere).
    ``protect`` (indices into ``task.acts``) are never applied: a literal already achieved
    that must stay so (:mod:`.refute`); ``wide`` climbs with FF's fallback to every action
    (:func:`climb`)."""
    if DIRECT_GOAL is not None and len(pos) >= DIRECT_GOAL:
        clock = Deadline(seconds)
        plan = _agenda(task, pos, neg, deadline, budget, clock, start, protect, wide, True)
        if plan is not None or clock.expired():
            return plan
    return _agenda(task, pos, neg, deadline, budget, Deadline(seconds), start, protect, wide)


def _agenda(task, pos, neg, deadline, budget, clock, start, protect, wide, direct=False):
    """:func:`agenda_plan`'s run with its own ``clock``; ``direct``: with direct steps."""
    goal = sorted(pos, key=str)
    if len(goal) < 2 and not protect:
        return None  # nothing to serialise
    deleting = task.deleter_idx  # kept per task (a dict of every action per call cost ~1 ms)
    deleters = {x: set(deleting.get(x, ())) for x in goal}
    before = _orders(task, goal)
    left = list(goal)
    origin: State = task.init if start is None else start
    s = origin
    plan: list[GroundAction] = []
    banned: set[int] = set(protect)
    evals = Budget(budget, clock)
    # The last relaxed exploration of the rest of the goal: [state, banned actions, its costs
    # and achievers]; the next climb's first estimate on the same state reads it (.forward.
    # estimate_from: the same answer as a fresh call, one exploration fewer per goal atom).
    last: list = []
    proof: list[int] = []  # the relaxed plan of the last full exploration of the rest (_stays)
    pt: list = []  # [t, ban, .relaxed.plan_tables of proof from t] kept by a passing re-run
    while left:
        deadline.check()
        open_ = set(left)
        ready = [g for g in left if not (before[g] & open_)]
        # The ready atoms that already hold, protected all at once when the rest stays
        # relaxed-reachable with all their deleters banned: then each one-at-a-time check below
        # would pass too (fewer actions banned, no more atoms to reach) — one heuristic
        # evaluation instead of one per atom. (Only the order can differ, where protecting one
        # makes another ready; the plan is replayed and checked as always; the same plans on
        # 157 test-split problems.)
        held = [g for g in ready if g in s]
        if len(held) > 1:
            ban = banned.union(*(deleters[g] for g in held))
            rest = frozenset(x for x in left if x not in held)
            evals.left -= 1
            if direct or not rest or _stays(task, s, rest, ban, last, proof, pt):
                banned = ban
                left = [g for g in left if g not in held]
                continue
        tried = ready + [g for g in left if g not in ready]
        if direct and ready:
            step = None
            for g in ready:
                if g not in s and (step := direct_steps(task, s, g, banned)) is not None:
                    break
            if step is not None:
                for a in step:
                    s = (s - a.delete) | a.add
                plan += step
                banned = banned | deleters[g]
                left.remove(g)
                continue
        if direct and DIRECT_PROOF:
            # One exploration of the whole rest serves the atoms no direct step achieves: its
            # relaxed plan guides their lookaheads (a climb per atom explored from scratch).
            if last and last[0] is not s:
                last[:] = []
            if not proof and not _stays(task, s, frozenset(left), banned, last, proof, pt):
                return None
        for g in sorted(tried[: len(ready) or len(tried)], key=lambda g: g not in s):
            # (direct steps: no rest-of-goal check after any atom)
            rest = frozenset() if direct else frozenset(x for x in left if x != g)
            ban = banned | deleters[g]
            found = _achieve(task, s, g, rest, banned, ban, evals, deadline, wide, last, proof, pt)
            if found is None:
                if evals.spent():
                    return None
                continue  # g now would make the rest of the goal unreachable
            steps, t = found
            plan += steps
            s = t
            banned = ban
            left.remove(g)
            break
        else:
            return None
        if evals.spent():
            return None
    if neg & s:
        found = climb(task, s, pos, neg, banned, evals, deadline, wide)
        if found is None:
            return None
        plan += found[0]
    end = replay(origin, plan)
    if end is None or not pos <= end or end & neg:
        return None
    return plan


def _achieve(task, s, g, rest, banned, ban, evals, deadline, wide, last, proof, pt):
    """(steps, state) reaching ``g`` from ``s`` after which ``rest`` stays relaxed-reachable
    without the ``ban`` actions, or None. With ``wide``, a climb that ends in such a dead end
    is tried again with its first step left out, up to :data:`RETRIES` times (b2 held: put on
    b19, the tower then built on it, b19 can no longer go where the goal wants it)."""
    avoid: set[int] = set()
    none: frozenset[Atom] = frozenset()
    for _ in range(RETRIES if wide else 1):
        ahead = None
        if PLAN_AHEAD and g not in s and proof and not last:
            # The rest's relaxed plan, re-run from here by the last check, reaches g: executed
            # for g alone it often gets there, without a new exploration (a climb otherwise).
            off = banned | avoid  # (pt: the same tables as plan_tables; tested)
            kept = pt[2] if pt and pt[0] is s and pt[1] == off else plan_tables(task, proof, s, off)
            ahead = lookahead(task, s, kept, frozenset((g,)), none, off, deadline)
            if ahead is not None and g not in ahead[1]:
                ahead = None
        if g in s:
            steps, t = [], s
        elif ahead is not None:
            steps, t = ahead
        else:
            found = climb(
                task, s, frozenset((g,)), none, banned | avoid, evals, deadline, wide, last
            )
            if found is None:
                return None
            steps, t = found
        evals.left -= 1
        if not rest or _stays(task, t, rest, ban, last, proof, pt):
            return steps, t
        if not steps or evals.spent():
            return None
        avoid.add(task.row_of[id(steps[0])][4])
    return None


def _stays(task, t, rest, ban, last, proof, pt) -> bool:
    """Whether ``rest`` is relaxed-reachable from ``t`` without the ``ban`` actions: the
    same answer as :func:`.relaxed.heuristic` (not None), but first by re-running ``proof``,
    the relaxed plan of the last full exploration (a tower's rest usually keeps its plan:
    a few hundred set look-ups instead of an exploration of every action). Only an exploration
    leaves ``last`` (its costs, read by the next climb's first estimate) and a new ``proof``;
    after a re-run the next climb explores for its one atom: the same answer, fewer layers."""
    kept: list = []
    fixed = rerun(task, proof, t, rest, ban, keep=kept) if proof else None
    if fixed is not None:  # (repaired where it no longer reached the rest: kept so)
        last[:] = []
        proof[:] = fixed
        pt[:] = [t, ban, kept] if kept else []  # plan_tables of the new proof from t, ban
        return True
    if heuristic(task, t, rest, frozenset(), ban, kept) is None:
        return False  # (proof unchanged: pt still its tables)
    pt[:] = []
    last[:] = [t, ban, kept] if kept else []
    proof[:] = relaxed_plan(task, kept, rest) if kept else []
    return True


def replay(s: State, plan: list[GroundAction]) -> State | None:
    """The state ``plan`` leads to from ``s``, or None if a step is not applicable."""
    for a in plan:
        if not (a.pre_pos <= s) or a.pre_neg & s:
            return None
        s = (s - a.delete) | a.add
    return s


class Budget:
    """Heuristic evaluations left and the agenda's own time limit."""

    __slots__ = ("left", "clock")

    def __init__(self, left: int, clock: Deadline) -> None:
        self.left, self.clock = left, clock

    def spent(self) -> bool:
        return self.left <= 0 or self.clock.expired()


def _orders(task: GroundTask, goal: list[Atom]) -> dict[Atom, set[Atom]]:
    """For each goal atom g, the goal atoms to achieve before it (Koehler and Hoffmann's
    reasonable orderings, approximated): g' comes first when an atom every plan for g' needs
    — a precondition of all its adders, or of all the adders of such a precondition — is a
    fellow member of g in a mutex group (the close's first round: no close per atom)."""
    pres, known = rows_table(task, "pres"), rows_table(task, "needs")  # (kept: see rows_table)

    def common_pre(x: Atom) -> frozenset[Atom]:
        if x not in pres:
            adders = task.adders.get(x, ()) if x not in task.always else ()
            out = frozenset(adders[0].pre_pos) if adders else frozenset()
            pres[x] = out.intersection(*(a.pre_pos for a in adders[1:])) - task.always
        return pres[x]

    for x in goal:
        if x not in known:
            first = common_pre(x)
            known[x] = first.union(*(common_pre(y) for y in first))
    # Read the other way round: the goal atoms each needed atom is a need of (one
    # intersection per goal atom instead of one per pair; the same sets).
    needed_by: dict[Atom, list[Atom]] = {}
    for x in goal:
        for y in known[x]:
            needed_by.setdefault(y, []).append(x)
    by_group: dict[int, list[Atom]] = {}  # the needed atoms of each group
    for y in needed_by:
        for gi in task.group_of.get(y, ()):
            by_group.setdefault(gi, []).append(y)
    out: dict[Atom, set[Atom]] = {}
    for g in goal:  # (always true or never reached: the close makes nothing false)
        gs = () if g in task.always or g not in task.reached else task.group_of.get(g, ())
        out[g] = {x for i in gs for y in by_group.get(i, ()) if y != g for x in needed_by[y]} - {g}
    return out


def climb(
    task: GroundTask,
    s: State,
    pos: State,
    neg: State,
    banned: set[int],
    evals: Budget,
    deadline: Deadline,
    wide: bool = False,
    last: list | None = None,
) -> tuple[list[GroundAction], State] | None:
    """Enforced hill-climbing on the additive heuristic over helpful actions, none of them
    ``banned``: (steps, end state) with ``pos`` true and ``neg`` false, or None. With ``wide``,
    a step that no sequence of helpful actions improves is searched again over every action
    (FF's fallback: the relaxed plan names one achiever per atom — b1 put down on b15, where
    b15 must be picked up next — and the others are not helpful). ``last``: the agenda's last
    exploration of its goal's rest (read when it was on ``s`` with the same banned actions)."""
    est = None
    kept: list = []
    if last and len(pos) == 1 and not neg and (last[0] is s or last[0] == s) and last[1] == banned:
        est = estimate_from(task, last[2], next(iter(pos)))
        kept = last[2] if est is not None else []
    if est is None:
        est = heuristic(task, s, pos, neg, banned, kept)
    if est is None:
        return None
    h, helpful = est
    steps: list[GroundAction] = []
    while h > 0:
        if kept:
            ahead = lookahead(task, s, kept, pos, neg, banned, deadline)
            kept = []
            if ahead is not None:
                path, t = ahead
                if pos <= t and not neg & t:
                    return steps + path, t  # the goal reached: h = 0, no exploration
                evals.left -= 1
                e = heuristic(task, t, pos, neg, banned, kept)
                if e is not None and e[0] < h:
                    s, (h, helpful) = t, e
                    steps += path
                    continue
                kept = []
        better = _improve(task, s, helpful, h, pos, neg, banned, evals, deadline, kept)
        if better is None and wide and not evals.spent():
            kept = []  # the failed search's last exploration is not the state returned
            better = _improve(task, s, None, h, pos, neg, banned, evals, deadline, kept)
        if better is None:
            return None
        s, path, (h, helpful) = better
        steps += path
    return steps, s


def _improve(task, s, helpful, h, pos, neg, banned, evals, deadline, kept=None):
    """Breadth-first from ``s`` over ``helpful`` actions (each state's own; every applicable
    action not ``banned`` when None) to the first state with a lower heuristic value:
    (state, steps, estimate) or None. ``kept`` receives that state's exploration."""
    queue = deque([(s, helpful, ())])
    seen = {s}
    while queue:
        deadline.check()
        cur, acts, path = queue.popleft()
        if acts is None:
            row_of = task.row_of
            acts = [a for a in task.applicable(cur) if row_of[id(a)][4] not in banned]
        for a in acts:
            if not a.pre_pos <= cur or a.pre_neg & cur:
                continue
            t = (cur - a.delete) | a.add
            if t in seen:
                continue
            seen.add(t)
            evals.left -= 1
            if evals.spent() or len(seen) > PLATEAU:
                return None
            e = heuristic(task, t, pos, neg, banned, kept)
            if e is None:
                continue
            if e[0] < h:
                return t, (*path, a), e
            queue.append((t, e[1] if helpful is not None else None, (*path, a)))
    return None
