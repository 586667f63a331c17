"""Init facts the text implies but never says: what its explicit facts, the domain's mutex
invariants and the closed world entail.

A careful reader of "b3 is on b1, b1 and b2 are on the table, the hand is empty" knows that b3
and b2 are clear and that nothing is held, although no word says so. The domain's rules carry
that knowledge: groups of atoms of which at most one is true in every state (blocksworld's
``{(clear b1), (on ?x b1), (holding b1)}``), proven for this problem by
:func:`~planetarium_plugin.specify.invariants.mutex_groups` over its ground actions (no init is
trusted: the problem's init is what is being checked). With them:

- a problem atom in a group where the text states another member is false by the text
  (``contradicted``, kind ``implied``, with the span of that member); a problem init with two
  members of a group describes no state at all (``contradicted`` even if the text states
  neither, with a note naming both), nor does one with no member of a group that every other
  instance of its schema has exactly one of (a note);
- a group that also holds *at least* one atom (every action that deletes a member adds one),
  whose schema the text describes (it states a member of one of its instances), and of whose
  members the text leaves exactly one possible — the others are false by the text's explicit
  facts and the groups, or by the closed world over a predicate the text describes completely
  (it states every atom of that predicate the problem's init has) — makes that member true:
  ``stated`` (kind ``implied``) when the problem has it, ``missing_in_problem`` when not.

Only domain knowledge from the domain's PDDL; a text that describes no predicate of a group
(a goal-only request) gets no implied facts from it.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ...errors import PlanetariumError, WorkBudget
from ...parsing import Domain, parse_domain, parse_problem
from ...specify.grounding import GroundAction, ground_actions
from ...specify.invariants import candidate_schemas, mutex_groups
from .explain import AlignmentExplanation, FactMatch, ImpliedFacts
from .further import further_readings
from .world import World

__all__ = [
    "Group",
    "ImpliedFacts",
    "doubt",
    "imply",
    "implied_init",
    "init_groups",
    "problem_groups",
]

Fact = tuple[str, ...]

#: Confidence of a conflict between the problem's init and the invariants alone (no text
#: involved: such an init is no state of the domain).
SELF_CONTRADICTION = 1.0
#: An implied fact's confidence: this share of the weakest text fact it rests on.
IMPLIED = 0.8
#: Work spent grounding one problem for its invariants at most, in the grounder's deadline
#: checks (one per 64 bindings tried): a count, not seconds, so that a problem's invariants, and
#: so its score, never depend on the machine's load. The largest problem of the public set
#: needs 25 (planbench logistics, 729 actions; about 1 ms each on a quiet box). The seconds are
#: a backstop for hostile input only.
GROUND_CHECKS = 1_000
GROUND_SECONDS = 30.0
MAX_ACTIONS = 20_000
#: Atoms of a group a note names at most.
MAX_NAMED = 4


@dataclass(frozen=True)
class Group:
    """A proven at-most-one group of ground atoms (lower case); ``at_least_one``: every action
    that deletes a member adds one; ``schema``: which lifted schema it instantiates."""

    atoms: frozenset[Fact]
    at_least_one: bool
    schema: int


def _tuple(atom: str) -> Fact:
    return tuple(atom.strip("()").split())


def _fmt(atom: Fact) -> str:
    return "(" + " ".join(atom) + ")"


def _low(atoms: Iterable) -> frozenset[Fact]:
    return frozenset((a.predicate.lower(), *(x.lower() for x in a.args)) for a in atoms)


def _keeps_one(group: frozenset, actions: Sequence[GroundAction]) -> bool:
    """Does every action that deletes a member add one (or never run with one member)?"""
    for act in actions:
        gone = (act.delete - act.add) & group
        if gone and not act.add & group and len(act.pre_pos & group) <= 1:
            return False
    return True


def init_groups(domain: Domain, pddl: str) -> tuple[Group, ...]:
    """The proven mutex groups of ``pddl``'s objects under ``domain`` (empty when the problem
    cannot be read or grounded in bounded time); cached per domain and problem text."""
    if domain.text:
        return _groups_cached(domain.text, pddl)
    return _groups(domain, pddl)


@functools.lru_cache(maxsize=64)
def _parsed(domain_text: str) -> Domain | None:
    try:
        return parse_domain(domain_text, lenient=True)
    except PlanetariumError:
        return None


@functools.lru_cache(maxsize=512)
def _groups_cached(domain_text: str, pddl: str) -> tuple[Group, ...]:
    domain = _parsed(domain_text)  # one parse per domain text, not per problem
    return () if domain is None else _groups(domain, pddl)


def _groups(domain: Domain, pddl: str) -> tuple[Group, ...]:
    try:
        problem = parse_problem(pddl, domain, typing="relaxed")
        actions = ground_actions(problem, domain, WorkBudget(GROUND_CHECKS, GROUND_SECONDS))
        if len(actions) > MAX_ACTIONS:
            return ()
        schemas = candidate_schemas(domain)
    except (PlanetariumError, RecursionError, ValueError, KeyError):
        return ()
    # every ground action, not only those reachable from this init: the init is what is
    # checked, and a changed fact can strand a block that the real state leaves free
    atoms = set(problem.init)
    for act in actions:
        atoms |= act.add | act.pre_pos
    out: list[Group] = []
    # no init is trusted (it is what is checked): mutex_groups proves the groups from the
    # actions alone; which of them real states keep is judged in _trusted
    for i, schema in enumerate(schemas):
        for g in mutex_groups([schema], frozenset(), atoms, actions):
            out.append(Group(_low(g.atoms), _keeps_one(g.atoms, actions), i))
    return tuple(out)


def _text_world(
    facts: Iterable[FactMatch], world: World, any_section: bool
) -> dict[Fact, FactMatch]:
    out: dict[Fact, FactMatch] = {}
    for f in facts:
        a = _tuple(f.atom)
        if f.negated or (any_section and a not in world.init):
            continue
        if a not in out or out[a].confidence < f.confidence:
            out[a] = f
    return out


def implied_init(
    world: World,
    groups: Sequence[Group],
    stated: Sequence[FactMatch],
    missing: Sequence[FactMatch],
    negated: Sequence[FactMatch] = (),
    any_section: bool = False,
    loose: Sequence[tuple[int, int]] = (),
) -> ImpliedFacts:
    """The init facts implied by the text's explicit init facts (``stated``: problem atoms
    the text states; ``missing``: ones it states that the problem lacks; ``negated``: ones
    it says are false) under the proven ``groups``. ``any_section``: the text has no goal
    cue, so only stated atoms of the problem's init count as init facts."""
    if not groups or not world.parsed:
        return ImpliedFacts()
    said = _text_world(stated, world, any_section)
    if not any_section:
        for a, f in _text_world(missing, world, False).items():
            said.setdefault(a, f)
    init = world.init
    amo, exact = _trusted(groups, init, said)
    trusted = [g for i, g in enumerate(groups) if i in amo]
    doubted = {} if any_section else doubt(trusted, said, init, loose)
    for a in doubted:  # a doubtful reading implies nothing
        del said[a]
    contra: dict[Fact, FactMatch] = {}
    notes: list[str] = []
    for i, g in enumerate(groups):
        if i not in amo:
            continue
        true = g.atoms & init
        support = [said[a] for a in g.atoms if a in said]
        if len(true) > 1:  # no state of the domain: blame what the text does not state
            names = " and ".join(_fmt(a) for a in sorted(true))
            notes.append(f"no state of the domain has {names} together (the problem's init)")
            s = support[0] if len(support) == 1 else None
            for a in sorted(true - said.keys() or true):
                fm = FactMatch(
                    _fmt(a),
                    s.span if s else "",
                    s.start if s else 0,
                    s.end if s else 0,
                    SELF_CONTRADICTION,
                    kind="implied",
                )
                contra[a] = fm
        elif len(support) == 1 and true and true != {_tuple(support[0].atom)}:
            s = support[0]  # the text states another member of the group
            for a in true:
                fm = FactMatch(_fmt(a), s.span, s.start, s.end, s.confidence, kind="implied")
                if a not in contra or contra[a].confidence < fm.confidence:
                    contra[a] = fm
    for i in sorted(exact):
        if not groups[i].atoms & init:  # every other instance has one: so must this one
            names = ", ".join(_fmt(a) for a in sorted(groups[i].atoms)[:MAX_NAMED])
            more = ", …" if len(groups[i].atoms) > MAX_NAMED else ""
            notes.append(f"no state of the domain has none of {names}{more} (the problem's init)")
    doubts = tuple(doubted.values())
    if not said:  # nothing stated in the init: nothing implied true either
        return ImpliedFacts(
            (), tuple(contra.values()), (), tuple(notes), bool(notes), doubtful=doubts
        )
    exactly = [g for i, g in enumerate(groups) if i in exact]
    stated_out, missing_out = _implied_true(world, trusted, exactly, said, negated, contra)
    return ImpliedFacts(
        tuple(stated_out),
        tuple(contra.values()),
        tuple(missing_out),
        tuple(notes),
        bool(notes),
        doubtful=doubts,
    )


