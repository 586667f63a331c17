"""The exact generic fullySpecify for classical domains: one proof per candidate fact.

A fact f is in the fully specified goal iff some goal state is reachable and the task
``(init, goal ∧ ¬f)`` is unsolvable; it is in the negative closure iff f is true in some
reachable state and ``(init, goal ∧ f)`` is unsolvable. Instead of enumerating every reachable
state (the oracle), each candidate is settled separately, cheapest evidence first:

1. relaxed reachability and static/monotone analysis: an atom no relaxed plan reaches is
   false everywhere; an init atom no reachable action deletes is true everywhere;
2. goal states found by search (goal-count greedy searches — ties to the oldest, then to the
   newest state, which crosses plateaus depth first —; Fast Downward's ``downward`` search
   binary, fed this ground task as SAS+, when the ``planners`` extra is installed; our own
   lazy best-first search otherwise; then breadth-first around each goal state found) refute
   every fact they lack. The plan to the first goal state is also stripped of the steps no
   later step or goal needs and replayed: that leaner goal state (no tile painted in passing,
   no sample taken on the way) refutes most side effects at once;
   Then two cheap refutations of many facts at once: each known plan from the init is
   *repaired* around the step that made a candidate true (:func:`.forward.splice`: the block
   put on the table, then the same tower built on it), and one goal-count search counts every
   unproven candidate as a cost, so its goal states lack as many as possible. The forward
   searches run on bit sets (:meth:`.task.GroundTask.encode`);
3. cheap proofs before any per-fact search: atoms the goal forces through the verified
   exactly-one invariants; *monotone landmarks* — an atom nothing deletes, false in the init,
   without whose adders the goal is not even relaxed-reachable, is made true by every plan
   and stays true; its mirror for the negative closure, *spent atoms* — an init atom nothing
   adds, without whose deleters the goal is not relaxed-reachable, is false in every goal
   state; a small regression from ``goal ∧ ¬f`` that the invariants exhaust;
4. what remains is searched per fact: a goal state without it reached from a known goal state
   with goal atoms broken on the way (:mod:`.refute`: the literal achieved first, then the
   goal rebuilt by the goal agenda with it protected — a tower taken down and rebuilt),
   else by greedy searches (from the last goal state, then from the init), else complete
   regression from ``goal ∧ ¬f``, pruned by mutex invariants (:mod:`.invariants`) with unit
   propagation over exactly-one groups; a regression that reaches the init instead yields a
   plan, hence one more goal state.

Every verdict is a proof: a fact is kept only when a complete search for ``goal ∧ ¬f`` is
exhausted (our regression, or Fast Downward's search, whose only pruning is relaxed
unreachability), dropped only when a reachable goal state, replayed from a plan, lacks it.
Past the state budget or the deadline the answer is undecided (``search_bound``/``timeout``),
never a guess. Numeric problems go to the oracle.

The parts live by concept: the ground task and its invariant closure in :mod:`.task`,
regression in :mod:`.regression`; the first goal state's searches in :mod:`.first`, the
forward searches in :mod:`.forward`, the goal agenda in
:mod:`.agenda`, refutation from known goal states in :mod:`.refute`; Fast Downward as a
sub-planner in :mod:`.downward`. This module only orchestrates the proofs.

>>> from planetarium_plugin import domain_packs, parse_problem
>>> bw = domain_packs()["blocksworld"].domain
>>> p = parse_problem('''(define (problem p) (:domain blocksworld) (:objects a b c)
...   (:init (arm-empty) (on-table a) (on-table b) (on-table c) (clear a) (clear b) (clear c))
...   (:goal (and (on a b) (on b c))))''', bw)
>>> sorted(map(str, exact_fully_specify(p, bw).positive))
['(arm-empty)', '(clear a)', '(on a b)', '(on b c)', '(on-table c)']
"""

from __future__ import annotations

from ..errors import Deadline, PlanetariumError, Reason
from ..parsing import Atom, Domain, Problem
from .closure import FullySpecifiedGoal
from .downward import downward_plan
from .first import DEEP, EARLY_STALL, LAZY, first_goal_state
from .forward import essential, greedy, lazy_search, neighbourhood, plan_to, splice
from .local import paired_proof
from .memo import Memo, closure_key, init_key
from .refute import novel_goal_states, origins, refute_from, refute_monotone
from .search import DEFAULT_MAX_STATES, search_fully_specify
from .task import GroundTask, State

