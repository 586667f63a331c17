"""Back-references and phrases cut from their clause in the fact-level aligner (issue 19,
``alignleft``): "he"/"she"/"it" opening a clause stand for the nearest subject that fits the
clause's other objects; a "with" phrase after a relative clause ("the ferry, which is at l2
with c1 on board") is a fact of its own; "get n1 and n2 tightened" says "tightened" of both.
Domains, problems and wordings written for these tests; each test fails without its rule."""

from __future__ import annotations

import pytest
from problems import PAINT, ROADS

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts import read_world, split_clauses

LIFT = """(define (domain lift)
  (:requirements :strips :typing)
  (:types passenger floor)
  (:predicates (origin ?p - passenger ?f - floor) (goes-to ?p - passenger ?f - floor)
               (boarded ?p - passenger) (served ?p - passenger) (lift-at ?f - floor))
  (:action board :parameters (?f - floor ?p - passenger)
    :precondition (and (lift-at ?f) (origin ?p ?f)) :effect (boarded ?p))
  (:action depart :parameters (?f - floor ?p - passenger)
    :precondition (and (lift-at ?f) (goes-to ?p ?f) (boarded ?p))
    :effect (and (not (boarded ?p)) (served ?p)))
  (:action move :parameters (?a - floor ?b - floor)
    :precondition (lift-at ?a) :effect (and (lift-at ?b) (not (lift-at ?a)))))"""


def _lift(dest: str = "f3") -> str:
    return (
        "(define (problem p) (:domain lift) (:objects ann - passenger f1 f2 f3 - floor) "
        f"(:init (lift-at f2) (origin ann f1) (goes-to ann {dest})) (:goal (served ann)))"
    )


def _paint(has: str = "white") -> str:
    return (
        "(define (problem p) (:domain paint) (:objects r1 - robot t1 t2 - tile "
        "white black - color) (:init (robot-at r1 t1) "
        f"(robot-has r1 {has}) (available-color white) (available-color black)) "
        "(:goal (painted t2 black)))"
    )


def _atoms(facts) -> set[str]:
    return {f.atom for f in facts}


def _sure(e) -> list:
    return [f for f in e.conflicts() if f.confidence >= 0.5]


@pytest.mark.parametrize(
    "text",
    [
        "The lift is at f2. Ann waits at f1 (she is going to f3). Goal: Ann served.",
        "The car stands at f2. Ann waits at f1, and she goes to f3. Please get Ann served.",
    ],
)
def test_he_or_she_is_the_nearest_subject_that_fits(text: str):
    al = Aligner(domain=LIFT)
    e = al.explain(text, _lift())
    assert "(goes-to ann f3)" in _atoms(e.init.stated), e
    assert not _sure(e), e.conflicts()
    assert e.aligned
    # her destination changed: the explanation names the one the text states
    w = al.explain(text, _lift("f2"))
    assert "(goes-to ann f3)" in _atoms(w.init.missing_in_problem)
    assert w.similarity < e.similarity and not w.aligned


@pytest.mark.parametrize(
    "text",
    [
        "The robot r1 is on t1 and holds white; it does not hold black. White and black "
        "are both available. Goal: t2 painted black.",
        "Robot r1 stands on t1. It carries white, and it does not carry black. Both white "
        "and black are available. Paint t2 black.",
    ],
)
def test_it_is_the_subject_of_its_sentence_or_the_one_before(text: str):
    al = Aligner(domain=PAINT)
    e = al.explain(text, _paint())
    assert "(robot-has r1 white)" in _atoms(e.init.stated), e
    assert not _sure(e), e.conflicts()
    assert e.aligned
    # the robot holds black instead: "it does not hold black" names the conflict
    w = al.explain(text, _paint("black"))
    assert "(robot-has r1 black)" in _atoms(w.init.contradicted), w
    assert w.similarity < e.similarity and not w.aligned


@pytest.mark.parametrize(
    "text",
    [
        "Ann waits at f1, while the lift is at f2. It stays at f2 for now. Ann is going to "
        "f3. Goal: Ann served.",
        "Ann is on f1. The cabin is idle, and it is at f2. Ann is going to f3. Goal: Ann served.",
    ],
)
def test_it_after_a_subject_no_object_names_is_left_unresolved(text: str):
    # the lift is no object: "it" is not Ann (whose origin f2 would contradict the problem)
    al = Aligner(domain=LIFT)
    e = al.explain(text, _lift())
    assert "(origin ann f2)" not in _atoms(e.conflicts())
    assert "(lift-at f2)" in _atoms(e.init.stated), e
    assert e.aligned
    w = al.explain(text, _lift().replace("(lift-at f2)", "(lift-at f1)"))
    assert "(lift-at f2)" in _atoms(w.init.missing_in_problem)
    assert not w.aligned


