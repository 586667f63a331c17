"""Sections: where the init ends and the goal starts, in any order.

The goal starts at the first goal cue ("goal", "I want", "should", "so that", "your task is", an
imperative such as "stack"/"move" opening a sentence, a question such as "Can the robot visit
every cell?", …); a cue within the first words of a
sentence starts the goal at that sentence. After a goal, a sentence opening with an init cue
("Setup:", "Initially", "Right now", "The rover starts …") starts the init again, up to the next
goal cue. A cue word that is a word of the domain's own vocabulary (rover's type "objective")
is no cue. A text with no goal cue states facts whose section is unknown (``any``).

>>> sections("Put b1 on b2. Setup: b1 is on the table. Goal: b2 clear.")
[(0, 'goal'), (14, 'init'), (41, 'goal')]
>>> section_at(sections("b1 is clear."), 0)
'any'
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Container, Sequence
from typing import Any, TypeVar

from .vocabulary import lexicon_words
from .world import World, wordset

C = TypeVar("C", bound=Any)  # a clause (a frozen dataclass with ``section`` and ``text``)
T = TypeVar("T", bound=Any)  # a token (``.text``: the lowered word)

__all__ = [
    "clause_cuts",
    "goal_start",
    "said_now",
    "section_at",
    "sections",
    "separates",
    "unasked",
    "vocabulary_words",
]

_CUES = re.compile(
    r"\b(?:goals?|objective|target|task|want|wants|wanted|love it if"
    r"|(?:would|'d) (?:just |really |also |rather |very much )?(?:like|love)"
    r"|should|must|needs? to|have to|has to|end up|ends up"
    r"|in the end|at the end|finally"
    r"|so that|make sure|ensure|could you|can you|would you|afterwards|desired"
    # "please" asks for a change, not for words ("Please tell the court what you saw")
    # ("Please see to it that …" does ask)
    r"|please(?!\s+(?:tell|say|describe|explain|note|confirm|read|let me know)\b)"
    r"|result should|aim|wanted|by the end|afterwards|target"
    # "done" asks for what is not done yet, not what "was done by the night shift"
    r"|(?<!\bwas )(?<!\bwere )(?<!\bbeen )(?<!\balready )(?<!\bwas already )done"
    r"|(?<=\bi )need|(?<=\bwe )need"
    r"|need(?=\s[^.;:!?]{0,40}?\b(?:moved|brought|taken|delivered|put|placed|carried|stacked"
    r"|painted|tightened|served|transported)\b)"
    # a request put in the passive ("The top row is to be painted", "It is required that …",
    # "A tour of every cell is sought") or as a label ("Work requested:", "Its mission:")
    r"|(?:(?<=\bis )|(?<=\bare ))(?:to be|required|requested|sought)"
    r"|(?:requested|required|mission)(?=\s*:))\b",
    re.IGNORECASE,
)
#: Imperatives that open a goal sentence ("Stack them so that …", "Move all balls to …").
_IMPERATIVES = wordset(
    "stack build put place move bring take deliver paint arrange rearrange make get "
    "transport carry unstack keep leave reach achieve swap drop colour color fill send "
    "navigate go return ship reverse rebuild mission invert set form create split "
    "distribute collect gather let have change"
)
#: Words that open a request put as a question ("Can the lift bring Ann to f3?").
_ASKING = wordset("can could would will")
_ASKING_PAIRS = {"is there", "are there", "is it"}
#: The most words of the agent a request put as a question names ("Can the old lift get …").
_AGENT_WORDS = 4
#: Tokens that end a clause.
_SEPARATORS = wordset(", and & + while but whereas plus then also ; ( ) : |")
#: Words after which "also" ends no clause ("…, and it must also go to b").
_AUXILIARIES = wordset("must should shall will would can could may might need needs has have")
#: Words that may open a subject made only of object names ("Both nuts, nut1 and nut2, …").
_LEAD_WORDS = wordset("both all each the these those of")
_BULLETS = " \t-*•0123456789)."
_SENTENCE = re.compile(r"(?:[^.!?;\n]|\.(?=\w)|(?<=\w)\.{2,3}(?=\w))+(?:[.!?;]+|\n|$)")  # "p1..p4"
_INIT_CUES = re.compile(
    r"\b(?:initially|currently|at the start|starts?|started|right now|at the moment|at present|"
    r"to begin|to start with|setup|set-up|initial|so far|as of now|at first|beginning|starting|"
    r"current|current situation|current state|presently)\b",
    re.IGNORECASE,
)
#: Init cues that say "now" wherever they stand in a sentence ("Bob is in the shed right now").
_NOW = re.compile(
    r"\b(?:initially|currently|right now|at the moment|at present|presently|as of now|"
    r"at the start|to begin with)\b",
    re.IGNORECASE,
)
#: A request to set a problem up ("Set up the following task.", "Model this:", "Write the
#: problem for this:", "Create a termes problem with …", "can you set this up"): no goal cue;
#: the imperatives after it ("Put both robots in roomb.") build the initial state, up to the
#: next goal cue ("The task is done when …", "In the goal, …").
_SETUP = re.compile(
    r"\b(?:set\s+(?:this\s+|it\s+|that\s+)?up|model\s+(?:this|the\s+following|it)"
    r"|(?:write|create|make|build|generate|define)\s+(?:me\s+)?(?:a|an|the|this)\s+"
    r"(?:[\w\-]+\s+){0,2}?(?:problem|prob|pb|task|instance|inst|scenario)"
    r"|(?:need|want)\s+an?\s+(?:[\w\-]+\s+){0,2}?(?:problem|prob|pb|task|instance|inst)"
    r"|[\w\-]+\s+problem\s+(?:pls|please))\b",
    re.IGNORECASE,
)


def _sentences(text: str) -> list[tuple[int, int]]:
    spans = []
    for m in _SENTENCE.finditer(text):
        s, e = m.start(), m.end()
        seg = text[s:e]
        lead = len(seg) - len(seg.lstrip(_BULLETS))
        if seg.strip(" \t-*•.:;!?\n"):
            spans.append((s + lead, e))
    return spans


#: After a cue word that is also a word of the domain ("objective"), words that make it a cue.
_PURPOSE = re.compile(r"\s+(?:is|are|was|will be)\s+(?:to|that|for)\b", re.I)


def _goal_cue(sent: str, skip: frozenset[str]) -> re.Match[str] | None:
    """The first goal cue of ``sent`` that is not a word of the domain's own vocabulary ("There
    is 1 objective: obj1", "the calibration target of cam1"); "Goal:" is always a cue."""
    for m in _CUES.finditer(sent):
        w = m.group(0).lower()
        if w not in skip or (w.startswith("goal") and sent[m.end() :].lstrip().startswith(":")):
            return m
        if _PURPOSE.match(sent, m.end()):  # "The objective is to …": a cue in any domain
            return m
    return None


