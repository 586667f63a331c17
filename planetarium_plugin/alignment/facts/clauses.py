"""Sections and clauses: where the init ends and the goal starts, and one fact per clause.

Sections (init, goal, in any order; :mod:`.sections`): a sentence cut by a section cue falls in
two sections; a text with no goal cue states facts whose section is unknown (``any``).

Clauses: a sentence is cut at commas, semicolons, "and", "while", "but", list bullets; a piece
that only names objects ("b1, b2 and b3 are clear") joins the next piece as a list, so the
shared predicate phrase is distributed over the list; a piece with no object inherits the
previous subject ("b1 is on the table and clear") or stands alone ("the hand is empty").

>>> from planetarium_plugin.alignment.facts.world import read_world
>>> w = read_world("(define (problem p) (:domain d) (:objects b1 b2 b3) (:init) (:goal (and)))")
>>> [(c.section, c.template, [[m.objects for m in s] for s in c.slots])
...  for c in split_clauses("b1, b2 and b3 are clear. Goal: b1 on b2.", w)]
[('init', 'X are clear', [[('b1',), ('b2',), ('b3',)]]), ('goal', 'X on Y', [[('b1',)], [('b2',)]])]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .mentions import Mention, Token, find_mentions, tokenize
from .sections import (
    _CUES,
    _IMPERATIVES,
    _INIT_CUES,
    _SEPARATORS,
    _sentences,
    clause_cuts,
    goal_start,
    section_at,
    sections,
    vocabulary_words,
)
from .world import PLACEHOLDERS, World, wordset

__all__ = ["Clause", "goal_start", "section_at", "sections", "split_clauses"]

_FILLER = wordset(
    "the a an both also too as well so that there then now just furthermore moreover "
    "finally additionally - * • is are have be my your our i we goal goals want like it "
    "will would should must need needs respectively"
)
_RELATIVE = {"which", "who", "that", "whose", "where"}
#: First words of a piece that has its own subject (so it does not inherit the previous one).
_OWN_SUBJECT = wordset(
    "the a an my your our their his her it i we you he she nothing none no there this that "
    "robot hand arm gripper"
)
_PLURAL_PRONOUNS = {"they", "them", "all", "both", "each", "these", "those"}


@dataclass(frozen=True)
class Clause:
    """One fact-stating piece of text: its object slots (each a list of mentions) in text order,
    the text with slot i replaced by ``PLACEHOLDERS[i]``, and its section."""

    start: int
    end: int
    text: str
    template: str
    slots: tuple[tuple[Mention, ...], ...]
    section: str  # init | goal | any
    inherited: bool = False  # the subject came from the previous clause
    direct: str | None = None  # a predicate named in the text: "on(b1, b2)", "(on b1 b2)"


def _content(tokens: list[Token]) -> list[Token]:
    return [
        t
        for t in tokens
        if t.text.isalpha()
        and t.text not in _FILLER
        and t.text not in _IMPERATIVES
        and t.text not in _CUE_WORDS
    ]


#: A dash between words ends a clause ("b3 on b4 - the rest doesn't matter").
_DASH = re.compile(r"\s[-\u2013\u2014]+\s")
_SECTION_WORDS = wordset(
    "init initial initially state start facts now current currently setup situation wanted "
    "desired final layout"
)
_RECIPROCAL = re.compile(r"\b(?:each other|one another)\b", re.I)
_CUE_WORDS = wordset(
    "could can you please love if need want wanted goal target objective task end finally "
    "done when we re let us me ll d i m s"
)
_VERBS_S = wordset(
    "has is was does goes lies sits rests stands holds carries contains remains stays "
    "supports sees needs wants keeps makes gets"
)
#: First words after which a piece with objects still says something of the previous subject
#: ("r1 is at t1 and has black"): not these.
_NO_INHERIT = _OWN_SUBJECT | _CUE_WORDS | _IMPERATIVES | wordset("both all each every and or")
_CALL = re.compile(
    r"\(?\s*([A-Za-z][\w\-]*)\s*\(([^()]*)\)|\(\s*([A-Za-z][\w\-]*)((?:\s+[\w\-]+)*)\s*\)"
)


def _norm(name: str) -> str:
    return re.sub(r"[\W_]+", "", name.lower())


def _calls(text: str, world: World) -> list[tuple[int, int, str, list[tuple[int, int, str]]]]:
    """Predicates named in the text with their arguments: ``on(b1, b2)`` or ``(on b1 b2)``."""
    preds = {_norm(n): n for n in world.predicates}
    objs = {o.lower(): o for o in world.objects}
    out = []
    for m in _CALL.finditer(text):
        name = m.group(1) or m.group(3)
        argtext, base = (m.group(2), m.start(2)) if m.group(1) else (m.group(4) or "", m.start(4))
        if name is None or _norm(name) not in preds:
            continue
        pred = world.predicates[preds[_norm(name)]]
        args = [
            (base + a.start(), base + a.end(), a.group(0).lower())
            for a in re.finditer(r"[\w\-]+", argtext)
        ]
        if len(args) != pred.arity or any(a[2] not in objs for a in args):
            continue
        out.append((m.start(), m.end(), pred.name, args))
    return out


def split_clauses(text: str, world: World, mentions: list[Mention] | None = None) -> list[Clause]:
    """The clauses of ``text``, left to right, with resolved object slots."""
    calls = _calls(text, world)
    direct: list[tuple[int, Clause]] = []
    if calls:
        chars = list(text)
        for start, end, name, args in calls:
            slots = [[Mention(a, b, text[a:b], (o,), False, 1.0, -1, -1)] for a, b, o in args]
            direct.append(
                (
                    start,
                    Clause(
                        start,
                        end,
                        text[start:end],
                        name,
                        tuple(tuple(x) for x in slots),
                        "any",
                        False,
                        name,
                    ),
                )
            )
            chars[start:end] = " " * (end - start)
        masked = "".join(chars)
    else:
        masked = text
    out = _split(masked, text, world, mentions if not calls else None)
    if direct:
        secs = sections(masked, vocabulary_words(world), world.verbs)
        for start, c in direct:
            sec = section_at(secs, start)
            out.append(Clause(c.start, c.end, c.text, c.template, c.slots, sec, False, c.direct))
        out.sort(key=lambda c: c.start)
    return out


def _split(text: str, original: str, world: World, mentions: list[Mention] | None) -> list[Clause]:
    text = _DASH.sub(lambda m: " ;" + " " * (len(m.group(0)) - 2), text)  # same offsets
    toks = tokenize(text)
    ments = mentions if mentions is not None else find_mentions(text, world, toks)
    by_tok = {}
    for m in ments:
        for k in range(m.first_token, m.last_token + 1):
            by_tok[k] = m
    secs = clause_cuts(sections(text, vocabulary_words(world), world.verbs), text, toks, by_tok)
    nouns = frozenset(world.classes) | world.type_preds
    out: list[Clause] = []
    for s, e in _sentences(text):
        idx = [k for k, t in enumerate(toks) if s <= t.start < e]
        # a sentence cut by a section cue falls in two sections
        parts: list[list[int]] = [idx]
        for cut, _ in secs:
            if s < cut < e:
                last = parts.pop()
                parts += [
                    [k for k in last if toks[k].start < cut],
                    [k for k in last if toks[k].start >= cut],
                ]
        for part in parts:
            if not part:
                continue
            first = toks[part[0]].start
            sec = section_at(secs, first)
            g = max((o for o, name in secs if name == "goal" and o <= first), default=first)
            piece = text[first : toks[part[-1]].end]
            if sec == "goal" and first > g and _INIT_CUES.search(piece) and not _CUES.search(piece):
                sec = "init"  # "Move b1 to r2. The robot starts in r1, …": the init after it
            out += _clauses_of(original, toks, part, by_tok, sec, nouns)
    return out


def _clauses_of(
    text: str,
    toks: list[Token],
    idx: list[int],
    by_tok: dict,
    section: str,
    nouns: frozenset[str] = frozenset(),
) -> list[Clause]:
    segments: list[list[int]] = [[]]
    ends: list[str] = []  # the separator that ends each segment
    for n, k in enumerate(idx):
        key_value = (  # "b1: r1" at the start of a line is one fact, not a header
            toks[k].text == ":"
            and len(segments) == 1
            and n > 0
            and idx[n - 1] in by_tok
            and all(j in by_tok for j in segments[0])
            and n + 1 < len(idx)
        )
        if toks[k].text in _SEPARATORS and k not in by_tok and not key_value:
            ends.append(toks[k].text)
            segments.append([])
        else:
            segments[-1].append(k)
    ends.append(".")
    pairs = [(sg, e) for sg, e in zip(segments, ends, strict=True) if sg]
    out: list[Clause] = []
    pending: list[Mention] = []
    prev_subject: tuple[Mention, ...] = ()
    prev_last: tuple[Mention, ...] = ()
    prev_plural: tuple[Mention, ...] = ()
    header: tuple[int, int] | None = None  # "Objects:" / "Clear:" before a list
    for sg, sep in pairs:
        ms: list[Mention] = []
        for k in sg:
            m = by_tok.get(k)
            if m is not None and (not ms or ms[-1] is not m):
                ms.append(m)
        rest = [toks[k] for k in sg if k not in by_tok]
        if sep == ":" and (pending or (len(ms) == 1 and not _content(rest))):
            pending = []  # "Blocks b1, b2, b3: …": a list introducing the objects
            continue
        if len(ms) == 1 and (
            not _content(rest)
            or all(
                t.end <= ms[0].start
                and t.text.endswith("s")
                and not t.text.endswith("ss")
                and t.text not in _VERBS_S
                for t in _content(rest)
            )
        ):
            pending += ms  # a bare list item: it joins the next piece
            continue
        if not ms and sep == ":":
            own = [t for t in rest if t.text not in _SECTION_WORDS]
            header = (toks[sg[0]].start, toks[sg[-1]].end) if _content(own) else None
            continue
        slots: list[list[Mention]] = [[m] for m in ms]
        inherited = False
        words = {t.text for t in rest}
        start = toks[sg[0]].start
        first = toks[sg[0]].text
        if pending:
            head = [t for k in sg if k not in by_tok and ms and (t := toks[k]).end <= ms[0].start]
            if any(t.text not in nouns and t.text.rstrip("s") not in nouns for t in _content(head)):
                # "the top row, t1, t2 and t3, painted black": the list is the subject of
                # words that follow it, not one more item of the piece's first object
                slots = [list(pending), *slots]
            elif slots:
                slots[0] = pending + slots[0]
            else:
                slots = [list(pending)]
            start = min(start, pending[0].start)
            pending = []
        elif (
            (not slots and first not in _OWN_SUBJECT)
            or first in _RELATIVE
            or (slots and sg[0] not in by_tok and first.isalpha() and first not in _NO_INHERIT)
        ):
            ref = (
                prev_plural
                if words & _PLURAL_PRONOUNS and prev_plural
                else (prev_last if first in _RELATIVE else prev_subject)
            )
            if ref:
                slots = [list(ref), *slots]
                inherited = True
        end = toks[sg[-1]].end
        if header is not None and not _content(rest):
            out.append(_headed(text, header, start, end, slots, section))
        else:
            out += _chain(text, start, end, slots, section, inherited)
        if slots:
            prev_subject = tuple(slots[0])
            prev_last = tuple(slots[-1])
            if len(slots[0]) > 1 or any(m.plural for m in slots[0]):
                prev_plural = tuple(slots[0])
        if sep == ":" and ms:
            header = None
    if pending:  # a trailing list: after a header ("Clear: b1, b2 and b3") or the last clause
        if header is not None and not _content(rest):
            out.append(_headed(text, header, pending[0].start, pending[-1].end, [pending], section))
        elif out and out[-1].slots and len(out[-1].slots) > 1:
            c = out[-1]
            slots = [list(s) for s in c.slots]
            slots[-1] += pending
            end = max(c.end, pending[-1].end, toks[idx[-1]].end)  # "… respectively." included
            out[-1] = _make(text, c.start, end, slots, section, c.inherited)
        else:  # "There are three blocks, a, b and c": a list that states no fact
            start = out[-1].start if out and not out[-1].slots else pending[0].start
            if out and not out[-1].slots:
                out.pop()
            out.append(_make(text, start, pending[-1].end, [pending], section, False))
    return out


def _headed(
    text: str,
    header: tuple[int, int],
    start: int,
    end: int,
    slots: list[list[Mention]],
    section: str,
) -> Clause:
    """A list under a header ("Clear: b1, b2"): the header's words belong to every item."""
    c = _make(text, start, end, slots, section, False)
    head = text[header[0] : header[1]]
    return Clause(c.start, c.end, c.text, f"{head}: {c.template}", c.slots, section, False)