FERRY = """(define (domain ferry)
  (:requirements :strips :typing)
  (:types car location)
  (:predicates (at-ferry ?l - location) (at ?c - car ?l - location) (on ?c - car)
               (empty-ferry))
  (:action sail :parameters (?a - location ?b - location)
    :precondition (at-ferry ?a) :effect (and (at-ferry ?b) (not (at-ferry ?a))))
  (:action board :parameters (?c - car ?l - location)
    :precondition (and (at ?c ?l) (at-ferry ?l) (empty-ferry))
    :effect (and (on ?c) (not (at ?c ?l)) (not (empty-ferry))))
  (:action debark :parameters (?c - car ?l - location)
    :precondition (and (on ?c) (at-ferry ?l))
    :effect (and (at ?c ?l) (empty-ferry) (not (on ?c)))))"""


def _ferry(c1: str = "(on c1)") -> str:
    return (
        "(define (problem p) (:domain ferry) (:objects c1 c2 - car l1 l2 l3 - location) "
        f"(:init (at-ferry l2) {c1} (at c2 l1)) (:goal (and (at c1 l3) (at c2 l2))))"
    )


@pytest.mark.parametrize(
    "text",
    [
        "Could the ferry, which is at l2 right now with c1 already on board, take c1 to l3? "
        "And could it bring c2, which waits at l1, over to l2?",
        "The ferry, which is docked at l2 with c1 on board, has to bring c1 to l3. c2 is at "
        "l1 and must end up at l2.",
    ],
)
def test_a_with_phrase_after_a_relative_clause_is_a_fact_of_its_own(text: str):
    al = Aligner(domain=FERRY)
    e = al.explain(text, _ferry())
    assert {"(at-ferry l2)", "(on c1)"} <= _atoms(e.init.stated), e
    assert not _sure(e), e.conflicts()
    assert e.aligned
    # c1 waits on the quay instead: "with c1 on board" names the fact the problem lacks
    w = al.explain(text, _ferry("(at c1 l2)"))
    assert "(on c1)" in _atoms(w.conflicts())
    assert w.similarity < e.similarity and not w.aligned


SPANNER = """(define (domain nuts)
  (:requirements :strips :typing)
  (:types man nut place)
  (:predicates (at ?m - man ?p - place) (nut-at ?n - nut ?p - place) (loose ?n - nut)
               (tightened ?n - nut))
  (:action tighten :parameters (?m - man ?n - nut ?p - place)
    :precondition (and (at ?m ?p) (nut-at ?n ?p) (loose ?n))
    :effect (and (tightened ?n) (not (loose ?n)))))"""


def _nuts(goal: str = "(tightened n1) (tightened n2)") -> str:
    return (
        "(define (problem p) (:domain nuts) (:objects alice - man n1 n2 n3 - nut gate - place) "
        "(:init (at alice gate) (nut-at n1 gate) (nut-at n2 gate) (nut-at n3 gate) (loose n1) "
        f"(loose n2) (loose n3)) (:goal (and {goal})))"
    )


@pytest.mark.parametrize(
    "text",
    [
        "Alice is at the gate, where n1, n2 and n3 are, all loose. Alice has to get n1 and n2 "
        "tightened.",
        "Alice stands at the gate with the nuts n1, n2 and n3, all three loose. Is there a "
        "plan that leaves n1 and n2 tightened?",
    ],
)
def test_a_verbs_object_and_one_more_object_share_the_words_after(text: str):
    al = Aligner(domain=SPANNER)
    e = al.explain(text, _nuts())
    assert {"(tightened n1)", "(tightened n2)"} <= _atoms(e.goal.stated), e
    assert not e.goal.unstated and not _sure(e), e
    assert e.aligned
    # one goal nut changed: the explanation names the nut the text wants tightened
    w = al.explain(text, _nuts("(tightened n1) (tightened n3)"))
    assert "(tightened n2)" in _atoms(w.goal.missing_in_problem)
    assert w.similarity < e.similarity and not w.aligned