_PASSIVE = re.compile(r"to be|required|requested|sought", re.I)


def _lead(sent: str, at: int) -> int:
    return len(re.findall(r"[A-Za-z']+", sent[:at]))


#: A quoted passage: someone else's words ("Student wrote: \"… Goal: …\"").
_QUOTED = re.compile(r'"([^"\n]*)"|\u201c([^\u201d\n]*)\u201d')
#: The fewest words of a quoted passage whose goal ends with it (not a quoted phrase or name:
#: '"Move the tower to peg3" means …').
_PASSAGE_WORDS = 8


def sections(
    text: str, skip: frozenset[str] = frozenset(), verbs: frozenset[str] = frozenset()
) -> list[tuple[int, str]]:
    """Where each section starts, ``[(offset, "init" | "goal"), …]``; empty with no goal cue.

    A goal that starts inside a quoted passage ends with it: the quote is someone's own request
    (a student's answer, a customer's message), and what the text says after it about the
    state ("Teacher: the right hand is actually holding shot3") is init again, up to its own
    next goal cue.

    >>> sections('Student: "b1 is on b2. Goal: b2 on b1." Teacher: b1 is clear. Goal ok.')
    [(0, 'init'), (23, 'goal'), (40, 'init'), (62, 'goal')]
    """
    out = _sections(text, skip, verbs)
    for m in _QUOTED.finditer(text):
        qs, qe = m.span()
        if len(re.findall(r"[A-Za-z']+", m.group(0))) < _PASSAGE_WORDS:
            continue
        inside = [o for o, name in out if qs <= o < qe and name == "goal"]
        after = qe + len(text[qe:]) - len(text[qe:].lstrip(" \t\n.,;:)"))
        if not inside or after >= len(text) or section_at(out, after) != "goal":
            continue
        rest = [(o + after, name) for o, name in _sections(text[after:], skip, verbs)]
        rest = [(o, name) for o, name in rest if o > after or name == "goal"]
        if not rest or rest[0][0] > after:
            rest.insert(0, (after, "init"))
        out = [(o, name) for o, name in out if o < after] + rest
    return out


