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

import bisect
import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Literal

from ..errors import PlanetariumError, Reason
from ..parsing import Domain, parse_domain, parse_problem

__all__ = [
    "MAX_DOMAIN_CHARS",
    "Diagnostic",
    "DomainCheck",
    "check_domain",
    "check_problem",
    "extract_domain_text",
]

#: Bounds on untrusted domain text, checked before any heavy work.
MAX_DOMAIN_CHARS = 1_000_000
MAX_ACTIONS = 1_000
MAX_DEPTH = 64

Severity = Literal["error", "warning"]

_TOKEN = re.compile(r";[^\n]*|[()]|[^\s();]+")
_DOMAIN_START = re.compile(r"\(\s*define\s*\(\s*domain\b", re.IGNORECASE)
_PROBLEM_START = re.compile(r"\(\s*define\s*\(\s*problem\b", re.IGNORECASE)
NUMERIC_EFFECTS = ("increase", "decrease", "assign", "scale-up", "scale-down")
COMPARISONS = ("<", "<=", ">", ">=")
KNOWN_REQUIREMENTS = frozenset(
    {
        ":strips", ":typing", ":negative-preconditions", ":disjunctive-preconditions",
        ":equality", ":existential-preconditions", ":universal-preconditions",
        ":quantified-preconditions", ":conditional-effects", ":fluents", ":numeric-fluents",
        ":object-fluents", ":adl", ":durative-actions", ":duration-inequalities",
        ":continuous-effects", ":derived-predicates", ":timed-initial-literals", ":preferences",
        ":constraints", ":action-costs",
    }
)  # fmt: skip
#: Requirement flags that imply others.
_IMPLIES = {
    ":adl": {
        ":strips",
        ":typing",
        ":negative-preconditions",
        ":disjunctive-preconditions",
        ":equality",
        ":quantified-preconditions",
        ":existential-preconditions",
        ":universal-preconditions",
        ":conditional-effects",
    },
    ":quantified-preconditions": {":existential-preconditions", ":universal-preconditions"},
    ":fluents": {":numeric-fluents", ":object-fluents"},
    ":action-costs": {":numeric-fluents"},
}
#: Feature -> the requirement flags, any one of which allows it.
_NEEDS = {
    "typing": (":typing",),
    "negative preconditions": (":negative-preconditions",),
    "equality": (":equality",),
    "disjunctive preconditions": (":disjunctive-preconditions",),
    "existential preconditions": (":existential-preconditions",),
    "universal preconditions": (":universal-preconditions",),
    "conditional effects": (":conditional-effects",),
    "numeric fluents": (":numeric-fluents",),
}


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One finding: where (line, action, clause), what (code, symbol), and how to fix it."""

    severity: Severity
    code: str
    message: str
    line: int | None = None
    action: str | None = None
    clause: str | None = None
    symbol: str | None = None

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line else ""
        scope = ""
        if self.action:
            scope = f"action '{self.action}', {self.clause}: " if self.clause else ""
        elif self.clause:
            scope = f"{self.clause}: "
        return f"{where}{self.severity} [{self.code}] {scope}{self.message}"

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class DomainCheck:
    """The diagnostics of a domain and, when it has no errors, the parsed domain."""

    domain: Domain | None
    diagnostics: tuple[Diagnostic, ...]

    @property
    def ok(self) -> bool:
        return self.domain is not None and not self.errors

    @property
    def errors(self) -> tuple[Diagnostic, ...]:
        return tuple(d for d in self.diagnostics if d.severity == "error")


class _L(list):
    """A list node of the S-expression that remembers the line it starts on."""

    line = 0


class _Stop(Exception):
    """Raised to end checking early (a fatal error was recorded)."""


def _show(e: object) -> str:
    if isinstance(e, list):
        return "(" + " ".join(_show(x) for x in e) + ")"
    return str(e)


def _located(message: str, line: int) -> PlanetariumError:
    exc = PlanetariumError(Reason.PARSE_ERROR, message)
    exc.line = line  # type: ignore[attr-defined]
    return exc


class _Reader:
    """Iterative S-expression reader that keeps line numbers and names unbalanced parentheses."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.newlines = [m.start() for m in re.finditer("\n", text)]

    def line(self, pos: int) -> int:
        return bisect.bisect_right(self.newlines, pos) + 1

    def read(self, start: int) -> _L:
        stack: list[_L] = []
        cur: _L | None = None
        for m in _TOKEN.finditer(self.text, start):
            tok = m.group()
            if tok == "(":
                new = _L()
                new.line = self.line(m.start())
                if cur is not None:
                    cur.append(new)
                    stack.append(cur)
                    if len(stack) >= MAX_DEPTH:
                        raise _located(
                            f"line {new.line}: expression nested deeper than {MAX_DEPTH} levels",
                            new.line,
                        )
                cur = new
            elif tok == ")":
                if cur is None:
                    line = self.line(m.start())
                    raise _located(f"line {line}: unexpected ')'", line)
                if not stack:
                    return cur
                cur = stack.pop()
            elif tok[0] == ";":
                continue
            elif cur is not None:
                cur.append(tok.lower())
        assert cur is not None
        head = " ".join(x if isinstance(x, str) else "(…)" for x in cur[:3])
        raise _located(
            f"unbalanced parentheses: {len(stack) + 1} '(' never closed; the innermost one opens "
            f"at line {cur.line}: ({head} …; add the missing ')'",
            cur.line,
        )


