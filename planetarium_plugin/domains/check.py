"""Diagnostics for PDDL domains and problems that a language model can act on.

Every finding names where it is (line, action, clause) and the symbol at fault, in one sentence
that says what to change — the kind of feedback NL2Plan and SPAR feed back to the model for
self-correction. Errors make a domain invalid; warnings (legal but suspicious PDDL) do not.

>>> found = check_domain('''(define (domain d) (:requirements :strips)
...   (:predicates (p ?x))
...   (:action a :parameters (?x) :precondition (and (p ?y)) :effect (q ?x)))''')
>>> for d in found.diagnostics:
...     print(d.line, d.code, d.action, d.clause, d.symbol)
3 undeclared_parameter a precondition ?y
3 unknown_predicate a effect q
>>> print(found.diagnostics[1].message)
unknown predicate 'q' in (q ?x); declared predicates: p
"""

from __future__ import annotations

from ..errors import PlanetariumError, Reason
from ..parsing import Domain, parse_domain, parse_problem
from ..parsing.domain import truncation_message
from ..parsing.extract import extract_domain_text as _extract_domain_text
from ..parsing.sexpr import pddl_after_definition, split_variables
from .declarations import _IMPLIES, _NEEDS, KNOWN_REQUIREMENTS, _Declarations  # noqa: F401
from .diagnostics import Diagnostic, DomainCheck, Severity  # noqa: F401
from .formulas import COMPARISONS, NUMERIC_EFFECTS, _Ctx, _Formulas, _is_number  # noqa: F401
from .reader import (  # noqa: F401
    _DOMAIN_START,
    _L,
    _PROBLEM_START,
    _TOKEN,
    MAX_ACTIONS,
    MAX_DEPTH,
    MAX_DOMAIN_CHARS,
    _located,
    _Reader,
    _show,
)

__all__ = [
    "MAX_DOMAIN_CHARS",
    "Diagnostic",
    "DomainCheck",
    "check_domain",
    "check_problem",
    "extract_domain_text",
]


class _Stop(Exception):
    """Raised to end checking early (a fatal error was recorded)."""