def doubt(
    groups: Sequence[Group],
    said: Mapping[Fact, FactMatch],
    truth: frozenset[Fact],
    loose: Sequence[tuple[int, int]] = (),
) -> dict[Fact, FactMatch]:
    """The text's facts that ``truth`` (the problem's section) lacks and whose reading breaks a
    proven at-most-one group with another fact the same text states and the problem has
    ("the arm is empty" and "b3 … held"; b1 on b2 and on the table): at most one of the two
    readings is right, so one is a misreading. With the readings' confidences as independent
    chances c_F, c_G, the chance that F is right given that at most one is, ``c_F(1 − c_G) /
    (1 − c_F·c_G)``, replaces F's confidence (G: its strongest competitor). A text that says
    one thing per group is never doubted, so a problem that changes a fact the text states
    clearly is still contradicted at full confidence; nor is a fact whose competitors the
    problem lacks too (the text itself, not one reading, is then in question), nor one from a
    sentence with no section cue of its own (``loose``: :mod:`.loose`, "k3 is on the table
    too" after a goal), which may state the other state than its competitor."""
    out: dict[Fact, FactMatch] = {}
    for g in groups:
        members = [
            a for a in g.atoms if a in said and not any(x <= said[a].start < y for x, y in loose)
        ]
        held = [said[b].confidence for b in members if b in truth]
        if len(members) < 2 or not held:
            continue
        other = min(1.0, max(held))
        for a in members:
            if a in truth:
                continue
            mine = min(1.0, said[a].confidence)
            both = 1.0 - mine * other
            conf = round(mine * (1.0 - other) / both, 4) if both > 0 else 0.5 * mine
            if a not in out or out[a].confidence > conf:
                out[a] = dataclasses.replace(said[a], confidence=conf)
    return out


