"""Write a parsed domain back as plain PDDL (what VAL and the planners read).

Model-written domains are normalised this way before external tools see them: effects always
wrapped in ``(and …)`` (VAL rejects a bare effect), one declaration per line, requirements
that match what the domain uses.

>>> from planetarium_plugin.parsing import parse_domain
>>> d = parse_domain('(define (domain d) (:predicates (p ?x)) '
...                  '(:action a :parameters (?x) :precondition (p ?x) :effect (not (p ?x))))')
>>> print(domain_to_pddl(d))
(define (domain d)
  (:requirements :strips)
  (:predicates (p ?x))
  (:action a
    :parameters (?x)
    :precondition (and (p ?x))
    :effect (and (not (p ?x)))))
"""

from __future__ import annotations

from fractions import Fraction

from ..parsing import Atom, Domain

__all__ = ["domain_to_pddl"]


def _num(v: Fraction) -> str:
    return str(v.numerator) if v.denominator == 1 else repr(float(v))


def _expr(e) -> str:
    if isinstance(e, Fraction):
        return _num(e)
    if isinstance(e, Atom):
        return str(e)
    return f"({e[0]} {_expr(e[1])} {_expr(e[2])})"


def _typed(params, typed: bool) -> str:
    return " ".join(f"{v} - {t}" if typed else v for v, t in params)


def domain_to_pddl(domain: Domain) -> str:
    """PDDL text of a parsed domain (actions without unsupported constructs only)."""
    typed = domain.typed
    reqs = [":strips"]
    if typed:
        reqs.append(":typing")
    if any(a.pre_neg for a in domain.actions):
        reqs.append(":negative-preconditions")
    if any(a.pre_eq or a.pre_neq for a in domain.actions):
        reqs.append(":equality")
    if domain.functions:
        reqs.append(":numeric-fluents")
    lines = [f"(define (domain {domain.name})", f"  (:requirements {' '.join(reqs)})"]
    if typed:
        types = [f"{t} - {p}" for t, p in domain.types.items() if p is not None]
        lines.append(f"  (:types {' '.join(types)})")
    if domain.constants:
        lines.append(f"  (:constants {_typed(domain.constants.items(), typed)})")
    preds = " ".join(
        f"({' '.join((p.name, _typed(p.params, typed)))})".replace(" )", ")")
        for p in domain.predicates.values()
    )
    lines.append(f"  (:predicates {preds})")
    if domain.functions:
        funcs = " ".join(
            f"({' '.join((f.name, _typed(f.params, typed)))})".replace(" )", ")")
            for f in domain.functions.values()
        )
        lines.append(f"  (:functions {funcs})")
    for a in domain.actions:
        pre = [str(x) for x in a.pre_pos]
        pre += [f"(not {x})" for x in a.pre_neg]
        pre += [f"(= {x} {y})" for x, y in a.pre_eq]
        pre += [f"(not (= {x} {y}))" for x, y in a.pre_neq]
        pre += [f"({op} {_expr(lhs)} {_expr(rhs)})" for op, lhs, rhs in a.pre_num]
        eff = [str(x) for x in a.add]
        eff += [f"(not {x})" for x in a.delete]
        eff += [f"({e.op} {e.fluent} {_expr(e.expr)})" for e in a.num_eff]
        lines += [
            f"  (:action {a.name}",
            f"    :parameters ({_typed(a.params, typed)})",
            f"    :precondition (and {' '.join(pre)})".replace("(and )", "(and)"),
            f"    :effect (and {' '.join(eff)}))".replace("(and )", "(and)"),
        ]
    lines[-1] += ")"
    return "\n".join(lines)