class _DomainChecker:
    def __init__(self, text: str) -> None:
        self.text = text
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

    def read_requirements(self, sec) -> None:
        if sec is None:
            return
        for r in sec[1:]:
            if not isinstance(r, str) or r not in KNOWN_REQUIREMENTS:
                self.add(
                    Reason.PARSE_ERROR,
                    f"unknown requirement {_show(r)}",
                    sec,
                    clause=":requirements",
                    symbol=_show(r),
                    sev="warning",
                )
                continue
            self.requirements.add(r)
        todo = list(self.requirements)
        while todo:
            for implied in _IMPLIES.get(todo.pop(), ()):
                if implied not in self.requirements:
                    self.requirements.add(implied)
                    todo.append(implied)

    def typed_list(self, sec, where: str, action: str | None = None) -> dict[str, str]:
        """Parse ``a b - t c`` items (after the head) into name -> type, with diagnostics."""
        out: dict[str, str] = {}
        items = sec[1:] if sec and isinstance(sec[0], str) and sec[0].startswith(":") else sec
        pending: list[str] = []
        i = 0
        while i < len(items):
            tok = items[i]
            if not isinstance(tok, str):
                if tok and tok[0] == "either":
                    self.add(
                        Reason.UNSUPPORTED,
                        f"'either' types are not supported in {where}",
                        tok,
                        action=action,
                        clause=where,
                    )
                else:
                    self.add(
                        Reason.PARSE_ERROR,
                        f"unexpected list {_show(tok)} in {where}",
                        tok,
                        action=action,
                        clause=where,
                    )
                i += 1
                continue
            if tok == "-":
                typ = items[i + 1] if i + 1 < len(items) else None
                if not isinstance(typ, str):
                    if isinstance(typ, list) and typ and typ[0] == "either":
                        self.add(
                            Reason.UNSUPPORTED,
                            f"'either' types are not supported in {where}",
                            sec,
                            action=action,
                            clause=where,
                        )
                    else:
                        self.add(
                            Reason.PARSE_ERROR,
                            f"'-' without a type in {where}",
                            sec,
                            action=action,
                            clause=where,
                        )
                    pending = []
                    i += 2
                    continue
                self.typed = True
                self.uses("typing", sec, action, where)
                for name in pending:
                    self.define(out, name, typ, sec, where, action)
                if not pending:
                    self.add(
                        Reason.PARSE_ERROR,
                        f"type '{typ}' without names before it in {where}",
                        sec,
                        action=action,
                        clause=where,
                    )
                pending = []
                i += 2
                continue
            pending.append(tok)
            i += 1
        for name in pending:
            self.define(out, name, "object", sec, where, action)
        return out

    def define(self, out, name, typ, node, where, action) -> None:
        if name in out:
            self.add(
                Reason.DUPLICATE_OBJECT,
                f"'{name}' is declared twice in {where}",
                node,
                action=action,
                clause=where,
                symbol=name,
            )
        out[name] = typ
        if where != ":types" and typ not in self.types:
            self.add(
                Reason.TYPING_MISMATCH,
                f"unknown type '{typ}' for '{name}' in {where}; declared types: "
                f"{', '.join(sorted(self.types))}",
                node,
                action=action,
                clause=where,
                symbol=typ,
            )

    def read_types(self, sec) -> None:
        if sec is None:
            return
        self.typed = True
        self.uses("typing", sec, None, ":types")
        declared = self.typed_list(sec, ":types")
        for t, parent in declared.items():
            self.types[t] = parent
        for parent in declared.values():
            if parent not in self.types:
                self.types[parent] = "object"  # an undeclared parent type: PDDL allows it
        for t in declared:  # cycles
            seen, cur = set(), t
            while cur and cur != "object":
                if cur in seen:
                    self.add(Reason.PARSE_ERROR, f"type '{t}' is its own ancestor", sec, symbol=t)
                    break
                seen.add(cur)
                cur = self.types.get(cur, "object")

    def read_signatures(self, sec, table: dict, where: str) -> None:
        if sec is None:
            return
        for item in sec[1:]:
            if item in ("-", "number") and where == ":functions":
                continue
            if not (isinstance(item, list) and item and isinstance(item[0], str)):
                self.add(
                    Reason.PARSE_ERROR,
                    f"bad declaration {_show(item)} in {where}",
                    sec,
                    clause=where,
                )
                continue
            name = item[0]
            if name in table:
                self.add(
                    Reason.PARSE_ERROR,
                    f"'{name}' is declared twice in {where}",
                    item,
                    clause=where,
                    symbol=name,
                )
            params = self.typed_list(item[1:], f"{where} {name}")
            for v in params:
                if not v.startswith("?"):
                    self.add(
                        Reason.PARSE_ERROR,
                        f"parameter '{v}' of '{name}' must be a variable starting with '?'",
                        item,
                        clause=where,
                        symbol=v,
                    )
            table[name] = list(params.items())
        if where == ":functions" and table:
            self.uses("numeric fluents", sec, None, ":functions")

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
        if len(rest) % 2:
            self.add(
                Reason.PARSE_ERROR,
                "fields must come in pairs (:parameters (…) :precondition (…) :effect (…))",
                act,
                action=name,
            )
        for i in range(0, len(rest) - 1, 2):
            key = rest[i]
            if key not in (":parameters", ":precondition", ":effect"):
                self.add(
                    Reason.PARSE_ERROR,
                    f"unknown field {_show(key)}; an action has :parameters, :precondition and "
                    ":effect",
                    act,
                    action=name,
                    symbol=_show(key),
                )
                continue
            fields[key] = rest[i + 1]
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

    def term_type(self, term: str, scope, ctx, clause, lit) -> str | None:
        if term.startswith("?"):
            if term not in scope:
                self.add(
                    "undeclared_parameter",
                    f"'{term}' in {_show(lit)} is not a parameter of the action (its parameters: "
                    f"{' '.join(scope) or 'none'})",
                    lit,
                    action=ctx.name,
                    clause=clause,
                    symbol=term,
                )
                return None
            return scope[term]
        if term in self.constants:
            return self.constants[term]
        self.add(
            Reason.UNDECLARED_OBJECT,
            f"'{term}' in {_show(lit)} is neither a parameter nor a declared constant; use a "
            "parameter (?x) or declare it in (:constants …)",
            lit,
            action=ctx.name,
            clause=clause,
            symbol=term,
        )
        return None

    def is_subtype(self, sub: str, sup: str) -> bool:
        seen = 0
        t: str | None = sub
        while t and seen <= len(self.types):
            if t == sup:
                return True
            t = self.types.get(t)
            seen += 1
        return sup == "object"

    def atom(self, lit, table: Mapping, kind: str, scope, ctx, clause) -> None:
        name = lit[0]
        sig = table[name]
        args = lit[1:]
        if len(args) != len(sig):
            self.add(
                Reason.WRONG_ARITY,
                f"{kind} '{name}' takes {len(sig)} argument(s) "
                f"({' '.join(f'{v} - {t}' if self.typed else v for v, t in sig) or 'none'}), "
                f"got {len(args)} in {_show(lit)}",
                lit,
                action=ctx.name,
                clause=clause,
                symbol=name,
            )
            return
        for (var, want), arg in zip(sig, args, strict=True):
            if not isinstance(arg, str):
                self.add(
                    Reason.PARSE_ERROR,
                    f"nested expression {_show(arg)} as an argument of {_show(lit)}",
                    lit,
                    action=ctx.name,
                    clause=clause,
                    symbol=name,
                )
                continue
            have = self.term_type(arg, scope, ctx, clause, lit)
            if have is not None and self.typed and not self.is_subtype(have, want):
                self.add(
                    Reason.TYPING_MISMATCH,
                    f"'{arg}' has type '{have}' but {kind} '{name}' expects '{want}' for {var} "
                    f"in {_show(lit)}",
                    lit,
                    action=ctx.name,
                    clause=clause,
                    symbol=arg,
                )

    def unknown(self, lit, ctx, clause) -> None:
        name = lit[0]
        if name in self.functions:
            msg = (
                f"'{name}' is a function, not a predicate: compare it, e.g. "
                f"(>= {_show(lit)} 0), in {_show(lit)}"
            )
        elif name in NUMERIC_EFFECTS:
            msg = f"numeric effect {_show(lit)[:80]} is not allowed in a {clause}"
        elif name in self.action_names or name == ctx.name:
            msg = f"'{name}' is an action, not a predicate, in {_show(lit)}"
        else:
            declared = ", ".join(self.predicates) or "none"
            msg = f"unknown predicate '{name}' in {_show(lit)}; declared predicates: {declared}"
        self.add(Reason.UNKNOWN_PREDICATE, msg, lit, action=ctx.name, clause=clause, symbol=name)

    def condition(self, f, scope, ctx, clause: str, negated: bool) -> None:
        if not isinstance(f, list):
            self.add(
                Reason.PARSE_ERROR,
                f"expected a formula, got the symbol '{f}'",
                ctx.node,
                action=ctx.name,
                clause=clause,
                symbol=str(f),
            )
            return
        if not f:
            return
        head = f[0]
        if not isinstance(head, str):
            self.add(
                Reason.PARSE_ERROR,
                f"a formula must start with a name: {_show(f)[:80]}",
                f,
                action=ctx.name,
                clause=clause,
            )
            return
        if head == "and":
            for g in f[1:]:
                self.condition(g, scope, ctx, clause, negated)
        elif head in ("or", "imply"):
            self.uses("disjunctive preconditions", f, ctx.name, clause)
            if head == "imply" and len(f) != 3:
                self.add(
                    Reason.PARSE_ERROR, "imply takes 2 formulas", f, action=ctx.name, clause=clause
                )
            for g in f[1:]:
                self.condition(g, scope, ctx, clause, negated)
        elif head == "not":
            if len(f) != 2:
                self.add(
                    Reason.PARSE_ERROR,
                    f"not takes one formula: {_show(f)[:80]}",
                    f,
                    action=ctx.name,
                    clause=clause,
                )
                return
            inner = f[1]
            if isinstance(inner, list) and inner and inner[0] not in ("=", "and", "or", "not"):
                self.uses("negative preconditions", f, ctx.name, clause)
            self.condition(inner, scope, ctx, clause, not negated)
        elif head in ("exists", "forall"):
            feature = "existential" if head == "exists" else "universal"
            self.uses(f"{feature} preconditions", f, ctx.name, clause)
            if len(f) != 3 or not isinstance(f[1], list):
                self.add(
                    Reason.PARSE_ERROR,
                    f"{head} takes (variables) and a formula",
                    f,
                    action=ctx.name,
                    clause=clause,
                )
                return
            inner_scope = dict(scope)
            inner_scope.update(self.typed_list(f[1], clause, action=ctx.name))
            self.condition(f[2], inner_scope, ctx, clause, negated)
        elif (
            head == "="
            and len(f) == 3
            and all(isinstance(x, str) for x in f[1:])
            and not any(_is_number(x) for x in f[1:])
        ):
            self.uses("equality", f, ctx.name, clause)
            for x in f[1:]:
                self.term_type(x, scope, ctx, clause, f)
        elif head in COMPARISONS or head == "=":
            self.uses("numeric fluents", f, ctx.name, clause)
            if len(f) != 3:
                self.add(
                    Reason.PARSE_ERROR,
                    f"'{head}' takes 2 expressions: {_show(f)[:80]}",
                    f,
                    action=ctx.name,
                    clause=clause,
                )
                return
            for x in f[1:]:
                self.numeric(x, scope, ctx, clause, f)
        elif head in self.predicates:
            self.atom(f, self.predicates, "predicate", scope, ctx, clause)
        else:
            self.unknown(f, ctx, clause)

    def numeric(self, e, scope, ctx, clause, top) -> None:
        if isinstance(e, str):
            if _is_number(e):
                return
            self.add(
                Reason.PARSE_ERROR,
                f"'{e}' in {_show(top)} is not a number or a function term; numeric expressions "
                "are numbers, (function args…) or (+ - * / a b)",
                top,
                action=ctx.name,
                clause=clause,
                symbol=e,
            )
            return
        if not e or not isinstance(e[0], str):
            self.add(
                Reason.PARSE_ERROR,
                f"bad numeric expression {_show(e)[:80]}",
                top,
                action=ctx.name,
                clause=clause,
            )
            return
        head = e[0]
        if head in ("+", "-", "*", "/"):
            if len(e) not in (2, 3) or (len(e) == 2 and head != "-"):
                self.add(
                    Reason.PARSE_ERROR,
                    f"'{head}' takes 2 expressions: {_show(e)[:80]}",
                    top,
                    action=ctx.name,
                    clause=clause,
                )
            for x in e[1:]:
                self.numeric(x, scope, ctx, clause, top)
        elif head in self.functions:
            self.atom(e, self.functions, "function", scope, ctx, clause)
        elif head in self.predicates:
            self.add(
                Reason.UNKNOWN_PREDICATE,
                f"numeric expression over a predicate: '{head}' in {_show(top)} is a predicate "
                "(true/false), not a function; declare a function in (:functions …) or use a "
                "precondition",
                e,
                action=ctx.name,
                clause=clause,
                symbol=head,
            )
        else:
            declared = ", ".join(self.functions) or "none"
            self.add(
                Reason.UNKNOWN_PREDICATE,
                f"unknown function '{head}' in {_show(top)}; declared functions: {declared}",
                e,
                action=ctx.name,
                clause=clause,
                symbol=head,
            )

    def effect(self, f, scope, ctx, adds: set, dels: set, top: bool) -> None:
        clause = "effect"
        if not isinstance(f, list):
            self.add(
                Reason.PARSE_ERROR,
                f"expected an effect, got the symbol '{f}'",
                ctx.node,
                action=ctx.name,
                clause=clause,
                symbol=str(f),
            )
            return
        if not f:
            return
        head = f[0]
        if not isinstance(head, str):
            self.add(
                Reason.PARSE_ERROR,
                f"an effect must start with a name: {_show(f)[:80]}",
                f,
                action=ctx.name,
                clause=clause,
            )
            return
        if head == "and":
            for g in f[1:]:
                self.effect(g, scope, ctx, adds, dels, top)
        elif head == "not":
            inner = f[1] if len(f) == 2 else None
            if not (isinstance(inner, list) and inner and isinstance(inner[0], str)):
                self.add(
                    Reason.PARSE_ERROR,
                    f"not takes one atom in an effect: {_show(f)[:80]}",
                    f,
                    action=ctx.name,
                    clause=clause,
                )
                return
            if inner[0] in self.predicates:
                self.atom(inner, self.predicates, "predicate", scope, ctx, clause)
                if top:
                    dels.add(_show(inner))
            else:
                self.unknown(inner, ctx, clause)
        elif head == "forall":
            self.uses("conditional effects", f, ctx.name, clause)
            if len(f) != 3 or not isinstance(f[1], list):
                self.add(
                    Reason.PARSE_ERROR,
                    "forall takes (variables) and an effect",
                    f,
                    action=ctx.name,
                    clause=clause,
                )
                return
            inner_scope = dict(scope)
            inner_scope.update(self.typed_list(f[1], clause, action=ctx.name))
            self.effect(f[2], inner_scope, ctx, adds, dels, False)
        elif head == "when":
            self.uses("conditional effects", f, ctx.name, clause)
            if len(f) != 3:
                self.add(
                    Reason.PARSE_ERROR,
                    "when takes a condition and an effect",
                    f,
                    action=ctx.name,
                    clause=clause,
                )
                return
            self.condition(f[1], scope, ctx, "effect condition", False)
            self.effect(f[2], scope, ctx, adds, dels, False)
        elif head in NUMERIC_EFFECTS:
            self.uses("numeric fluents", f, ctx.name, clause)
            if len(f) != 3:
                self.add(
                    Reason.PARSE_ERROR,
                    f"'{head}' takes a function term and an expression: {_show(f)[:80]}",
                    f,
                    action=ctx.name,
                    clause=clause,
                    symbol=head,
                )
                return
            target = f[1]
            if not (isinstance(target, list) and target and isinstance(target[0], str)):
                self.add(
                    Reason.PARSE_ERROR,
                    f"'{head}' needs a function term such as (battery ?d) first, got "
                    f"{_show(target)} in {_show(f)}",
                    f,
                    action=ctx.name,
                    clause=clause,
                    symbol=head,
                )
            elif target[0] in self.functions:
                self.atom(target, self.functions, "function", scope, ctx, clause)
            elif target[0] in self.predicates:
                self.add(
                    Reason.UNKNOWN_PREDICATE,
                    f"'{head}' on the predicate '{target[0]}' in {_show(f)}: only functions "
                    "declared in (:functions …) have numeric values",
                    f,
                    action=ctx.name,
                    clause=clause,
                    symbol=target[0],
                )
            else:
                declared = ", ".join(self.functions) or "none"
                self.add(
                    Reason.UNKNOWN_PREDICATE,
                    f"'{head}' on the undeclared function '{target[0]}' in {_show(f)}; declare "
                    f"it in (:functions …) (declared functions: {declared})",
                    f,
                    action=ctx.name,
                    clause=clause,
                    symbol=target[0],
                )
            self.numeric(f[2], scope, ctx, clause, f)
        elif head in self.predicates:
            self.atom(f, self.predicates, "predicate", scope, ctx, clause)
            if top:
                adds.add(_show(f))
        else:
            self.unknown(f, ctx, clause)

    def check_requirements(self) -> None:
        for feature, (line, action, where) in self.features.items():
            flags = _NEEDS[feature]
            if any(f in self.requirements for f in flags):
                continue
            place = f"action '{action}', {where}" if action else where
            self.diags.append(
                Diagnostic(
                    "error",
                    "missing_requirement",
                    f"{feature} are used (first in {place}) but {flags[0]} is not in "
                    f"(:requirements …); add {flags[0]}",
                    line,
                    None,
                    ":requirements",
                    flags[0],
                )
            )


