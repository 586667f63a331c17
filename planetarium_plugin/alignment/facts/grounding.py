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
The candidates and their costs come from :mod:`.candidates`.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..encoder import Encoder
from .candidates import options as _options
from .clauses import Clause
from .context import (
    alternatives,
    bare_noun_phrase,
    class_header,
    domain_lexicon,
    foreign_subject,
    group_placed,
    order_only,
    ranked_aside,
    unchanged,
)
from .lists import pairwise
from .mentions import EVERYONE, QUANTIFIERS
from .polarity import denies_reading, exclusive, reading_words
from .scope import scope_negation
from .vocabulary import (
    antonym_denies,
    antonym_says,
    denies_by_noun,
    name_negated,
    negations,
    negative_subject,
    permits,
    rule_of_use,
)
from .wording import says_action
from .world import World

__all__ = ["Candidate", "GroundedClause", "ground_clauses"]


#: Softmax temperature over cosines (a difference of 0.1 is a factor e² ≈ 7.4).
TEMPERATURE = 0.05
#: The "states no fact" option's cosine: clauses with objects, clauses without.
NULL_WITH_OBJECTS = 0.10
NULL_WITHOUT_OBJECTS = 0.45
MAX_FACTS_PER_CLAUSE = 64
_NEGATION = re.compile(
    r"\b(?:not|cannot|no|nothing|none|never|neither|nor|no longer|without|empty|free)\b|n't\b", re.I
)
_ANY = re.compile(r"\b(?:anything|any|neither|nothing|nobody|none|either)\b", re.I)
_NO = re.compile(r"\b(?:no|nothing|none|empty|free|nobody)\b", re.I)
#: "cannot" is one word: ``\bnot\b`` misses it ("pond and hill cannot see each other").
_STRICT_NEG = re.compile(r"\b(?:not|cannot|never|no longer)\b|n't\b", re.I)
#: A negative determiner ("carrying no block", "with nothing", "without paint"): it negates a
#: fact whose wording says a presence, and states one whose wording says an absence ("the arm
#: holds no block": ``arm-empty``; "nothing is on X": ``clear``).
_NEG_DET = re.compile(r"\b(?:no(?!\s+longer\b)|nothing|none|nobody|without)\b", re.I)
_ABSENCE = re.compile(
    r"no|nothing|none|without|empty|free|clear|vacant|unoccupied|idle|unused|not", re.I
)
_MODAL = re.compile(r"\b(?:can|may|might|could)\b", re.I)


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
        keyed = [i for i in lists if any(m.elided for m in self.clause.slots[i])]
        if pairwise(self.clause.slots, self.clause.text, sizes) or (
            keyed and len(lists) == 2 and len({sizes[i] for i in lists}) == 1
        ):  # "… t4, t5, t6 respectively"; "all grippers are free": each gripper's owner
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
    template = re.sub(r"\bcannot\b", "can", template, flags=re.I)
    out = re.sub(r"\b(?:not|never|no longer)\b\s*|n't\b", "", template, flags=re.I)
    return re.sub(r"\s+", " ", out).strip()


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


def _negative_determiner(clause: Clause, best: Candidate) -> bool:
    """Does a clause deny the best reading by a negative determiner ("X carries no block",
    "there are no balls in Y": the mention "no balls" is every ball, each denied)? A denied
    mention denies only a reading that uses it ("the ferry is at l1 with no car": the ferry's
    place is not denied)."""
    return bool(_NEG_DET.search(clause.template)) or _denied_mention(clause, best.slots)


def _denied_mention(clause: Clause, slots: Sequence[int] | None = None) -> bool:
    """Is an object slot (of ``slots``, default any) a negative quantifier's ("no sandwiches":
    each is denied)?"""
    return any(
        m.text.split()[0].lower() in ("no", "none")
        for i, s in enumerate(clause.slots)
        if slots is None or i in slots
        for m in s
        if m.text
    )


def _leaves_out(clause: Clause, best: Candidate) -> bool:
    """Does the best reading leave out an object the clause names itself (not one it inherits
    or one elided because only it fits)?"""
    own = {
        i
        for i, s in enumerate(clause.slots)
        if not (clause.inherited and i == 0) and not any(m.elided for m in s)
    }
    return bool(own - set(best.slots))


def _absence(world: World, predicate: str) -> bool:
    """Does a predicate's wording or name say an absence ("the arm is empty", ``clear``,
    "nothing is stacked on ?x", ``channel_free``)?"""
    pred = world.predicates[predicate]
    words = re.findall(r"[a-z]+", f"{pred.template} {pred.plain or ''}".lower())
    words += [w for w in re.split(r"[^a-z]+", predicate.lower()) if w]
    return any(_ABSENCE.fullmatch(w) or w.endswith(("empty", "free")) for w in words)


