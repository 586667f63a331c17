"""Objects a text names that the problem lacks (issue 19): "b2 is on top of b4" against a
problem of b1, b2 and b3.

A name in the problem's own naming scheme (a prefix and a number that at least two objects of
one type share: ``b1``, ``b2``, ``b3``) that is no object of the problem is an object the text
has and the problem does not. It joins the world the text is read in, with its siblings' type
and classes, so that a fact said of it is a fact the problem misses (not a fact about another
object, or no fact at all). At most :data:`MAX_UNKNOWN` such names per text.

>>> from planetarium_plugin.alignment.facts.world import read_world
>>> w = read_world("(define (problem p) (:domain d) (:objects b1 b2 b3) (:init) (:goal (and)))")
>>> sorted(with_unknown_objects(w, "b2 is on top of b4; B5 too; c7 and b2 stay").objects)
['b1', 'b2', 'b3', 'b4', 'b5']
"""

from __future__ import annotations

import dataclasses
import re

from .world import World

__all__ = ["MAX_UNKNOWN", "with_unknown_objects"]

#: Names taken in per text at most (a hostile text may name thousands).
MAX_UNKNOWN = 6
_NUMBERED = re.compile(r"^([a-z]+[-_]?)(\d+)$")
_IN_TEXT = re.compile(r"(?<![\w-])([A-Za-z]+[-_]?)(\d+)(?![\w-])")


def with_unknown_objects(world: World, text: str) -> World:
    """The world with the objects ``text`` names in the problem's naming scheme that the
    problem lacks (the same world when there are none)."""
    schemes: dict[str, list[str]] = {}  # prefix -> the types of its objects
    for obj, typ in world.objects.items():
        if m := _NUMBERED.match(obj):
            schemes.setdefault(m[1], []).append(typ)
    siblings = {p: ts[0] for p, ts in schemes.items() if len(ts) >= 2 and len(set(ts)) == 1}
    extra: dict[str, str] = {}
    for m in _IN_TEXT.finditer(text):
        prefix, name = m[1].lower(), (m[1] + m[2]).lower()
        if prefix in siblings and name not in world.objects and name not in extra:
            extra[name] = siblings[prefix]
            if len(extra) >= MAX_UNKNOWN:
                break
    if not extra:
        return world
    objects = {**world.objects, **extra}
    classes = dict(world.classes)
    for name in extra:
        prefix = _NUMBERED.match(name)[1]  # type: ignore[index]
        sib = next(o for o in world.objects if (m := _NUMBERED.match(o)) and m[1] == prefix)
        for c, members in world.classes.items():
            if sib in members:
                classes[c] = members | {name}
    return dataclasses.replace(world, objects=objects, classes=classes)