def _sections(
    text: str, skip: frozenset[str] = frozenset(), verbs: frozenset[str] = frozenset()
) -> list[tuple[int, str]]:
    """:func:`sections` before quoted passages end their goals.

    The text before the first goal cue is init. After a goal, a sentence that opens with an init
    cue ("Setup: …", "Initially …", "Right now …", "The rover starts …") starts the init again,
    up to the next goal cue, so goal-first requests keep their set-up in the init. ``verbs``:
    the domain's own action verbs, imperatives as well ("Serve both children.")."""
    out: list[tuple[int, str]] = []
    state, setup, asked = "init", False, False
    for s, e in _sentences(text):
        sent, pos = text[s:e], 0
        if state == "init" and _SETUP.search(sent):
            setup = True  # "Set up the following task: …": no goal cue, init follows
            continue
        if state == "goal" and asked and not sent.rstrip().endswith("?"):
            # "Can the barman make a gin and tonic? Its left hand holds shot1, …": a request put
            # as a question is the goal of its own sentence; a statement after it, the state
            asked = False
            words = re.findall(r"[A-Za-z']+", sent)
            if words and words[0].lower() not in _IMPERATIVES | verbs and not _goal_cue(sent, skip):
                out.append((s, "init"))
                state = "init"
                continue
        if state == "goal":
            m = _INIT_CUES.search(sent)
            if m is None or _lead(sent, m.start()) > 3 or _goal_cue(sent[: m.start()], skip):
                m = _NOW.search(sent)
                if m is None or _goal_cue(sent, skip):
                    continue
                out.append((s, "init"))
                state = "init"
                continue
            out.append((s, "init"))
            state, pos = "init", m.end()
        words = re.findall(r"[A-Za-z']+", sent)
        if re.match(r"\W*[A-Za-z']+-[A-Za-z]", sent):
            words = words[1:]  # "Set-up: …", "Put-away list: …": a compound, no imperative
        # "Can the robot visit every cell …?", "Could the ferry … deliver c1 to l3?", "Is there
        # a plan that leaves nut1 tightened?": a request put as a question
        question = (
            bool(words)
            and sent.rstrip().endswith("?")
            and (words[0].lower() in _ASKING or " ".join(words[:2]).lower() in _ASKING_PAIRS)
        )
        opens = words and (
            words[0].lower() in _IMPERATIVES or words[0].lower() in verbs or question
        )
        if pos == 0 and opens and not setup:
            out.append((s, "goal"))
            state = "goal"
            asked = question
            continue
        m = _goal_cue(sent[pos:], skip)
        if m is None:
            continue
        at = pos + m.start()
        # a passive request ("The upper row is to be painted …") is the goal of its subject too
        whole = _lead(sent, at) <= 3 or _PASSIVE.fullmatch(m.group(0)) is not None
        out.append((s if pos == 0 and whole else s + at, "goal"))
        state = "goal"
    if out and out[0][0] > 0:
        out.insert(0, (0, "init"))
    return out


def said_now(clauses: list[C]) -> list[C]:
    """Clauses of a goal sentence that say "now" of themselves ("Could the ferry, which is at
    l2 right now, deliver c1?") state the present state: their section becomes the init."""
    out: list[C] = []
    moved = False
    for c in clauses:
        now = c.section == "goal" and _NOW.search(c.text) and not _CUES.search(c.text)
        # "… which is at l2 right now with c1 on board": the phrase cut from the clause (a
        # "with" phrase or a participle right after it) is said now as well
        cut = moved and c.section == "goal" and bool(out) and 0 <= c.start - out[-1].end <= 2
        if cut and not _CUT_PHRASE.match(c.text):
            cut = False
        out.append(dataclasses.replace(c, section="init") if now or cut else c)  # type: ignore[type-var]
        moved = bool(now or cut)
    return out


_CUT_PHRASE = re.compile(r"(?:with|[a-z]{3,}ing)\b", re.I)  # not "bring"


def section_at(secs: list[tuple[int, str]], offset: int) -> str:
    """The section in force at ``offset`` (``any`` when the text has no goal cue)."""
    sec = "any" if not secs else "init"
    for start, name in secs:
        if start > offset:
            break
        sec = name
    return sec


def goal_start(text: str, skip: frozenset[str] = frozenset()) -> int | None:
    """Character offset where the (first) goal part starts, or None when there is no goal cue."""
    return next((o for o, name in sections(text, skip) if name == "goal"), None)


def vocabulary_words(world: World) -> frozenset[str]:
    """The words of the domain's types, classes and predicate names, and the cue words its
    predicate wordings use (not goal cues there)."""
    words = {t.lower() for t in world.objects.values()} | {c.lower() for c in world.classes}
    words |= lexicon_words(world)
    for name in world.predicates:
        words.update(w.lower() for w in re.split(r"[\W_]+", name) if w)
    return frozenset(words)


