"""The relaxed exploration behind the agenda's and the lazy search's additive heuristic
(issue 17): the optimised ``forward.heuristic`` (flat counters with banned actions pre-set,
pending costs in place, no propagation after the last layer) answers exactly what the
straightforward layered exploration below answers — the same h, the same helpful actions in
the same order, the same kept costs and achievers (of the layers before the last, and of the
goal atoms in the last: the only ones the relaxed plans read) — so the searches make the same
plans."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_specify_agenda import _problem
from test_specify_exact import CLASSICAL

from planetarium_plugin import Deadline
from planetarium_plugin.specify.relaxed import _estimate, heuristic
from planetarium_plugin.specify.search import reachable_states
from planetarium_plugin.specify.task import GroundTask


def reference(task, s, pos, neg, banned=frozenset(), keep=None):
    """Layer by layer over ground actions and atoms (deletes ignored): an action whose
    preconditions all hold fires in the next layer at 1 + the sum of their costs; an atom's cost
    is the cheapest of the layer that first reaches it, its achiever the first action (in the
    order the actions became applicable) at that cost; a literal ``(not f)`` true in ``s`` costs
    the first action deleting f without adding it."""
    pre, add, waiting = task.relaxed_tables()
    acts, index = task.acts, task.index
    cost = [-1] * len(task.atoms)
    achiever: dict = {}
    missing = list(task.pre_count)
    frontier = [i for i in task.no_pre if i not in banned]
    for atom in s:
        x = index.get(atom)
        if x is None:
            continue
        cost[x] = 0
        for i in waiting[x]:
            missing[i] -= 1
            if missing[i] == 0 and i not in banned:
                frontier.append(i)
    goal = [index.get(x, -1) for x in pos]
    if -1 in goal:
        return None
    wanted = [x for x in neg if x in s]
    open_goals = sum(1 for x in goal if cost[x] < 0) + len(wanted)
    neg_cost: dict = {}
    last: dict[int, int] = {}
    while frontier and open_goals:
        layer: dict[int, int] = {}
        for i in frontier:
            c = 1 + sum(cost[y] for y in pre[i])
            for x in add[i]:
                if cost[x] < 0 and (x not in layer or c < layer[x]):
                    layer[x] = c
                    achiever[x] = i
            for x in wanted:
                a = acts[i]
                if x in a.delete and x not in a.add and x not in neg_cost:
                    neg_cost[x] = c
                    achiever[("not", x)] = i
                    open_goals -= 1
        frontier = []
        last = layer
        for x, c in layer.items():
            cost[x] = c
            if x in goal:
                open_goals -= 1
            for i in waiting[x]:
                missing[i] -= 1
                if missing[i] == 0 and i not in banned:
                    frontier.append(i)
    if open_goals > 0:
        return None
    if keep is not None:
        keep[:] = [cost, achiever]
        if not wanted:  # the kept exploration of relaxed.LAST_LAYER: the last layer's goal atoms
            trimmed = [-1 if x in last and x not in goal else c for x, c in enumerate(cost)]
            kept = {x: i for x, i in achiever.items() if x not in last or x in goal}
            keep.append([trimmed, kept])
    return _estimate(acts, pre, cost, achiever, goal, wanted, neg_cost)


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_heuristic_equals_the_reference_exploration(case, data):
    """For a random reachable state, goal atoms and negative literals, and banned actions."""
    problem, domain = _problem(case, data)
    task = GroundTask(problem, domain, Deadline(None))
    states = sorted((s for s, _ in reachable_states(problem, domain)), key=sorted)
    s = data.draw(st.sampled_from(states))
    atoms = sorted(task.reached)
    pos = frozenset(data.draw(st.lists(st.sampled_from(atoms), min_size=1, max_size=6)))
    neg = frozenset(data.draw(st.lists(st.sampled_from(atoms), max_size=2)))
    top = max(0, len(task.acts) - 1)
    banned = frozenset(data.draw(st.lists(st.integers(0, top), max_size=8)))
    got_kept: list = []
    want_kept: list = []
    got = heuristic(task, s, pos, neg, banned, got_kept)
    want = reference(task, s, pos, neg, banned, want_kept)
    assert (got is None) == (want is None)
    # Every atom's cost and achiever, or (relaxed.LAST_LAYER: no negative literal, the test of
    # the last layer not given up) those of the goal atoms and the layers before its last.
    assert got_kept == want_kept[:2] or len(want_kept) > 2 and got_kept == want_kept[2]
    if got is not None:
        assert got[0] == want[0]
        assert [id(a) for a in got[1]] == [id(a) for a in want[1]]


def _reference_step_rows(task: GroundTask, s: int) -> list:
    """The rows applicable in ``s``: the free rows, then those listed under each true atom
    from the lowest bit up (the order the searches generate successors in)."""
    out = [r for r in task.free_rows if s & r[0] == r[0] and not s & r[1]]
    for i, rows in enumerate(task.by_bit):
        if s >> i & 1:
            out += [r for r in rows if s & r[0] == r[0] and not s & r[1]]
    return out


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_step_rows_are_the_applicable_actions_in_order(case, data):
    """The forward searches' successor rows of a reachable state (and of an arbitrary bit set)
    are the reference's in its order, and exactly the actions applicable there."""
    problem, domain = _problem(case, data)
    task = GroundTask(problem, domain, Deadline(None))
    states = sorted((s for s, _ in reachable_states(problem, domain)), key=sorted)
    s = data.draw(st.sampled_from(states))
    bits = task.encode(s)
    assert task.step_rows(bits) == _reference_step_rows(task, bits)
    assert sorted(r[4] for r in task.step_rows(bits)) == sorted(
        i for i, a in enumerate(task.actions) if a.pre_pos <= s and not a.pre_neg & s
    )
    noise = data.draw(st.integers(0, task.never - 1))
    assert task.step_rows(noise) == _reference_step_rows(task, noise)
