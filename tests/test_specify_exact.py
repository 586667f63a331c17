"""The generic fullySpecify: budgets honoured at every step, and exact against the oracle."""

from __future__ import annotations

import dataclasses
import functools
import itertools
import random
import re
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import NUMERIC_PROBLEMS, PROBLEMS

from planetarium_plugin import Deadline, PlanetariumError, domain_packs, parse_problem
from planetarium_plugin.parsing import Atom, Goal, parse_domain
from planetarium_plugin.specify import (
    exact,
    exact_fully_specify,
    fully_specify_problem,
    reachable_states,
    search_fully_specify,
)
from planetarium_plugin.specify.downward import downward_plan
from planetarium_plugin.specify.forward import essential, greedy, plan_to, splice
from planetarium_plugin.specify.memo import Memo
from planetarium_plugin.specify.task import GroundTask


def _big_delivery():
    pack = domain_packs()["uav-delivery"]
    inst = next(
        i
        for i in pack.generate(random.Random(0), 8)
        if i.goal_layout == "all_to_base" and i.init_layout == "star_spread"
    )
    return parse_problem(inst.problem_pddl, pack.domain), pack.domain


@pytest.mark.parametrize("budget", [0.2])
def test_explicit_search_honours_the_deadline(budget):
    """Issue 11 #4: the deadline was checked only when the state count hit a multiple of 256,
    so a 10 s budget ran 28 s. Every expanded state now checks it."""
    problem, domain = _big_delivery()
    for run in (reachable_states, search_fully_specify):
        t0 = time.perf_counter()
        with pytest.raises(PlanetariumError) as err:
            run(problem, domain, max_states=10**9, deadline=Deadline(budget))
        elapsed = time.perf_counter() - t0
        assert err.value.reason == "timeout"
        assert elapsed < budget + 1.0, f"{run.__name__} overran: {elapsed:.2f} s for {budget} s"


# --- exact generic fullySpecify == the explicit-state oracle ---------------------------------

DOMAINS = Path(__file__).parent / "domains"


@functools.cache
def _domain(name: str):
    return parse_domain((DOMAINS / f"{name}.pddl").read_text())


def _text(domain: str, objects: str, init: list[str], goal: list[str]) -> str:
    return (
        f"(define (problem p) (:domain {domain}) (:objects {objects})\n"
        f"  (:init {' '.join(init)})\n  (:goal (and {' '.join(goal)})))"
    )


@st.composite
def logistics_problem(draw) -> str:
    """Typed logistics: 1-2 cities, trucks per city, maybe an airplane, 1-2 packages."""
    n_cities = draw(st.integers(1, 2))
    cities = [f"c{i}" for i in range(1, n_cities + 1)]
    ports = [f"port{i}" for i in range(1, n_cities + 1)]
    extra = [f"loc{i}" for i in range(1, draw(st.integers(0, 2)) + 1)]
    city_of = {p: c for p, c in zip(ports, cities, strict=True)}
    city_of.update({x: draw(st.sampled_from(cities)) for x in extra})
    places = ports + extra
    trucks = [f"t{i}" for i in range(1, draw(st.integers(0, 2)) + 1)]
    planes = ["a1"] if draw(st.booleans()) else []
    packages = [f"p{i}" for i in range(1, draw(st.integers(1, 2)) + 1)]
    init = [f"(in-city {x} {city_of[x]})" for x in places]

    def config(draw) -> list[str]:
        facts = [f"(at {t} {draw(st.sampled_from(places))})" for t in trucks]
        facts += [f"(at {a} {draw(st.sampled_from(ports))})" for a in planes]
        for p in packages:
            where = draw(st.sampled_from(places + trucks + planes))
            facts.append(f"(in {p} {where})" if where in trucks + planes else f"(at {p} {where})")
        return facts

    now = config(draw)
    init += now
    goal = draw(st.lists(st.sampled_from(config(draw)), unique=True, max_size=3))
    goal += draw(st.lists(st.sampled_from(init), unique=True, max_size=1))
    objs = " ".join(
        [f"{t} - truck" for t in trucks]
        + [f"{a} - airplane" for a in planes]
        + [f"{p} - package" for p in packages]
        + [f"{x} - airport" for x in ports]
        + [f"{x} - location" for x in extra]
        + [f"{c} - city" for c in cities]
    )
    return _text("logistics-typed", objs, init, sorted(set(goal)))


