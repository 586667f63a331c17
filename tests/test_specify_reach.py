"""Relaxed reachability over a kept grounding in numpy (:mod:`.specify.reach`, issue 17): the
loop's atoms and actions, in order, from random reachable inits, over the whole grounding and
over random parts of it (the actions the mutex groups leave); the kept answers (one per reached
set) equal a fresh computation for every init that reaches them, unmentioned init atoms included."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_specify_agenda import _problem
from test_specify_exact import CLASSICAL

from planetarium_plugin import Atom, Deadline
from planetarium_plugin.specify import reach
from planetarium_plugin.specify.grounding import ground_actions, relaxed_reachable
from planetarium_plugin.specify.search import reachable_states

pytestmark = pytest.mark.skipif(reach.np is None, reason="numpy not installed: only the loop")


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_arrays_reach_what_the_loop_reaches(case, data, monkeypatch):
    monkeypatch.setattr(reach, "ARRAY_ACTIONS", 0)
    problem, domain = _problem(case, data)
    states = sorted((s for s, _ in reachable_states(problem, domain)), key=sorted)
    grounding = tuple(ground_actions(problem, domain, Deadline(None)))
    keep = data.draw(st.lists(st.booleans(), min_size=len(grounding), max_size=len(grounding)))
    part = tuple(a for a, k in zip(grounding, keep, strict=True) if k)
    for actions in (grounding, part):
        other = data.draw(st.sampled_from(states))
        stray = Atom("never-mentioned", ("x",))  # an init atom no action reads or adds
        for init in (problem.init, other, problem.init, other | {stray}, other):
            p = dataclasses.replace(problem, init=init)
            want_atoms, want = relaxed_reachable(p.init, list(actions), Deadline(None))
            got_atoms, got = reach.reachable(p.init, actions, Deadline(None))
            assert got_atoms == want_atoms, sorted(map(str, got_atoms ^ want_atoms))
            assert [id(a) for a in got] == [id(a) for a in want]
        assert reach._TABLES.get(id(actions))[0] is actions  # numbered once per tuple