@pytest.mark.parametrize(
    "text",
    [
        "Alice is at the gate, where n1, n2 and n3 are, all loose. She has to get n1, n2 and "
        "n3 tightened.",
        "Alice waits at the gate with the loose nuts n1, n2 and n3. Find a plan that leaves n3, "
        "n2 and n1 tightened.",
    ],
)
def test_a_verbs_object_and_a_list_after_it_share_the_words_after(text: str):
    al = Aligner(domain=SPANNER)
    goal = "(tightened n1) (tightened n2) (tightened n3)"
    e = al.explain(text, _nuts(goal))
    assert {"(tightened n1)", "(tightened n3)"} <= _atoms(e.goal.stated), e
    assert not e.goal.unstated and not _sure(e), e
    assert e.aligned
    w = al.explain(text, _nuts("(tightened n2) (tightened n3)"))
    assert "(tightened n1)" in _atoms(w.goal.missing_in_problem)
    assert w.similarity < e.similarity and not w.aligned


def test_only_a_verbs_object_before_and_joins_the_words_after():
    w = read_world(_nuts(), SPANNER)
    got = [(c.template, [[m.objects for m in s] for s in c.slots])
           for c in split_clauses("Alice has to get n1 and n2 tightened.", w)]  # fmt: skip
    assert ("X tightened", [[("n1",), ("n2",)]]) in got
    # a verb after the second object: two clauses ("n2 is loose" is no small clause)
    got = [(c.template, [[m.objects for m in s] for s in c.slots])
           for c in split_clauses("Alice reaches the gate and n2 is loose.", w)]  # fmt: skip
    assert got == [("X reaches the Y", [[("alice",)], [("gate",)]]), ("X is loose", [[("n2",)]])]


PILES = """(define (domain piles)
  (:requirements :strips :typing)
  (:types pile num)
  (:predicates (height ?p - pile ?n - num) (succ ?a - num ?b - num))
  (:action add :parameters (?p - pile ?a - num ?b - num)
    :precondition (and (height ?p ?a) (succ ?b ?a))
    :effect (and (height ?p ?b) (not (height ?p ?a)))))"""


def _piles(p2: str = "n2") -> str:
    return (
        "(define (problem p) (:domain piles) (:objects p1 p2 - pile n0 n1 n2 - num) "
        "(:init (height p1 n0) (height p2 n0) (succ n1 n0) (succ n2 n1)) "
        f"(:goal (and (height p1 n1) (height p2 {p2}))))"
    )


JARS = """(define (domain jars)
  (:requirements :strips :typing)
  (:types level jar)
  (:predicates (next ?a - level ?b - level) (jar-level ?j - jar ?l - level))
  (:action fill :parameters (?j - jar ?a ?b - level)
    :precondition (and (jar-level ?j ?a) (next ?a ?b))
    :effect (and (jar-level ?j ?b) (not (jar-level ?j ?a)))))"""


def _jars(j2: str = "l2") -> str:
    return (
        "(define (problem p) (:domain jars) (:objects j1 j2 - jar l0 l1 l2 - level) "
        "(:init (next l0 l1) (next l1 l2) (jar-level j1 l0) (jar-level j2 l0)) "
        f"(:goal (and (jar-level j1 l1) (jar-level j2 {j2}))))"
    )


@pytest.mark.parametrize(
    ("text", "domain", "problem", "changed", "atom"),
    [
        ("Heights go n0, n1, n2 upwards; p1 and p2 are at n0. Goal: p1 should be one block "
         "high (n1) and p2 two blocks high (n2).", PILES, _piles, "n1", "(height p2 n2)"),
        ("Heights go n0, n1, n2 upwards; p1 and p2 are at n0. Make p1 a single block tall "
         "(n1), and p2 twice as tall (n2).", PILES, _piles, "n1", "(height p2 n2)"),
        ("Levels run l0, l1, l2; jars j1 and j2 are at l0. Goal: j1 half full (l1) and j2 "
         "filled right up (l2).", JARS, _jars, "l1", "(jar-level j2 l2)"),
    ],
)  # fmt: skip
def test_an_object_alone_in_a_parenthesis_is_the_one_the_words_before_name(
    text, domain, problem, changed, atom
):
    al = Aligner(domain=domain)
    e = al.explain(text, problem())
    assert atom in _atoms(e.goal.stated), e
    assert not e.goal.unstated and not _sure(e), e
    assert e.aligned
    w = al.explain(text, problem(changed))
    assert atom in _atoms(w.goal.missing_in_problem)
    assert w.similarity < e.similarity and not w.aligned


