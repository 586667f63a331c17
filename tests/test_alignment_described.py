"""Goals stated by description in a domain no pack describes, negation scope, and parameter
types that place the arguments (issue 19). Small domains and wordings written for these tests;
each case states its goal the way a person would, not atom by atom."""

from __future__ import annotations

import pytest

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts.scope import scope_negation
from planetarium_plugin.alignment.facts.vocabulary import negative_subject

GARDEN = """(define (domain garden)
  (:requirements :strips :typing)
  (:types plant bed glaze tile animal pen drone target filter crate)
  (:predicates (watered ?p - plant)                      ; plant ?p has been watered
               (grows-in ?p - plant ?b - bed)            ; plant ?p grows in bed ?b
               (glazed ?t - tile ?g - glaze)             ; tile ?t is glazed in ?g
               (in-pen ?a - animal ?p - pen)             ; animal ?a is kept in pen ?p
               (keeper-in ?p - pen)                      ; the keeper is in pen ?p
               (has-photo ?d - drone ?t - target ?f - filter) ; ?d has a photo of ?t with filter ?f
               (on ?x - crate ?y - crate)                ; crate ?x is stacked on crate ?y
               (clear ?x - crate))                       ; nothing is stacked on crate ?x
  (:action water :parameters (?p - plant) :precondition () :effect (watered ?p))
  (:action glaze :parameters (?t - tile ?g - glaze) :precondition () :effect (glazed ?t ?g))
  (:action move :parameters (?a - animal ?p ?q - pen) :precondition (in-pen ?a ?p)
    :effect (and (in-pen ?a ?q) (not (in-pen ?a ?p))))
  (:action shoot :parameters (?d - drone ?t - target ?f - filter) :precondition ()
    :effect (has-photo ?d ?t ?f))
  (:action lift :parameters (?x ?y - crate) :precondition (and (on ?x ?y) (clear ?x))
    :effect (and (clear ?y) (not (on ?x ?y)))))"""


def _problem(objects: str, init: str, goal: str) -> str:
    return (
        f"(define (problem p) (:domain garden) (:objects {objects}) (:init {init}) "
        f"(:goal (and {goal})))"
    )


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner(domain=GARDEN)


def _atoms(facts) -> set[str]:
    return {f.atom for f in facts}


def _described(exp) -> str:
    return " ".join(f.atom for f in exp.goal.abstract)


PLANTS = "rose fern - plant bed1 - bed"
GROWING = "(grows-in rose bed1) (grows-in fern bed1)"


@pytest.mark.parametrize(
    "text",
    [
        "The rose and the fern grow in bed1. Water both flowers.",
        "The rose and the fern grow in bed1. By evening, all of the flowers should be watered.",
        "The rose and the fern grow in bed1. Please water both of them.",
        "The rose and the fern grow in bed1, and by tonight they all must be watered.",
    ],
)
def test_a_quantifier_over_a_noun_no_type_names_reads_the_predicates_type(aligner, text):
    right = _problem(PLANTS, GROWING, "(watered rose) (watered fern)")
    wrong = _problem(PLANTS, GROWING, "(watered rose)")
    r, w = aligner.explain(text, right), aligner.explain(text, wrong)
    # "…, and by tonight they all must be watered": the goal piece of a cut sentence is said of
    # the subject before the cut (``alignwords``), so its atoms are stated, not described
    got = _described(r) if "they all" not in text else " ".join(_atoms(r.goal.stated))
    assert "(watered fern)" in got and "(watered rose)" in got
    assert r.goal.unstated == () and r.aligned
    assert "(watered fern)" in _atoms(w.goal.missing_in_problem)
    assert w.similarity < r.similarity and not w.aligned
    # a count that does not fit the type ("the three flowers" of two plants): no description
    three = text.replace("both", "the three").replace("all of", "the three")
    miscount = aligner.explain(three.replace("they all", "the three of them"), right)
    assert "watered" not in _described(miscount)


TILES = "m1 m2 m3 m4 - tile blue red - glaze"


