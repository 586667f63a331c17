"""Init atoms whose objects the text never names together (issue 19: one-fact init edits).

A text can state an init fact no reader reads ("robot2 waits in the hall with both of its
grippers, left2 and right2, empty"; "the first depot area and each container area connect to
loadarea"): the fact is ``unstated``, and a problem that changes one of its objects
(``(free robot1 right2)``) leaves the same number of atoms unstated, so it scored like the right
problem. Whoever states a relation between objects names them in one sentence (or one
clause, list item or line), so an unstated atom relating objects that no init sentence names
together is weaker evidence than one whose objects a sentence does name together: it is
``apart``, and costs more (:mod:`.penalty`, ``apart_init``). An object named twice in the atom
(``(visible wp3 wp3)``) must be named twice; atoms about one object are never apart (there is
nothing to name together). Goal requests do not count: "goal: p4 at height n2" names p4 with
a height, but not as the state.

A mention counts for the objects it names when it names them all (a plural, "both grippers",
"ball3 to ball5") or names one; an ambiguous mention ("the room", of two rooms) counts for none.

>>> from .reading import Reading
>>> from .world import read_world
>>> w = read_world("(define (problem p) (:domain d) (:objects r1 r2 g1 g2 k h) "
...                "(:init (free r1 g1) (free r2 g2) (at r1 k)) (:goal (and (at r1 h))))")
>>> text = "r1 is in k with g1 free. r2 has g2 free. Goal: r1 in h."
>>> apart(Reading.of(text, w), ("(free r1 g1)", "(free r1 g2)", "(at r1 h)", "(free r2 g2)"))
('(free r1 g2)', '(at r1 h)')
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Mapping

from .explain import AlignmentExplanation
from .penalty import similarity
from .reading import Reading
from .sections import _goal_cue, _sentences
from .world import World

__all__ = ["apart", "kinds", "named_together", "with_apart"]

#: One init sentence: its mentions in text order, each (objects, names one object).
Sentence = tuple[tuple[frozenset[str], bool], ...]


def named_together(reading: Reading) -> list[Sentence]:
    """The text's sentences but its goal requests, each as its mentions in text order (a
    mention counts when it names all its objects, a plural, or names one). A sentence of a
    goal section is left out when it carries a goal cue of its own ("goal: p4 at height n2");
    one without (a goal-first request's set-up: "To make them: cocktail1 takes …") counts."""
    text, cuts = reading.text, reading.sections
    out: list[Sentence] = []
    mentions = sorted(reading.mentions, key=lambda m: m.start)
    for s, e in _sentences(text):
        section = "any"
        for at, sec in cuts:
            if at <= s:
                section = sec
        if section == "goal" and _goal_cue(text[s:e], reading.vocabulary):
            continue
        got = tuple(
            (frozenset(m.objects), len(set(m.objects)) == 1)
            for m in mentions
            if s <= m.start < e and (m.plural or len(set(m.objects)) == 1)
        )
        if got:
            out.append(got)
    return out


def kinds(world: World) -> dict[str, frozenset[str]]:
    """Each object's kind: its declared type, else the classes (static unary predicates) it
    belongs to but not every object does; an empty kind is unknown."""
    out: dict[str, frozenset[str]] = {}
    every = set(world.objects)
    for o, t in world.objects.items():
        if t and t != "object":
            out[o] = frozenset((t,))
        else:
            out[o] = frozenset(
                c for c, objs in world.classes.items() if o in objs and not every <= set(objs)
            )
    return out


def _near(sent: Sentence, x: str, y: str, kind: Mapping[str, frozenset[str]]) -> bool:
    """Does ``sent`` name ``x`` and ``y`` with, between some two of their mentions, no other
    object of ``x``'s kind or none of ``y``'s ("r1 has g1 and g2, r2 has g3": r1 and g3 have
    r2 between them, and g1, g2; r2 and g3 nothing)?"""
    kx, ky = kind.get(x, frozenset()), kind.get(y, frozenset())
    at_x = [i for i, (objs, _) in enumerate(sent) if x in objs]
    at_y = [i for i, (objs, _) in enumerate(sent) if y in objs]
    if not at_x or not at_y:
        return False
    if not kx and not ky:
        return True
    for i in at_x:
        for j in at_y:
            lo, hi = min(i, j), max(i, j)
            between = [next(iter(objs)) for objs, one in sent[lo + 1 : hi] if one]
            if kx and not any(o != x and kind.get(o) == kx for o in between):
                return True
            if ky and not any(o != y and kind.get(o) == ky for o in between):
                return True
    return False


def _together(sent: Sentence, args: list[str], kind: Mapping[str, frozenset[str]]) -> bool:
    need = Counter(args)
    seen: Counter[str] = Counter()
    for objs, _ in sent:
        seen.update(objs)
    if not all(seen[o] >= k for o, k in need.items()):
        return False
    if len(need) == 2:
        x, y = need
        return _near(sent, x, y, kind)
    return True


def apart(
    reading: Reading, atoms: Iterable[str], kind: Mapping[str, frozenset[str]] | None = None
) -> tuple[str, ...]:
    """The ``atoms`` (``"(p a b)"``) relating objects no init sentence of ``reading`` names
    together (each as often as the atom names it; two objects with another of the kind of each
    between them are not together), in their order."""
    kind = kinds(reading.world) if kind is None else kind
    together = named_together(reading)
    out = []
    for atom in atoms:
        args = atom.strip("()").split()[1:]
        if len(args) < 2:
            continue
        if not any(_together(sent, args, kind) for sent in together):
            out.append(atom)
    return tuple(out)


def with_apart(e: AlignmentExplanation, reading: Reading | None) -> AlignmentExplanation:
    """``e`` with its init's unstated atoms that are :func:`apart` in ``reading``, and the
    similarity that follows (:mod:`.penalty`); ``e`` itself with no reading."""
    if reading is None or not e.init.unstated:
        return e
    init = dataclasses.replace(e.init, apart=apart(reading, e.init.unstated))
    got = dataclasses.replace(e, init=init)
    return dataclasses.replace(got, similarity=similarity(got))
