"""Grounding: which atoms a clause states, as a distribution over candidate atoms.

For a clause with object slots S1..Sn (text order), the candidates are the domain's predicates
whose arity fits (k ≤ n slots, chosen in text order; 0-ary ones for clauses with no object or
an inherited subject), with the arguments assigned in the order the predicate's wording
mentions them. The order flips when the clause says the converse of the wording ("under" for
"on top of", "below" for "above", "left of" for "right of") or when only the flipped order
fits the parameter types. Each candidate is scored by the encoder's cosine between the clause
(objects replaced by placeholders) and the predicate's wording (parameters replaced by the same
placeholders), minus a small cost per slot left unused; a softmax over the candidates of the
clause, plus a "states no fact" option, gives each candidate's probability. Scores are
relative among a clause's candidates: nothing is thresholded on our generator's sentences.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..encoder import Encoder
from .clauses import Clause
from .lists import pairwise
from .mentions import EVERYONE, QUANTIFIERS
from .scope import scope_negation
from .vocabulary import antonym_denies, name_negated, negations, permits
from .world import PLACEHOLDERS, PredicateWords, World, wordset

__all__ = ["Candidate", "GroundedClause", "ground_clauses"]

#: Softmax temperature over cosines (a difference of 0.1 is a factor e² ≈ 7.4).
TEMPERATURE = 0.05
#: The "states no fact" option's cosine: clauses with objects, clauses without.
NULL_WITH_OBJECTS = 0.10
NULL_WITHOUT_OBJECTS = 0.45
#: Cost per slot a candidate leaves unused.
UNUSED_SLOT = 0.15
MAX_FACTS_PER_CLAUSE = 64
#: Argument orders tried for a predicate of three or more parameters (text order first).
MAX_ORDERS = 24
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
#: Gain for a spatial clause read on the predicate's axis (twice that as cost off it).
AXIS = 0.05
_RIGHT = {"right", "east"}
_LEFT = {"left", "west"}
_NEGATION = re.compile(
    r"\b(?:not|no|nothing|none|never|neither|nor|no longer|without|empty|free)\b|n't\b", re.I
)
_ANY = re.compile(r"\b(?:anything|any|neither|nothing|nobody|none|either)\b", re.I)
_NO = re.compile(r"\b(?:no|nothing|none|empty|free|nobody)\b", re.I)
_STRICT_NEG = re.compile(r"\b(?:not|never|no longer)\b|n't\b", re.I)
_MODAL = re.compile(r"\b(?:can|may|might|could)\b", re.I)
#: A negated predicate name (``not_allergic``) read from a clause with no negation costs this;
#: from a clause with one, it gains it (the name's negation is the clause's).
POLARITY = 0.05


@dataclass(frozen=True)
class Candidate:
    predicate: str
    slots: tuple[int, ...]  # slot index feeding each parameter (parameter order)
    probability: float
    cosine: float = 1.0  # the encoder's likeness of the clause and the wording (1 when named)


@dataclass(frozen=True)
class GroundedClause:
    """A clause with its candidate atoms' distribution (best first) and whether it is negated."""

    clause: Clause
    candidates: tuple[Candidate, ...]
    null_probability: float
    negated: bool

    def facts(
        self,
    ) -> list[tuple[tuple[int, ...], list[tuple[Candidate, tuple[tuple[str, ...], ...]]]]]:
        """Per choice of one member in each slot: every candidate's atom alternatives.

        A plural mention ("all balls", "blocks 1 and 3") gives one member per object; an
        ambiguous mention one member whose objects are alternatives (one of them is meant).
        Each entry is (member choice, [(candidate, atom alternatives)])."""
        members = [_members(s) for s in self.clause.slots]
        sizes = [len(m) for m in members]
        lists = [i for i, n in enumerate(sizes) if n > 1]
        if pairwise(self.clause.slots, self.clause.text, sizes):  # "… t4, t5, t6 respectively"
            choices = [tuple(k if i in lists else 0 for i in range(len(sizes)))
                       for k in range(sizes[lists[0]])]  # fmt: skip
        else:
            choices = list(
                itertools.islice(
                    itertools.product(*[range(n) for n in sizes]), MAX_FACTS_PER_CLAUSE
                )
            )
        out = []
        for choice in choices:
            per = []
            for cand in self.candidates:
                alts: list[tuple[str, ...]] = [()]
                for si in cand.slots:
                    alts = [(*a, o) for a in alts for o in members[si][choice[si]]]
                    alts = alts[: MAX_FACTS_PER_CLAUSE * 4]
                # one object in two places ("on b1 b1") is not what a text means
                alts = [a for a in alts if len(set(a)) == len(a)] or alts
                atoms = tuple((cand.predicate, *a) for a in alts[:MAX_FACTS_PER_CLAUSE])
                per.append((cand, atoms))
            out.append((choice, per))
        return out


