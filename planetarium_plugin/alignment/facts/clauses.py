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

from . import lists
from .glosses import glossed
from .mentions import Mention, Token
from .naming import named_calls
from .pieces import VERBS_S, self_related, singular
from .reading import Reading
from .references import Antecedents, antecedent, opening
from .related import resolved_mentions
from .relative import _DENIERS, attach, with_cut
from .sections import (
    _CUES,
    _IMPERATIVES,
    _INIT_CUES,
    _sentences,
    clause_cuts,
    goal_start,
    said_now,
    section_at,
    sections,
    separates,
    unasked,
    vocabulary_words,
)
from .templates import Clause, _chain, _elided, _extend, _headed, _make, _respective
from .world import World, wordset

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
_OBJECT_PRONOUN = re.compile(r"\b(?:them|both of them|all of them|each of them)\b", re.I)
_DETERMINERS = wordset("the a an my your our their")
#: Words before a list that introduce it ("the other blocks b1, b2 and b3 …").
_LIST_HEAD = wordset("other remaining following further each of either namely")
_PLURAL_PRONOUNS = {"they", "them", "all", "both", "each", "these", "those"}


def _content(tokens: list[Token]) -> list[Token]:
    return [
        t
        for t in unasked(tokens, _CUE_WORDS)  # "Can the elevator get X": no agent content
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
_CUE_WORDS = wordset(
    "could can you please thanks thank kindly love if need want wanted goal target objective "
    "task end finally done when we re let us me ll d i m s"
)
#: First words after which a piece with objects still says something of the previous subject
#: ("r1 is at t1 and has black"): not these.
_NO_INHERIT = _OWN_SUBJECT | _CUE_WORDS | _IMPERATIVES | wordset("both all each every and or")


def split_clauses(
    text: str, world: World, mentions: list[Mention] | None = None, reading: Reading | None = None
) -> list[Clause]:
    """The clauses of ``text``, left to right, with resolved object slots (``reading``: the
    text's own :class:`~.reading.Reading`, not read again where no call or dash rewrites it)."""
    calls = named_calls(text, world)
    direct: list[tuple[int, Clause]] = []
    if calls:
        chars = list(text)
        for start, end, name, args in calls:
            slots = tuple((Mention(a, b, text[a:b], (o,), False, 1.0, -1, -1),) for a, b, o in args)
            clause = Clause(start, end, text[start:end], name, slots, "any", False, name)
            direct.append((start, clause))
            chars[start:end] = " " * (end - start)
        masked = "".join(chars)
    else:
        masked = text
    read = reading if reading is not None and reading.world is world else Reading.of(text, world)
    out = _split(masked, text, mentions if not calls else None, read)
    if direct:
        secs = sections(masked, vocabulary_words(world), world.verbs)
        for start, c in direct:
            sec = section_at(secs, start)
            out.append(Clause(c.start, c.end, c.text, c.template, c.slots, sec, False, c.direct))
        out.sort(key=lambda c: c.start)
    return said_now(glossed(out, text))


def _split(text: str, original: str, mentions: list[Mention] | None, read: Reading) -> list[Clause]:
    text = _DASH.sub(lambda m: " ;" + " " * (len(m.group(0)) - 2), text)  # same offsets
    read = read.of_text(text)
    toks, world = list(read.tokens), read.world
    ments = mentions if mentions is not None else resolved_mentions(read)
    by_tok = {}
    for m in ments:
        for k in range(m.first_token, m.last_token + 1):
            by_tok[k] = m
    secs = clause_cuts(list(read.sections), text, toks, by_tok)
    nouns = frozenset(world.classes) | world.type_preds
    out: list[Clause] = []
    memory = Antecedents(world.objects, world=world)
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
            out += _clauses_of(original, toks, part, by_tok, sec, nouns, memory, part != parts[0])
    return out


def _clauses_of(
    text: str,
    toks: list[Token],
    idx: list[int],
    by_tok: dict,
    section: str,
    nouns: frozenset[str] = frozenset(),
    memory: Antecedents | None = None,
    cut: bool = False,  # a goal piece after the init one: "b2 is in r1 and must go to r2"
) -> list[Clause]:
    memory = memory if memory is not None else Antecedents()
    memory.new_sentence()
    segments: list[list[int]] = [[]]
    ends: list[str] = []  # the separator that ends each segment
    cuts: set[int] = set()  # tokens that open a phrase cut from its place clause
    for n, k in enumerate(idx):
        key_value = (  # "b1: r1" at the start of a line is one fact, not a header
            toks[k].text == ":"
            and len(segments) == 1
            and n > 0
            and idx[n - 1] in by_tok
            and all(j in by_tok for j in segments[0])
            and n + 1 < len(idx)
        )
        if separates(toks, k) and k not in by_tok and not key_value:
            ends.append(toks[k].text)
            segments.append([])
        elif with_cut(toks, idx, n, by_tok, segments[-1]):
            # "robot1 is parked on tile3 with black paint": the "with" phrase is a fact of its
            # own, said of the subject (it inherits it), not a third slot of the place clause;
            # so is a participle's ("robot r1 stands on t21 holding white paint")
            ends.append(",")
            segments.append([k])
            cuts.add(k)
        else:
            segments[-1].append(k)
    ends.append(".")
    pairs = lists.small_clause(toks, [p for p in zip(segments, ends, strict=True) if p[0]], by_tok)
    out: list[Clause] = []
    pending: list[Mention] = []
    prev_subject = memory.before[-1][0] if cut and section == "goal" and memory.before else ()
    leads = True  # the previous subject opened its clause ("b1 is …", not "the robot is at b1")
    prev_last: tuple[Mention, ...] = ()
    header: tuple[int, int] | None = None  # "Objects:" / "Clear:" before a list
    before = ""  # the separator before the segment
    keyed: list[Mention] = []  # a list before a colon: "s1, s2: not made yet"
    skip: set[int] = set()  # pieces an ellipsis took as its objects
    for at, (sg, sep) in enumerate(pairs):
        opened, before = before, sep
        if at in skip:
            continue
        if opened != ":":
            keyed = []
        ms: list[Mention] = []
        for k in sg:
            m = by_tok.get(k)
            if m is not None and (not ms or ms[-1] is not m):
                ms.append(m)
        rest = [toks[k] for k in sg if k not in by_tok]
        said = " ".join(t.text for t in rest if t.text.isalpha())
        if ms and out and out[-1].slots and (c := _elided(out, said)) is not None:
            # "b2 and b4 lie on the table, as does b1"; "…, and so can beta and gamma"
            more, taken = lists.following_items(toks, pairs, at, by_tok, _content)
            skip |= taken
            out += lists.elliptic(text, out, [*ms, *more], toks[sg[0]].start, of=c)
            continue
        if (
            pending
            and lists.continues_object(text, out, pending)
            and (
                opened == "("
                and not ms
                and not lists.said_after(toks, pairs, at, by_tok, _content)
                or (ms and lists.opens_with(toks, sg, by_tok, nouns)
                    and singular(toks, ms[0].last_token + 1))
                or opened == ")"  # "c1 (containing l1 and airport a1) and c2 (…)"
            )
        ):  # "in it are the wrench, the jack and r1 (intact, …)", "Small is smaller than Medium
            # and Large, and Medium is …": a list closed by "and" before an aside on its last
            # item or a new subject (not "… b3 and b4 are clear") continues the last object
            out[-1] = _extend(text, out[-1], pending, pending[-1].end)
            prev_subject = prev_last = (pending[-1],) if not ms else prev_subject
            pending = []
        if not ms and sep == "(" and lists.named_next(toks, pairs, at, by_tok, _content):
            continue  # "the spare (r1)": the words are a description of the object named next
        if not pending and lists.apposed(text, toks, pairs, at, by_tok, out):
            continue  # "p2 should be one block high (n1)": one more slot of the clause before
        if sep == ":" and (pending or (len(ms) == 1 and not _content(rest))):
            # "Blocks b1, b2, b3: …": a list introducing the objects (what follows may say
            # something of all of them: "sandwiches s1, s2: not made yet")
            keyed, pending = [*pending, *(m for m in ms if m not in pending)], []
            continue
        if len(ms) == 1 and (
            not _content(rest)
            or all(
                t.end <= ms[0].start
                and (
                    t.text.endswith("s")
                    and not t.text.endswith("ss")
                    and t.text not in VERBS_S
                    or t.text in _LIST_HEAD
                    or t.text in nouns  # "…, the pump and the wheel w1 (flat)"
                )
                for t in _content(rest)
            )
        ):
            pending += ms  # a bare list item: it joins the next piece
            if _respective(rest) and out and len(out[-1].slots) > 1:
                # "… above t4, t5 and t6 respectively, t2 is …": the list ends here
                out[-1] = _extend(text, out[-1], pending, toks[sg[-1]].end)
                pending = []
            continue
        if not ms and pending and _respective(rest) and out and len(out[-1].slots) > 1:
            out[-1] = _extend(text, out[-1], pending, toks[sg[-1]].end)  # "…, respectively"
            pending = []
            continue
        if not ms and sep == ":":
            own = [t for t in rest if t.text not in _SECTION_WORDS]
            header = (toks[sg[0]].start, toks[sg[-1]].end) if _content(own) else None
            continue
        lead = [toks[k] for k in sg if ms and toks[k].end <= ms[0].start]
        if (
            pending
            and opened == "("
            and ms
            and not _content(lead)
            and set(ms[0].objects) & {o for m in pending for o in m.objects}
        ):  # "fillings f1 and f2 (f2 is gluten-free)", "t1, t2 and t3 (so t2 is right of t1)":
            # the parenthesis speaks of listed objects on their own; the list before it states
            # no fact of that
            out.append(_make(text, pending[0].start, pending[-1].end, [pending], section, False))
            pending = []
        if not pending and lists.gapped(out, ms, memory.kinds, [t.text for t in rest]):
            # "dispenser1 dispenses gin and dispenser2 tonic": the verb said once for both;
            # "t21 is up from t11, t22 from t12": with a word of it said again
            out += lists.elliptic(text, out, ms, toks[sg[0]].start, gap=True)
            prev_subject, prev_last = (ms[0],), (ms[-1],)  # "…, ball 3 in room 3, where …"
            memory.said(prev_subject, prev_last)
            continue
        slots: list[list[Mention]] = [[m] for m in ms]
        if keyed and not ms and _content(rest):
            slots = [list(keyed)]  # "s1, s2: not made yet": said of each listed object
        inherited = False
        words = {t.text for t in rest}
        start = toks[sg[0]].start
        if keyed and slots and slots[0] == keyed:
            start = keyed[0].start
        first = toks[sg[0]].text
        if (
            pending
            and ms
            and singular(toks, ms[0].last_token + 1)
            and _OBJECT_PRONOUN.search(text[ms[0].end : toks[sg[-1]].end])
        ):  # "wp1 and wp3, and wp2 sees both of them": the list is what the pronoun names (not
            # in "c and b have nothing on them", where the list is the subject)
            slots = [sl for sl in slots if not _OBJECT_PRONOUN.search(sl[0].text)]  # counted
            slots.append(list(pending))
            pending = []
        elif pending:
            pending = lists.distinct(pending)  # "The robot, robbie, is …": one object named twice
            head = [t for k in sg if k not in by_tok and ms and (t := toks[k]).end <= ms[0].start]
            if any(t.text not in nouns and t.text.rstrip("s") not in nouns for t in _content(head)):
                # "the top row, t1, t2 and t3, painted black": the list is the subject of
                # words that follow it, not one more item of the piece's first object
                slots = [list(pending), *slots]
            elif slots and not self_related(pending, slots[1:]):
                slots[0] = pending + slots[0]
            elif slots:  # "Heights: n0, n1 above n0, …": no subject of the piece (.pieces), but
                # the end of the clause before ("r1 between a and b, r2 between b and c") or a
                # sequence member that states no fact
                if out and len(out[-1].slots) > 1:
                    out[-1] = _extend(text, out[-1], pending, pending[-1].end)
                else:
                    lo, hi = pending[0].start, pending[-1].end
                    out.append(_make(text, lo, hi, [pending], section, False))
                pending = []
            else:
                slots = [list(pending)]
            start = min([start, *(m.start for m in pending)])
            pending = []
        elif ref := antecedent(toks, sg, by_tok, memory):
            # "they all need to be brought to roomb", "each of them …", "both resting on …":
            # said of them, as of objects named here (weakly where the piece names no object of
            # its own: "… and they see it")
            inherited = not slots
            slots = [list(ref), *slots]
        elif (
            (
                not slots
                and first not in _OWN_SUBJECT
                and (leads or not words & _DENIERS)
                and _content(rest)  # not "…, please." nor a lone cue word
            )
            or first in _RELATIVE
            or (slots and sg[0] not in by_tok and first.isalpha() and first not in _NO_INHERIT)
        ):
            ref = (
                memory.here
                if words & _PLURAL_PRONOUNS and memory.here
                else (prev_last if first in _RELATIVE else prev_subject)
            )
            if ref:
                slots = [list(ref), *slots]
                inherited = True
        end = toks[sg[-1]].end
        if header is not None and not _content(rest):
            out.append(_headed(text, header, start, end, slots, section))
        else:
            made = _chain(text, start, end, slots, section, inherited)
            out += attach(out, made, slots) if inherited and sg[0] in cuts else made
            if len(ms) > 1 and any(ms[0].end <= t.start < ms[-1].start for t in _content(rest)):
                # "… the receipts: pot1 contains i1, i4.": a relation worded between its own
                # objects ends what the header introduces; a list after it continues it
                header = None
        if slots and first != "with":  # "…, with both grippers free, …" is said in passing
            # "the robot stands on c1, carrying nothing": what the object-less phrase denies
            # is the robot's, not c1's (only a subject that opens its clause is inherited then)
            leads = (
                inherited
                or sg[0] in by_tok
                or (first in _DETERMINERS and len(sg) > 1 and sg[1] in by_tok)
            )
            alone = first in _RELATIVE and not inherited and slots[0][0].start >= toks[sg[0]].start
            prev_subject = () if alone else tuple(slots[0])  # "the ferry, which is at l2 with …"
            prev_last = tuple(slots[-1])
            memory.said(tuple(slots[0]), prev_last, opening(toks, sg, slots, nouns, leads))
        elif not slots and first in _DETERMINERS:
            prev_subject = prev_last = memory.forget()  # "the robot, …": a subject, no object
        if sep == ":" and ms:
            header = None
    if pending:  # a trailing list: after a header ("Clear: b1, b2 and b3") or the last clause
        if header is not None and not _content(rest):
            out.append(_headed(text, header, pending[0].start, pending[-1].end, [pending], section))
        elif out and out[-1].slots and len(out[-1].slots) > 1:
            out[-1] = _extend(text, out[-1], pending, toks[idx[-1]].end)
        else:  # "There are three blocks, a, b and c": a list that states no fact
            start = out[-1].start if out and not out[-1].slots else pending[0].start
            if out and not out[-1].slots:
                out.pop()
            out.append(_make(text, start, pending[-1].end, [pending], section, False))
    return out