@st.composite
def courier_problem(draw) -> str:
    """One-way roads and fuel cells burnt for good (untyped, types as unary predicates)."""
    places = ["a", "b", "c"][: draw(st.integers(2, 3))]
    cells = [f"f{i}" for i in range(1, draw(st.integers(0, 3)) + 1)]
    parcels = [f"x{i}" for i in range(1, draw(st.integers(0, 2)) + 1)]
    pairs = [(u, v) for u in places for v in places if u != v]
    roads = draw(st.lists(st.sampled_from(pairs), unique=True, min_size=1))
    at = draw(st.sampled_from(places))
    init = [f"(place {x})" for x in places] + [f"(cell {f})" for f in cells]
    init += [f"(parcel {x})" for x in parcels] + [f"(road {u} {v})" for u, v in roads]
    init += [f"(at {at})"] + [f"(charged {f})" for f in cells if draw(st.integers(0, 3))]
    for x in parcels:
        init.append(
            f"(carrying {x})"
            if draw(st.integers(0, 3)) == 0
            else f"(parcel-at {x} {draw(st.sampled_from(places))})"
        )
    if draw(st.booleans()):
        init.append(f"(visited {draw(st.sampled_from(places))})")
    pool = [f"(at {x})" for x in places] + [f"(visited {x})" for x in places]
    pool += [f"(parcel-at {x} {y})" for x in parcels for y in places]
    pool += [f"(carrying {x})" for x in parcels] + [f"(charged {f})" for f in cells]
    goal = draw(st.lists(st.sampled_from(pool), unique=True, max_size=3))
    goal += draw(st.lists(st.sampled_from(init), unique=True, max_size=1))
    return _text("oneway-courier", " ".join(places + cells + parcels), init, sorted(set(goal)))


def _with_negative(draw, text: str) -> str:
    """Sometimes turn one goal literal into a negative one (negative closures are exercised)."""
    if draw(st.integers(0, 3)):
        return text
    head, goal = text.split("(:goal (and ", 1)
    atoms = re.findall(r"(?:^|(?<=\) ))\([^()=<>]*\)", goal)  # top-level atoms only
    if not atoms:
        return text
    victim = draw(st.sampled_from(atoms))
    return head + "(:goal (and " + goal.replace(victim, f"(not {victim})", 1)


CASES = {
    **{name: (strategy, None) for name, strategy in PROBLEMS.items()},
    **{name: (strategy, None) for name, strategy in NUMERIC_PROBLEMS.items()},
    "logistics-typed": (logistics_problem(), "logistics-typed"),
    "oneway-courier": (courier_problem(), "oneway-courier"),
}


def _agrees(exact, oracle) -> None:
    assert exact.reachable == oracle.reachable, (exact, oracle)
    assert exact.positive == oracle.positive, sorted(map(str, exact.positive ^ oracle.positive))
    assert exact.negative == oracle.negative, sorted(map(str, exact.negative ^ oracle.negative))
    assert exact.numeric == oracle.numeric, sorted(map(str, exact.numeric ^ oracle.numeric))


@pytest.mark.parametrize("case", sorted(CASES))
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_exact_matches_oracle(case, data):
    strategy, domain_file = CASES[case]
    domain = _domain(domain_file) if domain_file else domain_packs()[case].domain
    text = _with_negative(data.draw, data.draw(strategy))
    problem = parse_problem(text, domain)
    negative = bool(problem.goal.negative) or data.draw(st.booleans())
    oracle = search_fully_specify(problem, domain, negative=negative, max_states=60_000)
    exact = exact_fully_specify(problem, domain, negative=negative, max_states=60_000)
    _agrees(exact, oracle)


