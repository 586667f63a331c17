"""Ownership a request states in passing: "robot1 has grippers g1 and g2", "left1 and right1
for r1", "lgripper1 and rgripper1 belong to robot1" (issue 19).

Some domains tie two kinds of objects together only inside their facts: ``(free ?r - robot ?g -
gripper)``, ``(carry ?r ?b ?g)`` carry a robot argument that the gripper already fixes, and no
static predicate says which robot a gripper belongs to. A text says it once and then relies on
it: "its left gripper is empty", "r2 … with both grippers empty", "all four grippers are free".
A reader here:

- takes a clause that only relates objects of two such kinds by an ownership word ("has",
  "with", "belong to", "for", "of", "on", a possessive) as a declaration: an owner for each
  owned object, and no fact of its own (:func:`owners`);
- narrows an owned-kind mention with several objects in a clause about one owner to that
  owner's objects ("r2 with both grippers empty": r2's two grippers);
- resolves "its right gripper", "the left gripper of robot 1", "r1's left gripper" to the
  owner's object whose name holds that word or its initial (``right1``, ``rgripper1``);
- and gives :mod:`.arguments` each owned object's owner, so "all four grippers are free" reads
  ``(free robot1 lgripper1)``, ``(free robot2 lgripper2)``, … member by member.

A domain with a static predicate over the two kinds (``gripper-of``) states ownership as a
fact: nothing here applies, the clause is read as any other.

>>> from planetarium_plugin.alignment.facts.world import read_world
>>> from planetarium_plugin.alignment.facts.clauses import split_clauses
>>> dom = ("(define (domain g) (:types robot gripper room ball) (:predicates (free ?r - robot"
...        " ?g - gripper) (carry ?r - robot ?b - ball ?g - gripper) (at ?r - robot ?x - room))"
...        " (:action a :parameters (?r - robot ?g - gripper ?b - ball) :precondition (free ?r ?g)"
...        " :effect (and (carry ?r ?b ?g) (not (free ?r ?g)))))")
>>> w = read_world("(define (problem p) (:domain g) (:objects r1 r2 - robot g1 g2 g3 - gripper"
...                " x - room) (:init (free r1 g1)) (:goal (and)))", dom)
>>> text = "r1 has grippers g1 and g2, r2 has g3."
>>> got, cl = owners(text, w, split_clauses(text, w))
>>> sorted(got.items()), cl
([('g1', 'r1'), ('g2', 'r1'), ('g3', 'r2')], [])
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Mapping, Sequence

from .mentions import QUANTIFIERS, Mention
from .templates import Clause
from .world import PLACEHOLDERS, World, split_words, wordset

__all__ = ["narrowed", "owned_kinds", "owners"]


_OWNER_FIRST = re.compile(
    r"^(?:the\s+)?([a-z]+\s+)?X\s*(?:'s|has|have|owns|own|with|holding|having)\b(.*)\bY$", re.I
)
_OWNED_FIRST = re.compile(
    r"^(.*?)\bX\s*(?:(?:belongs?|belonging|is|are)\s+)?(?:to|for|on|of)\s+(?:the\s+)?Y$"
)
#: Ownership words that, in a predicate's name (``robot-has``), make it the fact itself.
_OWN_WORDS = wordset("has have owns own with holding having belongs")
_FILLER = wordset(
    "a an the and two three four both its his her their each one own left right first "
    "second third front back upper lower"
) | frozenset(":,();")
_DESCRIBED = re.compile(r"\b(?:its|his|her|their|[XYZWV]'s|the)\s+([a-z]+)\s+([a-z]+)\b", re.I)


def owned_kinds(world: World) -> list[tuple[str, str]]:
    """(owner type, owned type) pairs: every predicate with a parameter of the owned type also
    has one of the owner type (a gripper is never spoken of without its robot), and there are
    at least two such (one relation alone — ``(at ?obj ?loc)``, ``(in ?pkg ?truck)`` — is a
    place or a load, not an owner: "get pkg1 and pkg2 to apt2" is a goal, not a declaration),
    some of them change, no static predicate relates the two (that would state ownership
    as a fact), and the problem's init relates some owned object to an owner and none to two
    (a cocktail no glass holds yet is owned by none; a ball in a room now is in another later)."""
    if not world.typed:
        return []
    out: list[tuple[str, str]] = []
    kinds = {t for p in world.predicates.values() for t in p.types if t not in ("object", "")}
    for owner, owned in itertools.permutations(sorted(kinds), 2):
        with_owned = [p for p in world.predicates.values() if owned in p.types]
        if (
            len(with_owned) >= 2
            and all(owner in p.types for p in with_owned)
            and not any(p.static for p in with_owned)
            and not any(set(split_words(p.name)) & _OWN_WORDS for p in with_owned)
            and _one_owner(world, owner, owned)
        ):
            out.append((owner, owned))
    return out


def _one_owner(world: World, owner: str, owned: str) -> bool:
    """Does the init relate an object of the owned type to one of the owner type, and none
    to two?"""
    bosses = world.classes.get(owner, frozenset())
    theirs = world.classes.get(owned, frozenset())
    got: dict[str, set[str]] = {o: set() for o in theirs}
    for atom in world.init:
        args = atom[1:]
        for o in args:
            if o in got:
                got[o] |= {r for r in args if r in bosses and r != o}
    return any(got.values()) and all(len(rs) <= 1 for rs in got.values())


def _objs(slot: Sequence[Mention]) -> list[str]:
    return [o for m in slot for o in m.objects]


def _named(slot: Sequence[Mention]) -> list[str]:
    """A slot's objects, without a quantified class mention beside named ones ("every gripper
    (g1 and g2 …")."""
    named = [
        m for m in slot if not (m.text.split()[:1] and m.text.split()[0].lower() in QUANTIFIERS)
    ]
    return _objs(named if named else slot)


def _kind(world: World, objs: Sequence[str], typ: str) -> bool:
    members = world.classes.get(typ, frozenset())
    return bool(objs) and all(o in members for o in objs)


def _only_fillers(words: str, world: World) -> bool:
    for w in re.findall(r"[a-z]+|[:,();]", words.lower()):
        if w in _FILLER or w.isdigit() or w in world.classes or w.rstrip("s") in world.classes:
            continue
        return False
    return True


def owners(
    text: str, world: World, clauses: Sequence[Clause]
) -> tuple[dict[str, str], list[Clause]]:
    """The owner of each object a declaration gives one, and the clauses without the
    declarations (they state no fact of the domain)."""
    kinds = owned_kinds(world)
    if not kinds:
        return {}, list(clauses)
    got: dict[str, str] = {}
    out: list[Clause] = []
    last: str | None = None
    for c in clauses:
        # a declaration tells how the world is made, with its initial state: "shot1 has gin"
        # in the goal wants a fact
        found = (
            _declares(world, kinds, c)
            if c.direct is None and len(c.slots) == 2 and c.section != "goal"
            else None
        )
        if found is None:
            out.append(c)
            last = None
            continue
        for o, r in found.items():  # "…g1 and g2, r2 has g3": g2 ends the last list
            got[o] = last if r is None and last is not None else r
        last = next((r for r in found.values() if r is not None), None)
        if any(m.text.split()[:1] and m.text.split()[0].lower() in QUANTIFIERS
               for s in c.slots for m in s):  # fmt: skip
            out.append(c)  # "every gripper (g1 and g2 on r1, …) is free": said of every one
    return {o: r for o, r in got.items() if r is not None}, out


def _declares(world: World, kinds, c: Clause) -> dict[str, str | None] | None:
    t = " ".join(c.template.replace("(", " ( ").replace(")", " ) ").split())
    a, b = _named(c.slots[0]), _named(c.slots[1])
    m = _OWNER_FIRST.match(t)
    before: list[str] = []
    if m and _only_fillers(f"{m[1] or ''} {m[2]}", world):  # "Robot X has grippers Y"
        owner, owned, before = a[-1], b, a[:-1]
    else:
        m = _OWNED_FIRST.match(t)
        lead = re.sub(r"\bX\b", " ", m[1]) if m else ""  # "every gripper (X … on Y"
        if not (m and _only_fillers(lead, world) and len(set(b)) == 1):
            return None
        owner, owned = b[0], a
    for rt, ot in kinds:
        if (
            _kind(world, [owner], rt)
            and _kind(world, owned, ot)
            and (not before or _kind(world, before, ot))
        ):
            return {**dict.fromkeys(before), **{o: owner for o in owned}}
    return None


def _letter(name: str, word: str, noun: str) -> bool:
    """Does an object's name say ``word`` ("right1" for right, "rgripper1": r + gripper)?"""
    parts = split_words(name)
    return word in parts or bool(parts) and parts[0] == word[0] + noun


def narrowed(
    world: World, owned: Mapping[str, str], text: str, clauses: Sequence[Clause]
) -> list[Clause]:
    """Clauses with owned-kind mentions narrowed to, or resolved among, the objects of the
    clause's owner (its own owner-kind object, else the last one named before it)."""
    if not owned:
        return list(clauses)
    owner_set = set(owned.values())
    out: list[Clause] = []
    last: str | None = None
    for c in clauses:
        mine = [o for s in c.slots for o in _objs(s) if o in owner_set]
        owner = mine[0] if len(set(mine)) == 1 else (None if mine else last)
        if len(set(mine)) == 1:
            last = mine[0]
        if owner is None or c.direct is not None:
            out.append(c)
            continue
        theirs = {o for o, r in owned.items() if r == owner}
        slots = []
        for s in c.slots:
            objs = _objs(s)
            kind = {world.objects.get(o) for o in theirs}
            if (
                mine
                and len(objs) > 1
                and set(objs) & theirs
                and {world.objects.get(o) for o in objs} == kind
            ):
                s = tuple(
                    dataclasses.replace(m, objects=tuple(o for o in m.objects if o in theirs))
                    for m in s
                    if set(m.objects) & theirs
                )
            slots.append(s)
        c = dataclasses.replace(c, slots=tuple(slots))
        out.append(_described(world, theirs, text, c))
    return out


def _described(world: World, theirs: set[str], text: str, c: Clause) -> Clause:
    """ "its right gripper" in a clause about the owner: a new slot for the owner's object."""
    if len(c.slots) >= len(PLACEHOLDERS):
        return c
    for m in _DESCRIBED.finditer(c.template):
        word, noun = m[1].lower(), m[2].lower()
        kind = noun if noun in world.classes else noun.rstrip("s")
        if kind not in world.classes or word in world.classes:
            continue
        hits = [o for o in sorted(theirs) if o in world.classes[kind] and _letter(o, word, kind)]
        if len(hits) != 1:
            continue
        letter = PLACEHOLDERS[len(c.slots)]
        mention = Mention(c.start, c.end, m[0], (hits[0],), False, 0.9, -1, -1)
        keep = m[0][: m.start(1) - m.start()] if "'s" in m[0] else ""  # "X's left gripper"
        template = c.template[: m.start()] + keep + letter + c.template[m.end() :]
        return dataclasses.replace(c, template=template, slots=(*c.slots, (mention,)))
    return c
