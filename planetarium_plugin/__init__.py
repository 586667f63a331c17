"""planetarium-plugin: exact, fast equivalence of PDDL problems (the Planetarium metric).

>>> from planetarium_plugin import equivalent
>>> gt = '''(define (problem p) (:domain gripper) (:objects r1 b1 g1)
...   (:init (room r1) (ball b1) (gripper g1) (at-robby r1) (at b1 r1) (free g1))
...   (:goal (and (at b1 r1))))'''
>>> equivalent(gt, gt.replace("(at b1 r1))", "(at b1 r1) (free g1))"), domain="gripper").equivalent
True
"""

from typing import Any

from .domains import Diagnostic, DomainScore, check_domain, evaluate_domain
from .equivalence import Explanation, Verdict, compare_problems, equivalent
from .errors import Deadline, PlanetariumError, Reason
from .generation import Description, Instance
from .hookspecs import hookimpl, hookspec
from .interop import (
    UPSolveResult,
    as_pddl_text,
    solve_unified_planning,
    to_pddl_library,
    to_unified_planning,
    to_up_plan,
)
from .packs import (
    DomainCache,
    DomainDescriptions,
    DomainPack,
    DomainSpec,
    PackRegistry,
    ResolvedDomain,
    default_registry,
    load_packs,
    resolve_domain,
    resolve_pack,
)
from .parsing import (
    DEFAULT_LIMITS,
    Atom,
    Domain,
    Goal,
    Limits,
    NumericCondition,
    Problem,
    TypingMode,
    extract_problem,
    parse_domain,
)
from .parsing import parse_problem as _parse_problem
from .planning import PlannerSession, SolveResult, SolveStatus, ValidationResult, solve, validate
from .scene_graph import SceneGraph
from .scoring import Score, evaluate
from .specify import FullySpecifiedGoal, fully_specify_problem, search_fully_specify

__version__ = "0.2.0"

__all__ = [
    "Atom",
    "Deadline",
    "Description",
    "Diagnostic",
    "Domain",
    "DomainCache",
    "DomainDescriptions",
    "DomainPack",
    "DomainSpec",
    "DomainScore",
    "Explanation",
    "FullySpecifiedGoal",
    "Goal",
    "Instance",
    "Limits",
    "NumericCondition",
    "PackRegistry",
    "PlanetariumError",
    "PlannerSession",
    "Problem",
    "Reason",
    "ResolvedDomain",
    "SceneGraph",
    "Score",
    "SolveResult",
    "SolveStatus",
    "UPSolveResult",
    "ValidationResult",
    "Verdict",
    "as_pddl_text",
    "check_domain",
    "compare_problems",
    "default_registry",
    "domain_packs",
    "equivalent",
    "evaluate",
    "evaluate_domain",
    "extract_problem",
    "fully_specify",
    "hookimpl",
    "hookspec",
    "load_packs",
    "parse_domain",
    "parse_problem",
    "resolve_domain",
    "resolve_pack",
    "search_fully_specify",
    "solve",
    "solve_unified_planning",
    "to_pddl_library",
    "to_unified_planning",
    "to_up_plan",
    "validate",
]


def domain_packs() -> PackRegistry:
    """The installed domain packs, by name (discovered through entry points)."""
    return default_registry()


def parse_problem(
    text: str,
    domain: DomainSpec,
    *,
    typing: TypingMode = "strict",
    limits: Limits = DEFAULT_LIMITS,
) -> Problem:
    """Parse and validate the first problem in ``text`` against a domain given any way.

    ``domain`` is a parsed :class:`Domain`, a pack name, a :class:`DomainPack`, a path to a
    domain file or domain PDDL text (see :func:`resolve_domain`). Raises
    :class:`PlanetariumError` (and nothing else) with the reason the domain or the problem is
    unusable.

    >>> parse_problem("(define (problem p) (:domain lamp) (:init) (:goal (on)))",
    ...               "(define (domain lamp) (:predicates (on)))").goal.positive
    frozenset({Atom(predicate='on', args=())})
    """
    if not isinstance(domain, Domain):
        domain = resolve_pack(domain).domain
    return _parse_problem(text, domain, typing=typing, limits=limits)


def fully_specify(
    problem: str | Problem | Any,
    domain: DomainSpec | Any | None = None,
    *,
    negative: bool = False,
    timeout: float | None = 10.0,
) -> FullySpecifiedGoal:
    """Fully specify a problem's goal (text or parsed) with the pack's rules or the search.

    ``domain`` is anything :func:`resolve_domain` accepts; a domain no pack provides has no
    rules, so the generic search decides. ``problem`` may also be a unified-planning or
    ``pddl`` problem (``domain`` None: its own; see :mod:`.interop`). Raises
    :class:`PlanetariumError` for an unusable domain or problem, or when no answer is found
    within the budget.

    >>> fs = fully_specify('''(define (problem p) (:domain blocksworld) (:objects a b)
    ...   (:init (arm-empty) (on-table a) (on-table b) (clear a) (clear b))
    ...   (:goal (and (on a b))))''', "blocksworld")
    >>> sorted(map(str, fs.positive))
    ['(arm-empty)', '(clear a)', '(on a b)', '(on-table b)']
    """
    from .interop import pddl_inputs, unwrap

    domain, (problem,) = pddl_inputs(domain, problem)
    pack = resolve_pack(unwrap(domain))
    problem = unwrap(problem)
    if isinstance(problem, str):
        problem = _parse_problem(problem, pack.domain)
    return fully_specify_problem(
        problem, pack.domain, pack.fully_specify, negative=negative, deadline=Deadline(timeout)
    )
