"""Refutation from a known goal state (issue 17): sound against the explicit-state oracle, and
it decides the partially specified tall goal that needed a tower taken down and rebuilt."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_specify_agenda import assert_closure_is_the_oracles
from test_specify_exact import CASES, CLASSICAL, _domain, _with_negative

from planetarium_plugin import Deadline, domain_packs, parse_problem
from planetarium_plugin.specify import exact, refute
from planetarium_plugin.specify.agenda import replay
from planetarium_plugin.specify.memo import Memo, init_key
from planetarium_plugin.specify.refute import (
    novel_goal_states,
    origins,
    refute_all,
    refute_from,
    refute_monotone,
)
from planetarium_plugin.specify.search import reachable_states, search_fully_specify
from planetarium_plugin.specify.task import GroundTask


def _problem(case: str, data):
    strategy, domain_file = CASES[case]
    domain = _domain(domain_file) if domain_file else domain_packs()[case].domain
    return parse_problem(_with_negative(data.draw, data.draw(strategy)), domain), domain


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_refutations_are_reachable_goal_states_the_oracle_allows(case, data):
    """From any reachable goal state, for any atom made false (or true), a state returned is
    a reachable goal state with the atom so: never an atom the oracle proves implied (or
    excluded from every goal state)."""
    problem, domain = _problem(case, data)
    pos, neg = problem.goal.positive, problem.goal.negative
    oracle = search_fully_specify(problem, domain, negative=True, max_states=60_000)
    if not oracle.reachable:
        return
    reachable = {s for s, _ in reachable_states(problem, domain)}
    goal_states = sorted((s for s in reachable if pos <= s and not neg & s), key=sorted)
    task = GroundTask(problem, domain, Deadline(None))
    start = data.draw(st.sampled_from(goal_states))
    atoms = sorted(task.reached)
    for f in data.draw(st.lists(st.sampled_from(atoms), unique=True, max_size=4)):
        want = f not in start
        end = refute_from(task, start, pos, neg, f, want, Deadline(None))
        if end is None:
            continue
        assert end in reachable and pos <= end and not neg & end
        assert (f in end) == want
        if want:
            assert f not in oracle.negative
        else:
            assert f not in oracle.positive


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_one_agenda_run_refutes_several_atoms_only_soundly(case, data):
    """The goal agenda from the init with the adders of several atoms banned: a goal state it
    shows is reachable and lacks all of them, none of which the oracle proves implied."""
    problem, domain = _problem(case, data)
    pos, neg = problem.goal.positive, problem.goal.negative
    oracle = search_fully_specify(problem, domain, max_states=60_000)
    reachable = {s for s, _ in reachable_states(problem, domain)}
    task = GroundTask(problem, domain, Deadline(None))
    pool = sorted(task.reached - problem.init)
    if not pool:
        return
    atoms = data.draw(st.lists(st.sampled_from(pool), unique=True, min_size=1, max_size=4))
    shown: list[int] = []
    if refute_all(task, problem.init, pos, neg, atoms, Deadline(None), shown.append):
        end = task.decode(shown[-1])
        assert end in reachable and pos <= end and not neg & end
        assert not set(atoms) & end and not set(atoms) & oracle.positive
    else:
        assert not shown


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_width_one_search_shows_only_reachable_goal_states(case, data):
    """The width-1 search for goal states with new atoms (negative closures) shows only
    reachable goal states, each with an atom no state shown before it has."""
    problem, domain = _problem(case, data)
    pos, neg = problem.goal.positive, problem.goal.negative
    reachable = {s for s, _ in reachable_states(problem, domain)}
    goal_states = sorted((s for s in reachable if pos <= s and not neg & s), key=sorted)
    if not goal_states:
        return
    task = GroundTask(problem, domain, Deadline(None))
    start = task.encode(data.draw(st.sampled_from(goal_states)))
    shown: list[int] = []
    novel_goal_states(task, start, task.encode(pos), task.encode(neg), Deadline(None), shown.append)
    seen = start
    for bits in shown:
        assert bits & ~seen
        seen |= bits
        assert task.decode(bits) in goal_states


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_closure_refuted_from_goal_states_is_exact(case, data, monkeypatch):
    """With the cheaper refutations before it turned off (no neighbourhood, no repaired
    plans, no batch search, no memo), the refutation from a goal state decides many facts:
    the closure, positive and negative, is still the oracle's."""
    monkeypatch.setattr(exact, "NEIGHBOURHOOD", 1)
    monkeypatch.setattr(exact, "SPLICE", 0)
    monkeypatch.setattr(exact, "BATCH_ROUNDS", 0)
    monkeypatch.setattr(exact, "_TASKS", Memo(8))
    monkeypatch.setattr(exact, "_CLOSURES", Memo(8))
    assert_closure_is_the_oracles(case, data)


