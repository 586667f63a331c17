"""Arguments a request leaves out because only one object could fill them (issue 19).

People do not name what is obvious: "nuts1 are tight" for ``(tight nuts1 hub1)`` when the car
has one hub, "the wrench is inside" for ``(in wrench boot)`` when there is one boot. A reader
fills such an argument with the only object of the parameter's type. :func:`elided_clauses`
gives each clause one extra slot per such filler — a parameter type with exactly one object
in the problem, that no object of the clause has, of a predicate that the clause's objects
fit otherwise, other than its first (the subject a clause is about), when a word of the
clause says the predicate's name ("tight", "inside" for ``in``) — holding an *elided*
mention (:attr:`Mention.elided`): no text span, no cost when a reading leaves it unused.
Grounding then weighs ``(tight nuts1 hub1)`` against the readings of the clause's own objects
by wording, as any candidate; nothing is added when the type has several objects (the text
must say which one).

>>> from planetarium_plugin.alignment.facts.world import read_world
>>> from planetarium_plugin.alignment.facts.clauses import split_clauses
>>> dom = ("(define (domain t) (:types nut hub) (:predicates (tight ?n - nut ?h - hub)"
...        " (loose ?n - nut ?h - hub)) (:action do :parameters (?n - nut ?h - hub)"
...        " :precondition (loose ?n ?h) :effect (and (tight ?n ?h) (not (loose ?n ?h)))))")
>>> w = read_world("(define (problem p) (:domain t) (:objects n1 n2 - nut h1 - hub)"
...                " (:init (loose n1 h1) (loose n2 h1)) (:goal (tight n1 h1)))", dom)
>>> text = "Goal: n1 tight."
>>> [[m.objects for m in s] for c in elided_clauses(w, split_clauses(text, w)) for s in c.slots]
[[('n1',)], [('h1',)]]
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence

from .mentions import Mention
from .templates import Clause
from .world import World, split_words

__all__ = ["elided_clauses", "is_elided"]

#: Elided slots added to one clause at most.
MAX_ELIDED = 2


def is_elided(m: Mention) -> bool:
    """Is the mention an argument the text left out (no words of the text name it)?"""
    return m.elided


def _single(world: World, typ: str) -> str | None:
    if typ in ("object", "") or not world.typed:
        return None
    members = world.classes.get(typ)
    if members is None or len(members) != 1:
        return None
    return next(iter(members))


def _named(words: Sequence[str], name: str) -> bool:
    """Does a clause word say a part of the predicate's name ("tight", "inside" for ``in``)?
    Only then is an argument the clause leaves out read as elided: "tiles a and b make the
    upper row" is no ``painted`` fact of the only colour."""
    parts = [p for p in split_words(name) if len(p) > 1]
    return any(w.startswith(p) for w in words for p in parts)


def _fillers(world: World, clause: Clause) -> list[str]:
    """The only object of each parameter type that a predicate one argument wider than the
    clause needs and that none of the clause's objects has."""
    n = len(clause.slots)
    said = [frozenset(o for m in s for o in m.objects) for s in clause.slots]
    mine = frozenset().union(*said) if said else frozenset()
    out: list[str] = []
    words = [w.lower() for w in re.findall(r"[A-Za-z]+", clause.template) if len(w) > 1]
    for pred in world.predicates.values():
        if pred.arity != n + 1 or pred.arity < 2 or not _named(words, pred.name):
            continue
        for p, typ in enumerate(pred.types):
            if p == 0:
                continue  # the subject is what a clause is about: "tile 1 at the top" is no
                # sentence about the only robot
            obj = _single(world, typ)
            if obj is None or obj in mine or obj in out:
                continue
            rest = [t for i, t in enumerate(pred.types) if i != p]
            # the clause's objects fit the other parameters, slot by slot in some order
            if all(
                any(t in ("object", "") or objs <= world.classes.get(t, frozenset()) for t in rest)
                for objs in said
            ):
                out.append(obj)
    return out[:MAX_ELIDED]


def _owners(world: World, clause: Clause, owned: Mapping[str, str]) -> Mention | None:
    """The owners of a slot's owned objects, member by member, when the clause names none of
    that kind and a predicate one argument wider takes both kinds ("all grippers are free")."""
    if not owned:
        return None
    n = len(clause.slots)
    mine = {o for s in clause.slots for m in s for o in m.objects}
    for s in clause.slots:
        members = [(o,) for m in s for o in m.objects] if all(m.plural for m in s) else None
        if members is None:
            members = [m.objects for m in s]
        if not members or any(len(x) != 1 or x[0] not in owned for x in members):
            continue
        bosses = tuple(owned[x[0]] for x in members)
        if set(bosses) & mine:
            continue
        otype = world.objects.get(members[0][0])
        rtype = world.objects.get(bosses[0])
        if any(
            p.arity == n + 1 and rtype in p.types and otype in p.types
            for p in world.predicates.values()
        ):
            return Mention(clause.end, clause.end, "", bosses, len(bosses) > 1, 1.0, -1, -1,
                           elided=True)  # fmt: skip
    return None


def elided_clauses(
    world: World, clauses: Sequence[Clause], owned: Mapping[str, str] | None = None
) -> list[Clause]:
    """Each clause (not a named predicate) with one elided slot per argument only one object
    could fill — the only object of a type, or the owners of its owned objects (``owned``,
    :mod:`.ownership`) — other clauses unchanged."""
    out: list[Clause] = []
    for c in clauses:
        if c.direct is not None or not c.slots or any(is_elided(m) for s in c.slots for m in s):
            out.append(c)
            continue
        extra = [
            (Mention(c.end, c.end, "", (obj,), False, 1.0, -1, -1, elided=True),)
            for obj in _fillers(world, c)
        ]
        boss = _owners(world, c, owned or {})
        if boss is not None:
            extra = [(boss,), *extra][:MAX_ELIDED]
        out.append(dataclasses.replace(c, slots=c.slots + tuple(extra)) if extra else c)
    return out
