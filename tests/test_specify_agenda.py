"""The goal agenda (issue 17): its plans are valid, and closures that take their first plan from
it stay identical to the explicit-state oracle."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_specify_exact import CASES, CLASSICAL, _domain, _text, _with_negative

from planetarium_plugin import Deadline, domain_packs, parse_problem
from planetarium_plugin.specify import agenda, exact, first, relaxed
from planetarium_plugin.specify.agenda import agenda_plan, lookahead, replay
from planetarium_plugin.specify.layers import numpy_available
from planetarium_plugin.specify.memo import Memo
from planetarium_plugin.specify.relaxed import (
    estimate_from,
    heuristic,
    plan_reaches,
    plan_tables,
    relaxed_plan,
    rerun,
)
from planetarium_plugin.specify.search import reachable_states, search_fully_specify
from planetarium_plugin.specify.steps import direct_steps
from planetarium_plugin.specify.task import GroundTask

NUMPY = pytest.mark.skipif(not numpy_available(), reason="numpy not installed: only the loop")


def _problem(case: str, data):
    strategy, domain_file = CASES[case]
    domain = _domain(domain_file) if domain_file else domain_packs()[case].domain
    return parse_problem(_with_negative(data.draw, data.draw(strategy)), domain), domain


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_agenda_returns_only_valid_plans(case, data):
    """A plan from the agenda, replayed from the init, ends in a reachable goal state (and
    there is none when the oracle finds the goal unreachable)."""
    assert_plan_is_valid(case, data)


def assert_plan_is_valid(case, data) -> None:
    """A plan from the agenda, replayed from the init, ends in a reachable goal state (and
    there is none when the oracle finds the goal unreachable)."""
    problem, domain = _problem(case, data)
    pos, neg = problem.goal.positive, problem.goal.negative
    task = GroundTask(problem, domain, Deadline(None))
    plan = agenda_plan(task, pos, neg, Deadline(None))
    goal_states = {s for s, _ in reachable_states(problem, domain) if pos <= s and not (neg & s)}
    if plan is None:
        return
    assert goal_states, "a plan for an unreachable goal"
    assert task.run(plan) in goal_states


def assert_closure_is_the_oracles(case, data) -> None:
    """A random problem of ``case`` (negative goals sometimes): exact_fully_specify's closure,
    positive and negative, and its reachability are the brute-force search's."""
    problem, domain = _problem(case, data)
    negative = bool(problem.goal.negative) or data.draw(st.booleans())
    oracle = search_fully_specify(problem, domain, negative=negative, max_states=60_000)
    got = exact.exact_fully_specify(problem, domain, negative=negative, max_states=60_000)
    assert got.reachable == oracle.reachable
    assert got.positive == oracle.positive, sorted(map(str, got.positive ^ oracle.positive))
    assert got.negative == oracle.negative, sorted(map(str, got.negative ^ oracle.negative))


def _searches_cut_to_one_state(monkeypatch) -> None:
    """The goal-count searches for the first plan cut to one state, and no memo: the first
    goal state then comes from the agenda (or the sub-planners after it)."""
    monkeypatch.setattr(first, "FIRST", 1)
    monkeypatch.setattr(first, "DEEP", 1)
    monkeypatch.setattr(exact, "DEEP", 1)
    monkeypatch.setattr(exact, "_TASKS", Memo(8))
    monkeypatch.setattr(exact, "_CLOSURES", Memo(8))


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_closure_from_an_agenda_plan_is_exact(case, data, monkeypatch):
    """With the goal-count searches for the first plan cut to one state (and no memo), the
    first goal state comes from the agenda (or the sub-planners after it): the closure is still
    the oracle's."""
    _searches_cut_to_one_state(monkeypatch)
    assert_closure_is_the_oracles(case, data)


