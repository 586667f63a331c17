"""Gripper's goal describer beyond the shared contract: goals no generator writes, and the
alternative wordings of its sentences."""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st
from planetarium_domain_packs.gripper.describe import (
    DROP_AND_PICKUP,
    GATHER,
    JUGGLE,
    PICKUP,
    SWAP_ROOMS,
    TO_MAX,
    TO_MIN,
    describe_goal,
    meanings,
    wordings,
)
from planetarium_domain_packs.gripper.rules import fully_specify

from planetarium_plugin import default_registry
from planetarium_plugin.parsing import Goal, parse_problem

PACK = default_registry()["gripper"]


def _problem(rooms, init: dict[str, str], goal: str, grippers=("gripper1", "gripper2")):
    """``init`` maps ball -> room or gripper; the robot starts in the first room listed."""
    facts = [f"(room {r})" for r in rooms] + [f"(ball {b})" for b in init]
    facts += [f"(gripper {g})" for g in grippers] + [f"(at-robby {rooms[0]})"]
    facts += [f"(carry {b} {w})" if w in grippers else f"(at {b} {w})" for b, w in init.items()]
    facts += [f"(free {g})" for g in grippers if g not in init.values()]
    text = (
        f"(define (problem p) (:domain gripper) (:objects {' '.join([*rooms, *init, *grippers])})"
        f" (:init {' '.join(facts)}) (:goal (and {goal})))"
    )
    return parse_problem(text, PACK.domain)


ROOMS = ("room1", "room2", "room3")
SPREAD = {"ball1": "room1", "ball2": "room1", "ball3": "room2"}  # counts 2, 1, 0


def test_implied_facts_may_be_written_or_left_out():
    bare = describe_goal(
        _problem(ROOMS, SPREAD, "(at ball1 room1) (at ball2 room1) (at ball3 room1)")
    )
    assert GATHER in bare and TO_MAX in bare
    full = "(at ball1 room1) (at ball2 room1) (at ball3 room1) (free gripper1) (free gripper2)"
    assert describe_goal(_problem(ROOMS, SPREAD, full + " (ball ball1) (room room3)")) == bare
    implied_negatives = " (not (at ball1 room2)) (not (carry ball2 gripper1)) (not (ball room1))"
    assert describe_goal(_problem(ROOMS, SPREAD, full + implied_negatives)) == bare


def test_goals_that_ask_more_or_less_than_a_placement_have_no_sentence():
    all_first = "(at ball1 room1) (at ball2 room1) (at ball3 room1)"
    assert describe_goal(_problem(ROOMS, SPREAD, all_first + " (at-robby room2)")) == ()
    assert describe_goal(_problem(ROOMS, SPREAD, all_first + " (not (at-robby room2))")) == ()
    assert describe_goal(_problem(ROOMS, SPREAD, "(at ball1 room1) (at ball2 room1)")) == ()
    assert describe_goal(_problem(ROOMS, SPREAD, all_first + " (carry ball1 gripper1)")) == ()
    assert describe_goal(_problem(ROOMS, SPREAD, all_first + " (not (at ball1 room1))")) == ()


def test_room_order_compares_numbers_as_numbers():
    rooms = ("room10", "room2", "room1")
    init = {"ball1": "room1", "ball2": "room2", "ball3": "room2"}
    said = describe_goal(
        _problem(rooms, init, "(at ball1 room10) (at ball2 room2) (at ball3 room1)")
    )
    assert "to distribute the balls as follows: 1 in room1, 1 in room2, 1 in room10." in said
    # room2 started with the most balls, room10 with the fewest
    said = describe_goal(
        _problem(rooms, init, "(at ball1 room2) (at ball2 room2) (at ball3 room2)")
    )
    assert TO_MAX in said and TO_MIN not in said and GATHER not in said
    said = describe_goal(
        _problem(rooms, init, "(at ball1 room10) (at ball2 room10) (at ball3 room10)")
    )
    assert TO_MIN in said and TO_MAX not in said


