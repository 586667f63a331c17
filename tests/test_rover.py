"""The rover packs: exact rules and complete planners against the oracle, add-after-delete
semantics everywhere, the reference dataset's row shapes, and the generator."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from planetarium_plugin import (
    PlanetariumError,
    domain_packs,
    equivalent,
    parse_problem,
    search_fully_specify,
)
from planetarium_plugin.errors import Deadline
from planetarium_plugin.planning import SolveStatus, solve, validate
from planetarium_plugin.scoring import score_records
from planetarium_plugin.specify import exact_fully_specify, fully_specify_problem


def single():
    return domain_packs()["rover-single"]


# ---------------------------------------------------------------------------------------------
# Random small rover-single problems, including odd-but-valid inits (one-way links, links
# without visibility, no channel, unavailable rover, facts over objects of other types).


@st.composite
def rover_single_problem(draw) -> str:
    w = [f"w{i}" for i in range(1, draw(st.integers(1, 3)) + 1)]
    cams = [f"cam{i}" for i in range(1, draw(st.integers(0, 2)) + 1)]
    modes = [f"m{i}" for i in range(1, draw(st.integers(0, 2)) + 1)]
    objs = [f"o{i}" for i in range(1, draw(st.integers(0, 2)) + 1)]
    everything = w + cams + modes + objs
    pairs = st.tuples(st.sampled_from(w), st.sampled_from(w))  # links may be one-way
    odd = st.tuples(st.sampled_from(everything), st.sampled_from(everything))
    init: set[str] = set()
    where = draw(st.sampled_from(["one", "one", "one", "one", "none", "other"]))
    if where == "one":
        init.add(f"(at_rover {draw(st.sampled_from(w))})")
    elif where == "other":
        init.add(f"(at_rover {draw(st.sampled_from(everything))})")
    if draw(st.integers(0, 5)):
        init.add("(available)")
    if draw(st.integers(0, 5)):
        init.add("(channel_free)")
    for a, b in draw(st.lists(pairs, max_size=8)) + draw(st.lists(odd, max_size=1)):
        kind = draw(st.sampled_from(["both", "both", "traverse", "visible"]))
        if kind != "visible":
            init.add(f"(can_traverse {a} {b})")
        if kind != "traverse":
            init.add(f"(visible {a} {b})")
    landers = draw(st.lists(st.sampled_from(w), min_size=1, max_size=2))
    init |= {f"(at_lander {x})" for x in landers}
    for y in landers:  # waypoints that see a lander
        init |= {f"(visible {x} {y})" for x in draw(st.lists(st.sampled_from(w), max_size=3))}
    soil = draw(st.lists(st.sampled_from(w), min_size=1, max_size=2))
    rock = draw(st.lists(st.sampled_from(w), max_size=2))
    init |= {f"(at_soil_sample {x})" for x in soil} | {f"(at_rock_sample {x})" for x in rock}
    init |= {f"(visible {a} {b})" for a, b in draw(st.lists(odd, max_size=1))}
    shots = []
    if cams and modes:
        sup = st.tuples(st.sampled_from(cams), st.sampled_from(modes))
        supported = draw(st.lists(sup, max_size=2))
        init |= {f"(supports {c} {m})" for c, m in supported}
    if objs:
        seen = st.tuples(st.sampled_from(objs), st.sampled_from(w))
        views = draw(st.lists(seen, max_size=3))
        init |= {f"(visible_from {o} {x})" for o, x in views}
        shots = [(o, m) for o, _ in views for m in modes]
    data = [f"(have_soil_analysis {x})" for x in w] + [f"(have_rock_analysis {x})" for x in w]
    data += [f"(communicated_soil_data {x})" for x in w]
    data += [f"(communicated_rock_data {x})" for x in w]
    data += [f"(have_image {o} {m})" for o in objs for m in modes]
    data += [f"(communicated_image_data {o} {m})" for o in objs for m in modes]
    init |= set(draw(st.lists(st.sampled_from(data), max_size=1)))
    likely = [f"(communicated_soil_data {x})" for x in soil]
    likely += [f"(communicated_rock_data {x})" for x in rock]
    likely += [f"(communicated_image_data {o} {m})" for o, m in shots]
    likely += [f"(have_soil_analysis {x})" for x in soil]
    options = data + sorted(init) + [f"(have_soil_analysis {x})" for x in everything[:2]]
    goal = draw(st.lists(st.sampled_from(likely), min_size=1, max_size=2, unique=True))
    if draw(st.integers(0, 2)) == 0:
        goal.append(f"(at_rover {draw(st.sampled_from(w))})")
    if draw(st.integers(0, 3)) == 0:
        goal.append(draw(st.sampled_from(options)))
    goal = sorted(set(goal))
    declared = f"{' '.join(w)} - waypoint"
    for names, typ in ((cams, "camera"), (modes, "mode"), (objs, "objective")):
        if names:
            declared += f" {' '.join(names)} - {typ}"
    return (
        f"(define (problem p) (:domain rover-single) (:objects {declared})\n"
        f"  (:init {' '.join(sorted(init))})\n  (:goal (and {' '.join(goal)})))"
    )


def _closure(pack, problem):
    """The rules' positive closure (None where they decline)."""
    fs = pack.fully_specify(problem, pack.domain)
    return None if fs is None else fs.positive


