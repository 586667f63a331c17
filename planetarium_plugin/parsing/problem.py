"""Parsing and validating a problem against its domain, with strict or relaxed typing."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType

from ..errors import PlanetariumError, Reason
from .extract import extract_problem
from .model import (
    COMPARATORS,
    DEFAULT_LIMITS,
    OBJECT,
    Atom,
    Domain,
    Goal,
    Limits,
    NumericCondition,
    Predicate,
    Problem,
    TypingMode,
)
from .sexpr import _flatten_and, _number, _sections, _show, _typed_list

_FLIP = {"<": ">", "<=": ">=", "=": "=", ">=": "<=", ">": "<"}
_SPECIAL = frozenset({"and", "not", "="})  # init heads read otherwise than as a predicate
_GOAL_SPECIAL = frozenset({"or", "imply", "forall", "exists", "when", "not"})  # goal ones
_new_atom = tuple.__new__  # Atom(p, args) without the NamedTuple constructor's Python frame


def parse_problem(
    text: str,
    domain: Domain,
    *,
    typing: TypingMode = "strict",
    limits: Limits = DEFAULT_LIMITS,
) -> Problem:
    """Parse and validate the first problem in ``text`` against ``domain``.

    ``typing="relaxed"`` is the paper's ":typing ignored" mode: type annotations in an untyped
    domain are dropped, and in a typed domain an object's type is inferred from how it is used.
    Raises :class:`PlanetariumError` with a specific reason on anything invalid.
    """
    name, sec = _sections(extract_problem(text, limits), "problem")
    if ":domain" not in sec or len(sec[":domain"]) != 1:
        raise PlanetariumError(Reason.PARSE_ERROR, "missing (:domain NAME)")
    dname = sec[":domain"][0]
    if dname != domain.name and dname not in domain.aliases:
        raise PlanetariumError(
            Reason.WRONG_DOMAIN, f"problem is for domain {dname!r}, expected {domain.name!r}"
        )
    for required in (":init", ":goal"):
        if required not in sec:
            raise PlanetariumError(Reason.PARSE_ERROR, f"missing ({required} …) section")
    unknown = set(sec) - {":domain", ":requirements", ":objects", ":init", ":goal", ":metric"}
    if unknown:
        raise PlanetariumError(
            Reason.PARSE_ERROR, f"unknown section(s): {', '.join(sorted(unknown))}"
        )

    declared = _typed_list(sec.get(":objects", []), ":objects")
    if len(declared) > limits.max_objects:
        raise PlanetariumError(
            Reason.TOO_LARGE, f"{len(declared)} objects (limit {limits.max_objects})"
        )
    objects: dict[str, str] = dict(domain.constants)
    any_typed = False
    for obj, typ in declared:
        if obj in objects:
            raise PlanetariumError(Reason.DUPLICATE_OBJECT, f"object {obj!r} is declared twice")
        if obj.startswith("?"):
            raise PlanetariumError(Reason.PARSE_ERROR, f"variable {obj!r} in :objects")
        if typ != OBJECT or "-" in sec.get(":objects", []):
            any_typed = True
        objects[obj] = typ

    if not domain.typed:
        if any_typed and typing == "strict":
            bad = next(t for o, t in declared if t != OBJECT or "-" in sec[":objects"])
            raise PlanetariumError(
                Reason.TYPING_MISMATCH,
                f"domain {domain.name!r} is untyped but objects are declared with types "
                f"(e.g. '- {bad}'); use relaxed typing to ignore them",
            )
        objects = dict.fromkeys(objects, OBJECT)
    elif typing == "strict":
        for obj, typ in objects.items():
            if typ not in domain.types:
                raise PlanetariumError(
                    Reason.TYPING_MISMATCH, f"object {obj!r} has unknown type {typ!r}"
                )

    init, numeric_init = _parse_init(sec[":init"], domain, objects, limits)
    goal = _parse_goal(sec[":goal"], domain, objects)
    if typing == "relaxed" and domain.typed:
        objects = _infer_types(domain, objects, init, goal, numeric_init)
    elif domain.typed:
        _check_types(domain, objects, init, goal, numeric_init)
    return Problem(
        name=name,
        domain_name=dname,
        objects=MappingProxyType(objects),
        init=init,
        goal=goal,
        numeric_init=MappingProxyType(numeric_init),
    )


def _atom(lit: list, table: Mapping[str, Predicate], objects: Mapping, what: str) -> Atom:
    head = lit[0] if lit else None
    if not isinstance(head, str):
        raise PlanetariumError(Reason.PARSE_ERROR, f"bad {what} {_show(lit)}")
    sig = table.get(head)
    if sig is None:
        kind = "function" if what == "fluent" else "predicate"
        raise PlanetariumError(Reason.UNKNOWN_PREDICATE, f"unknown {kind} {head!r} in {_show(lit)}")
    args = lit[1:]
    if len(args) != sig.arity:
        raise PlanetariumError(
            Reason.WRONG_ARITY,
            f"{head!r} takes {sig.arity} argument(s), got {len(args)} in {_show(lit)}",
        )
    for a in args:
        if not isinstance(a, str):
            raise PlanetariumError(Reason.PARSE_ERROR, f"nested expression in {_show(lit)}")
        if a not in objects:
            raise PlanetariumError(
                Reason.UNDECLARED_OBJECT, f"object {a!r} in {_show(lit)} is not declared"
            )
    return Atom(head, tuple(args))


def _plain_atom(lit: list, sig: Predicate | None, objects: Mapping) -> Atom | None:
    """``lit`` as an atom of ``sig`` when it is one as written (its arity, declared objects);
    None sends it through :func:`_atom`'s checks, which say what is wrong."""
    if sig is None or len(lit) != len(sig.params) + 1:
        return None
    args = tuple(lit[1:])
    for a in args:
        if a.__class__ is not str or a not in objects:
            return None
    return _new_atom(Atom, (lit[0], args))


