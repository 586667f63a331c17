"""PDDL for the external planners and validators: symbols and numbers every one of them reads.

Model output is hostile: object names in Cyrillic, starting with a digit, holding ``?`` or
``/``, or equal to a keyword are valid for our parser but make ENHSP, Fast Downward or VAL
fail to parse — and a parse failure must never look like a proof of unsolvability. So the
planners see every problem object under a safe symbol (``o1``, ``o2``, …), the problem under a
safe name, every number as a plain decimal (never ``1e-05`` or ``1.2e+29``), and, when the
domain itself uses symbols a planner may reject, a domain rewritten from our parsed model with
safe symbols too. Plans come back through :meth:`PlannerInput.plan_back`.

>>> from fractions import Fraction
>>> pddl_number(Fraction(1, 100000)), pddl_number(Fraction(12 * 10**28))
('0.00001', '120000000000000000000000000000')
>>> pddl_number(Fraction(-5, 4)), pddl_number(Fraction(7))
('-1.25', '7')
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ..errors import PlanetariumError, Reason
from ..parsing import Atom, Domain, Problem

__all__ = ["PlannerInput", "planner_input", "pddl_number", "problem_to_pddl", "safe_symbol"]

#: Symbols every planner we call accepts: ASCII letter first, then letters, digits, ``_``, ``-``.
_SAFE = re.compile(r"[a-z][a-z0-9_]*(?:-[a-z0-9_]+)*\Z")
#: Words that a planner grammar reads as syntax wherever they appear (objects are renamed anyway;
#: this guards the domain's own symbols).
_RESERVED = frozenset(
    ["and", "or", "not", "imply", "exists", "forall", "when", "either", "define", "domain"]
    + ["problem", "number"]
)


def safe_symbol(name: str) -> bool:
    """Whether every planner and validator we call reads ``name`` as a plain symbol.

    >>> [safe_symbol(s) for s in ("b1", "robot-at", "1x", "блок", "a?", "either", "x/y")]
    [True, True, False, False, False, False, False]
    """
    return bool(_SAFE.match(name)) and name not in _RESERVED


_BOUND_HIGH = 10**300
_BOUND_LOW = Fraction(1, 10**300)


def pddl_number(value: Fraction) -> str:
    """``value`` exactly, as a plain decimal (PDDL has no exponent notation).

    A value with no finite decimal expansion, or beyond what the planners' doubles hold
    (magnitudes over 1e300 or under 1e-300), cannot be written faithfully: that is an error,
    never a silently rounded problem.
    """
    n, d = value.numerator, value.denominator
    if n and not _BOUND_LOW * d <= abs(n) < _BOUND_HIGH * d:
        raise PlanetariumError(
            Reason.TOO_LARGE, "a number outside what the planners represent (IEEE doubles)"
        )
    if d == 1:
        return str(n)
    twos = fives = 0
    rest = d
    while rest % 2 == 0:
        rest //= 2
        twos += 1
    while rest % 5 == 0:
        rest //= 5
        fives += 1
    if rest != 1:
        raise PlanetariumError(Reason.UNSUPPORTED, f"{n}/{d} has no exact decimal form")
    places = max(twos, fives)
    digits = str(abs(n) * 10**places // d).rjust(places + 1, "0")
    whole, frac = digits[:-places], digits[-places:].rstrip("0")
    return f"{'-' if n < 0 else ''}{whole}.{frac}"


def _atom(a: Atom, sym: Mapping[str, str], terms: Mapping[str, str]) -> str:
    return f"({' '.join((sym.get(a.predicate, a.predicate), *(terms.get(x, x) for x in a.args)))})"


def problem_to_pddl(
    problem: Problem,
    domain: Domain,
    objects: Mapping[str, str] | None = None,
    symbols: Mapping[str, str] | None = None,
    name: str = "",
) -> str:
    """Write a parsed problem as PDDL; ``objects`` renames objects (and constants), ``symbols``
    the domain's names (predicates, functions, types, the domain); by default all as parsed."""
    sym, terms = symbols or {}, objects or {}
    own = [o for o in problem.objects if o not in domain.constants]
    if domain.typed:
        objs = " ".join(
            f"{terms.get(o, o)} - {sym.get(problem.objects[o], problem.objects[o])}" for o in own
        )
    else:
        objs = " ".join(terms.get(o, o) for o in own)
    init = [_atom(a, sym, terms) for a in sorted(problem.init)]
    init += [
        f"(= {_atom(f, sym, terms)} {pddl_number(v)})"
        for f, v in sorted(problem.numeric_init.items())
    ]
    goal = [_atom(a, sym, terms) for a in sorted(problem.goal.positive)]
    goal += [f"(not {_atom(a, sym, terms)})" for a in sorted(problem.goal.negative)]
    goal += [
        f"({c.op} {_atom(c.fluent, sym, terms)} {pddl_number(c.value)})"
        for c in sorted(problem.goal.numeric)
    ]
    dname = sym.get(domain.name, domain.name)
    return (
        f"(define (problem {name or problem.name}) (:domain {dname})\n  (:objects {objs})\n"
        f"  (:init {' '.join(init)})\n  (:goal (and {' '.join(goal)})))\n"
    )