def _members(slot) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for m in slot:
        out += [(o,) for o in m.objects] if m.plural else [m.objects]
    return out or [()]


def positive(template: str) -> str:
    """The clause without its negation words ("X is not clear" -> "X is clear")."""
    out = re.sub(r"\b(?:not|never|no longer)\b\s*|n't\b", "", template, flags=re.I)
    return re.sub(r"\s+", " ", out).strip()


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


def _stems(text: str) -> set[str]:
    return {
        w[:5]
        for w in re.findall(r"[a-z]+", text.lower().replace("_", " ").replace("-", " "))
        if len(w) > 2 and w not in _EMPTY and w not in {"x", "y", "z"}
    }


_COUNTED = re.compile(
    r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+[a-z]+s\b", re.I
)


def _is_empty(world: World, clause: Clause) -> bool:
    if len(clause.slots) > 1 or clause.direct is not None:
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


_NUMBER_WORDS = {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}


def _options(
    world: World, clause: Clause
) -> list[tuple[str, tuple[int, ...], str, float, str, str]]:
    """(predicate, slot per parameter, wording, cost, clause wording, the name's wording) for
    every candidate; the better of the two wordings counts."""
    n = len(clause.slots)
    words = _words(clause.template)
    out: list[tuple[str, tuple[int, ...], str, float, str, str]] = []
    kind = _stated_kind(world, clause)
    if kind is None and _is_empty(world, clause):
        return out
    mine = _stems(clause.template)
    negs = negations(clause.template)
    for name, pred in world.predicates.items():
        k = pred.arity
        shared = len(mine & (_stems(pred.template) | _stems(name)))
        bonus = -LEXICAL * min(shared, 3) + (_axis_cost(words, pred) if k == 2 else 0.0)
        if name_negated(name):
            bonus += -POLARITY if negs else POLARITY
        if k > n or k > len(PLACEHOLDERS):
            continue
        if kind is not None and name != kind:
            continue
        if name != kind and name != clause.direct and (
            name in world.type_preds
            or pred.static
            and k == 1
            and clause.direct is None
            and (name in world.classes)
        ):
            continue  # object classes ("(ball b1)") are types, not facts a text states (unless
            # it names the predicate outright: "(ball b1)", "spring object_5" is checked)
        if clause.direct is not None and name != clause.direct:
            continue
        if k == 0:
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
                    )
                )
            continue
        for chosen in itertools.combinations(range(n), k):
            orders = [chosen, tuple(reversed(chosen))] if k == 2 else [chosen]
            if k == 2 and clause.direct is None and _flipped(words, pred):
                orders.reverse()
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
                cost = UNUSED_SLOT * (n - k) + (0.0 if rank == 0 else 0.12) + bonus
                if clause.inherited:
                    cost += INHERITED if 0 in chosen else INHERITED / 3 - UNUSED_SLOT
                elif 0 not in chosen:
                    cost += SUBJECT_UNUSED  # the first object named is almost always in the fact
                wording = _relabel(pred.template, letters)
                plain = _relabel(pred.plain, [PLACEHOLDERS[si] for si in assign]) or wording
                out.append((name, tuple(assign), wording, cost, clause.template, plain))
                break  # the first order that fits the types
    return out