@pytest.mark.parametrize("n", [6, 14])
def test_agenda_builds_a_reversed_tower(n):
    """One tower reversed: the goal-count searches find no plan (every preparatory step
    leaves the count unchanged); the agenda builds the new tower from the bottom up."""
    blocks = [f"b{i}" for i in range(1, n + 1)]
    init = ["(arm-empty)", f"(on-table {blocks[0]})", f"(clear {blocks[-1]})"]
    init += [f"(on {a} {b})" for b, a in itertools.pairwise(blocks)]
    goal = [f"(on {a} {b})" for a, b in itertools.pairwise(blocks)]
    domain = domain_packs()["blocksworld"].domain
    problem = parse_problem(_text("blocksworld", " ".join(blocks), init, goal), domain)
    task = GroundTask(problem, domain, Deadline(None))
    plan = agenda_plan(task, problem.goal.positive, problem.goal.negative, Deadline(None))
    assert plan is not None
    end = task.run(plan)
    assert end is not None and problem.goal.positive <= end
    # One relaxed exploration per goal atom (the rest of the goal checked once it holds): each
    # climb's relaxed plan, executed by the lookahead, reaches its atom without another one
    # (three per atom before the lookahead: 3n - 3 evaluations).
    assert agenda_plan(task, problem.goal.positive, frozenset(), Deadline(None), n) is not None
    # Out of its own budget it gives up (None: the caller falls back), never raises.
    assert agenda_plan(task, problem.goal.positive, frozenset(), Deadline(None), 1) is None
    assert agenda_plan(task, problem.goal.positive, frozenset(), Deadline(None), seconds=0) is None


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_one_atom_estimate_read_from_a_wider_exploration_is_the_fresh_one(case, data):
    """What the agenda's climbs read from the last exploration of the goal's rest
    (``estimate_from``) equals a fresh one-atom ``heuristic`` call on the same state with the
    same banned actions: the same h and the same helpful actions in the same order, for every
    atom the wider exploration reached (None only for atoms it did not reach)."""
    problem, domain = _problem(case, data)
    task = GroundTask(problem, domain, Deadline(None))
    states = sorted((s for s, _ in reachable_states(problem, domain)), key=sorted)
    s = data.draw(st.sampled_from(states))
    atoms = sorted(task.reached)
    rest = frozenset(data.draw(st.lists(st.sampled_from(atoms), min_size=1, max_size=6)))
    banned = frozenset(data.draw(st.lists(st.integers(0, max(0, len(task.acts) - 1)), max_size=8)))
    kept: list = []
    if heuristic(task, s, rest, frozenset(), banned, kept) is None:
        assert kept == []
        return
    for g in sorted(task.atoms):
        got = estimate_from(task, kept, g)
        fresh = heuristic(task, s, frozenset((g,)), frozenset(), banned)
        if got is None:
            assert g not in rest
            continue
        assert fresh is not None
        assert got[0] == fresh[0]
        assert [id(a) for a in got[1]] == [id(a) for a in fresh[1]]


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_lookahead_applies_only_applicable_actions_never_banned(case, data):
    """The climbs' lookahead (the relaxed plan executed as far as it goes, repaired by an
    action adding a missing precondition) from a random reachable state, for random goal
    literals and banned actions: its steps apply one after the other from the state, none is
    banned, it ends where they lead, never visits a state twice, and where the oracle says the
    goal is not reachable from there it never claims to reach it."""
    problem, domain = _problem(case, data)
    task = GroundTask(problem, domain, Deadline(None))
    states = sorted((s for s, _ in reachable_states(problem, domain)), key=sorted)
    s = data.draw(st.sampled_from(states))
    atoms = sorted(task.reached)
    pos = frozenset(data.draw(st.lists(st.sampled_from(atoms), min_size=1, max_size=4)))
    neg = frozenset(data.draw(st.lists(st.sampled_from(atoms), max_size=2))) - pos
    banned = frozenset(data.draw(st.lists(st.integers(0, max(0, len(task.acts) - 1)), max_size=8)))
    kept: list = []
    if heuristic(task, s, pos, neg, banned, kept) is None:
        return
    got = lookahead(task, s, kept, pos, neg, banned, Deadline(None))
    if got is None:
        return
    steps, end = got
    assert steps
    assert all(task.row_of[id(a)][4] not in banned for a in steps)
    assert replay(s, steps) == end
    seen, cur = {s}, s
    for a in steps:
        cur = (cur - a.delete) | a.add
        assert cur not in seen
        seen.add(cur)


