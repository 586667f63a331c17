"""unified-planning problems as PDDL text, names kept as written.

unified-planning's own ``PDDLWriter`` renames identifiers (``at`` becomes ``at_``: a temporal
keyword; clashing names get ``_0`` suffixes), prints reals as rounded floats and needs every
numeric fluent defined. Written from the model here instead, a problem keeps its names, its
numbers are exact decimals, and undefined numeric values stay undefined, so the text reads to
the same problem the object describes. What PDDL cannot say (durative actions, timed goals,
quality metrics, bounded or object-valued fluents, …) is refused with a
:class:`~planetarium_plugin.errors.PlanetariumError` (reason ``unsupported``) naming it.
"""

from __future__ import annotations

import itertools
import re
from fractions import Fraction
from typing import Any

from ..errors import PlanetariumError, Reason
from ..parsing import DEFAULT_LIMITS, OBJECT, Domain, Limits
from ..planning.writer import pddl_number

__all__ = ["up_domain_text", "up_problem_text"]

_NOT_A_NAME = re.compile(r"[\s();]")
_NUMBER_START = frozenset("0123456789+-.")
#: Words our reader takes as syntax where a name stands.
_RESERVED = frozenset(
    {"and", "or", "not", "imply", "exists", "forall", "when", "either", "define", "-"}
)


def _refuse(what: str) -> PlanetariumError:
    return PlanetariumError(Reason.UNSUPPORTED, f"unified-planning problem: {what}")


def _name(name: str | None, what: str) -> str:
    """``name`` as a PDDL symbol, or a refusal saying why it cannot be one."""
    if not name or _NOT_A_NAME.search(name) or name[0] in "?:" or name.lower() in _RESERVED:
        raise _refuse(f"the {what} name {name!r} cannot be written as a PDDL name")
    if name[0] in _NUMBER_START:
        try:
            Fraction(name)
        except (ValueError, ZeroDivisionError):
            pass
        else:
            raise _refuse(f"the {what} name {name!r} reads as a number in PDDL")
    return name.lower()  # PDDL ignores letter case; some planners do not


def _number(value: Any) -> str:
    return pddl_number(Fraction(value))


