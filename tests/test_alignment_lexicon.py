"""A domain's own words for a request over a domain given only by its file (issue 19): words
that order two objects ("l1 follows l0") read with the problem's numbering, antonyms of a word
inside a longer name ("switched off" for ``power_on``, "off the ground" for
``not-on-ground``, "uncalibrated"), action names as verbs ("hub1 is jacked up": ``jack-up``
adds ``not-on-ground``) and derived forms of a name's word ("has lifted" for ``lifting``).
Domains and wordings written for these tests."""

from __future__ import annotations

import pytest
from test_alignment_ownership import LEVELS  # the same jar-and-levels domain

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts import read_world
from planetarium_plugin.alignment.facts.vocabulary import numbered_order, order_says, stem
from planetarium_plugin.alignment.facts.wording import action_wording, participle

HEIGHTS = """(define (domain heights)
  (:requirements :strips :typing)
  (:types numb spot)
  (:predicates (succ ?a - numb ?b - numb) (height ?p - spot ?h - numb))
  (:action raise
    :parameters (?p - spot ?a ?b - numb)
    :precondition (and (height ?p ?a) (succ ?b ?a))
    :effect (and (height ?p ?b) (not (height ?p ?a)))))"""

CAMERA = """(define (domain camera)
  (:requirements :strips :typing)
  (:types cam target)
  (:predicates (power_on ?c - cam) (calibrated ?c - cam) (aimed ?c - cam ?t - target))
  (:action switch_on
    :parameters (?c - cam)
    :precondition (not (power_on ?c))
    :effect (power_on ?c))
  (:action switch_off
    :parameters (?c - cam)
    :precondition (power_on ?c)
    :effect (not (power_on ?c)))
  (:action calibrate
    :parameters (?c - cam ?t - target)
    :precondition (and (power_on ?c) (aimed ?c ?t))
    :effect (calibrated ?c)))"""

CAR = """(define (domain car)
  (:requirements :strips :typing)
  (:types hub jack nut)
  (:predicates (on-ground ?h - hub) (not-on-ground ?h - hub) (tight ?n - nut ?h - hub)
               (have ?j - jack))
  (:action jack-up
    :parameters (?h - hub ?j - jack)
    :precondition (and (on-ground ?h) (have ?j))
    :effect (and (not-on-ground ?h) (not (on-ground ?h)) (not (have ?j))))
  (:action jack-down
    :parameters (?h - hub ?j - jack)
    :precondition (not-on-ground ?h)
    :effect (and (on-ground ?h) (not (not-on-ground ?h)) (have ?j))))"""

LAMPS = """(define (domain lamps)
  (:requirements :strips :typing)
  (:types lamp room)
  (:predicates (lit ?l - lamp) (in ?l - lamp ?r - room))
  (:action switch-on
    :parameters (?l - lamp)
    :precondition (not (lit ?l))
    :effect (lit ?l))
  (:action switch-off
    :parameters (?l - lamp)
    :precondition (lit ?l)
    :effect (not (lit ?l))))"""

CRANES = """(define (domain cranes)
  (:requirements :strips :typing)
  (:types hoist crate area)
  (:predicates (lifting ?h - hoist ?c - crate) (at ?h - hoist ?a - area)
               (on ?c - crate ?a - area) (available ?h - hoist))
  (:action lift
    :parameters (?h - hoist ?c - crate ?a - area)
    :precondition (and (available ?h) (on ?c ?a) (at ?h ?a))
    :effect (and (lifting ?h ?c) (not (on ?c ?a)) (not (available ?h))))
  (:action drop
    :parameters (?h - hoist ?c - crate ?a - area)
    :precondition (and (lifting ?h ?c) (at ?h ?a))
    :effect (and (on ?c ?a) (available ?h) (not (lifting ?h ?c))))
  (:action move
    :parameters (?h - hoist ?a ?b - area)
    :precondition (at ?h ?a)
    :effect (and (at ?h ?b) (not (at ?h ?a)))))"""


def _problem(domain: str, objects: str, init: str, goal: str) -> str:
    return (
        f"(define (problem p) (:domain {domain}) (:objects {objects}) (:init {init})"
        f" (:goal (and {goal})))"
    )