@dataclass(frozen=True, slots=True)
class _Ctx:
    name: str
    node: object


def _is_number(tok: str) -> bool:
    try:
        float(tok)
    except ValueError:
        return False
    return True


def check_domain(text: str) -> DomainCheck:
    """All diagnostics of a domain, and the parsed :class:`Domain` when it has no errors.

    Never raises: hostile text (empty, a problem, megabytes of parentheses) gets a diagnostic.
    """
    checker = _DomainChecker(text)
    try:
        checker.run()
    except _Stop:
        pass
    except RecursionError:
        checker.add(Reason.PARSE_ERROR, f"expression nested deeper than {MAX_DEPTH} levels")
    diags = tuple(checker.diags)
    if any(d.severity == "error" for d in diags):
        return DomainCheck(None, diags)
    try:
        domain = parse_domain(text)
    except PlanetariumError as exc:
        return DomainCheck(None, (*diags, Diagnostic("error", exc.reason.value, exc.message)))
    return DomainCheck(domain, diags)


def check_problem(problem_text: str, domain: str | Domain) -> tuple[Diagnostic, ...]:
    """Diagnostics of a problem against a domain (text or parsed); the domain's own first."""
    diags: tuple[Diagnostic, ...] = ()
    if isinstance(domain, str):
        found = check_domain(domain)
        diags = found.diagnostics
        if found.domain is None:
            return diags
        domain = found.domain
    try:
        parse_problem(problem_text, domain)
    except PlanetariumError as exc:
        return (*diags, Diagnostic("error", exc.reason.value, exc.message, clause="problem"))
    return diags


def extract_domain_text(text: object) -> str | None:
    r"""The text of the first ``(define (domain …))`` in ``text`` (prose and fences around it
    are skipped), or None if there is none.

    >>> extract_domain_text("Sure:\n```pddl\n(define (domain d) (:predicates (p)))\n```")
    '(define (domain d) (:predicates (p)))'
    """
    if not isinstance(text, str) or len(text) > MAX_DOMAIN_CHARS:
        return None
    m = _DOMAIN_START.search(text)
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
    return text[m.start() :]