def _oracle(problem, domain):
    try:
        return search_fully_specify(problem, domain, max_states=20_000)
    except PlanetariumError:
        assume(False)


@settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=rover_single_problem())
def test_rover_single_rules_match_oracle(text):
    pack = single()
    problem = parse_problem(text, pack.domain)
    oracle = _oracle(problem, pack.domain)
    rules = _closure(pack, problem)
    assert rules is not None, "rules declined a valid problem"
    assert pack.fully_specify(problem, pack.domain).reachable is oracle.reachable
    if oracle.reachable:
        assert rules == oracle.positive, (
            f"missing {sorted(map(str, oracle.positive - rules))} "
            f"extra {sorted(map(str, rules - oracle.positive))}"
        )
    else:
        assert rules == problem.goal.positive


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=rover_single_problem())
def test_rover_single_planner_is_complete_and_valid(text):
    pack = single()
    problem = parse_problem(text, pack.domain)
    reachable = _oracle(problem, pack.domain).reachable
    result = solve(problem, pack, planner="pack")
    if reachable:
        assert result.status is SolveStatus.SOLVED, result.message
        assert result.validation.valid, result.validation.message
    else:
        assert result.status is SolveStatus.UNSOLVABLE, result.message


ONE_WAY = """(define (problem one-way) (:domain rover-single) (:objects a b c - waypoint)
  (:init (at_rover a) (available) (channel_free) (at_lander a) (visible a a)
         (can_traverse a b) (visible a b) (can_traverse b c) (visible b c) (at_soil_sample b))
  (:goal (and GOAL)))"""


def test_data_is_sent_after_it_is_acquired():
    """The only waypoint that sees the lander lies before the sample: nothing can be sent."""
    pack = single()
    problem = parse_problem(ONE_WAY.replace("GOAL", "(communicated_soil_data b)"), pack.domain)
    assert not search_fully_specify(problem, pack.domain).reachable
    assert _closure(pack, problem) == problem.goal.positive
    assert solve(problem, pack, planner="pack").status is SolveStatus.UNSOLVABLE


def test_the_rover_may_end_past_the_last_task():
    """Once the sample is taken the rover may drive on to c: its position is not implied."""
    pack = single()
    problem = parse_problem(ONE_WAY.replace("GOAL", "(have_soil_analysis b)"), pack.domain)
    closed = _closure(pack, problem)
    assert closed == search_fully_specify(problem, pack.domain).positive
    assert not any(a.predicate == "at_rover" for a in closed)
    stuck = parse_problem(
        ONE_WAY.replace("GOAL", "(have_soil_analysis b)").replace("(can_traverse b c) ", ""),
        pack.domain,
    )
    assert "(at_rover b)" in map(str, _closure(pack, stuck))


def test_two_rover_positions_decline_to_the_generic_search():
    pack = single()
    text = """(define (problem two) (:domain rover-single) (:objects a b - waypoint)
      (:init (at_rover a) (at_rover b) (available) (can_traverse a b) (visible a b))
      (:goal (and (at_rover b))))"""
    problem = parse_problem(text, pack.domain)
    assert _closure(pack, problem) is None
    assert pack.planner(problem, pack.domain) is None
    closed = search_fully_specify(problem, pack.domain)
    assert closed.reachable and "(at_rover b)" in map(str, closed.positive)
    assert (
        equivalent(
            text, text.replace("(at_rover b))))", "(at_rover b) (available))))"), pack
        ).equivalent
        is True
    )


