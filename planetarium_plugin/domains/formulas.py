"""Checks of an action's formulas: terms, atoms, conditions, numeric expressions, effects.

A mixin of the domain checker in :mod:`.check`: every symbol is checked against the declared
vocabulary and the action's parameters, and the features used are recorded for requirements.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..errors import Reason
from .reader import _show

NUMERIC_EFFECTS = ("increase", "decrease", "assign", "scale-up", "scale-down")
COMPARISONS = ("<", "<=", ">", ">=")


@dataclass(frozen=True, slots=True)
class _Ctx:
    name: str
    node: object


def _is_number(tok: str) -> bool:
    try:
        float(tok)
    except ValueError:
        return False
    return True


class _Formulas:
    """Checking the formulas of an action (a mixin of the domain checker)."""

    def term_type(self, term: str, scope, ctx, clause, lit) -> str | None:
        if term.startswith("?"):
            if term not in scope:
                self.add(
                    "undeclared_parameter",
                    f"'{term}' in {_show(lit)} is not a parameter of the action (its parameters: "
                    f"{' '.join(scope) or 'none'})",
                    lit,
                    action=ctx.name,
                    clause=clause,
                    symbol=term,
                )
                return None
            return scope[term]
        if term in self.constants:
            return self.constants[term]
        self.add(
            Reason.UNDECLARED_OBJECT,
            f"'{term}' in {_show(lit)} is neither a parameter nor a declared constant; use a "
            "parameter (?x) or declare it in (:constants …)",
            lit,
            action=ctx.name,
            clause=clause,
            symbol=term,
        )
        return None

    def is_subtype(self, sub: str, sup: str) -> bool:
        seen = 0
        t: str | None = sub
        while t and seen <= len(self.types):
            if t == sup:
                return True
            t = self.types.get(t)
            seen += 1
        return sup == "object"

    def atom(self, lit, table: Mapping, kind: str, scope, ctx, clause) -> None:
        name = lit[0]
        sig = table[name]
        args = lit[1:]
        if len(args) != len(sig):
            self.add(
                Reason.WRONG_ARITY,
                f"{kind} '{name}' takes {len(sig)} argument(s) "
                f"({' '.join(f'{v} - {t}' if self.typed else v for v, t in sig) or 'none'}), "
                f"got {len(args)} in {_show(lit)}",
                lit,
                action=ctx.name,
                clause=clause,
                symbol=name,
            )
            return
        for (var, want), arg in zip(sig, args, strict=True):
            if not isinstance(arg, str):
                self.add(
                    Reason.PARSE_ERROR,
                    f"nested expression {_show(arg)} as an argument of {_show(lit)}",
                    lit,
                    action=ctx.name,
                    clause=clause,
                    symbol=name,
                )
                continue
            have = self.term_type(arg, scope, ctx, clause, lit)
            if have is not None and self.typed and not self.is_subtype(have, want):
                # Fast Downward does not check argument types against the signature
                self.lenient(
                    Reason.TYPING_MISMATCH,
                    f"'{arg}' has type '{have}' but {kind} '{name}' expects '{want}' for {var} "
                    f"in {_show(lit)}; Fast Downward does not check argument types",
                    lit,
                    action=ctx.name,
                    clause=clause,
                    symbol=arg,
                )

    def unknown(self, lit, ctx, clause) -> None:
        name = lit[0]
        if name in self.functions:
            msg = (
                f"'{name}' is a function, not a predicate: compare it, e.g. "
                f"(>= {_show(lit)} 0), in {_show(lit)}"
            )
        elif name in NUMERIC_EFFECTS:
            msg = f"numeric effect {_show(lit)[:80]} is not allowed in a {clause}"
        elif name in self.action_names or name == ctx.name:
            msg = f"'{name}' is an action, not a predicate, in {_show(lit)}"
        else:
            declared = ", ".join(self.predicates) or "none"
            msg = f"unknown predicate '{name}' in {_show(lit)}; declared predicates: {declared}"
        self.add(Reason.UNKNOWN_PREDICATE, msg, lit, action=ctx.name, clause=clause, symbol=name)

    def _head(self, f, ctx, clause: str, what: str) -> str | None:
        """The name ``f`` starts with; None for an empty list, or a malformed one (reported)."""
        if not isinstance(f, list):
            self.add(
                Reason.PARSE_ERROR,
                f"expected {what}, got the symbol '{f}'",
                ctx.node,
                action=ctx.name,
                clause=clause,
                symbol=str(f),
            )
            return None
        if not f:
            return None
        if not isinstance(f[0], str):
            self.add(
                Reason.PARSE_ERROR,
                f"{what} must start with a name: {_show(f)[:80]}",
                f,
                action=ctx.name,
                clause=clause,
            )
            return None
        return f[0]

    def condition(self, f, scope, ctx, clause: str, negated: bool) -> None:
        head = self._head(f, ctx, clause, "a formula")
        if head is None:
            return
        if head == "and":
            for g in f[1:]:
                self.condition(g, scope, ctx, clause, negated)
        elif head in ("or", "imply"):
            self.uses("disjunctive preconditions", f, ctx.name, clause)
            if head == "imply" and len(f) != 3:
                self.add(
                    Reason.PARSE_ERROR, "imply takes 2 formulas", f, action=ctx.name, clause=clause
                )
            for g in f[1:]:
                self.condition(g, scope, ctx, clause, negated)
        elif head == "not":
            if len(f) != 2:
                self.add(
                    Reason.PARSE_ERROR,
                    f"not takes one formula: {_show(f)[:80]}",
                    f,
                    action=ctx.name,
                    clause=clause,
                )
                return
            inner = f[1]
            if isinstance(inner, list) and inner and inner[0] not in ("=", "and", "or", "not"):
                self.uses("negative preconditions", f, ctx.name, clause)
            self.condition(inner, scope, ctx, clause, not negated)
        elif head in ("exists", "forall"):
            feature = "existential" if head == "exists" else "universal"
            self.uses(f"{feature} preconditions", f, ctx.name, clause)
            if len(f) != 3 or not isinstance(f[1], list):
                self.add(
                    Reason.PARSE_ERROR,
                    f"{head} takes (variables) and a formula",
                    f,
                    action=ctx.name,
                    clause=clause,
                )
                return
            inner_scope = dict(scope)
            inner_scope.update(self.typed_list(f[1], clause, action=ctx.name))
            self.condition(f[2], inner_scope, ctx, clause, negated)
        elif (
            head == "="
            and len(f) == 3
            and all(isinstance(x, str) for x in f[1:])
            and not any(_is_number(x) for x in f[1:])
        ):
            self.uses("equality", f, ctx.name, clause)
            for x in f[1:]:
                self.term_type(x, scope, ctx, clause, f)
        elif head in COMPARISONS or head == "=":
            self.uses("numeric fluents", f, ctx.name, clause)
            if len(f) != 3:
                self.add(
                    Reason.PARSE_ERROR,
                    f"'{head}' takes 2 expressions: {_show(f)[:80]}",
                    f,
                    action=ctx.name,
                    clause=clause,
                )
                return
            for x in f[1:]:
                self.numeric(x, scope, ctx, clause, f)
        elif head in self.predicates:
            self.atom(f, self.predicates, "predicate", scope, ctx, clause)
        else:
            self.unknown(f, ctx, clause)

    def numeric(self, e, scope, ctx, clause, top) -> None:
        if isinstance(e, str):
            if _is_number(e):
                return
            self.add(
                Reason.PARSE_ERROR,
                f"'{e}' in {_show(top)} is not a number or a function term; numeric expressions "
                "are numbers, (function args…) or (+ - * / a b)",
                top,
                action=ctx.name,
                clause=clause,
                symbol=e,
            )
            return
        if not e or not isinstance(e[0], str):
            self.add(
                Reason.PARSE_ERROR,
                f"bad numeric expression {_show(e)[:80]}",
                top,
                action=ctx.name,
                clause=clause,
            )
            return
        head = e[0]
        if head in ("+", "-", "*", "/"):
            if len(e) not in (2, 3) or (len(e) == 2 and head != "-"):
                self.add(
                    Reason.PARSE_ERROR,
                    f"'{head}' takes 2 expressions: {_show(e)[:80]}",
                    top,
                    action=ctx.name,
                    clause=clause,
                )
            for x in e[1:]:
                self.numeric(x, scope, ctx, clause, top)
        elif head in self.functions:
            self.atom(e, self.functions, "function", scope, ctx, clause)
        elif head in self.predicates:
            self.add(
                Reason.UNKNOWN_PREDICATE,
                f"numeric expression over a predicate: '{head}' in {_show(top)} is a predicate "
                "(true/false), not a function; declare a function in (:functions …) or use a "
                "precondition",
                e,
                action=ctx.name,
                clause=clause,
                symbol=head,
            )
        else:
            declared = ", ".join(self.functions) or "none"
            self.add(
                Reason.UNKNOWN_PREDICATE,
                f"unknown function '{head}' in {_show(top)}; declared functions: {declared}",
                e,
                action=ctx.name,
                clause=clause,
                symbol=head,
            )

    def effect(self, f, scope, ctx, adds: set, dels: set, top: bool) -> None:
        clause = "effect"
        head = self._head(f, ctx, clause, "an effect")
        if head is None:
            return
        if head == "and":
            for g in f[1:]:
                self.effect(g, scope, ctx, adds, dels, top)
        elif head == "not":
            inner = f[1] if len(f) == 2 else None
            if not (isinstance(inner, list) and inner and isinstance(inner[0], str)):
                self.add(
                    Reason.PARSE_ERROR,
                    f"not takes one atom in an effect: {_show(f)[:80]}",
                    f,
                    action=ctx.name,
                    clause=clause,
                )
                return
            if inner[0] in self.predicates:
                self.atom(inner, self.predicates, "predicate", scope, ctx, clause)
                if top:
                    dels.add(_show(inner))
            else:
                self.unknown(inner, ctx, clause)
        elif head == "forall":
            self.uses("conditional effects", f, ctx.name, clause)
            if len(f) != 3 or not isinstance(f[1], list):
                self.add(
                    Reason.PARSE_ERROR,
                    "forall takes (variables) and an effect",
                    f,
                    action=ctx.name,
                    clause=clause,
                )
                return
            inner_scope = dict(scope)
            inner_scope.update(self.typed_list(f[1], clause, action=ctx.name))
            self.effect(f[2], inner_scope, ctx, adds, dels, False)
        elif head == "when":
            self.uses("conditional effects", f, ctx.name, clause)
            if len(f) != 3:
                self.add(
                    Reason.PARSE_ERROR,
                    "when takes a condition and an effect",
                    f,
                    action=ctx.name,
                    clause=clause,
                )
                return
            self.condition(f[1], scope, ctx, "effect condition", False)
            self.effect(f[2], scope, ctx, adds, dels, False)
        elif head in NUMERIC_EFFECTS:
            self.uses("numeric fluents", f, ctx.name, clause)
            if len(f) != 3:
                self.add(
                    Reason.PARSE_ERROR,
                    f"'{head}' takes a function term and an expression: {_show(f)[:80]}",
                    f,
                    action=ctx.name,
                    clause=clause,
                    symbol=head,
                )
                return
            target = f[1]
            if not (isinstance(target, list) and target and isinstance(target[0], str)):
                self.add(
                    Reason.PARSE_ERROR,
                    f"'{head}' needs a function term such as (battery ?d) first, got "
                    f"{_show(target)} in {_show(f)}",
                    f,
                    action=ctx.name,
                    clause=clause,
                    symbol=head,
                )
            elif target[0] in self.functions:
                self.atom(target, self.functions, "function", scope, ctx, clause)
            elif target[0] in self.predicates:
                self.add(
                    Reason.UNKNOWN_PREDICATE,
                    f"'{head}' on the predicate '{target[0]}' in {_show(f)}: only functions "
                    "declared in (:functions …) have numeric values",
                    f,
                    action=ctx.name,
                    clause=clause,
                    symbol=target[0],
                )
            else:
                declared = ", ".join(self.functions) or "none"
                self.add(
                    Reason.UNKNOWN_PREDICATE,
                    f"'{head}' on the undeclared function '{target[0]}' in {_show(f)}; declare "
                    f"it in (:functions …) (declared functions: {declared})",
                    f,
                    action=ctx.name,
                    clause=clause,
                    symbol=target[0],
                )
            self.numeric(f[2], scope, ctx, clause, f)
        elif head in self.predicates:
            self.atom(f, self.predicates, "predicate", scope, ctx, clause)
            if top:
                adds.add(_show(f))
        else:
            self.unknown(f, ctx, clause)