def test_order_words_and_the_problems_numbering():
    assert order_says("X follows Y") == 1
    assert order_says("X comes after Y") == 1
    assert order_says("X is the successor of Y") == 1
    assert order_says("X precedes Y") == -1
    assert order_says("X is followed by Y") == -1
    assert order_says("After X comes Y") == -1
    assert order_says("X is larger") == 0  # a comparative only with "than"
    assert order_says("X is next to Y") == 0
    objects = "l0 l1 l2 - level j1 - jar"
    w = read_world(_problem("levels", objects, "(next l0 l1) (next l1 l2)", ""), LEVELS)
    assert numbered_order(w, "next") == 1
    w = read_world(_problem("heights", "n0 n1 n2 - numb", "(succ n1 n0) (succ n2 n1)", ""), HEIGHTS)
    assert numbered_order(w, "succ") == -1
    w = read_world(_problem("levels", objects, "(next l0 l1) (next l2 l1)", ""), LEVELS)
    assert numbered_order(w, "next") == 0  # the atoms do not agree


@pytest.mark.parametrize(
    "text",
    [
        "The jar j1 is at level l0. l1 follows l0 and l2 follows l1. Goal: j1 at l2.",
        "Levels: l1 comes after l0, l2 comes after l1. Jar j1 is at l0; fill it to l2.",
    ],
)
def test_follows_is_read_with_the_problems_numbering(text: str):
    al = Aligner(domain=LEVELS)
    objects = "l0 l1 l2 - level j1 - jar"
    right = _problem(
        "levels", objects, "(next l0 l1) (next l1 l2) (jar-level j1 l0)", "(jar-level j1 l2)"
    )
    e = al.explain(text, right)
    assert {"(next l0 l1)", "(next l1 l2)"} <= {f.atom for f in e.init.stated}
    assert not e.init.missing_in_problem
    wrong = _problem(
        "levels", objects, "(next l0 l1) (next l2 l1) (jar-level j1 l0)", "(jar-level j1 l2)"
    )
    w = al.explain(text, wrong)
    assert w.init.missing_in_problem and w.similarity < e.similarity


@pytest.mark.parametrize(
    "text",
    [
        "Spot s1 is at height n0. n1 is the successor of n0, and n2 is the successor of n1. "
        "Goal: s1 at height n2.",
        "n0 precedes n1 and n1 precedes n2. s1 has height n0 now. Goal: s1 at height n2.",
    ],
)
def test_successor_and_precedes_the_other_way_round(text: str):
    al = Aligner(domain=HEIGHTS)
    objects = "n0 n1 n2 - numb s1 - spot"
    right = _problem(
        "heights", objects, "(succ n1 n0) (succ n2 n1) (height s1 n0)", "(height s1 n2)"
    )
    e = al.explain(text, right)
    assert {"(succ n1 n0)", "(succ n2 n1)"} <= {f.atom for f in e.init.stated}
    assert not e.init.missing_in_problem and e.aligned


@pytest.mark.parametrize(
    "text",
    [
        "Camera c1 is switched off and uncalibrated, aimed at t1. Goal: c1 calibrated.",
        "c1 points at t1. c1 is powered off and still uncalibrated. I want c1 calibrated.",
    ],
)
def test_an_antonym_of_a_word_inside_a_name_denies_it(text: str):
    al = Aligner(domain=CAMERA)
    objects = "c1 - cam t1 - target"
    right = _problem("camera", objects, "(aimed c1 t1)", "(calibrated c1)")
    e = al.explain(text, right)
    assert e.aligned and not e.init.missing_in_problem, e
    # a problem where the camera is on already, or calibrated already: the text said not
    for init in ("(aimed c1 t1) (power_on c1)", "(aimed c1 t1) (calibrated c1)"):
        w = al.explain(text, _problem("camera", objects, init, "(calibrated c1)"))
        assert w.init.contradicted and w.similarity < e.similarity


@pytest.mark.parametrize(
    "text",
    [
        "Hub h1 is off the ground and nut n1 is tight on h1. Goal: h1 on the ground.",
        "h1 has been jacked up; n1 is tight on it. Lower h1 back onto the ground.",
    ],
)
def test_an_antonym_or_an_action_states_a_negated_name(text: str):
    al = Aligner(domain=CAR)
    objects = "h1 - hub n1 - nut j1 - jack"
    right = _problem("car", objects, "(not-on-ground h1) (tight n1 h1)", "(on-ground h1)")
    e = al.explain(text, right)
    assert "(not-on-ground h1)" in {f.atom for f in e.init.stated}, e
    assert not e.init.contradicted and not e.init.missing_in_problem
    wrong = _problem("car", objects, "(on-ground h1) (tight n1 h1)", "(on-ground h1)")
    w = al.explain(text, wrong)
    assert w.similarity < e.similarity


