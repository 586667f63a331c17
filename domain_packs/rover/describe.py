"""IPC rover goals in the generator's abstract words: which data to send, where rovers end.

As in rover-single (whose :func:`~planetarium_domain_packs.rover_single.describe.goal_sentences`
says the parts): the data of every soil sample, of every rock sample, an image of every
objective in every mode, and every rover at the lander's waypoint — each asked for completely
or not at all, after dropping what the init or the rest of the goal already implies. Here
analyses and images belong to a rover, so one is implied by a communicated fact only when there
is a single rover; rovers, stores, cameras and samples change, so only the other init facts
count as kept. As there, each generator sentence is followed by its alternative wordings
(free-form requests say "all the rovers", "pictures", "send back").
"""

from __future__ import annotations

from collections import Counter, defaultdict

from planetarium_plugin.parsing.model import Atom, Problem

from ..rover_single.describe import (
    NEEDS,
    data_parts,
    goal_wordings,
    lander_waypoint,
    not_only,
    of,
)

#: Predicates an action deletes for good (the others, once true, stay true).
MOVING = frozenset({"at", "empty", "full", "calibrated", "at_soil_sample", "at_rock_sample"})
#: Predicates no action makes true that were not true (static, or re-added where required).
NEVER_ADDED = frozenset(
    {
        "can_traverse",
        "equipped_for_soil_analysis",
        "equipped_for_rock_analysis",
        "equipped_for_imaging",
        "supports",
        "visible",
        "at_lander",
        "visible_from",
        "store_of",
        "calibration_target",
        "on_board",
        "available",
        "channel_free",
        "at_soil_sample",
        "at_rock_sample",
    }
)


def describe_goal(problem: Problem) -> tuple[str, ...]:
    """The generator's abstract goal sentences that fit ``problem``'s goal (``()`` if none),
    each followed by its alternative wordings.

    >>> from planetarium_domain_packs.rover import PACK
    >>> from planetarium_plugin.parsing import parse_problem
    >>> p = parse_problem('''(define (problem p) (:domain rover)
    ...   (:objects r1 r2 - rover w1 w2 - waypoint general - lander)
    ...   (:init (at r1 w1) (at r2 w1) (at_lander general w2) (available r1) (available r2)
    ...          (can_traverse r1 w1 w2) (can_traverse r2 w1 w2) (visible w1 w2)
    ...          (channel_free general))
    ...   (:goal (and (at r1 w2) (at r2 w2) (not (at r1 w1)))))''', PACK.domain)
    >>> describe_goal(p)  # doctest: +NORMALIZE_WHITESPACE
    ("to move every rover to the lander's waypoint.",
     'drive all the rovers to the waypoint where the lander is.',
     'each rover has to end up at the waypoint the lander sits on.',
     "bring all rovers over to the lander's waypoint.")
    """
    goal, init = problem.goal, problem.init
    if goal.numeric:
        return ()
    rovers = [r for r, t in problem.objects.items() if t == "rover"]
    there = of(goal.positive, "at")
    places = Counter(r for r, _ in of(init, "at"))  # a rover on one waypoint stays on one
    ends: defaultdict[str, set[str]] = defaultdict(set)
    for r, w in there:
        ends[r].add(w)
    for a in goal.negative:
        if a.predicate in NEVER_ADDED and a not in init:
            continue  # never true
        if a.predicate == "at" and places[a.args[0]] == 1 and not_only(ends[a.args[0]], a.args[1]):
            continue  # the rover ends elsewhere
        return ()
    open_goal = {a for a in goal.positive if a.predicate in MOVING or a not in init}
    if len(rovers) == 1:
        for sent, needed in NEEDS.items():
            open_goal -= {Atom(needed, (rovers[0], *args)) for args in of(open_goal, sent)}
    if any(a.predicate not in NEEDS and a.predicate != "at" for a in open_goal):
        return ()
    parts = data_parts(problem, open_goal)
    lander = lander_waypoint(problem)
    everyone = {(r, lander) for r in rovers}
    if parts is None or (there and (lander is None or there != everyone)):
        return ()
    return goal_wordings(*parts, frozenset({bool(there)}), "every rover")
