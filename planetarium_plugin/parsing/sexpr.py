"""The bounded S-expression reader and the syntax helpers shared by domains and problems.

Iterative (no recursion, so no depth crash); nesting depth and numeric literals are bounded by
:class:`~.model.Limits` before any conversion.
"""

from __future__ import annotations

import functools
import re
from fractions import Fraction

from ..errors import PlanetariumError, Reason
from .model import DEFAULT_LIMITS, OBJECT, Limits  # noqa: F401 (DEFAULT_LIMITS: doctest)

_TOKEN = re.compile(r";[^\n]*|[()]|[^\s();]+")
_NUMBER_START = frozenset("0123456789+-.")


def _check_number(tok: str, limits: Limits) -> None:
    """Reject a numeric literal whose digits or exponent exceed ``limits`` (``too_large``).

    ``Fraction('1e999999999')`` would build a billion-digit integer: the bound is checked on
    the text, before any conversion.

    >>> _check_number("1e5000", DEFAULT_LIMITS)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    planetarium_plugin.errors.PlanetariumError: numeric literal '1e5000' is too large ...
    """
    mantissa, _, exponent = tok.partition("e")
    digits = sum(c.isdigit() for c in mantissa)
    if digits > limits.max_number_digits:
        raise PlanetariumError(
            Reason.TOO_LARGE,
            f"numeric literal of {digits} digits (limit {limits.max_number_digits})",
        )
    exp = exponent.lstrip("+-").lstrip("0")
    if exp.isdecimal() and (len(exp) > 6 or int(exp) > limits.max_number_exponent):
        shown = tok if len(tok) <= 40 else tok[:37] + "..."
        raise PlanetariumError(
            Reason.TOO_LARGE,
            f"numeric literal {shown!r} is too large (exponent over {limits.max_number_exponent})",
        )


_COMMENT = re.compile(r";[^\n]*")


def _tokens(text: str, start: int, max_digits: int) -> tuple[list[str], bool, bool]:
    """The tokens of ``text[start:]`` as :data:`_TOKEN` finds them, comments dropped; whether
    they are lower-cased already; and whether they are *plain*: lower-cased, no ``?`` to split
    at and no numeric literal to bound (see :func:`_checked_number`), so that only parentheses
    need a look. Comments are cut out and parentheses padded, then ``str.split`` does the rest
    at C speed (a regex scan was half of reading a problem); ASCII text is lower-cased in one go
    (other text token by token, so letter case maps exactly as before)."""
    rest = text[start:]
    if ";" in rest:
        rest = _COMMENT.sub("", rest)
    lowered = rest.isascii()
    plain = False
    if lowered:
        rest = rest.lower()
        plain = "?" not in rest and _checked_number(max_digits).search(rest) is None
    return rest.replace("(", " ( ").replace(")", " ) ").split(), lowered, plain


@functools.lru_cache(maxsize=8)
def _checked_number(max_digits: int) -> re.Pattern:
    """A token that :func:`_read` must bound-check: one starting like a number (ASCII) with an
    exponent or over ``max_digits`` characters (a token starts after whitespace or a parenthesis,
    as ``str.split`` on the padded text cuts it)."""
    return re.compile(rf"[0-9+\-.](?<![^\s()].)(?:[^\s()]*e|[^\s()]{{{max_digits}}})")