# ``bench_explain.py``'s 24-block ground truth's "different" candidate: b1 (under b15) and b2
# (under a tower of five goal blocks) are not placed by the goal. "(clear b15)" and
# "(on-table b2)" are refuted only by a goal state with the five-block tower taken down, b2
# put on b15 and the tower rebuilt on it: undecided at 10 s before (issue 17).
TALL = """(define (problem candidate) (:domain blocksworld)
  (:objects b1 b2 b3 b4 b5 b6 b7 b8 b9 b10 b11 b12 b13 b14 b15 b16 b17 b18 b19 b20 b21 b22 b23
   b24)
  (:init (arm-empty) (on-table b15) (clear b12) (on b12 b15) (on-table b7) (clear b3)
   (on b24 b7) (on b23 b24) (on b3 b23) (on-table b2) (clear b1) (on b18 b2) (on b16 b18)
   (on b5 b16) (on b1 b5) (on-table b9) (clear b20) (on b11 b9) (on b10 b11) (on b20 b10)
   (on-table b4) (clear b4) (on-table b13) (clear b13) (on-table b14) (clear b8) (on b6 b14)
   (on b21 b6) (on b8 b21) (on-table b19) (clear b19) (on-table b17) (clear b17)
   (on-table b22) (clear b22))
  (:goal (and (on b19 b20) (clear b24) (on b11 b16) (on b10 b12) (on b20 b13) (on b15 b1)
   (on-table b5) (on b3 b7) (on b12 b18) (clear b4) (on b16 b23) (on b13 b22) (on-table b14)
   (on-table b24) (on-table b4) (on b21 b14) (on-table b17) (on b18 b17) (on b23 b21)
   (arm-empty) (on-table b8) (clear b5) (on b22 b6) (on b9 b11) (clear b8) (on b6 b2)
   (on b7 b10))))"""


def test_tall_partial_goal_is_decided_like_the_rules(monkeypatch):
    """The generic path decides the 24-block partial goal (it gave up at 10 s before; its time
    is the benchmark's to measure, not this test's), with the closure of the pack's rules."""
    monkeypatch.setattr(exact, "_TASKS", Memo(8))
    monkeypatch.setattr(exact, "_CLOSURES", Memo(8))
    pack = domain_packs()["blocksworld"]
    problem = parse_problem(TALL, pack.domain)
    rules = pack.fully_specify(problem, pack.domain)
    rules = rules.positive if hasattr(rules, "positive") else rules
    got = exact.exact_fully_specify(problem, pack.domain, deadline=Deadline(120))
    assert got.positive == rules, sorted(map(str, got.positive ^ rules))


# PlanBench depots instance 2 (karthikv792/LLMs-Planning, MIT, see
# benchmarks/data/alignment_public/LICENSE-planbench.txt) with its goal changed (issue 17), and
# ON_TOP, the goal state its searches ended in under PYTHONHASHSEED=2 and 3: crate2 on pallet3
# at the distributor, crate1 on crate0 at depot1. "(clear crate2)" is not implied: crate0 can
# be put on crate2 and crate1 back on crate0 (~20 steps). The step that falsifies it, hoist3
# dropping crate0 on crate2, needs crate1 taken off crate0 first, which no helpful action of
# the climb to its preconditions did: the refutation gave up there (1.7 s calls).
DEPOTS_2 = """(define (problem depot-2-changed) (:domain depots)
  (:objects depot0 depot1 depot2 - depot distributor0 - distributor truck0 truck1 truck2 - truck
   pallet0 pallet1 pallet2 pallet3 - pallet crate0 crate1 crate2 - crate
   hoist0 hoist1 hoist2 hoist3 - hoist)
  (:init (at pallet0 depot0) (clear crate2) (at pallet1 depot1) (clear crate1)
   (at pallet2 depot2) (clear pallet2) (at pallet3 distributor0) (clear pallet3)
   (at truck0 depot1) (at truck1 depot1) (at truck2 distributor0) (at hoist0 depot0)
   (available hoist0) (at hoist1 depot1) (available hoist1) (at hoist2 depot2)
   (available hoist2) (at hoist3 distributor0) (available hoist3) (at crate0 depot1)
   (on crate0 pallet1) (at crate1 depot1) (on crate1 crate0) (at crate2 depot0)
   (on crate2 pallet0))
  (:goal (and (on crate1 crate0) (on crate2 pallet3))))"""
ON_TOP = """(at pallet0 depot0) (at pallet1 depot1) (at pallet2 depot2) (at pallet3 distributor0)
  (clear pallet0) (clear pallet2) (at truck0 distributor0) (at truck1 depot1)
  (at truck2 distributor0) (at hoist0 depot0) (at hoist1 depot1) (at hoist2 depot2)
  (at hoist3 distributor0) (available hoist0) (available hoist1) (available hoist2)
  (available hoist3) (at crate0 depot1) (on crate0 pallet1) (at crate1 depot1)
  (on crate1 crate0) (clear crate1) (at crate2 distributor0) (on crate2 pallet3)
  (clear crate2)"""


