"""Rover-single goals in the generator's abstract words: which data to send, where to end.

The aligner cannot see, in a list of ``communicated_*`` atoms, that they cover *every* soil
sample of the init; this describer can. A goal is read as up to four parts — the data of every
soil sample, of every rock sample, an image of every objective in every mode, and the rover at
the lander's waypoint — each asked for completely or not at all (anything else: no sentence),
after dropping the atoms the rest of the goal or the init already implies. The parts are then
said the way :mod:`.generate` says them (:func:`goal_sentences`, shared with the IPC ``rover``
pack, whose goals read the same).

Each generator sentence is followed by three alternative wordings of the same parts
(:func:`alternative_sentences`: other vocabulary and sentence structure, e.g. "send back the
results of all the soil samples."), because users write free-form requests: the
aligner takes the best cosine over all sentences, so a request in its own words should meet a
sentence close to it, not only the generator's exact phrase.
"""

from __future__ import annotations

from collections.abc import Iterable, Set
from itertools import product

from planetarium_plugin.parsing.model import Atom, Problem

#: The only predicate an action deletes for good (the others, once true, stay true).
MOVING = frozenset({"at_rover"})
#: Predicates no action makes true that were not true (static, or re-added where required).
NEVER_ADDED = frozenset(
    {
        "at_lander",
        "can_traverse",
        "visible",
        "supports",
        "visible_from",
        "at_soil_sample",
        "at_rock_sample",
        "available",
        "channel_free",
    }
)
#: What a communicated fact needs first (the rover keeps its analyses and images).
NEEDS = {
    "communicated_soil_data": "have_soil_analysis",
    "communicated_rock_data": "have_rock_analysis",
    "communicated_image_data": "have_image",
}
SAMPLES = {"communicated_soil_data": "at_soil_sample", "communicated_rock_data": "at_rock_sample"}


def every(wanted: Set, required: Set, held: Set) -> frozenset[bool]:
    """Whether a goal part asks for every one of ``required`` (True) or none (False).

    ``wanted``: what the goal asks of this kind and the init does not hold yet; ``held``: what
    the init already holds. Empty when the part asks for something else (some, or others).

    >>> sorted(every({"w1"}, {"w1", "w2"}, {"w2"})), sorted(every(set(), {"w1"}, set()))
    ([True], [False])
    >>> every({"w1"}, {"w1", "w2"}, set())
    frozenset()
    """
    out = set()
    if required and set(wanted) == set(required) - set(held):
        out.add(True)
    if not wanted:
        out.add(False)
    return frozenset(out)


#: A goal's meaning: whether it asks for (soil data, rock data, images, rovers at the lander).
Meaning = tuple[bool, bool, bool, bool]


def meanings(
    soil: Set[bool], rock: Set[bool], images: Set[bool], lander: Set[bool]
) -> tuple[Meaning, ...]:
    """Every non-empty choice of parts, most asked first (the order sentences are said in).

    >>> meanings({True, False}, {False}, {False}, {True})
    ((True, False, False, True), (False, False, False, True))
    """
    choices = product(*(sorted(p, reverse=True) for p in (soil, rock, images, lander)))
    return tuple(c for c in choices if any(c))


def generator_sentence(meaning: Meaning, who: str) -> str:
    """How the generators say ``meaning`` (``who``: "the rover" or "every rover").

    >>> generator_sentence((True, True, False, True), "the rover")
    "to communicate the data of every soil and rock sample, and to end with the rover at the lander's waypoint."
    """  # noqa: E501
    s, r, i, at = meaning
    kinds = " and ".join(k for k, on in (("soil", s), ("rock", r)) if on)
    parts = [f"the data of every {kinds} sample"] if kinds else []
    if i:
        parts.append("an image of every objective in every mode")
    if not parts:
        return f"to move {who} to the lander's waypoint."
    end = f", and to end with {who} at the lander's waypoint" if at else ""
    return f"to communicate {' and '.join(parts)}{end}."


