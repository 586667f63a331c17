"""Fact-level text↔PDDL alignment: a careful reader's check of a problem against a request.

Stages, each its own module: :mod:`.world` (the problem and its predicate vocabulary;
:mod:`.unknown`: objects the text names that the problem lacks),
:mod:`.mentions` (object mentions → objects; :mod:`.counted`: "all five", "the
others"; :mod:`.openers`: "Robot is in room2."; :mod:`.shortened`: "rm1" for room1;
:mod:`.related`: objects described by an init relation, "the two balls the robot carries",
"the kitchen balls", "distributor1's pallet"; :mod:`.epithets`: an epithet the text gave an
object, "d2 the large … the large one"),
:mod:`.clauses` (init/goal sections,
one fact per clause; :mod:`.reading`: a text's tokens, mentions and sections, read once and
shared by every clause reader; :mod:`.restated`: a closing summary is skipped; :mod:`.lists`;
:mod:`.verb_lists`: "bring b1, b2 and b3 to r"; :mod:`.converse`: "from w1 to w2 and back",
"between wpa and wpb"; :mod:`.stacked`: "d2 underneath and d1 on top"; :mod:`.pieces`: "n0,
n1 above n0";
:mod:`.records`: "instr0: on board sat0; …";
:mod:`.glosses`: "c2 has one block (height n1)"; :mod:`.distributive`: "c1 and c2, each
with its own airport (a1 and a2 respectively)"),
:mod:`.ownership` (ownership a text states once: "r1 has grippers g1 and g2"),
:mod:`.arguments` (arguments left out because one object fits them), :mod:`.grounding`
(clause → candidate atoms, :mod:`.candidates`, via the predicates' wordings and the encoder;
negation scope, :mod:`.scope`; polarity beyond "not", :mod:`.polarity`: "d2, not d1, joins
the bay", "still untouched", "a1 and b2 are not linked"; asides and fragments that state no
fact, :mod:`.context`),
:mod:`.inventory` (the text's objects against the problem's: a name no object answers to,
a declared inventory of another size), :mod:`.implied` (init facts the text implies under
the domain's mutex invariants; :mod:`.further`: a clause's readings beside its best one),
:mod:`.abstract` (goals stated by description: a pack's wordings, or in any domain a
quantified set, "the whole top row", "all other positions" (:mod:`.quantified`), two objects
that trade places), :mod:`.explain` (comparison, similarity and verdict; :mod:`.evidence`:
a conflict that would reject checked against its span's own words; :mod:`.apart`: unread init
atoms whose objects no init sentence names together).
:func:`explain_pairs` runs them on a batch with one encoder pass over all new wordings.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ...domain_pack import DomainPack
from ...errors import PlanetariumError
from ...parsing import Atom, Goal, parse_problem
from ...parsing.model import Domain
from ..encoder import Encoder
from ..goals import describe_goals, pack_of
from .abstract import abstract_matches, described_goals
from .aliases import expand_aliases
from .apart import with_apart
from .arguments import elided_clauses
from .clauses import Clause, split_clauses
from .converse import converse_clauses
from .distributive import expand_own
from .exceptions import except_clauses
from .explain import AlignmentExplanation, FactMatch, SectionExplanation, compare
from .grids import grid_clauses
from .grounding import _options, ground_clauses
from .implied import imply, problem_groups
from .indexed import Expansion, expand_indices, restore_spans
from .inventory import object_conflicts, with_object_conflicts
from .loose import loose_spans
from .mentions import Mention, find_mentions
from .moved import moved_clauses
from .naming import name_clauses, nullary_clauses
from .ownership import narrowed, owners
from .placed_lists import placed_list_clauses
from .polarity import contrast_clauses, exclusive_tails, reciprocal_denials
from .reading import Reading
from .records import record_clauses
from .relative import with_clauses
from .restated import without_summary
from .sequences import oriented, sequence_clauses
from .stacked import ended_clauses
from .structured import with_structured
from .templates import flipped
from .towers import tower_clauses
from .unknown import with_unknown_objects
from .verdict import DEFAULT_POLICY, VerdictPolicy
from .world import World, read_world

__all__ = [
    "AlignmentExplanation",
    "Clause",
    "FactMatch",
    "Mention",
    "SectionExplanation",
    "World",
    "explain_pairs",
    "find_mentions",
    "read_world",
    "split_clauses",
]

#: Problems with more atoms than this are not closed under fullySpecify (bounded time).
MAX_CLOSED_ATOMS = 400
#: Characters of a request read at most (a request is a paragraph; bounded time on hostile
#: input), and clauses grounded per request at most.
MAX_TEXT_CHARS = 20_000
MAX_CLAUSES = 400


def _pack(
    domain: str | DomainPack | Domain | None, pddl: str
) -> tuple[DomainPack | None, Domain | str | None]:
    if isinstance(domain, DomainPack):
        return domain, domain.domain
    if isinstance(domain, Domain):
        return None, domain
    if isinstance(domain, str) and "(" in domain:
        return None, domain  # a domain file's text
    if isinstance(domain, str) and domain:
        from ...packs import default_registry

        reg = default_registry()
        if domain in reg:
            return reg[domain], reg[domain].domain
    pack = pack_of(pddl)
    return pack, (pack.domain if pack is not None else None)


def _closures(pack: DomainPack | None, pddl: str, stated_goal: set[tuple[str, ...]]):
    """The goal's fullySpecify closure and the closure of the goal atoms the text states, by
    the pack's rules (fast); empty where there are none or they decline."""
    if pack is None or pack.fully_specify is None:
        return frozenset(), frozenset()
    try:
        problem = parse_problem(pddl, pack.domain, typing="relaxed")
    except PlanetariumError:
        return frozenset(), frozenset()
    if problem.size > MAX_CLOSED_ATOMS:
        return frozenset(), frozenset()

    def close(p) -> frozenset[tuple[str, ...]]:
        try:
            got = pack.fully_specify(p, pack.domain)  # type: ignore[misc]
        except Exception:  # pack code: a failure means "no closure"
            return frozenset()
        atoms = getattr(got, "positive", got)
        if not atoms:
            return frozenset()
        return frozenset((a.predicate.lower(), *(x.lower() for x in a.args)) for a in atoms)

    full = close(problem)
    implied: frozenset = frozenset()
    if stated_goal:
        names = {o.lower(): o for o in problem.objects}
        preds = {p.lower(): p for p in pack.domain.predicates}
        try:
            atoms = frozenset(
                Atom(preds[a[0]], tuple(names[x] for x in a[1:])) for a in stated_goal
            )
            implied = close(dataclasses.replace(problem, goal=Goal(positive=atoms)))
        except KeyError:
            implied = frozenset()
    return full, implied