@pytest.mark.parametrize(
    "text",
    [
        "Tiles m1 and m2 form the top row and m3 and m4 the bottom row. Glaze the whole upper "
        "row blue.",
        "Our mosaic: the bottom row is m3, m4 and the top row is m1, m2. All I ask is that the "
        "entire top row ends up glazed blue.",
    ],
)
def test_a_set_the_text_defines_is_read_as_its_members(aligner, text):
    right = _problem(TILES, "", "(glazed m1 blue) (glazed m2 blue)")
    wrong = _problem(TILES, "", "(glazed m1 blue) (glazed m3 blue)")
    r, w = aligner.explain(text, right), aligner.explain(text, wrong)
    assert {"(glazed m1 blue)", "(glazed m2 blue)"} <= set(
        _described(r).replace(") (", ")|(").split("|")
    )
    assert r.goal.unstated == () and r.aligned
    assert "(glazed m2 blue)" in _atoms(w.goal.missing_in_problem)
    assert w.similarity < r.similarity and not w.aligned


ZOO = "lion zebra - animal pen1 pen2 pen3 - pen"


@pytest.mark.parametrize(
    "text",
    [
        "The lion lives in pen1 and the zebra in pen2. The two animals must swap pens.",
        "The lion is in pen1; the zebra is in pen2. Goal: lion and zebra trade places.",
    ],
)
def test_two_objects_that_trade_places_exchange_their_init_relation(aligner, text):
    init = "(in-pen lion pen1) (in-pen zebra pen2)"
    right = _problem(ZOO, init, "(in-pen lion pen2) (in-pen zebra pen1)")
    wrong = _problem(ZOO, init, "(in-pen lion pen2) (in-pen zebra pen3)")
    r, w = aligner.explain(text, right), aligner.explain(text, wrong)
    assert "(in-pen lion pen2)" in _described(r) and "(in-pen zebra pen1)" in _described(r)
    assert r.goal.unstated == () and r.aligned
    assert "(in-pen zebra pen1)" in _atoms(w.goal.missing_in_problem)
    assert w.similarity < r.similarity


CRATES = "c1 c2 c3 - crate"


@pytest.mark.parametrize(
    "text",
    [
        "c3 is stacked on c1. Nothing is on c2 or c3. Goal: c2 stacked on c3.",
        "Crate c3 sits on crate c1, and nothing is stacked on either c3 or c2. Goal: c2 on c3.",
    ],
)
def test_nothing_on_x_or_y_is_no_relation_between_x_and_y(aligner, text):
    init = "(on c3 c1) (clear c3) (clear c2)"
    exp = aligner.explain(text, _problem(CRATES, init, "(on c2 c3)"))
    bad = {f.atom for f in exp.conflicts()}
    assert "(on c2 c3)" not in bad and "(on c3 c2)" not in bad
    assert {"(clear c2)", "(clear c3)"} <= _atoms(exp.init.stated)
    assert exp.aligned


def test_negative_subject_scope_merges_the_objects_into_one_list():
    assert negative_subject("there are no balls in X") and negative_subject("Nothing is on X")
    assert not negative_subject("X is not on Y") and not negative_subject("no longer X")


DRONES = "d1 - drone tower2 bridge - target infrared plain - filter"


@pytest.mark.parametrize(
    "text",
    [
        "Goal: drone d1 keeps an infrared photo of tower2.",
        "By the end, tower2 must have been photographed by d1 through the infrared filter.",
    ],
)
def test_parameter_types_place_three_arguments_in_any_text_order(aligner, text):
    right = _problem(DRONES, "", "(has-photo d1 tower2 infrared)")
    exp = aligner.explain(text, right)
    assert "(has-photo d1 tower2 infrared)" in _atoms(exp.goal.stated)
    assert exp.aligned


def test_scope_negation_keeps_other_clauses():
    from planetarium_plugin.alignment.facts import read_world, split_clauses

    w = read_world(_problem(CRATES, "", "(on c2 c3)"), GARDEN)
    clauses = split_clauses("c3 is on c1. Nothing is on c2 or c3.", w)
    scoped = [scope_negation(c) for c in clauses]
    assert [len(c.slots) for c in scoped] == [2, 1]
    assert [m.objects for m in scoped[1].slots[0]] == [("c2",), ("c3",)]


