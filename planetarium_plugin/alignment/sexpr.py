"""Reading untrusted PDDL: bounded text, tolerant s-expressions, and the shared vocabulary of
the alignment renderers (connectives, comparisons, word forms of names).

Model output is hostile: :func:`clean_text` bounds and sanitises any input, :func:`_parse`
never raises on unbalanced or non-PDDL text, and every walk is bounded by :data:`MAX_ATOMS`.

>>> _parse("(on a b) (clear")
[['on', 'a', 'b'], ['clear']]
>>> _unparse(_find(_parse("(define (problem p) (:goal (and (on a b))))"), ":goal"))
'(:goal (and (on a b)))'
"""

from __future__ import annotations

import re
from collections.abc import Iterator

__all__ = ["MAX_ATOMS", "MAX_CHARS", "SExpr", "clean_text"]

#: Atoms rendered per section at most (more are dropped: bounded time on hostile input).
MAX_ATOMS = 400
#: Characters of any input read at most.
MAX_CHARS = 200_000

SExpr = str | list["SExpr"]

_TOKEN = re.compile(r"\(|\)|[^\s()]+")
_COMMENT = re.compile(r";[^\n]*")


def clean_text(text: str | bytes | None) -> str:
    """Input as bounded text: bytes decoded leniently, None as empty, control characters out."""
    if text is None:
        return ""
    if isinstance(text, bytes | bytearray):
        text = bytes(text[: MAX_CHARS * 4]).decode("utf-8", errors="replace")
    text = str(text)[:MAX_CHARS]
    return "".join(c if c.isprintable() or c in "\n\t" else " " for c in text)


def _parse(text: str) -> list[SExpr]:
    """All top-level s-expressions; unbalanced input is closed or skipped, never an error."""
    stack: list[list[SExpr]] = [[]]
    for tok in _TOKEN.findall(_COMMENT.sub(" ", text)):
        if tok == "(":
            if len(stack) > 64:  # absurd nesting: flatten instead of recursing later
                continue
            stack.append([])
        elif tok == ")":
            if len(stack) > 1:
                done = stack.pop()
                stack[-1].append(done)
        else:
            stack[-1].append(tok.lower())
    while len(stack) > 1:
        done = stack.pop()
        stack[-1].append(done)
    return stack[0]


def _words(name: str) -> str:
    return re.sub(r"[-_]+", " ", name).strip()


_COMPARE = {
    "=": "is",
    "<": "is less than",
    "<=": "is at most",
    ">": "is more than",
    ">=": "is at least",
}
_CONNECTIVES = {
    "and",
    "or",
    "not",
    "imply",
    "forall",
    "exists",
    "when",
    "increase",
    "decrease",
    "assign",
    "scale-up",
    "scale-down",
}


def _bounded(it: Iterator[str]) -> tuple[str, ...]:
    out = []
    for s in it:
        out.append(s)
        if len(out) >= MAX_ATOMS:
            break
    return tuple(out)


def _find(tree: list[SExpr], key: str) -> list[SExpr] | None:
    """The first list whose head is ``key`` (depth-first, bounded by the parse)."""
    todo = list(reversed(tree))
    while todo:
        x = todo.pop()
        if isinstance(x, list):
            if x and x[0] == key:
                return x
            todo.extend(reversed(x))
    return None


def _unparse(x: SExpr) -> str:
    return x if isinstance(x, str) else "(" + " ".join(_unparse(a) for a in x) + ")"