def _trusted(
    groups: Sequence[Group], init: frozenset[Fact], said: Mapping[Fact, FactMatch]
) -> tuple[set[int], set[int]]:
    """Groups (indices) trusted to hold at most one atom, and exactly one, in every state the
    text could describe. A group is proven inductive, but "at most one" is a fact about
    states only where the initial states have it ("a bay is vacant or holds one car" is
    inductive, and so is "the valet is idle or some bay is vacant", which real states
    break). The evidence: the text and the problem never agree on two members of one
    instance of the group's schema, and the problem's own init has at most one member in
    every *other* instance (exactly one, and there is at least one other, for "exactly
    one"); a group of two true atoms counts as broken only where other instances show the
    schema holds.
    """
    by_schema: dict[int, list[int]] = {}
    for i, g in enumerate(groups):
        by_schema.setdefault(g.schema, []).append(i)
    count = [len(g.atoms & init) for g in groups]
    agreed = init & said.keys()
    amo: set[int] = set()
    exact: set[int] = set()
    for members in by_schema.values():
        if any(len(groups[i].atoms & agreed) > 1 for i in members):
            continue  # text and problem agree on two members: real states break the schema
        over = [i for i in members if count[i] > 1]
        not_one = [i for i in members if count[i] != 1]
        for i in members:
            if [j for j in over if j != i] or (count[i] > 1 and len(members) < 2):
                continue
            amo.add(i)
            others_one = len(members) > 1 and not [j for j in not_one if j != i]
            if groups[i].at_least_one and others_one:
                exact.add(i)
    return amo, exact


