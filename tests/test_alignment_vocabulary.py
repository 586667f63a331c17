"""Requests over a domain no pack describes, read with the domain file's own words (issue 19):
predicates named outright ("the relation \"stored-in\""), call syntax in parameter order,
negations inside predicate names, the domain's verbs and cue words. Small domains and wordings
written for these tests."""

from __future__ import annotations

import pytest

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts import find_mentions, read_world, split_clauses
from planetarium_plugin.alignment.facts.naming import name_clauses, named_predicates
from planetarium_plugin.alignment.facts.reading import Reading
from planetarium_plugin.alignment.facts.sections import sections, vocabulary_words
from planetarium_plugin.alignment.facts.sequences import sequence_clauses
from planetarium_plugin.alignment.facts.vocabulary import name_negated, negations

LAB = """(define (domain lab)
  (:requirements :strips :typing)
  (:types sample room)
  (:predicates (stored-in ?s - sample ?r - room)   ; sample ?s is kept in room ?r
               (sealed ?s - sample)                ; ?s is sealed
               (not_frozen ?s - sample)
               (frozen ?s - sample)
               (no_salt_sample ?s - sample)
               (colder ?a - room ?b - room)         ; room ?b is colder than room ?a
               (awaits ?s - sample ?r - room))      ; ?s wants to be moved to ?r
  (:action carry
    :parameters (?s - sample ?a ?b - room)
    :precondition (stored-in ?s ?a)
    :effect (and (stored-in ?s ?b) (not (stored-in ?s ?a))))
  (:action thaw
    :parameters (?s - sample)
    :precondition (frozen ?s)
    :effect (and (not (frozen ?s)) (not_frozen ?s))))"""


def _problem(init: str, goal: str) -> str:
    return (
        "(define (problem p) (:domain lab) (:objects s1 s2 - sample r1 r2 r3 - room)"
        f" (:init {init}) (:goal (and {goal})))"
    )


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner(domain=LAB)


def _atoms(facts) -> set[str]:
    return {f.atom for f in facts}


def test_negation_words_and_negated_names():
    assert negations("X is not sugar-free") == 2 and negations("X has no lid") == 1
    assert negations("X isn't here") == 1 and negations("X is cold") == 0
    assert name_negated("not_frozen") and name_negated("nonempty") and name_negated("no-lid")
    assert not name_negated("frozen") and not name_negated("notable") and not name_negated("at")


def test_a_quoted_or_introduced_name_is_a_named_predicate():
    w = read_world(_problem("", ""), LAB)
    text = 'Objects s1 and r2 are in the relation "stored-in". The predicate sealed holds for s1.'
    got = [(text[a:b], n) for a, b, n in named_predicates(text, w)]
    assert got == [("stored-in", "stored-in"), ("sealed", "sealed")]
    # a plain English word is no name unless quoted or introduced as one
    assert named_predicates("The jar is sealed and frozen.", w) == []
    clauses = name_clauses(text, w, split_clauses(text, w))
    assert [(c.direct, [s[0].objects for s in c.slots]) for c in clauses] == [
        ("stored-in", [("s1",), ("r2",)]),
        ("sealed", [("s1",)]),
    ]


def test_relation_template_wording_states_its_facts(aligner):
    text = (
        'Objects s1 and r2 are in the relation "stored-in". The predicate sealed holds for s1. '
        'Goal: objects s1 and r3 are in the relation "stored-in".'
    )
    right = aligner.explain(text, _problem("(stored-in s1 r2) (sealed s1)", "(stored-in s1 r3)"))
    assert _atoms(right.init.stated) == {"(stored-in s1 r2)", "(sealed s1)"}
    assert _atoms(right.goal.stated) == {"(stored-in s1 r3)"}
    assert right.aligned and not right.conflicts()
    wrong = aligner.explain(text, _problem("(stored-in s1 r1) (sealed s1)", "(stored-in s1 r3)"))
    assert "(stored-in s1 r2)" in _atoms(wrong.conflicts())
    assert wrong.similarity < right.similarity


def test_a_call_takes_its_arguments_in_parameter_order(aligner):
    # the comment words (colder ?a ?b) as "room ?b is colder than room ?a": the call's order
    # is the parameter order, not the order the comment mentions them in
    text = "colder(r1, r2), stored-in(s1, r1). goal: stored-in(s1, r2)."
    ex = aligner.explain(text, _problem("(colder r1 r2) (stored-in s1 r1)", "(stored-in s1 r2)"))
    assert "(colder r1 r2)" in _atoms(ex.init.stated) and not ex.conflicts()
    # while a sentence follows the comment's wording
    said = "Room r2 is colder than room r1. Sample s1 is in r1. Goal: s1 is kept in room r2."
    ex2 = aligner.explain(said, _problem("(colder r1 r2) (stored-in s1 r1)", "(stored-in s1 r2)"))
    assert "(colder r1 r2)" in _atoms(ex2.init.stated) and not ex2.conflicts()