# ---------------------------------------------------------------------------------------------
# Add-after-delete: communicating leaves (available) and (channel_free) true.

TWO_REPORTS = """(define (problem relay) (:domain rover-single)
  (:objects a b c - waypoint)
  (:init (at_rover a) (available) (channel_free) (at_lander c) (visible a c)
         (can_traverse a b) (visible a b) (can_traverse b a) (visible b a)
         (at_soil_sample a) (at_rock_sample b))
  (:goal (and (communicated_soil_data a) (communicated_rock_data b) (at_rover a))))"""
# The only plan communicates the soil data *before* driving on: it must stay available.
RELAY_PLAN = """(sample_soil a)
(communicate_soil_data a a c)
(navigate a b)
(sample_rock b)
(navigate b a)
(communicate_rock_data b a c)"""


@pytest.mark.parametrize("validator", ["val", "up"])
def test_communicating_keeps_available_and_channel_free(validator):
    v = validate(TWO_REPORTS, RELAY_PLAN, "rover-single", validator=validator)
    assert v.valid, v.message


@pytest.mark.parametrize("planner", ["pack", "fast-downward"])
def test_planners_use_add_after_delete(planner):
    r = solve(TWO_REPORTS, "rover-single", planner=planner)
    assert r.status is SolveStatus.SOLVED and r.validation.valid, r.message
    assert any(s.startswith("(communicate_soil_data") for s in r.plan)


def test_oracle_and_rules_keep_available_and_channel_free():
    pack = single()
    problem = parse_problem(TWO_REPORTS, pack.domain)
    closed = {str(a) for a in search_fully_specify(problem, pack.domain).positive}
    assert {"(available)", "(channel_free)", "(have_soil_analysis a)"} <= closed
    assert closed == {str(a) for a in _closure(pack, problem)}


# ---------------------------------------------------------------------------------------------
# The reference dataset's rover rows (written by hand in the shapes it uses).

REFERENCE_FITS = """(define (problem rover_ref) (:domain rover)
  (:requirements :strips :typing)
  (:objects site1 site2 site3 - waypoint cam1 - camera colour - mode obj1 - objective)
  (:init (at_rover site1) (at_lander site3) (available) (channel_free)
         (can_traverse site1 site2) (can_traverse site2 site1) (can_traverse site2 site3)
         (can_traverse site3 site2) (visible site1 site2) (visible site2 site1)
         (visible site2 site3) (visible site3 site2) (visible site3 site3)
         (at_soil_sample site2) (supports cam1 colour) (visible_from obj1 site1))
  (:goal (and (communicated_soil_data site2) (communicated_image_data obj1 colour))))"""
REFERENCE_STORES = REFERENCE_FITS.replace(
    "obj1 - objective)", "obj1 - objective store1 - store)"
).replace("(available)", "(available) (empty store1)")
REFERENCE_VISIBLE_OBJECTIVE = REFERENCE_FITS.replace(
    "(visible_from obj1 site1)", "(visible_from obj1 site1) (visible obj1 site1)"
)


def test_reference_domain_name_is_accepted_and_scores():
    pack = single()
    assert parse_problem(REFERENCE_FITS, pack.domain).domain_name == "rover"
    ours = REFERENCE_FITS.replace("(:domain rover)", "(:domain rover-single)")
    implied = ours.replace(
        "(communicated_soil_data site2)",
        "(communicated_soil_data site2) (have_soil_analysis site2)",
    )
    assert equivalent(REFERENCE_FITS, implied, "rover-single").equivalent is True
    wrong = ours.replace("(communicated_soil_data site2)", "(communicated_rock_data site2)")
    assert equivalent(REFERENCE_FITS, wrong, "rover-single").reason == "goal_differs"
    # "rover" as a pack name is the IPC domain: a rover-single problem is not one of its problems
    v = equivalent(REFERENCE_FITS, REFERENCE_FITS, "rover")
    assert (v.parseable, v.reason) == (False, "unknown_predicate") and "at_rover" in v.message


