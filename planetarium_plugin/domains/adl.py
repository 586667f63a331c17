"""ADL actions for the lock-step search: quantifiers, disjunction, implication, conditional
and universal effects — what models like to write (``(not (exists (?b) (on ?b ?x)))``
instead of ``(not (clear ?x))``).

The action's precondition and effect are interpreted straight from the S-expression, with
PDDL semantics: conditions of ``when`` and every value an effect reads are taken in the state
before the action; deletes apply before adds. Ground actions are all type-correct parameter
tuples (bounded like any grounding), checked against each state.
"""

from __future__ import annotations

import itertools
import math
import re
from fractions import Fraction

from ..errors import Deadline, PlanetariumError, Reason
from ..parsing import Atom, Domain, Problem
from ..specify import combine_numeric
from .reader import _DOMAIN_START, _Reader

__all__ = ["AdlSpace", "adl_dynamic"]

_CMP = {
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    "=": lambda a, b: a == b,
    ">=": lambda a, b: a >= b,
    ">": lambda a, b: a > b,
}


class _Undefined(Exception):
    pass


def _norm(v):
    return v.numerator if isinstance(v, Fraction) and v.denominator == 1 else v


def _typed(items: list) -> list[tuple[str, str]]:
    out, pending, i = [], [], 0
    while i < len(items):
        tok = items[i]
        if tok == "-" and i + 1 < len(items):
            out += [(v, items[i + 1]) for v in pending]
            pending, i = [], i + 2
            continue
        pending.append(tok)
        i += 1
    return out + [(v, "object") for v in pending]


def raw_actions(domain: Domain) -> dict[str, tuple[list, object, object]]:
    """Per action name: typed parameters, precondition and effect as S-expressions."""
    m = _DOMAIN_START.search(domain.text)
    if m is None:
        raise PlanetariumError(Reason.UNSUPPORTED, "the domain text is not available")
    expr = _Reader(domain.text).read(m.start())
    out = {}
    for sec in expr[2:]:
        if not (isinstance(sec, list) and sec and sec[0] == ":action" and len(sec) > 1):
            continue
        fields = {sec[i]: sec[i + 1] for i in range(2, len(sec) - 1, 2)}
        params = _typed(list(fields.get(":parameters", [])))
        out[sec[1]] = (params, fields.get(":precondition", []), fields.get(":effect", []))
    return out


def adl_dynamic(domain: Domain) -> frozenset[str]:
    """Functions some (possibly nested) numeric effect of the domain changes."""
    text = domain.text.lower()
    return frozenset(
        f for f in domain.functions
        if re.search(r"\((?:increase|decrease|assign|scale-up|scale-down)\s*\(\s*"
                     + re.escape(f) + r"[\s)]", text)
    )  # fmt: skip