@pytest.mark.parametrize(
    "text",
    [
        "The robot r1 is on t1, which is the corner, and it holds white. Black is available "
        "too. Goal: t2 painted black.",
        "r1 stands on t1, which nobody has painted; it holds white. Both white and black are "
        "available. Paint t2 black.",
    ],
)
def test_it_is_not_the_object_of_a_relative_clause(text: str):
    # "which is the corner" says something of t1, but the clause's subject is still r1
    al = Aligner(domain=PAINT)
    e = al.explain(text, _paint())
    assert "(robot-has r1 white)" in _atoms(e.init.stated), e
    assert not _sure(e), e.conflicts()
    assert e.aligned
    w = al.explain(text, _paint("black"))
    assert "(robot-has r1 white)" in _atoms(w.init.missing_in_problem), w
    assert not w.aligned


@pytest.mark.parametrize(
    ("text", "domain", "problem", "changed", "atom"),
    [
        ("Could you get Ann served? The lift is at f2. Ann waits at f1 and she is going to f3.",
         LIFT, _lift(), ("(goes-to ann f3)", "(goes-to ann f2)"), "(goes-to ann f3)"),
        ("Is there a way to serve Ann? The lift stands at f2; Ann waits at f1, and she is "
         "going to f3. Can it be done?", LIFT, _lift(),
         ("(goes-to ann f3)", "(goes-to ann f2)"), "(goes-to ann f3)"),
        ("Can c1 get to l3 and c2 to l2? The ferry is at l2 and c1 is on board, and c2 waits at "
         "l1.", FERRY, _ferry(), ("(on c1)", "(at c1 l2)"), "(on c1)"),
        ("Is there a plan that brings c1 to l3 and c2 to l2? Right now c1 is on board, the "
         "ferry is docked at l2 and c2 waits at l1. Is that doable?", FERRY, _ferry(),
         ("(on c1)", "(at c1 l2)"), "(on c1)"),
    ],
)  # fmt: skip
def test_statements_after_a_request_put_as_a_question_are_the_state(
    text, domain, problem, changed, atom
):
    al = Aligner(domain=domain)
    e = al.explain(text, problem)
    assert atom in _atoms(e.init.stated), e
    assert not _sure(e), e.conflicts()
    assert e.aligned
    w = al.explain(text, problem.replace(*changed))
    assert atom in _atoms(w.init.missing_in_problem) | _atoms(w.init.contradicted), w
    assert w.similarity < e.similarity and not w.aligned


def _raised(goal: str) -> str:
    return (
        "(define (problem p) (:domain piles) (:objects p1 p2 p3 - pile n0 n1 n2 - num) "
        "(:init (height p1 n0) (height p2 n0) (height p3 n0) (succ n1 n0) (succ n2 n1)) "
        f"(:goal (and {goal})))"
    )


def _filled(goal: str) -> str:
    return (
        "(define (problem p) (:domain jars) (:objects j1 j2 - jar l0 l1 l2 - level) "
        "(:init (next l0 l1) (next l1 l2) (jar-level j1 l0) (jar-level j2 l0)) "
        f"(:goal (and {goal})))"
    )


@pytest.mark.parametrize(
    ("text", "domain", "problem", "right", "wrong", "atom"),
    [
        ("Heights go n0, n1, n2 upwards; p1, p2 and p3 are all at n0. The goal is to raise p1, "
         "p2 and p3 to height n2.", PILES, _raised,
         "(height p1 n2) (height p2 n2) (height p3 n2)",
         "(height p1 n1) (height p2 n2) (height p3 n2)", "(height p1 n2)"),
        ("Piles p1, p2 and p3 stand at n0 now, and heights climb n0, n1, n2. Please build up "
         "p1, p2 and p3 to n2.", PILES, _raised,
         "(height p1 n2) (height p2 n2) (height p3 n2)",
         "(height p1 n1) (height p2 n2) (height p3 n2)", "(height p1 n2)"),
        ("Levels run l0, l1, l2; jars j1 and j2 are at l0. Please fill j1 and j2 to l2.", JARS,
         _filled, "(jar-level j1 l2) (jar-level j2 l2)", "(jar-level j1 l1) (jar-level j2 l2)",
         "(jar-level j1 l2)"),
    ],
)  # fmt: skip
def test_a_verbs_object_and_a_list_after_it_share_the_to_phrase(
    text, domain, problem, right, wrong, atom
):
    al = Aligner(domain=domain)
    e = al.explain(text, problem(right))
    assert atom in _atoms(e.goal.stated), e
    assert not e.goal.unstated and not _sure(e), e
    assert e.aligned
    w = al.explain(text, problem(wrong))
    assert atom in _atoms(w.goal.missing_in_problem)
    assert w.similarity < e.similarity and not w.aligned


def _two(goal: str) -> str:
    return (
        "(define (problem p) (:domain lift) (:objects ann bob - passenger f1 f2 f3 - floor) "
        "(:init (lift-at f2) (origin ann f1) (origin bob f3) (goes-to ann f2) (goes-to bob f2))"
        f" (:goal (and {goal})))"
    )