def test_a_negation_inside_a_name_is_stated_by_a_negated_clause(aligner):
    text = "Sample s1 is not frozen and s2 is salt-free. Both are in room r1. Goal: s1 in r2."
    init = "(not_frozen s1) (no_salt_sample s2) (stored-in s1 r1) (stored-in s2 r1)"
    right = aligner.explain(text, _problem(init, "(stored-in s1 r2)"))
    assert {"(not_frozen s1)", "(no_salt_sample s2)"} <= _atoms(right.init.stated)
    assert not right.conflicts() and right.aligned
    # the frozen sample instead: "not frozen" conflicts with it
    flipped = "(frozen s1) (no_salt_sample s2) (stored-in s1 r1) (stored-in s2 r1)"
    wrong = aligner.explain(text, _problem(flipped, "(stored-in s1 r2)"))
    assert wrong.conflicts() and wrong.similarity < right.similarity


def test_the_domains_verbs_and_cue_words(aligner):
    w = read_world(_problem("", ""), LAB)
    assert "carry" in w.verbs and "thaw" in w.verbs
    # an action's verb opens a goal sentence; "wants" words a predicate here, so it states a fact
    text = "Sample s1 wants to be moved to r2. Thaw s1."
    secs = sections(text, vocabulary_words(w), w.verbs)
    assert secs == [(0, "init"), (text.index("Thaw"), "goal")]
    ex = aligner.explain(
        "Sample s1 is frozen and sits in r1; s1 wants to be moved to r2. Thaw s1.",
        _problem("(frozen s1) (stored-in s1 r1) (awaits s1 r2)", "(not_frozen s1)"),
    )
    assert "(awaits s1 r2)" in _atoms(ex.init.stated)
    assert not ex.init.contradicted and not ex.init.missing_in_problem


# --- sequences: a static layout stated as a chain or an ordered list -------------------------

TRACK = """(define (domain track)
  (:requirements :strips :typing)
  (:types stop train)
  (:predicates (joined ?a - stop ?b - stop)   ; a train can run from ?a to ?b
               (at ?t - train ?s - stop)
               (higher ?a - stop ?b - stop))  ; stop ?b lies higher than stop ?a
  (:action run
    :parameters (?t - train ?a ?b - stop)
    :precondition (and (at ?t ?a) (joined ?a ?b))
    :effect (and (at ?t ?b) (not (at ?t ?a)))))"""


def _track(init: str, goal: str = "(at x s4)") -> str:
    return (
        "(define (problem p) (:domain track) (:objects x - train s1 s2 s3 s4 - stop)"
        f" (:init (at x s1) {init}) (:goal (and {goal})))"
    )


BOTH_WAYS = (
    "(joined s1 s2) (joined s2 s1) (joined s2 s3) (joined s3 s2) (joined s3 s4) (joined s4 s3)"
)


@pytest.mark.parametrize(
    "text",
    [
        "Train x waits at s1. The stops s1-s2-s3-s4 form one line, run both ways. Take x to s4.",
        "Train x waits at stop 1; stops 1-2-3-4 make a line you can ride back and forth. "
        "Goal: x at s4.",
    ],
)
def test_a_chain_states_the_links_the_domain_uses(aligner_track, text):
    right = aligner_track.explain(text, _track(BOTH_WAYS))
    assert {"(joined s1 s2)", "(joined s4 s3)"} <= _atoms(right.init.stated)
    assert not right.conflicts() and right.aligned
    # one link moved: the chain's link s2-s3 is missing from the problem
    moved = BOTH_WAYS.replace("(joined s2 s3)", "(joined s1 s3)")
    wrong = aligner_track.explain(text, _track(moved))
    assert "(joined s2 s3)" in _atoms(wrong.conflicts())
    assert wrong.similarity < right.similarity


def test_an_ordered_list_states_an_order(aligner_track):
    order = "(higher s1 s2) (higher s1 s3) (higher s2 s3)"
    text = "Train x is at s1; the stops go s1, s2, s3 from bottom to top. Goal: x at s3."
    ex = aligner_track.explain(text, _track(order, "(at x s3)"))
    assert _atoms(ex.init.stated) >= {"(higher s1 s2)", "(higher s1 s3)", "(higher s2 s3)"}
    assert not ex.conflicts()
    # the same list with no word of order states no layout
    w = read_world(_track(order), TRACK)
    plain = "The stops are s1, s2, s3."
    assert sequence_clauses(Reading.of(plain, w), []) == []


@pytest.fixture(scope="module")
def aligner_track() -> Aligner:
    return Aligner(domain=TRACK)


