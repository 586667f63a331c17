"""UAV goals in the generators' abstract vocabulary (the inverse of their abstract goal texts).

Why: a sentence encoder cannot see that a list of ``pkg-at``/``photographed`` atoms means
"every package at the base" or "the targets visible from site3"; the aligner embeds these
sentences instead.

What: from the initial state alone, each sentence of the pack's vocabulary has one canonical
goal, the one its generator writes — every package at the base (and every drone back there);
every package moved from its site to the next site, the last to the first (sites are the
non-base locations, ordered by name with numbers compared as numbers); every target
photographed (and every drone back); the targets visible from a location, for each location
that sees any. A sentence describes the goal when the goal states its canonical atoms, up to
facts every reachable state keeps (static facts, photographs taken), negative literals the
positive ones already imply, and numeric conditions that do not change the goal's full
specification under the pack's rules (a condition no reachable state violates, or one on a
static fluent that holds); under those rules this is equality of the closures the metric
compares. A real bound on battery or load gets no sentence, nor does a numeric goal of a
problem the rules decline.

Alternatives: each sentence comes first in the generator's exact wording, then in two or three
other wordings (:func:`wordings`) — other words and sentence structure, the same meaning and
the same location names. Requests are written freely, not in the generator's words; a match on
a paraphrase must look like a match, not only a copy of the generator's text.

>>> from planetarium_plugin import default_registry
>>> from planetarium_plugin.parsing import parse_problem
>>> import random
>>> pack = default_registry()["uav-inspection"]
>>> inst = next(pack.generate(random.Random(0), 2))
>>> inst.goal.abstract
'to photograph every target.'
>>> for s in describe_inspection(parse_problem(inst.problem_pddl, pack.domain)): print(s)
to photograph every target.
take a photo of each target.
all the targets should have been photographed.
to get a picture of every single target.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from importlib.resources import files

from planetarium_plugin.parsing import Atom, Domain, Goal, Problem, parse_domain

from .rules import fully_specify_delivery, fully_specify_inspection

TO_BASE = "to bring every package to the base."
TO_BASE_RETURN = "to bring every package to the base and have every drone back at the base."
SHIFT = "to move every package from its site to the next site (from the last site to the first)."
SURVEY = "to photograph every target."
SURVEY_RETURN = "to photograph every target and have every drone back at the base."
VISIBLE = "to photograph the targets visible from "

#: Alternative wordings of the fixed sentences: other vocabulary and sentence structure, the
#: same meaning (the base and the sites named as the generators name them).
ALTERNATIVES: dict[str, tuple[str, ...]] = {
    TO_BASE: (
        "deliver all the packages to the base.",
        "every package should end up at the base.",
        "to get each of the packages over to the base.",
    ),
    TO_BASE_RETURN: (
        "deliver all the packages to the base, and make sure all the drones return to the "
        "base as well.",
        "every package and every drone should finish at the base.",
        "to fly each package to the base and end with all of the drones parked back at the "
        "base.",
    ),
    SHIFT: (
        "shift each package one site along, so that a package at the last site goes to the "
        "first site.",
        "every package should move on to the following site, wrapping around from the last "
        "site back to the first.",
        "to carry each package to the site after the one where it starts; the packages at "
        "the last site go to the first site.",
    ),
    SURVEY: (
        "take a photo of each target.",
        "all the targets should have been photographed.",
        "to get a picture of every single target.",
    ),
    SURVEY_RETURN: (
        "take a photo of each target, then bring all the drones back to the base.",
        "all the targets should be photographed and every drone should end at the base.",
        "to get pictures of all of the targets and finish with each drone back at the base.",
    ),
}
#: Facts of the init that no action removes: true in every goal state.
LASTING = ("base", "visible", "photographed")

Candidate = tuple[str, frozenset[Atom]]


def _domain(name: str) -> Domain:
    return parse_domain(files(__package__).joinpath(name).read_text(encoding="utf-8"))


DELIVERY_DOMAIN = _domain("delivery.pddl")
INSPECTION_DOMAIN = _domain("inspection.pddl")


def _natural(name: str) -> tuple:
    """Sort key: ``site2`` before ``site10``."""
    return tuple(int(t) if t.isdigit() else t for t in re.split(r"(\d+)", name)), name


def _of_type(problem: Problem, kind: str) -> list[str]:
    return sorted((o for o, t in problem.objects.items() if t == kind), key=_natural)


def _base(problem: Problem) -> str | None:
    """The base, when there is exactly one ("the base")."""
    bases = {a.args[0] for a in problem.init if a.predicate == "base"}
    return next(iter(bases)) if len(bases) == 1 else None


def _back(problem: Problem, base: str) -> frozenset[Atom]:
    return frozenset(Atom("drone-at", (d, base)) for d in _of_type(problem, "drone"))


def _delivery_goals(problem: Problem) -> Iterator[Candidate]:
    packages = _of_type(problem, "package")
    base = _base(problem)
    if base is not None:
        home = frozenset(Atom("pkg-at", (p, base)) for p in packages)
        yield TO_BASE, home
        yield TO_BASE_RETURN, home | _back(problem, base)
    bases = {a.args[0] for a in problem.init if a.predicate == "base"}
    sites = [x for x in _of_type(problem, "location") if x not in bases]
    start = {a.args[0]: a.args[1] for a in problem.init if a.predicate == "pkg-at"}
    if sites and all(start.get(p) in sites for p in packages):
        following = dict(zip(sites, sites[1:] + sites[:1], strict=True))
        yield SHIFT, frozenset(Atom("pkg-at", (p, following[start[p]])) for p in packages)


def _inspection_goals(problem: Problem) -> Iterator[Candidate]:
    everything = frozenset(Atom("photographed", (t,)) for t in _of_type(problem, "target"))
    yield SURVEY, everything
    base = _base(problem)
    if base is not None:
        yield SURVEY_RETURN, everything | _back(problem, base)
    seen: dict[str, set[Atom]] = {}
    for a in problem.init:
        if a.predicate == "visible":
            seen.setdefault(a.args[1], set()).add(Atom("photographed", (a.args[0],)))
    for where in sorted(seen, key=_natural):
        yield f"{VISIBLE}{where}.", frozenset(seen[where])


def _stated(problem: Problem, atoms: frozenset[Atom]) -> frozenset[Atom]:
    """The atoms a goal adds to what every reachable state already has."""
    return frozenset(a for a in atoms if not (a.predicate in LASTING and a in problem.init))


def _subject(atom: Atom) -> tuple[str, str] | None:
    """What a dynamic atom places: a drone (``drone-at``), a package (``pkg-at``, ``carrying``)."""
    if atom.predicate == "drone-at":
        return "drone", atom.args[0]
    if atom.predicate == "pkg-at":
        return "package", atom.args[0]
    if atom.predicate == "carrying":
        return "package", atom.args[1]
    return None


def _implied_negatives(problem: Problem) -> bool:
    """True when every negative literal of the goal is false in every state meeting its positive
    part (so the negative literals add nothing)."""
    placed: dict[tuple[str, str], set[Atom]] = {}
    for a in problem.goal.positive:
        key = _subject(a)
        if key is not None:
            placed.setdefault(key, set()).add(a)
    seen = {a.args[0] for a in problem.init if a.predicate == "visible"}
    for atom in problem.goal.negative:
        p, key = atom.predicate, _subject(atom)
        if p in ("base", "visible"):
            implied = atom not in problem.init
        elif p == "photographed":
            implied = atom.args[0] not in seen and atom not in problem.init
        elif key is not None:  # placed elsewhere by the goal: one place at a time
            implied = bool(placed.get(key, set()) - {atom})
        else:
            implied = False
        if not implied:
            return False
    return True


def _describe(
    problem: Problem,
    candidates: Callable[[Problem], Iterator[Candidate]],
    rules,
    domain: Domain,
) -> tuple[str, ...]:
    """The sentences whose canonical goal the problem's goal states, static facts aside.

    Under the rules, a goal's closure is the goal, the init's lasting facts and the values its
    placement forces, so equal stated atoms mean equal closures. Numeric conditions count only
    when they change the closure (the rules judge; where they decline, nothing is claimed).
    """
    goal = problem.goal
    if not _implied_negatives(problem):
        return ()
    stated = _stated(problem, goal.positive)
    out = tuple(
        dict.fromkeys(s for s, atoms in candidates(problem) if _stated(problem, atoms) == stated)
    )
    if not out or not goal.numeric:
        return out
    bounded = rules(replace(problem, goal=Goal(goal.positive, frozenset(), goal.numeric)), domain)
    free = rules(replace(problem, goal=Goal(goal.positive)), domain)
    if bounded is None or free is None or bounded.reachable is False:
        return ()
    return out if (bounded.positive, bounded.numeric) == (free.positive, free.numeric) else ()


def delivery_meanings(problem: Problem) -> tuple[str, ...]:
    """Every abstract goal sentence of the delivery generator that this goal meets (the
    generator's exact wording only)."""
    return _describe(problem, _delivery_goals, fully_specify_delivery, DELIVERY_DOMAIN)


def inspection_meanings(problem: Problem) -> tuple[str, ...]:
    """Every abstract goal sentence of the inspection generator that this goal meets (the
    generator's exact wording only)."""
    return _describe(problem, _inspection_goals, fully_specify_inspection, INSPECTION_DOMAIN)


def wordings(sentence: str) -> tuple[str, ...]:
    """Other ways a user would write one of the generators' sentences (same meaning, same
    location names), or ``()`` for a sentence these packs do not write.

    >>> for s in wordings("to photograph the targets visible from site3."): print(s)
    take pictures of all the targets that can be seen from site3.
    every target visible from site3 should be photographed.
    to photograph every target that a drone at site3 can see.
    """
    if sentence in ALTERNATIVES:
        return ALTERNATIVES[sentence]
    where = sentence[len(VISIBLE) : -1]
    if not (sentence.startswith(VISIBLE) and sentence.endswith(".") and where):
        return ()
    return (
        f"take pictures of all the targets that can be seen from {where}.",
        f"every target visible from {where} should be photographed.",
        f"to photograph every target that a drone at {where} can see.",
    )


def _with_wordings(sentences: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(w for s in sentences for w in (s, *wordings(s)))


def describe_delivery(problem: Problem) -> tuple[str, ...]:
    """Every abstract goal sentence of the delivery generator that this goal meets, each
    followed by its alternative wordings (:func:`wordings`)."""
    return _with_wordings(delivery_meanings(problem))


def describe_inspection(problem: Problem) -> tuple[str, ...]:
    """Every abstract goal sentence of the inspection generator that this goal meets, each
    followed by its alternative wordings (:func:`wordings`)."""
    return _with_wordings(inspection_meanings(problem))