class _Writer:
    """Expressions of one problem as PDDL (bounded depth: model objects are untrusted too)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits

    def expr(self, node: Any, depth: int = 0) -> str:
        if depth > self.limits.max_depth:
            raise PlanetariumError(
                Reason.PARSE_ERROR, f"expression nested deeper than {self.limits.max_depth} levels"
            )
        d = depth + 1
        if node.is_fluent_exp():
            words = [_name(node.fluent().name, "fluent"), *(self.expr(a, d) for a in node.args)]
            return f"({' '.join(words)})"
        if node.is_object_exp():
            return _name(node.object().name, "object")
        if node.is_parameter_exp():
            return "?" + _name(node.parameter().name, "parameter")
        if node.is_variable_exp():
            return "?" + _name(node.variable().name, "variable")
        if node.is_int_constant() or node.is_real_constant():
            return _number(node.constant_value())
        if node.is_bool_constant():
            raise _refuse(f"the constant {node} inside a formula has no PDDL form")
        if node.is_exists() or node.is_forall():
            word = "exists" if node.is_exists() else "forall"
            return f"({word} ({self.variables(node.variables())}) {self.expr(node.arg(0), d)})"
        if node.is_iff():
            a, b = (self.expr(x, d) for x in node.args)
            return f"(and (imply {a} {b}) (imply {b} {a}))"
        op = _OPERATORS.get(node.node_type.name)
        if op is None:
            shown = str(node)[:80]
            raise _refuse(f"the expression {shown!r} ({node.node_type.name}) has no PDDL form")
        args = [self.expr(a, d) for a in node.args]
        if op in "+*" and len(args) > 2:  # n-ary in unified-planning, binary in PDDL
            out = args[0]
            for a in args[1:]:
                out = f"({op} {out} {a})"
            return out
        return f"({op} {' '.join(args)})"

    def variables(self, variables) -> str:
        return " ".join(
            f"?{_name(v.name, 'variable')} - {self.type_name(v.type)}" for v in variables
        )

    @staticmethod
    def type_name(t: Any) -> str:
        if not t.is_user_type():
            raise _refuse(f"a parameter of type {t} (PDDL parameters are objects)")
        return _name(t.name, "type")

    def conditions(self, nodes) -> list[str]:
        """Conditions of a list (a goal or a precondition); the constant true adds nothing."""
        out = []
        nodes = list(nodes)
        while nodes:
            n = nodes.pop(0)
            if n.is_and():  # a conjunction of conditions is those conditions
                nodes[:0] = n.args
                continue
            if n.is_bool_constant():
                if n.bool_constant_value():
                    continue
                raise _refuse("a condition that is the constant false")
            out.append(self.expr(n))
        return out

    def effect(self, e: Any) -> str:
        f, value = self.expr(e.fluent), e.value
        if e.is_assignment() and e.fluent.type.is_bool_type():
            if not value.is_bool_constant():
                raise _refuse(f"the effect {e} assigns a non-constant truth value")
            out = f if value.bool_constant_value() else f"(not {f})"
        elif e.is_assignment():
            out = f"(assign {f} {self.expr(value)})"
        elif e.is_increase() or e.is_decrease():
            out = f"({'increase' if e.is_increase() else 'decrease'} {f} {self.expr(value)})"
        else:
            raise _refuse(f"the effect {e} has no PDDL form")
        if e.is_conditional():
            out = f"(when {self.expr(e.condition)} {out})"
        if e.is_forall():
            out = f"(forall ({self.variables(e.forall)}) {out})"
        return out


_OPERATORS = {
    "AND": "and",
    "OR": "or",
    "NOT": "not",
    "IMPLIES": "imply",
    "EQUALS": "=",
    "LE": "<=",
    "LT": "<",
    "PLUS": "+",
    "MINUS": "-",
    "TIMES": "*",
    "DIV": "/",
}


def _check_problem(problem: Any) -> None:
    """Refuse what a PDDL problem (and our model) cannot state."""
    if type(problem).__name__ != "Problem":
        raise _refuse(f"a {type(problem).__name__} is not a classical planning problem")
    checks = [
        ("timed goals", problem.timed_goals),
        ("timed effects (timed initial literals)", problem.timed_effects),
        ("trajectory constraints", problem.trajectory_constraints),
        ("PDDL+ processes", getattr(problem, "processes", ())),
        ("PDDL+ events", getattr(problem, "events", ())),
    ]
    for what, present in checks:
        if present:
            raise _refuse(f"{what} have no counterpart here")
    if problem.quality_metrics:
        metrics = ", ".join(type(m).__name__ for m in problem.quality_metrics)
        raise _refuse(
            f"quality metrics ({metrics}) have no counterpart here (equivalence and "
            "solvability concern goal states); remove them with problem.clear_quality_metrics()"
        )


def _typed(problem: Any) -> bool:
    return any(t.name != OBJECT for t in problem.user_types)


def _action_objects(problem: Any) -> dict[str, Any]:
    """Objects named inside actions: the domain's constants."""
    found: dict[str, Any] = {}
    stack = []
    for a in problem.actions:
        stack.extend(getattr(a, "preconditions", ()))
        for e in getattr(a, "effects", ()):
            stack.extend((e.fluent, e.value, e.condition))
    while stack:
        n = stack.pop()
        if n.is_object_exp():
            found[n.object().name] = n.object()
        stack.extend(n.args)
    return found


def up_domain_text(problem: Any, name: str, limits: Limits = DEFAULT_LIMITS) -> str:
    """The domain of a unified-planning problem as PDDL named ``name`` (names kept)."""
    _check_problem(problem)
    w = _Writer(limits)
    typed = _typed(problem)
    out = [f"(define (domain {name})"]
    predicates, functions = [], []
    for f in problem.fluents:
        t = f.type
        if t.is_bool_type():
            into = predicates
        elif t.is_int_type() or t.is_real_type():
            if t.lower_bound is not None or t.upper_bound is not None:
                raise _refuse(f"the numeric fluent {f.name!r} has bounds {t} (PDDL has none)")
            into = functions
        else:
            raise _refuse(f"the fluent {f.name!r} has values of type {t} (object fluents)")
        params = " ".join(
            f"?{_name(p.name, 'parameter')}" + (f" - {w.type_name(p.type)}" if typed else "")
            for p in f.signature
        )
        into.append(f"({_name(f.name, 'fluent')}{' ' + params if params else ''})")
    requirements_at = len(out)
    if typed:
        types = []
        for t in problem.user_types:
            if t.name == OBJECT and t.father is None:
                continue  # the root
            parent = t.father.name if t.father is not None else OBJECT
            types.append(f"{_name(t.name, 'type')} - {_name(parent, 'type')}")
        out.append(f"  (:types {' '.join(types)})")
    consts = _action_objects(problem)
    if consts:
        words = [
            _name(c, "object") + (f" - {w.type_name(o.type)}" if typed else "")
            for c, o in sorted(consts.items())
        ]
        out.append(f"  (:constants {' '.join(words)})")
    out.append(f"  (:predicates {' '.join(predicates)})")
    if functions:
        out.append(f"  (:functions {' '.join(functions)})")
    pres, effs = [], []
    for a in problem.actions:
        if type(a).__name__ != "InstantaneousAction":
            raise _refuse(f"the action {a.name!r} is a {type(a).__name__} (only instantaneous)")
        if getattr(a, "simulated_effect", None) is not None:
            raise _refuse(f"the action {a.name!r} has a simulated effect (Python code)")
        params = " ".join(
            f"?{_name(p.name, 'parameter')}" + (f" - {w.type_name(p.type)}" if typed else "")
            for p in a.parameters
        )
        pre = " ".join(w.conditions(a.preconditions))
        eff = " ".join(w.effect(e) for e in a.effects)
        pres.append(pre)
        effs.append(eff)
        out.append(
            f"  (:action {_name(a.name, 'action')} :parameters ({params})\n"
            f"    :precondition (and {pre})\n    :effect (and {eff}))"
        )
    out.insert(requirements_at, f"  (:requirements {_requirements(typed, functions, pres, effs)})")
    return "\n".join(out) + ")\n"


