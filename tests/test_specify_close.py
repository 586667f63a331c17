"""Invariant propagation through partial states (:meth:`GroundTask.close`, issue 17): the
round-based fixpoint equals the one-atom-at-a-time propagation it replaced, on random partial
states of the classical cases, before and after h^2 pair mutexes are added."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_specify_agenda import _problem
from test_specify_exact import CLASSICAL

from planetarium_plugin import Deadline
from planetarium_plugin.specify.propagation import close_counted
from planetarium_plugin.specify.task import GroundTask


def _reference_close(task: GroundTask, pos, neg):
    """The propagation before the rounds: each true atom's groups member by member, each
    false atom's exactly-one groups read by a count of false members."""
    always, reached, groups, group_of = task.always, task.reached, task.groups, task.group_of
    p: set = set()
    n: set = set()
    false_in: dict[int, int] = {}
    count = false_in.get
    todo_p = [x for x in pos if x not in always]
    todo_n: list = []
    for y in neg:
        if y in always:
            return None
        if y in reached and y not in n:
            n.add(y)
            todo_n.append(y)
            for gi in group_of.get(y, ()):
                false_in[gi] = count(gi, 0) + 1
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
                        for gj in group_of.get(y, ()):
                            false_in[gj] = count(gj, 0) + 1
        while todo_n:
            y = todo_n.pop()
            if y in p:
                return None
            for gi in group_of.get(y, ()):
                g = groups[gi]
                if not g.exactly_one:
                    continue
                left = len(g.atoms) - false_in[gi]
                if left > 1 or not g.atoms.isdisjoint(p):
                    continue
                if not left:
                    return None
                todo_p.append(next(z for z in g.atoms if z not in n))
    return frozenset(p), frozenset(n)


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_close_is_the_one_atom_at_a_time_propagation(case, data):
    """Same closure (or the same contradiction) for random positive and negative literals —
    atoms never reachable and atoms true in every state among them — before and after the
    task's h^2 pairs join its groups; the same by the counted propagation
    (:func:`.propagation.close_counted`) and in ``false_with`` (kept per atom)."""
    problem, domain = _problem(case, data)
    task = GroundTask(problem, domain, Deadline(None))
    atoms = sorted({*task.atoms, *task.reached, *task.always, *problem.goal.positive})
    literals = st.lists(st.sampled_from(atoms), max_size=6)
    for _ in range(2):
        for _ in range(6):
            pos, neg = data.draw(literals), data.draw(literals)
            want = _reference_close(task, pos, neg)
            assert task.close(pos, neg) == want
            assert close_counted(task, pos, neg) == want
        for x in data.draw(st.lists(st.sampled_from(atoms), max_size=3)):
            closed = _reference_close(task, (x,), ())
            assert task.false_with(x) == (closed[1] if closed is not None else frozenset())
        goal = problem.goal
        assert task.close(goal.positive, goal.negative) == _reference_close(
            task, goal.positive, goal.negative
        )
        task.add_pair_mutexes(Deadline(None))