def test_with_no_goal_cue_a_description_may_state_the_init(aligner):
    text = "Both beasts are kept in pen1. Lion in pen2, the zebra as well."
    init = "(in-pen lion pen1) (in-pen zebra pen1)"
    exp = aligner.explain(text, _problem(ZOO, init, "(in-pen lion pen2) (in-pen zebra pen2)"))
    assert "(in-pen zebra pen1)" in _described(exp)
    assert "(in-pen zebra pen1)" not in {f.atom for f in exp.conflicts()}


ZOO3 = "lion zebra okapi - animal pen1 pen2 - pen"


@pytest.mark.parametrize(
    "text",
    [
        "The lion, the zebra and the okapi are kept in pen1 with the keeper. Goal: lion in pen2.",
        "lion, zebra & okapi are kept in pen1 along with the keeper. Goal: lion in pen2.",
    ],
)
def test_a_reading_that_leaves_out_a_list_does_not_vouch_for_its_members(aligner, text):
    right = "(in-pen lion pen1) (in-pen zebra pen1) (in-pen okapi pen1) (keeper-in pen1)"
    wrong = right.replace("(in-pen okapi pen1)", "(in-pen okapi pen2)")
    r = aligner.explain(text, _problem(ZOO3, right, "(in-pen lion pen2)"))
    w = aligner.explain(text, _problem(ZOO3, wrong, "(in-pen lion pen2)"))
    assert "(in-pen okapi pen1)" in _atoms(r.init.stated)
    assert "(in-pen okapi pen1)" in _atoms(w.init.missing_in_problem)
    assert w.similarity < r.similarity


SHOP = """(define (domain workshop)
  (:requirements :strips :typing)
  (:types crate)
  (:predicates (on ?x - crate ?y - crate)   ; crate ?x is stacked on crate ?y
               (clear ?x - crate)           ; nothing is stacked on crate ?x
               (arm-empty)
               (lamp-lit))                  ; the lamp is switched on
  (:action lift :parameters (?x ?y - crate)
    :precondition (and (on ?x ?y) (clear ?x) (arm-empty))
    :effect (and (clear ?y) (not (on ?x ?y)) (not (arm-empty))))
  (:action light :parameters () :precondition () :effect (lamp-lit)))"""


def _shop(goal: str, domain: str = "workshop") -> str:
    return (
        f"(define (problem p) (:domain {domain}) (:objects c1 c2 - crate) "
        f"(:init (clear c1) (clear c2) (arm-empty)) (:goal (and {goal})))"
    )


@pytest.mark.parametrize(
    ("text", "atom", "other"),
    [
        ("Goal: c1 on c2, and the crane's claw vacant.", "(arm-empty)", "(lamp-lit)"),
        ("Target: c1 on top of c2. Also, the claw vacant.", "(arm-empty)", "(lamp-lit)"),
    ],
)
def test_a_clause_with_no_object_reads_the_one_nullary_predicate_it_words(text, atom, other):
    aligner = Aligner(domain=SHOP)
    right = aligner.explain(text, _shop(f"(on c1 c2) {atom}"))
    wrong = aligner.explain(text, _shop(f"(on c1 c2) {other}"))
    assert atom in _atoms(right.goal.stated)
    assert right.aligned and not wrong.aligned


def test_a_nullary_reading_must_be_unique_and_positive():
    from planetarium_plugin.alignment.encoder import load_encoder
    from planetarium_plugin.alignment.facts import read_world, split_clauses
    from planetarium_plugin.alignment.facts.naming import nullary_clauses

    enc = load_encoder()
    twin = SHOP.replace("(lamp-lit))", "(lamp-lit) (light-on))", 1)
    for dom, text, want in [
        (SHOP, "The light must be burning.", "lamp-lit"),
        (twin, "The light must be burning.", None),  # lamp-lit and light-on both fit
        (SHOP, "The light must not be burning.", None),  # a negation is no direct reading
    ]:
        w = read_world(_shop("(lamp-lit)"), dom)
        clauses = nullary_clauses(enc, w, split_clauses(text, w))
        assert [c.direct for c in clauses] == [want]