@pytest.mark.parametrize("case", ["blocksworld", "gripper", "logistics-typed", "oneway-courier"])
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_exact_never_guesses_past_its_budget(case, data):
    """With a tiny state budget the method either proves every fact or says search_bound."""
    strategy, domain_file = CASES[case]
    domain = _domain(domain_file) if domain_file else domain_packs()[case].domain
    problem = parse_problem(data.draw(strategy), domain)
    oracle = search_fully_specify(problem, domain, negative=True)
    try:
        exact = exact_fully_specify(problem, domain, negative=True, max_states=3)
    except PlanetariumError as exc:
        assert exc.reason == "search_bound"
        return
    _agrees(exact, oracle)


def test_generic_path_is_used_without_rules():
    pack = domain_packs()["blocksworld"]
    p = parse_problem(_tower(12), pack.domain)
    fs = fully_specify_problem(p, pack.domain, None, deadline=Deadline(60))
    assert fs.method == "exact"
    assert fs.positive == pack.fully_specify(p, pack.domain).positive


def _tower(n: int) -> str:
    """n blocks on the table; the goal is one tower of all of them (closure: table, top, arm)."""
    blocks = [f"b{i}" for i in range(1, n + 1)]
    init = ["(arm-empty)"] + [f"(on-table {b})" for b in blocks] + [f"(clear {b})" for b in blocks]
    goal = [f"(on {a} {b})" for a, b in itertools.pairwise(blocks)]
    return _text("blocksworld", " ".join(blocks), init, goal)


def test_exact_honours_the_deadline():
    pack = domain_packs()["blocksworld"]
    p = parse_problem(_tower(30), pack.domain)
    t0 = time.perf_counter()
    try:
        exact_fully_specify(p, pack.domain, negative=True, deadline=Deadline(0.3))
    except PlanetariumError as exc:
        assert exc.reason == "timeout"
    assert time.perf_counter() - t0 < 0.3 + 1.0


# --- the cheap proofs, each checked on its own against the oracle (issue 17) ------------------

CLASSICAL = ["blocksworld", "gripper", "floor-tile", "logistics-typed", "oneway-courier"]


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_cheap_proofs_are_sound(case, data):
    """Every atom the invariants force, every monotone landmark and the end state of a
    stripped plan agree with the explicit-state oracle: proofs never claim a fact some goal
    state lacks, and the leaner goal state is a reachable goal state."""
    strategy, domain_file = CASES[case]
    domain = _domain(domain_file) if domain_file else domain_packs()[case].domain
    problem = parse_problem(_with_negative(data.draw, data.draw(strategy)), domain)
    oracle = search_fully_specify(problem, domain, max_states=60_000)
    task = GroundTask(problem, domain, Deadline(None))
    pos, neg = problem.goal.positive, problem.goal.negative
    if not oracle.reachable:
        assert downward_plan(task, pos, neg, Deadline(20))[0] in ("unsolvable", "unknown")
        return
    goal_states = {s for s, _ in reachable_states(problem, domain) if pos <= s and not (neg & s)}
    forced = task.close(pos, neg)
    assert forced is not None and forced[0] <= oracle.positive
    for f in task.reached - task.deleted:
        if task.landmark(pos, f):
            assert f in oracle.positive, f"{f} is no landmark"
    parents: dict = {}
    end, _ = greedy(
        task,
        task.init,
        pos,
        neg,
        2_000,
        Deadline(None),
        lambda s: None,
        newest_first=True,
        parents=parents,
    )
    if end is not None:
        plan = plan_to(parents, end)
        assert task.run(plan) == end
        lean = essential(task, plan, pos, neg)
        assert lean is None or lean in goal_states
    verdict, plan = downward_plan(task, pos, neg, Deadline(20))  # multi-valued SAS+ encoding
    # The search prunes the states its landmark heuristic calls dead ends: a reachable goal
    # must still never be reported unsolvable.
    assert verdict != "unsolvable"
    if verdict == "solvable":
        assert task.run(plan) in goal_states