#: Per alternative wording: the rovers' names (one rover, several), how each kind of data is
#: named (soil, rock, both), how the images are named, how data and images join, and the
#: sentence templates (with data; data and rovers at the lander; rovers at the lander only).
_STYLES = (
    (
        ("the rover", "all the rovers"),
        (
            "the results of all the soil samples",
            "the results of all the rock samples",
            "the results of all the soil and rock samples",
        ),
        "pictures of all the objectives in all the modes",
        ", as well as ",
        (
            "send back {data}.",
            "send back {data}, and park {who} at the lander's waypoint.",
            "drive {who} to the waypoint where the lander is.",
        ),
    ),
    (
        ("the rover", "each rover"),
        (
            "the data from each soil sample",
            "the data from each rock sample",
            "the data from each soil sample and each rock sample",
        ),
        "an image of each objective in each mode",
        " together with ",
        (
            "{data} must reach the lander.",
            "{data} must reach the lander, and {who} must finish at the lander's waypoint.",
            "{who} has to end up at the waypoint the lander sits on.",
        ),
    ),
    (
        ("the rover", "all rovers"),
        (
            "the analysis of every soil sample",
            "the analysis of every rock sample",
            "the analysis of every soil sample and every rock sample",
        ),
        "a photo of every objective taken in every mode",
        " plus ",
        (
            "make sure the lander receives {data}.",
            "make sure the lander receives {data}, with {who} finishing at the lander's "
            "waypoint.",
            "bring {who} over to the lander's waypoint.",
        ),
    ),
)


def alternative_sentences(meaning: Meaning, who: str) -> tuple[str, ...]:
    """Other words for :func:`generator_sentence`: what users who write requests in their own
    words might say (same parts, same rovers, other vocabulary and sentence structure).

    >>> for s in alternative_sentences((False, False, False, True), "every rover"):
    ...     print(s)
    drive all the rovers to the waypoint where the lander is.
    each rover has to end up at the waypoint the lander sits on.
    bring all rovers over to the lander's waypoint.
    """
    s, r, i, at = meaning
    several = who != "the rover"
    out = []
    for names, kinds, image, join, (sent, sent_at, move) in _STYLES:
        parts = [kinds[2] if s and r else kinds[0] if s else kinds[1]] if s or r else []
        if i:
            parts.append(image)
        data = join.join(parts)
        template = (sent_at if at else sent) if parts else move
        out.append(template.format(data=data, who=names[several]))
    return tuple(out)


def goal_sentences(
    soil: Set[bool], rock: Set[bool], images: Set[bool], lander: Set[bool], who: str
) -> tuple[str, ...]:
    """Every way the generators say a goal whose parts may be all (True) or none (False) of it.

    ``who``: "the rover" or "every rover". An empty goal has no sentence.

    >>> goal_sentences({True}, {True}, {False}, {True}, "the rover")
    ("to communicate the data of every soil and rock sample, and to end with the rover at the lander's waypoint.",)
    >>> goal_sentences({False}, {False}, {False}, {True}, "every rover")
    ("to move every rover to the lander's waypoint.",)
    """  # noqa: E501
    return tuple(generator_sentence(m, who) for m in meanings(soil, rock, images, lander))


def goal_wordings(
    soil: Set[bool], rock: Set[bool], images: Set[bool], lander: Set[bool], who: str
) -> tuple[str, ...]:
    """Each of :func:`goal_sentences`, followed by its :func:`alternative_sentences`.

    >>> said = goal_wordings({True}, {True}, {True}, {True, False}, "the rover")
    >>> len(said), said[4]
    (8, 'to communicate the data of every soil and rock sample and an image of every objective in every mode.')
    """  # noqa: E501
    said = meanings(soil, rock, images, lander)
    return tuple(
        s for m in said for s in (generator_sentence(m, who), *alternative_sentences(m, who))
    )