YARD = """(define (domain yard)
  (:requirements :strips :typing)
  (:types box pallet - spot)
  (:predicates (on ?b - box ?s - spot)       ; box ?b rests directly on ?s
               (free ?s - spot)              ; nothing rests on ?s
               (lighter ?b - box ?s - spot)) ; box ?b weighs less than ?s
  (:action shift :parameters (?b - box ?from ?to - spot)
    :precondition (and (on ?b ?from) (free ?b) (free ?to) (lighter ?b ?to))
    :effect (and (on ?b ?to) (free ?from) (not (on ?b ?from)) (not (free ?to)))))"""
WEIGHTS = "(lighter bx1 bx2) (lighter bx1 bx3) (lighter bx2 bx3) " + " ".join(
    f"(lighter {b} {p})" for b in ("bx1", "bx2", "bx3") for p in ("west", "east")
)


def _yard(init: str, goal: str) -> str:
    return (
        "(define (problem y) (:domain yard) (:objects bx1 bx2 bx3 - box west east - pallet) "
        f"(:init {WEIGHTS} {init}) (:goal (and {goal})))"
    )


@pytest.mark.parametrize(
    "text",
    [
        "Boxes bx1 and bx2 sit on the west pallet, bx1 on top of bx2; bx3 is alone on the east "
        "pallet. Pile every box on the east pallet, heaviest at the bottom.",
        "Boxes bx1 and bx2 sit on the west pallet, bx1 on top of bx2; bx3 is alone on the east "
        "pallet. Stack all three boxes on the east pallet.",
    ],
)
def test_an_ordered_pile_is_read_as_the_chain_the_static_order_gives(text):
    aligner = Aligner(domain=YARD)
    init = "(on bx2 west) (on bx1 bx2) (on bx3 east) (free bx1) (free bx3)"
    chain = "(on bx3 east) (on bx2 bx3) (on bx1 bx2)"
    r = aligner.explain(text, _yard(init, chain))
    w = aligner.explain(text, _yard(init, "(on bx1 east) (on bx2 bx1) (on bx3 bx2)"))
    assert _described(r) == "(on bx1 bx2) (on bx2 bx3) (on bx3 east)"
    assert r.goal.unstated == ()
    assert w.similarity < r.similarity
    # no link between boxes in the init: the order's direction is not known, so no chain
    flat = aligner.explain(text, _yard("(on bx1 west) (on bx2 west) (on bx3 east)", chain))
    assert "(on bx2 bx3)" not in _described(flat)


def test_the_whole_tower_is_read_only_as_a_chain():
    aligner = Aligner(domain=YARD)
    init = "(on bx3 west) (on bx2 bx3) (on bx1 bx2) (free bx1) (free east)"
    text = (
        "Three boxes are piled on the west pallet, bx1 on bx2 on bx3. Move the whole tower to "
        "the east pallet."
    )
    r = aligner.explain(text, _yard(init, "(on bx3 east) (on bx2 bx3) (on bx1 bx2)"))
    assert _described(r) == "(on bx1 bx2) (on bx2 bx3) (on bx3 east)"
    # two static orders that both fit: not unique, nothing read by description
    twice = YARD.replace("(lighter ?b", "(smaller ?b - box ?s - spot) (lighter ?b")
    w2 = Aligner(domain=twice).explain(
        text, _yard(init + " " + WEIGHTS.replace("lighter", "smaller"), "(on bx3 east)")
    )
    assert "(on bx2 bx3)" not in _described(w2)


def test_singular_forms_come_in_a_fixed_order_the_word_first():
    """Which form of a plural answers first (a class of the domain, or a set the text defines)
    must not depend on string hashing: as a set, one public pair's similarity varied with
    ``PYTHONHASHSEED`` (0.020 or 0.025)."""
    from planetarium_plugin.alignment.facts.abstract import _singular

    assert _singular("cars") == ("cars", "car")
    assert _singular("batteries")[:2] == ("batteries", "battery")
    assert _singular("ox") == ("ox",)
