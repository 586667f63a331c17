"""The comparison: what the text states against what the problem says, init and goal, and the
similarity and verdict that follow from it.

Per section (init, goal):

- ``stated``: problem atoms the text states (with the text span and the confidence);
- ``contradicted``: atoms the text negates that the problem has;
- ``missing_in_problem``: facts the text states that the problem lacks (init: closed world on
  the problem's init; goal: against the goal and its fullySpecify closure, so an implied fact
  is not missing);
- ``unstated``: problem atoms the text never states (weighed lightly in the init, where texts
  omit obvious facts, more in the goal; atoms implied by the stated goal are not counted);
- ``abstract``: goal phrases judged against the pack's abstract goal wordings, and goal phrases
  read by description in any domain ("paint the whole top row black": the atoms it stands for,
  which then count as stated, or as missing where the problem lacks them).

Init facts the text implies rather than states (:mod:`.implied`, ``kind="implied"``) join the
init's lists; an init that breaks a proven mutex invariant costs :data:`NO_STATE_PENALTY`.
Where a goal cue split the text, a fact read in one section that the other holds counts as
stated there, and a goal conflict with no edit trace is doubted (:mod:`.sides`).

``similarity`` is ``exp(-penalty)`` (:mod:`.penalty`): the most confident conflict costs most
— one sure conflict is what rejects a problem, and many faint misreadings of a long text
should not add up to one — and unstated goal atoms more than unstated init atoms, with
weights fitted on the development sources. ``aligned`` is a
:class:`~.verdict.VerdictPolicy`'s verdict on the explanation (no threshold; by default False
when a conflict has confidence ≥ 0.5 or most of the goal is unstated): :func:`compare` leaves
it False and ``explain_pairs`` sets it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import asdict, dataclass, field

from .evidence import verified
from .grounding import GroundedClause, _members
from .misread import doubted_spans
from .penalty import ABSTRACT_STRONG, as_atom, similarity
from .sides import resettled, untraced
from .world import World

__all__ = [
    "AlignmentExplanation",
    "FactMatch",
    "ImpliedFacts",
    "SectionExplanation",
    "compare",
]

#: A fact is stated when a candidate in the problem has at least this share of the best's
#: probability.
SUPPORT = 0.5
#: A clause's other readings (other objects of the clause) this probable count as stated when
#: the problem has them.
SECONDARY = 0.1


def _fmt(atom: tuple[str, ...]) -> str:
    return "(" + " ".join(atom) + ")"


@dataclass(frozen=True)
class FactMatch:
    """One fact: the atom, the text span that states it, and how confident the reading is.

    ``kind``: ``text`` when the span states the fact, ``implied`` when the facts the span
    states imply it under the domain's invariants (:mod:`.implied`).
    """

    atom: str
    span: str
    start: int
    end: int
    confidence: float
    negated: bool = False
    kind: str = "text"


@dataclass(frozen=True)
class ImpliedFacts:
    """Init facts derived from the text's explicit facts and the domain's invariants
    (:mod:`.implied`)."""

    stated: tuple[FactMatch, ...] = ()
    contradicted: tuple[FactMatch, ...] = ()
    missing: tuple[FactMatch, ...] = ()
    notes: tuple[str, ...] = ()
    no_state: bool = False  # the problem's init breaks a proven at-most-one group
    #: Explicit facts (init, goal) the problem lacks whose reading breaks a proven
    #: at-most-one group with another fact the same text states: at most one of the two
    #: readings is right, so each is doubted by the other's confidence (:func:`doubt`).
    doubtful: tuple[FactMatch, ...] = ()
    doubtful_goal: tuple[FactMatch, ...] = ()

    def covered(self) -> frozenset[tuple[str, ...]]:
        """Problem atoms these facts account for (implied true, or implied false)."""
        return frozenset(
            tuple(f.atom.strip("()").split()) for f in (*self.stated, *self.contradicted)
        )


@dataclass(frozen=True)
class SectionExplanation:
    """The comparison of one section (init or goal) of the text with the problem."""

    stated: tuple[FactMatch, ...] = ()
    contradicted: tuple[FactMatch, ...] = ()
    missing_in_problem: tuple[FactMatch, ...] = ()
    unstated: tuple[str, ...] = ()
    abstract: tuple[FactMatch, ...] = ()
    problem_atoms: int = 0
    #: The unstated atoms relating objects no init sentence names together (:mod:`.apart`).
    apart: tuple[str, ...] = ()


@dataclass(frozen=True)
class AlignmentExplanation:
    """Why a text and a PDDL problem match or not, fact by fact; ``to_dict()`` is JSON-ready."""

    init: SectionExplanation
    goal: SectionExplanation
    similarity: float
    aligned: bool
    method: str = "facts"
    notes: tuple[str, ...] = field(default=())
    #: False when the problem could not be read or has no goal (the verdict is then False).
    readable: bool = True
    #: The text's objects against the problem's (:mod:`.inventory`, ``kind="object"``).
    objects: tuple[FactMatch, ...] = ()

    def conflicts(self) -> tuple[FactMatch, ...]:
        """Every contradicted or missing fact, init first, then the object conflicts."""
        i, g = self.init, self.goal
        said = (*i.contradicted, *i.missing_in_problem, *g.contradicted, *g.missing_in_problem)
        return (*said, *self.objects)

    def to_dict(self) -> dict:
        return asdict(self)


def _section(
    grounded: list[GroundedClause],
    truth: frozenset[tuple[str, ...]],
    also: frozenset[tuple[str, ...]],
    negatives: frozenset[tuple[str, ...]],
) -> tuple[list[FactMatch], list[FactMatch], list[FactMatch], set[tuple[str, ...]]]:
    """stated, contradicted, missing; and the problem atoms covered (stated)."""
    stated: dict[str, FactMatch] = {}
    contra: dict[str, FactMatch] = {}
    missing: dict[str, FactMatch] = {}
    covered: set[tuple[str, ...]] = set()
    ok = truth | also
    for g in grounded:
        if not g.candidates or g.null_probability >= g.candidates[0].probability:
            continue
        c = g.clause
        p_best = g.candidates[0].probability
        weight = min((m.confidence for s in c.slots for m in s), default=1.0)
        # the slots holding a list ("ball1, ball2 and ball3 are in roomb with the robot"): a
        # reading that leaves the list out (the robot in roomb) says nothing of each member
        listed = {i for i, s in enumerate(c.slots) if len(_members(s)) > 1}
        for _, per in g.facts():
            best_cand, best_atoms = per[0]
            if not best_atoms:
                continue
            need = listed & set(best_cand.slots)
            if g.negated:
                hit = [a for a in best_atoms if a in truth]
                atom = hit[0] if hit else best_atoms[0]
                fm = FactMatch(_fmt(atom), c.text, c.start, c.end, round(p_best * weight, 4), True)
                if hit and len(hit) == len(best_atoms):
                    contra.setdefault(fm.atom, fm)
                elif atom in negatives or not hit:
                    stated.setdefault(fm.atom, fm)
                continue
            support = 0.0
            support_atom = None
            for cand, atoms in per:
                inside = [a for a in atoms if a in ok]
                if not need <= set(cand.slots):
                    continue
                if inside and cand.probability > support:
                    support, support_atom = cand.probability, inside[0]
            # a clause may state more than its best reading ("b1 and b2 are in rooma with the
            # robot"): other readings the problem has, on other slots, count as stated too
            for cand, atoms in per[1:]:
                if cand.probability >= SECONDARY and cand.slots != best_cand.slots:
                    for a in atoms:
                        if a in truth and a not in covered:
                            covered.add(a)
                            stated.setdefault(
                                _fmt(a),
                                FactMatch(
                                    _fmt(a),
                                    c.text,
                                    c.start,
                                    c.end,
                                    round(cand.probability * weight, 4),
                                ),
                            )
            share = support / p_best if p_best > 0 else 0.0
            if share >= SUPPORT and support_atom is not None:
                fm = FactMatch(
                    _fmt(support_atom), c.text, c.start, c.end, round(support * weight, 4)
                )
                if fm.atom not in stated or stated[fm.atom].confidence < fm.confidence:
                    stated[fm.atom] = fm
                if support_atom in truth:
                    covered.add(support_atom)
            else:
                conf = round(p_best * (1.0 - share) * weight, 4)
                fm = FactMatch(_fmt(best_atoms[0]), c.text, c.start, c.end, conf)
                if fm.atom not in missing or missing[fm.atom].confidence < conf:
                    missing[fm.atom] = fm
    for a in list(missing):
        if a in stated:  # stated elsewhere with support: the reading that fits wins
            del missing[a]
    return list(stated.values()), list(contra.values()), list(missing.values()), covered


def _doubted(
    missing: list[FactMatch], doubtful: tuple[FactMatch, ...], notes: list[str]
) -> list[FactMatch]:
    """``missing`` with the doubtful readings (:func:`.implied.doubt`) at their lowered
    confidence, and a note naming each."""
    lower = {f.atom: f for f in doubtful}
    out = []
    for f in missing:
        d = lower.get(f.atom)
        if d is not None and d.confidence < f.confidence:
            notes.append(
                f"{f.atom} (from {f.span!r}) conflicts with another fact the text states: "
                f"doubted, confidence {f.confidence} -> {d.confidence}"
            )
            f = dataclasses.replace(f, confidence=d.confidence)
        out.append(f)
    return out


def _settle(
    world: World,
    init_g: list[GroundedClause],
    goal_g: list[GroundedClause],
    closure: frozenset[tuple[str, ...]],
    loose: tuple[tuple[int, int], ...],
) -> tuple[list[GroundedClause], list[GroundedClause]]:
    """Goal clauses inside a loose span (:mod:`.loose`) that state what the init has and the
    goal lacks move to the init ("b2 should end up on b3. At the moment b1 is on b2.")."""
    keep: list[GroundedClause] = []
    moved: list[GroundedClause] = []
    for g in goal_g:
        c = g.clause
        if c.section != "goal" or not any(a <= c.start < b for a, b in loose):
            keep.append(g)
            continue
        g_st, g_co, g_mi, _ = _section([g], world.goal_pos, closure, world.goal_neg)
        if g_st and not (g_co or g_mi):
            keep.append(g)
            continue
        i_st, i_co, i_mi, _ = _section([g], world.init, frozenset(), frozenset())
        (moved if i_st and not (i_co or i_mi) else keep).append(g)
    return init_g + moved, keep


def compare(
    world: World,
    grounded: list[GroundedClause],
    closure: frozenset[tuple[str, ...]] = frozenset(),
    implied_by_stated: frozenset[tuple[str, ...]] | None = None,
    abstract: tuple[FactMatch, ...] = (),
    implied_init: ImpliedFacts | None = None,
    described: tuple = (),
    loose: tuple[tuple[int, int], ...] = (),
    confident: float = 0.5,
    sides: bool = True,
) -> AlignmentExplanation:
    """The explanation of one pair from its grounded clauses (and the init facts they imply).

    ``described``: goal phrases read by description (:func:`.abstract.described_goals`), each
    a set of goal atoms; its atoms the goal has are stated, the others are missing from the
    problem, and it replaces the fact readings of the same span. ``loose``: spans of goal
    sentences with no goal cue of their own (:mod:`.loose`); a clause there that the goal
    does not support but the init does is read as an init fact. A conflict at ``confident``
    (the verdict's bar) or above is checked against its span's words (:mod:`.evidence`).
    ``sides``: judge facts read in the wrong section (:mod:`.sides`) where a cue split the text."""
    notes: list[str] = []
    if not world.parsed:
        notes.append("the PDDL problem could not be read")
    # a goal clause that reads as a static fact (no action changes it: "p1 wants to go to f2")
    # describes the state, so it is checked against the init
    static = [
        g.clause.section == "goal"
        and bool(g.candidates)
        and world.predicates[g.candidates[0].predicate].static
        for g in grounded
    ]
    init_g = [
        g for g, s in zip(grounded, static, strict=True) if s or g.clause.section in ("init", "any")
    ]
    goal_g = [
        g for g, s in zip(grounded, static, strict=True) if not s and g.clause.section != "init"
    ]
    if loose:
        init_g, goal_g = _settle(world, init_g, goal_g, closure, loose)
    if any(g.clause.section == "any" for g in grounded):
        notes.append("no goal cue in the text: facts are checked against init and goal")
        # a fact with unknown section may come from either side
        i_st, i_co, i_mi, i_cov = _section(
            init_g, world.init, world.goal_pos | closure, frozenset()
        )
        g_st, g_co, g_mi, g_cov = i_st, i_co, i_mi, i_cov
        g_cov = {a for a in world.goal_pos if ("(" + " ".join(a) + ")") in {f.atom for f in i_st}}
        i_cov = i_cov & world.init
    else:
        i_st, i_co, i_mi, i_cov = _section(init_g, world.init, frozenset(), frozenset())
        g_st, g_co, g_mi, g_cov = _section(goal_g, world.goal_pos, closure, world.goal_neg)
    if described:
        spans = [(d.match.start, d.match.end) for d in described]

        def other(f: FactMatch) -> bool:
            return not any(a < f.end and f.start < b for a, b in spans)

        g_co, g_mi = [f for f in g_co if other(f)], [f for f in g_mi if other(f)]
        known = {f.atom for f in g_mi}
        anywhere = world.init if any(g.clause.section == "any" for g in grounded) else frozenset()
        for d in described:  # with no goal cue, a description may state the init
            g_cov = set(g_cov) | (d.atoms & world.goal_pos)
            for a in sorted(d.atoms - world.goal_pos - closure - anywhere):
                fm = dataclasses.replace(d.match, atom=_fmt(a))
                if fm.atom not in known:
                    g_mi.append(fm)
                    known.add(fm.atom)
    if implied_init is not None:  # facts the text implies: after the ones it states
        known = {f.atom for f in (*i_st, *i_co, *i_mi)}
        i_st = i_st + [f for f in implied_init.stated if f.atom not in known]
        i_co = i_co + [f for f in implied_init.contradicted if f.atom not in known]
        i_mi = i_mi + [f for f in implied_init.missing if f.atom not in known]
        i_cov = set(i_cov) | (implied_init.covered() & world.init)
        notes += implied_init.notes
        i_mi = _doubted(i_mi, implied_init.doubtful, notes)
        g_mi = _doubted(g_mi, implied_init.doubtful_goal, notes)
    typed = {a for a in world.init if a[0] in world.type_preds}
    init_atoms = world.init - typed
    implied = implied_by_stated or frozenset()
    ds = [d.match for d in described]
    cued = sides and not any(g.clause.section == "any" for g in grounded)
    if cued:  # a fact the other section holds was read in the wrong one (:mod:`.sides`)
        n_i, n_g = len(i_st), len(g_st)
        i_un = (init_atoms - i_cov) | {as_atom(f.atom) for f in i_co}  # where an edit shows
        g_un = (world.goal_pos - g_cov - implied) | {as_atom(f.atom) for f in g_co}
        got = implied_init or ImpliedFacts()  # readings already doubted keep that
        kept = {f.atom for f in (*got.doubtful, *got.doubtful_goal)}
        (i_st, i_mi), (g_st, g_mi) = resettled(world.init, world.goal_pos, (i_st, i_mi), (g_st,
                                               g_mi), notes, i_un, g_un, ds, kept)  # fmt: skip
        i_cov = set(i_cov) | {as_atom(f.atom) for f in i_st[n_i:]}
        g_cov = set(g_cov) | {as_atom(f.atom) for f in g_st[n_g:]}
    init_unstated = sorted(init_atoms - i_cov)
    goal_unstated = sorted(world.goal_pos - g_cov - implied)
    strong = [f for f in abstract if f.confidence >= ABSTRACT_STRONG]
    if strong and goal_unstated:
        goal_unstated = []  # judged by the abstract description instead
    # (a weaker likeness to the pack's wording shrinks the unstated cost: :mod:`.penalty`)
    # a reading that would reject is checked against its own words (:mod:`.evidence`)
    left = [_fmt(a) for a in (*init_unstated, *goal_unstated)]
    denied = [f.atom for f in i_co]  # the init atoms the text denies: an edit's trace too
    i_co, i_mi, g_co, g_mi = (verified(world, x, left, confident, notes, k < 2, denied)
                              for k, x in enumerate((i_co, i_mi, g_co, g_mi)))  # fmt: skip
    n_i = len(init_unstated)  # a span misread: :mod:`.misread`
    (i_co, i_mi), (g_co, g_mi) = doubted_spans(i_st, i_co, i_mi, g_st, g_co, g_mi, left[:n_i],
                                               left[n_i:], ds, notes)  # fmt: skip
    if cued:  # a goal conflict with no edit trace (:mod:`.sides`)
        g_mi = untraced(world.goal_pos, g_mi, ds, notes, set(init_unstated))
    init_sec = SectionExplanation(
        tuple(i_st),
        tuple(i_co),
        tuple(i_mi),
        tuple(_fmt(a) for a in init_unstated),
        (),
        len(init_atoms),
    )
    goal_sec = SectionExplanation(
        tuple(g_st),
        tuple(g_co),
        tuple(g_mi),
        tuple(_fmt(a) for a in goal_unstated),
        (*abstract, *(d.match for d in described)),
        len(world.goal_pos),
    )
    readable = world.parsed and bool(world.goal_pos or world.goal_neg)
    # the verdict reads this explanation (:mod:`.verdict`): explain_pairs sets it
    e = AlignmentExplanation(init_sec, goal_sec, 0.0, False, "facts", tuple(notes), readable)
    return dataclasses.replace(e, similarity=similarity(e))