def ground_clauses(enc: Encoder, world: World, clauses: Sequence[Clause]) -> list[GroundedClause]:
    """Candidate distributions of every clause, with one encoder batch for all wordings."""
    clauses = [scope_negation(c) for c in clauses]
    options = [_options(world, c) for c in clauses]
    strings = sorted(
        {c.template for c in clauses}
        | {o[i] for opts in options for o in opts for i in (2, 4, 5, 6) if o[i]}
    )
    if not strings:
        return []
    vecs = enc.embed(strings)
    row = {s: i for i, s in enumerate(strings)}
    out = []
    lexicon = domain_lexicon(world)
    for clause, opts in zip(clauses, options, strict=True):
        if (not clause.slots and not clause.inherited and bare_noun_phrase(clause.template)) or (
            clause.direct is None
            and (
                unchanged(clause.template)
                or order_only(clause.template)
                or ranked_aside(clause.template, lexicon)
                or (group_placed(clause.template) and not clause.inherited)
                or alternatives(clause.template)
                or class_header(
                    world,
                    clause.template,
                    [o for sl in clause.slots for m in sl for o in m.objects],
                )
            )
        ):
            # "Could the ferry", "The magic block fountain": a fragment that names a thing;
            # "the third stays where it is": no change, not which facts; "d3 (largest)": a rank;
            # "the full tower back on X": a group no mention names, placed; "c or e": choices
            out.append(GroundedClause(clause, (), 1.0, False))
            continue
        if clause.direct is not None:  # "on(b1, b2)": the predicate is named
            cands = [Candidate(o[0], o[1], 1.0 / len(opts)) for o in opts[:1]]
            out.append(GroundedClause(clause, tuple(cands), 0.0 if cands else 1.0, False))
            continue
        if (
            (clause.section != "init" and permits(clause.template)) or rule_of_use(clause.template)
        ) and not any(_MODAL.search(world.predicates[o[0]].template) for o in opts):
            # "p2 can wait": what need not be achieved is no fact of the goal; "each ingredient
            # can only be picked up once": a rule of the actions, in any section
            out.append(GroundedClause(clause, (), 1.0, False))
            continue
        # objects named only by a quantifier ("build one tower with all the blocks") are as
        # weak a sign of a fact as no object at all
        quantified = bool(clause.slots) and all(
            m.text.split()[0].lower() in QUANTIFIERS for s in clause.slots for m in s if m.text
        )
        # a subject the problem does not have ("The coffee machine is on X") is as weak a
        # sign of a fact as no object
        weak = (
            not clause.slots
            or (clause.inherited and not clause.attached)
            or quantified
            or foreign_subject(clause.template, lexicon)
        )
        null = NULL_WITHOUT_OBJECTS if weak else NULL_WITH_OBJECTS
        cos = [
            max(float(vecs[row[o[4]]] @ vecs[row[o[i]]]) for i in (2, 5, 6) if o[i]) for o in opts
        ]
        # candidates read by an action's wording ("hub1 is jacked up"): a name's own negation
        # (``not-on-ground``) is no negation of that wording
        by_action = {
            (o[0], o[1]) for o in opts if o[6] and says_action(o[4], world.predicates[o[0]].acted)
        }
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
        if (
            cands
            and name_negated(cands[0].predicate)
            and ((cands[0].predicate, cands[0].slots) not in by_action)
        ):
            # a name negative in itself ("not_allergic_gluten") is stated by a negated clause
            # ("X is not allergic", "X is gluten-free") and denied by a plain one
            # ("X is off the ground" states ``not-on-ground``: an antonym is a negation)
            # ("no sandwiches have been made": the denied mention is a negation too)
            flips = antonym_says(clause.template, cands[0].predicate) > 0
            flips += _denied_mention(clause, cands[0].slots)
            # "sandwiches have yet to be made", "… are still unmade": a denial all the same
            flips += denies_reading(
                clause.template, clause.section, reading_words(world, cands[0].predicate), False
            )
            neg = (negations(clause.template) + flips) % 2 == 0
        elif cands and _STRICT_NEG.search(clause.template):
            # "X is not clear" negates; "the hand isn't holding anything" says what a negative
            # wording says positively ("the arm holds no block")
            wording = world.predicates[cands[0].predicate].template
            neg = not (_ANY.search(clause.template) and _NO.search(wording))
        elif cands and denies_reading(
            clause.template,
            clause.section,
            reading_words(world, cands[0].predicate),
            _absence(world, cands[0].predicate),
        ):
            # "c1 and c5 are still untouched", "c3 is yet to be visited": not visited
            neg = True
        elif cands and _negative_determiner(clause, cands[0]):
            # "carrying no block", "with nothing aboard", "no balls are in Y": denied, unless
            # the wording itself says the absence ("nothing is on X" states ``clear``)
            absent = _absence(world, cands[0].predicate)
            if absent and exclusive(clause.template) and not clause.slots:
                # "she carries no other car" (after "with c1 on deck"): no absence, the ones
                # named are aboard; what it denies of the others names no object
                out.append(GroundedClause(clause, (), 1.0, False))
                continue
            neg = denies_by_noun(clause.template, cands[0].predicate) or not absent
            if neg and negative_subject(clause.template) and not _denied_mention(clause):
                # "Nothing else is in X": the relation's other side is no object, so the only
                # fact it can state is an absence wording's ("X is empty"); a denied
                # ``unlocked X`` is no reading of it
                out.append(GroundedClause(clause, (), 1.0, False))
                continue
        neg ^= bool(cands) and antonym_denies(clause.template, cands[0].predicate, world)
        if neg and cands and _leaves_out(clause, cands[0]):
            # "h1 is not in the depot" read as a denied ``available h1``: a denial names what
            # it denies, and a reading that leaves out an object of it does not say that
            out.append(GroundedClause(clause, (), 1.0, False))
            continue
        kept = tuple(c for c in cands if c.probability > 1e-4)
        out.append(GroundedClause(clause, kept, float(p[-1]), neg))
    return out