def test_tied_goals_need_every_other_ball_where_it_started():
    init = {"ball1": "gripper1", "ball2": "gripper2", "ball3": "room1", "ball4": "room2"}
    swap = "(carry ball1 gripper2) (carry ball2 gripper1)"
    assert JUGGLE in describe_goal(
        _problem(ROOMS, init, swap + " (at ball3 room1) (at ball4 room2)")
    )
    moved = describe_goal(_problem(ROOMS, init, swap + " (at ball3 room1) (at ball4 room1)"))
    assert JUGGLE not in moved
    init = {"ball1": "room1", "ball2": "room2", "ball3": "room3", "ball4": "gripper1"}
    swap = "(at ball1 room2) (at ball2 room1) (carry ball4 gripper1)"
    assert SWAP_ROOMS in describe_goal(_problem(ROOMS, init, swap + " (at ball3 room3)"))
    assert SWAP_ROOMS not in describe_goal(_problem(ROOMS, init, swap + " (at ball3 room2)"))


def test_drop_and_pickup_and_pickup_all():
    init = {"ball1": "gripper1", "ball2": "room2", "ball3": "room1"}
    goal = "(at ball1 room1) (carry ball2 gripper2) (carry ball3 gripper1)"
    assert meanings(_problem(ROOMS, init, goal)) == (DROP_AND_PICKUP,)
    goal = "(at ball1 room2) (carry ball2 gripper2) (carry ball3 gripper1)"
    assert describe_goal(_problem(ROOMS, init, goal)) == ()
    init = {"ball1": "room1", "ball2": "room3"}
    said = describe_goal(_problem(ROOMS, init, "(carry ball1 gripper2) (carry ball2 gripper1)"))
    assert PICKUP in said and DROP_AND_PICKUP in said


_places = st.sampled_from(["room1", "room2", "room3", "gripper1", "gripper2"])


@st.composite
def _placements(draw, balls):
    out: dict[str, str] = {}
    for b in balls:
        w = draw(_places)
        out[b] = "room1" if w.startswith("gripper") and w in out.values() else w
    return out


@settings(max_examples=80, deadline=None)
@given(
    st.integers(0, 4).flatmap(
        lambda n: st.tuples(*[_placements([f"ball{i}" for i in range(1, n + 1)])] * 2)
    ),
    st.data(),
)
def test_equivalent_goals_get_the_same_sentences(worlds, data):
    """A goal and its full specification (what the metric compares) read the same, and a goal
    that leaves some fact implied reads as the goal that states it."""
    init, target = worlds
    grippers = ("gripper1", "gripper2")
    facts = [f"(carry {b} {w})" if w in grippers else f"(at {b} {w})" for b, w in target.items()]
    facts += [f"(free {g})" for g in grippers if g not in target.values()]
    kept = [f for f in facts if data.draw(st.integers(0, 3)) > 0]
    p = _problem(ROOMS, init, " ".join(kept))
    closed = replace(p, goal=Goal(fully_specify(p, PACK.domain)))
    said = describe_goal(p)
    assert said == describe_goal(closed)
    if all(any(f.endswith(f" {b} {w})") for f in kept) for b, w in target.items()):
        assert said == describe_goal(_problem(ROOMS, init, " ".join(facts)))
        if all(w.startswith("room") for w in target.values()):  # counts per room at least
            assert any(x.startswith("to distribute the balls as follows:") for x in said)


def _numbers(text: str) -> Counter:
    return Counter(re.findall(r"\d+", text))


def test_every_sentence_comes_with_alternative_wordings():
    """Each generator sentence is followed by 2-3 other wordings that carry its numbers (counts
    and room names) and are no generator sentence themselves."""
    seen: set[str] = set()
    for scale in range(1, 8):
        for inst in PACK.generate(random.Random(f"wordings:{scale}"), scale):
            p = parse_problem(inst.problem_pddl, PACK.domain)
            said, own = describe_goal(p), meanings(p)
            assert inst.goal.abstract in own
            assert said == tuple(w for s in own for w in (s, *wordings(s)))
            for s in own:
                alts = wordings(s)
                assert 2 <= len(alts) <= 3 and len({s, *alts}) == len(alts) + 1, s
                assert all(_numbers(a) == _numbers(s) for a in alts), (s, alts)
                assert not set(alts) & set(own)
                seen.add(s if "as follows" not in s else "as follows")
    assert seen == {GATHER, TO_MAX, TO_MIN, PICKUP, DROP_AND_PICKUP, JUGGLE, SWAP_ROOMS,
                    "as follows", "to distribute the balls evenly across the rooms."}
    assert wordings("to juggle.") == () and wordings("to distribute the balls as follows: x.") == ()
