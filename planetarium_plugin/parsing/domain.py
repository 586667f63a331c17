"""Parsing and checking a domain: declarations, actions and unsupported requirements."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType

from ..errors import PlanetariumError, Reason
from .adl import AdlUnreadable, read_adl_condition, read_adl_effect
from .extract import _DOMAIN_START, _PROBLEM_START, _SURROGATE, _find_start
from .model import (
    COMPARATORS,
    DEFAULT_LIMITS,
    OBJECT,
    Action,
    AdlParts,
    Atom,
    Domain,
    Limits,
    NumericEffect,
    Predicate,
)
from .sexpr import (
    _definition_end,
    _flatten_and,
    _number,
    _read,
    _sections,
    _show,
    _typed_list,
    pddl_after_definition,
)

#: Requirements whose constructs nothing here implements: temporal planning, derived
#: predicates, PDDL+ and PDDL3 preferences/constraints.
UNSUPPORTED_REQUIREMENTS = frozenset(
    {
        ":durative-actions",
        ":duration-inequalities",
        ":continuous-effects",
        ":timed-initial-literals",
        ":derived-predicates",
        ":preferences",
        ":constraints",
        ":time",
    }
)


KNOWN_REQUIREMENTS = UNSUPPORTED_REQUIREMENTS | {
    ":strips",
    ":typing",
    ":negative-preconditions",
    ":disjunctive-preconditions",
    ":equality",
    ":existential-preconditions",
    ":universal-preconditions",
    ":quantified-preconditions",
    ":conditional-effects",
    ":fluents",
    ":numeric-fluents",
    ":object-fluents",
    ":adl",
    ":action-costs",
}
_DOMAIN_SECTIONS = frozenset(
    {":requirements", ":types", ":constants", ":predicates", ":functions", ":action"}
)
_UNSUPPORTED_SECTIONS = {
    ":durative-action": "durative actions (temporal planning)",
    ":derived": "derived predicates",
    ":process": "PDDL+ processes",
    ":event": "PDDL+ events",
    ":constraints": "PDDL3 constraints",
}
_REPEATABLE = frozenset({":action", *_UNSUPPORTED_SECTIONS})
_CONNECTIVES = frozenset({"or", "imply", "forall", "exists", "when"})
_NUMERIC_EFFECTS = frozenset({"increase", "decrease", "assign", "scale-up", "scale-down"})


def _invalid(message: str) -> PlanetariumError:
    return PlanetariumError(Reason.DOMAIN_INVALID, message)


def parse_domain(text: str, limits: Limits = DEFAULT_LIMITS, *, lenient: bool = False) -> Domain:
    """Parse and check a domain definition (the first ``(define (domain …))`` in ``text``).

    Raises :class:`PlanetariumError` — and nothing else — with reason ``domain_invalid``
    (malformed text, undeclared predicates, types or variables, wrong arity), ``unsupported``
    (durative actions, derived predicates and other requirements nothing here implements) or
    ``too_large`` (text or action count past ``limits``). PDDL that goes on after the
    definition closed (a stray ``)``) is an error naming both lines. ``lenient``: read as Fast
    Downward does — a type used but never declared is a subtype of ``object``.

    >>> try:
    ...     parse_domain("(define (domain d) (:requirements :durative-actions))")
    ... except PlanetariumError as exc:
    ...     print(exc.reason, exc.message)
    unsupported domain d needs :durative-actions, which is not supported
    """
    if not isinstance(text, str):
        raise _invalid(f"expected domain text, got {type(text).__name__}")
    if len(text) > limits.max_chars:
        raise PlanetariumError(
            Reason.TOO_LARGE,
            f"domain text has {len(text)} characters (limit {limits.max_chars})",
        )
    if (bad := _SURROGATE.search(text)) is not None:
        raise _invalid(f"not valid Unicode: lone surrogate U+{ord(bad.group()):04X}")
    m = _find_start(_DOMAIN_START, text)
    if m is None:
        if _find_start(_PROBLEM_START, text):
            raise _invalid("this is a problem ((define (problem …))), not a domain")
        raise _invalid("no (define (domain …)) found")
    end = _definition_end(text, m.start())
    after = pddl_after_definition(text, m.start(), end)
    if after is not None:
        raise _invalid(truncation_message(*after))
    try:
        return _parse_domain(text[m.start() : end], 0, limits, lenient)
    except PlanetariumError as exc:
        if exc.reason is Reason.PARSE_ERROR:
            raise _invalid(exc.message) from None
        raise
    except (IndexError, TypeError, ValueError, AttributeError, RecursionError) as exc:
        # A defect of ours on odd input must still read as "this domain is not usable".
        raise _invalid(f"cannot read the domain ({type(exc).__name__}: {exc})") from None


def truncation_message(what: str, closed: int, found: int, located: bool = True) -> str:
    """One sentence for PDDL found after the domain's ``(define …)`` closed (``located``:
    starting with the line it was found on)."""
    where = f"line {found}: " if located else ""
    if what == ")":
        return f"{where}stray ')' after the domain's (define …) closed at line {closed}; remove it"
    return (
        f"{where}{what.strip()} … comes after the domain's (define …) closed at line "
        f"{closed}: a ')' too many closes the define early; remove the stray ')'"
    )


def _parse_domain(text: str, start: int, limits: Limits, lenient: bool = False) -> Domain:
    name, sec = _sections(_read(text, start, limits), "domain", _REPEATABLE)
    for key, what in _UNSUPPORTED_SECTIONS.items():
        if key in sec:
            raise PlanetariumError(
                Reason.UNSUPPORTED, f"domain {name} uses {what} ({key}), which are not supported"
            )
    unknown = sorted(set(sec) - _DOMAIN_SECTIONS)
    if unknown:
        raise _invalid(f"domain {name}: unknown section(s) {', '.join(unknown)}")
    requirements = frozenset(str(r) for r in sec.get(":requirements", []))
    for req in sorted(requirements):
        if req in UNSUPPORTED_REQUIREMENTS:
            raise PlanetariumError(
                Reason.UNSUPPORTED, f"domain {name} needs {req}, which is not supported"
            )
        if req not in KNOWN_REQUIREMENTS:
            raise PlanetariumError(
                Reason.UNSUPPORTED, f"domain {name} needs {req}, an unknown requirement"
            )
    n_actions = len(sec.get(":action", []))
    if n_actions > limits.max_actions:
        raise PlanetariumError(
            Reason.TOO_LARGE, f"domain {name} has {n_actions} actions (limit {limits.max_actions})"
        )
    types: dict[str, str | None] = {OBJECT: None}
    for t, parent in _typed_list(sec.get(":types", []), ":types"):
        if t != OBJECT:
            types[t] = parent
    for parent in list(types.values()):
        if parent is not None and parent not in types:
            types[parent] = OBJECT

    def typed(items: list, where: str) -> list[tuple[str, str]]:
        out = _typed_list(items, where)
        for _, typ in out:
            if typ not in types:
                if not lenient:
                    raise _invalid(f"{where} uses undeclared type {typ!r}")
                types[typ] = OBJECT
        return out

    constants = dict(typed(sec.get(":constants", []), ":constants"))
    predicates = _signatures(sec.get(":predicates", []), "predicate", typed)
    functions = _signatures(
        [f for f in sec.get(":functions", []) if f not in ("-", "number")], "function", typed
    )
    actions = []
    for items in sec.get(":action", []):
        act = _parse_action(items, predicates, functions, constants, typed)
        if any(a.name == act.name for a in actions):
            raise _invalid(f"action {act.name!r} is defined twice")
        actions.append(act)
    return Domain(
        name=name,
        requirements=requirements,
        types=MappingProxyType(types),
        constants=MappingProxyType(constants),
        predicates=MappingProxyType(predicates),
        functions=MappingProxyType(functions),
        actions=tuple(actions),
        text=text,
    )


def _signatures(items: list, kind: str, typed) -> dict[str, Predicate]:
    out: dict[str, Predicate] = {}
    for p in items:
        if not (isinstance(p, list) and p and isinstance(p[0], str)):
            raise _invalid(f"bad {kind} declaration {_show(p)}")
        if p[0] in out:
            raise _invalid(f"{kind} {p[0]!r} is declared twice")
        params = tuple(typed(p[1:], f"{kind} {p[0]}"))
        for var, _ in params:
            if not var.startswith("?"):
                raise _invalid(f"{kind} {p[0]}: parameter {var!r} must be a ?variable")
        out[p[0]] = Predicate(p[0], params)
    return out


def _parse_action(
    items: list,
    predicates: Mapping[str, Predicate],
    functions: Mapping[str, Predicate],
    constants: Mapping[str, str],
    typed,
) -> Action:
    if not items or not isinstance(items[0], str):
        raise _invalid("action without a name")
    name = items[0]
    fields: dict[str, object] = {}
    rest = items[1:]
    if len(rest) % 2:
        raise _invalid(f"action {name}: {_show(rest[-1])} has no value")
    for key, value in zip(rest[::2], rest[1::2], strict=True):
        if key in (":duration", ":condition"):
            raise PlanetariumError(
                Reason.UNSUPPORTED, f"action {name} has {key}: durative actions are not supported"
            )
        if key not in (":parameters", ":precondition", ":effect"):
            raise _invalid(f"action {name}: unknown key {_show(key)}")
        if key in fields:
            raise _invalid(f"action {name}: {key} appears twice")
        fields[key] = value
    raw_params = fields.get(":parameters", [])
    if not isinstance(raw_params, list):
        raise _invalid(f"action {name}: :parameters must be a list")
    params = tuple(typed(raw_params, f"action {name}"))
    variables = {v for v, _ in params}
    for var, _ in params:
        if not var.startswith("?"):
            raise _invalid(f"action {name}: parameter {var!r} must be a ?variable")
    if len(variables) != len(params):
        raise _invalid(f"action {name}: a parameter is declared twice")

    def term(arg: object, lit: object) -> None:
        if not isinstance(arg, str):
            raise _invalid(f"action {name}: nested term in {_show(lit)}")
        if arg.startswith("?"):
            if arg not in variables:
                raise _invalid(f"action {name}: undeclared variable {arg} in {_show(lit)}")
        elif arg not in constants:
            raise _invalid(f"action {name}: unknown constant {arg!r} in {_show(lit)}")

    def atom(lit: list, table: Mapping[str, Predicate], kind: str) -> Atom:
        head = lit[0]
        sig = table.get(head) if isinstance(head, str) else None
        if sig is None:
            raise _invalid(f"action {name}: undeclared {kind} {_show(head)!r} in {_show(lit)}")
        if len(lit) - 1 != sig.arity:
            raise _invalid(
                f"action {name}: {head!r} takes {sig.arity} argument(s), "
                f"got {len(lit) - 1} in {_show(lit)}"
            )
        for arg in lit[1:]:
            term(arg, lit)
        return Atom(head, tuple(lit[1:]))

    def expr(e: object) -> object:
        n = _number(e)
        if n is not None:
            return n
        if isinstance(e, list) and len(e) == 3 and e[0] in ("+", "-", "*", "/"):
            return (e[0], expr(e[1]), expr(e[2]))
        if isinstance(e, list) and len(e) == 2 and e[0] == "-":
            return ("-", Fraction(0), expr(e[1]))
        if isinstance(e, list) and e:
            return atom(e, functions, "function")
        raise _invalid(f"action {name}: bad numeric expression {_show(e)}")

    unsupported: list[str] = []
    adl_pre: list[tuple[str, tuple]] | None = []
    adl_eff: list[tuple] | None = []
    tables = (predicates, functions, constants, typed)

    def adl(read, lit: list, out: list | None) -> list | None:
        """``lit`` read as an ADL tree into ``out``; None once a part does not read."""
        if out is None:
            return None
        try:
            tree = read(lit, frozenset(variables), *tables)
        except (AdlUnreadable, PlanetariumError, IndexError, TypeError, ValueError, RecursionError):
            return None  # never a reason to reject a domain read before: the action is refused
        out.append((_show(lit), tree) if read is read_adl_condition else tree)
        return out

    pre_pos, pre_neg, pre_eq, pre_neq, pre_num = [], [], [], [], []
    pre = fields.get(":precondition", [])
    for lit in _flatten_and(pre, f"precondition of {name}") if pre else []:
        neg = lit[0] == "not"
        if neg and not (len(lit) == 2 and isinstance(lit[1], list) and lit[1]):
            raise _invalid(f"action {name}: bad negation {_show(lit)}")
        core = lit[1] if neg else lit
        head = core[0]
        if not isinstance(head, str):
            raise _invalid(f"action {name}: bad literal {_show(lit)}")
        if head == "=" and len(core) == 3 and all(isinstance(x, str) for x in core[1:]):
            for arg in core[1:]:
                term(arg, lit)
            (pre_neq if neg else pre_eq).append((core[1], core[2]))
        elif head in COMPARATORS and head not in predicates:
            if neg or len(core) != 3:
                unsupported.append(f"precondition {_show(lit)}")
                adl_pre = adl(read_adl_condition, lit, adl_pre)
            else:
                pre_num.append((head, expr(core[1]), expr(core[2])))
        elif head in _CONNECTIVES or (neg and head in ("and", "not")):  # (not (and …))
            unsupported.append(f"precondition {_show(lit)}")
            adl_pre = adl(read_adl_condition, lit, adl_pre)
        else:
            (pre_neg if neg else pre_pos).append(atom(core, predicates, "predicate"))
    add, delete, num_eff = [], [], []
    eff = fields.get(":effect", [])
    for lit in _flatten_and(eff, f"effect of {name}") if eff else []:
        head = lit[0]
        if not isinstance(head, str):
            raise _invalid(f"action {name}: bad effect {_show(lit)}")
        if head == "not":
            if not (len(lit) == 2 and isinstance(lit[1], list) and lit[1]):
                raise _invalid(f"action {name}: bad negation {_show(lit)}")
            delete.append(atom(lit[1], predicates, "predicate"))
        elif head in _NUMERIC_EFFECTS and head not in predicates:
            if len(lit) != 3 or not isinstance(lit[1], list) or not lit[1]:
                raise _invalid(f"action {name}: bad numeric effect {_show(lit)}")
            num_eff.append(NumericEffect(head, atom(lit[1], functions, "function"), expr(lit[2])))
        elif head in _CONNECTIVES:
            unsupported.append(f"effect {_show(lit)}")
            adl_eff = adl(read_adl_effect, lit, adl_eff)
        else:
            add.append(atom(lit, predicates, "predicate"))
    return Action(
        name=name,
        params=params,
        pre_pos=tuple(pre_pos),
        pre_neg=tuple(pre_neg),
        pre_eq=tuple(pre_eq),
        pre_neq=tuple(pre_neq),
        pre_num=tuple(pre_num),
        add=tuple(add),
        delete=tuple(delete),
        num_eff=tuple(num_eff),
        unsupported="; ".join(unsupported) or None,
        adl=AdlParts(tuple(adl_pre), tuple(adl_eff))
        if unsupported and adl_pre is not None and adl_eff is not None
        else None,
    )
