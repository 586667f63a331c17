"""Clause templates: a clause's text with its object slots replaced by placeholders, and the
clause shapes that state several facts at once (issue 19).

``_make`` turns a span and its slots into a :class:`Clause` ("b1, b2 and b3 are clear" ->
"X are clear"; a goal cue before the first object is dropped; a plural pronoun standing for the
first slot becomes X: "they all need to go to Y" -> "X need to go to Y"); ``_chain`` reads "c on
b on a" as two facts and "a and b see each other" both ways; ``_headed`` reads a list under a
header ("Clear: b1, b2"); ``_extend`` adds a list that ends after its clause ("… above t4, t5 and
t6 respectively, …").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .mentions import Mention, Token
from .sections import _CUES
from .world import PLACEHOLDERS

__all__ = ["Clause"]

_PRONOUN = re.compile(
    r"\b(?:they|them|these|those|(?:each|both|all) of (?:them|these|those)|both|all)\b"
    r"(?:\s+(?:all|both|two|three|four|five|six))?",
    re.I,
)
_RECIPROCAL = re.compile(r"\b(?:each other|one another)\b", re.I)
#: The words of an elliptic clause: "as does b1", "so do b3 and b4", "as is b2", "and neither
#: is b2" (after "b1 is not clear": the negation is repeated with the clause).
_DENIAL = re.compile(r"\b(?:not|cannot|never|no)\b|n't\b", re.I)
_ELLIPSIS = re.compile(
    r"^(?:just |and )?(?:as|so|neither|nor) "
    r"(?:does|do|is|are|was|were|did|can|could|will|would|has|have)(?: the| a| an)?(?: and)*$"
)


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
    #: the piece is a "with" or participle phrase cut from a clause that relates its own subject
    #: to a place ("r1 is on t5 with white"): the inherited subject is fixed by the syntax
    attached: bool = False


def _respective(rest: list[Token]) -> bool:
    words = " ".join(t.text for t in rest)
    return "respectively" in words or "in that order" in words


def _undenied(m: re.Match[str]) -> str:
    return "can" if m.group(0).lower() == "cannot" else ""  # "cannot" -> "can", "not" -> ""


def _elided(out: list[Clause], said: str) -> Clause | None:
    """The clause an elliptic piece repeats for its object ("as does b1": the previous one;
    "…, and neither is cont-a": the last denial, not an aside between, "(h2 is there)")."""
    if not _ELLIPSIS.match(said):
        return None
    if said.split()[0] in ("neither", "nor") or said.startswith("and n"):
        return next((c for c in reversed(out) if c.slots and _DENIAL.search(c.template)), None)
    return out[-1]


def _extend(text: str, c: Clause, more: list[Mention], end: int) -> Clause:
    """The clause with ``more`` added to its last slot: a list that ends after it."""
    slots = [list(s) for s in c.slots]
    slots[-1] += more
    end = max(c.end, more[-1].end, end)  # "… respectively." included
    return _make(text, c.start, end, slots, c.section, c.inherited)


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
    away = next((i for i, s in enumerate(slots) if s and all(m.start < start for m in s)), None)
    pro = _PRONOUN.search(tpl) if away is not None else None
    if pro is not None:  # "they all need to go to Y", "X sees both of them": the pronoun's slot
        tpl = f"{tpl[: pro.start()]}{PLACEHOLDERS[away]}{tpl[pro.end() :]}"  # type: ignore[index]
    elif inherited and slots:
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


#: A clause that is only its subject and a verb, denied or not ("the other two are not",
#: "b2 isn't", "but b3 is"): the clause before, said again with its denial turned over.
_FLIP = re.compile(
    r"^(?:but |and |while |whereas )?X (?:is|are|was|were|does|do|did|has|have|can)"
    r"(?P<neg> not|n't)?[.!]?$",
    re.I,
)
_COPULA = re.compile(r"\b(?:is|are|was|were|can|does|do|has|have)\b", re.I)


def _said(c: Clause, text: str) -> str:
    """The clause's words up to the next stop, its one object as X ("but y1 is", which the
    template trims to "X")."""
    m = c.slots[0][0] if c.slots and c.slots[0] else None
    if m is None or not text or m.start < c.start or m.end > len(text):
        return c.template
    stop = re.search(r"[.;:!?,\n(]", text[m.end :])
    end = m.end + stop.start() if stop else len(text)
    return " ".join((text[c.start : m.start] + "X" + text[m.end : end]).split())


def flipped(clauses: list[Clause], text: str = "") -> list[Clause]:
    """``clauses`` with each "X are not" after a one-subject clause of the same section read as
    that clause of X, denied ("only c1 is allergic to gluten; the other two are not"), and each
    "X is" after a denied one as it, affirmed ("b1 is not clear, but b2 is")."""
    out: list[Clause] = []
    for c in clauses:
        flip = _FLIP.match(_said(c, text)) if c.direct is None and len(c.slots) == 1 else None
        prev = out[-1] if out else None
        if flip is None or prev is None or not prev.slots or prev.direct is not None:
            out.append(c)
            continue
        denied = bool(_DENIAL.search(prev.template))
        if bool(flip.group("neg")) == denied or prev.section != c.section:
            out.append(c)
            continue
        if denied:
            template = _DENIAL.sub(_undenied, prev.template, count=1)
        else:
            template, n = _COPULA.subn(lambda m: f"{m.group(0)} not", prev.template, count=1)
            template = template if n else f"{prev.template} not"
        out.append(
            Clause(
                c.start,
                c.end,
                c.text,
                " ".join(template.split()),
                (c.slots[0], *prev.slots[1:]),
                c.section,
                False,
            )
        )
    return out