def _expr(e, sym: Mapping[str, str], terms: Mapping[str, str]) -> str:
    if isinstance(e, Fraction):
        return pddl_number(e)
    if isinstance(e, Atom):
        return _atom(e, sym, terms)
    op, a, b = e
    return f"({op} {_expr(a, sym, terms)} {_expr(b, sym, terms)})"


def domain_to_pddl(domain: Domain, sym: Mapping[str, str], terms: Mapping[str, str]) -> str:
    """Write a parsed domain (without unsupported actions) as PDDL with renamed symbols:
    ``sym`` for the domain's names, ``terms`` for constants and variables."""

    def s(x: str) -> str:
        return sym.get(x, x)

    def t(x: str) -> str:
        return terms.get(x, x)

    def params(ps) -> str:
        if domain.typed:
            return " ".join(f"{t(v)} - {s(ty)}" for v, ty in ps)
        return " ".join(t(v) for v, _ in ps)

    out = [f"(define (domain {s(domain.name)})"]
    reqs = set(domain.requirements) | ({":typing"} if domain.typed else set())
    if domain.numeric and not reqs & {":fluents", ":numeric-fluents"}:
        reqs.add(":numeric-fluents")
    if any(a.pre_neg for a in domain.actions):
        reqs.add(":negative-preconditions")
    if any(a.pre_eq or a.pre_neq for a in domain.actions):
        reqs.add(":equality")
    out.append(f"  (:requirements {' '.join(sorted(reqs))})")
    if domain.typed:
        types = [f"{s(ty)} - {s(p)}" for ty, p in domain.types.items() if p is not None]
        out.append(f"  (:types {' '.join(types)})")
    if domain.constants:
        consts = (
            [f"{t(c)} - {s(ty)}" for c, ty in domain.constants.items()]
            if domain.typed
            else [t(c) for c in domain.constants]
        )
        out.append(f"  (:constants {' '.join(consts)})")
    preds = [f"({s(p.name)} {params(p.params)})" for p in domain.predicates.values()]
    out.append(f"  (:predicates {' '.join(preds)})")
    if domain.functions:
        funcs = [f"({s(f.name)} {params(f.params)})" for f in domain.functions.values()]
        out.append(f"  (:functions {' '.join(funcs)})")
    for a in domain.actions:
        pre = [_atom(x, sym, terms) for x in a.pre_pos]
        pre += [f"(not {_atom(x, sym, terms)})" for x in a.pre_neg]
        pre += [f"(= {t(x)} {t(y)})" for x, y in a.pre_eq]
        pre += [f"(not (= {t(x)} {t(y)}))" for x, y in a.pre_neq]
        pre += [
            f"({op} {_expr(lhs, sym, terms)} {_expr(rhs, sym, terms)})"
            for op, lhs, rhs in a.pre_num
        ]
        eff = [f"(not {_atom(x, sym, terms)})" for x in a.delete]
        eff += [_atom(x, sym, terms) for x in a.add]
        eff += [
            f"({e.op} {_atom(e.fluent, sym, terms)} {_expr(e.expr, sym, terms)})" for e in a.num_eff
        ]
        out.append(
            f"  (:action {s(a.name)} :parameters ({params(a.params)})\n"
            f"    :precondition (and {' '.join(pre)})\n    :effect (and {' '.join(eff)}))"
        )
    return "\n".join(out) + ")\n"