__all__ = ["exact_fully_specify"]

#: States explored breadth-first around each goal state found (cheap refutations).
NEIGHBOURHOOD = 300
#: States for the quick goal-count search before heuristic search (per fact: from a goal state).
QUICK = 300
#: Budgets of the per-fact searches; the full ``max_states`` is tried only after them.
SMALL_BUDGET = 300
FIRST_BUDGET = 3_000
#: Seconds of the short sub-planner run between the small and the first regression.
SHORT_PLANNER = 0.25
#: States and rounds of the goal-count search that avoids every unproven candidate at once.
BATCH = 3_000
BATCH_ROUNDS = 3
#: ... each given up after as many states without progress as the first search (a rover's).
BATCH_STALL = EARLY_STALL
#: States around the repaired step of a known plan (:func:`.forward.splice`).
SPLICE = 30
#: At most this many candidates left by the first goal states: repaired plans before the
#: neighbourhood (a splice ~0.1-0.4 ms; the neighbourhood ~3-6 ms on the 44-block towers). One:
#: a goal that drops one atom of a complete one; with up to four the rover split's repairs
#: before it failed 295 times in 310 and the neighbourhood ran anyway.
SPLICE_FIRST = 1
#: Partial states of the quick regression that tries to prove a candidate before any search.
QUICK_REGRESSION = 60

#: Ground tasks by (domain text, objects, init), closures by that and the goal (:mod:`.memo`).
_TASKS: Memo[GroundTask] = Memo(8)
_CLOSURES: Memo[FullySpecifiedGoal] = Memo(512)


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
    key = closure_key(problem, domain, negative)
    known = _CLOSURES.get(key)
    if known is not None:
        return known
    tkey = init_key(problem, domain)
    task = _TASKS.get(tkey)
    if task is None:
        task = GroundTask(problem, domain, deadline)
        _TASKS.put(tkey, task)
    result = _specify(task, problem, negative, max_states, deadline)
    _CLOSURES.put(key, result)
    return result


