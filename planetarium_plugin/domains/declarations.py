"""Checks of a domain's declarations: requirements, types, constants, predicates, functions.

A mixin of the domain checker in :mod:`.check`; it also reports features used without the
requirement flag that allows them.
"""

from __future__ import annotations

from ..errors import Reason
from .diagnostics import Diagnostic
from .reader import _show

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

#: Features named in the singular ("typing is used").
_SINGULAR = frozenset({"typing", "equality"})


class _Declarations:
    """Reading the declaration sections of a domain (a mixin of the domain checker)."""

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
            declared = ", ".join(sorted(self.types))
            self.lenient(
                Reason.TYPING_MISMATCH,
                f"unknown type '{typ}' for '{name}' in {where}; declare it in (:types …) "
                f"(declared: {declared}); read as a subtype of object, as Fast Downward does",
                node,
                action=action,
                clause=where,
                symbol=typ,
            )
            self.types[typ] = "object"

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

    def check_requirements(self) -> None:
        for feature, (line, action, where) in self.features.items():
            flags = _NEEDS[feature]
            if any(f in self.requirements for f in flags):
                continue
            place = f"action '{action}', {where}" if action else where
            verb = "is" if feature in _SINGULAR else "are"
            self.diags.append(
                Diagnostic(
                    "error" if self.strict else "warning",
                    "missing_requirement",
                    f"{feature} {verb} used (first in {place}) but {flags[0]} is not in "
                    f"(:requirements …); add {flags[0]}",
                    line,
                    None,
                    ":requirements",
                    flags[0],
                )
            )
