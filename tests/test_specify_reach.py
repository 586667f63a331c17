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


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_the_second_pass_first_then_the_first_from_it_is_each_pass_alone(case, data, monkeypatch):
    """towers7: ``reachable_twice`` reaches over a part of the grounding, then over the whole
    from the atoms the part reached, and answers what each pass alone answers; and the ground
    task's two passes (:func:`.reuse.reach_kept`), the second run first over any guess of the
    kept actions (a drawn part of the grounding as the last init's), answer the two passes run
    one after the other: the same atoms, actions in order, groups and pruning."""
    from planetarium_plugin.specify import reuse
    from planetarium_plugin.specify.invariants import groups_in
    from planetarium_plugin.specify.memo import Memo
    from planetarium_plugin.specify.reuse import applicable_under, checks_for

    monkeypatch.setattr(reach, "ARRAY_ACTIONS", data.draw(st.sampled_from([0, 10**9])))
    problem, domain = _problem(case, data)
    states = sorted((s for s, _ in reachable_states(problem, domain)), key=sorted)
    grounding = tuple(ground_actions(problem, domain, Deadline(None)))
    keep = data.draw(st.lists(st.booleans(), min_size=len(grounding), max_size=len(grounding)))
    part = tuple(a for a, k in zip(grounding, keep, strict=True) if k)
    stray = Atom("never-mentioned", ("x",))
    other = data.draw(st.sampled_from(states))
    for init in (problem.init, other, other | {stray}):
        first, whole = reach.reachable_twice(init, part, grounding, Deadline(None))
        for got, actions in ((first, part), (whole, grounding)):
            want = relaxed_reachable(init, list(actions), Deadline(None))
            assert got[0] == want[0], sorted(map(str, got[0] ^ want[0]))
            assert [id(a) for a in got[1]] == [id(a) for a in want[1]]
        guess = data.draw(st.sampled_from([part, grounding, None]))
        monkeypatch.setattr(reuse, "_LAST_KEPT", Memo(8))
        if guess is not None:
            reuse._LAST_KEPT.put(id(grounding), (grounding, guess))
        got = reuse.reach_kept(init, grounding, domain, Deadline(None))
        # ... and again: the guess now the very tuple this init keeps (its second pass reused)
        assert reuse.reach_kept(init, grounding, domain, Deadline(None)) == got
        reached, actions, groups, pruned = got
        r1, a1 = relaxed_reachable(init, list(grounding), Deadline(None))
        want_groups = groups_in(init, checks_for(domain, r1, a1))
        kept = applicable_under(a1, want_groups)
        r2, a2 = relaxed_reachable(init, kept, Deadline(None)) if len(kept) < len(a1) else (r1, a1)
        assert pruned == (len(kept) < len(a1))
        assert reached == r2 and [id(a) for a in actions] == [id(a) for a in a2]
        assert [(g.atoms, g.exactly_one) for g in groups] == [
            (g.atoms, g.exactly_one) for g in want_groups
        ]