def _specify(
    task: GroundTask, problem: Problem, negative: bool, max_states: int, deadline: Deadline
) -> FullySpecifiedGoal:
    goal = problem.goal
    gpos, gneg = goal.positive, goal.negative

    def unreachable() -> FullySpecifiedGoal:
        negs = gneg if negative else frozenset()
        return FullySpecifiedGoal(gpos, negs, goal.numeric, "exact", reachable=False)

    implied = task.close(gpos, gneg)  # no proof below adds invariants before it is read
    if implied is None:
        return unreachable()

    # Evidence gathered by every search, as bit sets (:meth:`GroundTask.encode`): goal states
    # (refutations), the atoms true in all of them, in some of them, in some reachable state.
    pm, nm = task.encode(gpos), task.encode(gneg)
    common: int | None = None
    union = 0
    seen_true = task.encode(task.init)
    goal_states: list[int] = []

    def on_state(s: int) -> None:
        nonlocal common, union, seen_true
        seen_true |= s
        if s & pm == pm and not s & nm:
            if common is None:
                common = s
                goal_states.append(s)
            elif common & ~s or s & ~union:
                goal_states.append(s)
            common &= s
            union |= s

    budget = max(1, max_states)
    for s in task.witnesses():  # a goal state of an earlier goal may satisfy this one too
        on_state(s)
    known = task.decode(goal_states[0]) if goal_states else None
    found = first_goal_state(task, gpos, gneg, known, budget, deadline, on_state)
    if found == "unreachable":
        return unreachable()
    if found == "unknown":
        raise _bound(max_states, "a goal state")
    # Goal states around the first refute candidates; none is left when the goal, the static
    # atoms and the invariant closure of the goal already hold every atom of the goal states
    # found (a complete tower): every goal state has them all, so nothing can be refuted.
    settled = task.encode(gpos | task.always | implied[0])
    spliced: set[Atom] = set()
    if not negative and 0 < (common & ~settled).bit_count() <= SPLICE_FIRST:
        # Few candidates (a goal that drops one atom of a complete tower): each known plan
        # repaired around the step that made one true (:func:`.forward.splice`, microseconds)
        # before the breadth-first states (milliseconds, and 300 states rarely undo a tower).
        for f in sorted(task.decode(common & ~settled)):
            spliced.add(f)
            if common & task.encode((f,)):
                for known in reversed(task.plans()):
                    if splice(task, known, gpos, gneg | {f}, f, SPLICE, deadline, on_state):
                        break
    if negative or common & ~settled:
        neighbourhood(task, goal_states[0], NEIGHBOURHOOD, deadline, on_state)

    def find(pos: State, neg: State, what: str, quick: bool = True) -> bool:
        """True if (pos, neg) holds in some reachable state (feeding ``on_state``), False if
        proved impossible; raises when undecided. ``quick=False``: the short goal-count search
        from the last goal state has been run already (:func:`refuted`)."""
        # A monotone atom true in the last goal state stays true: search from the init then.
        stuck = bool(task.encode(neg - task.deleted) & goal_states[-1])
        if not stuck and quick:
            hit, _ = greedy(task, goal_states[-1], pos, neg, QUICK, deadline, on_state)
            if hit is not None:
                return True
        trail: dict = {}
        hit, done = greedy(
            task, task.init, pos, neg, DEEP, deadline, on_state, newest_first=True, parents=trail
        )
        if hit is not None:
            steps = plan_to(trail, hit)
            task.remember_plan(steps)
            lean = essential(task, steps, pos, neg)
            if lean is not None:
                on_state(task.encode(lean))
            return True
        if done:
            return False
        for size in (SMALL_BUDGET, FIRST_BUDGET, budget):
            verdict, plan = "unknown", None
            if size == SMALL_BUDGET:
                # A short planner run before the larger regressions: a goal state that takes a
                # long plan (moving a tall tower) is found in milliseconds by the planner
                # where hundreds of regression nodes (~1 ms each) find nothing. The quick
                # regression and the landmark proof have already tried to prove the fact.
                verdict, plan = downward_plan(task, pos, neg, deadline, cap=SHORT_PLANNER)
            if verdict == "unknown":
                verdict, plan = task.regress(pos, neg, min(size, budget), deadline)
            if verdict == "unknown" and size == FIRST_BUDGET:
                verdict, plan = downward_plan(task, pos, neg, deadline)
            if verdict == "unknown" and size == FIRST_BUDGET:
                start = task.init if stuck else goal_states[-1]
                hit = lazy_search(task, start, pos, neg, LAZY, deadline, on_state)
                if hit is not None:
                    return True
            if verdict == "unsolvable":
                return False
            state = task.run(plan) if verdict == "solvable" and plan is not None else None
            if state is not None:
                task.remember_plan(plan)
                on_state(task.encode(state))
                neighbourhood(task, state, NEIGHBOURHOOD // 3, deadline, on_state)
                return True
            if min(size, budget) <= DEEP:
                continue  # the goal-count search above already had as many states
            hit, done = greedy(task, task.init, pos, neg, min(size, budget), deadline, on_state)
            if hit is not None:
                neighbourhood(task, hit, NEIGHBOURHOOD // 3, deadline, on_state)
                return True
            if done:
                return False
        raise _bound(max_states, what)

    costs: dict = {}  # relaxed costs from each origin, for refute_from

    def refuted(f: Atom, want: bool) -> bool:
        """Whether a goal state with ``f`` (``want``) or without it is reached, feeding
        ``on_state``: first by the short goal-count search from the last goal state
        (:func:`find`'s first step: a rover driven on), then from each of
        :func:`.refute.origins` by :func:`.refute.refute_from`."""
        pos, neg = (gpos | {f}, gneg) if want else (gpos, gneg | {f})
        if not task.encode(neg - task.deleted) & goal_states[-1]:
            hit, _ = greedy(task, goal_states[-1], pos, neg, QUICK, deadline, on_state)
            if hit is not None:
                return True
        for origin, rest in origins(task, f, want, goal_states[-1], goal_states[0]):
            end = refute_from(
                task, task.decode(origin), gpos, gneg, f, want, deadline, costs=costs, then=rest
            )
            if end is not None:
                on_state(task.encode(end))
                return True
        return False

    assert common is not None
    proven = set(gpos) | ((task.always | implied[0]) & task.decode(common))
    # A known plan repaired around the step that made a candidate true refutes it in
    # microseconds (the block put on the table, then the same tower built on it).
    for f in sorted(task.decode(common & ~task.encode(proven))):
        if f not in spliced and common & task.encode((f,)):
            for known in reversed(task.plans()):
                if splice(task, known, gpos, gneg | {f}, f, SPLICE, deadline, on_state):
                    break
    # One search refutes many: a goal-count search from the init that also counts the
    # unproven candidates as costs ends in goal states lacking several of them at once (an
    # image taken with another camera, a sample analysed by another rover); repeated while
    # it refutes something. Only found goal states count: nothing is proven by it.
    for _ in range(BATCH_ROUNDS):
        avoid = common & ~task.encode(proven)
        if not avoid:
            break
        greedy(task, task.init, gpos, gneg, BATCH, deadline, on_state, newest_first=True,
               avoid=avoid, stall=BATCH_STALL)
        if common & avoid == avoid:
            break
    # The atoms nothing deletes that no goal state found lacks yet (images taken), refuted
    # together by one goal agenda run from the init where other rovers can do them all.
    refute_monotone(task, task.decode(common) - proven, gpos, gneg, deadline, on_state)
    deferred: dict[Atom, int] = {}  # no cheap proof yet: wait for others (crate1 at depot0)
    while todo := sorted(x for x in task.decode(common) if x not in proven):
        f = min(todo, key=deferred.__contains__)
        if f in deferred:  # the pairs again only if facts were proved since (len(proven))
            if deferred[f] < len(proven) and paired_proof(
                task, gpos | proven, gneg, f, False, deadline
            ) or not find(
                gpos, gneg | {f}, f"whether {f} holds in every goal state", quick=False
            ):
                proven.add(f)
            continue
        if f not in task.deleted and task.landmark(gpos, f):
            proven.add(f)  # a monotone landmark of the goal
            continue
        if any(
            splice(task, known, gpos, gneg | {f}, f, SPLICE, deadline, on_state)
            for known in reversed(task.plans())
        ):
            continue  # refuted: a known plan repaired around the step that made f true
        verdict, _ = task.regress(gpos, gneg | {f}, QUICK_REGRESSION, deadline)
        if verdict == "unsolvable":
            proven.add(f)
            continue
        if refuted(f, False):
            continue  # a goal state without f, reached from a known one (goal atoms broken)
        if paired_proof(task, gpos | proven, gneg, f, False, deadline):
            proven.add(f)  # pairwise mutexes, from the goal or the part of it about f's objects
        deferred[f] = len(proven)
    negs: frozenset[Atom] = frozenset()
    if negative:
        # Goal states with atoms no goal state found so far has, many at once: a width-1
        # search from the last goal state (each atom in some goal state: a rover driven to
        # every waypoint), before one refutation per atom.
        novel_goal_states(task, goal_states[-1], pm, nm, deadline, on_state)
        decided: set[Atom] = set()
        while True:
            todo = sorted(x for x in task.reached - task.decode(union) if x not in decided)
            if not todo:
                break
            f = todo[0]
            decided.add(f)
            bit = task.encode((f,))
            if not union & bit and task.spent(gpos, f):
                negs |= {f}  # used up on the way to every goal state: no search
                continue
            if union & bit or refuted(f, True):
                continue
            if not paired_proof(task, task.decode(common), gneg, f, True, deadline) and find(
                gpos | {f}, gneg, f"whether {f} holds in some goal state", quick=False
            ):
                continue
            if not seen_true & bit and not find(
                frozenset({f}), frozenset(), f"whether {f} is reachable"
            ):
                continue
            negs |= {f}
    task.remember(goal_states)
    return FullySpecifiedGoal(task.decode(common), negs, goal.numeric, "exact", reachable=True)


def _bound(max_states: int, what: str) -> PlanetariumError:
    why = f"could not decide {what} within {max_states} states (exact fullySpecify)"
    return PlanetariumError(Reason.SEARCH_BOUND, why)