def _rerun_by_sets(task, plan, s, goal, banned, repairs):
    """:func:`.relaxed.rerun` as it was written before it costed atoms (a set of reached
    atoms): the reference its answers must equal."""
    pre, add, _ = task.relaxed_tables()
    index = task.index
    reached = {x for x in map(index.get, s) if x is not None}
    want = [index.get(x, -1) for x in goal]
    todo = [i for i in plan if i not in banned]
    done: list[int] = []
    adding = task.relaxed_adders() if repairs else ()
    for _ in range(repairs + 1):
        skipped = []
        for i in todo:
            for y in pre[i]:
                if y not in reached:
                    skipped.append(i)
                    break
            else:
                reached.update(add[i])
                done.append(i)
        if all(x in reached for x in want):
            return done
        fixes: list[int] = []
        for i in skipped:
            for y in pre[i]:
                if y in reached:
                    continue
                for k in adding[y] if repairs else ():
                    if k not in banned and all(z in reached for z in pre[k]):
                        fixes.append(k)
                        break
        if not fixes:
            return None
        todo = fixes + skipped
    return None


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_relaxed_plan_rerun_proves_only_what_an_exploration_finds(case, data):
    """The agenda's cheap rest-of-goal check: the relaxed plan of an exploration, re-run from
    the state it was made on, reaches its goal; re-run from another reachable state, for part
    of the goal, with more actions banned, it answers True only where a fresh exploration
    finds the goal relaxed-reachable (False proves nothing: the exploration then decides)."""
    problem, domain = _problem(case, data)
    task = GroundTask(problem, domain, Deadline(None))
    states = sorted((s for s, _ in reachable_states(problem, domain)), key=sorted)
    s = data.draw(st.sampled_from(states))
    t = data.draw(st.sampled_from([s, *states]))
    atoms = sorted(task.reached)
    rest = frozenset(data.draw(st.lists(st.sampled_from(atoms), min_size=1, max_size=6)))
    acts = st.integers(0, max(0, len(task.acts) - 1))
    banned = frozenset(data.draw(st.lists(acts, max_size=8)))
    kept: list = []
    if heuristic(task, s, rest, frozenset(), banned, kept) is None:
        return
    plan = relaxed_plan(task, kept, rest)
    assert plan_reaches(task, plan, s, rest, banned)
    part = frozenset(data.draw(st.lists(st.sampled_from(sorted(rest)), max_size=len(rest))))
    more = banned | frozenset(data.draw(st.lists(acts, max_size=8)))
    if plan:  # steps of the plan itself banned: the re-run must go without them
        more |= frozenset(data.draw(st.lists(st.sampled_from(plan), max_size=3)))
    if plan_reaches(task, plan, t, part, more):
        assert heuristic(task, t, part, frozenset(), more) is not None
    # Repaired (adders of the skipped steps' missing preconditions run first): a list is a
    # relaxed plan from t, each step after its preconditions, none banned, reaching the part.
    repairs = data.draw(st.integers(0, 8))
    kept_tables: list = []
    fixed = rerun(task, plan, t, part, more, repairs=repairs, keep=kept_tables)
    # The costed run is the set-based run it replaced, and what it keeps is plan_tables of
    # its answer (the agenda's lookahead reads it instead of a second run).
    assert fixed == _rerun_by_sets(task, plan, t, part, more, repairs)
    assert rerun(task, plan, t, part, more, repairs=repairs) == fixed
    if fixed is not None:
        assert kept_tables == plan_tables(task, fixed, t, more)
    else:
        assert kept_tables == []
    if fixed is not None:
        assert heuristic(task, t, part, frozenset(), more) is not None
        pre, add, _ = task.relaxed_tables()
        reached = {task.index[x] for x in t if x in task.index}
        for i in fixed:
            assert i not in more and all(y in reached for y in pre[i])
            reached.update(add[i])
        assert all(task.index[x] in reached for x in part if x in task.index)
        assert all(x in task.index for x in part)


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_agenda_plans_are_those_of_an_exploration_per_goal_atom(case, data, monkeypatch):
    """Re-running the last relaxed plan instead of exploring again changes no plan: the
    agenda with every rest-of-goal check explored (the re-run switched off) returns the same
    plan, from the init and from a random reachable state, with and without FF's fallback
    (the climbs that follow a re-run's plan without exploring, :data:`.agenda.PLAN_AHEAD`,
    switched off in both: they change plans on purpose)."""
    monkeypatch.setattr(agenda, "PLAN_AHEAD", False)
    monkeypatch.setattr(relaxed, "REPAIRS", 0)  # (repairs change which checks explore)
    problem, domain = _problem(case, data)
    pos, neg = problem.goal.positive, problem.goal.negative
    task = GroundTask(problem, domain, Deadline(None))
    states = sorted((s for s, _ in reachable_states(problem, domain)), key=sorted)
    start = data.draw(st.sampled_from(states))
    runs = [(x, w) for x in (None, start) for w in (False, True)]
    got = [agenda_plan(task, pos, neg, Deadline(None), start=x, wide=w) for x, w in runs]
    monkeypatch.setattr(agenda, "rerun", lambda *_, **__: None)
    want = [agenda_plan(task, pos, neg, Deadline(None), start=x, wide=w) for x, w in runs]
    assert [p and list(map(id, p)) for p in got] == [p and list(map(id, p)) for p in want]


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_agenda_plans_are_the_same_with_the_rerun_tables_kept(case, data, monkeypatch):
    """The lookahead after a rest check passed by a re-run reads the tables that re-run kept
    (:func:`.relaxed.rerun`'s ``keep``) instead of running the plan again by
    :func:`.relaxed.plan_tables`: the same plans, from the init and from a random reachable
    state, with and without FF's fallback, as the agenda with the tables never kept."""
    problem, domain = _problem(case, data)
    pos, neg = problem.goal.positive, problem.goal.negative
    task = GroundTask(problem, domain, Deadline(None))
    states = sorted((s for s, _ in reachable_states(problem, domain)), key=sorted)
    start = data.draw(st.sampled_from(states))
    runs = [(x, w) for x in (None, start) for w in (False, True)]
    got = [agenda_plan(task, pos, neg, Deadline(None), start=x, wide=w) for x, w in runs]
    monkeypatch.setattr(agenda, "rerun", lambda *a, keep=None, **k: relaxed.rerun(*a, **k))
    want = [agenda_plan(task, pos, neg, Deadline(None), start=x, wide=w) for x, w in runs]
    assert [p and list(map(id, p)) for p in got] == [p and list(map(id, p)) for p in want]


