"""Pairwise mutexes and proofs from a part of the goal (issue 17, PlanBench depots).

h^2 pairs (:mod:`planetarium_plugin.specify.pairs`) never both hold in a reachable state; a
regression from a part of the goal (:mod:`planetarium_plugin.specify.local`) that is exhausted
only proves what the explicit-state oracle proves; the exact fullySpecify with both equals the
oracle on small depots problems; and a stacked crate's place, which the complete regression
from the whole goal cannot settle within the quick budget, is proved within it.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_specify_exact import CASES, CLASSICAL, _agrees, _domain, _with_negative
from test_specify_invariants import random_task

from planetarium_plugin import Deadline, domain_packs, parse_problem
from planetarium_plugin.parsing import Atom
from planetarium_plugin.specify import exact_fully_specify, reachable_states, search_fully_specify
from planetarium_plugin.specify.exact import QUICK_REGRESSION
from planetarium_plugin.specify.local import proved_by_part
from planetarium_plugin.specify.pairs import unreachable_pairs
from planetarium_plugin.specify.task import GroundTask


@st.composite
def depots_problem(draw) -> str:
    """Two places, a hoist and a pallet at each, one truck, two or three crates stacked at
    random; a goal of one to three ``on`` atoms (some unreachable), sometimes a place."""
    crates = [f"c{i}" for i in range(draw(st.integers(2, 3)))]
    init = ["(at h0 d0)", "(at h1 s0)", "(at p0 d0)", "(at p1 s0)", "(available h0)"]
    init += ["(available h1)", f"(at t0 {draw(st.sampled_from(['d0', 's0']))})"]
    tops = {"p0": "d0", "p1": "s0"}
    for c in draw(st.permutations(crates)):
        under = draw(st.sampled_from(sorted(tops)))
        init += [f"(on {c} {under})", f"(at {c} {tops[under]})"]
        tops[c] = tops.pop(under)
    init += [f"(clear {x})" for x in tops]
    surfaces = ["p0", "p1", *crates]
    goal = [
        f"(on {c} {s})"
        for c, s in draw(
            st.lists(
                st.tuples(st.sampled_from(crates), st.sampled_from(surfaces)),
                min_size=1, max_size=3, unique_by=lambda t: t[0],
            )
        )
        if c != s
    ] or ["(clear p0)"]
    if draw(st.booleans()):
        goal.append(f"(at {draw(st.sampled_from(crates))} {draw(st.sampled_from(['d0', 's0']))})")
    objects = "d0 - depot s0 - distributor t0 - truck h0 h1 - hoist p0 p1 - pallet "
    objects += f"{' '.join(crates)} - crate"
    return (
        f"(define (problem p) (:domain depots) (:objects {objects})\n"
        f"  (:init {' '.join(init)})\n  (:goal (and {' '.join(goal)})))"
    )


CASES = {**CASES, "depots": (depots_problem(), "depots")}
CASES_HERE = [*CLASSICAL, "depots"]


def _problem(case: str, data):
    strategy, domain_file = CASES[case]
    domain = _domain(domain_file) if domain_file else domain_packs()[case].domain
    return parse_problem(_with_negative(data.draw, data.draw(strategy)), domain), domain


def _assert_pairs_hold(problem, domain) -> None:
    task = GroundTask(problem, domain, Deadline(None))
    pairs = unreachable_pairs(task.atoms, task.init, task.actions)
    for s, _ in reachable_states(problem, domain, max_states=60_000):
        for a, b in pairs:
            assert not (a in s and b in s), (a, b)


@pytest.mark.parametrize("case", CASES_HERE)
@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_pair_mutexes_hold_in_every_reachable_state(case, data):
    _assert_pairs_hold(*_problem(case, data))


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(task=random_task())
def test_pair_mutexes_hold_on_random_domains(task):
    domain, problem = task
    _assert_pairs_hold(problem, domain)


@pytest.mark.parametrize("case", CASES_HERE)
@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_part_proofs_only_prove_what_the_oracle_proves(case, data):
    """A part of the goal exhausted by regression, with the pairs in place: the fact is in no
    reachable goal state (``want``) or in every one."""
    problem, domain = _problem(case, data)
    pos, neg = problem.goal.positive, problem.goal.negative
    states = [s for s, _ in reachable_states(problem, domain, max_states=60_000)]
    goal_states = [s for s in states if pos <= s and not neg & s]
    task = GroundTask(problem, domain, Deadline(None))
    task.add_pair_mutexes(Deadline(None))
    atoms = sorted(task.reached)
    for f in data.draw(st.lists(st.sampled_from(atoms), unique=True, max_size=6)):
        for want in (False, True):
            if proved_by_part(task, pos, neg, f, want, QUICK_REGRESSION, Deadline(None)):
                assert all((f in s) != want for s in goal_states), (f, want)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_exact_matches_oracle_on_depots(data):
    problem, domain = _problem("depots", data)
    negative = bool(problem.goal.negative) or data.draw(st.booleans())
    oracle = search_fully_specify(problem, domain, negative=negative, max_states=60_000)
    exact = exact_fully_specify(problem, domain, negative=negative, max_states=60_000)
    _agrees(exact, oracle)


#: Three crates in one tower at the depot, to be rebuilt on the distributor's pallet (the
#: shape of PlanBench's depots goals): where each crate ends follows from what it stands on.
TOWER = """(define (problem tower) (:domain depots)
  (:objects d0 - depot s0 - distributor t0 t1 - truck h0 h1 - hoist p0 p1 - pallet
            c0 c1 c2 - crate)
  (:init (at h0 d0) (at h1 s0) (available h0) (available h1) (at t0 d0) (at t1 s0)
         (at p0 d0) (at p1 s0) (on c0 p0) (at c0 d0) (on c1 c0) (at c1 d0) (on c2 c1)
         (at c2 d0) (clear c2) (clear p1))
  (:goal (and (on c2 p1) (on c0 c2) (on c1 c0))))"""


def test_a_stacked_crates_place_is_proved_within_the_quick_budget():
    """The complete regression from the whole goal with ``(at c1 s0)`` negated does not end
    within the quick budget (the other crates and the hoists keep it going); with the pairs
    and the parts of the goal about c1 it is exhausted within it, and the exact closure (all
    three crates at the distributor) agrees with the oracle."""
    domain = _domain("depots")
    problem = parse_problem(TOWER, domain)
    pos, neg = problem.goal.positive, problem.goal.negative
    f = Atom("at", ("c1", "s0"))
    task = GroundTask(problem, domain, Deadline(None))
    assert task.regress(pos, neg | {f}, QUICK_REGRESSION, Deadline(None))[0] == "unknown"
    assert task.add_pair_mutexes(Deadline(None))
    known = pos | {Atom("at", ("c0", "s0")), Atom("at", ("c2", "s0"))}
    assert proved_by_part(task, known, neg, f, False, QUICK_REGRESSION, Deadline(None))
    exact = exact_fully_specify(problem, domain, negative=True)
    assert {Atom("at", (c, "s0")) for c in ("c0", "c1", "c2")} <= exact.positive
    _agrees(exact, search_fully_specify(problem, domain, negative=True, max_states=200_000))