def _chain(
    text: str, start: int, end: int, slots: list[list[Mention]], section: str, inherited: bool
) -> list[Clause]:
    """ "c on b on a": the same words between each pair of objects state a chain of facts;
    "a and b see each other": both directions."""
    piece = text[start:end]
    recip = _RECIPROCAL.search(piece)
    if recip and len(slots) == 1 and len(slots[0]) == 2:
        a, b = slots[0]
        c = _make(text, start, end, [[a], [b]], section, inherited)
        tpl = _RECIPROCAL.sub("Y", re.sub(r"\bX\b,? and Y\b", "X", c.template))
        return [
            Clause(c.start, c.end, c.text, tpl, ((a,), (b,)), section, inherited),
            Clause(c.start, c.end, c.text, tpl, ((b,), (a,)), section, inherited),
        ]
    if len(slots) >= 3 and all(len(s) == 1 for s in slots):
        gaps = [
            text[slots[i][0].end : slots[i + 1][0].start].strip().lower()
            for i in range(len(slots) - 1)
        ]
        if gaps[0] and re.search(r"[a-z]", gaps[0]) and len(set(gaps)) == 1:
            return [
                _make(
                    text,
                    slots[i][0].start,
                    slots[i + 1][0].end,
                    [slots[i], slots[i + 1]],
                    section,
                    False,
                )
                for i in range(len(slots) - 1)
            ]
    return [_make(text, start, end, slots, section, inherited)]


