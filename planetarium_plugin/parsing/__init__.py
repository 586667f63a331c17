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

from .domain import KNOWN_REQUIREMENTS as KNOWN_REQUIREMENTS
from .domain import UNSUPPORTED_REQUIREMENTS as UNSUPPORTED_REQUIREMENTS
from .domain import parse_domain
from .extract import extract_problem, extract_problem_text
from .model import COMPARATORS as COMPARATORS
from .model import DEFAULT_LIMITS as DEFAULT_LIMITS
from .model import OBJECT as OBJECT
from .model import (
    Action,
    Atom,
    Domain,
    Goal,
    Limits,
    NumericCondition,
    NumericEffect,
    Predicate,
    Problem,
    TypingMode,
)
from .model import _fmt_number as _fmt_number
from .problem import parse_problem

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