def not_only(items: Set, item) -> bool:
    """Whether ``items`` holds something other than ``item`` (without copying it)."""
    return len(items) > 1 or (len(items) == 1 and item not in items)


def lander_waypoint(problem: Problem) -> str | None:
    """The one waypoint that landers stand on, or None when there is none or several."""
    where = {a.args[-1] for a in problem.init if a.predicate == "at_lander"}
    where = {w for w in where if problem.objects.get(w) == "waypoint"}
    return next(iter(where)) if len(where) == 1 else None


def of(atoms: Iterable[Atom], predicate: str) -> set[tuple[str, ...]]:
    """The argument tuples of ``atoms`` with ``predicate``."""
    return {a.args for a in atoms if a.predicate == predicate}


def data_parts(problem: Problem, open_goal: set[Atom]) -> tuple[frozenset[bool], ...] | None:
    """(soil, rock, images) choices of :func:`every` for the goal's open ``communicated_*``
    atoms (None when one of them fits neither "every" nor "none")."""
    typed = problem.objects
    parts = []
    for predicate, sample in SAMPLES.items():
        sites = {(w,) for (w,) in of(problem.init, sample) if typed.get(w) == "waypoint"}
        parts.append(every(of(open_goal, predicate), sites, of(problem.init, predicate)))
    objectives = [o for o, t in typed.items() if t == "objective"]
    modes = [m for m, t in typed.items() if t == "mode"]
    predicate = "communicated_image_data"
    wanted, held = of(open_goal, predicate), of(problem.init, predicate)
    if len(objectives) * len(modes) <= len(wanted) + len(held):  # else not every image
        parts.append(every(wanted, set(product(objectives, modes)), held))
    else:
        parts.append(frozenset({False}) if not wanted else frozenset())
    return tuple(parts) if all(parts) else None


def describe_goal(problem: Problem) -> tuple[str, ...]:
    """The generator's abstract goal sentences that fit ``problem``'s goal (``()`` if none),
    each followed by its alternative wordings.

    >>> from planetarium_domain_packs.rover_single import PACK
    >>> from planetarium_plugin.parsing import parse_problem
    >>> p = parse_problem('''(define (problem p) (:domain rover-single)
    ...   (:objects w1 w2 - waypoint)
    ...   (:init (at_rover w1) (at_lander w2) (can_traverse w1 w2) (visible w1 w2)
    ...          (available) (channel_free) (at_soil_sample w1))
    ...   (:goal (and (communicated_soil_data w1) (have_soil_analysis w1) (at_rover w2))))''',
    ...   PACK.domain)
    >>> said = describe_goal(p)
    >>> said[0], len(said)
    ("to communicate the data of every soil sample, and to end with the rover at the lander's waypoint.", 4)
    >>> said[3]
    "make sure the lander receives the analysis of every soil sample, with the rover finishing at the lander's waypoint."
    """  # noqa: E501
    goal, init = problem.goal, problem.init
    if goal.numeric:
        return ()
    here = of(init, "at_rover")
    there = of(goal.positive, "at_rover")
    for a in goal.negative:
        static = a.predicate in NEVER_ADDED and a not in init
        elsewhere = a.predicate == "at_rover" and len(here) == 1 and not_only(there, a.args)
        if not (static or elsewhere):
            return ()
    open_goal = {a for a in goal.positive if a.predicate in MOVING or a not in init}
    for sent, needed in NEEDS.items():
        open_goal -= {Atom(needed, args) for args in of(open_goal, sent)}
    if any(a.predicate not in NEEDS and a.predicate not in MOVING for a in open_goal):
        return ()
    parts = data_parts(problem, open_goal)
    lander = lander_waypoint(problem)
    if parts is None or (there and (lander is None or there != {(lander,)})):
        return ()
    at = frozenset({bool(there)})
    return goal_wordings(*parts, at, "the rover")