def test_fact_refuted_by_stacking_onto_it_from_a_goal_state():
    """From that goal state, "(clear crate2)" is refuted by the step that puts crate0 on
    crate2, reached by taking crate1 off crate0 first: a replayed goal state with something
    on crate2. Seed-independent: the state is given, not found by earlier searches."""
    domain = _domain("depots")
    problem = parse_problem(DEPOTS_2, domain)
    task = GroundTask(problem, domain, Deadline(None))
    atoms = {str(x): x for x in task.reached}
    start = frozenset(atoms[x] for x in _atoms(ON_TOP))
    assert len(start) == 25
    pos, neg = problem.goal.positive, problem.goal.negative
    f = atoms["(clear crate2)"]
    end = refute_from(task, start, pos, neg, f, False, Deadline(None))
    assert end is not None
    assert pos <= end and not neg & end and f not in end


def _atoms(text: str) -> list[str]:
    return re.findall(r"\([^()]*\)", text)


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_monotone_candidates_refuted_from_a_known_plan_only_soundly(case, data, monkeypatch):
    """The atoms nothing deletes refuted together, the agenda first run from the state before
    a known plan first adds one of them: what it shows is a reachable goal state lacking every
    one of them, none of which the oracle proves implied; and it starts there when the plan
    has such a state (else from the init)."""
    monkeypatch.setattr(exact, "_TASKS", Memo(8))
    monkeypatch.setattr(exact, "_CLOSURES", Memo(8))
    problem, domain = _problem(case, data)
    pos, neg = problem.goal.positive, problem.goal.negative
    oracle = search_fully_specify(problem, domain, max_states=60_000)
    if not oracle.reachable:
        return
    exact.exact_fully_specify(problem, domain, max_states=60_000)  # leaves its plans
    task = exact._TASKS.get(init_key(problem, domain))
    pool = sorted(task.reached - problem.init - task.deleted)
    todo = data.draw(st.lists(st.sampled_from(pool), unique=True, max_size=5)) if pool else []
    reachable = {s for s, _ in reachable_states(problem, domain)}
    starts: list = []
    real = refute.refute_all

    def spy(task_, start, *args):
        starts.append(start)
        return real(task_, start, *args)

    monkeypatch.setattr(refute, "refute_all", spy)
    shown: list[int] = []
    refute_monotone(task, todo, pos, neg, Deadline(None), shown.append)
    spare = {x for x in todo if not task.landmark(pos, x)}  # landmarks are left to their proof
    assert len(shown) <= 1
    for bits in shown:
        end = task.decode(bits)
        assert end in reachable and pos <= end and not neg & end
        assert not spare & end and not spare & oracle.positive
    for start in starts:
        assert start in reachable and not spare & start
    if starts and task.plans() and starts[0] != problem.init:
        assert len(starts) == 1 or starts[1] == problem.init  # the init only after it


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_refutation_replaying_a_known_plan_after_the_step_is_sound(case, data, monkeypatch):
    """Each origin comes with the steps a known plan took after it (they replay from it in
    order); a refutation from a state of a known plan that replays the rest of the plan after
    the literal's step (skipped where not applicable or protected) before the agenda returns
    only reachable goal states with the literal as wanted, never against the oracle."""
    monkeypatch.setattr(exact, "_TASKS", Memo(8))
    monkeypatch.setattr(exact, "_CLOSURES", Memo(8))
    problem, domain = _problem(case, data)
    pos, neg = problem.goal.positive, problem.goal.negative
    oracle = search_fully_specify(problem, domain, negative=True, max_states=60_000)
    if not oracle.reachable:
        return
    exact.exact_fully_specify(problem, domain, max_states=60_000)  # leaves its plans
    task = exact._TASKS.get(init_key(problem, domain))
    reachable = {s for s, _ in reachable_states(problem, domain)}
    atoms = sorted(task.reached)
    goal = task.encode(pos)
    plans = task.plans()
    ends = {replay(problem.init, list(p)) for p in plans}
    for f in atoms:
        for want in (False, True):
            for state, rest in origins(task, f, want, goal, goal):
                if rest:  # a known plan's steps from there: they apply, to the plan's end
                    assert replay(task.decode(state), list(rest)) in ends
    if not plans:
        return
    plan = list(data.draw(st.sampled_from(plans)))
    k = data.draw(st.integers(0, len(plan)))
    start = replay(problem.init, plan[:k])
    for f in data.draw(st.lists(st.sampled_from(atoms), unique=True, max_size=3)):
        want = f not in start
        end = refute_from(task, start, pos, neg, f, want, Deadline(None), then=tuple(plan[k:]))
        if end is None:
            continue
        assert end in reachable and pos <= end and not neg & end
        assert (f in end) == want
        assert f not in (oracle.negative if want else oracle.positive)
