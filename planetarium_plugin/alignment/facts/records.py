"""Records: a line that names one object, a colon, and what holds of it, piece by piece
(issue 19): "instr0: on board sat0; supports thermograph; calibration target star0", "Robot bot:
on b2, color green", "alice: at the shed".

Notes, logs and bullet lists describe the world object by object. The clause reader reads the
first piece after the colon as said of the key, but not the pieces after it ("calibration target
star0" is a name with no verb; ", color green" joins the piece before as one more object). A
careful reader reads every piece of such a line as a fact of the key: "X <piece>", the key's
subject fixed by the syntax (``attached``). A piece is left to the clause reader when it has a
subject of its own — it opens with an object ("b2 is clear") or with a pronoun or determiner
("its left gripper g1 is free", "the lid is shut") — or names no object ("not calibrated",
already said of the key by the clause reader), or is a relation of its own ("with c on top of
it"). Objects a piece joins by "and" are one list slot ("supports thermograph and
spectrograph"). The line is read up to its first sentence end or colon; a word before the key
must name the key's class ("Robot bot:"), so "In room1: …" stays a place heading a list
(:mod:`.placed_lists`).

>>> from planetarium_plugin.alignment.facts.reading import Reading
>>> from planetarium_plugin.alignment.facts.world import read_world
>>> w = read_world("(define (problem p) (:domain d) (:objects bot - robot b2 - tile"
...                " green - color) (:init) (:goal (and)))")
>>> [(c.template, [[m.objects[0] for m in s] for s in c.slots])
...  for c in record_clauses(Reading.of("Robot bot: on b2, color green", w), [])]
[('X on Y', [['bot'], ['b2']]), ('X color Y', [['bot'], ['green']])]
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from .clauses import Clause
from .reading import Reading
from .relative import _BACK, _OPEN
from .sections import section_at
from .templates import _make
from .world import wordset

__all__ = ["record_clauses"]

#: A line that opens with a key: an optional bullet, at most one word (the key's class: "Robot
#: bot:"), the key's name, a colon, the line's body (read up to its first sentence end).
_LINE = re.compile(
    r"^[ \t]*(?:[-*\u2022][ \t]*)?(?:(?P<cls>[A-Za-z]+)[ \t]+)?(?P<key>[^\s:,;.]+)[ \t]*:"
    r"(?P<body>[^\n]*)$",
    re.M,
)
#: Pieces of a body: cut at semicolons and commas outside parentheses.
_CUT = re.compile(r";|,(?![^()]*\))")
_STOP = re.compile(r"[.!?](?=\s|$)|:")
#: First words of a piece with a subject of its own.
_OWN = wordset(
    "its it his her their they the a an this that these those both all each every no nothing "
    "none there we i you my our your"
)
_JOIN = re.compile(r"^\s*(?:,|and|&|or|, and)\s*$", re.I)


def _relative(piece: str) -> bool:
    """ "with block C on top of it": a relation of its own (:func:`.relative.with_clauses`)."""
    words = piece.strip().lower()
    return words.startswith("with ") and bool(_BACK.search(words) or _OPEN.search(words))


def _pieces(body: str, at: int) -> list[tuple[int, int]]:
    out, start = [], 0
    for m in [*_CUT.finditer(body), None]:
        end = m.start() if m else len(body)
        piece = body[start:end]
        lead = len(piece) - len(piece.lstrip())
        if piece.strip(" .!?"):
            out.append((at + start + lead, at + start + len(piece.rstrip(" .!?"))))
        start = m.end() if m else len(body)
    return out


def record_clauses(reading: Reading, clauses: Sequence[Clause]) -> list[Clause]:
    """``clauses`` with every piece of a record line read as a fact of its key (and the
    clauses that misread those pieces dropped)."""
    text, world = reading.text, reading.world
    ms = list(reading.mentions)
    added: list[Clause] = []
    spans: list[tuple[int, int]] = []
    for line in _LINE.finditer(text):
        key = [m for m in ms if line.start("key") <= m.start < line.end("key")]
        if len(key) != 1 or len(key[0].objects) != 1 or key[0].plural:
            continue
        cls = (line["cls"] or "").lower()
        if cls and key[0].start >= line.start("key") and cls.rstrip("s") not in world.classes:
            continue  # "In room1: …" is a place heading its list (:mod:`.placed_lists`)
        body = line["body"]
        end = _STOP.search(body)  # a record is one sentence: "… star0. Not powered on."
        for a, b in _pieces(body[: end.start() if end else len(body)], line.start("body")):
            inside = [m for m in ms if a <= m.start and m.end <= b]
            first = text[a:b].split()[0].lower()
            if not inside or inside[0].start == a or first in _OWN or _relative(text[a:b]):
                continue
            slots = [[inside[0]]]
            for m in inside[1:]:
                if _JOIN.match(text[slots[-1][-1].end : m.start]):
                    slots[-1].append(m)
                else:
                    slots.append([m])
            c = _make(text, a, b, [[key[0]], *slots], section_at(list(reading.sections), a), True)
            added.append(dataclasses.replace(c, attached=True))
            spans.append((a, b))
    if not added:
        return list(clauses)
    kept = [c for c in clauses if not any(a <= c.start and c.end <= b + 1 for a, b in spans)]
    return sorted([*kept, *added], key=lambda c: c.start)