def test_reference_rows_with_stores_get_a_clear_verdict():
    v = equivalent(REFERENCE_STORES, REFERENCE_FITS, "rover-single")
    assert (v.equivalent, v.reason) == (None, "ground_truth_invalid") and "store" in v.message
    v = equivalent(REFERENCE_FITS, REFERENCE_STORES, "rover-single")
    assert (v.parseable, v.reason) == (False, "typing_mismatch") and "store" in v.message
    v = equivalent(REFERENCE_FITS, REFERENCE_STORES, "rover-single", typing="relaxed")
    assert (v.parseable, v.reason) == (False, "unknown_predicate") and "empty" in v.message


def test_reference_rows_with_visible_objectives_parse_and_the_fact_is_inert():
    pack = single()
    problem = parse_problem(REFERENCE_VISIBLE_OBJECTIVE, pack.domain)
    closed = _closure(pack, problem)
    assert "(visible obj1 site1)" in map(str, closed)  # holds in every state
    assert closed - {a for a in closed if str(a) == "(visible obj1 site1)"} == (
        _closure(pack, parse_problem(REFERENCE_FITS, pack.domain))
    )
    assert equivalent(REFERENCE_VISIBLE_OBJECTIVE, REFERENCE_VISIBLE_OBJECTIVE, pack).equivalent
    v = equivalent(REFERENCE_VISIBLE_OBJECTIVE, REFERENCE_FITS, pack)
    assert (v.equivalent, v.reason) == (False, "init_differs")


def test_scoring_the_reference_shapes_gives_a_verdict_for_every_row():
    rows = [REFERENCE_FITS, REFERENCE_STORES, REFERENCE_VISIBLE_OBJECTIVE]
    records = [
        {"id": str(i), "domain": "rover-single", "ground_truth": gt, "candidate": gt}
        for i, gt in enumerate(rows)
    ]
    got = {r["id"]: r for r in score_records(records, workers=1, timeout=30)}
    assert got["0"]["equivalent"] is True and got["2"]["equivalent"] is True
    # the candidate is read first: the same store-using text is not a rover-single problem
    assert got["1"]["equivalent"] is False and got["1"]["reason"] == "typing_mismatch"
    assert got["1"]["equivalent_relaxed_typing"] is False  # relaxed: unknown predicate empty


# ---------------------------------------------------------------------------------------------
# The generator.

INIT_LAYOUTS = {
    f"{shape}_{kind}"
    for shape in ("line", "grid", "circle", "star", "partitioned")
    for kind in ("navigate", "analysis")
}
GOAL_LAYOUTS = {
    "rover_in_lander",
    "transmit_soil",
    "transmit_rocks",
    "transmit_objectives",
    "transmit_all",
    "transmit_all_and_in_lander",
}


@pytest.mark.parametrize("name", ["rover-single", "rover"])
def test_generator_layouts_and_ground_truths(name):
    pack = domain_packs()[name]
    seen_init, seen_goal = set(), set()
    for scale in (1, 4, 12):
        instances = list(pack.generate(random.Random(scale), scale))
        assert instances == list(pack.generate(random.Random(scale), scale))
        for inst in instances:
            seen_init.add(inst.init_layout)
            seen_goal.add(inst.goal_layout)
            assert f"(:domain {pack.domain.name})" in inst.problem_pddl  # never a legacy name
            problem = parse_problem(inst.problem_pddl, pack.domain)  # strict typing
            assert problem.size == inst.size
            assert _closure(pack, problem) is not None  # the rules apply
            assert (inst.split == "test") is inst.tied
            explicit = inst.text("explicit", "explicit")
            for atom in problem.init | problem.goal.positive:
                assert all(arg in explicit for arg in atom.args), atom
            assert len(inst.text("abstract", "abstract")) < len(explicit)
            assert inst.is_placeholder("abstract", "abstract") is (not inst.tied)
    assert seen_init == INIT_LAYOUTS and seen_goal == GOAL_LAYOUTS


