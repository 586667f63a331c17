"""The exact fullySpecify's first goal state: the short first search for large goals, the early
hand-off to the goal agenda for the others, and the neighbourhood skipped when the goal's
invariant closure leaves nothing to refute (issue 17)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import PROBLEMS
from test_specify_agenda import assert_closure_is_the_oracles
from test_specify_exact import CLASSICAL

from planetarium_plugin import domain_packs, parse_problem
from planetarium_plugin.parsing import Goal
from planetarium_plugin.specify import exact, first, reachable_states, search_fully_specify
from planetarium_plugin.specify.exact import exact_fully_specify
from planetarium_plugin.specify.memo import Memo, init_key

CASES = ["blocksworld", "gripper", "floor-tile"]


def _goal_from_a_reachable_state(data, problem, domain):
    """A reachable state's atoms as the goal (a complete goal), sometimes with one or two of
    them left out (a goal the invariants may no longer complete)."""
    states = sorted(reachable_states(problem, domain, max_states=20_000), key=str)
    atoms = sorted(data.draw(st.sampled_from(states))[0], key=str)
    drop = data.draw(st.lists(st.sampled_from(atoms), unique=True, max_size=2)) if atoms else []
    goal = frozenset(a for a in atoms if a not in drop)
    return dataclasses.replace(problem, goal=Goal(goal, frozenset()))


@pytest.mark.parametrize("case", CASES)
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_complete_goals_and_the_short_first_stall_match_the_oracle(case, data):
    """Goals that are whole reachable states (or nearly): the first search with the short
    stall of large goals (forced on by a threshold of one atom) and the skipped neighbourhood
    give the oracle's closure; the neighbourhood is skipped only when nothing is left to
    refute, i.e. when the closure is the goal's invariant closure."""
    domain = domain_packs()[case].domain
    problem = parse_problem(data.draw(PROBLEMS[case]), domain)
    problem = _goal_from_a_reachable_state(data, problem, domain)
    negative = data.draw(st.booleans())
    calls = []
    real, large = exact.neighbourhood, first.LARGE_GOAL
    exact.neighbourhood = lambda *a, **k: calls.append(1) or real(*a, **k)
    first.LARGE_GOAL = data.draw(st.sampled_from([1, large]))
    exact._CLOSURES = Memo(8)  # no closure of an earlier example
    try:
        fs = exact_fully_specify(problem, domain, negative=negative, max_states=60_000)
    finally:
        exact.neighbourhood, first.LARGE_GOAL = real, large
    oracle = search_fully_specify(problem, domain, negative=negative, max_states=60_000)
    assert fs.reachable == oracle.reachable
    assert fs.positive == oracle.positive, sorted(map(str, fs.positive ^ oracle.positive))
    assert fs.negative == oracle.negative
    if fs.reachable and not calls:  # skipped: the closure is what the invariants force
        assert not negative
        task = exact._TASKS.get(init_key(problem, domain))
        implied = task.close(problem.goal.positive, ())
        assert fs.positive <= problem.goal.positive | task.always | implied[0]


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_early_hand_off_to_the_agenda_and_back_matches_the_oracle(case, data, monkeypatch):
    """The first search handing over to the goal agenda after a drawn number of states without
    progress (one: almost always), the agenda sometimes failing (then the first search runs
    again with its whole patience), the batch search given up as early: the closure, positive
    and negative, is the oracle's."""
    monkeypatch.setattr(first, "EARLY_STALL", data.draw(st.sampled_from([1, 2, 400])))
    monkeypatch.setattr(exact, "BATCH_STALL", data.draw(st.sampled_from([1, 400])))
    monkeypatch.setattr(exact, "_TASKS", Memo(8))
    monkeypatch.setattr(exact, "_CLOSURES", Memo(8))
    fails = data.draw(st.booleans())
    real_agenda, real_greedy = first.agenda_plan, first.greedy
    searches: list[tuple[int, bool]] = []  # (stall, found or exhausted) of each first search

    def spy(*args, **kw):
        out = real_greedy(*args, **kw)
        searches.append((kw.get("stall", 0), out[0] is not None or out[1]))
        return out

    monkeypatch.setattr(first, "agenda_plan", (lambda *a, **k: None) if fails else real_agenda)
    monkeypatch.setattr(first, "greedy", spy)
    assert_closure_is_the_oracles(case, data)
    early = min(first.EARLY_STALL, first.FIRST_STALL)
    if fails and searches and searches[0] == (early, False) and early < first.FIRST_STALL:
        assert searches[1][0] == first.FIRST_STALL  # the agenda failed: the whole patience
