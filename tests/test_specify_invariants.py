"""Mutex groups proven once per domain (issue 17): the lifted proof on the action schemas never
claims what the ground check refutes, and every group returned holds in every reachable state.

Random small STRIPS domains (predicates of arity 0-2, actions over one or two parameters and a
constant, deletes biased towards preconditions so that balanced groups occur) and random
schemas beside the synthesised ones: :func:`mutex_groups` with the actions proven on the
schemas skipped must return exactly the groups of the ground check alone, over the reachable
actions and over every grounding; and the brute-force reachable states must keep every group.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planetarium_plugin import Deadline, domain_packs, parse_problem
from planetarium_plugin.parsing import parse_domain
from planetarium_plugin.specify.grounding import ground_actions
from planetarium_plugin.specify.invariants import (
    _prove,
    candidate_schemas,
    lifted_proven,
    mutex_groups,
)
from planetarium_plugin.specify.search import reachable_states
from planetarium_plugin.specify.task import GroundTask, relaxed_reachable

PREDICATES = {"p": 0, "q": 1, "r": 1, "s": 2}
TERMS = ("?a", "?b", "c")


@st.composite
def atom(draw, terms: tuple[str, ...], pred: str | None = None) -> str:
    pred = pred or draw(st.sampled_from(sorted(PREDICATES)))
    args = [draw(st.sampled_from(terms)) for _ in range(PREDICATES[pred])]
    return f"({' '.join((pred, *args))})"


@st.composite
def action(draw, name: str) -> str:
    """Mostly moves: deleted preconditions replaced by one or two atoms of their predicate
    (two: a group filled twice unless the action needs two members), plus random effects."""
    params = ("?a",) if draw(st.booleans()) else ("?a", "?b")
    terms = (*params, "c")
    pre = draw(st.lists(atom(terms), min_size=1, max_size=3, unique=True))
    dels = draw(st.lists(st.sampled_from(pre), max_size=2, unique=True))
    add = []
    for d in dels:
        pred = d.strip("()").split()[0]
        add += draw(st.lists(atom(terms, pred), min_size=1, max_size=2))
    add += draw(st.lists(atom(terms), min_size=0 if add else 1, max_size=1))
    dels += draw(st.lists(atom(terms), max_size=1))
    effect = " ".join(dict.fromkeys(add)) + " " + " ".join(f"(not {d})" for d in dels)
    return (
        f"(:action {name} :parameters ({' '.join(params)}) "
        f":precondition (and {' '.join(pre)}) :effect (and {effect}))"
    )


@st.composite
def random_task(draw):
    actions = [draw(action(f"act{i}")) for i in range(draw(st.integers(1, 3)))]
    preds = " ".join(
        f"({' '.join((p, *('?x', '?y')[:n]))})" for p, n in sorted(PREDICATES.items())
    )
    text = (
        f"(define (domain rnd) (:requirements :strips) (:constants c) (:predicates {preds})"
        f" {' '.join(actions)})"
    )
    domain = parse_domain(text)
    objects = ("c", "o1", "o2")
    ground = [
        f"({' '.join((p, *args))})"
        for p, n in sorted(PREDICATES.items())
        for args in (
            [()] if n == 0 else [(x,) for x in objects] if n == 1 else
            [(x, y) for x in objects for y in objects]
        )
    ]
    init = draw(st.lists(st.sampled_from(ground), max_size=6, unique=True))
    problem = parse_problem(
        f"(define (problem r) (:domain rnd) (:objects o1 o2) (:init {' '.join(init)})"
        " (:goal (and (p))))",
        domain,
    )
    return domain, problem


@st.composite
def random_schema(draw):
    """Parts over no group parameter (``p``, ``(q _)``) or over one (``(q ?0)``, ``(s ?0 _)``,
    ``(s _ ?0)``, ``(r ?0)``): hypotheses the lifted proof must not over-claim on."""
    if draw(st.booleans()):
        choices = [("p", ()), ("q", (None,)), ("r", (None,))]
    else:
        choices = [("q", (0,)), ("r", (0,)), ("s", (0, None)), ("s", (None, 0))]
    return frozenset(draw(st.lists(st.sampled_from(choices), min_size=1, max_size=3)))


def _groups(schemas, init, atoms, actions, proven=None) -> set:
    return {(g.atoms, g.exactly_one) for g in mutex_groups(schemas, init, atoms, actions, proven)}


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(task=random_task(), extra=st.lists(random_schema(), max_size=3))
def test_lifted_proof_never_claims_what_the_ground_check_refutes(task, extra):
    domain, problem = task
    schemas = list(dict.fromkeys((*candidate_schemas(domain), *extra)))
    proven = _prove(domain, schemas)
    every = ground_actions(problem, domain, Deadline(None))
    reached, actions = relaxed_reachable(problem.init, every, Deadline(None))
    assert _groups(schemas, problem.init, reached, actions, proven) == _groups(
        schemas, problem.init, reached, actions
    )
    atoms = set(problem.init).union(*(a.add | a.pre_pos for a in every))
    for init in (problem.init, frozenset()):
        assert _groups(schemas, init, atoms, every, proven) == _groups(
            schemas, init, atoms, every
        )
    # and the groups are invariants of the real state space
    groups = mutex_groups(schemas, problem.init, reached, actions, proven)
    for state, _ in reachable_states(problem, domain, max_states=5_000):
        for g in groups:
            held = len(g.atoms & state)
            assert held <= 1 and (held == 1 or not g.exactly_one), (g, sorted(map(str, state)))


def test_lifted_proof_covers_the_packs_actions():
    """The packs' domains: every action proven for each of blocksworld's and gripper's groups
    (their ground check is then only the init's), and the packs' ground groups unchanged."""
    packs = domain_packs()
    for name in ("blocksworld", "gripper"):
        domain = packs[name].domain
        proven = lifted_proven(domain)
        names = {a.name for a in domain.actions}
        balanced = [s for s in candidate_schemas(domain) if proven[s] == names]
        assert len(balanced) >= 2, name
    bw = packs["blocksworld"].domain
    problem = parse_problem(
        "(define (problem p) (:domain blocksworld) (:objects a b c) (:init (arm-empty)"
        " (on-table a) (on b a) (on-table c) (clear b) (clear c)) (:goal (and (on a b))))",
        bw,
    )
    every = ground_actions(problem, bw, Deadline(None))
    reached, actions = relaxed_reachable(problem.init, every, Deadline(None))
    schemas = candidate_schemas(bw)
    assert _groups(schemas, problem.init, reached, actions, lifted_proven(bw)) == _groups(
        schemas, problem.init, reached, actions
    )


def test_lifted_proof_corner_cases():
    """Two required members that one grounding makes equal do not make an action inapplicable
    (``mv o1 o1`` adds two members needing only one); an add that restores a required member
    adds nothing new."""
    text = (
        "(define (domain corner) (:predicates (q ?x) (r ?x)) (:constants c)"
        " (:action mv :parameters (?a ?b) :precondition (and (q ?a) (q ?b))"
        "  :effect (and (not (q ?a)) (r ?a) (r c)))"
        " (:action keep :parameters (?a) :precondition (q ?a) :effect (and (not (q ?a)) (q ?a))))"
    )
    domain = parse_domain(text)
    schema = frozenset({("q", (None,)), ("r", (None,))})
    assert _prove(domain, [schema])[schema] == {"keep"}
    problem = parse_problem(
        "(define (problem p) (:domain corner) (:objects o1 o2) (:init (q o1)) (:goal (and)))",
        domain,
    )
    every = ground_actions(problem, domain, Deadline(None))
    reached, actions = relaxed_reachable(problem.init, every, Deadline(None))
    proven = _prove(domain, [schema])
    assert _groups([schema], problem.init, reached, actions, proven) == _groups(
        [schema], problem.init, reached, actions
    ) == set()  # mv o1 o1 makes (r o1) and (r c) true together


def test_static_preconditions_are_not_required_members():
    """``mv o1 o1`` needs (st o1) twice — one atom, and static: grounding discharges it — so
    adding (q o1) and (q c) fills the group {q _, st _} twice; the lifted proof must not count
    the two static preconditions as two members that make the action inapplicable."""
    domain = parse_domain(
        "(define (domain stat) (:predicates (q ?x) (st ?x)) (:constants c)"
        " (:action mv :parameters (?a ?b) :precondition (and (st ?a) (st ?b) (q ?a))"
        "  :effect (and (not (q ?a)) (q ?b) (q c))))"
    )
    schema = frozenset({("q", (None,)), ("st", (None,))})
    assert _prove(domain, [schema])[schema] == frozenset()
    problem = parse_problem(
        "(define (problem p) (:domain stat) (:objects o1 o2) (:init (st o1)) (:goal (and)))",
        domain,
    )
    every = ground_actions(problem, domain, Deadline(None))
    atoms = set(problem.init).union(*(a.add | a.pre_pos for a in every))
    proven = _prove(domain, [schema])
    assert _groups([schema], problem.init, atoms, every, proven) == _groups(
        [schema], problem.init, atoms, every
    )


def test_an_add_naming_only_constants_leaves_the_schemas_other_instances():
    """Tyreworld's ``jack-down`` adds ``(have jack)`` while deleting nothing of the group: only the
    jack's instance of {(in ?x _), (have ?x), (on ?x _)} breaks. The synthesis keeps the schema
    (the ground check drops the jack's instance), so a wheel is proven to be in the boot, held or
    on one hub, and a goal asking for a wheel both in the boot and on a hub is refuted by the
    invariants alone — no search (it took a planner process 15-23 s before)."""
    text = (
        "(define (domain tyres) (:requirements :strips :typing) (:types obj hub - object"
        " wheel tool - obj) (:constants jack - tool boot - object)"
        " (:predicates (in ?x - obj ?c) (have ?x - obj) (on ?x - wheel ?h - hub) (up ?h - hub))"
        " (:action fetch :parameters (?x - obj) :precondition (in ?x boot)"
        "  :effect (and (have ?x) (not (in ?x boot))))"
        " (:action stow :parameters (?x - obj) :precondition (have ?x)"
        "  :effect (and (in ?x boot) (not (have ?x))))"
        " (:action jack-up :parameters (?h - hub) :precondition (have jack)"
        "  :effect (and (up ?h) (not (have jack))))"
        " (:action jack-down :parameters (?h - hub) :precondition (up ?h)"
        "  :effect (and (have jack) (not (up ?h))))"
        " (:action remove :parameters (?x - wheel ?h - hub) :precondition (and (on ?x ?h) (up ?h))"
        "  :effect (and (have ?x) (not (on ?x ?h))))"
        " (:action mount :parameters (?x - wheel ?h - hub) :precondition (and (have ?x) (up ?h))"
        "  :effect (and (on ?x ?h) (not (have ?x)))))"
    )
    domain = parse_domain(text)
    schema = frozenset({("in", (0, None)), ("have", (0,)), ("on", (0, None))})
    assert schema in candidate_schemas(domain)
    problem = parse_problem(
        "(define (problem p) (:domain tyres) (:objects w1 w2 - wheel h1 h2 - hub)"
        " (:init (in jack boot) (in w2 boot) (on w1 h1))"
        " (:goal (and (on w1 h2) (in w1 boot))))",
        domain,
    )
    every = ground_actions(problem, domain, Deadline(None))
    reached, actions = relaxed_reachable(problem.init, every, Deadline(None))
    groups = mutex_groups(candidate_schemas(domain), problem.init, reached, actions)
    wheel = {a for g in groups for a in g.atoms if "w1" in a.args}
    assert {str(a) for a in wheel} >= {"(in w1 boot)", "(have w1)", "(on w1 h1)", "(on w1 h2)"}
    assert not any(any("jack" in a.args for a in g.atoms) and len(g.atoms) > 1 and any(
        a.predicate == "have" for a in g.atoms) for g in groups)  # the jack's instance: dropped
    for state, _ in reachable_states(problem, domain, max_states=10_000):
        for g in groups:
            assert len(g.atoms & state) <= 1, (g, sorted(map(str, state)))

    task = GroundTask(problem, domain, Deadline(None))
    assert task.close(problem.goal.positive, problem.goal.negative) is None
