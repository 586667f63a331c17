"""What a trainer passes: completions (text, conversations, toolkit objects) and dataset columns.

Everything here turns one sample's inputs into what the scorer reads, or into an early zero
reward with the reason the text route would give.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .values import RewardResult

__all__ = ["MAX_CHARS", "completion_text"]

#: Completions longer than this are not scored (reward 0, reason ``too_long``).
MAX_CHARS = 200_000


def completion_text(completion: Any) -> str | None:
    """The text of a completion: a string, or a conversation (list of message dicts).

    For a conversation the assistant messages' contents are joined (TRL passes a list with one
    assistant message); multi-part contents keep their text parts. Anything else gives None.

    >>> completion_text([{"role": "assistant", "content": "(define ...)"}])
    '(define ...)'
    >>> completion_text(b"(define \\xff")
    '(define \ufffd'
    >>> completion_text(42) is None
    True
    """
    if isinstance(completion, str):
        return completion
    if isinstance(completion, bytes | bytearray):
        return bytes(completion).decode("utf-8", errors="replace")
    if isinstance(completion, dict):
        completion = [completion]
    if isinstance(completion, list | tuple):
        parts: list[str] = []
        messages = [m for m in completion if isinstance(m, dict)]
        assistant = [m for m in messages if m.get("role", "assistant") == "assistant"]
        for m in assistant or messages[-1:]:
            content = m.get("content")
            if isinstance(content, str):
                parts.append(content)
            elif isinstance(content, list):
                parts.extend(
                    p["text"]
                    for p in content
                    if isinstance(p, dict) and isinstance(p.get("text"), str)
                )
        return "\n".join(parts) if parts else (None if not messages else "")
    return None


def _completion(completion: Any) -> Any:
    """A completion's text; a unified-planning or ``pddl`` problem as it is (converted later)."""
    from ..interop import toolkit_kind

    return completion if toolkit_kind(completion) else completion_text(completion)


def _toolkit_inputs(text: Any, gt: Any, dom: Any) -> tuple[RewardResult | None, tuple]:
    """unified-planning / ``pddl`` objects among one sample's inputs as PDDL text (the domain
    taken from the ground truth or the completion when the column has none); a refused
    conversion is a zero reward with the reason the text route gives for unreadable input."""
    from ..errors import PlanetariumError
    from ..interop import pddl_inputs, toolkit_kind

    if not any(toolkit_kind(x) for x in (text, gt, dom)):
        return None, (text, gt, dom)
    dom, (gt, text) = pddl_inputs(dom, gt, text)
    for value, reason, who in (
        (dom, None, "domain"),
        (gt, "ground_truth_invalid", "ground truth"),
        (text, None, "candidate"),
    ):
        if isinstance(value, PlanetariumError):
            why = reason or value.reason.value
            early = RewardResult(0.0, why, {"reason": why, "message": f"{who}: {value.message}"})
            return early, (text, gt, dom)
    return None, (text, gt, dom)


def _column(columns: dict[str, Any], names: Sequence[str], n: int, default: Any = None) -> list:
    """A dataset column for ``n`` samples; one value (text, a flag, a toolkit object such as
    a ``pddl.core.Domain``) stands for the whole batch."""
    from ..interop import toolkit_kind

    for name in names:
        value = columns.get(name)
        if value is None:
            continue
        if isinstance(value, str | bool | int | float) or toolkit_kind(value):
            return [value] * n
        value = list(value)
        if len(value) == n:
            return value
        return [default] * n  # a column of the wrong length: every sample gets bad_record
    return [default] * n
