"""Candidates: which predicates, with which arguments, a clause could state (issue 19).

For a clause with object slots S1..Sn (text order), the candidates are the domain's predicates
whose arity fits (k ≤ n slots, chosen in text order; 0-ary ones for clauses with no object or
an inherited subject), with the arguments assigned in the order the predicate's wording
mentions them. The order flips when the clause says the converse of the wording ("under" for
"on top of", "below" for "above", "left of" for "right of") or when only the flipped order
fits the parameter types. Each candidate carries its cost (slots left unused, a subject left
out, an argument filled by an elided slot, words shared with the name, a spatial axis, a
polarity): :mod:`.grounding` weighs them with the encoder's cosines.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Sequence

from .clauses import Clause
from .vocabulary import (
    antonym_denies,
    antonym_says,
    name_negated,
    negations,
    numbered_order,
    order_says,
    state_unsaid,
)
from .wording import POSSESSION, possession_unsaid, says_action, stem
from .world import PLACEHOLDERS, PredicateWords, World, split_words, wordset

__all__ = ["options"]


#: Cost per slot a candidate leaves unused.
UNUSED_SLOT = 0.15
#: Argument orders tried for a predicate of three or more parameters (text order first).
MAX_ORDERS = 24
#: Cost of each argument a reading fills with an elided slot (:mod:`.arguments`).
ELIDED = 0.01
#: Extra cost of a reading that leaves out the clause's first object (its subject).
SUBJECT_UNUSED = 0.1
#: Cost of reading a clause with no object of its own as said of the previous subject.
INHERITED = 0.06
_UP = {"above", "over", "on", "atop", "top", "onto", "upon", "north", "higher"}
_DOWN = wordset("below under beneath underneath bottom south support supports supporting lower")
#: Words that state no relation: a clause of only these and one object list states no fact
#: ("There are three blocks: a, b and c", "Objects: b1, b2").
_EMPTY = wordset(
    "there are is we have has got the a an objects object items item things thing blocks "
    "block pieces following total of them with in all some here our your my you i and s "
    "named called types kinds also again only just"
)
#: Weight of shared words between a clause and a predicate's wording or name (next to cosine).
LEXICAL = 0.04
#: Gain of a clause that says the verb of an action that makes the predicate true.
ACTED = 0.08
#: Gain for a spatial clause read on the predicate's axis (twice that as cost off it).
AXIS = 0.05
_RIGHT = {"right", "east"}
_LEFT = {"left", "west"}
#: A negated predicate name (``not_allergic``) read from a clause with no negation costs this;
#: from a clause with one, it gains it (the name's negation is the clause's).
POLARITY = 0.05
#: Cost of reading a clause that places its one object on, in or at a named thing ("b3 rests
#: on the ground", "hub1 sits on the ground") as a unary predicate whose name and wording say
#: no place at all (``holding``): the encoder may find the place noun nearer a state than the
#: surface the domain names differently ("table"); a placing predicate keeps the reading.
PLACED = 0.08
_PLACE_WORDS = wordset("on upon onto in inside into at atop")
_PLACED = re.compile(
    r"\bX\b(?:\s+[a-z]+){0,3}?\s+(?:on|upon|onto|in|inside|at|atop)\s+"
    r"(?:the\s+|a\s+|an\s+|its\s+)?([a-z]+)\b"
)


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z]+", text) if w not in PLACEHOLDERS}


def _direction(words: set[str]) -> tuple[int, int]:
    vert = (1 if words & _UP else 0) - (1 if words & _DOWN else 0)
    horiz = (1 if words & _RIGHT else 0) - (1 if words & _LEFT else 0)
    return vert, horiz


def _axis_cost(clause_words: set[str], pred: PredicateWords) -> float:
    """A clause about above/below read as left/right (or the reverse) costs; the same axis
    gains a little."""
    cv, ch = _direction(clause_words)
    pv, ph = _direction(_words(pred.template))
    if not (cv or ch) or not (pv or ph):
        return 0.0
    if (cv and pv) or (ch and ph):
        return -AXIS
    return 2 * AXIS


def _flipped(clause_words: set[str], pred: PredicateWords) -> bool:
    cv, ch = _direction(clause_words)
    pv, ph = _direction(_words(pred.template))
    return (cv * pv < 0) or (ch * ph < 0)


def _fits(world: World, pred: PredicateWords, clause: Clause, assign: Sequence[int]) -> bool:
    for p, si in enumerate(assign):
        typ = pred.types[p]
        if typ in ("object", ""):
            continue
        if typ not in world.classes:
            if world.typed:
                return False
            continue
        members = world.classes[typ]
        for m in clause.slots[si]:
            if not any(o in members for o in m.objects):
                return False
    return True


def _relabel(template: str, letters: Sequence[str]) -> str:
    table = {PLACEHOLDERS[i]: letters[i] for i in range(len(letters))}
    return re.sub(r"\b[XYZWV]\b", lambda m: table.get(m.group(0), m.group(0)), template)


@functools.lru_cache(maxsize=8192)
def _stems(text: str) -> frozenset[str]:
    """Words of a text by stem ("lifting", "lifted" and ``lift`` meet; :func:`.stem`)."""
    return frozenset(
        {
            stem(w)[:5]
            for w in re.findall(r"[a-z]+", text.lower().replace("_", " ").replace("-", " "))
            if len(w) > 2 and w not in _EMPTY and w not in {"x", "y", "z"}
        }
    )


_COUNTED = re.compile(
    r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+[a-z]+s\b", re.I
)


def _is_empty(world: World, clause: Clause) -> bool:
    if sum(not any(m.elided for m in s) for s in clause.slots) > 1 or clause.direct is not None:
        return False
    if _COUNTED.search(clause.template) and ":" in clause.template:
        return True  # "The robot has 2 grippers: X": a count introducing objects
    nouns = set(world.classes) | world.type_preds
    for w in re.findall(r"[A-Za-z]+", clause.template):
        lw = w.lower()
        if w in PLACEHOLDERS or lw in _EMPTY or lw.isdigit() or lw in _NUMBER_WORDS:
            continue
        if lw in nouns or lw.rstrip("s") in nouns or lw[:-2] in nouns:
            continue
        return False
    return True


_KIND = re.compile(r"X (?:is|are) (?:a |an |one of the )?([a-z][a-z0-9_-]*)", re.I)


def _stated_kind(world: World, clause: Clause) -> str | None:
    """The type predicate a clause states of its one object ("location_0_0 is an airport":
    ``(airport location_0_0)``), else None. An untyped domain's class predicates are facts of
    the problem like any other; most texts leave them to the object's name, but one stated
    outright is checked, so a problem that gives the class to another object contradicts it."""
    if len(clause.slots) != 1 or clause.direct is not None or not world.type_preds:
        return None
    m = _KIND.fullmatch(clause.template.strip().rstrip("."))
    if m is None:
        return None
    word = m[1].lower()
    for name in (word, word[:-1] if word.endswith("s") else word):
        if name in world.type_preds:
            return name
    return None


def _placed(template: str) -> bool:
    """Does a clause place its object on, in or at a thing it names by a noun, with no word
    of having ("X rests on the ground", "X sits in the corner"; not "X holds Y on …")?

    >>> _placed("X rests on the ground"), _placed("X is clear"), _placed("X is on Y")
    (True, False, False)
    """
    if set(re.findall(r"[a-z]+", template.lower())) & POSSESSION:
        return False
    m = _PLACED.search(template)
    return m is not None and m[1] not in _PLACE_WORDS


_NUMBER_WORDS = {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}


def options(
    world: World, clause: Clause
) -> list[tuple[str, tuple[int, ...], str, float, str, str, str]]:
    """(predicate, slot per parameter, wording, cost, clause wording, the name's wording, an
    action's wording or "") for every candidate; the best of the wordings counts."""
    n = len(clause.slots)
    real = sum(not any(m.elided for m in s) for s in clause.slots)  # elided slots come last
    words = _words(clause.template)
    out: list[tuple[str, tuple[int, ...], str, float, str, str, str]] = []
    kind = _stated_kind(world, clause)
    if kind is None and _is_empty(world, clause):
        return out
    mine = _stems(clause.template)
    negs = negations(clause.template)
    ordered = order_says(clause.template) if clause.direct is None and n >= 2 else 0
    placed = n == 1 and _placed(clause.template)
    for name, pred in world.predicates.items():
        k = pred.arity
        says_place = (set(split_words(name)) | _words(pred.template)) & _PLACE_WORDS
        bonus_place = PLACED if placed and k == 1 and not says_place else 0.0
        shared = len(mine & (_stems(pred.template) | _stems(name)))
        bonus = -LEXICAL * min(shared, 3) + (_axis_cost(words, pred) if k == 2 else 0.0)
        bonus += bonus_place
        if name_negated(name):
            bonus += -POLARITY if negs else POLARITY
        # "X is flat": ``not-inflated`` says it, ``inflated`` says the opposite; an antonym
        # of the name's word is a word of the name all the same ("uncalibrated")
        # ("switched off" denies ``power_on`` where no predicate says "off": no cost, it is
        # read as the denial of the name)
        says = antonym_says(clause.template, name)
        if says < 0 and antonym_denies(clause.template, name, world):
            says = 0
            bonus -= 2 * LEXICAL  # the name's own word, negated
        bonus -= 2 * POLARITY * says + (LEXICAL if says and shared < 3 else 0.0)
        if pred.acted and says_action(clause.template, pred.acted):
            bonus -= ACTED  # "hub1 is jacked up": the action that makes it true, named
        if k > n or k > len(PLACEHOLDERS):
            continue
        if kind is not None and name != kind:
            continue
        if (
            name != kind
            and name != clause.direct
            and (
                name in world.type_preds
                or pred.static
                and k == 1
                and clause.direct is None
                and (name in world.classes)
            )
        ):
            continue  # object classes ("(ball b1)") are types, not facts a text states (unless
            # it names the predicate outright: "(ball b1)", "spring object_5" is checked)
        if clause.direct is not None and name != clause.direct:
            continue
        if k == 0:
            if clause.direct is None and (
                possession_unsaid(clause.template, name) or state_unsaid(clause.template, name)
            ):
                continue  # "a fuel station" states no ``have-fuel``, "the ferry" no ``empty-ferry``
            if n == 0 or clause.inherited:
                own = clause.template[2:] if clause.inherited else clause.template
                out.append(
                    (
                        name,
                        (),
                        pred.template,
                        bonus,
                        own or clause.template,
                        pred.plain or pred.template,
                        "",
                    )
                )
            continue
        for chosen in itertools.combinations(range(n), k):
            if chosen[0] >= real:
                continue  # a reading of elided arguments only states nothing the text says
            orders = [chosen, tuple(reversed(chosen))] if k == 2 else [chosen]
            if k == 2 and clause.direct is None and _flipped(words, pred):
                orders.reverse()
            if k == 2 and ordered and pred.static and (way := numbered_order(world, name)):
                # "l1 follows l0": the subject comes after; the problem's numbering says
                # which parameter the later object fills (``next l0 l1``, ``succ n1 n0``)
                later, earlier = chosen if ordered > 0 else chosen[::-1]
                want = (earlier, later) if way > 0 else (later, earlier)
                first = tuple(want[pred.order[i]] for i in range(2))
                orders = [first, first[::-1]]
            if k >= 3 and clause.direct is None:
                # "X holds a Y picture of Z" for "?r has an image of ?o in mode ?m": the
                # parameter types place the arguments when the text order does not fit
                orders += list(itertools.permutations(chosen))[1:MAX_ORDERS]
            for rank, mention_order in enumerate(orders):
                assign = [0] * k
                for i, si in enumerate(mention_order):
                    # a named predicate takes its arguments in the order written ("above(f1, f2)")
                    assign[i if clause.direct is not None else pred.order[i]] = si
                if not _fits(world, pred, clause, assign):
                    continue
                letters = [PLACEHOLDERS[si] for si in mention_order]
                used = sum(si < real for si in chosen)
                cost = UNUSED_SLOT * (real - used) + (0.0 if rank == 0 else 0.12) + bonus
                cost += ELIDED * (k - used)
                if clause.inherited and not clause.attached:  # a subject fixed by syntax
                    # is the clause's own (:func:`.clauses._attached`), not a guess
                    cost += INHERITED if 0 in chosen else INHERITED / 3 - UNUSED_SLOT
                elif 0 not in chosen:
                    cost += SUBJECT_UNUSED  # the first object named is almost always in the fact
                wording = _relabel(pred.template, letters)
                letters = [PLACEHOLDERS[si] for si in assign]
                plain = _relabel(pred.plain, letters) or wording
                acted = _relabel(pred.acted, letters)
                out.append((name, tuple(assign), wording, cost, clause.template, plain, acted))
                break  # the first order that fits the types
    return out
