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

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..encoder import Encoder
from .clauses import Clause
from .world import PLACEHOLDERS, PredicateWords, World

__all__ = ["Candidate", "GroundedClause", "ground_clauses"]

#: Softmax temperature over cosines (a difference of 0.1 is a factor e² ≈ 7.4).
TEMPERATURE = 0.05
#: The "states no fact" option's cosine: clauses with objects, clauses without.
NULL_WITH_OBJECTS = 0.10
NULL_WITHOUT_OBJECTS = 0.45
#: Cost per slot a candidate leaves unused.
UNUSED_SLOT = 0.08
MAX_FACTS_PER_CLAUSE = 64
_UP = {"above", "over", "on", "atop", "top", "onto", "upon", "up", "north", "higher"}
_DOWN = {"below", "under", "beneath", "underneath", "bottom", "down", "south", "supports",
         "supporting", "lower"}  # fmt: skip
_RIGHT = {"right", "east"}
_LEFT = {"left", "west"}
_NEGATION = re.compile(
    r"\b(?:not|no|nothing|none|never|neither|nor|no longer|without|empty|free)\b|n't\b", re.I
)
_STRICT_NEG = re.compile(r"\b(?:not|never|no longer)\b|n't\b", re.I)


@dataclass(frozen=True)
class Candidate:
    predicate: str
    slots: tuple[int, ...]  # slot index feeding each parameter (parameter order)
    probability: float


@dataclass(frozen=True)
class GroundedClause:
    """A clause with its candidate atoms' distribution (best first) and whether it is negated."""

    clause: Clause
    candidates: tuple[Candidate, ...]
    null_probability: float
    negated: bool

    def facts(self) -> list[tuple[tuple[int, ...], list[tuple[Candidate, tuple[tuple[str, ...], ...]]]]]:
        """Per choice of one member in each slot: every candidate's atom alternatives.

        Each entry is (member choice, [(candidate, atoms)]), atoms being the alternatives of an
        ambiguous mention (one of them is meant)."""
        slots = self.clause.slots
        members = [range(len(s)) for s in slots]
        out = []
        for choice in itertools.islice(itertools.product(*members), MAX_FACTS_PER_CLAUSE):
            per = []
            for cand in self.candidates:
                alts: list[tuple[str, ...]] = [()]
                for si in cand.slots:
                    mention = slots[si][choice[si]]
                    objs = mention.objects if not mention.plural else mention.objects
                    if mention.plural:
                        alts = [(*a, o) for a in alts for o in objs]  # all of them: a list
                    else:
                        alts = [(*a, o) for a in alts for o in objs]
                atoms = tuple((cand.predicate, *a) for a in alts[:MAX_FACTS_PER_CLAUSE])
                per.append((cand, atoms))
            out.append((choice, per))
        return out


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z]+", text) if w not in PLACEHOLDERS}


def _direction(words: set[str]) -> tuple[int, int]:
    vert = (1 if words & _UP else 0) - (1 if words & _DOWN else 0)
    horiz = (1 if words & _RIGHT else 0) - (1 if words & _LEFT else 0)
    return vert, horiz


def _flipped(clause_words: set[str], pred: PredicateWords) -> bool:
    cv, ch = _direction(clause_words)
    pv, ph = _direction(_words(pred.template))
    return (cv * pv < 0) or (ch * ph < 0)


def _fits(world: World, pred: PredicateWords, clause: Clause, assign: Sequence[int]) -> bool:
    for p, si in enumerate(assign):
        typ = pred.types[p]
        if typ in ("object", "") or typ not in world.classes:
            continue
        members = world.classes[typ]
        for m in clause.slots[si]:
            if not any(o in members for o in m.objects):
                return False
    return True


def _relabel(template: str, letters: Sequence[str]) -> str:
    table = {PLACEHOLDERS[i]: letters[i] for i in range(len(letters))}
    return re.sub(r"\b[XYZWV]\b", lambda m: table.get(m.group(0), m.group(0)), template)


def _options(world: World, clause: Clause) -> list[tuple[str, tuple[int, ...], str, float, str]]:
    """(predicate, slot per parameter, wording, cost, clause wording) for every candidate."""
    n = len(clause.slots)
    words = _words(clause.template)
    out = []
    for name, pred in world.predicates.items():
        k = pred.arity
        if k > n or k > len(PLACEHOLDERS):
            continue
        if k == 0:
            if n == 0 or clause.inherited:
                own = clause.template[2:] if clause.inherited else clause.template
                out.append((name, (), pred.template, 0.0, own or clause.template))
            continue
        for chosen in itertools.combinations(range(n), k):
            orders = [chosen, tuple(reversed(chosen))] if k == 2 else [chosen]
            if k == 2 and _flipped(words, pred):
                orders.reverse()
            for rank, mention_order in enumerate(orders):
                assign = [0] * k
                for i, si in enumerate(mention_order):
                    assign[pred.order[i]] = si
                if not _fits(world, pred, clause, assign):
                    continue
                letters = [PLACEHOLDERS[si] for si in mention_order]
                cost = UNUSED_SLOT * (n - k) + (0.0 if rank == 0 else 0.12)
                if clause.inherited and 0 not in chosen:
                    cost += UNUSED_SLOT
                wording = _relabel(pred.template, letters)
                out.append((name, tuple(assign), wording, cost, clause.template))
                break  # the first order that fits the types
    return out


def ground_clauses(enc: Encoder, world: World, clauses: Sequence[Clause]) -> list[GroundedClause]:
    """Candidate distributions of every clause, with one encoder batch for all wordings."""
    options = [_options(world, c) for c in clauses]
    strings = sorted({c.template for c in clauses} | {o[i] for opts in options for o in opts
                                                      for i in (2, 4)})  # fmt: skip
    if not strings:
        return []
    vecs = enc.embed(strings)
    row = {s: i for i, s in enumerate(strings)}
    out = []
    for clause, opts in zip(clauses, options, strict=True):
        null = NULL_WITHOUT_OBJECTS if not clause.slots or clause.inherited else NULL_WITH_OBJECTS
        scores = np.array([float(vecs[row[o[4]]] @ vecs[row[o[2]]]) - o[3] for o in opts] + [null])
        z = np.exp((scores - scores.max()) / TEMPERATURE)
        p = z / z.sum()
        cands = sorted(
            (Candidate(o[0], o[1], float(pi)) for o, pi in zip(opts, p[:-1], strict=True)),
            key=lambda c: (-c.probability, c.predicate, c.slots),
        )
        best = cands[0] if cands else None
        neg = False
        if best is not None:
            wording = world.predicates[best.predicate].template
            said_neg = bool(_STRICT_NEG.search(clause.template)) or bool(
                re.search(r"\b(?:nothing|neither|no)\b", clause.template, re.I)
            )
            neg = said_neg != bool(_NEGATION.search(wording)) and said_neg
        out.append(GroundedClause(clause, tuple(c for c in cands if c.probability > 1e-4),
                                  float(p[-1]), neg))  # fmt: skip
    return out