def _make(
    text: str, start: int, end: int, slots: list[list[Mention]], section: str, inherited: bool
) -> Clause:
    piece = text[start:end]
    slots = slots[: len(PLACEHOLDERS)]
    spans: list[tuple[int, int, str]] = []
    for i, slot in enumerate(slots[: len(PLACEHOLDERS)]):
        for m in slot:
            if start <= m.start and m.end <= end:
                spans.append((m.start - start, m.end - start, PLACEHOLDERS[i]))
    tpl = piece
    if spans and spans[0][2] == PLACEHOLDERS[0]:
        pass
    for a, b, ph in sorted(spans, reverse=True):
        tpl = tpl[:a] + ph + tpl[b:]
    if inherited and slots:
        tpl = f"{PLACEHOLDERS[0]} {tpl}"
    for ph in PLACEHOLDERS:  # "X, X and X" -> "X"
        tpl = re.sub(rf"\b{ph}(?:\s*(?:,|and|&|\+|or)\s*{ph}\b)+", ph, tpl)
    first = min((tpl.find(ph) for ph in PLACEHOLDERS if ph in tpl), default=-1)
    cues = list(_CUES.finditer(tpl[:first] if first >= 0 else tpl))
    cue = cues[-1] if cues else None
    if cue is not None and first >= 0:  # "My goal is to have that X is on Y" -> "X is on Y"
        tpl = re.sub(r"^(?:\s|is|are|to|be|have|that|the|:|,)*", "", tpl[cue.end() :], flags=re.I)
        tpl = tpl if tpl.startswith(PLACEHOLDERS) else re.sub(r"^\W+", "", tpl)
    tpl = re.sub(r"\s*@\s*", " at ", tpl).replace("w/", "with ")
    tpl = re.sub(r"\s+", " ", tpl).strip(" ,.;:!?-*()")
    return Clause(start, end, piece, tpl, tuple(tuple(s) for s in slots), section, inherited)
