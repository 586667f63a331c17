"""The parsed PDDL model: atoms, goals, problems, predicates, actions, domains and limits.

Frozen, hashable values produced by :func:`~.parse_domain` and :func:`~.parse_problem`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal, NamedTuple

TypingMode = Literal["strict", "relaxed"]
OBJECT = "object"
COMPARATORS = frozenset({"<", "<=", "=", ">=", ">"})


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
class AdlParts:
    """An action's ADL parts as trees (:mod:`~planetarium_plugin.parsing.adl` reads them):
    extra preconditions, each with its text for messages, and extra effects."""

    pre: tuple[tuple[str, tuple], ...] = ()
    eff: tuple[tuple, ...] = ()


@dataclass(frozen=True, slots=True)
class Action:
    """A STRIPS action with negative preconditions, equality and (for numeric packs) fluents.

    ``supported`` is False when the action uses constructs the explicit-state search does not
    implement (disjunction, quantifiers, conditional effects); ``unsupported`` says which,
    and ``adl`` holds those parts read as trees (None when none, or one does not read) for
    the plan simulator (:mod:`~planetarium_plugin.parsing.adl`).
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
    adl: AdlParts | None = None


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


def _fmt_number(v: Fraction) -> str:
    """A number for messages: an integer, else a float (``n/d`` if it does not fit one)."""
    try:
        return str(v.numerator) if v.denominator == 1 else str(float(v))
    except (OverflowError, ValueError):  # beyond float or str(int) range: never raise here
        bits = abs(v.numerator).bit_length() - v.denominator.bit_length()
        return f"{'-' if v < 0 else ''}~2^{bits}"
