"""Reading PDDL domains and problems, with errors that say exactly what is wrong.

The reader is our own: a bounded S-expression tokenizer (no recursion, so no depth crash) and
a semantic pass against the domain that rejects, with a specific :class:`~.errors.Reason`,
what other parsers silently drop — unknown predicates, wrong arity, undeclared objects,
a wrong ``(:domain …)`` name and ``:typing`` misuse.

Model output is untrusted: :func:`extract_problem` finds the first ``(define (problem …))`` in
prose or markdown fences, and :class:`Limits` bounds size, nesting and object counts.

>>> dom = parse_domain('''(define (domain d) (:predicates (p ?x) (q ?x ?y))
...   (:action a :parameters (?x) :precondition (p ?x) :effect (not (p ?x))))''')
>>> prob = parse_problem('Sure! ```pddl\\n(define (problem x) (:domain d) (:objects a b)'
...                      ' (:init (p a)) (:goal (and (q a b))))\\n```', dom)
>>> sorted(prob.objects), sorted(prob.init), sorted(prob.goal.positive)
(['a', 'b'], [Atom(predicate='p', args=('a',))], [Atom(predicate='q', args=('a', 'b'))])
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Literal, NamedTuple

from .errors import PlanetariumError, Reason

__all__ = [
    "Action",
    "Atom",
    "Domain",
    "Goal",
    "Limits",
    "NumericCondition",
    "NumericEffect",
    "Predicate",
    "Problem",
    "TypingMode",
    "extract_problem",
    "extract_problem_text",
    "parse_domain",
    "parse_problem",
]

TypingMode = Literal["strict", "relaxed"]
OBJECT = "object"
COMPARATORS = frozenset({"<", "<=", "=", ">=", ">"})
_FLIP = {"<": ">", "<=": ">=", "=": "=", ">=": "<=", ">": "<"}

_TOKEN = re.compile(r";[^\n]*|[()]|[^\s();]+")
_GAP = r"(?:\s|;[^\n]*(?:\n|$))*"  # whitespace and comments between tokens
_PROBLEM_START = re.compile(rf"\({_GAP}define{_GAP}\({_GAP}problem\b", re.IGNORECASE)
_DOMAIN_START = re.compile(rf"\({_GAP}define{_GAP}\({_GAP}domain\b", re.IGNORECASE)
_SURROGATE = re.compile("[\ud800-\udfff]")
_NUMBER_START = frozenset("0123456789+-.")


class Atom(NamedTuple):
    """A ground (or, inside actions, lifted) proposition ``(predicate arg…)``."""

    predicate: str
    args: tuple[str, ...]

    def __str__(self) -> str:
        return f"({' '.join((self.predicate, *self.args))})"


class NumericCondition(NamedTuple):
    """A canonical numeric goal ``(op (fluent args…) value)``; the fluent is always on the left.

    ``(<= 5 (battery d1))`` and ``(>= (battery d1) 5)`` read to the same condition.
    """

    op: str
    fluent: Atom
    value: Fraction

    def __str__(self) -> str:
        return f"({self.op} {self.fluent} {_fmt_number(self.value)})"


class NumericEffect(NamedTuple):
    """``(increase|decrease|assign|scale-up|scale-down (f …) expr)`` inside an action."""

    op: str
    fluent: Atom
    expr: object  # nested tuples: numbers (Fraction), fluent Atoms, or (op, lhs, rhs)


@dataclass(frozen=True, slots=True)
class Limits:
    """Bounds applied to untrusted text before any heavy work."""

    max_chars: int = 2_000_000
    max_depth: int = 64
    max_objects: int = 5_000
    max_atoms: int = 50_000
    max_number_digits: int = 100  # digits in one numeric literal
    max_number_exponent: int = 100  # |e| in a literal such as 1e100
    max_actions: int = 1_000


DEFAULT_LIMITS = Limits()


@dataclass(frozen=True, slots=True)
class Goal:
    """A conjunctive goal: positive and negative literals and numeric conditions."""

    positive: frozenset[Atom] = frozenset()
    negative: frozenset[Atom] = frozenset()
    numeric: frozenset[NumericCondition] = frozenset()

    def __len__(self) -> int:
        return len(self.positive) + len(self.negative) + len(self.numeric)


@dataclass(frozen=True, slots=True)
class Problem:
    """A parsed, validated problem: objects with types, closed-world init, conjunctive goal."""

    name: str
    domain_name: str
    objects: Mapping[str, str]
    init: frozenset[Atom]
    goal: Goal
    numeric_init: Mapping[Atom, Fraction] = field(default_factory=dict)

    @property
    def size(self) -> int:
        """Number of propositions written in the problem (the paper's size measure)."""
        return len(self.init) + len(self.numeric_init) + len(self.goal)


@dataclass(frozen=True, slots=True)
class Predicate:
    """A predicate or function signature: name and typed parameters."""

    name: str
    params: tuple[tuple[str, str], ...]  # (variable, type)

    @property
    def arity(self) -> int:
        return len(self.params)


@dataclass(frozen=True, slots=True)
class Action:
    """A STRIPS action with negative preconditions, equality and (for numeric packs) fluents.

    ``supported`` is False when the action uses constructs the explicit-state search does not
    implement (disjunction, quantifiers, conditional effects); ``unsupported`` says which.
    """

    name: str
    params: tuple[tuple[str, str], ...]
    pre_pos: tuple[Atom, ...] = ()
    pre_neg: tuple[Atom, ...] = ()
    pre_eq: tuple[tuple[str, str], ...] = ()
    pre_neq: tuple[tuple[str, str], ...] = ()
    pre_num: tuple[tuple[str, object, object], ...] = ()
    add: tuple[Atom, ...] = ()
    delete: tuple[Atom, ...] = ()
    num_eff: tuple[NumericEffect, ...] = ()
    unsupported: str | None = None


@dataclass(frozen=True, slots=True)
class Domain:
    """A parsed domain. ``types`` maps each type to its parent (``object`` is the root).

    Equality is semantic: two domains are equal when they read to the same declarations and
    actions, whatever their whitespace, comments or letter case. ``text`` is the
    ``(define (domain …))`` expression as written (prose around it dropped).
    """

    name: str
    requirements: frozenset[str]
    types: Mapping[str, str | None]
    constants: Mapping[str, str]
    predicates: Mapping[str, Predicate]
    functions: Mapping[str, Predicate]
    actions: tuple[Action, ...]
    text: str = field(default="", repr=False, compare=False)
    #: Other names a problem's ``(:domain …)`` may give (set by a pack, e.g. a legacy name).
    aliases: frozenset[str] = field(default=frozenset(), compare=False)

    @property
    def typed(self) -> bool:
        return ":typing" in self.requirements or len(self.types) > 1

    @property
    def numeric(self) -> bool:
        return bool(self.functions)

    def is_subtype(self, sub: str, sup: str) -> bool:
        """True when ``sub`` equals ``sup`` or descends from it in the type hierarchy."""
        seen = 0
        t: str | None = sub
        while t is not None and seen <= len(self.types):
            if t == sup:
                return True
            t = self.types.get(t)
            seen += 1
        return sup == OBJECT


# ---------------------------------------------------------------------------------------------
# S-expressions


def _fmt_number(v: Fraction) -> str:
    """A number for messages: an integer, else a float (``n/d`` if it does not fit one)."""
    try:
        return str(v.numerator) if v.denominator == 1 else str(float(v))
    except (OverflowError, ValueError):  # beyond float or str(int) range: never raise here
        bits = abs(v.numerator).bit_length() - v.denominator.bit_length()
        return f"{'-' if v < 0 else ''}~2^{bits}"


def _check_number(tok: str, limits: Limits) -> None:
    """Reject a numeric literal whose digits or exponent exceed ``limits`` (``too_large``).

    ``Fraction('1e999999999')`` would build a billion-digit integer: the bound is checked on
    the text, before any conversion.

    >>> _check_number("1e5000", DEFAULT_LIMITS)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    planetarium_plugin.errors.PlanetariumError: numeric literal '1e5000' is too large ...
    """
    mantissa, _, exponent = tok.partition("e")
    digits = sum(c.isdigit() for c in mantissa)
    if digits > limits.max_number_digits:
        raise PlanetariumError(
            Reason.TOO_LARGE,
            f"numeric literal of {digits} digits (limit {limits.max_number_digits})",
        )
    exp = exponent.lstrip("+-").lstrip("0")
    if exp.isdecimal() and (len(exp) > 6 or int(exp) > limits.max_number_exponent):
        shown = tok if len(tok) <= 40 else tok[:37] + "..."
        raise PlanetariumError(
            Reason.TOO_LARGE,
            f"numeric literal {shown!r} is too large "
            f"(exponent over {limits.max_number_exponent})",
        )


def _read(text: str, start: int, limits: Limits) -> list:
    """Read one balanced S-expression starting at ``text[start] == '('`` (iteratively)."""
    stack: list[list] = []
    cur: list | None = None
    for tok in _TOKEN.findall(text, start):
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
        elif cur is None:
            raise PlanetariumError(Reason.PARSE_ERROR, f"expected '(' but found {tok!r}")
        else:
            tok = tok.lower()
            if tok[0] in _NUMBER_START or tok[0].isdigit():
                _check_number(tok, limits)
            cur.append(tok)
    missing = len(stack) + (cur is not None)
    raise PlanetariumError(
        Reason.PARSE_ERROR, f"unbalanced parentheses: {missing} unclosed '(' at end of text"
    )


def _commented_out(text: str, pos: int) -> bool:
    """Whether ``pos`` lies in a ``;`` comment: one that opens its line or follows PDDL on it.

    A semicolon in prose (``Sure; (define …``) does not hide what follows it.
    """
    line = text[text.rfind("\n", 0, pos) + 1 : pos]
    semi = line.find(";")
    if semi < 0:
        return False
    before = line[:semi]
    return not before.strip() or "(" in before or ")" in before


def _find_start(pattern: re.Pattern, text: str) -> re.Match | None:
    """The first match of ``pattern`` that is not commented out (comments are whitespace)."""
    for m in pattern.finditer(text):
        if not _commented_out(text, m.start()):
            return m
    return None


def extract_problem(text: str, limits: Limits = DEFAULT_LIMITS) -> list:
    """Return the first ``(define (problem …))`` in ``text`` as a nested list of lower-case tokens.

    Prose, markdown fences and a domain definition before the problem are skipped.

    >>> extract_problem("Here you go:\\n```\\n(define (problem p) (:domain d))\\n```")
    ['define', ['problem', 'p'], [':domain', 'd']]
    """
    if not isinstance(text, str):
        raise PlanetariumError(Reason.PARSE_ERROR, f"expected text, got {type(text).__name__}")
    if len(text) > limits.max_chars:
        raise PlanetariumError(
            Reason.TOO_LARGE, f"text has {len(text)} characters (limit {limits.max_chars})"
        )
    if (bad := _SURROGATE.search(text)) is not None:
        raise PlanetariumError(
            Reason.PARSE_ERROR,
            f"not valid Unicode: lone surrogate U+{ord(bad.group()):04X} "
            f"at character {bad.start()}",
        )
    m = _find_start(_PROBLEM_START, text)
    if m is None:
        if not text.strip():
            raise PlanetariumError(Reason.PARSE_ERROR, "empty text: no PDDL problem found")
        if _find_start(_DOMAIN_START, text):
            raise PlanetariumError(
                Reason.PARSE_ERROR, "found a (define (domain …)) but no (define (problem …))"
            )
        raise PlanetariumError(Reason.PARSE_ERROR, "no (define (problem …)) found in text")
    return _read(text, m.start(), limits)


def extract_problem_text(text: str, limits: Limits = DEFAULT_LIMITS) -> str | None:
    r"""The text of the first ``(define (problem …))`` in ``text``, or None if there is none.

    >>> extract_problem_text("Sure:\n```\n(define (problem p) (:domain d))\n```")
    '(define (problem p) (:domain d))'
    """
    if not isinstance(text, str) or len(text) > limits.max_chars:
        return None
    m = _find_start(_PROBLEM_START, text)
    if m is None:
        return None
    depth = 0
    for tok in _TOKEN.finditer(text, m.start()):
        if tok.group() == "(":
            depth += 1
        elif tok.group() == ")":
            depth -= 1
            if depth == 0:
                return text[m.start() : tok.end()]
    return text[m.start() :]  # unbalanced: the rest of the text


# ---------------------------------------------------------------------------------------------
# Shared pieces


def _typed_list(items: list, where: str, allow_types: bool = True) -> list[tuple[str, str]]:
    """Parse ``a b - t c`` into ``[(a, t), (b, t), (c, object)]``."""
    out: list[tuple[str, str]] = []
    pending: list[str] = []
    i = 0
    while i < len(items):
        tok = items[i]
        if not isinstance(tok, str):
            raise PlanetariumError(Reason.PARSE_ERROR, f"unexpected list in {where}: {_show(tok)}")
        if tok == "-":
            if i + 1 >= len(items) or not isinstance(items[i + 1], str):
                if i + 1 < len(items) and items[i + 1] and items[i + 1][0] == "either":
                    raise PlanetariumError(
                        Reason.UNSUPPORTED, f"'either' types are not supported ({where})"
                    )
                raise PlanetariumError(Reason.PARSE_ERROR, f"'-' without a type in {where}")
            if not pending:
                raise PlanetariumError(Reason.PARSE_ERROR, f"type without names in {where}")
            typ = items[i + 1]
            out.extend((name, typ) for name in pending)
            pending = []
            i += 2
            continue
        pending.append(tok)
        i += 1
    out.extend((name, OBJECT) for name in pending)
    return out


def _show(expr: object) -> str:
    if isinstance(expr, list):
        return "(" + " ".join(_show(e) for e in expr) + ")"
    return str(expr)


def _number(tok: object) -> Fraction | None:
    if isinstance(tok, str) and tok and (tok[0].isdigit() or tok[0] in "-+."):
        try:
            return Fraction(tok)
        except (ValueError, ZeroDivisionError):
            return None
    return None


def _flatten_and(expr: object, where: str) -> list:
    """Flatten nested ``(and …)`` into a list of conjuncts."""
    out: list = []
    todo = [expr]
    while todo:
        e = todo.pop()
        if isinstance(e, list) and e and e[0] == "and":
            todo.extend(reversed(e[1:]))
        elif isinstance(e, list) and not e:
            continue
        elif isinstance(e, list):
            out.append(e)
        else:
            raise PlanetariumError(Reason.PARSE_ERROR, f"expected a literal in {where}, got {e!r}")
    return out


def _sections(
    expr: list, kind: str, repeatable: frozenset[str] = frozenset()
) -> tuple[str, dict[str, list]]:
    if len(expr) < 2 or expr[0] != "define":
        raise PlanetariumError(Reason.PARSE_ERROR, f"expected (define ({kind} NAME) …)")
    head = expr[1]
    if not (isinstance(head, list) and len(head) == 2 and head[0] == kind):
        raise PlanetariumError(Reason.PARSE_ERROR, f"expected ({kind} NAME) after define")
    name = head[1]
    if not isinstance(name, str):
        raise PlanetariumError(Reason.PARSE_ERROR, f"{kind} name must be a symbol")
    sections: dict[str, list] = {}
    for sec in expr[2:]:
        if not (isinstance(sec, list) and sec and isinstance(sec[0], str)):
            raise PlanetariumError(Reason.PARSE_ERROR, f"unexpected element {_show(sec)}")
        key = sec[0]
        if key in repeatable:
            sections.setdefault(key, []).append(sec[1:])
            continue
        if key in sections:
            raise PlanetariumError(Reason.PARSE_ERROR, f"section {key} appears more than once")
        sections[key] = sec[1:]
    return name, sections


# ---------------------------------------------------------------------------------------------
# Domains

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


def parse_domain(text: str, limits: Limits = DEFAULT_LIMITS) -> Domain:
    """Parse and check a domain definition (the first ``(define (domain …))`` in ``text``).

    Raises :class:`PlanetariumError` — and nothing else — with reason ``domain_invalid``
    (malformed text, undeclared predicates, types or variables, wrong arity), ``unsupported``
    (durative actions, derived predicates and other requirements nothing here implements) or
    ``too_large`` (text or action count past ``limits``).

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
    try:
        return _parse_domain(text[m.start() : _definition_end(text, m.start())], 0, limits)
    except PlanetariumError as exc:
        if exc.reason is Reason.PARSE_ERROR:
            raise _invalid(exc.message) from None
        raise
    except (IndexError, TypeError, ValueError, AttributeError, RecursionError) as exc:
        # A defect of ours on odd input must still read as "this domain is not usable".
        raise _invalid(f"cannot read the domain ({type(exc).__name__}: {exc})") from None


def _definition_end(text: str, start: int) -> int:
    """End of the balanced expression opening at ``start`` (the end of text if unbalanced)."""
    depth = 0
    for tok in _TOKEN.finditer(text, start):
        if tok.group() == "(":
            depth += 1
        elif tok.group() == ")":
            depth -= 1
            if depth == 0:
                return tok.end()
    return len(text)


def _parse_domain(text: str, start: int, limits: Limits) -> Domain:
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
                raise _invalid(f"{where} uses undeclared type {typ!r}")
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
            else:
                pre_num.append((head, expr(core[1]), expr(core[2])))
        elif head in _CONNECTIVES:
            unsupported.append(f"precondition {_show(lit)}")
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
    )


# ---------------------------------------------------------------------------------------------
# Problems


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


def _parse_init(
    items: list, domain: Domain, objects: Mapping, limits: Limits
) -> tuple[frozenset[Atom], dict[Atom, Fraction]]:
    if len(items) > limits.max_atoms:
        raise PlanetariumError(
            Reason.TOO_LARGE, f"{len(items)} init facts (limit {limits.max_atoms})"
        )
    atoms: set[Atom] = set()
    numeric: dict[Atom, Fraction] = {}
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


def _parse_goal(expr: list, domain: Domain, objects: Mapping) -> Goal:
    if len(expr) != 1:
        raise PlanetariumError(Reason.PARSE_ERROR, "(:goal …) must hold exactly one formula")
    pos: set[Atom] = set()
    neg: set[Atom] = set()
    num: set[NumericCondition] = set()
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


def _check_types(domain: Domain, objects, init, goal, numeric_init) -> None:
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
