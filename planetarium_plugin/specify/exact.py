"""The exact generic fullySpecify for classical domains: one proof per candidate fact.

A fact f is in the fully specified goal iff some goal state is reachable and the task
``(init, goal ∧ ¬f)`` is unsolvable; it is in the negative closure iff f is true in some
reachable state and ``(init, goal ∧ f)`` is unsolvable. Instead of enumerating every reachable
state (the oracle), each candidate is settled separately, cheapest evidence first:

1. relaxed reachability and static/monotone analysis: an atom no relaxed plan reaches is
   false everywhere; an init atom no reachable action deletes is true everywhere;
2. goal states found by search (a goal-count greedy search; Fast Downward's ``downward``
   search binary, fed this ground task as SAS+, when the ``planners`` extra is installed; our
   own lazy best-first search otherwise; then breadth-first around each goal state found)
   refute every fact they lack — most candidates end here;
3. what remains is proved by complete regression from ``goal ∧ ¬f``, pruned by mutex
   invariants (:mod:`.invariants`) with unit propagation over exactly-one groups; a regression
   that reaches the init instead yields a plan, hence one more goal state.

Every verdict is a proof: a fact is kept only when a complete search for ``goal ∧ ¬f`` is
exhausted (our regression, or Fast Downward's search, whose only pruning is relaxed
unreachability), dropped only when a reachable goal state, replayed from a plan, lacks it.
Past the state budget or the deadline the answer is undecided (``search_bound``/``timeout``),
never a guess. Numeric problems go to the oracle.

>>> from planetarium_plugin import domain_packs, parse_problem
>>> bw = domain_packs()["blocksworld"].domain
>>> p = parse_problem('''(define (problem p) (:domain blocksworld) (:objects a b c)
...   (:init (arm-empty) (on-table a) (on-table b) (on-table c) (clear a) (clear b) (clear c))
...   (:goal (and (on a b) (on b c))))''', bw)
>>> sorted(map(str, exact_fully_specify(p, bw).positive))
['(arm-empty)', '(clear a)', '(on a b)', '(on b c)', '(on-table c)']
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Iterable
from pathlib import Path

from ..errors import Deadline, PlanetariumError, Reason
from ..parsing import Atom, Domain, Problem
from .closure import FullySpecifiedGoal
from .grounding import GroundAction, ground_actions
from .invariants import candidate_schemas, mutex_groups
from .search import DEFAULT_MAX_STATES, search_fully_specify

__all__ = ["exact_fully_specify"]

State = frozenset[Atom]

#: States explored breadth-first around each goal state found (cheap refutations).
NEIGHBOURHOOD = 300
#: States for the quick goal-count search before heuristic search.
QUICK = 300
#: Heuristic evaluations of the lazy best-first search when no complete planner answered.
LAZY = 1_000
#: First budget of the per-fact searches; the full ``max_states`` is tried only after it.
FIRST_BUDGET = 3_000


class _Task:
    """The relevant part of a ground task: reachable actions, atoms, invariants, indexes."""

    def __init__(self, problem: Problem, domain: Domain, deadline: Deadline) -> None:
        self.init: State = problem.init
        actions = ground_actions(problem, domain, deadline)
        self.reached, self.actions = _relaxed(problem.init, actions, deadline)
        deleted: set[Atom] = set()
        for a in self.actions:
            deleted |= a.delete - a.add
        self.always = frozenset(a for a in self.init if a not in deleted)
        self.adders: dict[Atom, list[GroundAction]] = {}
        self.deleters: dict[Atom, list[GroundAction]] = {}
        self.by_pre: dict[Atom | None, list[GroundAction]] = {}
        for a in self.actions:
            for x in a.add:
                self.adders.setdefault(x, []).append(a)
            for x in a.delete - a.add:
                self.deleters.setdefault(x, []).append(a)
            key = min(a.pre_pos, key=str) if a.pre_pos else None
            self.by_pre.setdefault(key, []).append(a)
        self.acts = self.actions
        self.pre_count = [len(a.pre_pos) for a in self.actions]
        self.no_pre = [i for i, n in enumerate(self.pre_count) if n == 0]
        self.waiting_idx: dict[Atom, list[int]] = {}
        for i, a in enumerate(self.actions):
            for x in a.pre_pos:
                self.waiting_idx.setdefault(x, []).append(i)
        groups = mutex_groups(candidate_schemas(domain), self.init, self.reached, self.actions)
        self.groups = groups
        self.group_of: dict[Atom, list[int]] = {}
        for i, g in enumerate(groups):
            for x in g.atoms:
                self.group_of.setdefault(x, []).append(i)

    # -- forward ---------------------------------------------------------------------------

    def applicable(self, s: State) -> Iterable[GroundAction]:
        for key in (None, *s):
            for a in self.by_pre.get(key, ()):
                if a.pre_pos <= s and not (a.pre_neg & s):
                    yield a

    def successors(self, s: State) -> Iterable[State]:
        for a in self.applicable(s):
            yield (s - a.delete) | a.add

    # -- partial states --------------------------------------------------------------------

    def close(self, pos: Iterable[Atom], neg: Iterable[Atom]) -> tuple[State, State] | None:
        """Propagate invariants through a partial state; None when no reachable state fits.

        Members of a group with a true atom are false; an exactly-one group with one member
        left is true; two true members of a group, or none left, is a contradiction.
        """
        always, reached, groups, group_of = self.always, self.reached, self.groups, self.group_of
        p: set[Atom] = set()
        n: set[Atom] = set()
        todo_p = [x for x in pos if x not in always]
        todo_n = []
        for y in neg:
            if y in always:
                return None
            if y in reached and y not in n:
                n.add(y)
                todo_n.append(y)
        while todo_p or todo_n:
            while todo_p:
                x = todo_p.pop()
                if x in p:
                    continue
                if x in n or x not in reached:
                    return None
                p.add(x)
                for gi in group_of.get(x, ()):
                    for y in groups[gi].atoms:
                        if y == x:
                            continue
                        if y in p:
                            return None
                        if y not in n:
                            n.add(y)
                            todo_n.append(y)
            while todo_n:
                y = todo_n.pop()
                if y in p:
                    return None
                for gi in group_of.get(y, ()):
                    g = groups[gi]
                    if not g.exactly_one or not g.atoms.isdisjoint(p):
                        continue
                    left = [z for z in g.atoms if z not in n]
                    if not left:
                        return None
                    if len(left) == 1:
                        todo_p.append(left[0])
        return frozenset(p), frozenset(n)

    def regress(
        self, pos: Iterable[Atom], neg: Iterable[Atom], budget: int, deadline: Deadline
    ) -> tuple[str, list[GroundAction] | None]:
        """Complete regression: ``("unsolvable", None)``, ``("solvable", plan)`` or
        ``("unknown", None)`` past ``budget`` partial states.

        A node is a *core* partial state (what regression produced) and its closure under the
        invariants. Only actions touching the core are relevant (the last action of a shortest
        plan must touch it); the closure prunes, checks consistency and merges duplicates.
        """
        core = (frozenset(pos), frozenset(neg))
        full = self.close(*core)
        if full is None:
            return "unsolvable", None
        parent: dict[tuple[State, State], tuple | None] = {full: None}
        queue = deque([(core, full)])
        while queue:
            deadline.check()
            node = queue.popleft()
            (cp, cn), (p, n) = node
            if p <= self.init and n.isdisjoint(self.init):
                plan: list[GroundAction] = []
                key = node[1]
                while parent[key] is not None:
                    key, act = parent[key]
                    plan.append(act)
                return "solvable", plan  # regression order is the plan's forward order
            relevant: dict[int, GroundAction] = {}
            for x in cp:
                for a in self.adders.get(x, ()):
                    relevant[id(a)] = a
            for x in cn:
                for a in self.deleters.get(x, ()):
                    relevant[id(a)] = a
            for a in relevant.values():
                eff_del = a.delete - a.add
                if not a.add.isdisjoint(n) or not eff_del.isdisjoint(p):
                    continue
                core2 = ((cp - a.add) | a.pre_pos, (cn - eff_del) | a.pre_neg)
                full2 = self.close(*core2)
                if full2 is not None and full2 not in parent:
                    parent[full2] = (node[1], a)
                    queue.append((core2, full2))
            if len(parent) > budget:
                return "unknown", None
        return "unsolvable", None

    def run(self, plan: list[GroundAction]) -> State | None:
        s = self.init
        for a in plan:
            if not (a.pre_pos <= s) or a.pre_neg & s:
                return None
            s = (s - a.delete) | a.add
        return s


def _relaxed(
    init: State, actions: list[GroundAction], deadline: Deadline
) -> tuple[frozenset[Atom], list[GroundAction]]:
    """Atoms and actions reachable when deletes (and negative preconditions) are ignored."""
    waiting: dict[Atom, list[int]] = {}
    missing = []
    ready = []
    for i, a in enumerate(actions):
        need = len(a.pre_pos)
        missing.append(need)
        if need == 0:
            ready.append(i)
        for x in a.pre_pos:
            waiting.setdefault(x, []).append(i)
    reached = set(init)
    todo = list(init)
    used: list[int] = []
    while todo or ready:
        deadline.check()
        while todo:
            x = todo.pop()
            for i in waiting.get(x, ()):
                missing[i] -= 1
                if missing[i] == 0:
                    ready.append(i)
        while ready:
            i = ready.pop()
            used.append(i)
            for x in actions[i].add:
                if x not in reached:
                    reached.add(x)
                    todo.append(x)
    used.sort()
    return frozenset(reached), [actions[i] for i in used]


def _greedy(
    task: _Task,
    start: State,
    pos: State,
    neg: State,
    budget: int,
    deadline: Deadline,
    on_state,
) -> tuple[State | None, bool]:
    """Greedy best-first search (goal-count) for a state with ``pos`` true and ``neg`` false.

    Returns (state or None, exhausted). ``on_state`` sees every state generated.
    """

    def h(s: State) -> int:
        return len(pos - s) + len(neg & s)

    seen = {start}
    on_state(start)
    heap = [(h(start), 0, start)]
    tie = 1
    while heap:
        deadline.check()
        hs, _, s = heapq.heappop(heap)
        if hs == 0:
            return s, False
        for t in task.successors(s):
            if t not in seen:
                if len(seen) >= budget:
                    return None, False
                seen.add(t)
                on_state(t)
                heapq.heappush(heap, (h(t), tie, t))
                tie += 1
    return None, True


def _heuristic(task: _Task, s: State, pos: State, neg: State):
    """Additive relaxed cost of the goal from ``s`` and FF's helpful actions, or None when
    the goal is relaxed-unreachable. A literal ``(not f)`` needs an action deleting f.

    Layered exploration over integer-indexed actions (deletes ignored); an atom's cost is
    fixed when it is first reached (an approximation of h_add: it only guides the search).
    """
    acts, pre_count, waiting = task.acts, task.pre_count, task.waiting_idx
    cost: dict[Atom, int] = dict.fromkeys(s, 0)
    achiever: dict[object, int] = {}
    missing = pre_count.copy()
    frontier = [i for i in task.no_pre]
    for x in s:
        for i in waiting.get(x, ()):
            missing[i] -= 1
            if missing[i] == 0:
                frontier.append(i)
    wanted = [x for x in neg if x in s]
    open_goals = sum(1 for x in pos if x not in cost) + len(wanted)
    neg_cost: dict[Atom, int] = {}
    while frontier and open_goals:
        new_atoms: dict[Atom, int] = {}
        for i in frontier:
            a = acts[i]
            c = 1 + sum(cost[y] for y in a.pre_pos)
            for x in a.add:
                if x not in cost and (x not in new_atoms or c < new_atoms[x]):
                    new_atoms[x] = c
                    achiever[x] = i
            for x in wanted:
                if x in a.delete and x not in a.add and x not in neg_cost:
                    neg_cost[x] = c
                    achiever[("not", x)] = i
                    open_goals -= 1
        frontier = []
        for x, c in new_atoms.items():
            cost[x] = c
            if x in pos:
                open_goals -= 1
            for i in waiting.get(x, ()):
                missing[i] -= 1
                if missing[i] == 0:
                    frontier.append(i)
    if open_goals > 0:
        return None
    h = sum(cost[x] for x in pos) + sum(neg_cost.values())
    helpful: dict[int, GroundAction] = {}
    todo: list = [x for x in pos if cost[x] > 0] + [("not", x) for x in wanted]
    done: set = set()
    while todo:
        key = todo.pop()
        if key in done:
            continue
        done.add(key)
        i = achiever[key]
        a = acts[i]
        ready = True
        for y in a.pre_pos:
            if cost[y] > 0:
                ready = False
                todo.append(y)
        if ready:
            helpful[i] = a
    return h, list(helpful.values())


def _lazy_search(
    task: _Task, start: State, pos: State, neg: State, budget: int, deadline: Deadline, on_state
) -> State | None:
    """Lazy greedy best-first search on the additive heuristic, helpful actions first (two
    queues, as in FF/Fast Downward). Incomplete under its budget; returns a goal state."""
    est = _heuristic(task, start, pos, neg)
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
            on_state(t)
            if pos <= t and not (neg & t):
                return t
            evaluations += 1
            if evaluations > budget:
                return None
            est = _heuristic(task, t, pos, neg)
            if est is None:
                continue
            tie += 1
            item = (est[0], tie, t, est[1])
            heapq.heappush(preferred if id(a) in good else others, item)
    return None


def _sas(task: _Task, pos: State, neg: State) -> str | None:
    """The ground task as Fast Downward's SAS+ input (one binary variable per atom that
    actions touch), or None when a goal atom can never hold."""
    atoms = sorted(
        {x for a in task.actions for x in (*a.pre_pos, *a.pre_neg, *a.add, *a.delete)}
        | set(pos)
        | set(neg),
        key=str,
    )
    var = {x: i for i, x in enumerate(atoms)}
    out = ["begin_version", "3", "end_version", "begin_metric", "0", "end_metric", str(len(atoms))]
    for i, x in enumerate(atoms):
        out += ["begin_variable", f"v{i}", "-1", "2", f"Atom {x}", f"NegatedAtom {x}"]
        out.append("end_variable")
    out += ["0", "begin_state", *("0" if x in task.init else "1" for x in atoms), "end_state"]
    goal = [f"{var[x]} 0" for x in sorted(pos, key=str)]
    goal += [f"{var[x]} 1" for x in sorted(neg, key=str)]
    out += ["begin_goal", str(len(goal)), *goal, "end_goal"]
    ops = []
    for k, a in enumerate(task.actions):
        if a.pre_pos & a.pre_neg:
            continue
        prevail, effects = [], []
        for x in sorted({*a.pre_pos, *a.pre_neg, *a.add, *a.delete}, key=str):
            pre = 0 if x in a.pre_pos else 1 if x in a.pre_neg else -1
            post = 0 if x in a.add else 1 if x in a.delete else None
            if post is None or post == pre:
                if pre != -1:
                    prevail.append(f"{var[x]} {pre}")
            else:
                effects.append(f"0 {var[x]} {pre} {post}")
        if not effects:
            continue
        ops += ["begin_operator", f"op{k}", str(len(prevail)), *prevail, str(len(effects))]
        ops += [*effects, "1", "end_operator"]
    out += [str(ops.count("begin_operator")), *ops, "0"]
    return "\n".join(out) + "\n"


def _planner(task: _Task, pos: State, neg: State, deadline: Deadline):
    """Ask Fast Downward's search (lazy greedy on h_add, complete) for a plan to ``pos`` ∧
    ¬``neg``, fed our ground task directly (no translator run).

    Returns ``("solvable", plan)``, ``("unsolvable", None)`` (its proof: the search space was
    exhausted) or ``("unknown", None)`` — also when Fast Downward is not installed (the
    ``planners`` extra) or fails.
    """
    import tempfile

    from ..planning.processes import package_dir, plan_file, run_process

    base = package_dir("up_fast_downward")
    binary = base / "downward/builds/release/bin/downward" if base is not None else None
    if binary is None or not binary.exists():
        return "unknown", None
    left = deadline.remaining()
    timeout = 30.0 if left is None else min(30.0, left)
    if timeout <= 0.05:
        deadline.check()
        return "unknown", None
    text = _sas(task, pos, neg)
    search = "lazy_greedy([add()], preferred=[add()])"  # h_add: far fewer plateaus than h_FF
    try:
        with tempfile.TemporaryDirectory(prefix="planetarium-specify-") as tmp:
            path = Path(tmp) / "plan"
            cmd = [str(binary), "--search", search, "--internal-plan-file", str(path)]
            rc, _, timed_out = run_process(cmd, timeout, tmp, stdin=text)
            steps = plan_file(path) if rc == 0 and not timed_out else None
    except OSError:
        return "unknown", None
    if rc in (10, 11) and not timed_out:
        return "unsolvable", None
    if steps is None:
        return "unknown", None
    plan = []
    for step in steps:
        name = step.strip("()").split()[0] if step.strip("()") else ""
        if not name.startswith("op") or not name[2:].isdigit():
            return "unknown", None
        k = int(name[2:])
        if k >= len(task.actions):
            return "unknown", None
        plan.append(task.actions[k])
    return "solvable", plan


def _neighbourhood(task: _Task, start: State, budget: int, deadline: Deadline, on_state) -> None:
    """Breadth-first states around ``start`` (reachable, since ``start`` is)."""
    seen = {start}
    queue = deque([start])
    while queue and len(seen) < budget:
        deadline.check()
        for t in task.successors(queue.popleft()):
            if t not in seen:
                seen.add(t)
                on_state(t)
                queue.append(t)
                if len(seen) >= budget:
                    return


def exact_fully_specify(
    problem: Problem,
    domain: Domain,
    *,
    negative: bool = False,
    max_states: int = DEFAULT_MAX_STATES,
    deadline: Deadline | None = None,
) -> FullySpecifiedGoal:
    """Fully specify ``problem``'s goal by per-fact proofs (see the module notes).

    Same answer as :func:`~.search.search_fully_specify`; numeric problems are delegated to
    it. Raises :class:`~planetarium_plugin.errors.PlanetariumError` (``search_bound`` or
    ``timeout``) when a fact cannot be settled within ``max_states`` or the deadline.
    """
    deadline = deadline or Deadline(None)
    numeric = problem.numeric_init or problem.goal.numeric or domain.numeric
    if numeric or any(a.pre_num or a.num_eff for a in domain.actions):
        return search_fully_specify(
            problem, domain, negative=negative, max_states=max_states, deadline=deadline
        )
    task = _Task(problem, domain, deadline)
    goal = problem.goal
    gpos, gneg = goal.positive, goal.negative

    def unreachable() -> FullySpecifiedGoal:
        negs = gneg if negative else frozenset()
        return FullySpecifiedGoal(gpos, negs, goal.numeric, "exact", reachable=False)

    if task.close(gpos, gneg) is None:
        return unreachable()

    # Evidence gathered by every search: goal states (refutations) and atoms seen true.
    common: set[Atom] | None = None
    union: set[Atom] = set()
    seen_true: set[Atom] = set(task.init)
    goal_states: list[State] = []

    def on_state(s: State) -> None:
        nonlocal common
        seen_true.update(s)
        if gpos <= s and not (gneg & s):
            if common is None:
                common = set(s)
                goal_states.append(s)
            elif not (common <= s) or not (s <= union):
                goal_states.append(s)
            common &= s
            union.update(s)

    budget = max(1, max_states)
    first, exhausted = _greedy(task, task.init, gpos, gneg, QUICK, deadline, on_state)
    if first is None and not exhausted:
        verdict, plan = _planner(task, gpos, gneg, deadline)
        if verdict == "unsolvable":
            return unreachable()
        first = task.run(plan) if plan is not None else None
        if first is not None:
            on_state(first)
    if first is None and not exhausted:
        first = _lazy_search(task, task.init, gpos, gneg, LAZY, deadline, on_state)
    if first is None and not exhausted:
        first, exhausted = _greedy(task, task.init, gpos, gneg, budget, deadline, on_state)
    if first is None:
        if exhausted:
            return unreachable()
        verdict, plan = task.regress(gpos, gneg, budget, deadline)
        if verdict == "unsolvable":
            return unreachable()
        if verdict == "unknown" or plan is None or task.run(plan) is None:
            raise _bound(max_states, "a goal state")
        on_state(task.run(plan))
    _neighbourhood(task, goal_states[0], NEIGHBOURHOOD, deadline, on_state)

    def find(pos: State, neg: State, what: str) -> bool:
        """True if (pos, neg) holds in some reachable state (feeding ``on_state``), False if
        proved impossible; raises when undecided."""
        hit, _ = _greedy(task, goal_states[-1], pos, neg, QUICK, deadline, on_state)
        if hit is not None:
            return True
        for size in (FIRST_BUDGET, budget):
            verdict, plan = task.regress(pos, neg, min(size, budget), deadline)
            if verdict == "unknown" and size == FIRST_BUDGET:
                verdict, plan = _planner(task, pos, neg, deadline)
            if verdict == "unknown" and size == FIRST_BUDGET:
                hit = _lazy_search(task, goal_states[-1], pos, neg, LAZY, deadline, on_state)
                if hit is not None:
                    return True
            if verdict == "unsolvable":
                return False
            state = task.run(plan) if verdict == "solvable" and plan is not None else None
            if state is not None:
                on_state(state)
                _neighbourhood(task, state, NEIGHBOURHOOD // 3, deadline, on_state)
                return True
            hit, done = _greedy(task, task.init, pos, neg, min(size, budget), deadline, on_state)
            if hit is not None:
                _neighbourhood(task, hit, NEIGHBOURHOOD // 3, deadline, on_state)
                return True
            if done:
                return False
        raise _bound(max_states, what)

    proven = set(gpos) | (task.always & set(common or ()))
    while True:
        todo = sorted(x for x in (common or ()) if x not in proven)
        if not todo:
            break
        f = todo[0]
        if not find(gpos, gneg | {f}, f"whether {f} holds in every goal state"):
            proven.add(f)
    negs: frozenset[Atom] = frozenset()
    if negative:
        decided: set[Atom] = set()
        while True:
            todo = sorted(x for x in task.reached - union if x not in decided)
            if not todo:
                break
            f = todo[0]
            decided.add(f)
            if f in union or find(gpos | {f}, gneg, f"whether {f} holds in some goal state"):
                continue
            if f not in seen_true and not find(
                frozenset({f}), frozenset(), f"whether {f} is reachable"
            ):
                continue
            negs |= {f}
    assert common is not None
    return FullySpecifiedGoal(frozenset(common), negs, goal.numeric, "exact", reachable=True)


def _bound(max_states: int, what: str) -> PlanetariumError:
    return PlanetariumError(
        Reason.SEARCH_BOUND,
        f"could not decide {what} within {max_states} states (exact fullySpecify)",
    )