@pytest.mark.parametrize("name", ["rover-single", "rover"])
def test_rules_agree_with_the_generic_exact_method_beyond_the_oracle(name):
    """Scale 3 is past the explicit-state oracle's reach for most layouts."""
    pack = domain_packs()[name]
    for inst in pack.generate(random.Random(3), 3):
        if inst.goal_layout != "transmit_all_and_in_lander":
            continue
        problem = parse_problem(inst.problem_pddl, pack.domain)
        exact = exact_fully_specify(problem, pack.domain, deadline=Deadline(60))
        assert _closure(pack, problem) == exact.positive, inst.init_layout


def test_generated_problems_are_solved_and_validated():
    pack = single()
    for scale in (1, 3):
        for inst in pack.generate(random.Random(0), scale):
            r = solve(inst.problem_pddl, pack, planner="pack")
            assert r.status is SolveStatus.SOLVED and r.validation.valid, inst.goal_layout
    inst = next(i for i in pack.generate(random.Random(0), 1) if i.goal_layout == "transmit_all")
    r = solve(inst.problem_pddl, pack, planner="fast-downward")
    assert r.status is SolveStatus.SOLVED and r.validation.valid
    ipc = domain_packs()["rover"]
    for inst in ipc.generate(random.Random(0), 5):
        if inst.init_layout.startswith("grid"):
            r = solve(inst.problem_pddl, ipc)
            assert r.planner == "fast-downward" and r.status is SolveStatus.SOLVED, r.message
            assert r.validation.valid


def test_original_dataset_rover_rows_load_and_each_gets_a_verdict(tmp_path, monkeypatch):
    """A local copy of the reference dataset with its rover rows (domain column "rover" or
    "rover-single"): every row loads into ``planetarium_rover`` and is scored."""
    import datasets
    import lm_eval
    import lm_eval.models  # noqa: F401  (registers the built-in models before ours)
    from lm_eval.tasks import TaskManager
    from planetarium_tasks import TASK_DIR
    from planetarium_tasks.models import ReplayLM
    from planetarium_tasks.planetarium import utils

    shapes = [
        ("rover", REFERENCE_FITS),
        ("rover", REFERENCE_STORES),
        ("rover-single", REFERENCE_VISIBLE_OBJECTIVE),
    ]
    original = [
        {
            "id": 500 + i,
            "domain": domain,
            "init": "line_analysis",
            "goal": "transmit_all",
            "problem_pddl": text,
            "natural_language": f"rover task {i}",
            "init_is_abstract": False,
            "goal_is_abstract": False,
            "is_placeholder": False,
        }
        for i, (domain, text) in enumerate(shapes)
    ]
    datasets.DatasetDict({"test": datasets.Dataset.from_list(original)}).save_to_disk(
        tmp_path / "planetarium"
    )
    monkeypatch.setenv("PLANETARIUM_HF_DATASET", str(tmp_path / "planetarium"))
    loaded = utils.rows("rover")
    assert [r["domain"] for r in loaded] == ["rover-single"] * 3
    assert [r["size"] for r in loaded] == [18, 19, 19]  # the store row: counted from its text
    tm = TaskManager(include_path=str(TASK_DIR), include_defaults=False)
    res = lm_eval.simple_evaluate(
        model=ReplayLM(mode="oracle"),
        tasks=["planetarium_rover"],
        task_manager=tm,
        log_samples=True,
    )
    verdicts = [json.loads(s["filtered_resps"][0]) for s in res["samples"]["planetarium_rover"]]
    assert sorted(v["equivalent"] for v in verdicts) == [False, True, True]
    assert {v["reason"] for v in verdicts} == {None, "typing_mismatch"}


# ---------------------------------------------------------------------------------------------
# IPC Rovers.


