"""The findings of a domain check: :class:`Diagnostic` and :class:`DomainCheck`.

Both are frozen results; :mod:`.check` produces them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Literal

from ..parsing import Domain

Severity = Literal["error", "warning"]


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