def _bare_list_start(toks: Sequence, j: int, s0: int, by_tok: Container[int]) -> int:
    """The separator before a bare list of objects that ends at the comma ``j`` (the list
    is the subject of the cue after it), else ``j``."""
    i = j - 1
    if i not in by_tok:
        return j
    while i >= 0 and toks[i].start >= s0 and (
        i in by_tok or (toks[i].text in (",", "and", "&") and i - 1 in by_tok)
    ):
        i -= 1
    if i < 0 or toks[i].start < s0 or toks[i].text in _SEPARATORS:
        return i
    return j


def unasked(tokens: Sequence[T], stop: Container[str] = frozenset()) -> list[T]:
    """``tokens`` less the agent of a request put as a question: "Can the elevator get Ann and
    Ben where they're going?" asks for what "Get Ann and Ben where they're going" says, so "the
    elevator" is no content of the piece (which is then a bare list item, as in the imperative).
    The agent is up to :data:`_AGENT_WORDS` words between the asking word and an imperative,
    none of them a ``stop`` word (a cue: "Could you please …" keeps its words).

    >>> from planetarium_plugin.alignment.facts.mentions import tokenize
    >>> [t.text for t in unasked(tokenize("Could the old lift take Ann"))]
    ['could', 'take', 'ann']
    >>> [t.text for t in unasked(tokenize("Can the ball be in room a"))]  # no request
    ['can', 'the', 'ball', 'be', 'in', 'room', 'a']
    """
    words = [k for k, t in enumerate(tokens) if t.text.isalpha()]
    if len(words) < 3 or tokens[words[0]].text not in _ASKING:
        return list(tokens)
    for n, k in enumerate(words[1 : _AGENT_WORDS + 2], start=1):
        if tokens[k].text in _IMPERATIVES:
            return [*tokens[: words[0] + 1], *tokens[k:]] if n > 1 else list(tokens)
        if tokens[k].text in stop and tokens[k].text != "you":
            break
    return list(tokens)


def separates(toks: Sequence, k: int) -> bool:
    """Does token ``k`` end a clause? Not "also" after an auxiliary ("ball2 is in a and must
    also go to b": one piece, its subject ball2, not "must" and a subjectless "go to b")."""
    w = toks[k].text
    return w in _SEPARATORS and not (w == "also" and k > 0 and toks[k - 1].text in _AUXILIARIES)


def clause_cuts(
    secs: list[tuple[int, str]], text: str, toks: Sequence, by_tok: Container[int]
) -> list[tuple[int, str]]:
    """``secs`` with each cut moved back to the start of its clause. ``toks``: the text's
    tokens (``.text``, ``.start``); ``by_tok``: the indices of tokens inside object mentions.

    Section cues inside a clause move to where that clause starts: in "r1 holds red, and the
    top tile t1 needs to be painted red" the cue "needs to" makes the whole clause a goal, its
    subject included. Commas and "and" inside a list of objects ("b1, b2 and b3 should …") are
    no clause boundary."""
    sents = _sentences(text)
    out: list[tuple[int, str]] = []
    for cut, name in secs:
        s0 = next((s for s, e in sents if s <= cut < e), cut)
        k = next((j for j, t in enumerate(toks) if t.start >= cut), len(toks))
        j = k - 1
        while j >= 0 and toks[j].start >= s0:
            t = toks[j].text
            listed = j - 1 in by_tok and j + 1 in by_tok and t in (",", "and", "&")
            if t in _SEPARATORS and j not in by_tok and not listed:
                if j == k - 1 and t == ",":  # "Both back tiles, f1 and f2, have to be …"
                    j = _bare_list_start(toks, j, s0, by_tok)
                break
            j -= 1
        first = next((i for i, t in enumerate(toks) if t.start >= s0), j + 1)
        if first < j and all(
            i in by_tok or toks[i].text in _SEPARATORS or toks[i].text in _LEAD_WORDS
            for i in range(first, j + 1)
        ):
            j = first - 1  # "Both nuts, nut1 and nut2, must …": the named subject goes along
        new = toks[j + 1].start if j + 1 < k else cut
        if out and new <= out[-1][0] and (len(out) == 1 or new > out[-2][0]):
            out[-1] = (out[-1][0], name)  # the section before is left empty: this one starts there
            continue
        floor = out[-1][0] + 1 if out else 0
        out.append((max(new, floor), name))
    return out