def _typed(world: World, clause: Clause, cand: Candidate) -> Clause:
    """ "Everyone must be served": "everyone" is every object the best reading's parameter
    type admits (the passengers, not the floors)."""
    slots = [list(s) for s in clause.slots]
    for p, si in enumerate(cand.slots):
        typ = world.predicates[cand.predicate].types[p]
        members = world.classes.get(typ)
        if members is None or typ in ("object", ""):
            continue
        slots[si] = [
            dataclasses.replace(m, objects=tuple(o for o in m.objects if o in members))
            if m.text.lower() in EVERYONE
            else m
            for m in slots[si]
        ]
    return dataclasses.replace(clause, slots=tuple(tuple(s) for s in slots))


def ground_clauses(enc: Encoder, world: World, clauses: Sequence[Clause]) -> list[GroundedClause]:
    """Candidate distributions of every clause, with one encoder batch for all wordings."""
    clauses = [scope_negation(c) for c in clauses]
    options = [_options(world, c) for c in clauses]
    strings = sorted(
        {c.template for c in clauses} | {o[i] for opts in options for o in opts for i in (2, 4, 5)}
    )
    if not strings:
        return []
    vecs = enc.embed(strings)
    row = {s: i for i, s in enumerate(strings)}
    out = []
    for clause, opts in zip(clauses, options, strict=True):
        if clause.direct is not None:  # "on(b1, b2)": the predicate is named
            cands = [Candidate(o[0], o[1], 1.0 / len(opts)) for o in opts[:1]]
            out.append(GroundedClause(clause, tuple(cands), 0.0 if cands else 1.0, False))
            continue
        if (
            clause.section != "init"
            and permits(clause.template)
            and not any(_MODAL.search(world.predicates[o[0]].template) for o in opts)
        ):
            # "p2 can wait": what need not be achieved is no fact of the goal
            out.append(GroundedClause(clause, (), 1.0, False))
            continue
        # objects named only by a quantifier ("build one tower with all the blocks") are as
        # weak a sign of a fact as no object at all
        quantified = bool(clause.slots) and all(
            m.text.split()[0].lower() in QUANTIFIERS for s in clause.slots for m in s if m.text
        )
        weak = not clause.slots or clause.inherited or quantified
        null = NULL_WITHOUT_OBJECTS if weak else NULL_WITH_OBJECTS
        cos = [
            max(float(vecs[row[o[4]]] @ vecs[row[o[2]]]), float(vecs[row[o[4]]] @ vecs[row[o[5]]]))
            for o in opts
        ]
        scores = np.array([c - o[3] for c, o in zip(cos, opts, strict=True)] + [null])
        z = np.exp((scores - scores.max()) / TEMPERATURE)
        p = z / z.sum()
        cands = sorted(
            (
                Candidate(o[0], o[1], float(pi), round(c, 6))
                for o, pi, c in zip(opts, p[:-1], cos, strict=True)
            ),
            key=lambda c: (-c.probability, c.predicate, c.slots),
        )
        if cands and any(m.text.lower() in EVERYONE for sl in clause.slots for m in sl):
            clause = _typed(world, clause, cands[0])
        neg = False
        if cands and name_negated(cands[0].predicate):
            # a name negative in itself ("not_allergic_gluten") is stated by a negated clause
            # ("X is not allergic", "X is gluten-free") and denied by a plain one
            neg = negations(clause.template) % 2 == 0
        elif cands and _STRICT_NEG.search(clause.template):
            # "X is not clear" negates; "the hand isn't holding anything" says what a negative
            # wording says positively ("the arm holds no block")
            wording = world.predicates[cands[0].predicate].template
            neg = not (_ANY.search(clause.template) and _NO.search(wording))
        neg ^= bool(cands) and antonym_denies(clause.template, cands[0].predicate, world)
        kept = tuple(c for c in cands if c.probability > 1e-4)
        out.append(GroundedClause(clause, kept, float(p[-1]), neg))
    return out
