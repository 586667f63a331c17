"""Line-aware reading of untrusted domain text: size bounds and an iterative S-expression reader.

The reader keeps the line each list starts on (for diagnostics) and names unbalanced
parentheses instead of recursing, so hostile nesting cannot exhaust the stack.
"""

from __future__ import annotations

import bisect
import re

from ..errors import PlanetariumError, Reason
from ..parsing.sexpr import split_variables

#: Bounds on untrusted domain text, checked before any heavy work.
MAX_DOMAIN_CHARS = 1_000_000
MAX_ACTIONS = 1_000
MAX_DEPTH = 64

_TOKEN = re.compile(r";[^\n]*|[()]|[^\s();]+")
_DOMAIN_START = re.compile(r"\(\s*define\s*\(\s*domain\b", re.IGNORECASE)
_PROBLEM_START = re.compile(r"\(\s*define\s*\(\s*problem\b", re.IGNORECASE)


class _L(list):
    """A list node of the S-expression that remembers the line it starts on."""

    line = 0


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
        self.end = len(text)  # where the expression read last closed
        #: (line, token) of each token with a '?' inside, split as Fast Downward does
        self.split: list[tuple[int, str]] = []

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
                    self.end = m.end()
                    return cur
                cur = stack.pop()
            elif tok[0] == ";":
                continue
            elif cur is not None:
                tok = tok.lower()
                if "?" in tok[1:]:
                    self.split.append((self.line(m.start()), tok))
                    cur.extend(split_variables(tok))
                else:
                    cur.append(tok)
        assert cur is not None
        head = " ".join(x if isinstance(x, str) else "(…)" for x in cur[:3])
        raise _located(
            f"unbalanced parentheses: {len(stack) + 1} '(' never closed; the innermost one opens "
            f"at line {cur.line}: ({head} …; add the missing ')'",
            cur.line,
        )