def explain_pairs(
    enc: Encoder,
    texts: Sequence[str],
    pddls: Sequence[str],
    domain: str | DomainPack | Domain | None = None,
    policy: VerdictPolicy = DEFAULT_POLICY,
) -> list[AlignmentExplanation]:
    """The explanation of each (text, PDDL problem) pair, its ``aligned`` the ``policy``'s
    verdict (no threshold); never raises on bad input."""
    vocab = enc.tokenizer.get_vocab() if hasattr(enc.tokenizer, "get_vocab") else None
    worlds: dict[str, tuple[World, DomainPack | None]] = {}
    groups: dict[str, tuple] = {}
    prepared = []
    for text, pddl in zip(texts, pddls, strict=True):
        spans: tuple[Expansion, ...] = ()
        named: tuple[str, tuple[Expansion, ...]] = (text, ())
        own_at: tuple[str, tuple[Expansion, ...]] = (text, ())
        before = text  # the text the index expansions read
        if pddl not in worlds:
            pack, dom = _pack(domain, pddl)
            desc = pack.descriptions.predicates if pack is not None and pack.descriptions else None
            worlds[pddl] = (read_world(pddl, dom, desc, vocab), pack)
            groups[pddl] = problem_groups(dom, pddl)
        world, pack = worlds[pddl]
        base = world  # the problem's own objects (before the text's unknown names join)
        try:
            read = without_summary(text[:MAX_TEXT_CHARS])  # a closing summary restates
            aliased, renamed = expand_aliases(read, world)  # "ball2 (B-2 from now on)"
            named, read = (aliased, renamed), aliased
            world = with_unknown_objects(world, read)  # "b4" against a problem of b1…b3
            read, own = expand_own(read, world)  # "c1 and c2, each with its own airport (…)"
            own_at, before = (aliased, own), read
            read, spans = expand_indices(read, world)  # "each hub hubN carries wheel wN"
            reading = Reading.of(read, world)  # tokens, mentions, sections: once per text
            said = split_clauses(read, world, reading=reading)
            said = [c for c in said if any(ch.isalnum() for ch in c.text)]
            said = with_clauses(flipped(said, read), read, world)  # "d2 on b with d1 on top of it"
            clauses = name_clauses(read, world, said)  # no bare "." clause
            clauses = sequence_clauses(reading, clauses)
            clauses = grid_clauses(reading, clauses)
            clauses = tower_clauses(reading, clauses)
            clauses = ended_clauses(reading, clauses)  # "d2 underneath and d1 on top"
            clauses = moved_clauses(reading, clauses)  # "the same tower on peg3"
            clauses = placed_list_clauses(reading, clauses)  # "In the boot: the jack, …"
            clauses = converse_clauses(read, world, clauses)  # "from w1 to w2 and back"
            clauses = record_clauses(reading, clauses)  # "instr0: on board sat0; supports …"
            clauses = except_clauses(read, world, clauses)  # "all on the table except b6"
            clauses = contrast_clauses(read, clauses)  # "depot1-2, not depot1-1, joins …"
            clauses = exclusive_tails(read, world, clauses)  # "s1, s4 and s5, and no other"
            clauses = reciprocal_denials(clauses)  # "a1 and b2 are not linked"
            clauses = with_structured(reading, clauses)[:MAX_CLAUSES]
            clauses = nullary_clauses(enc, world, clauses)
            owned, clauses = owners(read, world, clauses)
            clauses = narrowed(world, owned, read, clauses)
            clauses = elided_clauses(world, clauses, owned)
            loose = loose_spans(reading)
        except Exception:  # a reading bug must cost this pair its clauses, never the batch
            read, spans, clauses, loose, reading = text[:MAX_TEXT_CHARS], (), [], (), None
            named = own_at = (read, ())
            before = read
        prepared.append(
            (world, pack, clauses, loose, read, spans, reading, base, named, own_at, before)
        )
    strings = {c.template for _, _, cl, *_ in prepared for c in cl}
    strings |= {
        o[i]
        for w, _, cl, *_ in prepared
        for c in cl
        for o in _options(w, c)
        for i in (2, 4, 5, 6)
        if o[i]
    }
    if strings:
        enc.embed(sorted(strings))  # one batch; grounding below reads the encoder's cache
    out = []
    bar = policy.confident  # conflicts from this confidence are checked (:mod:`.evidence`)
    for (
        (world, pack, clauses, loose, read, spans, reading, base, named, own_at, before),
        pddl,
        text,
    ) in zip(prepared, pddls, texts, strict=True):
        try:
            grounded = oriented(world, ground_clauses(enc, world, clauses))
            # the first reading (for closures and implied facts) keeps each fact in the
            # section it was read in (:mod:`.sides` judges the final one)
            first = compare(world, grounded, loose=loose, confident=bar, sides=False)
            stated = {tuple(f.atom.strip("()").split()) for f in first.goal.stated}
            full, implied = _closures(pack, pddl, stated & world.goal_pos)
            inv = imply(world, groups[pddl], first, grounded, loose)
            got = compare(world, grounded, full, implied, (), inv, loose=loose, confident=bar)
            if got.goal.unstated:
                found: tuple[FactMatch, ...] = ()
                if pack is not None and pack.describe_goal is not None:
                    said = describe_goals([pddl], pack)[0]
                    found = abstract_matches(enc, read, said, world)
                # no reading: the pair has no clauses, nothing is read by description
                desc = described_goals(enc, reading, clauses) if reading is not None else ()
                if found or desc:
                    got = compare(world, grounded, full, implied, found, inv, desc, loose, bar)
            got = with_apart(got, reading)  # unread init atoms whose objects no sentence joins
            got = restore_spans(got, before, spans)  # the index expansions, then "its own"
            got = restore_spans(got, own_at[0], own_at[1])
            got = restore_spans(got, text, named[1])  # a name the text defines: its own span
            # the text's objects against the problem's: "bob", "room 3", "2 balls" (.inventory)
            got = with_object_conflicts(got, object_conflicts(text[:MAX_TEXT_CHARS], base, pddl))
            out.append(dataclasses.replace(got, aligned=policy.accepts(got)))
        except Exception as exc:  # same: one pair scored 0 with the reason, never a crash
            note = f"could not be compared ({type(exc).__name__})"
            out.append(
                AlignmentExplanation(
                    SectionExplanation(), SectionExplanation(), 0.0, False, "facts", (note,), False
                )
            )
    return out
