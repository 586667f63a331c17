"""Finding the first ``(define (problem …))`` or ``(define (domain …))`` in prose or markdown.

Model output is untrusted: size and lone surrogates are checked first, and ``;`` comments hide
a definition only where they are PDDL comments, not semicolons in prose.
"""

from __future__ import annotations

import re

from ..errors import PlanetariumError, Reason
from .model import DEFAULT_LIMITS, Limits
from .sexpr import _TOKEN, _read

_GAP = r"(?:\s|;[^\n]*(?:\n|$))*"  # whitespace and comments between tokens
_PROBLEM_START = re.compile(rf"\({_GAP}define{_GAP}\({_GAP}problem\b", re.IGNORECASE)
_DOMAIN_START = re.compile(rf"\({_GAP}define{_GAP}\({_GAP}domain\b", re.IGNORECASE)
_SURROGATE = re.compile("[\ud800-\udfff]")


def _commented_out(text: str, pos: int) -> bool:
    """Whether ``pos`` lies in a ``;`` comment: one that opens its line or follows PDDL on it.

    A semicolon in prose (``Sure; (define …``) does not hide what follows it.
    """
    line = text[text.rfind("\n", 0, pos) + 1 : pos]
    semi = line.find(";")
    if semi < 0:
        return False
    before = line[:semi]
    return not before.strip() or "(" in before or ")" in before


def _find_start(pattern: re.Pattern, text: str) -> re.Match | None:
    """The first match of ``pattern`` that is not commented out (comments are whitespace)."""
    for m in pattern.finditer(text):
        if not _commented_out(text, m.start()):
            return m
    return None


def extract_problem(text: str, limits: Limits = DEFAULT_LIMITS) -> list:
    """Return the first ``(define (problem …))`` in ``text`` as a nested list of lower-case tokens.

    Prose, markdown fences and a domain definition before the problem are skipped.

    >>> extract_problem("Here you go:\\n```\\n(define (problem p) (:domain d))\\n```")
    ['define', ['problem', 'p'], [':domain', 'd']]
    """
    if not isinstance(text, str):
        raise PlanetariumError(Reason.PARSE_ERROR, f"expected text, got {type(text).__name__}")
    if len(text) > limits.max_chars:
        raise PlanetariumError(
            Reason.TOO_LARGE, f"text has {len(text)} characters (limit {limits.max_chars})"
        )
    if not text.isascii() and (bad := _SURROGATE.search(text)) is not None:
        raise PlanetariumError(
            Reason.PARSE_ERROR,
            f"not valid Unicode: lone surrogate U+{ord(bad.group()):04X} "
            f"at character {bad.start()}",
        )
    m = _find_start(_PROBLEM_START, text)
    if m is None:
        if not text.strip():
            raise PlanetariumError(Reason.PARSE_ERROR, "empty text: no PDDL problem found")
        if _find_start(_DOMAIN_START, text):
            raise PlanetariumError(
                Reason.PARSE_ERROR, "found a (define (domain …)) but no (define (problem …))"
            )
        raise PlanetariumError(Reason.PARSE_ERROR, "no (define (problem …)) found in text")
    return _read(text, m.start(), limits)


def extract_problem_text(text: str, limits: Limits = DEFAULT_LIMITS) -> str | None:
    r"""The text of the first ``(define (problem …))`` in ``text``, or None if there is none.

    >>> extract_problem_text("Sure:\n```\n(define (problem p) (:domain d))\n```")
    '(define (problem p) (:domain d))'
    """
    return _definition_text(_PROBLEM_START, text, limits.max_chars)


def extract_domain_text(text: object, max_chars: int = DEFAULT_LIMITS.max_chars) -> str | None:
    r"""The text of the first ``(define (domain …))`` in ``text``, or None if there is none.

    >>> extract_domain_text("; (define (domain old))\n(define (domain d) (:predicates (p)))")
    '(define (domain d) (:predicates (p)))'
    """
    return _definition_text(_DOMAIN_START, text, max_chars)


def _definition_text(pattern: re.Pattern, text: object, max_chars: int) -> str | None:
    """The balanced expression starting at ``pattern``'s first uncommented match (or the rest
    of the text when it is unbalanced); None for non-text, oversized text or no match."""
    if not isinstance(text, str) or len(text) > max_chars:
        return None
    m = _find_start(pattern, text)
    if m is None:
        return None
    depth = 0
    for tok in _TOKEN.finditer(text, m.start()):
        if tok.group() == "(":
            depth += 1
        elif tok.group() == ")":
            depth -= 1
            if depth == 0:
                return text[m.start() : tok.end()]
    return text[m.start() :]  # unbalanced: the rest of the text
