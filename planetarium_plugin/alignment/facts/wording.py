"""How a predicate with no description reads from its name alone (issue 19).

A name is mostly a state word ("clear", "on-table": "X is clear", "X is on table"), but IPC
domains also name predicates by a verb: ``contains ?c ?b``, ``dispenses ?d ?i``, ``carry ?r ?b
?g``, ``have ?x``. "X is contains Y" or "X is have" reads as no English a request would use, so
a verb name is worded as a verb: "X contains Y", "X carries Y Z", "someone has X" (a one-place
verb's subject is the agent the domain leaves out). A verb is a common English verb in its
base form (:data:`VERBS`) or, for two or more places, a word in the third person ("contains",
"dispenses"); anything else keeps the state reading.

>>> name_wording(["contains"], 2), name_wording(["carry"], 3), name_wording(["have"], 1)
('X contains Y', 'X carries Y Z', 'someone has X')
>>> name_wording(["on", "table"], 1), name_wording(["clear"], 1), name_wording(["has", "block"], 2)
('X is on table', 'X is clear', 'X has block Y')
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["VERBS", "name_wording"]

_PLACES = ("X", "Y", "Z", "W", "V")

#: Common transitive verbs in their base form, with their third person.
VERBS = {
    "have": "has",
    "carry": "carries",
    "hold": "holds",
    "contain": "contains",
    "own": "owns",
    "need": "needs",
    "want": "wants",
    "dispense": "dispenses",
    "include": "includes",
    "serve": "serves",
    "see": "sees",
    "know": "knows",
    "like": "likes",
    "support": "supports",
    "precede": "precedes",
    "follow": "follows",
    "reach": "reaches",
    "touch": "touches",
    "cover": "covers",
    "wear": "wears",
    "use": "uses",
    "store": "stores",
    "keep": "keeps",
    "produce": "produces",
    "require": "requires",
    "get": "gets",
}
_THIRD = frozenset(VERBS.values())


def _third_person(word: str) -> bool:
    return word in _THIRD or (
        len(word) > 4 and word.endswith("s") and not word.endswith(("ss", "us", "is", "ys"))
    )


def name_wording(words: Sequence[str], arity: int) -> str:
    """The wording of a predicate named by ``words`` (its name split into words) with
    ``arity`` parameters, X, Y, … in parameter order."""
    text = " ".join(words)
    rest = " ".join(_PLACES[1:arity])
    first = words[0] if words else ""
    if arity == 0:
        return text
    if first in VERBS or (arity >= 2 and _third_person(first)):
        verb = " ".join([VERBS.get(first, first), *words[1:]])
        if arity == 1:
            return f"someone {verb} X"
        return f"X {verb} {rest}"
    if arity == 1:
        return f"X is {text}"
    return f"X is {text} {rest}"