@st.composite
def rover_problem(draw) -> str:
    rovers = [f"r{i}" for i in range(1, draw(st.integers(1, 2)) + 1)]
    w = [f"w{i}" for i in range(1, draw(st.integers(1, 3)) + 1)]
    stores = [f"s{i}" for i in range(1, draw(st.integers(0, 2)) + 1)]
    cams = [f"c{i}" for i in range(1, draw(st.integers(0, 1)) + 1)]
    objs = [f"o{i}" for i in range(1, draw(st.integers(0, 1)) + 1)]
    pick = st.sampled_from
    init: set[str] = {f"(at_lander l1 {draw(pick(w))})"}
    if draw(st.integers(0, 5)):
        init.add("(channel_free l1)")
    for r in rovers:
        init.add(f"(at {r} {draw(pick(w))})")
        if draw(st.integers(0, 5)):
            init.add(f"(available {r})")
        for kind in ("soil_analysis", "rock_analysis", "imaging"):
            if draw(st.booleans()):
                init.add(f"(equipped_for_{kind} {r})")
        for a, b in draw(st.lists(st.tuples(pick(w), pick(w)), max_size=3)):
            init |= {f"(can_traverse {r} {a} {b})", f"(visible {a} {b})"}
            if draw(st.integers(0, 6)):  # mostly both ways
                init |= {f"(can_traverse {r} {b} {a})", f"(visible {b} {a})"}
    init |= {
        f"(visible {a} {b})" for a, b in draw(st.lists(st.tuples(pick(w), pick(w)), max_size=3))
    }
    for s in stores:
        if draw(st.integers(0, 5)):
            init.add(f"(store_of {s} {draw(pick(rovers))})")
        init.add(f"({draw(pick(['empty', 'empty', 'full']))} {s})")
    soil = draw(st.lists(pick(w), max_size=2, unique=True))
    rock = draw(st.lists(pick(w), max_size=1, unique=True))
    init |= {f"(at_soil_sample {x})" for x in soil} | {f"(at_rock_sample {x})" for x in rock}
    for c in cams:
        carrier = draw(pick(rovers))
        init |= {f"(on_board {c} {carrier})", f"(supports {c} m1)"}
        if objs:
            init.add(f"(calibration_target {c} {draw(pick(objs))})")
        if draw(st.integers(0, 2)) == 0:
            init.add(f"(calibrated {c} {draw(pick([carrier, carrier, *rovers]))})")
    for o in objs:
        init |= {f"(visible_from {o} {x})" for x in draw(st.lists(pick(w), max_size=2))}
    data = [f"(have_soil_analysis {r} {x})" for r in rovers for x in soil]
    data += [f"(have_image {r} {o} m1)" for r in rovers for o in objs]
    init |= set(draw(st.lists(pick(data), max_size=1))) if data else set()
    likely = [f"(communicated_soil_data {x})" for x in soil]
    likely += [f"(communicated_rock_data {x})" for x in rock]
    likely += [f"(communicated_image_data {o} m1)" for o in objs]
    likely += [f"(have_soil_analysis {r} {x})" for r in rovers for x in soil]
    likely += [f"(have_image {r} {o} m1)" for r in rovers for o in objs]
    likely += [f"(at {r} {x})" for r in rovers for x in w]
    likely += [f"({p} {s})" for s in stores for p in ("empty", "full")]
    likely += [f"(calibrated {c} {r})" for c in cams for r in rovers]
    likely += sorted(init)
    goal = draw(st.lists(pick(likely), min_size=1, max_size=3, unique=True))
    declared = (
        f"{' '.join(rovers)} - rover {' '.join(w)} - waypoint l1 - lander m1 - mode"
        + "".join(
            f" {' '.join(names)} - {typ}"
            for names, typ in ((stores, "store"), (cams, "camera"), (objs, "objective"))
            if names
        )
    )
    return (
        f"(define (problem p) (:domain rover) (:objects {declared})\n"
        f"  (:init {' '.join(sorted(init))})\n  (:goal (and {' '.join(sorted(goal))})))"
    )


SHARED_SITE = """(define (problem shared) (:domain rover)
  (:objects r1 r2 - rover w1 w2 - waypoint s1 s2 - store l1 - lander)
  (:init (at r1 w1) (at r2 w1) (available r1) (available r2) (at_lander l1 w2)
         (channel_free l1) (visible w1 w2) (can_traverse r1 w1 w2) (can_traverse r1 w2 w1)
         (visible w2 w1) (equipped_for_soil_analysis r1) (equipped_for_soil_analysis r2)
         (store_of s1 r1) (store_of s2 r2) (empty s1) (empty s2) (at_soil_sample w1))
  (:goal (and (communicated_soil_data w1))))"""