def test_monotone_landmarks_decide_rover_single_without_search():
    """A communicated sample needs the analysis, which nothing deletes: the landmark proof
    keeps it, where the per-fact regression used to run (seconds on 100+ propositions)."""
    pack = domain_packs()["rover-single"]
    text = (
        "(define (problem p) (:domain rover-single) (:objects w1 w2 - waypoint)"
        " (:init (at_rover w1) (at_lander w2) (available) (channel_free)"
        " (can_traverse w1 w2) (can_traverse w2 w1) (visible w1 w2) (visible w2 w1)"
        " (at_soil_sample w1)) (:goal (communicated_soil_data w1)))"
    )
    problem = parse_problem(text, pack.domain)
    task = GroundTask(problem, pack.domain, Deadline(None))
    goal = problem.goal.positive
    assert task.landmark(goal, Atom("have_soil_analysis", ("w1",)))
    assert not task.landmark(goal, Atom("at_rover", ("w2",)))  # w1 sees the lander too
    oracle = search_fully_specify(problem, pack.domain)
    assert exact_fully_specify(problem, pack.domain).positive == oracle.positive
    assert Atom("have_soil_analysis", ("w1",)) in oracle.positive


def test_spent_atoms_decide_the_negative_closure_without_search():
    """A reported sample was used up by the only action that analyses it, and nothing puts a
    sample back: the spent-atom proof puts ``(not (at_soil_sample w1))`` in the negative
    closure, where the per-fact search had to exhaust the state space (IPC rovers pfile3:
    undecided at 10 s)."""
    pack = domain_packs()["rover"]
    text = (
        "(define (problem p) (:domain rover)"
        " (:objects r1 - rover w1 w2 - waypoint s1 - store l1 - lander)"
        " (:init (at r1 w1) (available r1) (at_lander l1 w2) (channel_free l1)"
        " (can_traverse r1 w1 w2) (can_traverse r1 w2 w1) (visible w1 w2) (visible w2 w1)"
        " (equipped_for_soil_analysis r1) (store_of s1 r1) (empty s1)"
        " (at_soil_sample w1) (at_rock_sample w2))"
        " (:goal (and (communicated_soil_data w1) (not (at r1 w2)))))"
    )
    problem = parse_problem(text, pack.domain)
    task = GroundTask(problem, pack.domain, Deadline(None))
    goal = problem.goal.positive
    assert task.spent(goal, Atom("at_soil_sample", ("w1",)))
    assert not task.spent(goal, Atom("at_rock_sample", ("w2",)))  # no rover analyses rock
    assert not task.spent(goal, Atom("empty", ("s1",)))  # dropping the sample empties it again
    oracle = search_fully_specify(problem, pack.domain, negative=True)
    exact = exact_fully_specify(problem, pack.domain, negative=True)
    assert (exact.positive, exact.negative) == (oracle.positive, oracle.negative)
    assert Atom("at_soil_sample", ("w1",)) in oracle.negative


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_goals_over_one_init_share_evidence_exactly(case, data):
    """Closures of several goals over the same init reuse one ground task and each other's goal
    states (memo tables): every closure still equals the oracle's, in any order."""
    strategy, domain_file = CASES[case]
    domain = _domain(domain_file) if domain_file else domain_packs()[case].domain
    problem = parse_problem(_with_negative(data.draw, data.draw(strategy)), domain)
    atoms = sorted(problem.goal.positive | problem.init)
    goals = [problem.goal]
    for _ in range(2):
        pos = data.draw(st.lists(st.sampled_from(atoms), unique=True, max_size=3))
        goals.append(Goal(frozenset(pos), problem.goal.negative))
    for goal in goals:
        p = dataclasses.replace(problem, goal=goal)
        negative = bool(goal.negative)
        oracle = search_fully_specify(p, domain, negative=negative, max_states=60_000)
        _agrees(exact_fully_specify(p, domain, negative=negative, max_states=60_000), oracle)


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_bit_set_searches_refute_only_with_reachable_goal_states(case, data):
    """Issue 17: the forward searches run on bit sets, and one search that avoids every
    candidate at once refutes many. Alone, checked against the explicit-state oracle: every
    state they show is reachable (bit sets decode to the oracle's states), every goal state
    among them keeps the oracle's closure, and the search that avoids atoms still stops only
    at goal states."""
    strategy, domain_file = CASES[case]
    domain = _domain(domain_file) if domain_file else domain_packs()[case].domain
    problem = parse_problem(_with_negative(data.draw, data.draw(strategy)), domain)
    oracle = search_fully_specify(problem, domain, max_states=60_000)
    reachable = {s for s, _ in reachable_states(problem, domain)}
    task = GroundTask(problem, domain, Deadline(None))
    pos, neg = problem.goal.positive, problem.goal.negative
    assert task.decode(task.encode(task.init)) == task.init
    avoid = task.encode(task.reached - pos) if data.draw(st.booleans()) else 0
    shown: list[int] = []
    end, exhausted = greedy(
        task,
        task.init,
        pos,
        neg,
        data.draw(st.sampled_from([5, 50, 2_000])),
        Deadline(None),
        shown.append,
        newest_first=data.draw(st.booleans()),
        avoid=avoid,
    )
    states = [task.decode(s) for s in shown]
    assert set(states) <= reachable
    goal_states = [s for s in states if pos <= s and not (neg & s)]
    if not oracle.reachable:
        assert end is None and not goal_states
        return
    for s in goal_states:
        assert oracle.positive <= s  # a refutation never drops an implied atom
    if end is not None:
        assert end in goal_states
    if exhausted:
        assert set(states) == reachable  # exhausted means every reachable state was shown