def _read(text: str, start: int, limits: Limits) -> list:
    """Read one balanced S-expression starting at ``text[start] == '('`` (iteratively)."""
    tokens, lowered, plain = _tokens(text, start, limits.max_number_digits)
    max_depth = limits.max_depth
    if plain:
        return _nest(tokens, max_depth)
    stack: list[list] = []
    cur: list | None = None
    for tok in tokens:
        if tok == "(":
            new: list = []
            if cur is not None:
                cur.append(new)
                stack.append(cur)
                if len(stack) >= max_depth:
                    raise PlanetariumError(
                        Reason.PARSE_ERROR,
                        f"expression nested deeper than {max_depth} levels",
                    )
            cur = new
        elif tok == ")":
            if cur is None:
                raise PlanetariumError(Reason.PARSE_ERROR, "unexpected ')'")
            if not stack:
                return cur
            cur = stack.pop()
        elif cur is None:
            raise PlanetariumError(Reason.PARSE_ERROR, f"expected '(' but found {tok!r}")
        else:
            if not lowered:
                tok = tok.lower()
            # Only a long literal or one with an exponent can exceed the bounds.
            if (tok[0] in _NUMBER_START or tok[0].isdigit()) and (
                "e" in tok or len(tok) > limits.max_number_digits
            ):
                _check_number(tok, limits)
            if "?" in tok[1:]:
                cur.extend(split_variables(tok))
            else:
                cur.append(tok)
    missing = len(stack) + (cur is not None)
    raise PlanetariumError(
        Reason.PARSE_ERROR, f"unbalanced parentheses: {missing} unclosed '(' at end of text"
    )


def _nest(tokens: list[str], max_depth: int) -> list:
    """:func:`_read`'s loop for tokens that need no checks: parentheses make the lists, every
    other token is a word as it stands (same lists, same errors)."""
    stack: list[list] = []
    cur: list | None = None
    for tok in tokens:
        if tok == "(":
            new: list = []
            if cur is not None:
                cur.append(new)
                stack.append(cur)
                if len(stack) >= max_depth:
                    raise PlanetariumError(
                        Reason.PARSE_ERROR,
                        f"expression nested deeper than {max_depth} levels",
                    )
            cur = new
        elif tok == ")":
            if cur is None:
                raise PlanetariumError(Reason.PARSE_ERROR, "unexpected ')'")
            if not stack:
                return cur
            cur = stack.pop()
        elif cur is None:
            raise PlanetariumError(Reason.PARSE_ERROR, f"expected '(' but found {tok!r}")
        else:
            cur.append(tok)
    missing = len(stack) + (cur is not None)
    raise PlanetariumError(
        Reason.PARSE_ERROR, f"unbalanced parentheses: {missing} unclosed '(' at end of text"
    )


def _definition_end(text: str, start: int) -> int:
    """End of the balanced expression opening at ``start`` (the end of text if unbalanced)."""
    depth = 0
    for tok in _TOKEN.finditer(text, start):
        if tok.group() == "(":
            depth += 1
        elif tok.group() == ")":
            depth -= 1
            if depth == 0:
                return tok.end()
    return len(text)


def split_variables(tok: str) -> list[str]:
    """Split a token at each ``?`` the way Fast Downward's tokenizer does: ``on?x?y`` reads as
    ``on ?x ?y`` (a space before every ``?``)."""
    parts = tok.replace("?", " ?").split()
    return parts or [tok]