def _implied_true(
    world: World,
    groups: Sequence[Group],
    exactly: Sequence[Group],
    said: Mapping[Fact, FactMatch],
    negated: Sequence[FactMatch],
    contra: Mapping[Fact, FactMatch],
) -> tuple[list[FactMatch], list[FactMatch]]:
    """Members of exactly-one groups that the text's facts leave as the only possibility
    (``groups``: the trusted at-most-one groups, ``exactly``: the exactly-one ones)."""
    init = world.init
    said_preds = {a[0] for a in said}
    closed = {p for p in said_preds if all(a in said for a in init if a[0] == p)}
    described = {g.schema for g in groups if g.atoms & said.keys()}
    # false by an explicit fact: another member of one of its groups is stated
    false_by: dict[Fact, FactMatch] = {}
    for g in groups:
        support = [said[a] for a in g.atoms if a in said]
        if len(support) == 1:
            for a in g.atoms - said.keys():
                if a not in false_by or false_by[a].confidence < support[0].confidence:
                    false_by[a] = support[0]
    denied = {_tuple(f.atom) for f in negated}
    stated_out: dict[Fact, FactMatch] = {}
    missing_out: dict[Fact, FactMatch] = {}
    for g in exactly:
        if g.schema not in described or g.atoms & said.keys():
            continue
        open_, reasons = [], []
        for a in sorted(g.atoms):
            if a in false_by:
                reasons.append(false_by[a])
            elif a in denied or a[0] in closed:
                continue
            else:
                open_.append(a)
        if len(open_) != 1 or open_[0] in contra:
            continue
        a = open_[0]
        weakest = min(reasons, key=lambda f: f.confidence, default=None)
        conf = round(IMPLIED * (weakest.confidence if weakest else 1.0), 4)
        span = weakest or next(iter(said.values()))
        fm = FactMatch(_fmt(a), span.span, span.start, span.end, conf, kind="implied")
        (stated_out if a in init else missing_out).setdefault(a, fm)
    return list(stated_out.values()), list(missing_out.values())


def problem_groups(domain: Domain | str | None, pddl: str) -> tuple[Group, ...]:
    """:func:`init_groups` for a parsed domain, a domain file's text, or none (no groups);
    never raises (hostile input costs the pair its implied facts, nothing more)."""
    try:
        if isinstance(domain, str):
            return _groups_cached(domain, pddl)
        return init_groups(domain, pddl) if isinstance(domain, Domain) else ()
    except Exception:  # a reasoning failure on odd input: no invariants, never a crash
        return ()


def imply(
    world: World,
    groups: Sequence[Group],
    first: AlignmentExplanation,
    grounded: Sequence,
    loose: Sequence[tuple[int, int]] = (),
) -> ImpliedFacts | None:
    """The implied init facts of a first explanation (its stated, missing and negated init
    facts); None when there are none."""
    if not groups:
        return None
    init = first.init
    got = implied_init(
        world,
        groups,
        [f for f in init.stated if not f.negated],
        [f for f in init.missing_in_problem if not f.negated] + further_readings(world, grounded),
        [f for f in (*init.stated, *init.contradicted) if f.negated],
        any(g.clause.section == "any" for g in grounded),
        loose,
    )
    if not any(g.clause.section == "any" for g in grounded):
        amo, _ = _trusted(groups, world.init, _text_world(init.stated, world, False))
        goal = first.goal
        said = _text_world((*goal.stated, *goal.missing_in_problem), world, False)
        trusted = [g for i, g in enumerate(groups) if i in amo]
        doubted = doubt(trusted, said, world.goal_pos, loose)
        if doubted:
            got = dataclasses.replace(got, doubtful_goal=tuple(doubted.values()))
    useful = (got.stated, got.contradicted, got.missing, got.notes, got.doubtful)
    return got if any(useful) or got.doubtful_goal else None
