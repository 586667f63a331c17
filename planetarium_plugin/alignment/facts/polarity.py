"""Polarity a reader gets from more than "not" (issue 19).

People deny a fact in ways a search for "not" misses, and a reader that misses the denial reads
the fact itself — a misreading that rejects the right problem:

- **contrastive negation**: "depot1-2, not depot1-1, joins the loadarea" states the fact of
  depot1-2 and denies it of depot1-1 (:func:`contrast_clauses`); read as one list, depot1-1
  would be a second argument of the relation;
- **state words that mean "not P"** (:func:`state_negations`): a predicative ``un-`` participle
  ("c1 and c5 are still untouched", "s1 remains unserved": not visited, not served), unless the
  reading's own name or wording says that word (``unlocked``) or an absence ("the hands are
  unoccupied": ``free``); "yet to" / "still to" ("sandwiches have yet to be made": ``notexist``
  holds) outside a goal, where it says what is wanted;
- **a reciprocal denial** (:func:`reciprocal_denials`): "a1 and b2 are not linked", "p1 and p3
  not adjacent" deny a relation between the two, not a state of each one;
- **an exclusive tail** (:func:`exclusive_tails`): "has visited s1, s4 and s5, and no other
  cell" lists s4 and s5 with s1; the tail denies the fact of the others, not of the listed ones.

Antonyms of state words ("b1 is buried": not ``clear``) are in :mod:`.vocabulary`.

>>> state_negations("X are still untouched", "goal"), state_negations("X is unlocked", "init")
(1, 1)
>>> state_negations("X have yet to be made", "any"), state_negations("X is yet to be made", "goal")
(1, 0)
>>> state_negations("X is under Y", "init"), state_negations("X was unloaded at Y", "init")
(0, 0)
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from .mentions import Mention
from .templates import Clause
from .wording import stem
from .world import PLACEHOLDERS, World, split_words

__all__ = [
    "contrast_clauses",
    "exclusive",
    "exclusive_tails",
    "reciprocal_denials",
    "said_un_words",
    "state_negations",
]

#: A predicative ``un-`` word: after a copula or a verb of remaining ("are still untouched",
#: "remains unserved", "is left unpainted"), ending the clause (no object follows it: "p1 was
#: unloaded at l2" places p1, it denies nothing).
_UN_WORD = re.compile(
    r"\b(?:is|are|was|were|be|been|being|remains?|remained|stays?|stayed|lies?|lay|left|sits?"
    r"|stands?|still|yet|now|all|both|so\s+far)\s+(?:still\s+|yet\s+|now\s+|all\s+|both\s+)?"
    r"(?P<w>un[a-z]{4,})\b(?P<rest>[^XYZWV]*)$",
    re.I,
)
#: Endings of a participle or state adjective after "un-" (touched, visited, made, seen, served,
#: painted, known); words that merely open with "un" (under, until, united, unique) have none.
_PARTICIPLE = re.compile(r"(?:ed|en|wn|de|ne|able|ible|ful|ht|lt|pt)$")
_NOT_UN = frozenset({"united", "unbended"})
#: "yet to" / "still to" (be): not so now; in a goal it says what is wanted.
_YET_TO = re.compile(r"\b(?:yet|still)\s+to\s+(?:be\b|[a-z]+)", re.I)


def said_un_words(template: str) -> list[str]:
    """The predicative ``un-`` state words of a clause ("X are still untouched": untouched)."""
    found = _UN_WORD.search(template)
    if found is None:
        return []
    w = found.group("w").lower()
    if w in _NOT_UN or not _PARTICIPLE.search(w[2:]):
        return []
    return [w]


def state_negations(template: str, section: str) -> int:
    """How many negations a clause states by words other than "not"/"no": a predicative
    ``un-`` participle, and "yet to"/"still to" outside a goal (see the module doc). Whether
    an ``un-`` word denies a given reading is :func:`denies_reading`'s to say."""
    n = len(said_un_words(template))
    if section != "goal" and _YET_TO.search(template):
        n += 1
    return n


def denies_reading(template: str, section: str, words: set[str], absence: bool) -> int:
    """:func:`state_negations` for one reading whose name and wording have ``words`` (lower
    case) and which says an absence (``absence``): an ``un-`` word that the reading's own words
    hold (``unlocked``), whose stem one of them has ("uncalibrated" for ``calibrated``: an
    antonym :mod:`.vocabulary` reads), or that an absence says ("unoccupied" for ``free``) is
    no denial of it."""
    stems = {stem(w) for w in words}
    n = 0
    for w in said_un_words(template):
        if absence or w in words or stem(w[2:]) in stems or stem(w) in stems:
            continue
        n += 1
    if section != "goal" and _YET_TO.search(template):
        n += 1
    return n