def test_rover_rules_on_a_shared_sample_site():
    """Both rovers can sample w1. Once r2 cannot report (not available), only r1 can serve the
    report: r2 never samples in a goal plan (its store stays empty) and r1 must hold the data."""
    pack = domain_packs()["rover"]
    blind = SHARED_SITE.replace("(available r2)", "")  # r2 cannot send anything
    for text in (SHARED_SITE, blind):
        problem = parse_problem(text, pack.domain)
        rules = _closure(pack, problem)
        assert rules == search_fully_specify(problem, pack.domain).positive
    closed = {str(a) for a in rules}
    assert "(empty s2)" in closed and "(empty s1)" not in closed
    assert "(have_soil_analysis r1 w1)" in closed  # only r1 can both sample and report


CAMERA = """(define (problem camera) (:domain rover)
  (:objects r1 - rover w1 w2 - waypoint c1 - camera m1 - mode o1 o2 - objective l1 - lander)
  (:init (at r1 w1) (available r1) (at_lander l1 w2) (channel_free l1) (visible w1 w2)
         (visible w2 w1) (can_traverse r1 w1 w2) (can_traverse r1 w2 w1)
         (equipped_for_imaging r1) (on_board c1 r1) (supports c1 m1)
         (calibration_target c1 o2) (visible_from o2 w2) (visible_from o1 w1) (calibrated c1 r1))
  (:goal (and (at r1 w1))))"""


@pytest.mark.parametrize(
    "edit, stays_calibrated",
    [
        ({}, False),  # an image can be taken: the camera may end uncalibrated
        ({"(equipped_for_imaging r1)": ""}, True),  # no images without the equipment
        ({"(supports c1 m1)": ""}, True),  # no mode: no image
        ({"(at r1 w1))))": "(communicated_image_data o1 m1))))"}, False),
    ],
)
def test_rover_rules_on_camera_calibration(edit, stays_calibrated):
    pack = domain_packs()["rover"]
    text = CAMERA
    for old, new in edit.items():
        text = text.replace(old, new)
    problem = parse_problem(text, pack.domain)
    rules = _closure(pack, problem)
    assert rules == search_fully_specify(problem, pack.domain).positive
    assert ("(calibrated c1 r1)" in map(str, rules)) is stays_calibrated


@pytest.mark.parametrize("validator", ["val", "up"])
def test_rover_fast_downward_route_and_add_after_delete(validator):
    """Report, then drive on: the rover must still be available after communicating."""
    text = CAMERA.replace("(at r1 w1))))", "(communicated_image_data o1 m1) (at r1 w2))))")
    plan = """(take_image r1 w1 o1 c1 m1)
(communicate_image_data r1 l1 o1 m1 w1 w2)
(navigate r1 w1 w2)"""
    assert validate(text, plan, "rover", validator=validator).valid
    r = solve(text, "rover")
    assert r.planner == "fast-downward" and r.status is SolveStatus.SOLVED and r.validation.valid
    blocked = text.replace("(visible w1 w2)", "").replace("(can_traverse r1 w1 w2)", "")
    assert solve(blocked, "rover").status is SolveStatus.UNSOLVABLE


def test_rover_rules_decline_outside_their_fragment():
    pack = domain_packs()["rover"]
    one_way = CAMERA.replace("(can_traverse r1 w2 w1)", "")
    one_shot = CAMERA.replace("(visible_from o2 w2)", "")  # calibrated, never again
    fill = SHARED_SITE.replace("(communicated_soil_data w1)", "(full s1)")
    for text in (one_way, one_shot, fill):
        problem = parse_problem(text, pack.domain)
        assert _closure(pack, problem) is None
        assert fully_specify_problem(problem, pack.domain, pack.fully_specify).method != "rules"


@settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=rover_problem())
def test_rover_rules_match_oracle_where_they_apply(text):
    pack = domain_packs()["rover"]
    problem = parse_problem(text, pack.domain)
    rules = _closure(pack, problem)
    assume(rules is not None)
    oracle = _oracle(problem, pack.domain)
    assert pack.fully_specify(problem, pack.domain).reachable is oracle.reachable
    if oracle.reachable:
        assert rules == oracle.positive, (
            f"missing {sorted(map(str, oracle.positive - rules))} "
            f"extra {sorted(map(str, rules - oracle.positive))}"
        )
    else:
        assert rules == problem.goal.positive