@pytest.mark.parametrize(
    "text",
    [
        "The lift waits at f2. Ann is waiting at f1, going to f2, and Bob at f3, also for f2; "
        "both must be served.",
        "The lift waits at f2. Ann starts at f1 and Bob starts at f3. Both have to be served, "
        "each going to f2.",
    ],
)
def test_a_counted_reference_after_a_sentence_break_is_that_sentences_subjects(text: str):
    """ "…, and Bob at f3; both must be served": "both" is Ann and Bob, the subjects of the
    clauses just before the semicolon, not an older plural."""
    lift = Aligner(domain=LIFT)
    right = lift.explain(text, _two("(served ann) (served bob)"))
    assert {"(served ann)", "(served bob)"} <= {f.atom for f in right.goal.stated}
    wrong = lift.explain(text, _two("(served ann)"))
    assert "(served bob)" in {f.atom for f in wrong.goal.missing_in_problem}
    assert wrong.similarity < right.similarity


# "it" opening a clause that names two objects of its own (``alignattr``): a fact of the
# pronoun's where one predicate relates all three ("it can drive wp0 -> wp1": a rover and two
# waypoints of ``can_traverse``); otherwise the clause is read without it (``ROADS``:
# tests/problems.py).


def _roads(road: str = "(road lorry ash elm)") -> str:
    return (
        "(define (problem p) (:domain roads) (:objects lorry - truck ash elm - town) "
        f"(:init (at lorry ash) {road}) (:goal (visited elm)))"
    )


@pytest.mark.parametrize(
    "text",
    [
        "The truck lorry is parked in ash. It may take the road from ash to elm. Goal: elm "
        "visited.",
        "lorry is at ash; it can drive ash -> elm. Please get elm visited.",
    ],
)
def test_it_with_two_objects_of_its_own_where_one_predicate_takes_all_three(text: str):
    al = Aligner(domain=ROADS)
    right = al.explain(text, _roads())
    assert "(road lorry ash elm)" in _atoms(right.init.stated), right
    assert right.aligned
    # the road runs the other way (and a loop): the explanation names the stated one
    wrong = al.explain(text, _roads("(road lorry elm ash) (road lorry ash ash)"))
    assert "(road lorry ash elm)" in _atoms(wrong.init.missing_in_problem), wrong
    assert wrong.similarity < 0.5 * right.similarity and not wrong.aligned


@pytest.mark.parametrize(
    "text",
    [
        "rover0 is at waypoint0 and is available. It can drive waypoint0 -> waypoint1. Send "
        "the soil data of waypoint1.",
        "rover0 sits at waypoint0 (available); it can travel from waypoint0 to "
        "waypoint1. Goal: soil data of waypoint1 communicated.",
    ],
)
def test_it_with_two_waypoints_is_the_rovers_traversal(text: str):
    pddl = (
        "(define (problem p) (:domain rover) (:objects general - lander rover0 - rover "
        "waypoint0 waypoint1 - waypoint) (:init (at rover0 waypoint0) (available rover0) "
        "(can_traverse rover0 waypoint0 waypoint1)) "
        "(:goal (and (communicated_soil_data waypoint1))))"
    )
    al = Aligner(domain="rover")
    right = al.explain(text, pddl)
    assert "(can_traverse rover0 waypoint0 waypoint1)" in _atoms(right.init.stated), right
    wrong = al.explain(text, pddl.replace("waypoint0 waypoint1)) ", "waypoint1 waypoint1)) "))
    assert "(can_traverse rover0 waypoint0 waypoint1)" in _atoms(
        wrong.init.missing_in_problem
    ), wrong
    assert wrong.similarity < 0.5 * right.similarity and not wrong.aligned


def test_it_with_two_objects_no_predicate_relates_to_it_is_left_unresolved():
    """ "it" is no truck where no predicate takes a truck and the two towns together: in a
    world of ``road ?a ?b`` alone, "it" stays unread (the clause is the towns' fact)."""
    dom = ROADS.replace("(road ?t - truck ?a - town ?b - town)", "(road ?a - town ?b - town)")
    dom = dom.replace("(road ?t ?a ?b)", "(road ?a ?b)")
    pddl = _roads("(road ash elm)")
    w = read_world(pddl, dom)
    cs = split_clauses("lorry is at ash; it can drive ash -> elm.", w)
    assert [[o for m in s for o in m.objects] for s in cs[-1].slots] == [["ash"], ["elm"]]