class _DomainChecker(_Declarations, _Formulas):
    def __init__(self, text: str, strict: bool = False) -> None:
        self.text = text
        #: strict: today's reading of PDDL (requirements, declared types, names) as errors;
        #: otherwise what Fast Downward accepts is a warning
        self.strict = strict
        self.diags: list[Diagnostic] = []
        self.requirements: set[str] = set()
        self.types: dict[str, str] = {"object": ""}
        self.constants: dict[str, str] = {}
        self.predicates: dict[str, list[tuple[str, str]]] = {}
        self.functions: dict[str, list[tuple[str, str]]] = {}
        self.action_names: set[str] = set()
        self.features: dict[str, tuple[int | None, str | None, str]] = {}
        self.typed = False

    # -- reporting
    def add(self, code, message, node=None, action=None, clause=None, symbol=None, sev="error"):
        line = getattr(node, "line", None) or None
        self.diags.append(Diagnostic(sev, str(code), message, line, action, clause, symbol))

    def lenient(self, code, message, node=None, **kw) -> None:
        """A finding Fast Downward accepts: a warning, an error under ``strict``."""
        self.add(code, message, node, sev="error" if self.strict else "warning", **kw)

    def fatal(self, code, message, node=None, **kw) -> _Stop:
        self.add(code, message, node, **kw)
        return _Stop()

    def uses(self, feature: str, node, action: str | None, where: str) -> None:
        self.features.setdefault(feature, (getattr(node, "line", None), action, where))

    # -- top level
    def run(self) -> None:
        text = self.text
        if not isinstance(text, str):
            raise self.fatal(Reason.PARSE_ERROR, f"expected text, got {type(text).__name__}")
        if len(text) > MAX_DOMAIN_CHARS:
            raise self.fatal(
                Reason.TOO_LARGE, f"text has {len(text)} characters (limit {MAX_DOMAIN_CHARS})"
            )
        if not text.strip():
            raise self.fatal(Reason.PARSE_ERROR, "empty text: no PDDL domain found")
        m = _DOMAIN_START.search(text)
        if m is None:
            if _PROBLEM_START.search(text):
                raise self.fatal(
                    Reason.PARSE_ERROR,
                    "this is a problem (define (problem …)), not a domain; write "
                    "(define (domain NAME) (:requirements …) (:types …) (:predicates …) "
                    "(:action …))",
                )
            raise self.fatal(Reason.PARSE_ERROR, "no (define (domain NAME) …) found in the text")
        reader = _Reader(text)
        try:
            expr = reader.read(m.start())
        except PlanetariumError as exc:
            self.diags.append(
                Diagnostic("error", exc.reason.value, exc.message, getattr(exc, "line", None))
            )
            raise _Stop() from None
        after = pddl_after_definition(text, m.start(), reader.end)
        if after is not None:
            self.diags.append(
                Diagnostic(
                    "error",
                    "pddl_after_define",
                    truncation_message(*after, located=False),
                    after[2],
                )
            )
            raise _Stop()
        for line, tok in reader.split:
            self.lenient(
                "question_mark_in_name",
                f"'{tok}' has '?' inside a name: read as ({' '.join(split_variables(tok))}) "
                "as Fast Downward does; put a space before each '?'",
                _at(line),
                symbol=tok,
            )
        if len(expr) < 2 or not (isinstance(expr[1], list) and len(expr[1]) == 2):
            raise self.fatal(Reason.PARSE_ERROR, "expected (define (domain NAME) …)", expr)
        sections: dict[str, list] = {}
        actions: list[_L] = []
        for sec in expr[2:]:
            if not (isinstance(sec, list) and sec and isinstance(sec[0], str)):
                self.add(Reason.PARSE_ERROR, f"unexpected element {_show(sec)[:80]}", sec)
                continue
            key = sec[0]
            if key == ":action":
                actions.append(sec)
            elif key == ":durative-action":
                self.add(
                    Reason.UNSUPPORTED,
                    "durative actions (PDDL 2.1 temporal planning) are not supported: write "
                    "instantaneous (:action NAME :parameters … :precondition … :effect …)",
                    sec,
                    action=sec[1] if len(sec) > 1 and isinstance(sec[1], str) else None,
                    symbol=":durative-action",
                )
            elif key in (":derived",):
                self.add(Reason.UNSUPPORTED, "derived predicates are not supported", sec)
            elif key not in (":requirements", ":types", ":constants", ":predicates", ":functions"):
                self.add(Reason.PARSE_ERROR, f"unknown section {key}", sec, symbol=key)
            elif key in sections:
                self.add(Reason.PARSE_ERROR, f"section {key} appears more than once", sec)
            else:
                sections[key] = sec
        self.read_requirements(sections.get(":requirements"))
        self.read_types(sections.get(":types"))
        self.constants = self.typed_list(
            sections.get(":constants", _L([":constants"])), ":constants"
        )
        self.read_signatures(sections.get(":predicates"), self.predicates, ":predicates")
        self.read_signatures(sections.get(":functions"), self.functions, ":functions")
        if len(actions) > MAX_ACTIONS:
            raise self.fatal(
                Reason.TOO_LARGE, f"{len(actions)} actions (limit {MAX_ACTIONS})", actions[0]
            )
        for act in actions:
            self.check_action(act)
        self.check_requirements()

    # -- actions
    def check_action(self, act: _L) -> None:
        name = act[1] if len(act) > 1 and isinstance(act[1], str) else None
        if name is None:
            self.add(Reason.PARSE_ERROR, "action without a name", act)
            return
        if name in self.action_names:
            self.add(Reason.PARSE_ERROR, f"action '{name}' is defined twice", act, symbol=name)
        self.action_names.add(name)
        fields: dict[str, object] = {}
        rest = act[2:]
        i = 0
        while i < len(rest):
            key = rest[i]
            if key not in (":parameters", ":precondition", ":effect"):
                self.add(
                    Reason.PARSE_ERROR,
                    f"unknown field {_show(key)[:80]}; an action has :parameters, :precondition "
                    "and :effect",
                    act,
                    action=name,
                    symbol=_show(key)[:80],
                )
                i += 1
                continue
            if i + 1 >= len(rest) or (isinstance(rest[i + 1], str) and rest[i + 1][:1] == ":"):
                self.add(
                    Reason.PARSE_ERROR,
                    f"{key} has no value; write {key} (…)",
                    act,
                    action=name,
                    clause=key[1:],
                )
                i += 1
                continue
            if isinstance(rest[i + 1], str) and key != ":parameters":
                self.add(
                    Reason.PARSE_ERROR,
                    f"{key} is followed by the word {rest[i + 1]!r}, not a formula; write "
                    f"{key} (and …)",
                    act,
                    action=name,
                    clause=key[1:],
                    symbol=rest[i + 1],
                )
                i += 2
                continue
            fields[key] = rest[i + 1]
            j = i + 2
            while j < len(rest) and isinstance(rest[j], list):
                j += 1
            if j > i + 2 and key != ":parameters":
                self.add(
                    "missing_and",
                    f"{key} is followed by {j - i - 1} formulas: wrap them in (and …), e.g. "
                    f"{key} (and {_show(rest[i + 1])[:40]} {_show(rest[i + 2])[:40]} …)",
                    rest[i + 2],
                    action=name,
                    clause=key[1:],
                )
                fields.pop(key)
            i = j
        for key in (":precondition", ":effect"):
            value = fields.get(key)
            if isinstance(value, list) and value and isinstance(value[0], list):
                self.add(
                    "missing_and",
                    f"{key} is a list of {len(value)} formulas without a connective: wrap them "
                    f"in (and …), e.g. {key} (and {_show(value[0])[:40]} …)",
                    value,
                    action=name,
                    clause=key[1:],
                )
                fields.pop(key)
        params = fields.get(":parameters", _L())
        scope: dict[str, str] = {}
        if not isinstance(params, list):
            self.add(Reason.PARSE_ERROR, ":parameters must be a list", act, action=name)
        else:
            scope = self.typed_list(params, "parameters", action=name) if params else {}
            for v in scope:
                if not v.startswith("?"):
                    self.add(
                        Reason.PARSE_ERROR,
                        f"parameter '{v}' must start with '?'",
                        params,
                        action=name,
                        clause="parameters",
                        symbol=v,
                    )
        ctx = _Ctx(name, act)
        if ":precondition" in fields:
            self.condition(fields[":precondition"], scope, ctx, "precondition", False)
        if ":effect" not in fields:
            if ":effect" not in rest:  # (present but unreadable: reported above)
                self.add(
                    Reason.PARSE_ERROR,
                    "action has no :effect",
                    act,
                    action=name,
                    clause="effect",
                    sev="warning",
                )
        else:
            adds: set[str] = set()
            dels: set[str] = set()
            self.effect(fields[":effect"], scope, ctx, adds, dels, True)
            for atom in sorted(adds & dels):
                self.add(
                    "add_delete_conflict",
                    f"{atom} is both added and deleted unconditionally (PDDL applies the delete "
                    "first, so it ends up true); remove one of them",
                    act,
                    action=name,
                    clause="effect",
                    symbol=atom,
                    sev="warning",
                )