def reading_words(world: World, predicate: str) -> set[str]:
    """The words of a predicate's name and wording, lower case."""
    pred = world.predicates[predicate]
    out = {w.lower() for w in re.findall(r"[A-Za-z]+", f"{pred.template} {pred.plain or ''}")}
    return out | {w.lower() for w in split_words(predicate)}


def _reletter(template: str, drop: int) -> str:
    def sub(m: re.Match[str]) -> str:
        i = PLACEHOLDERS.index(m.group(0))
        return PLACEHOLDERS[i - 1] if i > drop else m.group(0)

    return re.sub(r"\b[XYZWV]\b", sub, template)


#: "P, not Q, …" / "P (not Q) …": Q is denied what P is said to be.
_CONTRAST = re.compile(
    r"\b(?P<p>[XYZWV])\s*(?:,\s*(?:but\s+|and\s+)?not\s+(?P<q>[XYZWV])\s*,"
    r"|\(\s*(?:but\s+)?not\s+(?P<r>[XYZWV])\s*\))\s*"
)


#: A contrast cut from its clause: "z, not y" before "is clear".
_FRAGMENT = re.compile(r"^\s*X\s*(?:,\s*(?:but\s+)?not\s+Y|\(\s*not\s+Y\s*\)?)\s*[,;]?\s*$")


def _without(slots: list[tuple[Mention, ...]], m: Mention) -> list[tuple[Mention, ...]]:
    return [tuple(x for x in s if x is not m) for s in slots]


def contrast_clauses(text: str, clauses: Sequence[Clause]) -> list[Clause]:
    """``clauses`` with each contrastive negation ("depot1-2, not depot1-1, joins the
    loadarea") read as two clauses: the fact of the first object, and its denial of the
    contrasted one ("depot1-1 not joins the loadarea")."""
    if not re.search(r"\bnot\b", text, re.I):
        return list(clauses)
    out: list[Clause] = []
    pending: Mention | None = None  # "z, not y" cut from the clause that follows ("is clear")
    for c in clauses:
        if pending is not None:
            denied, pending = pending, None
            if c.inherited and c.direct is None and c.slots and re.match(r"^\s*X\b", c.template):
                out.append(c)
                neg_template = re.sub(r"\bX\b", "X not", c.template, count=1)
                slots = ((denied,), *c.slots[1:])
                out.append(dataclasses.replace(c, template=neg_template, slots=slots))
                continue
        if (
            c.direct is None
            and len(c.slots) == 2
            and len(c.slots[1]) == 1
            and _FRAGMENT.match(c.template)
        ):
            pending = c.slots[1][0]
            out.append(dataclasses.replace(c, template="X", slots=c.slots[:1]))
            continue
        found = _CONTRAST.search(c.template) if c.direct is None and c.slots else None
        if found is None:
            out.append(c)
            continue
        p = PLACEHOLDERS.index(found.group("p"))
        q = PLACEHOLDERS.index(found.group("q") or found.group("r"))
        if p >= len(c.slots) or q >= len(c.slots) or p == q:
            out.append(c)
            continue
        # the contrasted mention: the first of its slot after "not" in the clause's text
        said = re.search(r"(?:,|\()\s*(?:but\s+|and\s+)?not\s+", c.text, re.I)
        after = c.start + said.end() if said else -1
        denied = next((m for m in c.slots[q] if m.start >= after), None) if said else None
        if denied is None or c.slots[p] == ():
            out.append(c)
            continue
        tail = c.template[found.end() :]
        head = c.template[: found.start()] + found.group("p")
        slots = _without(list(c.slots), denied)
        template = f"{head} {tail}".strip()
        if not slots[q]:
            del slots[q]
            template = _reletter(template, q)
            p = p - (1 if q < p else 0)
        letter = PLACEHOLDERS[p]
        out.append(dataclasses.replace(c, template=template, slots=tuple(slots)))
        neg = list(slots)
        neg[p] = (denied,)
        neg_template = re.sub(rf"\b{letter}\b", f"{letter} not", template, count=1)
        out.append(dataclasses.replace(c, template=neg_template, slots=tuple(neg)))
    return out


#: Relation words said of two objects at once ("a1 and b2 are not linked", "X and Y cannot see
#: each other"): a closed class of English reciprocal words.
_RECIPROCAL = re.compile(
    r"\b(?:linked|adjacent|connected|joined|neighbou?rs?|neighbou?ring|each\s+other"
    r"|one\s+another|next\s+to\s+each|side\s+by\s+side)\b",
    re.I,
)
_DENIAL = re.compile(r"\b(?:not|never|cannot)\b|n't\b", re.I)