@pytest.mark.parametrize(
    "text",
    [
        "Hub h1 is not jacked up; nut n1 is tight on h1. Goal: h1 off the ground.",
        "h1 is still on the ground (not jacked up yet) with n1 tight on it. Get h1 jacked up.",
    ],
)
def test_a_negated_action_word_denies_what_the_action_adds(text: str):
    al = Aligner(domain=CAR)
    objects = "h1 - hub n1 - nut j1 - jack"
    right = _problem("car", objects, "(on-ground h1) (tight n1 h1) (have j1)", "(not-on-ground h1)")
    e = al.explain(text, right)
    assert not e.init.contradicted and not e.init.missing_in_problem, e
    assert "(not-on-ground h1)" in {f.atom for f in e.goal.stated}
    wrong = _problem("car", objects, "(not-on-ground h1) (tight n1 h1)", "(not-on-ground h1)")
    w = al.explain(text, wrong)
    assert w.init.contradicted and w.similarity < e.similarity


@pytest.mark.parametrize(
    "text",
    [
        "Lamp a is in the hall and is switched on; lamp b, in the den, is switched off. "
        "Goal: b switched on too.",
        "In the hall, lamp a has been switched on. Lamp b (den) is off. Turn b on.",
    ],
)
def test_an_action_name_is_a_verb_for_what_it_adds(text: str):
    al = Aligner(domain=LAMPS)
    objects = "a b - lamp hall den - room"
    right = _problem("lamps", objects, "(in a hall) (in b den) (lit a)", "(lit b)")
    e = al.explain(text, right)
    assert "(lit a)" in {f.atom for f in e.init.stated}, e
    assert not e.init.contradicted and not e.init.missing_in_problem
    wrong = _problem("lamps", objects, "(in a hall) (in b den) (lit b)", "(lit b)")
    w = al.explain(text, wrong)
    assert w.similarity < e.similarity


def test_action_wordings_and_participles():
    assert [participle(v) for v in ("jack", "calibrate", "stop", "carry", "take")] == [
        "jacked",
        "calibrated",
        "stopped",
        "carried",
        "taken",
    ]
    assert action_wording(["switch", "on"]) == "X is switched on"
    w = read_world(_problem("car", "h1 - hub", "", ""), CAR)
    assert w.predicates["not-on-ground"].acted == "X is jacked up"
    assert w.predicates["on-ground"].acted == "X is jacked down"
    lamps = read_world(_problem("lamps", "a - lamp", "", ""), LAMPS)
    assert lamps.predicates["lit"].acted == "X is switched on"
    # the hoist drops the crate: the agent of most actions is not what they act on
    cranes = read_world(_problem("cranes", "h - hoist", "", ""), CRANES)
    assert cranes.predicates["available"].acted == ""


def test_derived_forms_meet_at_one_stem():
    assert stem("lifting") == stem("lifted") == stem("lift")
    assert stem("calibrated") == stem("calibration") == stem("calibrate")
    assert stem("pass") == "pass" and stem("full") == "full"


@pytest.mark.parametrize(
    "text",
    [
        "Hoist h1 at a1 has lifted crate c1; h2 at a2 is available. Goal: c1 on a2.",
        "c1 is being lifted by h1, which stands at a1. h2 waits at a2, available. Put c1 on a2.",
    ],
)
def test_derived_forms_of_a_name_word(text: str):
    al = Aligner(domain=CRANES)
    objects = "h1 h2 - hoist c1 - crate a1 a2 - area"
    init = "(lifting h1 c1) (at h1 a1) (at h2 a2) (available h2)"
    e = al.explain(text, _problem("cranes", objects, init, "(on c1 a2)"))
    assert "(lifting h1 c1)" in {f.atom for f in e.init.stated}, e
    assert e.aligned
    wrong = init.replace("(lifting h1 c1)", "(lifting h2 c1)").replace(
        "(available h2)", "(available h1)"
    )
    w = al.explain(text, _problem("cranes", objects, wrong, "(on c1 a2)"))
    assert w.similarity < e.similarity