def _at(line: int) -> _L:
    node = _L()
    node.line = line
    return node


def _sorted(diags) -> tuple[Diagnostic, ...]:
    """Diagnostics in line order (those without a line last), otherwise as found."""
    return tuple(sorted(diags, key=lambda d: d.line if d.line else float("inf")))


def check_domain(text: str, *, strict: bool = False) -> DomainCheck:
    """All diagnostics of a domain, and the parsed :class:`Domain` when it has no errors.

    Parseability is judged as Fast Downward judges it: what it accepts (a type used but not
    declared, features used without their requirement flag, ``(on?x?y)`` read as
    ``(on ?x ?y)``) is a warning, an error under ``strict``. Never raises: hostile text
    (empty, a problem, megabytes of parentheses) gets a diagnostic.
    """
    checker = _DomainChecker(text, strict)
    try:
        checker.run()
    except _Stop:
        pass
    except RecursionError:
        checker.add(Reason.PARSE_ERROR, f"expression nested deeper than {MAX_DEPTH} levels")
    diags = _sorted(checker.diags)
    if any(d.severity == "error" for d in diags):
        return DomainCheck(None, diags)
    try:
        domain = parse_domain(text, lenient=not strict)
    except PlanetariumError as exc:
        return DomainCheck(None, (*diags, Diagnostic("error", exc.reason.value, exc.message)))
    return DomainCheck(domain, diags)


def check_problem(
    problem_text: str, domain: str | Domain, *, strict: bool = False
) -> tuple[Diagnostic, ...]:
    """Diagnostics of a problem against a domain (text or parsed); the domain's own first.

    A negative goal without ``:negative-preconditions`` is judged as a negative precondition
    is: a warning, an error under ``strict``.
    """
    diags: tuple[Diagnostic, ...] = ()
    if isinstance(domain, str):
        found = check_domain(domain, strict=strict)
        diags = found.diagnostics
        if found.domain is None:
            return diags
        domain = found.domain
    try:
        problem = parse_problem(problem_text, domain)
    except PlanetariumError as exc:
        return (*diags, Diagnostic("error", exc.reason.value, exc.message, clause="problem"))
    flags = set(domain.requirements)
    allowed = {":negative-preconditions", ":adl"}
    if problem.goal.negative and not flags & allowed:
        first = min(problem.goal.negative)
        diags = (
            *diags,
            Diagnostic(
                "error" if strict else "warning",
                "missing_requirement",
                f"negative goals are used (first (not {first})) but :negative-preconditions is "
                "not in the domain's (:requirements …); add :negative-preconditions",
                clause="problem",
                symbol=":negative-preconditions",
            ),
        )
    return diags


def extract_domain_text(text: object) -> str | None:
    r"""The text of the first ``(define (domain …))`` in ``text`` (prose and fences around it
    are skipped), or None if there is none.

    >>> extract_domain_text("Sure:\n```pddl\n(define (domain d) (:predicates (p)))\n```")
    '(define (domain d) (:predicates (p)))'
    """
    return _extract_domain_text(text, MAX_DOMAIN_CHARS)