def _requirements(typed: bool, numeric: list, pres: list[str], effs: list[str]) -> str:
    """The requirements the written actions use (read off the text we wrote: the problem's
    ``kind`` would say the same at a tenth of a call's cost each time)."""
    pre, eff = " ".join(pres), " ".join(effs)
    reqs = [":strips"] + [":typing"] * typed + [":numeric-fluents"] * bool(numeric)
    for word, where, req in (
        ("(not ", pre, ":negative-preconditions"),
        ("(or ", pre, ":disjunctive-preconditions"),
        ("(imply ", pre, ":disjunctive-preconditions"),
        ("(= ?", pre, ":equality"),
        ("(exists ", pre, ":existential-preconditions"),
        ("(forall ", pre, ":universal-preconditions"),
        ("(when ", eff, ":conditional-effects"),
        ("(forall ", eff, ":conditional-effects"),
    ):
        if word in where and req not in reqs:
            reqs.append(req)
    return " ".join(reqs)


def up_problem_text(
    problem: Any, domain_name: str, domain: Domain | None = None, limits: Limits = DEFAULT_LIMITS
) -> str:
    """A unified-planning problem as PDDL problem text for a domain named ``domain_name``.

    ``domain``: the parsed domain it is read against (its constants are not redeclared and
    an untyped domain gets untyped objects); None when the domain is the problem's own.
    """
    _check_problem(problem)
    w = _Writer(limits)
    if domain is not None:
        typed, constants = domain.typed, set(domain.constants)
    else:
        typed, constants = _typed(problem), {c.lower() for c in _action_objects(problem)}
    objs = []
    for o in problem.all_objects:
        name = _name(o.name, "object")
        if name in constants:
            continue
        t = w.type_name(o.type)
        objs.append(f"{name} - {t}" if typed or t != OBJECT else name)
    init = _init(problem, w, limits)
    goals = w.conditions(problem.goals)
    pname = problem.name if problem.name and not _NOT_A_NAME.search(problem.name) else "problem"
    pname = pname.lower()
    return (
        f"(define (problem {pname}) (:domain {domain_name})\n  (:objects {' '.join(objs)})\n"
        f"  (:init {' '.join(init)})\n  (:goal (and {' '.join(goals)})))\n"
    )


def _init(problem: Any, w: _Writer, limits: Limits) -> list[str]:
    """The initial state: explicit values, and defaults expanded over every grounding (an
    unset numeric fluent without a default stays undefined; an unset Boolean one is false)."""
    values = dict(problem.explicit_initial_values)
    em = problem.environment.expression_manager
    for fluent, default in problem.fluents_defaults.items():
        bool_false = default.is_bool_constant() and not default.bool_constant_value()
        if fluent.type.is_bool_type() and bool_false:
            continue  # the closed world already says so
        domains = [list(problem.objects(p.type)) for p in fluent.signature]
        count = 1
        for d in domains:
            count *= len(d)
        if count > limits.max_atoms:
            raise PlanetariumError(
                Reason.TOO_LARGE,
                f"unified-planning problem: the default of {fluent.name!r} covers {count} "
                f"groundings (limit {limits.max_atoms})",
            )
        for args in itertools.product(*domains):
            values.setdefault(em.FluentExp(fluent, args), default)
    if len(values) > limits.max_atoms:
        raise PlanetariumError(
            Reason.TOO_LARGE, f"unified-planning problem: {len(values)} initial values"
        )
    out = []
    for f, v in values.items():
        if f.type.is_bool_type():
            if not v.is_bool_constant():
                raise _refuse(f"the initial value of {f} is not a constant")
            if v.bool_constant_value():
                out.append(w.expr(f))
        elif v.is_int_constant() or v.is_real_constant():
            out.append(f"(= {w.expr(f)} {_number(v.constant_value())})")
        else:
            raise _refuse(f"the initial value of {f} is {v} (not a number)")
    return sorted(out)
