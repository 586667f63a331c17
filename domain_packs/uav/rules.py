"""``fullySpecify`` for the numeric UAV domains (delivery and inspection).

Always implied: static facts (``base``, ``visible``), the values of static fluents (distances,
capacities, weights, maximum battery, photo cost) as ``(= f v)``, and photographs already taken.

Dynamic facts need reachability, which battery arithmetic can restrict. The rules therefore
apply only under a *free movement* condition that makes every drone able to end anywhere with
more than one possible battery level, and decline (None) otherwise — the bounded search decides
those problems:

* at least two locations, all pairwise distances defined and positive, a distance 0 from a
  location to itself, and at least one base;
* every drone: maximum battery at least three times the largest distance, a current battery that
  reaches some base, and (inspection) a photo cost of at most max battery minus three times the
  largest distance (after its last photo a drone can still get home and recharge);
* (delivery) every package fits some drone, and each drone's load equals the weight it carries;
Under it, a drone's position and battery are never forced, a package can end anywhere, and a
drone's load is forced exactly when no package the goal leaves open (positive weight) fits
beside the packages the goal makes it carry. A goal the rules complete is therefore reachable
(``reachable=True``: a verdict needs no numeric planner to rule out an unreachable goal).

Numeric goal conditions are judged by the goal states they admit, as the generic search does
(:func:`~planetarium_plugin.specify.canonical_numeric`): one on a fluent whose value the rest of
the goal fixes (static fluents, a forced load) is true — then it is dropped, the ``(= f v)``
already says it — or false (unreachable goal). One that no reachable state violates is dropped
too: battery is never negative and never above the larger of its maximum and its initial value,
a load is never negative and never above the capacity. Any other condition on a dynamic fluent
restricts the goal states: the rules decline and the search decides.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from planetarium_plugin.parsing import Atom, Domain, Goal, NumericCondition, Problem
from planetarium_plugin.specify import COMPARE, FullySpecifiedGoal

STATIC_FLUENTS = ("distance", "max-battery", "capacity", "weight", "photo-cost")


def _largest(values) -> Fraction:
    """``max(values)``, compared as integers when all are integral (``Fraction``'s comparisons
    are Python code: the pairwise distances of a six-site problem took a tenth of the rules).

    >>> _largest([Fraction(3), Fraction(7), Fraction(5)]), _largest([Fraction(1, 2), Fraction(2)])
    (Fraction(7, 1), Fraction(2, 1))
    """
    values = list(values)
    if all(v.denominator == 1 for v in values):
        top = max(v.numerator for v in values)
        return next(v for v in values if v.numerator == top)
    return max(values)


def _free_movement(problem: Problem, kind: str) -> dict | None:
    objs = problem.objects
    locations = [o for o, t in objs.items() if t == "location"]
    drones = [o for o, t in objs.items() if t == "drone"]
    values = problem.numeric_init
    init = problem.init
    bases = {a.args[0] for a in init if a.predicate == "base"}
    if len(locations) < 2 or not bases:
        return None
    given = {f.args: v for f, v in values.items() if f.predicate == "distance"}
    dist: dict[tuple[str, str], Fraction] = {}
    for a in locations:
        for b in locations:
            d = given.get((a, b))  # a Fraction's sign is its numerator's (int compares are C)
            if d is None or (d.numerator != 0 if a == b else d.numerator <= 0):
                return None
            dist[a, b] = d
    far = _largest(dist.values())
    where: dict[str, str] = {}
    for a in init:
        if a.predicate == "drone-at":
            if a.args[0] in where:
                return None
            where[a.args[0]] = a.args[1]
    for d in drones:
        top = values.get(Atom("max-battery", (d,)))
        now = values.get(Atom("battery", (d,)))
        if d not in where or top is None or now is None or top < 3 * far:
            return None
        if not any(now >= dist[where[d], b] for b in bases):
            return None
        if kind == "inspection":
            cost = values.get(Atom("photo-cost", (d,)))
            if cost is None or cost < 0 or cost > top - 3 * far:
                return None
    info: dict = {"drones": drones}
    if kind == "delivery":
        packages = [o for o, t in objs.items() if t == "package"]
        weight = {p: values.get(Atom("weight", (p,))) for p in packages}
        capacity = {d: values.get(Atom("capacity", (d,))) for d in drones}
        if any(w is None or w < 0 for w in weight.values()):
            return None
        if any(c is None for c in capacity.values()):
            return None
        if any(not any(w <= c for c in capacity.values()) for w in weight.values()):
            return None
        placed: set[str] = set()
        for a in init:
            if a.predicate in ("pkg-at", "carrying"):
                p = a.args[0] if a.predicate == "pkg-at" else a.args[1]
                if p in placed:
                    return None
                placed.add(p)
        if placed != set(packages):
            return None
        for d in drones:
            carried = sum(
                (weight[a.args[1]] for a in init if a.predicate == "carrying" and a.args[0] == d),
                Fraction(0),
            )
            if values.get(Atom("load", (d,))) != carried or carried > capacity[d]:
                return None
        info.update(packages=packages, weight=weight, capacity=capacity)
    return info


def _static(problem: Problem) -> tuple[set[Atom], set[NumericCondition]]:
    atoms = {a for a in problem.init if a.predicate in ("base", "visible", "photographed")}
    fixed = {
        NumericCondition("=", f, v)
        for f, v in problem.numeric_init.items()
        if f.predicate in STATIC_FLUENTS
    }
    return atoms, fixed


def _unreachable(problem: Problem) -> FullySpecifiedGoal:
    g = problem.goal
    return FullySpecifiedGoal(g.positive, frozenset(), g.numeric, "rules", reachable=False)


def _vacuous(c: NumericCondition, problem: Problem) -> bool:
    """True when no reachable state violates ``c`` (under the free-movement condition)."""
    values = problem.numeric_init
    (d,) = c.fluent.args
    if c.fluent.predicate == "battery":
        top = max(values[Atom("max-battery", (d,))], values[c.fluent])
    elif c.fluent.predicate == "load":
        top = values[Atom("capacity", (d,))]
    else:
        return False
    # Every reachable value lies in [0, top]; both ends are reachable only in some problems,
    # so only conditions that hold on the whole interval are known to be vacuous.
    return {
        ">=": c.value <= 0,
        ">": c.value < 0,
        "<=": c.value >= top,
        "<": c.value > top,
    }.get(c.op, False)


def _numeric_goal(rules):
    """Extend boolean-goal rules to goals with numeric conditions (see the module notes)."""

    def wrapped(problem: Problem, domain: Domain) -> FullySpecifiedGoal | None:
        conditions = problem.goal.numeric
        if not conditions:
            return rules(problem, domain)
        g = problem.goal
        base = rules(replace(problem, goal=Goal(g.positive, g.negative, frozenset())), domain)
        if base is None or base.reachable is False:
            return None if base is None else _unreachable(problem)
        fixed = {c.fluent: c.value for c in base.numeric if c.op == "="}
        for c in conditions:
            if c.fluent in fixed:
                if not COMPARE[c.op](fixed[c.fluent], c.value):
                    return _unreachable(problem)
            elif not _vacuous(c, problem):
                return None  # a real constraint on a dynamic fluent: the search decides
        return FullySpecifiedGoal(
            base.positive, frozenset(), base.numeric, "rules", reachable=base.reachable
        )

    wrapped.__doc__ = rules.__doc__
    return wrapped


@_numeric_goal
def fully_specify_delivery(problem: Problem, domain: Domain) -> FullySpecifiedGoal | None:
    info = _free_movement(problem, "delivery")
    if info is None:
        return None
    goal = problem.goal.positive
    atoms, fixed = _static(problem)
    if any(a.predicate == "base" and a not in problem.init for a in goal):
        return _unreachable(problem)
    placed: dict[str, tuple[str, str]] = {}
    at: dict[str, str] = {}
    for a in goal:
        if a.predicate == "pkg-at":
            key = ("at", a.args[1])
        elif a.predicate == "carrying":
            key = ("in", a.args[0])
        else:
            if a.predicate == "drone-at" and at.setdefault(a.args[0], a.args[1]) != a.args[1]:
                return _unreachable(problem)
            continue
        p = a.args[0] if a.predicate == "pkg-at" else a.args[1]
        if placed.setdefault(p, key) != key:
            return _unreachable(problem)
    weight, capacity = info["weight"], info["capacity"]
    load = {
        d: sum((weight[p] for p, (k, d2) in placed.items() if k == "in" and d2 == d), Fraction(0))
        for d in info["drones"]
    }
    if any(load[d] > capacity[d] for d in info["drones"]):
        return _unreachable(problem)
    open_pkgs = [p for p in info["packages"] if p not in placed and weight[p] > 0]
    for d in info["drones"]:
        if not any(load[d] + weight[p] <= capacity[d] for p in open_pkgs):
            fixed.add(NumericCondition("=", Atom("load", (d,)), load[d]))
    return FullySpecifiedGoal(
        frozenset(goal | atoms), frozenset(), frozenset(fixed), "rules", reachable=True
    )


@_numeric_goal
def fully_specify_inspection(problem: Problem, domain: Domain) -> FullySpecifiedGoal | None:
    info = _free_movement(problem, "inspection")
    if info is None:
        return None
    goal = problem.goal.positive
    atoms, fixed = _static(problem)
    visible = {a.args[0] for a in problem.init if a.predicate == "visible"}
    at: dict[str, str] = {}
    for a in goal:
        if a.predicate in ("base", "visible") and a not in problem.init:
            return _unreachable(problem)
        if a.predicate == "photographed" and a.args[0] not in visible and a not in problem.init:
            return _unreachable(problem)
        if a.predicate == "drone-at" and at.setdefault(a.args[0], a.args[1]) != a.args[1]:
            return _unreachable(problem)
    return FullySpecifiedGoal(
        frozenset(goal | atoms), frozenset(), frozenset(fixed), "rules", reachable=True
    )