SHED = """(define (domain shed)
  (:requirements :strips :typing)
  (:types tool box)
  (:predicates (in ?t - tool ?b - box) (have ?t - tool) (shut ?b - box))
  (:action take
    :parameters (?t - tool ?b - box)
    :precondition (in ?t ?b)
    :effect (and (have ?t) (not (in ?t ?b))))
  (:action close
    :parameters (?b - box)
    :precondition (not (shut ?b))
    :effect (shut ?b)))"""

BARGE = """(define (domain barge)
  (:requirements :strips :typing)
  (:types crate barge)
  (:predicates (in ?c - crate ?b - barge) (docked ?b - barge))
  (:action unload
    :parameters (?c - crate ?b - barge)
    :precondition (and (in ?c ?b) (docked ?b))
    :effect (not (in ?c ?b)))
  (:action dock
    :parameters (?b - barge)
    :precondition (not (docked ?b))
    :effect (docked ?b)))"""


@pytest.mark.parametrize(
    ("domain", "objects", "text", "right", "wrong"),
    [
        (
            SHED,
            "saw drill - tool crate - box",
            "I already took the saw out of the crate; the drill is still in the crate. "
            "Goal: the crate shut.",
            "(have saw) (in drill crate)",
            "(in saw crate) (in drill crate)",
        ),
        (
            BARGE,
            "c1 c2 - crate b1 - barge",
            "Barge b1 is docked. Crate c1 is out of b1 already, c2 is still in b1. "
            "Goal: b1 docked.",
            "(docked b1) (in c2 b1)",
            "(docked b1) (in c1 b1) (in c2 b1)",
        ),
    ],
)
def test_out_of_denies_in(domain: str, objects: str, text: str, right: str, wrong: str):
    al = Aligner(domain=domain)
    name = "shed" if domain is SHED else "barge"
    goal = "(shut crate)" if domain is SHED else "(docked b1)"
    e = al.explain(text, _problem(name, objects, right, goal))
    assert not e.init.contradicted and not e.init.missing_in_problem, e
    w = al.explain(text, _problem(name, objects, wrong, goal))
    assert w.init.contradicted and w.similarity < e.similarity


BUILDER = """(define (domain builder)
  (:requirements :strips :typing)
  (:types cell)
  (:predicates (has-block) (at ?c - cell) (depot ?c - cell))
  (:action take
    :parameters (?c - cell)
    :precondition (and (at ?c) (depot ?c) (not (has-block)))
    :effect (has-block))
  (:action go
    :parameters (?a ?b - cell)
    :precondition (at ?a)
    :effect (and (at ?b) (not (at ?a)))))"""

FUEL = """(define (domain fuel)
  (:requirements :strips :typing)
  (:types place)
  (:predicates (have-fuel) (at ?p - place))
  (:action refuel
    :parameters (?p - place)
    :precondition (at ?p)
    :effect (have-fuel))
  (:action drive
    :parameters (?a ?b - place)
    :precondition (and (at ?a) (have-fuel))
    :effect (and (at ?b) (not (at ?a)))))"""


@pytest.mark.parametrize(
    ("domain", "name", "objects", "text", "init", "goal"),
    [
        (
            BUILDER,
            "builder",
            "c1 c2 - cell",
            "There is a magic block fountain. c1 is the depot and the robot stands on c2. "
            "Goal: the robot at c1.",
            "(depot c1) (at c2)",
            "(at c1)",
        ),
        (
            FUEL,
            "fuel",
            "p1 p2 - place",
            "There is a fuel station in town. The van waits at p1. Goal: the van at p2.",
            "(at p1)",
            "(at p2)",
        ),
    ],
)
def test_a_possession_name_needs_a_possession_word(domain, name, objects, text, init, goal):
    """A 0-ary name of a possession (``has-block``, ``have-fuel``) is not stated by its noun
    alone ("the block fountain", "a fuel station")."""
    al = Aligner(domain=domain)
    e = al.explain(text, _problem(name, objects, init, goal))
    assert not any("block" in f.atom or "fuel" in f.atom for f in e.init.missing_in_problem), e
    pred = "has-block" if domain is BUILDER else "have-fuel"
    said = "It is holding a block." if domain is BUILDER else "It has fuel."
    said = text.replace("Goal:", f"{said} Goal:")
    e2 = al.explain(said, _problem(name, objects, init, goal))
    assert f"({pred})" in {f.atom for f in e2.init.missing_in_problem}, e2


