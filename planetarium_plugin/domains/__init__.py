"""Evaluation of model-written *domains*: diagnostics, SPAR's metrics, bounded equivalence.

>>> gt = '''(define (domain sw) (:predicates (on ?x) (off ?x))
...   (:action flip :parameters (?x) :precondition (off ?x)
...    :effect (and (on ?x) (not (off ?x)))))'''
>>> problem = '''(define (problem p) (:domain sw) (:objects a b)
...   (:init (off a) (off b)) (:goal (on a)))'''
>>> score = evaluate_domain(gt, gt.replace("?x", "?light"), problems=[problem], metrics=False)
>>> score.parseable, score.equivalent, score.message
(True, True, 'same transition system on all 1 problems (4 states)')
>>> broken = gt.replace("(not (off ?x))", "")
>>> score = evaluate_domain(gt, broken, problems=[problem], metrics=False)
>>> score.equivalent, score.difference.message, score.actions[0].missing_effects
(False, '(flip a) leads to different states', ('(not (off ?x))',))
"""

from .check import Diagnostic, DomainCheck, check_domain, check_problem, extract_domain_text
from .compare import ActionDiff, compare_actions
from .explore import Difference, ProblemOutcome, lockstep
from .problems import Case, default_problems, load_problems
from .render import domain_to_pddl
from .score import DomainScore, ProblemReport, Rate, evaluate_domain, score_domain_record

__all__ = [
    "ActionDiff",
    "Case",
    "Diagnostic",
    "Difference",
    "DomainCheck",
    "DomainScore",
    "ProblemOutcome",
    "ProblemReport",
    "Rate",
    "check_domain",
    "check_problem",
    "compare_actions",
    "default_problems",
    "domain_to_pddl",
    "evaluate_domain",
    "extract_domain_text",
    "load_problems",
    "lockstep",
    "score_domain_record",
]
