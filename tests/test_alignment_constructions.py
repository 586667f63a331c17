"""Constructions other people's requests use that the readers misread (issue 19): a request put
as a question ("Can the elevator get Ann and Ben where they're going?"), a change of one object
for another ("replace w2 with the spare"), a set narrowed by a restrictive clause ("every waypoint
that has a sample"), a denial whose scope is two objects ("but not directly between waypoint2
and waypoint3"). Each is read, or its reading doubted, so the right problem is kept; a problem
with one fact changed is still rejected and the explanation names that fact. Wordings are our
own, two or more per construction, over two domains each.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts.verdict import DEFAULT_POLICY

DOMAINS = Path(__file__).resolve().parent.parent / "benchmarks/data/alignment_public/domains"


def _domain(name: str) -> str:
    return (DOMAINS / f"{name}.pddl").read_text()


def _loud(e) -> list:
    return [f for f in e.conflicts() if f.confidence >= 0.5]


def _names(e, atom: str) -> bool:
    """Does the explanation name ``atom`` — a conflict, or an atom of the problem left unstated?"""
    said = {f.atom for f in e.conflicts()} | set(e.init.unstated) | set(e.goal.unstated)
    return atom in said


def _check(domain: str | None, text: str, right: str, wrong: str, changed: str) -> None:
    al = Aligner(domain=domain)
    e = al.explain(text, right)
    assert not _loud(e), [(f.atom, f.span, f.confidence) for f in _loud(e)]
    assert e.aligned
    bad = al.explain(text, wrong)
    assert not bad.aligned and bad.similarity < e.similarity
    assert _names(bad, changed)


# ------------------------------------------------------------- a request put as a question

MICONIC = """(define (problem p) (:domain miconic)
  (:objects f0 f1 f2 - floor ann ben - passenger)
  (:init (above f0 f1) (above f0 f2) (above f1 f2) (origin ann f0) (destin ann f2)
         (origin ben f1) (destin ben f0) (boarded ben) (lift-at f2))
  (:goal (and (served ann) (served ben))))"""
MICONIC_WRONG = MICONIC.replace("(destin ann f2)", "(destin ann f1)")
ASKED_LIFT = [
    "Ann is waiting on floor f0 and wants to go to f2; Ben is inside the lift and wants f0. "
    "The lift is at f2. Floors bottom to top: f0, f1, f2. Can the elevator get Ann and Ben "
    "where they're going?",
    "Could the old lift take Ann and Ben where they want to go? Ann waits at f0 and wants f2, "
    "Ben (already inside the lift) wants f0, and the lift is at f2. Floors bottom to top: f0, "
    "f1, f2.",
]
GRIPPER = """(define (problem p) (:domain gripper)
  (:objects rooma roomb ball1 ball2 ball3 left right)
  (:init (room rooma) (room roomb) (ball ball1) (ball ball2) (ball ball3) (gripper left)
         (gripper right) (at-robby rooma) (at ball1 rooma) (at ball2 rooma) (at ball3 roomb)
         (free left) (free right))
  (:goal (and (at ball1 roomb) (at ball2 roomb))))"""
GRIPPER_WRONG = GRIPPER.replace("(:goal (and (at ball1 roomb)", "(:goal (and (at ball1 rooma)")
ASKED_ROBOT = [
    "The robot is in rooma with both grippers free. ball1 and ball2 are in rooma, ball3 is in "
    "roomb. Can the robot bring ball1 and ball2 to roomb?",
    "Could the little robot carry ball1 and ball2 over to roomb? It starts in rooma with both "
    "grippers free; ball1 and ball2 are in rooma and ball3 is in roomb.",
]


@pytest.mark.parametrize("text", ASKED_LIFT)
def test_a_question_asking_the_lift_is_a_request(text):
    _check(_domain("miconic"), text, MICONIC, MICONIC_WRONG, "(destin ann f2)")


@pytest.mark.parametrize("text", ASKED_ROBOT)
def test_a_question_asking_the_robot_is_a_request(text):
    _check(None, text, GRIPPER, GRIPPER_WRONG, "(at ball1 roomb)")


# ------------------------------------------------------ a change of one object for another

TYRES = """(define (problem p) (:domain tyreworld)
  (:objects w1 w2 r1 - wheel hub1 hub2 - hub nuts1 nuts2 - nut boot - container
            wrench jack pump - tool)
  (:init (open boot) (unlocked boot) (have wrench) (have jack) (in pump boot) (in r1 boot)
         (intact r1) (inflated r1) (on w1 hub1) (on w2 hub2) (on-ground hub1) (on-ground hub2)
         (fastened hub1) (fastened hub2) (tight nuts1 hub1) (tight nuts2 hub2))
  (:goal (and (on r1 hub2) (tight nuts2 hub2) (in w2 boot) (closed boot))))"""
TYRES_WRONG = TYRES.replace("(on r1 hub2) (tight nuts2 hub2)", "(on r1 hub1) (tight nuts2 hub2)")
REPLACED = [
    "The boot is open and unlocked; the wrench and the jack are in hand, the pump and the spare "
    "wheel r1 (intact, inflated) are in the boot. Wheel w1 is on hub1 and w2 on hub2, both hubs "
    "on the ground and fastened, nuts1 tight on hub1 and nuts2 tight on hub2. The goal is to "
    "replace w2 with the spare: r1 on hub2 with nuts2 tight on it, w2 in the boot, and the boot "
    "closed.",
    "Boot: open, unlocked, holding the pump and the spare r1 (intact and inflated). In hand: "
    "wrench, jack. w1 is on hub1, w2 on hub2; both hubs are on the ground and fastened; nuts1 "
    "are tight on hub1, nuts2 on hub2. Please swap w2 for the spare: r1 must end up on hub2 "
    "with nuts2 tight on hub2, w2 in the boot, and the boot closed.",
]


@pytest.mark.parametrize("text", REPLACED)
def test_a_replacement_states_no_fact_of_the_replaced_wheel(text):
    _check(_domain("tyreworld"), text, TYRES, TYRES_WRONG, "(on r1 hub2)")


# ------------------------------------------------------------- a denial of a pair of objects

ROVER = """(define (problem p) (:domain rover)
  (:objects rover1 - rover store1 - store waypoint1 waypoint2 waypoint3 - waypoint
            general - lander)
  (:init (at rover1 waypoint1) (available rover1) (store_of store1 rover1) (empty store1)
         (equipped_for_rock_analysis rover1)
         (can_traverse rover1 waypoint1 waypoint2) (can_traverse rover1 waypoint2 waypoint1)
         (can_traverse rover1 waypoint1 waypoint3) (can_traverse rover1 waypoint3 waypoint1)
         (visible waypoint1 waypoint2) (visible waypoint2 waypoint1) (visible waypoint1 waypoint3)
         (visible waypoint3 waypoint1) (visible waypoint2 waypoint3) (visible waypoint3 waypoint2)
         (at_rock_sample waypoint2) (at_lander general waypoint1) (channel_free general))
  (:goal (and (communicated_rock_data waypoint2))))"""
ROVER_WRONG = ROVER.replace("(at_rock_sample waypoint2)", "(at_rock_sample waypoint3)")
DENIED_ROUTE = [
    "Rover rover1 is available at waypoint1, equipped for rock analysis, with an empty store "
    "store1. From waypoint1 it can drive to waypoint2 and to waypoint3 and back, but not "
    "directly between waypoint2 and waypoint3; still, every pair of the three waypoints is "
    "mutually visible. There is a rock sample at waypoint2. The lander, general, is at "
    "waypoint1 with its channel free. Please have the rock data of waypoint2 communicated.",
    "rover1 (available, rock analysis, store1 empty) starts at waypoint1. It can travel from "
    "waypoint1 to waypoint2 and waypoint3 and back again, though not straight between waypoint2 "
    "and waypoint3; all three waypoints can see each other. Rock sample at waypoint2. Lander "
    "general at waypoint1, channel free. Goal: communicate the rock data of waypoint2.",
]


@pytest.mark.parametrize("text", DENIED_ROUTE)
def test_a_denial_between_two_objects_denies_nothing_of_a_third(text):
    _check(None, text, ROVER, ROVER_WRONG, "(at_rock_sample waypoint2)")


VISITALL = """(define (problem p) (:domain visitall) (:objects c1 c2 c3 - cell)
  (:init (robot-at c1) (visited c1) (connected c1 c2) (connected c2 c1) (connected c1 c3)
         (connected c3 c1))
  (:goal (and (visited c1) (visited c2) (visited c3))))"""
VISITALL_WRONG = VISITALL.replace("(robot-at c1) (visited c1)", "(robot-at c2) (visited c2)")
DENIED_STEP = [
    "The robot is at c1, which is visited. From c1 it can move to c2 and to c3 and back, but "
    "not directly between c2 and c3. Visit every cell.",
    "Cells c1, c2, c3. c1 is connected to c2 and to c3 in both directions, though not between "
    "c2 and c3. The robot starts on c1 (visited). Goal: all three cells visited.",
]


@pytest.mark.parametrize("text", DENIED_STEP)
def test_a_denial_between_two_cells_denies_no_link_of_a_third(text):
    _check(_domain("visitall"), text, VISITALL, VISITALL_WRONG, "(robot-at c1)")


BLOCKS = """(define (problem p) (:domain blocksworld) (:objects b1 b2 b3)
  (:init (arm-empty) (on-table b1) (on b2 b1) (clear b2) (on-table b3) (clear b3))
  (:goal (and (on b3 b1) (on-table b2))))"""
BLOCKS_WRONG = BLOCKS.replace("(on b3 b1)", "(on b1 b3)")
REPLACED_BLOCK = [
    "b2 sits on b1, which is on the table; b3 is on the table too. The hand is empty. Replace "
    "b2 with b3, so that b3 is on b1 and b2 on the table.",
    "Blocks: b1 on the table with b2 on it, b3 alone on the table, hand empty. Swap b2 for b3: "
    "put b3 on b1 and b2 on the table.",
]


@pytest.mark.parametrize("text", REPLACED_BLOCK)
def test_a_replacement_states_no_fact_of_the_replaced_block(text):
    _check(None, text, BLOCKS, BLOCKS_WRONG, "(on b3 b1)")


# ------------------------------------- a state read from words that say none of its predicate

TYRES_FLAT = """(define (problem p) (:domain tyreworld)
  (:objects w1 w2 - wheel h1 h2 - hub n1 n2 - nut boot - container wrench jack pump - tool)
  (:init (on w1 h1) (on w2 h2) (on-ground h1) (on-ground h2) (fastened h1) (fastened h2)
         (tight n1 h1) (tight n2 h2) (intact w1) (intact w2) (not-inflated w1) (not-inflated w2)
         (open boot) (unlocked boot) (in jack boot) (have wrench) (have pump))
  (:goal (and (inflated w1) (inflated w2) (in wrench boot) (in pump boot) (closed boot))))"""
TYRES_FLAT_WRONG = TYRES_FLAT.replace("(on w2 h2)", "(on w2 h1)")
ASIDE_NUTS = [
    "Two flat tyres on my trailer. Each wheel sits on its own hub, w1 on h1 and w2 on h2, both "
    "hubs on the ground and fastened, with their nuts (n1, n2, by the same number) tight on "
    "them. Both wheels are intact but not inflated. The boot is open and unlocked with only the "
    "jack in it; I have the wrench and the pump in my hands. Goal: both wheels inflated, the "
    "wrench and the pump back in the boot, the boot closed.",
    "w1 is on h1 and w2 is on h2; both hubs are on the ground and fastened, each with its nuts "
    "(n1, n2, numbered like the hubs) tight on it. The wheels are intact, not inflated. The boot "
    "is open and unlocked, the jack inside; the wrench and the pump are in my hands. I want w1 "
    "and w2 inflated, the wrench and the pump in the boot, and the boot closed.",
]
FERRY = """(define (problem p) (:domain ferry)
  (:objects h1 h2 h3 - location car1 car2 - car)
  (:init (at-ferry h1) (empty-ferry) (at car1 h1) (at car2 h3))
  (:goal (and (at car1 h2) (at car2 h2))))"""
FERRY_WRONG = FERRY.replace("(at car2 h3)", "(at car2 h1)")
ASIDE_HARBOURS = [
    "Three harbours (h1, h2, h3, numbered west to east). The ferry is empty and tied up at h1, "
    "where car1 waits; car2 is at h3. Bring both cars to h2.",
    "The coast has three harbours (h1, h2 and h3, counted from the west). Right now the ferry is "
    "empty at h1, car1 is waiting at h1 and car2 is at h3. Please get car1 and car2 to h2.",
]


def _doubted_state(e) -> list:
    return [n for n in e.notes if "no trace of an edit" in n]


@pytest.mark.parametrize("text", ASIDE_NUTS)
def test_an_aside_naming_the_nuts_is_no_fact_of_holding_them(text):
    _check(_domain("tyreworld"), text, TYRES_FLAT, TYRES_FLAT_WRONG, "(on w2 h2)")
    e = Aligner(domain=_domain("tyreworld")).explain(text, TYRES_FLAT)
    assert _doubted_state(e) and any(f.atom == "(have n1)" for f in e.init.missing_in_problem)


@pytest.mark.parametrize("text", ASIDE_HARBOURS)
def test_an_aside_naming_the_harbours_is_no_fact_of_the_ferry(text):
    dom = _domain("ferry")
    _check(dom, text, FERRY, FERRY_WRONG, "(at car2 h3)")
    e = Aligner(domain=dom).explain(text, FERRY)
    assert all(f.confidence < DEFAULT_POLICY.faint for f in e.conflicts())


def test_a_state_in_its_own_words_is_not_doubted():
    """A one-fact edit of the init that the text states in its predicate's words keeps its
    conflict loud (its words carry it, and the edit leaves its trace), next to the aside."""
    e = Aligner(domain=_domain("ferry")).explain(ASIDE_HARBOURS[0], FERRY_WRONG)
    assert "(at car2 h3)" in {f.atom for f in _loud(e)} and not e.aligned