FERRY = """(define (domain boat)
  (:requirements :strips :typing)
  (:types car port)
  (:predicates (empty-boat) (boat-at ?p - port) (at ?c - car ?p - port) (aboard ?c - car))
  (:action embark
    :parameters (?c - car ?p - port)
    :precondition (and (at ?c ?p) (boat-at ?p) (empty-boat))
    :effect (and (aboard ?c) (not (at ?c ?p)) (not (empty-boat))))
  (:action sail
    :parameters (?a ?b - port)
    :precondition (boat-at ?a)
    :effect (and (boat-at ?b) (not (boat-at ?a)))))"""

CRANE = """(define (domain crane)
  (:requirements :strips :typing)
  (:types crate spot)
  (:predicates (arm-free) (on ?c - crate ?s - spot) (held ?c - crate))
  (:action grab
    :parameters (?c - crate ?s - spot)
    :precondition (and (on ?c ?s) (arm-free))
    :effect (and (held ?c) (not (on ?c ?s)) (not (arm-free)))))"""


@pytest.mark.parametrize(
    ("domain", "name", "objects", "text", "said", "init", "atom"),
    [
        (
            FERRY,
            "boat",
            "c1 c2 - car p1 p2 - port",
            "Could the boat, now at p1, take c1 to p2? c2 waits at p2. Goal: c1 at p2.",
            "The boat is empty.",
            "(boat-at p1) (at c1 p1) (at c2 p2)",
            "(empty-boat)",
        ),
        (
            CRANE,
            "crane",
            "k1 - crate s1 s2 - spot",
            "This is the crane arm of the yard. Crate k1 sits on s1. Goal: k1 on s2.",
            "The arm is free.",
            "(on k1 s1)",
            "(arm-free)",
        ),
    ],
)
def test_a_nullary_state_needs_its_state_word(domain, name, objects, text, said, init, atom):
    """A 0-ary name with a state word (``empty-boat``, ``arm-free``) is not stated by a clause
    that names only its noun ("Could the boat", "the crane arm of the yard")."""
    al = Aligner(domain=domain)
    goal = "(at c1 p2)" if domain is FERRY else "(on k1 s2)"
    e = al.explain(text, _problem(name, objects, init, goal))
    assert atom not in _missing(e), e
    e2 = al.explain(text.replace("Goal:", f"{said} Goal:"), _problem(name, objects, init, goal))
    assert atom in _missing(e2), e2


def _missing(e) -> set[str]:
    """What the text states that the problem lacks, in either section (a question may open
    the goal early; the reading, not the section, is under test here)."""
    return {f.atom for f in (*e.init.missing_in_problem, *e.goal.missing_in_problem)}


MAZE = """(define (domain maze)
  (:requirements :strips :typing)
  (:types cell)
  (:predicates (is-exit ?c - cell) (can-move ?a ?b - cell) (isVisited ?c - cell)
               (at ?c - cell))
  (:action move
    :parameters (?a ?b - cell)
    :precondition (and (at ?a) (can-move ?a ?b))
    :effect (and (at ?b) (isVisited ?b) (not (at ?a)))))"""


def test_names_that_carry_their_own_verb():
    w = read_world(_problem("maze", "c1 - cell", "", ""), MAZE)
    assert w.predicates["is-exit"].template == "X is exit"
    assert w.predicates["can-move"].template == "X can move Y"


@pytest.mark.parametrize(
    "text",
    [
        "The walker is at c1. c3 is the exit. From c1 you can move to c2, and from c2 to c3. "
        "Goal: c3 visited.",
        "Cells: c1, c2, c3; c3 is the exit, the walker starts at c1; c1 can move to c2 and c2 "
        "can move to c3. I want c3 to have been visited.",
    ],
)
def test_a_name_with_its_own_verb_is_read(text: str):
    al = Aligner(domain=MAZE)
    init = "(at c1) (is-exit c3) (can-move c1 c2) (can-move c2 c3)"
    e = al.explain(text, _problem("maze", "c1 c2 c3 - cell", init, "(isVisited c3)"))
    assert "(is-exit c3)" in {f.atom for f in e.init.stated}, e
    assert e.aligned
    wrong = init.replace("(is-exit c3)", "(is-exit c2)")
    w = al.explain(text, _problem("maze", "c1 c2 c3 - cell", wrong, "(isVisited c3)"))
    assert w.similarity < e.similarity
