"""A closing summary restates: it is not read for facts (issue 19).

Requests written the way chat models describe a planning problem end with a summary ("###
Summary", "To summarize: …", "In summary, …", "In short, …", "Restating briefly: …") that
restates the state and the goal loosely: "both calibrate on groundstation1" (a calibration
target, read as a goal image), "each car moving to the next port" (read as cars on the ferry at
the end), "with an empty hand" after the goal (read as a goal fact). Every fact it restates was
stated before it, so the reader skips it: its characters are blanked (offsets kept), from its
heading or opening words up to the next Markdown heading or the end of the text. Only a summary
that comes after the goal is stated counts as one; a text whose only goal is in its "summary"
keeps it.

>>> t = "b1 is on b2.\\nGoal: b2 on b1.\\n## Summary\\nSwap them, hand empty at the end."
>>> without_summary(t).rstrip()
'b1 is on b2.\\nGoal: b2 on b1.'
>>> len(without_summary(t)) == len(t)
True
>>> t = "Summary: b1 is on b2. Goal: b2 on b1."
>>> without_summary(t) == t
True
"""

from __future__ import annotations

import re

from .sections import sections

__all__ = ["without_summary"]

#: What opens a summary: a heading line ("## Summary", "Recap:", "TL;DR") or a sentence opening
#: with a summing-up phrase ("To summarize:", "In summary,", "In short,", "To sum up").
_OPENS = re.compile(
    r"(?im)(?:^[ \t]*#{1,6}[ \t]*|^[ \t]*\**|(?<=[.!?])[ \t]+)"
    r"(?:summary|recap|tl;?dr|to summari[sz]e|in summary|in short|to sum (?:it )?up|in sum"
    r"|summing up|all in all|overall summary|in brief|to restate"
    r"|restating(?: (?:it )?briefly)?)\b\**[ \t]*[:,.\-—\n]"
)
_HEADING = re.compile(r"(?m)^[ \t]*#{1,6}[ \t]")


def without_summary(text: str) -> str:
    """``text`` with each closing summary blanked (spaces; newlines and offsets kept)."""
    out, done = text, 0
    for m in _OPENS.finditer(text):
        start = m.start() + (len(m.group(0)) - len(m.group(0).lstrip()))
        if start < done or not any(name == "goal" for _, name in sections(text[:start])):
            continue  # inside one blanked already, or no goal stated yet: this one states it
        nxt = _HEADING.search(text, m.end())
        done = nxt.start() if nxt else len(text)
        out = out[:start] + re.sub(r"[^\n]", " ", text[start:done]) + out[done:]
    return out