def _parse_init(
    items: list, domain: Domain, objects: Mapping, limits: Limits
) -> tuple[frozenset[Atom], dict[Atom, Fraction]]:
    if len(items) > limits.max_atoms:
        raise PlanetariumError(
            Reason.TOO_LARGE, f"{len(items)} init facts (limit {limits.max_atoms})"
        )
    atoms: set[Atom] = set()
    numeric: dict[Atom, Fraction] = {}
    preds, funcs = domain.predicates, domain.functions
    for lit in items:
        # The common cases in one step: a fact or a numeric fact over declared objects
        # (anything else, an error included, takes the checks below, which say what is wrong).
        if lit.__class__ is list and lit:
            head = lit[0]
            if head == "=" and len(lit) == 3 and lit[1].__class__ is list and lit[1]:
                value, fluent = _number(lit[2]), lit[1]
                if value is not None and fluent[0].__class__ is str:
                    atom = _plain_atom(fluent, funcs.get(fluent[0]), objects)
                    if atom is not None:
                        numeric[atom] = value
                        continue
            elif head.__class__ is str and head not in _SPECIAL:
                atom = _plain_atom(lit, preds.get(head), objects)
                if atom is not None:
                    atoms.add(atom)
                    continue
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


def _parse_goal(expr: list, domain: Domain, objects: Mapping) -> Goal:
    if len(expr) != 1:
        raise PlanetariumError(Reason.PARSE_ERROR, "(:goal …) must hold exactly one formula")
    pos: set[Atom] = set()
    neg: set[Atom] = set()
    num: set[NumericCondition] = set()
    preds = domain.predicates
    for lit in _flatten_and(expr[0], ":goal"):
        head = lit[0]
        if head.__class__ is str and head not in _GOAL_SPECIAL:  # a plain atom in one step
            atom = _plain_atom(lit, preds.get(head), objects)
            if atom is not None:
                pos.add(atom)
                continue
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


def _comparison(lit: list, domain: Domain, objects: Mapping) -> NumericCondition:
    if len(lit) != 3:
        raise PlanetariumError(Reason.PARSE_ERROR, f"bad comparison {_show(lit)}")
    op, lhs, rhs = lit
    if all(isinstance(x, str) for x in (lhs, rhs)) and _number(lhs) is None:
        raise PlanetariumError(Reason.UNSUPPORTED, f"object equality in goals: {_show(lit)}")
    lnum, rnum = _number(lhs), _number(rhs)
    if lnum is not None and isinstance(rhs, list):
        op, lhs, rhs, rnum = _FLIP[op], rhs, lhs, lnum
    if rnum is None or not isinstance(lhs, list):
        raise PlanetariumError(
            Reason.UNSUPPORTED,
            f"only (op (fluent …) number) comparisons are supported: {_show(lit)}",
        )
    return NumericCondition(op, _atom(lhs, domain.functions, objects, "fluent"), rnum)


def _usage(domain: Domain, init, goal: Goal, numeric_init) -> dict[str, list[str]]:
    uses: dict[str, list[str]] = {}
    table = domain.predicates
    for atom in (*init, *goal.positive, *goal.negative):
        for (_, typ), arg in zip(table[atom.predicate].params, atom.args, strict=True):
            uses.setdefault(arg, []).append(typ)
    for fl in (*numeric_init, *(c.fluent for c in goal.numeric)):
        for (_, typ), arg in zip(domain.functions[fl.predicate].params, fl.args, strict=True):
            uses.setdefault(arg, []).append(typ)
    return uses


def _types_fit(domain: Domain, objects, init, goal: Goal, numeric_init) -> bool:
    """Whether every argument's type fits its parameter (most are the very type: no walk up
    the hierarchy); False sends :func:`_check_types` to find and name the first misfit."""
    preds, subtype, kinds = domain.predicates, domain.is_subtype, objects.__getitem__
    for atoms, table in (
        (init, preds),
        (goal.positive, preds),
        (goal.negative, preds),
        (numeric_init, domain.functions),
        ([c.fluent for c in goal.numeric], domain.functions),
    ):
        wanted: dict[str, tuple[str, ...]] = {}  # predicate -> its parameters' types
        for pred, args in atoms:
            need = wanted.get(pred)
            if need is None:
                need = wanted[pred] = tuple(t for _, t in table[pred].params)
            have = tuple(map(kinds, args))
            if have != need and not all(map(subtype, have, need)):
                return False
    return True


def _check_types(domain: Domain, objects, init, goal, numeric_init) -> None:
    if _types_fit(domain, objects, init, goal, numeric_init):
        return
    for obj, needed in _usage(domain, init, goal, numeric_init).items():
        have = objects[obj]
        for typ in needed:
            if not domain.is_subtype(have, typ):
                raise PlanetariumError(
                    Reason.TYPING_MISMATCH,
                    f"object {obj!r} of type {have!r} is used where {typ!r} is required",
                )


def _infer_types(domain: Domain, objects, init, goal, numeric_init) -> dict[str, str]:
    uses = _usage(domain, init, goal, numeric_init)
    out = {}
    for obj, declared in objects.items():
        needed = uses.get(obj, [])
        if declared in domain.types and all(domain.is_subtype(declared, t) for t in needed):
            out[obj] = declared
            continue
        best = next(
            (t for t in needed if all(domain.is_subtype(t, u) for u in needed)),
            needed[0] if needed else OBJECT,
        )
        out[obj] = best
    return out
