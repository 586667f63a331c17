"""A unified-planning user's problem through planetarium-plugin and back, beside the text route.

    python examples/toolkits_unified_planning.py

Builds a small delivery problem in Python with unified-planning (typed objects, a numeric
battery, a negative goal), then, with no PDDL written by hand:

1. judges two goal formulations as equivalent or not (the same verdicts as for their PDDL text);
2. solves it with our planners, validates the plan, and gets it back as a unified-planning
   ``SequentialPlan`` that unified-planning's own validator accepts;
3. fully specifies the goal and hands the problem back to unified-planning with that goal;
4. does the same with a ``pddl`` library problem of a built-in pack (when ``pddl`` is installed).
"""

from __future__ import annotations

import warnings
from pathlib import Path

from unified_planning import shortcuts as S

from planetarium_plugin import as_pddl_text, domain_packs, equivalent, fully_specify
from planetarium_plugin.interop import solve_unified_planning, to_unified_planning


def delivery(goal: str = "plain"):
    """A robot carries a parcel between rooms; each move costs one unit of battery."""
    Robot, Room, Parcel = S.UserType("Robot"), S.UserType("Room"), S.UserType("Parcel")
    robot_at = S.Fluent("robot_at", S.BoolType(), r=Robot, l=Room)
    parcel_at = S.Fluent("parcel_at", S.BoolType(), p=Parcel, l=Room)
    carrying = S.Fluent("carrying", S.BoolType(), r=Robot, p=Parcel)
    battery = S.Fluent("battery", S.RealType(), r=Robot)

    move = S.InstantaneousAction("move", r=Robot, a=Room, b=Room)
    r, a, b = move.parameters
    move.add_precondition(robot_at(r, a))
    move.add_precondition(S.GE(battery(r), 1))
    move.add_effect(robot_at(r, a), False)
    move.add_effect(robot_at(r, b), True)
    move.add_decrease_effect(battery(r), 1)

    pick = S.InstantaneousAction("pick", r=Robot, p=Parcel, l=Room)
    r, p, loc = pick.parameters
    pick.add_precondition(robot_at(r, loc))
    pick.add_precondition(parcel_at(p, loc))
    pick.add_effect(parcel_at(p, loc), False)
    pick.add_effect(carrying(r, p), True)

    drop = S.InstantaneousAction("drop", r=Robot, p=Parcel, l=Room)
    r, p, loc = drop.parameters
    drop.add_precondition(robot_at(r, loc))
    drop.add_precondition(carrying(r, p))
    drop.add_effect(carrying(r, p), False)
    drop.add_effect(parcel_at(p, loc), True)

    problem = S.Problem("delivery")
    for f in (robot_at, parcel_at, carrying):
        problem.add_fluent(f, default_initial_value=False)
    problem.add_fluent(battery)  # no default: every value is set below
    problem.add_actions([move, pick, drop])
    rover = S.Object("rover", Robot)
    hall, lab, dock = (S.Object(n, Room) for n in ("hall", "lab", "dock"))
    box = S.Object("box", Parcel)
    problem.add_objects([rover, hall, lab, dock, box])
    problem.set_initial_value(robot_at(rover, hall), True)
    problem.set_initial_value(parcel_at(box, lab), True)
    problem.set_initial_value(battery(rover), 5)
    problem.add_goal(parcel_at(box, dock))
    if goal == "not-carrying":  # implied by the parcel being at the dock: the same problem
        problem.add_goal(S.Not(carrying(rover, box)))
    elif goal == "rover-at-dock":  # not implied: the rover could leave again
        problem.add_goal(robot_at(rover, dock))
    return problem


def main() -> None:
    plain, implied, stricter = (delivery(g) for g in ("plain", "not-carrying", "rover-at-dock"))

    # 1. Equivalence: objects in, the same verdicts as for their text.
    for label, cand in (("not-carrying", implied), ("rover-at-dock", stricter)):
        by_object = equivalent(plain, cand)  # the domain is the problem's own
        by_text = equivalent(as_pddl_text(plain, "problem"), as_pddl_text(cand, "problem"),
                             as_pddl_text(plain, "domain"))  # fmt: skip
        assert (by_object.equivalent, by_object.reason) == (by_text.equivalent, by_text.reason)
        print(f"{label}: equivalent={by_object.equivalent} reason={by_object.reason}")

    # 2. Solve, validate, and get the plan back as a unified-planning SequentialPlan.
    routed = solve_unified_planning(plain)
    print(f"solved by {routed.result.planner}: {routed.status.value}")
    for step in routed.plan.actions:
        print("  ", step)
    with S.PlanValidator(name="sequential_plan_validator") as validator:
        print("unified-planning's validator:", validator.validate(plain, routed.plan).status.name)

    # 3. The fully specified goal, handed back to unified-planning.
    fs = fully_specify(plain)
    print("fully specified goal:", sorted(map(str, fs.positive)))
    domain = as_pddl_text(plain, "domain")
    back = to_unified_planning(as_pddl_text(plain, "problem"), domain, goal=fs)
    print("goals in unified-planning:", len(back.goals))

    # 4. A pddl library problem of a built-in pack.
    try:
        from pddl.parser.problem import ProblemParser
    except ImportError:
        print("pddl is not installed: pip install 'planetarium-plugin[pddl]'")
        return
    gt = Path("examples/blocksworld/ground_truth.pddl").read_text()
    candidate = Path("examples/blocksworld/candidate_wrong.pddl").read_text()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = ProblemParser()(candidate)
    v = equivalent(gt, theirs, domain_packs()["blocksworld"])
    print(f"pddl library candidate: equivalent={v.equivalent} reason={v.reason}")


if __name__ == "__main__":
    main()