@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_spliced_plans_refute_only_facts_the_oracle_drops(case, data):
    """Issue 17: a known plan repaired around the step that made a fact true (``splice``),
    alone, against the explicit-state oracle: every state it shows is reachable, and a fact it
    refutes is one the oracle's closure lacks, with the goal state it ended in as evidence."""
    strategy, domain_file = CASES[case]
    domain = _domain(domain_file) if domain_file else domain_packs()[case].domain
    problem = parse_problem(_with_negative(data.draw, data.draw(strategy)), domain)
    oracle = search_fully_specify(problem, domain, max_states=60_000)
    if not oracle.reachable:
        return
    reachable = {s for s, _ in reachable_states(problem, domain)}
    task = GroundTask(problem, domain, Deadline(None))
    pos, neg = problem.goal.positive, problem.goal.negative
    parents: dict = {}
    end, _ = greedy(
        task, task.init, pos, neg, 2_000, Deadline(None), lambda s: None, parents=parents
    )
    if end is None:
        return
    plan = plan_to(parents, end)
    budget = data.draw(st.sampled_from([0, 1, 30]))
    for f in sorted(end - pos):
        shown: list[int] = []
        refuted = splice(task, plan, pos, neg | {f}, f, budget, Deadline(None), shown.append)
        states = [task.decode(s) for s in shown]
        assert set(states) <= reachable
        if refuted:
            last = states[-1]
            assert pos <= last and not (neg & last) and f not in last
            assert f not in oracle.positive


