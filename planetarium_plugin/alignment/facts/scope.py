"""Negation scope: a clause whose subject is a negative quantifier ("Nothing is on the X or the
Y one", "no ball is in X or Y", "nothing rests on X or on Y") names its objects on the far side
of the relation, each one alone; read as a subject and an object it would state "on X Y", the
opposite of what it says.
"""

from __future__ import annotations

import dataclasses
import re

from .clauses import Clause
from .vocabulary import negative_subject
from .world import wordset

__all__ = ["scope_negation"]

#: Words that may stand between the objects of a negative-subject clause ("the X or the Y one").
_JOINERS = wordset("or and nor the one ones either , of")


def scope_negation(clause: Clause) -> Clause:
    """ "Nothing is on the X or the Y one", "nothing rests on X or on Y": the objects named after
    a negative subject form one list (each is on the far side of the relation), not a subject
    and an object."""
    if len(clause.slots) < 2 or clause.direct is not None or not negative_subject(clause.template):
        return clause
    tpl = clause.template
    marks = [m for m in re.finditer(r"\b[XYZWV]\b", tpl)]
    if len(marks) != len(clause.slots):
        return clause
    between = tpl[marks[0].end() : marks[-1].start()]
    # the relation may be repeated before each object: "nothing is on X or on Y"
    said = {w.lower() for w in re.findall(r"[A-Za-z]+", tpl[: marks[0].start()])}
    if any(w.lower() not in _JOINERS | said for w in re.findall(r"[A-Za-z]+|,", between)):
        return clause
    merged = tuple(m for s in clause.slots for m in s)
    template = tpl[: marks[0].start()] + "X" + tpl[marks[-1].end() :]
    return dataclasses.replace(clause, template=template, slots=(merged,))