@pytest.mark.parametrize("arrays", [False, pytest.param(True, marks=NUMPY)])
@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_last_layer_of_the_goals_adders_alone_changes_nothing(case, arrays, data, monkeypatch):
    """The exploration that costs only the goal's adders in the layer reaching the rest of the
    goal (``relaxed.LAST_LAYER``; its give-up bound drawn) against every action of that layer:
    the same estimate and helpful actions, relaxed plan, lookahead and one-atom estimates read
    from the kept exploration, from a random reachable state with drawn goals and banned
    actions; and the same agenda plans from the init. By the loop and by the numpy layers
    (``arrays``: forced on every task and state)."""
    if arrays:
        monkeypatch.setattr(relaxed, "ARRAYS", 0)
        monkeypatch.setattr(relaxed, "ARRAY_ATOMS", 0)
    problem, domain = _problem(case, data)
    task = GroundTask(problem, domain, Deadline(None))
    states = sorted((s for s, _ in reachable_states(problem, domain)), key=sorted)
    s = data.draw(st.sampled_from(states))
    atoms = sorted(task.reached)
    pos = frozenset(data.draw(st.lists(st.sampled_from(atoms), min_size=1, max_size=6)))
    neg = frozenset(data.draw(st.lists(st.sampled_from(atoms), max_size=2))) - pos
    acts = st.integers(0, max(0, len(task.acts) - 1))
    banned = frozenset(data.draw(st.lists(acts, max_size=8)))
    monkeypatch.setattr(relaxed, "LAST_LAYER_LOOKS", data.draw(st.sampled_from([1, 4, 512])))

    def seen(last: bool):
        monkeypatch.setattr(relaxed, "LAST_LAYER", last)
        out = []
        for n in (frozenset(), neg):
            kept: list = []
            est = heuristic(task, s, pos, n, banned, kept)
            out.append(est)
            if est is None:
                continue
            out.append(relaxed_plan(task, kept, pos))
            out.append(lookahead(task, s, kept, pos, n, banned, Deadline(None)))
            out += [estimate_from(task, kept, g) for g in sorted(pos)] if not n else []
        gpos, gneg = problem.goal.positive, problem.goal.negative
        out.append(agenda_plan(task, gpos, gneg, Deadline(None), wide=True))
        return out

    assert seen(True) == seen(False)


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_relaxed_plans_tables_guide_only_applicable_steps(case, data):
    """The costs and achievers of a relaxed plan re-run from another reachable state (what the
    agenda's climbs follow after a re-run, :func:`.relaxed.plan_tables`): an atom is costed
    exactly when the re-run reaches it (0 in the state), each achiever adds its atom from
    cheaper preconditions and is not banned; the lookahead on them applies only applicable,
    unbanned steps, each to a new state, and ends where they lead."""
    problem, domain = _problem(case, data)
    task = GroundTask(problem, domain, Deadline(None))
    states = sorted((s for s, _ in reachable_states(problem, domain)), key=sorted)
    s, t = data.draw(st.sampled_from(states)), data.draw(st.sampled_from(states))
    goal = frozenset(data.draw(st.lists(st.sampled_from(sorted(task.reached)), min_size=1)))
    kept: list = []
    if heuristic(task, s, goal, frozenset(), frozenset(), kept) is None:
        return
    plan = relaxed_plan(task, kept, goal)
    banned = frozenset(data.draw(st.lists(st.sampled_from(plan), max_size=2))) if plan else set()
    cost, achiever = plan_tables(task, plan, t, banned)
    pre, add, _ = task.relaxed_tables()
    for x, atom in enumerate(task.atoms):
        assert (cost[x] >= 0) == plan_reaches(task, plan, t, {atom}, banned), atom
        assert (cost[x] == 0) == (atom in t), atom
        if cost[x] > 0:
            i = achiever[x]
            assert i not in banned and x in add[i]
            assert cost[x] == 1 + sum(cost[y] for y in pre[i])
            assert all(0 <= cost[y] < cost[x] for y in pre[i])
    for g in sorted(goal - t, key=str)[:2]:
        if cost[task.index[g]] < 0:
            continue
        got = lookahead(
            task, t, [cost, achiever], frozenset((g,)), frozenset(), banned, Deadline(None)
        )
        if got is None:
            continue
        steps, end = got
        assert all(task.row_of[id(a)][4] not in banned for a in steps)
        assert replay(t, steps) == end
        seen, cur = {t}, t
        for a in steps:
            cur = (cur - a.delete) | a.add
            assert cur not in seen
            seen.add(cur)


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_orderings_are_the_pairwise_definition(case, data):
    """The agenda's orderings, read through the atoms each goal atom needs, are the pairwise
    definition: g' before g when an atom every plan for g' needs is a fellow member of g in a
    mutex group (false whenever g holds: the first round of the close, a part of it)."""
    problem, domain = _problem(case, data)
    task = GroundTask(problem, domain, Deadline(None))
    atoms = sorted(task.reached | problem.goal.positive, key=str)

    def common_pre(x):
        adders = task.adders.get(x, ())
        if x in task.always or not adders:
            return frozenset()
        return frozenset.intersection(*(frozenset(a.pre_pos) for a in adders)) - task.always

    # Two goals over one task: the second reads the common preconditions (and needs) the
    # first kept with the rows (towers7), and still gets the definition's orderings.
    for _ in range(2):
        drawn = data.draw(st.lists(st.sampled_from(atoms), min_size=1, max_size=8))
        goal = sorted(set(drawn), key=str)
        needs = {x: common_pre(x).union(*(common_pre(y) for y in common_pre(x))) for x in goal}

        def fellows(g):
            if g in task.always or g not in task.reached:
                return frozenset()
            gs = task.group_of.get(g, ())
            return frozenset().union(*(task.groups[i].atoms for i in gs)) - {g}

        assert all(fellows(g) <= task.false_with(g) for g in goal)
        want = {g: {x for x in goal if x != g and needs[x] & fellows(g)} for g in goal}
        assert agenda._orders(task, goal) == want