@dataclass(frozen=True)
class PlannerInput:
    """Domain and problem text for a planner, and the way back from its symbols to ours."""

    domain: str
    problem: str
    actions: Mapping[str, str] = field(default_factory=dict)  # planner's action -> ours
    objects: Mapping[str, str] = field(default_factory=dict)  # planner's object -> ours

    def plan_back(self, steps: Sequence[str] | None) -> tuple[str, ...] | None:
        """A plan in the planner's symbols (``(action arg …)`` lines) in ours."""
        if steps is None:
            return None
        out = []
        for step in steps:
            name, *args = step.strip().strip("()").lower().split() or [""]
            words = [self.actions.get(name, name), *(self.objects.get(a, a) for a in args)]
            out.append(f"({' '.join(words)})")
        return tuple(out)

    def plan_out(self, steps: Sequence[tuple[str, tuple[str, ...]]]) -> str:
        """A plan in our symbols as plan text in the planner's symbols."""
        acts = {v: k for k, v in self.actions.items()}
        objs = {v: k for k, v in self.objects.items()}
        return "".join(
            f"({' '.join((acts.get(n, n), *(objs.get(x, x) for x in a)))})\n" for n, a in steps
        )


def _domain_symbols(domain: Domain) -> list[str]:
    """The domain's own symbols (variables aside), each once."""
    names = [domain.name, *domain.types, *domain.constants, *domain.predicates, *domain.functions]
    names += [a.name for a in domain.actions]
    return [n for n in dict.fromkeys(names) if n != "object"]  # the root type is always safe


def _variables(domain: Domain) -> list[str]:
    out = [
        v for p in (*domain.predicates.values(), *domain.functions.values()) for v, _ in p.params
    ]
    out += [v for a in domain.actions for v, _ in a.params]
    return list(dict.fromkeys(out))


def planner_input(problem: Problem, domain: Domain) -> PlannerInput:
    """Planner-safe PDDL for ``problem``: objects as ``o1…``, the domain rewritten if needed.

    >>> from planetarium_plugin import domain_packs, parse_problem
    >>> pack = domain_packs()["blocksworld"]
    >>> p = parse_problem('''(define (problem x/y) (:domain blocksworld) (:objects блок 1a)
    ...   (:init (arm-empty) (on-table блок) (on-table 1a) (clear блок) (clear 1a))
    ...   (:goal (and (on блок 1a))))''', pack.domain)
    >>> inp = planner_input(p, pack.domain)
    >>> "(on o1 o2)" in inp.problem, inp.plan_back(["(pickup o1)", "(stack o1 o2)"])
    (True, ('(pickup блок)', '(stack блок 1a)'))
    """
    names = _domain_symbols(domain)
    prefix = "o"
    while any(n.startswith(prefix + "-") or re.fullmatch(rf"{prefix}\d*", n) for n in names):
        prefix += "o"
    # Objects are named by type (``o-drone-1``, or ``o1`` for untyped domains): a name then
    # always denotes the same type, which the persistent ENHSP JVM (that keeps state between
    # problems) relies on.
    seen: dict[str, int] = {}
    terms = {}
    for o, t in problem.objects.items():
        if o in domain.constants:
            continue
        seen[t] = seen.get(t, 0) + 1
        if t == "object":
            terms[o] = f"{prefix}{seen[t]}"
        else:
            label = t if safe_symbol(t) else f"t{list(domain.types).index(t)}"
            terms[o] = f"{prefix}-{label}-{seen[t]}"
    sym: dict[str, str] = {}
    text = domain.text
    unsafe = [n for n in names if not safe_symbol(n)]
    unsafe_vars = [v for v in _variables(domain) if not safe_symbol(v.lstrip("?"))]
    if (unsafe or unsafe_vars) and not any(a.unsupported for a in domain.actions):
        # Rewrite the domain from our model: every unsafe symbol gets a fresh safe name.
        sym = {n: f"{prefix}-s{i}" for i, n in enumerate(unsafe, 1)}
        terms.update({c: sym[c] for c in domain.constants if c in sym})
        terms.update({v: f"?{prefix}-v{i}" for i, v in enumerate(unsafe_vars, 1)})
        text = domain_to_pddl(domain, sym, terms)
    problem_text = problem_to_pddl(problem, domain, terms, sym, name="p")
    actions = {sym[a.name]: a.name for a in domain.actions if a.name in sym}
    objects = {v: k for k, v in terms.items() if not k.startswith("?")}
    return PlannerInput(text, problem_text, actions, objects)
