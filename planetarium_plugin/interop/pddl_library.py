"""The ``pddl`` library (the parser the reference Planetarium is built on): its objects as PDDL
text, and our parsed problems and domains as its objects.

Incoming objects are written with the library's own formatter, then read by our parser, so
they get exactly the checks text gets. Outgoing problems are built from our model directly;
the library keeps numbers as ``int``/``float``, so a value whose shortest ``float`` form is not
the same decimal (say ``1/3``) and a name the library's grammar rejects are refused by name.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..errors import PlanetariumError, Reason
from ..parsing import OBJECT, Atom, Domain, Goal, Problem
from .detect import require

__all__ = ["pddl_domain_text", "pddl_problem_domain", "pddl_problem_text", "to_pddl_objects"]


def _refuse(what: str) -> PlanetariumError:
    return PlanetariumError(Reason.UNSUPPORTED, f"pddl library: {what}")


def _format(obj: Any, which: str) -> str:
    require("pddl")
    from pddl import formatter

    write = formatter.problem_to_string if which == "problem" else formatter.domain_to_string
    try:
        return write(obj)
    except Exception as exc:  # the library cannot print its own object: say which and why
        raise _refuse(f"cannot write the {which} as PDDL: {type(exc).__name__}: {exc}") from None


def pddl_problem_text(problem: Any) -> str:
    """A ``pddl.core.Problem`` as PDDL text (the library's formatter)."""
    return _format(problem, "problem")


def pddl_domain_text(domain: Any) -> str:
    """A ``pddl.core.Domain`` as PDDL text (the library's formatter)."""
    return _format(domain, "domain")


def pddl_problem_domain(problem: Any) -> Any | None:
    """The ``pddl.core.Domain`` a problem was built with, or None (it then has only a name)."""
    return getattr(problem, "_domain", None)


def _value(v: Fraction) -> int | float:
    if v.denominator == 1:
        return int(v)
    f = float(v)
    if Fraction(repr(f)) != v:
        raise _refuse(f"the number {v} has no exact decimal form the library keeps")
    return f


def to_pddl_objects(problem: Problem, domain: Domain | None, goal: Goal | None = None) -> Any:
    """Our parsed ``problem`` (its goal replaced by ``goal`` when given) as a
    ``pddl.core.Problem``; ``domain`` (when given) says whether objects carry types."""
    require("pddl", "to_pddl_library")
    from pddl.core import Problem as PddlProblem
    from pddl.logic import base, functions, predicates, terms
    from pddl.requirements import Requirements

    goal = goal if goal is not None else problem.goal
    if domain is not None:
        typed = domain.typed
    else:
        typed = any(t != OBJECT for t in problem.objects.values())
    constants = set(domain.constants) if domain is not None else set()
    try:
        objs = {o: terms.Constant(o, t if typed else None) for o, t in problem.objects.items()}

        def atom(a: Atom):
            return predicates.Predicate(a.predicate, *(objs[x] for x in a.args))

        def fluent(a: Atom):
            return functions.NumericFunction(a.predicate, *(objs[x] for x in a.args))

        init = [atom(a) for a in sorted(problem.init)]
        init += [
            functions.EqualTo(fluent(f), functions.NumericValue(_value(v)))
            for f, v in sorted(problem.numeric_init.items())
        ]
        compare = {
            "<": functions.LesserThan,
            "<=": functions.LesserEqualThan,
            "=": functions.EqualTo,
            ">=": functions.GreaterEqualThan,
            ">": functions.GreaterThan,
        }
        parts = [atom(a) for a in sorted(goal.positive)]
        parts += [base.Not(atom(a)) for a in sorted(goal.negative)]
        parts += [
            compare[c.op](fluent(c.fluent), functions.NumericValue(_value(c.value)))
            for c in sorted(goal.numeric)
        ]
        reqs = {Requirements.STRIPS}
        if typed:
            reqs.add(Requirements.TYPING)
        if goal.negative:
            reqs.add(Requirements.NEG_PRECONDITION)
        if problem.numeric_init or goal.numeric:
            reqs.add(Requirements.NUMERIC_FLUENTS)
        return PddlProblem(
            problem.name,
            domain_name=problem.domain_name,
            requirements=reqs,
            objects=[c for o, c in objs.items() if o not in constants],
            init=init,
            goal=base.And(*parts),
        )
    except PlanetariumError:
        raise
    except Exception as exc:  # the library's name grammar or checks: name what it refused
        raise _refuse(f"cannot build the problem: {type(exc).__name__}: {exc}") from None


def to_pddl_domain(domain: Domain) -> Any:
    """Our parsed domain as a ``pddl.core.Domain`` (read from its text by the library)."""
    require("pddl", "to_pddl_library")
    from pddl.parser.domain import DomainParser

    try:
        return DomainParser()(domain.text)
    except Exception as exc:  # e.g. a construct or a name the library does not read
        raise _refuse(f"cannot read the domain: {type(exc).__name__}: {exc}") from None