def test_the_needs_of_goal_atoms_are_kept_with_the_rows_and_are_each_tasks_own():
    """The atoms every plan for a goal atom needs depend only on the actions and the static
    init atoms: a second task over the same grounding reads the first's (kept with the rows),
    and its orderings equal those computed with nothing kept."""
    pack = domain_packs()["blocksworld"]
    text = _text(
        "blocksworld",
        "a b c d",
        [
            "(arm-empty)",
            "(on-table a)",
            "(on b a)",
            "(on c b)",
            "(clear c)",
            "(on-table d)",
            "(clear d)",
        ],
        ["(on a b)", "(on b c)", "(on c d)"],
    )
    problem = parse_problem(text, pack.domain)
    other = parse_problem(
        text.replace("(on c b)", "(on-table c)").replace(
            "(on b a)", "(on-table b) (clear b) (clear a)"
        ),
        pack.domain,
    )
    goal = sorted(problem.goal.positive, key=str)
    first = GroundTask(problem, pack.domain, Deadline(None))
    orders = agenda._orders(first, goal)
    second = GroundTask(other, pack.domain, Deadline(None))
    if second._rows is first._rows:
        assert second._rows.tables["needs"] is first._rows.tables["needs"]
    got = agenda._orders(second, goal)
    second._rows.tables.pop("needs")
    assert agenda._orders(second, goal) == got
    assert got == orders  # (one grounding: the same atoms, the same orderings)
    on = {str(x): x for x in goal}
    assert on["(on c d)"] in orders[on["(on b c)"]]  # the tower from the bottom up


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_direct_steps_are_applicable_unbanned_and_achieve_the_atom(case, data):
    """:func:`.steps.direct_steps` on states of a random walk, drawn goal atoms and banned
    actions: one or two steps, each applicable in turn and none banned, ending with the atom
    true — or None, and then no applicable unbanned adder of the atom exists."""
    problem, domain = _problem(case, data)
    task = GroundTask(problem, domain, Deadline(None))
    if not task.atoms or not task.acts:
        return
    s = task.init
    for _ in range(data.draw(st.integers(0, 6))):
        nexts = list(task.successors(s))
        if not nexts:
            break
        s = data.draw(st.sampled_from(sorted(nexts, key=sorted)))
    g = data.draw(st.sampled_from(task.atoms))
    banned = set(data.draw(st.sets(st.integers(0, len(task.acts) - 1), max_size=8)))
    steps = direct_steps(task, s, g, banned)
    row_of = task.row_of
    if steps is None:
        assert not any(
            a.pre_pos <= s and not a.pre_neg & s and row_of[id(a)][4] not in banned
            for a in task.adders.get(g, ())
        )
        return
    assert 1 <= len(steps) <= 2
    assert all(row_of[id(a)][4] not in banned for a in steps)
    end = replay(s, steps)
    assert end is not None and g in end