# --- "with … on top of it", ordinals of a noun no class has, "any" --------------------------

CRATES = """(define (domain crates)
  (:requirements :strips :typing)
  (:types crate pallet - surface)
  (:predicates (rests ?c - crate ?s - surface)   ; crate ?c rests on ?s
               (open ?s - surface)               ; nothing rests on ?s
               (fits ?c - crate ?p - pallet))    ; crate ?c is no wider than pallet ?p
  (:action shift
    :parameters (?c - crate ?from ?to - surface)
    :precondition (and (rests ?c ?from) (open ?c) (open ?to))
    :effect (and (rests ?c ?to) (open ?from) (not (rests ?c ?from)) (not (open ?to)))))"""


def _crates(init: str, goal: str) -> str:
    return (
        "(define (problem p) (:domain crates) (:objects k1 k2 - crate q1 q2 - pallet)"
        f" (:init {init}) (:goal (and {goal})))"
    )


@pytest.fixture(scope="module")
def aligner_crates() -> Aligner:
    return Aligner(domain=CRATES)


def test_a_with_phrase_states_its_own_fact_the_converse_way(aligner_crates):
    text = "Crate k2 rests on pallet q1 with crate k1 on top of it; q2 is open. Goal: k1 on q2."
    init = "(rests k2 q1) (rests k1 k2) (open k1) (open q2)"
    right = aligner_crates.explain(text, _crates(init, "(rests k1 q2)"))
    assert {"(rests k2 q1)", "(rests k1 k2)"} <= _atoms(right.init.stated)
    assert not right.conflicts()
    flipped = "(rests k1 q1) (rests k2 k1) (open k2) (open q2)"
    wrong = aligner_crates.explain(text, _crates(flipped, "(rests k1 q2)"))
    assert "(rests k1 k2)" in _atoms(wrong.conflicts()) or "(rests k2 q1)" in _atoms(
        wrong.conflicts()
    )
    assert wrong.similarity < right.similarity


def test_an_ordinal_before_a_noun_no_class_has_is_typed_by_the_predicate(aligner_crates):
    # "box" names no type here, but the text counts boxes: "the second box" is whichever
    # object numbered 2 fits, not one of the last class named
    w = read_world(_crates("", ""), CRATES)
    got = [m.objects for m in find_mentions("Two boxes, q1 is a pallet. The second box.", w)]
    assert got == [("q1",), ("k2", "q2")]
    text = (
        "There are two boxes. The first box rests on the second pallet, the second box on the "
        "first. Goal: k1 on q1."
    )
    ex = aligner_crates.explain(text, _crates("(rests k1 q2) (rests k2 q1)", "(rests k1 q1)"))
    assert {"(rests k1 q2)", "(rests k2 q1)"} <= _atoms(ex.init.stated)
    assert not ex.conflicts()


def test_a_permission_in_the_goal_states_no_fact(aligner_crates):
    # "k2 can stay" asks nothing of k2: no conflict with a goal that leaves k2 alone
    text = "Crates k1 and k2 rest on pallet q1. Goal: k1 on q2 (k2 can stay)."
    ex = aligner_crates.explain(text, _crates("(rests k1 q1) (rests k2 q1)", "(rests k1 q2)"))
    assert not ex.conflicts() and _atoms(ex.goal.stated) == {"(rests k1 q2)"}


def test_the_first_n_of_a_class():
    w = read_world(_crates("", ""), CRATES)
    got = find_mentions("Put the first two crates on q2.", w)
    assert [(m.text, m.objects, m.plural) for m in got][0] == (
        "first two crates",
        ("k1", "k2"),
        True,
    )


def test_everyone_is_every_object_the_predicate_admits():
    lift = """(define (domain lift)
      (:requirements :strips :typing)
      (:types guest level)
      (:predicates (on-level ?g - guest ?l - level) (arrived ?g - guest) (cabin ?l - level))
      (:action drop :parameters (?g - guest ?l - level)
        :precondition (and (on-level ?g ?l) (cabin ?l)) :effect (arrived ?g)))"""
    problem = (
        "(define (problem p) (:domain lift) (:objects ann bo - guest l1 l2 - level)"
        " (:init (on-level ann l1) (on-level bo l2) (cabin l1)) (:goal (and {})))"
    )
    text = "Ann is on level l1 and Bo on l2; the cabin is at l1. Everyone must have arrived."
    a = Aligner(domain=lift)
    right = a.explain(text, problem.format("(arrived ann) (arrived bo)"))
    assert _atoms(right.goal.stated) == {"(arrived ann)", "(arrived bo)"}
    assert not right.conflicts()
    one = a.explain(text, problem.format("(arrived ann)"))
    assert "(arrived bo)" in _atoms(one.conflicts()) and one.similarity < right.similarity
