"""Goals stated abstractly ("take the tower apart so every block stands on the table"): judged
against the pack's own abstract wordings of the problem's goal (``describe_goal``).

Only goal atoms the fact reading left unstated are judged this way, and only when a goal
sentence of the text reads like one of the pack's wordings (cosine at least
:data:`MIN_COSINE`) with the same numbers ("3 towers" is not "one tower", which the encoder
barely sees). A match waives the unstated-goal cost (a weaker one, from :data:`FLOOR`, shrinks it in
proportion); it never hides a conflict.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..encoder import Encoder
from .explain import FactMatch
from .sections import _sentences, section_at, sections

__all__ = ["abstract_matches"]

#: A goal sentence this close to one of the pack's wordings is judged by it (the unstated-goal
#: cost waived); from FLOOR up the cost shrinks in proportion.
MIN_COSINE = 0.75
FLOOR = 0.5
_NUMBER = re.compile(r"\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|single)\b", re.I)
_WORDS = {"one": "1", "single": "1", "two": "2", "three": "3", "four": "4", "five": "5",
          "six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10"}  # fmt: skip


def _numbers(text: str) -> set[str]:
    return {_WORDS.get(m.lower(), m) for m in _NUMBER.findall(text)}


def abstract_matches(enc: Encoder, text: str, described: Sequence[str]) -> tuple[FactMatch, ...]:
    """The text's goal sentences that say what one of ``described`` says, best first."""
    if not described:
        return ()
    secs = sections(text)
    spans = []
    for s, e in _sentences(text):
        cuts = sorted({s, *(o for o, _ in secs if s < o < e)})
        spans += [
            (a, b)
            for a, b in zip(cuts, [*cuts[1:], e], strict=True)
            if section_at(secs, a) in ("goal", "any")
        ]
    sents = [(s, e, text[s:e].strip()) for s, e in spans if text[s:e].strip()]
    if not sents:
        return ()
    vecs = enc.embed([x for _, _, x in sents] + list(described))
    out = []
    for i, (s, e, sent) in enumerate(sents):
        best, which = 0.0, ""
        for j, d in enumerate(described):
            cos = float(vecs[i] @ vecs[len(sents) + j])
            mine = _numbers(sent)
            if mine and not mine <= _numbers(d) | {"1"}:
                continue  # a count the description does not share
            if cos > best:
                best, which = cos, d
        if best >= FLOOR:
            out.append(FactMatch(which, sent, s, e, round(best, 4)))
    return tuple(sorted(out, key=lambda f: -f.confidence))
