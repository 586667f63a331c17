"""The landmark proofs' reachability test without banned actions (issue 17): the backward
pass from the banned actions kills only atoms the forward relaxed reachability never reaches,
and the test answers as the atom-keyed forward one."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_specify_exact import CLASSICAL
from test_specify_refute import _problem
from test_specify_speed import _reference_needs_one_of

from planetarium_plugin import Deadline
from planetarium_plugin.parsing import Atom
from planetarium_plugin.specify.landmarks import _dead_goal, needs_one_of
from planetarium_plugin.specify.task import GroundTask


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_dead_atoms_are_never_reached_without_the_banned_actions(case, data):
    """For drawn goals (init atoms, an atom never true, every reachable atom one at a time)
    and banned actions (the adders or deleters of an atom, as the proofs ban, or at random):
    a goal atom the backward pass kills is one the reference never reaches, and
    :func:`needs_one_of` answers as the reference."""
    problem, domain = _problem(case, data)
    task = GroundTask(problem, domain, Deadline(None))
    rng = random.Random(data.draw(st.integers(0, 2**16)))
    atoms = sorted(task.atoms, key=str)
    never = Atom("never-true-here", ())
    for _ in range(8):
        f = rng.choice(atoms)
        banned = set(rng.choice((task.adder_idx, task.deleter_idx)).get(f, ()))
        if rng.random() < 0.3:
            banned |= {i for i in range(len(task.acts)) if rng.random() < 0.2}
        goal = set(rng.sample(atoms, min(len(atoms), rng.randint(0, 3))))
        if rng.random() < 0.1:
            goal.add(never)
        assert needs_one_of(task, goal, banned) == _reference_needs_one_of(task, goal, banned)
        for x in atoms:
            if x not in task.init and _dead_goal(task, {task.index[x]}, banned):
                assert _reference_needs_one_of(task, {x}, banned)
