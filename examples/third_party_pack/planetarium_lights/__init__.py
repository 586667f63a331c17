"""A third-party domain pack: lights and the switches wired to them.

Rules: wiring and type facts are static; a lamp with no switch keeps its initial state.
"""

from importlib.resources import files

from planetarium_plugin import DomainPack, hookimpl

STATIC = ("wired", "switch", "lamp")


def fully_specify(problem, domain):
    static = {a for a in problem.init if a.predicate in STATIC}
    goal = problem.goal.positive
    if any(a.predicate in STATIC and a not in static for a in goal):
        return goal  # static facts cannot change: unreachable
    switches = {a.args[0] for a in static if a.predicate == "switch"}
    lamps = {a.args[0] for a in static if a.predicate == "lamp"}
    toggled = {
        a.args[1]
        for a in static
        if a.predicate == "wired" and a.args[0] in switches and a.args[1] in lamps
    }
    stuck_on = {a for a in problem.init if a.predicate == "on" and a.args[0] not in toggled}
    if any(a.predicate == "on" and a.args[0] not in toggled and a not in stuck_on for a in goal):
        return goal  # nothing can turn that one on
    return frozenset(goal | static | stuck_on)


@hookimpl
def planetarium_domain_packs():
    return [
        DomainPack(
            name="lights",
            domain_pddl=files(__package__).joinpath("domain.pddl").read_text(encoding="utf-8"),
            fully_specify=fully_specify,
            description="Switches and lamps (example third-party pack)",
        )
    ]
