"""A class quantifier with exceptions: "all on the table except b6", "every car should be at
harbour2, except car4", "all blocks clear but b2" (issue 19).

The exception may also stand right after the set, inside the clause: "every ball apart from
ball3 is in rooma", "all balls but ball3 start in rooma" (a reading that listed ball3 with the
balls would give it the set's fact, a misreading that rejects the right problem).

The quantified set minus the excepted objects is what the clause states its fact of: the
excepted ones are only named to be left out (their own facts, if any, come in another clause,
"…, which is on b2"). Where the quantifier names no class ("all on the table except b6"), the
set is every object of the excepted objects' type; so it is for each predicate a clause with
such a quantifier shares by "and" ("Everything is clean and empty except the third glass").

>>> from planetarium_plugin.alignment.facts.world import read_world
>>> from planetarium_plugin.alignment.facts.clauses import split_clauses
>>> w = read_world("(define (problem p) (:domain d) (:objects a b c) (:init) (:goal (and)))")
>>> said = "all on the table except c."
>>> [(c.template, [m.objects for m in c.slots[0]])
...  for c in except_clauses(said, w, split_clauses(said, w))]
[('X on the table', [('a', 'b')])]
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from .mentions import Mention
from .templates import Clause
from .world import PLACEHOLDERS, World

__all__ = ["except_clauses"]

#: The excepted objects: the clause's last slot, right after an except word, ending the clause
#: (with an article and a class noun maybe: "except the third glass").
_EXCEPT = re.compile(
    r"[\s,;(-]*\b(?:except(?:\s+for)?|but\s+not|but|other\s+than|apart\s+from|save\s+for"
    r"|excluding|besides)\s+(?:the\s+)?(?P<slot>[XYZWV])(?:\s+(?:one|[a-z]+s?))?\s*[.;:,)!]*\s*$",
    re.I,
)
#: A quantifier that names no class: "all", "every one", "everything", "each one".
_BARE = re.compile(r"\b(?:all(?:\s+of\s+them)?|every\s*one|everything|each\s+one|each)\b", re.I)
#: A quantifier right before a placeholder ("all X", "every X") or a plural slot.
_QUANT = re.compile(r"\b(?:all|every|each|everything|everyone|any)\b", re.I)


def _complement(
    world: World, slot: tuple[Mention, ...], left_out: set[str]
) -> tuple[str, ...] | None:
    objs = [o for m in slot for o in m.objects]
    if len(slot) != 1 or not slot[0].plural or not left_out < set(objs):
        return None
    return tuple(o for o in objs if o not in left_out)


def _minus(m: Mention, objects: tuple[str, ...]) -> Mention:
    return dataclasses.replace(m, objects=objects, plural=len(objects) > 1)


_WORDS = (
    r"(?:except(?:\s+for)?|but(?:\s+not)?|other\s+than|apart\s+from|save\s+for|excluding"
    r"|besides)"
)
#: An exception inside the clause, right after the set: "every ball apart from Y is in Z" (its
#: own slot) or "all balls but ball3 start in Y" (one slot, read as a list "X but X").
_MID = re.compile(rf"\b(?P<set>[XYZWV])\s*,?\s*{_WORDS}\s+(?P<slot>[XYZWV])\b\s*,?", re.I)


def _relettered(template: str, drop: int) -> str:
    """``template`` with placeholder ``drop`` gone and those after it moved down one."""

    def sub(m: re.Match[str]) -> str:
        i = PLACEHOLDERS.index(m.group(0))
        return PLACEHOLDERS[i - 1] if i > drop else m.group(0)

    return re.sub(r"\b[XYZWV]\b", sub, template)


def _inside(world: World, c: Clause) -> Clause | None:
    """``c`` read with its mid-clause exception taken out of the set, or None."""
    found = _MID.search(c.template)
    if found is None or not _QUANT.search(c.text):
        return None
    i, j = PLACEHOLDERS.index(found.group("set")), PLACEHOLDERS.index(found.group("slot"))
    if i >= len(c.slots) or j >= len(c.slots):
        return None
    head = c.template[: found.start()] + found.group("set")
    tail = c.template[found.end() :]
    if i == j:  # "X but X": the set and the excepted one listed in one slot
        if len(c.slots[i]) != 2:
            return None
        sl, out = (c.slots[i][0],), {o for o in c.slots[i][1].objects}
    elif j == i + 1 and len(c.slots[j]) == 1:
        sl, out = c.slots[i], set(c.slots[j][0].objects)
    else:
        return None
    objs = _complement(world, sl, out)
    if objs is None:
        return None
    slots = list(c.slots)
    slots[i] = (_minus(sl[0], objs),)
    template = f"{head} {tail.strip()}".strip()
    if i != j:
        del slots[j]
        template = _relettered(template, j)
    return dataclasses.replace(c, template=template, slots=tuple(slots))


#: A clause that opens with a bare quantifier and names nothing: "Everything is clean".
_OPENS_BARE = re.compile(r"^\s*(?:everything|all\s+of\s+them|every\s*one|all)\b", re.I)


def _shared(text: str, out: list[Clause], c: Clause) -> bool:
    """Is ``c`` ("empty except X") the second predicate of a quantified clause just before it,
    joined by "and" ("Everything is clean and empty except X")?"""
    if not out:
        return False
    prev = out[-1]
    return (
        (not prev.slots and _OPENS_BARE.match(prev.text) is not None or _one_set(prev))
        and prev.direct is None
        and prev.section == c.section
        and re.fullmatch(r"\s*,?\s*and\s*", text[prev.end : c.start]) is not None
    )


def _one_set(c: Clause) -> bool:
    """Does ``c`` say its fact of one quantified set ("Every shot glass is clean")?"""
    return (
        len(c.slots) == 1
        and len(c.slots[0]) == 1
        and c.slots[0][0].plural
        and _QUANT.search(c.text) is not None
    )


def _quantified(prev: Clause, objs: tuple[str, ...]) -> tuple[Clause, tuple]:
    """``prev`` with its quantifier read as the objects ``objs`` (and that slot)."""
    if prev.slots:  # "Every shot glass is clean": the set less the excepted ones
        said = ((_minus(prev.slots[0][0], objs),),)
        return dataclasses.replace(prev, slots=said), said
    q = _OPENS_BARE.match(prev.text)
    assert q is not None
    word = q.group().strip()
    a = prev.start + q.start() + (len(q.group()) - len(q.group().lstrip()))
    m = Mention(a, a + len(word), word, objs, len(objs) > 1, 1.0, -1, -1)
    lead = re.match(r"^\s*" + re.escape(word), prev.template, re.I)
    template = "X" + prev.template[lead.end() :] if lead else prev.template
    said = ((m,),)
    return dataclasses.replace(prev, template=template, slots=said), said


def except_clauses(text: str, world: World, clauses: Sequence[Clause]) -> list[Clause]:
    """``clauses`` with every "all … except X" read as the quantified set less X."""
    if not re.search(
        r"\b(?:except|but|other than|apart from|save for|excluding|besides)\b", text, re.I
    ):
        return list(clauses)
    out: list[Clause] = []
    for c in clauses:
        inside = _inside(world, c) if c.slots and c.direct is None else None
        if inside is not None:
            out.append(inside)
            continue
        found = _EXCEPT.search(c.template) if c.slots and c.direct is None else None
        if found is None or PLACEHOLDERS.index(found.group("slot")) != len(c.slots) - 1:
            out.append(c)
            continue
        left_out = {o for m in c.slots[-1] for o in m.objects}
        head = c.template[: found.start()]
        rest = c.slots[:-1]
        # "every car should be at harbour2, except car4": the set is a slot of this clause (an
        # inherited subject) or of the clause the exception follows
        if len(rest) == 1 and c.inherited and head.strip() == "X" and out:
            prev = out[-1]
            for i, sl in enumerate(prev.slots):
                objs = _complement(world, sl, left_out)
                if objs is not None:
                    slots = list(prev.slots)
                    slots[i] = (_minus(sl[0], objs),)
                    out[-1] = dataclasses.replace(prev, slots=tuple(slots))
                    break
            else:
                out.append(c)
            continue
        for i, sl in enumerate(rest):
            objs = _complement(world, sl, left_out)
            shared = c.inherited and i == 0 and _shared(text, out, c) and bool(out[-1].slots)
            if objs is not None and (_QUANT.search(c.text) or shared):
                slots = list(rest)
                slots[i] = (_minus(sl[0], objs),)
                if shared:  # "Every shot glass is clean and empty except …": both predicates
                    out[-1] = _quantified(out[-1], objs)[0]
                out.append(dataclasses.replace(c, template=head, slots=tuple(slots)))
                break
        else:
            bare = _BARE.search(head) if not rest else None
            types = {world.objects.get(o) for o in left_out}
            if bare is None and not rest and len(types) == 1 and _shared(text, out, c):
                # "Everything is clean and empty except the third glass": the exception ends
                # both predicates the quantifier's clause shares
                typ = next(iter(types))
                objs = tuple(o for o, t in world.objects.items() if t == typ and o not in left_out)
                if out[-1].slots:
                    objs = _complement(world, out[-1].slots[0], left_out) or ()
                if objs:
                    out[-1], said = _quantified(out[-1], objs)
                    out.append(dataclasses.replace(c, template=f"X {head.strip()}", slots=said))
                    continue
            if bare is None or len(types) != 1:
                out.append(c)
                continue
            typ = types.pop()
            objs = tuple(o for o, t in world.objects.items() if t == typ and o not in left_out)
            if not objs:
                out.append(c)
                continue
            in_text = _BARE.search(c.text)
            if in_text is None or in_text.group().lower() != bare.group().lower():
                out.append(c)
                continue
            a = c.start + in_text.start()
            said = in_text.group()
            m = Mention(a, a + len(said), said, objs, len(objs) > 1, 1.0, -1, -1)
            template = head[: bare.start()] + PLACEHOLDERS[0] + head[bare.end() :]
            out.append(dataclasses.replace(c, template=template.strip(), slots=((m,),)))
    return out
