"""ADL parts of an action read into trees: conditions beyond a conjunction of literals
(``or``, ``imply``, ``exists``, ``forall``, negated compounds) and effects beyond adds,
deletes and numeric updates (``when``, ``forall``).

The explicit-state search and the planner bridges refuse these actions (``Action.unsupported``
names the construct); the plan simulator evaluates the trees with PDDL's semantics. Trees are
tagged tuples (hashable, so domain equality still works):

- a condition: ``("atom", Atom)``, ``("eq", x, y)``, ``("cmp", op, lhs, rhs)``,
  ``("not", c)``, ``("and", (c, …))``, ``("or", (c, …))``, ``("imply", c1, c2)``,
  ``("exists", ((var, type), …), c)``, ``("forall", ((var, type), …), c)``;
- an effect: ``("add", Atom)``, ``("del", Atom)``, ``("num", NumericEffect)``,
  ``("and", (e, …))``, ``("when", condition, e)``, ``("forall", ((var, type), …), e)``.

>>> from planetarium_plugin.parsing import parse_domain
>>> d = parse_domain('''(define (domain d) (:requirements :conditional-effects)
...   (:predicates (p ?x) (q ?x))
...   (:action a :parameters (?x) :effect (when (p ?x) (q ?x))))''')
>>> d.actions[0].adl.eff
(('when', ('atom', Atom(predicate='p', args=('?x',))), ('add', Atom(predicate='q', args=('?x',)))),)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction

from .model import COMPARATORS, AdlParts, Atom, NumericEffect, Predicate
from .sexpr import _number, _show

__all__ = ["AdlParts", "AdlUnreadable", "read_adl_condition", "read_adl_effect"]

_NUMERIC_EFFECTS = frozenset({"increase", "decrease", "assign", "scale-up", "scale-down"})


class AdlUnreadable(ValueError):
    """An ADL part that does not read against the domain (the action stays unsupported)."""


class _Reader:
    def __init__(
        self,
        predicates: Mapping[str, Predicate],
        functions: Mapping[str, Predicate],
        constants: Mapping[str, str],
        typed: Callable[[list, str], list[tuple[str, str]]],
    ) -> None:
        self.predicates, self.functions = predicates, functions
        self.constants, self.typed = constants, typed

    def term(self, arg: object, scope: frozenset[str]) -> str:
        if not isinstance(arg, str) or not (arg in scope or arg in self.constants):
            raise AdlUnreadable(f"unknown term {_show(arg)}")
        return arg

    def atom(self, lit: list, table: Mapping[str, Predicate], scope: frozenset[str]) -> Atom:
        sig = table.get(lit[0]) if isinstance(lit[0], str) else None
        if sig is None or len(lit) - 1 != sig.arity:
            raise AdlUnreadable(f"unknown or wrong-arity {_show(lit)}")
        return Atom(lit[0], tuple(self.term(a, scope) for a in lit[1:]))

    def expr(self, e: object, scope: frozenset[str]) -> object:
        n = _number(e)
        if n is not None:
            return n
        if isinstance(e, list) and len(e) == 3 and e[0] in ("+", "-", "*", "/"):
            return (e[0], self.expr(e[1], scope), self.expr(e[2], scope))
        if isinstance(e, list) and len(e) == 2 and e[0] == "-":
            return ("-", Fraction(0), self.expr(e[1], scope))
        if isinstance(e, list) and e:
            return self.atom(e, self.functions, scope)
        raise AdlUnreadable(f"bad numeric expression {_show(e)}")

    def params(self, items: object, scope: frozenset[str]):
        if not isinstance(items, list):
            raise AdlUnreadable(f"bad quantifier variables {_show(items)}")
        out = tuple(self.typed(items, "quantifier"))
        if not out or not all(v.startswith("?") for v, _ in out):
            raise AdlUnreadable(f"bad quantifier variables {_show(items)}")
        return out, scope | {v for v, _ in out}

    def cond(self, e: object, scope: frozenset[str]) -> tuple:
        if not (isinstance(e, list) and e and isinstance(e[0], str)):
            raise AdlUnreadable(f"bad condition {_show(e)}")
        head, rest = e[0], e[1:]
        if head in ("and", "or"):
            return (head, tuple(self.cond(x, scope) for x in rest))
        if head == "not" and len(rest) == 1:
            return ("not", self.cond(rest[0], scope))
        if head == "imply" and len(rest) == 2:
            return ("imply", self.cond(rest[0], scope), self.cond(rest[1], scope))
        if head in ("exists", "forall") and len(rest) == 2:
            params, inner = self.params(rest[0], scope)
            return (head, params, self.cond(rest[1], inner))
        if head == "=" and len(rest) == 2 and all(isinstance(x, str) for x in rest):
            return ("eq", self.term(rest[0], scope), self.term(rest[1], scope))
        if head in COMPARATORS and head not in self.predicates and len(rest) == 2:
            return ("cmp", head, self.expr(rest[0], scope), self.expr(rest[1], scope))
        return ("atom", self.atom(e, self.predicates, scope))

    def effect(self, e: object, scope: frozenset[str]) -> tuple:
        if not (isinstance(e, list) and isinstance(e[0] if e else None, str)):
            raise AdlUnreadable(f"bad effect {_show(e)}")
        head, rest = e[0], e[1:]
        if head == "and":
            return ("and", tuple(self.effect(x, scope) for x in rest))
        if head == "when" and len(rest) == 2:
            return ("when", self.cond(rest[0], scope), self.effect(rest[1], scope))
        if head == "forall" and len(rest) == 2:
            params, inner = self.params(rest[0], scope)
            return ("forall", params, self.effect(rest[1], inner))
        if head == "not" and len(rest) == 1 and isinstance(rest[0], list) and rest[0]:
            return ("del", self.atom(rest[0], self.predicates, scope))
        if head in _NUMERIC_EFFECTS and head not in self.predicates:
            if len(rest) != 2 or not isinstance(rest[0], list) or not rest[0]:
                raise AdlUnreadable(f"bad numeric effect {_show(e)}")
            fluent = self.atom(rest[0], self.functions, scope)
            return ("num", NumericEffect(head, fluent, self.expr(rest[1], scope)))
        return ("add", self.atom(e, self.predicates, scope))


def read_adl_condition(expr: object, variables: frozenset[str], *tables) -> tuple:
    """A precondition part as a tree; :class:`AdlUnreadable` when it does not read.
    ``tables``: predicates, functions, constants and the typed-list reader."""
    return _Reader(*tables).cond(expr, variables)


def read_adl_effect(expr: object, variables: frozenset[str], *tables) -> tuple:
    """An effect part as a tree; :class:`AdlUnreadable` when it does not read."""
    return _Reader(*tables).effect(expr, variables)