def _line(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def pddl_after_definition(text: str, start: int, end: int) -> tuple[str, int, int] | None:
    """PDDL that goes on after the definition opened at ``start`` closed (at ``end``).

    Returns ``(what, line_closed, line_found)`` for a stray ``)`` or a ``(:section …`` /
    ``(:action …`` form after the close (up to the next ``(define``): the sign of a ``)`` that
    closed the definition early, which would otherwise make the rest of the text vanish. Prose
    after a complete definition (explanations, markdown fences) is not PDDL and returns None;
    a ``)`` counts only before the first word of prose.
    """
    if end <= start or end > len(text):
        return None
    prose = False
    tokens = _TOKEN.finditer(text, end)
    for m in tokens:
        tok = m.group()
        if tok[0] == ";":
            continue
        if tok == ")" and not prose:
            return ")", _line(text, end - 1), _line(text, m.start())
        if tok == "(":
            nxt = next(tokens, None)
            if nxt is None:
                return None
            word = nxt.group().lower()
            if word == "define":
                return None
            if word.startswith(":") and len(word) > 1:
                name = next(tokens, None)
                shown = name.group() if name is not None else ""
                head = f"({word} {shown}" if shown and shown not in "()" else f"({word}"
                return head, _line(text, end - 1), _line(text, m.start())
            prose = True
            continue
        prose = True
    return None


def _typed_list(items: list, where: str, allow_types: bool = True) -> list[tuple[str, str]]:
    """Parse ``a b - t c`` into ``[(a, t), (b, t), (c, object)]``."""
    out: list[tuple[str, str]] = []
    pending: list[str] = []
    i = 0
    while i < len(items):
        tok = items[i]
        if not isinstance(tok, str):
            raise PlanetariumError(Reason.PARSE_ERROR, f"unexpected list in {where}: {_show(tok)}")
        if tok == "-":
            if i + 1 >= len(items) or not isinstance(items[i + 1], str):
                if i + 1 < len(items) and items[i + 1] and items[i + 1][0] == "either":
                    raise PlanetariumError(
                        Reason.UNSUPPORTED, f"'either' types are not supported ({where})"
                    )
                raise PlanetariumError(Reason.PARSE_ERROR, f"'-' without a type in {where}")
            if not pending:
                raise PlanetariumError(Reason.PARSE_ERROR, f"type without names in {where}")
            typ = items[i + 1]
            out.extend((name, typ) for name in pending)
            pending = []
            i += 2
            continue
        pending.append(tok)
        i += 1
    out.extend((name, OBJECT) for name in pending)
    return out


def _show(expr: object) -> str:
    if isinstance(expr, list):
        return "(" + " ".join(_show(e) for e in expr) + ")"
    return str(expr)


def _number(tok: object) -> Fraction | None:
    if isinstance(tok, str) and tok and (tok[0].isdigit() or tok[0] in "-+."):
        return _fraction(tok)
    return None


@functools.lru_cache(maxsize=4096)
def _fraction(tok: str) -> Fraction | None:
    """``Fraction(tok)``, memoised: numeric problems repeat the same literals (distances,
    capacities) across a batch, and parsing one with ``Fraction``'s regex is the costliest step
    of reading a numeric fact. Fractions are immutable; literals were bounded when read."""
    try:
        return Fraction(tok)
    except (ValueError, ZeroDivisionError):
        return None


def _flatten_and(expr: object, where: str) -> list:
    """Flatten nested ``(and …)`` into a list of conjuncts."""
    out: list = []
    todo = [expr]
    while todo:
        e = todo.pop()
        if isinstance(e, list) and e and e[0] == "and":
            todo.extend(reversed(e[1:]))
        elif isinstance(e, list) and not e:
            continue
        elif isinstance(e, list):
            out.append(e)
        else:
            raise PlanetariumError(Reason.PARSE_ERROR, f"expected a literal in {where}, got {e!r}")
    return out


def _sections(
    expr: list, kind: str, repeatable: frozenset[str] = frozenset()
) -> tuple[str, dict[str, list]]:
    if len(expr) < 2 or expr[0] != "define":
        raise PlanetariumError(Reason.PARSE_ERROR, f"expected (define ({kind} NAME) …)")
    head = expr[1]
    if not (isinstance(head, list) and len(head) == 2 and head[0] == kind):
        raise PlanetariumError(Reason.PARSE_ERROR, f"expected ({kind} NAME) after define")
    name = head[1]
    if not isinstance(name, str):
        raise PlanetariumError(Reason.PARSE_ERROR, f"{kind} name must be a symbol")
    sections: dict[str, list] = {}
    for sec in expr[2:]:
        if not (isinstance(sec, list) and sec and isinstance(sec[0], str)):
            raise PlanetariumError(Reason.PARSE_ERROR, f"unexpected element {_show(sec)}")
        key = sec[0]
        if key in repeatable:
            sections.setdefault(key, []).append(sec[1:])
            continue
        if key in sections:
            raise PlanetariumError(Reason.PARSE_ERROR, f"section {key} appears more than once")
        sections[key] = sec[1:]
    return name, sections
