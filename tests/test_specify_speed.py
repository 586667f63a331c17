"""Issue 17's speed-ups of the generic path change no answer: the integer-indexed h_add equals
the atom-keyed one it replaced, and a candidate closed in the ground truth's object names (its
init renamed through the init isomorphism) gets the verdict and closure of its own names."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_specify_agenda import _problem
from test_specify_exact import CLASSICAL

from planetarium_plugin import Deadline, domain_packs, equivalent, parse_problem
from planetarium_plugin.equivalence import _specify_on_gt_init
from planetarium_plugin.parsing import Atom
from planetarium_plugin.registry import resolve_pack
from planetarium_plugin.specify import exact_fully_specify, invariants, relaxed
from planetarium_plugin.specify.forward import greedy
from planetarium_plugin.specify.grounding import GroundAction
from planetarium_plugin.specify.layers import numpy_available
from planetarium_plugin.specify.relaxed import estimate_from, heuristic
from planetarium_plugin.specify.task import GroundTask, State


def _reference_heuristic(task: GroundTask, s: State, pos: State, neg: State, banned=frozenset()):
    """Additive relaxed cost of the goal from ``s`` and FF's helpful actions, or None when
    the goal is relaxed-unreachable. A literal ``(not f)`` needs an action deleting f.
    ``banned`` (indices into ``task.acts``) are left out (a goal agenda's protected atoms).

    Layered exploration over integer-indexed actions (deletes ignored); an atom's cost is
    fixed when it is first reached (an approximation of h_add: it only guides the search).
    """
    acts, pre_count, waiting = task.acts, task.pre_count, task.waiting_idx
    cost: dict[Atom, int] = dict.fromkeys(s, 0)
    achiever: dict[object, int] = {}
    missing = pre_count.copy()
    frontier = [i for i in task.no_pre if i not in banned]
    for x in s:
        for i in waiting.get(x, ()):
            missing[i] -= 1
            if missing[i] == 0 and i not in banned:
                frontier.append(i)
    wanted = [x for x in neg if x in s]
    open_goals = sum(1 for x in pos if x not in cost) + len(wanted)
    neg_cost: dict[Atom, int] = {}
    while frontier and open_goals:
        new_atoms: dict[Atom, int] = {}
        for i in frontier:
            a = acts[i]
            c = 1
            for y in a.pre_pos:
                c += cost[y]
            for x in a.add:
                if x not in cost:
                    old = new_atoms.get(x)
                    if old is None or c < old:
                        new_atoms[x] = c
                        achiever[x] = i
            if wanted:
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
                if missing[i] == 0 and i not in banned:
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


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_indexed_heuristic_equals_the_atom_keyed_one(case, data):
    """Same estimate and the same helpful actions in the same order, on states of a random
    walk from the init, with and without banned actions."""
    problem, domain = _problem(case, data)
    task = GroundTask(problem, domain, Deadline(None))
    pos, neg = problem.goal.positive, problem.goal.negative
    rng = random.Random(data.draw(st.integers(0, 2**16)))
    s = task.init
    for _ in range(8):
        banned = {i for i in range(len(task.acts)) if rng.random() < 0.2}
        for ban in (frozenset(), banned):
            assert heuristic(task, s, pos, neg, ban) == _reference_heuristic(task, s, pos, neg, ban)
        nexts = list(task.successors(s))
        if not nexts:
            break
        s = rng.choice(nexts)


NUMPY = pytest.mark.skipif(not numpy_available(), reason="numpy not installed: only the loop")
#: relaxed.ARRAYS and ARRAY_ATOMS per kernel: the interpreter's loop, numpy's layers, the loop
#: after numpy's first release (:func:`.layers.start_release`).
KERNELS = {"loop": (10**9, 0), "arrays": (0, 0), "start": (0, 10**9)}


@pytest.mark.parametrize(
    "kernel", ["loop", pytest.param("arrays", marks=NUMPY), pytest.param("start", marks=NUMPY)]
)
@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_both_kernels_equal_the_atom_keyed_heuristic(kernel, case, data, monkeypatch):
    """The interpreter's loop, the numpy layers (:mod:`.specify.layers`, forced by
    ``ARRAYS = 0``) and the loop from numpy's first release give the atom-keyed estimate and
    helpful actions in the same order, on states of a random walk, with drawn negative
    literals (atoms of the state and not), drawn goals and banned actions; and
    :func:`estimate_from` over the kept exploration equals a fresh one-atom call."""
    arrays, atoms_at_least = KERNELS[kernel]
    monkeypatch.setattr(relaxed, "ARRAYS", arrays)
    monkeypatch.setattr(relaxed, "ARRAY_ATOMS", atoms_at_least)
    problem, domain = _problem(case, data)
    task = GroundTask(problem, domain, Deadline(None))
    rng = random.Random(data.draw(st.integers(0, 2**16)))
    atoms = sorted(task.atoms, key=str)
    s = task.init
    for _ in range(8):
        goals = [(problem.goal.positive, problem.goal.negative)]
        if atoms:
            pos = frozenset(rng.sample(atoms, min(len(atoms), rng.randint(1, 3))))
            neg = frozenset(rng.sample(atoms, min(len(atoms), rng.randint(0, 2))))
            goals.append((pos, neg))
            goals.append((frozenset(), frozenset(x for x in s if rng.random() < 0.3)))
        banned = {i for i in range(len(task.acts)) if rng.random() < 0.2}
        for pos, neg in goals:
            for ban in (frozenset(), banned):
                kept: list = []
                got = heuristic(task, s, pos, neg, ban, kept)
                assert got == _reference_heuristic(task, s, pos, neg, ban)
                if got is None or neg:
                    continue
                for g in pos:
                    assert estimate_from(task, kept, g) == heuristic(task, s, {g}, set(), ban)
        nexts = list(task.successors(s))
        if not nexts:
            break
        s = rng.choice(nexts)



def _reference_needs_one_of(task: GroundTask, goal, banned: set[int]) -> bool:
    """The atom-keyed relaxed reachability :meth:`GroundTask._needs_one_of` replaced."""
    missing = task.pre_count.copy()
    ready = [i for i in task.no_pre if i not in banned]
    reached = set(task.init)
    todo = list(task.init)
    open_goals = {x for x in goal if x not in reached}
    while (todo or ready) and open_goals:
        while todo:
            for i in task.waiting_idx.get(todo.pop(), ()):
                missing[i] -= 1
                if missing[i] == 0 and i not in banned:
                    ready.append(i)
        while ready:
            for x in task.acts[ready.pop()].add:
                if x not in reached:
                    reached.add(x)
                    todo.append(x)
                    open_goals.discard(x)
    return bool(open_goals)


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_needs_one_of_over_atom_numbers_equals_the_atom_keyed_one(case, data):
    """The landmark test over atom numbers answers as the atom-keyed one, for drawn goals
    (reachable atoms, init atoms, an atom never true) and drawn banned actions."""
    problem, domain = _problem(case, data)
    task = GroundTask(problem, domain, Deadline(None))
    rng = random.Random(data.draw(st.integers(0, 2**16)))
    atoms = sorted(task.atoms, key=str)
    never = Atom("never-true-here", ())
    for _ in range(10):
        goal = set(rng.sample(atoms, min(len(atoms), rng.randint(0, 3))))
        if rng.random() < 0.2:
            goal.add(never)
        banned = {i for i in range(len(task.acts)) if rng.random() < rng.choice((0.05, 0.3))}
        assert task._needs_one_of(goal, banned) == _reference_needs_one_of(task, goal, banned)

BW = domain_packs()["blocksworld"]
USER_BW = BW.domain_pddl.replace("(domain blocksworld)", "(domain user-bw)")


def _user(text: str) -> str:
    return re.sub(r"\(:domain blocksworld\)", "(:domain user-bw)", text)


def _bw(objects: list[str], init: list[str], goal: list[str]) -> str:
    return _user(
        f"(define (problem p) (:domain blocksworld) (:objects {' '.join(objects)})"
        f" (:init {' '.join(init)}) (:goal (and {' '.join(goal)})))"
    )


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_candidate_in_other_names_gets_its_own_verdict(data):
    """Random blocksworld towers; the candidate renames the objects and keeps or drops a goal
    atom (an implied one or not): the generic path's verdict equals the rules'."""
    n = data.draw(st.integers(3, 6))
    blocks = [f"b{i}" for i in range(n)]
    order = data.draw(st.permutations(blocks))
    init = ["(arm-empty)"] + [f"(on-table {b})" for b in blocks] + [f"(clear {b})" for b in blocks]
    goal = [f"(on {a} {b})" for a, b in zip(order, order[1:], strict=False)]
    goal += data.draw(st.lists(st.sampled_from([f"(clear {order[0]})", "(arm-empty)"])))
    names = data.draw(st.permutations([f"x{i}" for i in range(n)]))
    ren = dict(zip(blocks, names, strict=True))
    cand_goal = data.draw(st.lists(st.sampled_from(goal), min_size=1, unique=True))

    def rename(atoms: list[str]) -> list[str]:
        return [re.sub(r"\bb\d+\b", lambda m: ren[m.group(0)], a) for a in atoms]

    gt = _bw(blocks, init, goal)
    cand = _bw(list(names), rename(init), rename(cand_goal))
    generic = equivalent(gt, cand, USER_BW, timeout=30)
    rules = equivalent(
        gt.replace("user-bw", "blocksworld"),
        cand.replace("user-bw", "blocksworld"),
        "blocksworld",
        timeout=30,
    )
    assert generic.pack is None and rules.pack is not None
    assert generic.equivalent == rules.equivalent, (generic, rules)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_closure_through_the_ground_truths_init_is_the_candidates_own(data):
    """The candidate's closure computed in the ground truth's names and renamed back equals
    the one computed in its own names (negative closures included)."""
    n = data.draw(st.integers(2, 5))
    blocks = [f"b{i}" for i in range(n)]
    stacked = data.draw(st.permutations(blocks))
    cut = data.draw(st.integers(1, n))
    init = ["(arm-empty)", f"(clear {stacked[-1]})", f"(on-table {stacked[cut - 1]})"]
    init += [f"(on {a} {b})" for a, b in zip(stacked[cut:], stacked[cut - 1 :], strict=False)]
    init += [f"(on-table {b})" for b in stacked[: cut - 1]]
    init += [f"(clear {b})" for b in stacked[: cut - 1]]
    pool = [f"(on {a} {b})" for a in blocks for b in blocks if a != b]
    pool += [f"(clear {b})" for b in blocks] + [f"(on-table {b})" for b in blocks]
    goal = data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=3, unique=True))
    names = data.draw(st.permutations([f"x{i}" for i in range(n)]))
    ren = dict(zip(blocks, names, strict=True))

    def rename(atoms: list[str]) -> list[str]:
        return [re.sub(r"\bb\d+\b", lambda m: ren[m.group(0)], a) for a in atoms]

    pack = resolve_pack(USER_BW)
    assert pack.fully_specify is None
    gt = parse_problem(_bw(blocks, init, ["(arm-empty)"]), pack.domain)
    cand = parse_problem(_bw(list(names), rename(init), rename(goal)), pack.domain)
    back = {v: k for k, v in ren.items()}
    negative = data.draw(st.booleans())
    got = _specify_on_gt_init(cand, gt, back, pack, negative, 60_000, Deadline(None))
    own = exact_fully_specify(cand, pack.domain, negative=negative, max_states=60_000)
    assert (got.positive, got.negative, got.reachable) == (
        own.positive,
        own.negative,
        own.reachable,
    )


GT15 = """(define (problem p) (:domain blocksworld)
  (:objects b1 b2 b3 b4 b5 b6 b7 b8 b9 b10 b11 b12 b13 b14 b15)
  (:init (arm-empty) (on-table b10) (clear b4) (on b11 b10) (on b4 b11) (on-table b5)
    (clear b12) (on b12 b5) (on-table b3) (clear b1) (on b2 b3) (on b8 b2) (on b7 b8)
    (on b13 b7) (on b1 b13) (on-table b14) (clear b15) (on b9 b14) (on b15 b9) (on-table b6)
    (clear b6))
  (:goal (and (arm-empty) (on-table b14) (clear b11) (on b3 b14) (on b5 b3) (on b1 b5)
    (on b12 b1) (on b11 b12) (on-table b4) (clear b15) (on b13 b4) (on b8 b13) (on b15 b8)
    (clear b7) (on b10 b6) (on b7 b10) (clear b2))))"""


def test_actions_needing_two_atoms_of_a_mutex_group_are_pruned():
    """``stack b b`` needs ``holding b`` and ``clear b`` (one mutex group): never applicable,
    so ``on b b`` is not reachable and the exactly-one group "where is b" proves what a goal
    forces. A 15-block goal that leaves b9 unmentioned (it can only be on the table) was
    undecided at 10 s before; the rules are the oracle."""
    task = GroundTask(parse_problem(GT15, BW.domain), BW.domain, Deadline(30))
    assert Atom("on", ("b9", "b9")) not in task.reached
    assert not [a for a in task.actions if a.name == "stack" and a.args[0] == a.args[1]]
    assert Atom("on", ("b9", "b10")) in task.reached  # only the impossible ones go
    for cand in (GT15, GT15.replace("(clear b2)", ""), GT15.replace("(on b7 b10)", "")):
        got = equivalent(_user(GT15), _user(cand), USER_BW, timeout=10)
        want = equivalent(GT15, cand, "blocksworld", timeout=10)
        assert got.equivalent is not None and got.equivalent == want.equivalent


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), stall=st.integers(1, 20), start=st.integers(0, 20))
def test_a_stalled_goal_count_search_proves_nothing(case, data, stall, start):
    """Given up on a plateau (``stall``), the first search never claims the space exhausted
    unless it is, and what it returns is a goal state (the goal agenda and the complete
    searches decide the rest: the closures stay the oracle's, test_specify_exact)."""
    problem, domain = _problem(case, data)
    task = GroundTask(problem, domain, Deadline(None))
    pos, neg = problem.goal.positive, problem.goal.negative
    seen_full: set[int] = set()
    full, exhausted = greedy(task, task.init, pos, neg, 50_000, Deadline(None), seen_full.add)
    seen: set[int] = set()
    hit, done = greedy(
        task, task.init, pos, neg, 50_000, Deadline(None), seen.add, stall=stall, stall_start=start
    )
    if hit is None and done:
        assert exhausted and full is None and seen == seen_full
    if hit is not None:
        assert pos <= hit and not hit & neg


def _reference_groups(schemas, init, atoms, actions, proven=None) -> list:
    """The one-pass mutex_groups before its init half was split off (init-dependent
    ``bad`` seeded first), kept as the reference."""
    by_pred: dict[str, list[Atom]] = {}
    for a in atoms:
        by_pred.setdefault(a.predicate, []).append(a)
    out = []
    for schema in schemas:
        skip = proven.get(schema, frozenset()) if proven is not None else frozenset()
        k = invariants._arity_k(schema)
        parts: dict[str, list] = {}
        for p, m in schema:
            parts.setdefault(p, []).append(m)
        keys: dict[Atom, list[tuple]] = {}
        members: dict[tuple, set[Atom]] = {}
        for p, ms in parts.items():
            for a in by_pred.get(p, ()):
                for m in ms:
                    if len(m) != len(a.args):
                        continue
                    theta = invariants._theta(a.args, m, k)
                    if theta is not None:
                        keys.setdefault(a, []).append(theta)
                        members.setdefault(theta, set()).add(a)
        bad = {theta for theta, group in members.items() if len(group & init) > 1}
        adds_one: dict[tuple, bool] = {}
        for act in actions:
            if act.name in skip:
                continue
            eff_del = act.delete - act.add
            added: dict[tuple, set[Atom]] = {}
            for e in act.add:
                for t in keys.get(e, ()):
                    added.setdefault(t, set()).add(e)
            required: dict[tuple, int] = {}
            for x in act.pre_pos:
                for t in keys.get(x, ()):
                    required[t] = required.get(t, 0) + 1
            for t, es in added.items():
                if t in bad or es <= act.pre_pos or required.get(t, 0) > 1:
                    continue  # nothing new, or never applicable while at most one holds
                if len(es) > 1 or not any(t in keys.get(d, ()) for d in act.pre_pos & eff_del):
                    bad.add(t)
            for d in eff_del:
                for t in keys.get(d, ()):
                    if t not in added and required.get(t, 0) <= 1:
                        adds_one[t] = False
        for theta, group in members.items():
            if theta in bad or len(group) < 2:
                continue
            exactly = len(group & init) == 1 and adds_one.get(theta, True)
            out.append(invariants.MutexGroup(frozenset(group), exactly))
    return out


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_grounding_shared_by_inits_over_the_same_objects_is_each_inits_own(
    case, data, monkeypatch
):
    """Ground actions are kept per domain text, objects and static init atoms (the layouts of
    one set of blocks ground once): a task built on another reachable init from the kept
    grounding has the actions, atoms, static atoms and mutex groups of one grounded afresh."""
    import dataclasses

    from planetarium_plugin.specify import grounding as grounding_module
    from planetarium_plugin.specify import memo as memo_module
    from planetarium_plugin.specify import reach, reuse
    from planetarium_plugin.specify.grounding import ground_actions
    from planetarium_plugin.specify.invariants import (
        candidate_schemas,
        lifted_proven,
        mutex_groups,
    )
    from planetarium_plugin.specify.memo import Memo
    from planetarium_plugin.specify.search import reachable_states

    problem, domain = _problem(case, data)
    states = sorted((s for s, _ in reachable_states(problem, domain)), key=sorted)
    other = dataclasses.replace(problem, init=data.draw(st.sampled_from(states)))

    def forget() -> None:
        monkeypatch.setattr(memo_module, "_GROUNDED", Memo(4))
        for table in ("_CHECKS", "_KEPT", "_DELETED", "_ROWS", "_GROUPS", "_IDS", "_LAST_KEPT"):
            monkeypatch.setattr(reuse, table, Memo(4))
        monkeypatch.setattr(reach, "_TABLES", Memo(8))

    # Small tasks too take the arrays and their kept answers (:mod:`.reach`) when drawn so.
    monkeypatch.setattr(reach, "ARRAY_ACTIONS", data.draw(st.sampled_from([0, 10**9])))

    forget()
    first = GroundTask(problem, domain, Deadline(None))
    shared = GroundTask(other, domain, Deadline(None))
    again = GroundTask(other, domain, Deadline(None))  # every table kept: hits throughout
    if first.actions and shared.actions:  # the very same action objects: one grounding
        assert {id(a) for a in first.actions} & {id(a) for a in shared.actions}
    forget()
    fresh = GroundTask(other, domain, Deadline(None))
    # mutex_groups (group_checks, then groups_in per init) is the one-pass reference's.
    for p in (problem, other):
        grounding = ground_actions(p, domain, Deadline(None))
        reached, acts = grounding_module.relaxed_reachable(p.init, grounding, Deadline(None))
        for proven in (None, lifted_proven(domain)):
            schemas = candidate_schemas(domain)
            assert mutex_groups(schemas, p.init, reached, acts, proven) == _reference_groups(
                schemas, p.init, reached, acts, proven
            )
    for kept in (shared, again):
        assert kept.actions == fresh.actions  # in order: rows name actions by position
        assert kept.reached == fresh.reached
        assert kept.always == fresh.always and kept.deleted == fresh.deleted
        # (in any order: a group's place follows the atoms' iteration order, as before)
        groups = [(g.atoms, g.exactly_one) for g in kept.groups]
        assert len(groups) == len(fresh.groups)
        assert set(groups) == {(g.atoms, g.exactly_one) for g in fresh.groups}
        assert kept.atoms == fresh.atoms and kept.index == fresh.index
        assert kept.never == fresh.never and kept.dynamic == fresh.dynamic
        assert kept.by_bit == fresh.by_bit and kept.free_rows == fresh.free_rows
        assert kept.keyed == fresh.keyed
        assert kept.pre_count == fresh.pre_count and kept.no_pre == fresh.no_pre
        assert kept.relaxed_tables() == fresh.relaxed_tables()
        assert kept.relaxed_adders() == fresh.relaxed_adders()
        # The actions' indexes, kept with the rows (reuse.kept_with_rows), are the task's own.
        for name in ("adders", "deleters", "adder_idx", "deleter_idx", "waiting_idx", "by_pre"):
            assert getattr(kept, name) == getattr(fresh, name), name
        position = {id(a): i for i, a in enumerate(kept.actions)}
        assert {position[k]: r for k, r in kept.row_of.items()} == {
            fresh.actions.index(a): r for a in fresh.actions for r in [fresh.row_of[id(a)]]
        }
        # Each atom's groups (the index kept per groups and atoms: reuse.indexed_groups).
        def groups_of(task):
            return {
                x: {(task.groups[i].atoms, task.groups[i].exactly_one) for i in gs}
                for x, gs in task.group_of.items()
            }

        assert groups_of(kept) == groups_of(fresh)
    if again._rows is shared._rows:  # built by one task, read by the other
        assert again.adders is shared.adders and again.row_of is shared.row_of
    # Single-atom closes, kept per rows and groups (reuse.closes_table): shared by the two
    # tasks of one init, each answer the fresh task's (the closes read no other state).
    if again._rows is shared._rows and again.groups is shared.groups:
        assert again._false is shared._false and again._mutex is shared._mutex
    atoms = sorted(fresh.reached)
    for kept in (shared, again):
        for x in atoms:
            assert kept.false_with(x) == fresh.false_with(x)
            assert kept._mutex_of(x)[0] == fresh._mutex_of(x)[0]
            assert kept.close((x,), ()) == fresh.close((x,), ())
    # A task adding h^2 pairs extends its own copy of a shared group index, never the other's.
    before = (list(shared.groups), {x: list(gs) for x, gs in shared.group_of.items()})
    again.add_pair_mutexes(Deadline(None))
    assert (shared.groups, shared.group_of) == before
    # ... and closes into its own tables: the shared ones keep the answers without the pairs.
    paired = [again.false_with(x) for x in atoms]
    assert all(shared.false_with(x) == fresh.false_with(x) for x in atoms)
    fresh.add_pair_mutexes(Deadline(None))
    assert paired == [fresh.false_with(x) for x in atoms]


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_atoms_false_with_one_atom_are_its_closure_before_and_after_pair_mutexes(case, data):
    """The goal agenda's orderings read each goal atom's closure from a per-task table: it is
    :meth:`GroundTask.close` of the atom alone, and it follows the invariants when h^2 pairs
    are added (a stale entry would miss what the new pairs make false)."""
    problem, domain = _problem(case, data)
    task = GroundTask(problem, domain, Deadline(None))

    def fresh(x):
        closed = task.close((x,), ())
        return closed[1] if closed is not None else frozenset()

    atoms = sorted(task.reached)
    assert all(task.false_with(x) == fresh(x) for x in atoms)
    task.add_pair_mutexes(Deadline(None))
    assert all(task.false_with(x) == fresh(x) for x in atoms)


def _reference_costs(task: GroundTask, s: State) -> dict:
    """Each reachable atom's relaxed cost from ``s`` by a plain fixpoint: layer after layer of
    every action whose preconditions are costed, an atom first reached taking its cheapest
    adder's 1 + the preconditions' costs."""
    cost = {x: 0 for x in s if x in task.index}
    while True:
        new: dict = {}
        for a in task.acts:
            if all(x in cost for x in a.pre_pos):
                c = 1 + sum(cost[x] for x in a.pre_pos)
                for x in a.add:
                    if x not in cost and (x not in new or c < new[x]):
                        new[x] = c
        if not new:
            return cost
        cost.update(new)


@pytest.mark.parametrize("kernel", ["loop", pytest.param("arrays", marks=NUMPY)])
@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_refutation_costs_are_the_fixpoint_with_both_kernels(kernel, case, data, monkeypatch):
    """:func:`.refute._costs` (every atom's cost from a state, in one exploration run to the
    end), by the interpreter's loop and by the numpy layers (forced by ``ARRAYS = 0``), equals
    a plain layer-by-layer fixpoint on states of a random walk: -1 exactly where unreachable."""
    from planetarium_plugin.specify.refute import _costs

    monkeypatch.setattr(relaxed, "ARRAYS", KERNELS[kernel][0])
    monkeypatch.setattr(relaxed, "ARRAY_ATOMS", 0)
    problem, domain = _problem(case, data)
    task = GroundTask(problem, domain, Deadline(None))
    rng = random.Random(data.draw(st.integers(0, 2**16)))
    s = task.init
    for _ in range(6):
        want = _reference_costs(task, s)
        assert _costs(task, s) == [want.get(x, -1) for x in task.atoms]
        nexts = list(task.successors(s))
        if not nexts:
            break
        s = rng.choice(nexts)


@NUMPY
def test_the_layers_arrays_are_kept_with_the_rows():
    """The numpy waiting lists (:func:`.layers._waits`) and tables (:func:`.layers._tables`)
    are built once per bit-set rows: two inits of one 8-block grounding that share their rows
    share them, and they are the relaxed tables' waiting lists and counts."""
    from planetarium_plugin.specify import layers

    domain = domain_packs()["blocksworld"].domain
    blocks = [f"b{i}" for i in range(1, 9)]

    def tower(order):
        init = ["(arm-empty)", f"(on-table {order[0]})", f"(clear {order[-1]})"]
        init += [f"(on {a} {b})" for b, a in zip(order, order[1:], strict=False)]
        text = (
            f"(define (problem p) (:domain blocksworld) (:objects {' '.join(blocks)})"
            f" (:init {' '.join(init)}) (:goal (and (on-table b1))))"
        )
        return GroundTask(parse_problem(text, domain), domain, Deadline(None))

    one, two = tower(blocks), tower(blocks[::-1])
    assert one._rows is two._rows  # the same rows: what the arrays depend on
    waits = layers._waits(one)
    assert layers._waits(two) is waits and layers._tables(two) is layers._tables(one)
    lens, offsets, flat, counts = waits
    waiting = one.relaxed_tables().waiting
    assert [tuple(flat[offsets[x] : offsets[x + 1]].tolist()) for x in range(len(waiting))] == [
        tuple(w) for w in waiting
    ]
    assert lens.tolist() == [len(w) for w in waiting] and counts.tolist() == one.pre_count