_BETWEEN = re.compile(r"\bbetween\s+(?P<s>[XYZWV])\b")


def _between_pair(c: Clause) -> bool:
    """Is ``c`` an elliptic denial of a relation between two objects ("…, but never directly
    between w0 and w2" after "drive between w1 and w0")? Its inherited subject is no argument
    of the denied relation, and the relation it denies is the previous clause's verb, often
    with an argument the piece leaves out (the rover that drives): read alone, it denies
    whatever relation the pair has ("w0 sees w2"), so it is read as stating nothing."""
    found = _BETWEEN.search(c.template) if c.direct is None and c.inherited else None
    if found is None or not _DENIAL.search(c.template):
        return False
    i = PLACEHOLDERS.index(found.group("s"))
    return (
        len(c.slots) == 2
        and i == 1
        and len(c.slots[1]) == 2
        and bool(re.match(r"^\s*X\b", c.template))
        and all(len(m.objects) == 1 for m in c.slots[1])
    )


def exclusive(template: str) -> bool:
    """Does a clause deny only what is not yet named ("she carries no other car", "nothing
    else is in the boot")? Then it states no absence: the ones named have the fact."""
    return bool(_EXCLUSIVE.search(template))


_EXCLUSIVE = re.compile(
    r"\b(?:no\s+other|no\s+more|none\s+other|nothing\s+else|nobody\s+else|no\s+others?)\b",
    re.I,
)


def reciprocal_denials(clauses: Sequence[Clause]) -> list[Clause]:
    """``clauses`` with each denial of a relation between two listed objects ("a1 and b2 are
    not linked") read with the two as its two arguments ("X and Y are not linked"), not as a
    state of each one."""
    out: list[Clause] = []
    for c in clauses:
        if _between_pair(c):
            continue
        if (
            c.direct is None
            and len(c.slots) == 1
            and len(c.slots[0]) == 2
            and all(len(m.objects) == 1 for m in c.slots[0])
            and re.match(r"^\s*X\b", c.template)
            and _DENIAL.search(c.template)
            and _RECIPROCAL.search(c.template)
        ):
            a, b = c.slots[0]
            rest = re.sub(r"^\s*X\b", "", c.template)
            out.append(dataclasses.replace(c, template=f"X and Y{rest}", slots=((a,), (b,))))
            continue
        out.append(c)
    return out


#: A clause that is only an exclusive tail of a list: "s4 and s5, and no other cell", "b2, and
#: nothing else", "c1 and no others".
_TAIL = re.compile(
    r"^\s*X\s*,?\s*(?:and\s+|but\s+)?(?:no\s+others?|no\s+other\s+[a-z]+|none\s+other"
    r"|nothing\s+else|no\s+more)\s*[.;,!]*\s*$",
    re.I,
)


_TAIL_END = re.compile(
    r"\s*,?\s*(?:and\s+|but\s+)?(?:no\s+others?|no\s+other\s+[a-z]+|none\s+other"
    r"|nothing\s+else)\s*[.;,!]*\s*$",
    re.I,
)


def exclusive_tails(text: str, world: World, clauses: Sequence[Clause]) -> list[Clause]:
    """``clauses`` with a list's exclusive tail ("visited s1, s4 and s5, and no other cell",
    split off as "s4 and s5, and no other cell") joined back to the list it ends: the listed
    objects have the fact (the tail's denial is of the others, which no atom names)."""
    out: list[Clause] = []
    for c in clauses:
        prev = out[-1] if out else None
        if (
            prev is not None
            and c.direct is None
            and len(c.slots) == 1
            and _TAIL.match(c.template)
            and prev.slots
            and prev.direct is None
            and prev.end <= c.start
            and re.fullmatch(r"[\s,;]*(?:and\s*)?", text[prev.end : c.start] or "")
            and re.search(r"\b[XYZWV]\s*[.;,]?\s*$", prev.template)
        ):
            slots = list(prev.slots)
            slots[-1] = (*slots[-1], *c.slots[0])
            out[-1] = dataclasses.replace(prev, end=c.end, text=text[prev.start : c.end],
                                          slots=tuple(slots))  # fmt: skip
            continue
        cut = _TAIL_END.search(c.template) if c.direct is None and c.slots else None
        if cut is not None and cut.start() > 0:
            # "c1 has been visited, and no other cell": the fact of the ones named
            c = dataclasses.replace(c, template=c.template[: cut.start()].rstrip(" ,;"))
        out.append(c)
    return out