class AdlSpace:
    """Successor generator that interprets every action of ``domain`` as written (ADL)."""

    def __init__(
        self,
        problem: Problem,
        domain: Domain,
        deadline: Deadline,
        dynamic: frozenset[str],
        limit: int,
    ) -> None:
        self.domain, self.deadline = domain, deadline
        self.schemas = {a.name: a for a in domain.actions}
        self.by_type: dict[str, list[str]] = {}
        self.objects = list(problem.objects)
        self.problem = problem
        self.static = {
            f: _norm(v) for f, v in problem.numeric_init.items() if f.predicate not in dynamic
        }
        self.start = (
            problem.init,
            frozenset(
                (f, _norm(v)) for f, v in problem.numeric_init.items() if f.predicate in dynamic
            ),
        )
        self.actions = []
        total = 0
        for name, (params, pre, eff) in raw_actions(domain).items():
            pools = [self.of_type(t) for _, t in params]
            n = math.prod(len(p) for p in pools)
            total += n
            if total > limit:
                raise PlanetariumError(
                    Reason.TOO_LARGE,
                    f"grounding action {name} ({len(params)} parameters) gives {n} ground "
                    f"actions (limit {limit})",
                )
            self.actions.append((name, [v for v, _ in params], pools, pre, eff))

    def of_type(self, typ: str) -> list[str]:
        if typ not in self.by_type:
            if not self.domain.typed:
                self.by_type[typ] = list(self.objects)
            else:
                self.by_type[typ] = [
                    o for o, t in self.problem.objects.items() if self.domain.is_subtype(t, typ)
                ]
        return self.by_type[typ]

    def values(self, items) -> dict:
        values = dict(self.static)
        values.update(items)
        return values

    # -- semantics
    def num(self, e, sub, values):
        if isinstance(e, str):
            if e.startswith("?"):
                raise _Undefined(e)
            try:
                return _norm(Fraction(e))
            except (ValueError, ZeroDivisionError):
                raise _Undefined(e) from None
        head = e[0]
        if head in ("+", "-", "*", "/") and len(e) in (2, 3):
            if len(e) == 2:
                return -self.num(e[1], sub, values)
            x, y = self.num(e[1], sub, values), self.num(e[2], sub, values)
            if head == "/":
                if y == 0:
                    raise _Undefined("division by zero")
                return _norm(Fraction(x) / y)
            return {"+": x + y, "-": x - y, "*": x * y}[head]
        key = Atom(head, tuple(sub.get(a, a) for a in e[1:]))
        if key not in values:
            raise _Undefined(str(key))
        return values[key]

    def holds(self, f, sub, atoms, values) -> bool:
        if not f:
            return True
        head = f[0]
        if head == "and":
            return all(self.holds(g, sub, atoms, values) for g in f[1:])
        if head == "or":
            return any(self.holds(g, sub, atoms, values) for g in f[1:])
        if head == "not":
            return not self.holds(f[1], sub, atoms, values)
        if head == "imply":
            return not self.holds(f[1], sub, atoms, values) or self.holds(f[2], sub, atoms, values)
        if head in ("exists", "forall"):
            variables = _typed(list(f[1]))
            pools = [self.of_type(t) for _, t in variables]
            test = any if head == "exists" else all
            return test(
                self.holds(f[2], {**sub, **dict(zip((v for v, _ in variables), combo,
                                                    strict=True))}, atoms, values)
                for combo in itertools.product(*pools)
            )  # fmt: skip
        if (
            head == "="
            and len(f) == 3
            and all(isinstance(x, str) for x in f[1:])
            and all(not x[0].isdigit() and x[0] not in "-+." for x in f[1:])
        ):
            return sub.get(f[1], f[1]) == sub.get(f[2], f[2])
        if head in _CMP:
            return _CMP[head](self.num(f[1], sub, values), self.num(f[2], sub, values))
        return Atom(head, tuple(sub.get(a, a) for a in f[1:])) in atoms

    def effect(self, f, sub, atoms, values, adds, dels, updates) -> None:
        if not f:
            return
        head = f[0]
        if head == "and":
            for g in f[1:]:
                self.effect(g, sub, atoms, values, adds, dels, updates)
        elif head == "not":
            g = f[1]
            dels.add(Atom(g[0], tuple(sub.get(a, a) for a in g[1:])))
        elif head == "forall":
            variables = _typed(list(f[1]))
            for combo in itertools.product(*(self.of_type(t) for _, t in variables)):
                inner = {**sub, **dict(zip((v for v, _ in variables), combo, strict=True))}
                self.effect(f[2], inner, atoms, values, adds, dels, updates)
        elif head == "when":
            if self.holds(f[1], sub, atoms, values):
                self.effect(f[2], sub, atoms, values, adds, dels, updates)
        elif head in ("increase", "decrease", "assign", "scale-up", "scale-down"):
            key = Atom(f[1][0], tuple(sub.get(a, a) for a in f[1][1:]))
            v = self.num(f[2], sub, values)
            if head != "assign" and key not in values:
                raise _Undefined(str(key))
            updates.setdefault(key, []).append((head, v))
        else:
            adds.add(Atom(head, tuple(sub.get(a, a) for a in f[1:])))

    def successors(self, state):
        atoms, items = state
        values = self.values(items)
        out = {}
        count = 0
        for name, variables, pools, pre, eff in self.actions:
            for combo in itertools.product(*pools):
                count += 1
                if count % 512 == 0:
                    self.deadline.check()
                sub = dict(zip(variables, combo, strict=True))
                try:
                    if not self.holds(pre, sub, atoms, values):
                        continue
                    adds: set[Atom] = set()
                    dels: set[Atom] = set()
                    updates: dict = {}
                    self.effect(eff, sub, atoms, values, adds, dels, updates)
                    new = {k: combine_numeric(ops, values.get(k), k) for k, ops in updates.items()}
                except (_Undefined, ZeroDivisionError, IndexError, TypeError, KeyError, ValueError):
                    continue  # undefined, malformed or conflicting updates: not applicable
                merged = dict(items)
                merged.update((k, _norm(v)) for k, v in new.items())
                out[(name, combo)] = ((atoms - dels) | adds, frozenset(merged.items()))
        return out
