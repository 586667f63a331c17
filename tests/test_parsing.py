"""The parser accepts what a model writes around PDDL and rejects invalid problems precisely."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from planetarium_plugin import (
    Atom,
    PlanetariumError,
    Reason,
    domain_packs,
    parse_domain,
    parse_problem,
)

BW = """(define (problem p) (:domain blocksworld) (:objects a b)
  (:init (arm-empty) (on-table a) (on-table b) (clear a) (clear b))
  (:goal (and (on a b))))"""

FT = """(define (problem p) (:domain floor-tile)
  (:objects r1 - robot t1 t2 - tile white - color)
  (:init (robot-at r1 t1) (right t2 t1) (robot-has r1 white) (available-color white))
  (:goal (and (painted t2 white))))"""

NUMERIC = parse_domain("""(define (domain uavlite) (:requirements :typing :fluents)
  (:types drone)
  (:predicates (flying ?d - drone))
  (:functions (battery ?d - drone))
  (:action fly :parameters (?d - drone) :precondition (>= (battery ?d) 1)
   :effect (and (flying ?d) (decrease (battery ?d) 1))))""")


def bw():
    return domain_packs()["blocksworld"].domain


def ft():
    return domain_packs()["floor-tile"].domain


def reason_of(text, domain, **kw) -> Reason:
    with pytest.raises(PlanetariumError) as info:
        parse_problem(text, domain, **kw)
    return info.value.reason


def test_reads_valid_problem():
    p = parse_problem(BW, bw())
    assert dict(p.objects) == {"a": "object", "b": "object"}
    assert p.goal.positive == {Atom("on", ("a", "b"))}
    assert p.size == 6


@pytest.mark.parametrize(
    "wrapper",
    [
        "Here is the problem:\n```pddl\n{}\n```\nHope this helps!",
        "```\n{}\n```",
        "(define (domain blocksworld) (:predicates (x)))\n; now the problem\n{}",
        "Reasoning: first (stack a b).\n\n{} trailing words ) ) (",
    ],
)
def test_extracts_first_problem_from_prose(wrapper):
    assert parse_problem(wrapper.format(BW), bw()) == parse_problem(BW, bw())


def test_case_and_comments_are_ignored():
    text = BW.upper().replace("(:INIT", "; a comment (with parens\n (:INIT")
    assert parse_problem(text, bw()).init == parse_problem(BW, bw()).init


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (BW.replace("(:domain blocksworld)", "(:domain gripper)"), Reason.WRONG_DOMAIN),
        (BW.replace("(on a b)", "(on-top a b)"), Reason.UNKNOWN_PREDICATE),
        (BW.replace("(on a b)", "(on a)"), Reason.WRONG_ARITY),
        (BW.replace("(on a b)", "(on a c)"), Reason.UNDECLARED_OBJECT),
        (BW.replace("(:objects a b)", "(:objects a b a)"), Reason.DUPLICATE_OBJECT),
        (BW.replace("(:objects a b)", "(:objects a b - block)"), Reason.TYPING_MISMATCH),
        (BW.replace("(:objects a b)", "(:objects a b) (:objects a b)"), Reason.PARSE_ERROR),
        (BW.replace("(on a b)", "(or (on a b) (on b a))"), Reason.UNSUPPORTED),
        (BW.replace("(arm-empty)", "(not (arm-empty))"), Reason.UNSUPPORTED),
        (BW[:-3], Reason.PARSE_ERROR),
        (BW.replace("(:goal (and (on a b)))", ""), Reason.PARSE_ERROR),
        ("", Reason.PARSE_ERROR),
        ("I cannot help with that.", Reason.PARSE_ERROR),
        ("(define (domain blocksworld))", Reason.PARSE_ERROR),
        (BW.replace("(:init", "(:init (= (battery a) 3)"), Reason.UNKNOWN_PREDICATE),
    ],
)
def test_invalid_problems_have_specific_reasons(text, reason):
    assert reason_of(text, bw()) is reason


def test_errors_name_the_culprit():
    with pytest.raises(PlanetariumError, match="on-top"):
        parse_problem(BW.replace("(on a b)", "(on-top a b)"), bw())
    with pytest.raises(PlanetariumError, match="takes 2 argument"):
        parse_problem(BW.replace("(on a b)", "(on a)"), bw())


def test_relaxed_typing_drops_types_in_untyped_domain():
    text = BW.replace("(:objects a b)", "(:objects a b - block)")
    p = parse_problem(text, bw(), typing="relaxed")
    assert dict(p.objects) == {"a": "object", "b": "object"}


def test_typed_domain_checks_and_infers_types():
    assert parse_problem(FT, ft()).objects["t2"] == "tile"
    wrong = FT.replace("t1 t2 - tile white - color", "t1 t2 white - tile")
    assert reason_of(wrong, ft()) is Reason.TYPING_MISMATCH
    untyped = FT.replace(
        "(:objects r1 - robot t1 t2 - tile white - color)", "(:objects r1 t1 t2 white)"
    )
    assert reason_of(untyped, ft()) is Reason.TYPING_MISMATCH
    relaxed = parse_problem(untyped, ft(), typing="relaxed")
    assert dict(relaxed.objects) == {"r1": "robot", "t1": "tile", "t2": "tile", "white": "color"}
    unknown_type = FT.replace("- robot", "- droid")
    assert reason_of(unknown_type, ft()) is Reason.TYPING_MISMATCH


def test_numeric_facts_and_canonical_comparisons():
    base = """(define (problem u) (:domain uavlite) (:objects d1 - drone)
      (:init (= (battery d1) 10)) (:goal (and {})))"""
    p1 = parse_problem(base.format("(>= (battery d1) 5)"), NUMERIC)
    p2 = parse_problem(base.format("(<= 5 (battery d1))"), NUMERIC)
    assert p1.goal.numeric == p2.goal.numeric
    assert p1.numeric_init == {Atom("battery", ("d1",)): Fraction(10)}
    assert reason_of(base.format("(>= (fuel d1) 5)"), NUMERIC) is Reason.UNKNOWN_PREDICATE
    assert reason_of(base.format("(>= (battery d1) (battery d1))"), NUMERIC) is Reason.UNSUPPORTED


def test_domain_actions_are_compiled():
    dom = domain_packs()["gripper"].domain
    pick = next(a for a in dom.actions if a.name == "pick")
    assert Atom("free", ("?gripper",)) in pick.delete
    assert all(a.unsupported is None for a in dom.actions)


def _reference_read(text: str, start: int, limits) -> list:
    """The reader as it was (one regex match per token): the oracle for the split-based one."""
    import re

    from planetarium_plugin.errors import PlanetariumError, Reason
    from planetarium_plugin.parsing.sexpr import _check_number, split_variables

    stack: list[list] = []
    cur: list | None = None
    for tok in re.findall(r";[^\n]*|[()]|[^\s();]+", text[start:]):
        if tok == "(":
            new: list = []
            if cur is not None:
                cur.append(new)
                stack.append(cur)
                if len(stack) >= limits.max_depth:
                    raise PlanetariumError(
                        Reason.PARSE_ERROR,
                        f"expression nested deeper than {limits.max_depth} levels",
                    )
            cur = new
        elif tok == ")":
            if cur is None:
                raise PlanetariumError(Reason.PARSE_ERROR, "unexpected ')'")
            if not stack:
                return cur
            cur = stack.pop()
        elif tok[0] == ";":
            continue
        else:
            tok = tok.lower()
            if tok[0] in "0123456789+-." or tok[0].isdigit():
                _check_number(tok, limits)
            cur.extend(split_variables(tok) if "?" in tok[1:] else [tok])
    missing = len(stack) + (cur is not None)
    raise PlanetariumError(
        Reason.PARSE_ERROR, f"unbalanced parentheses: {missing} unclosed '(' at end of text"
    )


_READER_ALPHABET = st.sampled_from(
    list("()();;\n \t\u00a0\u2003ab?Xz-.+e19")
    + ["on", "?x", "1e500", "9" * 120, "Σ", "İ", "ǅ", "٣"]
)


@settings(max_examples=400, deadline=None)
@given(body=st.lists(_READER_ALPHABET, max_size=60).map("".join))
def test_reader_matches_the_per_token_reference(body):
    """The split-based reader (comments cut, parentheses padded, ASCII lower-cased at once)
    reads every text exactly as the per-token regex reader did: same lists, same errors."""
    from planetarium_plugin.errors import PlanetariumError
    from planetarium_plugin.parsing.model import Limits
    from planetarium_plugin.parsing.sexpr import _read

    limits = Limits(max_depth=6)
    text = "(" + body
    outcomes = []
    for reader in (_read, _reference_read):
        try:
            outcomes.append(("ok", reader(text, 0, limits)))
        except PlanetariumError as exc:
            outcomes.append(("error", exc.reason, exc.message))
    assert outcomes[0] == outcomes[1]


ZOO = parse_domain("""(define (domain zoo) (:requirements :typing :fluents)
  (:types animal place - object cat dog - animal)
  (:predicates (at ?a - animal ?p - place) (purrs ?c - cat) (free ?p - place)
               (pair ?a - animal ?b - animal))
  (:functions (food ?a - animal) (dist ?p - place ?q - place))
  (:action nap :parameters (?c - cat) :precondition (purrs ?c) :effect (not (purrs ?c))))""")
ZOO_OBJECTS = {"tom": "cat", "rex": "dog", "ann": "animal", "home": "place", "park": "place"}
_ARG = st.sampled_from([*ZOO_OBJECTS, "ghost", ["nested"], []])
_HEAD = st.sampled_from(["at", "purrs", "free", "pair", "food", "and", "not", "=", "zebra", ["x"]])
_FACT = st.one_of(
    st.builds(lambda h, a: [h, *a], _HEAD, st.lists(_ARG, max_size=3)),
    st.builds(
        lambda f, a, v: ["=", [f, *a], v],
        st.sampled_from(["food", "dist", "at", "zebra"]),
        st.lists(_ARG, max_size=3),
        st.sampled_from(["3", "0.5", "x", ["1"]]),
    ),
    st.sampled_from(["word", [], ["=", "3"]]),
)


def _reference_parse_init(items, domain, objects):
    """``_parse_init`` as it was (every fact through ``_atom``): the oracle for its fast path."""
    from planetarium_plugin.parsing.problem import _atom
    from planetarium_plugin.parsing.sexpr import _number, _show

    atoms, numeric = set(), {}
    for lit in items:
        if not isinstance(lit, list) or not lit:
            raise PlanetariumError(Reason.PARSE_ERROR, f"bad init fact {_show(lit)}")
        if lit[0] == "and":
            raise PlanetariumError(Reason.PARSE_ERROR, ":init is a list of facts, not (and …)")
        if lit[0] == "not":
            raise PlanetariumError(
                Reason.UNSUPPORTED,
                f"negative fact {_show(lit)} in :init (the init is closed-world)",
            )
        if lit[0] == "=":
            if len(lit) != 3:
                raise PlanetariumError(Reason.PARSE_ERROR, f"bad numeric fact {_show(lit)}")
            value = _number(lit[2])
            if value is None or not isinstance(lit[1], list):
                raise PlanetariumError(Reason.PARSE_ERROR, f"bad numeric fact {_show(lit)}")
            numeric[_atom(lit[1], domain.functions, objects, "fluent")] = value
            continue
        atoms.add(_atom(lit, domain.predicates, objects, "init fact"))
    return frozenset(atoms), numeric


def _outcome(fn, *args):
    try:
        return ("ok", fn(*args))
    except PlanetariumError as exc:
        return ("error", exc.reason, exc.message)


@settings(max_examples=300, deadline=None)
@given(items=st.lists(_FACT, max_size=8))
def test_init_fast_path_matches_the_checked_reading(items):
    """Facts read in one step (the common case) give the same atoms, numeric values and
    errors as reading every fact through all the checks."""
    from planetarium_plugin.parsing.model import DEFAULT_LIMITS
    from planetarium_plugin.parsing.problem import _parse_init

    got = _outcome(_parse_init, items, ZOO, ZOO_OBJECTS, DEFAULT_LIMITS)
    assert got == _outcome(_reference_parse_init, items, ZOO, ZOO_OBJECTS)


_TYPED_ATOM = st.one_of(
    st.builds(
        lambda *a: Atom("at", a),
        st.sampled_from(list(ZOO_OBJECTS)),
        st.sampled_from(list(ZOO_OBJECTS)),
    ),
    st.builds(lambda a: Atom("purrs", (a,)), st.sampled_from(list(ZOO_OBJECTS))),
    st.builds(
        lambda *a: Atom("pair", a),
        st.sampled_from(list(ZOO_OBJECTS)),
        st.sampled_from(list(ZOO_OBJECTS)),
    ),
)


@settings(max_examples=300, deadline=None)
@given(
    init=st.frozensets(_TYPED_ATOM, max_size=5),
    goal=st.frozensets(_TYPED_ATOM, max_size=3),
    food=st.sampled_from(list(ZOO_OBJECTS)),
)
def test_type_check_fast_path_matches_the_checked_one(init, goal, food):
    """The one-pass type check accepts exactly what the per-object check accepts, and where it
    does not, the per-object check names the misfit as before (subtypes: a cat is an animal)."""
    from planetarium_plugin.parsing.model import Goal
    from planetarium_plugin.parsing.problem import _check_types, _usage

    g = Goal(goal, frozenset(), frozenset())
    numeric = {Atom("food", (food,)): Fraction(1)}

    def reference():
        for obj, needed in _usage(ZOO, init, g, numeric).items():
            for typ in needed:
                if not ZOO.is_subtype(ZOO_OBJECTS[obj], typ):
                    raise PlanetariumError(
                        Reason.TYPING_MISMATCH,
                        f"object {obj!r} of type {ZOO_OBJECTS[obj]!r} is used where {typ!r} "
                        "is required",
                    )

    assert _outcome(_check_types, ZOO, ZOO_OBJECTS, init, g, numeric) == _outcome(reference)


def _reference_parse_goal(expr, domain, objects):
    """``_parse_goal`` as it was (every literal checked): the oracle for its fast path."""
    from planetarium_plugin.parsing.model import COMPARATORS, Goal
    from planetarium_plugin.parsing.problem import _atom, _comparison
    from planetarium_plugin.parsing.sexpr import _flatten_and, _show

    if len(expr) != 1:
        raise PlanetariumError(Reason.PARSE_ERROR, "(:goal …) must hold exactly one formula")
    pos, neg, num = set(), set(), set()
    for lit in _flatten_and(expr[0], ":goal"):
        head = lit[0]
        if head in ("or", "imply", "forall", "exists", "when"):
            raise PlanetariumError(
                Reason.UNSUPPORTED, f"'{head}' in goals is not supported: {_show(lit)}"
            )
        if head == "not":
            if len(lit) != 2 or not isinstance(lit[1], list):
                raise PlanetariumError(Reason.PARSE_ERROR, f"bad negation {_show(lit)}")
            if lit[1] and lit[1][0] in COMPARATORS:
                raise PlanetariumError(Reason.UNSUPPORTED, f"negated comparison {_show(lit)}")
            neg.add(_atom(lit[1], domain.predicates, objects, "goal literal"))
        elif head in COMPARATORS and head not in domain.predicates:
            num.add(_comparison(lit, domain, objects))
        else:
            pos.add(_atom(lit, domain.predicates, objects, "goal literal"))
    return Goal(frozenset(pos), frozenset(neg), frozenset(num))


_GOAL_HEAD = st.sampled_from(["at", "purrs", "free", "pair", "or", "when", "zebra", "and"])
_GOAL_LIT = st.one_of(
    st.builds(lambda h, a: [h, *a], _GOAL_HEAD, st.lists(_ARG, max_size=3)),
    st.builds(lambda h, a: ["not", [h, *a]], _GOAL_HEAD, st.lists(_ARG, max_size=3)),
    st.builds(
        lambda op, f, a, v: [op, [f, *a], v],
        st.sampled_from([">=", "<", "="]),
        st.sampled_from(["food", "dist"]),
        st.lists(_ARG, max_size=2),
        st.sampled_from(["3", "x"]),
    ),
)


@settings(max_examples=300, deadline=None)
@given(lits=st.lists(_GOAL_LIT, max_size=6), nest=st.booleans())
def test_goal_fast_path_matches_the_checked_reading(lits, nest):
    """Goal atoms read in one step give the same goal and errors as the checked reading."""
    from planetarium_plugin.parsing.problem import _parse_goal

    body = ["and", *lits[:2], ["and", *lits[2:]]] if nest else ["and", *lits]
    got = _outcome(_parse_goal, [body], ZOO, ZOO_OBJECTS)
    assert got == _outcome(_reference_parse_goal, [body], ZOO, ZOO_OBJECTS)