def test_splice_puts_the_block_on_the_table_and_builds_the_same_tower_on_it():
    """The tall-tower case of issue 17 in small: the ground truth's plan builds the tower
    b4-b3-b2-b1 (b1 on top); a goal without (on b2 b3) is refuted by that very plan with b2
    put on the table instead, b1 still stacked on it."""
    pack = domain_packs()["blocksworld"]
    problem = parse_problem(_tower(4), pack.domain)
    task = GroundTask(problem, pack.domain, Deadline(None))
    pos = problem.goal.positive
    parents: dict = {}
    end, _ = greedy(
        task, task.init, pos, frozenset(), 5_000, Deadline(None), lambda s: None, parents=parents
    )
    assert end is not None
    plan = plan_to(parents, end)
    f = Atom("on", ("b2", "b3"))
    goal = pos - {f}
    shown: list[int] = []
    assert splice(task, plan, goal, frozenset({f}), f, 30, Deadline(None), shown.append)
    last = task.decode(shown[-1])
    assert goal <= last and f not in last and Atom("on-table", ("b2",)) in last
    assert not splice(task, plan, pos, frozenset({f}), f, 30, Deadline(None), shown.append)


@pytest.mark.parametrize("first", [0, 10**6])
@pytest.mark.parametrize("case", CLASSICAL)
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_repaired_plans_before_the_neighbourhood_keep_the_oracles_closure(case, first, data):
    """Issue 17 (towers7): where the first goal states leave at most ``SPLICE_FIRST`` candidates,
    the known plans are repaired around each (``splice``) before the breadth-first states
    around the first goal state. Forced either way (never first, always first), over one init
    — the goal, then the goal less one atom, whose closure the first goal's plan refutes —
    every closure is the oracle's."""
    strategy, domain_file = CASES[case]
    domain = _domain(domain_file) if domain_file else domain_packs()[case].domain
    problem = parse_problem(_with_negative(data.draw, data.draw(strategy)), domain)
    goals = [problem.goal]
    if problem.goal.positive:
        drop = data.draw(st.sampled_from(sorted(problem.goal.positive)))
        goals.append(Goal(problem.goal.positive - {drop}, problem.goal.negative))
    kept = exact.SPLICE_FIRST, exact._CLOSURES, exact._TASKS
    exact.SPLICE_FIRST, exact._CLOSURES, exact._TASKS = first, Memo(512), Memo(8)
    try:
        for goal in goals:
            p = dataclasses.replace(problem, goal=goal)
            negative = bool(goal.negative)
            oracle = search_fully_specify(p, domain, negative=negative, max_states=60_000)
            _agrees(exact_fully_specify(p, domain, negative=negative, max_states=60_000), oracle)
    finally:
        exact.SPLICE_FIRST, exact._CLOSURES, exact._TASKS = kept


def test_a_tower_less_one_atom_is_refuted_by_the_towers_repaired_plan_first(monkeypatch):
    """The 44-block towers' slow calls in small (towers7): the goal of one tower, then that
    goal without (on b2 b3). The tower's plan, repaired, refutes (on b2 b3) before any
    breadth-first state around the first goal state is explored; the closures are the
    oracle's."""
    pack = domain_packs()["blocksworld"]
    problem = parse_problem(_tower(5), pack.domain)
    monkeypatch.setattr(exact, "_CLOSURES", Memo(512))
    monkeypatch.setattr(exact, "_TASKS", Memo(8))
    # (5 blocks: the invariants leave (clear b1) and (on-table b5) to prove, 44 blocks none)
    monkeypatch.setattr(exact, "SPLICE_FIRST", 3)
    log: list = []
    around, repair = exact.neighbourhood, exact.splice

    def neighbourhood(*args):
        log.append("neighbourhood")
        return around(*args)

    def splice(task, plan, pos, neg, f, *args):
        done = repair(task, plan, pos, neg, f, *args)
        log.append((f, done))
        return done

    monkeypatch.setattr(exact, "neighbourhood", neighbourhood)
    monkeypatch.setattr(exact, "splice", splice)
    f = Atom("on", ("b2", "b3"))
    for goal in (problem.goal, Goal(problem.goal.positive - {f}, frozenset())):
        log.clear()
        p = dataclasses.replace(problem, goal=goal)
        _agrees(exact_fully_specify(p, pack.domain), search_fully_specify(p, pack.domain))
    assert (f, True) in log
    assert "neighbourhood" not in log[: log.index((f, True))]
    assert f not in exact_fully_specify(p, pack.domain).positive