@pytest.mark.parametrize("proof", [False, True])
@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_agenda_with_direct_steps_returns_only_valid_plans(case, proof, data, monkeypatch):
    """With direct steps for every goal (``DIRECT_GOAL = 2``), the other atoms sought along
    one exploration's relaxed plan or by a climb each (``DIRECT_PROOF``), a plan from the
    agenda, replayed from the init, ends in a reachable goal state (none when the oracle finds
    the goal unreachable)."""
    monkeypatch.setattr(agenda, "DIRECT_GOAL", 2)
    monkeypatch.setattr(agenda, "DIRECT_PROOF", proof)
    assert_plan_is_valid(case, data)


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_closure_from_a_direct_step_agenda_plan_is_exact(case, data, monkeypatch):
    """As :func:`test_closure_from_an_agenda_plan_is_exact`, with direct steps for every goal:
    the closure is still the oracle's."""
    monkeypatch.setattr(agenda, "DIRECT_GOAL", 2)
    _searches_cut_to_one_state(monkeypatch)
    assert_closure_is_the_oracles(case, data)


@pytest.mark.parametrize("init", ["stacked", "reversed"])
def test_a_tall_tower_with_direct_steps_and_the_fallback(init, monkeypatch):
    """A 34-block tower (at least DIRECT_GOAL atoms) built from one tower or from its reverse:
    the direct-step run's plan is valid and no longer than twice the atoms' moves; and where
    that run gets stuck (forced here), the agenda without direct steps still finds one."""
    n = 34
    blocks = [f"b{i}" for i in range(1, n + 1)]
    under = blocks if init == "stacked" else blocks[::-1]
    order = blocks[::2] + blocks[1::2]  # a new order of the same blocks
    text_init = ["(arm-empty)", f"(on-table {under[0]})", f"(clear {under[-1]})"]
    text_init += [f"(on {a} {b})" for b, a in itertools.pairwise(under)]
    goal = [f"(on-table {order[0]})"] + [f"(on {a} {b})" for b, a in itertools.pairwise(order)]
    domain = domain_packs()["blocksworld"].domain
    problem = parse_problem(_text("blocksworld", " ".join(blocks), text_init, goal), domain)
    task = GroundTask(problem, domain, Deadline(None))
    pos = problem.goal.positive
    assert len(pos) >= agenda.DIRECT_GOAL
    runs: list[bool] = []
    inner = agenda._agenda

    def counted(*args):
        runs.append(args[-1] if len(args) > 9 else False)
        return inner(*args)

    monkeypatch.setattr(agenda, "_agenda", counted)
    plan = agenda_plan(task, pos, frozenset(), Deadline(None))
    assert runs == [True], "the direct-step run alone"
    assert plan is not None and pos <= task.run(plan)
    assert len(plan) <= 4 * n

    def stuck(*args):
        runs.append(args[-1] if len(args) > 9 else False)
        return None if len(args) > 9 and args[-1] else inner(*args)

    # The atoms no direct step achieves (from the reversed tower, each next block of the new
    # order lies under others): along one exploration's relaxed plan, fewer explorations than
    # a climb each (16 against 1 here; from the stacked init about the same, 6 against 7).
    explored: list[bool] = []
    explore = agenda.heuristic

    def counted_heuristic(*args, **kwargs):
        explored.append(True)
        return explore(*args, **kwargs)

    monkeypatch.setattr(agenda, "heuristic", counted_heuristic)
    counts = []
    for proof in (False, True):
        monkeypatch.setattr(agenda, "DIRECT_PROOF", proof)
        explored.clear()
        plan = agenda_plan(task, pos, frozenset(), Deadline(None))
        assert plan is not None and pos <= task.run(plan)
        counts.append(len(explored))
    if init == "reversed":
        assert counts[1] < counts[0]

    runs.clear()
    monkeypatch.setattr(agenda, "_agenda", stuck)
    plan = agenda_plan(task, pos, frozenset(), Deadline(None))
    assert runs == [True, False], "the direct-step run, then the agenda without them"
    assert plan is not None and pos <= task.run(plan)
