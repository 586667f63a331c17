"""How a predicate with no description reads from its name alone (issue 19).

A name is mostly a state word ("clear", "on-table": "X is clear", "X is on table"), but IPC
domains also name predicates by a verb: ``contains ?c ?b``, ``dispenses ?d ?i``, ``carry ?r ?b
?g``, ``have ?x``. "X is contains Y" or "X is have" reads as no English a request would use, so
a verb name is worded as a verb: "X contains Y", "X carries Y Z", "someone has X" (a one-place
verb's subject is the agent the domain leaves out). A verb is a common English verb in its
base form (:data:`VERBS`) or, for two or more places, a word in the third person ("contains",
"dispenses"); anything else keeps the state reading.

>>> name_wording(["contains"], 2), name_wording(["carry"], 3), name_wording(["have"], 1)
('X contains Y', 'X carries Y Z', 'someone has X')
>>> name_wording(["on", "table"], 1), name_wording(["clear"], 1), name_wording(["has", "block"], 2)
('X is on table', 'X is clear', 'X has block Y')
>>> name_wording(["is", "depot"], 1), name_wording(["can", "traverse"], 3)
('X is depot', 'X can traverse Y Z')

An action's name is a verb the text may use for what the action makes true: ``jack-up`` adds
``(not-on-ground ?h)``, so "hub1 is jacked up" states it (:func:`action_wording`: the verb's
past participle, its particles kept).

>>> participle("jack"), participle("calibrate"), participle("stop"), participle("carry")
('jacked', 'calibrated', 'stopped', 'carried')
>>> action_wording(["jack", "up"]), action_wording(["switch", "on"]), action_wording(["take"])
('X is jacked up', 'X is switched on', 'X is taken')
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from ...parsing.model import Domain

__all__ = [
    "POSSESSION",
    "VERBS",
    "acted_wording",
    "action_wording",
    "name_wording",
    "participle",
    "possession_unsaid",
    "says_action",
    "stem",
]

_PLACES = ("X", "Y", "Z", "W", "V")

#: Common transitive verbs in their base form, with their third person.
VERBS = {
    "have": "has",
    "carry": "carries",
    "hold": "holds",
    "contain": "contains",
    "own": "owns",
    "need": "needs",
    "want": "wants",
    "dispense": "dispenses",
    "include": "includes",
    "serve": "serves",
    "see": "sees",
    "know": "knows",
    "like": "likes",
    "support": "supports",
    "precede": "precedes",
    "follow": "follows",
    "reach": "reaches",
    "touch": "touches",
    "cover": "covers",
    "wear": "wears",
    "use": "uses",
    "store": "stores",
    "keep": "keeps",
    "produce": "produces",
    "require": "requires",
    "get": "gets",
}
_THIRD = frozenset(VERBS.values())
#: Verbs a name may open with that already word it ("is", "can", "been").
_AUXILIARIES = frozenset({"is", "are", "can", "could", "may", "might", "must", "been"})


def _third_person(word: str) -> bool:
    return word in _THIRD or (
        len(word) > 4 and word.endswith("s") and not word.endswith(("ss", "us", "is", "ys"))
    )


def name_wording(words: Sequence[str], arity: int) -> str:
    """The wording of a predicate named by ``words`` (its name split into words) with
    ``arity`` parameters, X, Y, … in parameter order."""
    text = " ".join(words)
    rest = " ".join(_PLACES[1:arity])
    first = words[0] if words else ""
    if arity == 0:
        return text
    if first in _AUXILIARIES and len(words) > 1:
        # ``is-depot``, ``isHolding``, ``can-traverse``, ``been_visited``: the name carries
        # its own verb ("X is depot", "X can traverse Y Z", "X has been visited")
        aux = "has been" if first == "been" else ("is" if first in ("is", "are") else first)
        return " ".join(["X", aux, *words[1:], *_PLACES[1:arity]])
    if first in VERBS or (arity >= 2 and _third_person(first)):
        verb = " ".join([VERBS.get(first, first), *words[1:]])
        if arity == 1:
            return f"someone {verb} X"
        return f"X {verb} {rest}"
    if arity == 1:
        return f"X is {text}"
    return f"X is {text} {rest}"


#: Past participles of common irregular verbs.
_IRREGULAR = {
    "put": "put", "get": "got", "take": "taken", "make": "made", "drive": "driven",
    "fly": "flown", "hold": "held", "do": "done", "undo": "undone", "feed": "fed",
    "leave": "left", "bring": "brought", "build": "built", "set": "set", "shut": "shut",
    "give": "given", "throw": "thrown", "draw": "drawn", "write": "written", "ride": "ridden",
    "go": "gone", "find": "found", "keep": "kept", "lay": "laid", "load": "loaded",
    "dig": "dug", "cut": "cut", "hang": "hung", "lose": "lost", "pay": "paid", "sell": "sold",
    "send": "sent", "stick": "stuck", "swap": "swapped", "see": "seen", "eat": "eaten",
}  # fmt: skip
#: Participles that are as often another word ("left": a side) say no action.
_OTHER_WORDS = frozenset({"left"})
#: Words after an action's verb that belong to it ("jack up", "switch on", "put away").
PARTICLES = frozenset({"up", "down", "on", "off", "in", "out", "away", "back", "over"})


def participle(verb: str) -> str:
    """A verb's past participle by the English rules (irregular ones from a short table)."""
    v = verb.lower()
    if v in _IRREGULAR:
        return _IRREGULAR[v]
    if v.endswith("e"):
        return v + "d"
    if v.endswith("y") and len(v) > 2 and v[-2] not in "aeiou":
        return v[:-1] + "ied"
    if (
        len(v) >= 3
        and len(v) <= 4
        and v[-1] not in "aeiouwxy"
        and v[-2] in "aeiou"
        and v[-3] not in "aeiou"
    ):
        return v + v[-1] + "ed"  # stop -> stopped, drop -> dropped (one-syllable words)
    return v + "ed"


def action_wording(words: Sequence[str]) -> str:
    """How a text says of an object that an action was done to it: its name's verb as a
    participle with the particles that follow it ("X is jacked up" for ``jack-up``)."""
    if not words or participle(words[0]) in _OTHER_WORDS:
        return ""
    parts = [participle(words[0])]
    for w in words[1:]:
        if w not in PARTICLES:
            break
        parts.append(w)
    return "X is " + " ".join(parts)


@functools.lru_cache(maxsize=8192)
def says_action(clause: str, acted: str) -> bool:
    """Does a clause use an action's wording ("X is jacked up"): its verb in any form ("jacks",
    "jacked", "jacking") with the same particles ("up", not "down")?

    >>> acted = "X is jacked up"
    >>> says_action("Get X jacked up", acted), says_action("X jacks up", acted)
    (True, True)
    >>> says_action("X is jacked down", "X is jacked up"), says_action("X is on Y", "")
    (False, False)
    """
    words = acted.split()[2:]  # "X is <participle> <particles>"
    if not words:
        return False
    said = [w.lower() for w in re.findall(r"[A-Za-z]+", clause)]
    verbs = {stem(w) for w in said} | set(said)
    verb = words[0]
    base = next((b for b, p in _IRREGULAR.items() if p == verb), "")
    if not (stem(verb) in verbs or verb in verbs or (base and base in verbs)):
        return False
    return set(words[1:]) <= set(said)


#: Suffixes a word's derived forms add (longest first): "calibration", "lifting", "lifted".
_SUFFIXES = ("ions", "ion", "ings", "ing", "ied", "ies", "ed", "es", "er", "s", "e")


#: Adjectives whose noun no suffix rule reaches ("one block high": ``height``).
_NOUNS_OF = {
    "high": "height", "higher": "height", "highest": "height", "deep": "depth",
    "deeper": "depth", "long": "length", "longer": "length", "wide": "width",
    "wider": "width", "strong": "strength", "broad": "breadth", "warm": "warmth",
}  # fmt: skip


@functools.lru_cache(maxsize=16384)
def stem(word: str) -> str:
    """A word's stem, so that its derived forms meet: calibrate, calibrated, calibration ->
    ``calibrat``; lift, lifting, lifted -> ``lift``; stopped -> ``stop``.

    >>> [stem(w) for w in ("calibrated", "calibration", "lifting", "lifted", "lift", "stopped")]
    ['calibrat', 'calibrat', 'lift', 'lift', 'lift', 'stop']
    >>> stem("high"), stem("height")
    ('height', 'height')
    """
    w = word.lower()
    if w in _NOUNS_OF:
        return _NOUNS_OF[w]
    for suf in _SUFFIXES:
        if w.endswith(suf) and len(w) - len(suf) >= 3 and not (suf == "s" and w.endswith("ss")):
            w = w[: -len(suf)]
            if suf in ("ied", "ies"):
                w += "y"
            break
    if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "aeiouls":
        w = w[:-1]  # stopped -> stopp -> stop (not "full", "pass")
    return w


def acted_wording(domain: Domain, name: str, params: tuple[tuple[str, str], ...]) -> str:
    """A one-place predicate's wording by the first action that adds it to the object the
    action's verb acts on ("X is jacked up": ``jack-up ?h ?j`` adds ``not-on-ground ?h``).

    The verb's object is the parameter whose type the action's name says (``remove-wheel``:
    the wheel), else its first, unless that is the domain's agent (the type most actions
    take first: a hoist *drops* a crate, it is not dropped). Only names that are a verb,
    its particles and type words count (``make_sandwich``, not ``make_sandwich_no_gluten``),
    and not when the verb is the name's own word (``inflate`` for ``inflated``)."""
    if len(params) != 1 or not domain.actions:
        return ""
    own = {w[:4] for w in _split(name)}
    types = {t.lower() for t in domain.types} | {t.lower() for _, t in params}
    firsts = [a.params[0][1].lower() for a in domain.actions if a.params]
    agent = max(set(firsts), key=firsts.count) if firsts else ""
    if len(domain.actions) < 3 or firsts.count(agent) * 2 < len(domain.actions):
        agent = ""  # too few actions to tell an agent
    for act in domain.actions:
        words = _split(act.name)
        if not act.params or not words or not words[0].isalpha() or words[0][:4] in own:
            continue
        if any(w not in types and w not in PARTICLES for w in words[1:]):
            continue
        typed = [(v, t) for v, t in act.params if t.lower() in words[1:]]
        target, typ = typed[0] if typed else act.params[0]
        if typ.lower() == agent and agent != "object" and len(act.params) > 1:
            continue
        if any(a.predicate.lower() == name and a.args == (target,) for a in act.add):
            return action_wording(words)
    return ""


def _split(name: str) -> list[str]:
    """An identifier's words (as :func:`.world.split_words` without a vocabulary)."""
    return [p.lower() for p in re.split(r"[-_\s]+|(?<=[a-z])(?=[A-Z])", name) if p]


#: Words that say a possession ("carrying a block", "with no block" for ``has-block``).
POSSESSION = frozenset(
    {"has", "have", "having", "had", "hold", "holds", "holding", "held", "carry", "carries",
     "carrying", "carried", "got", "gets", "getting", "with", "without", "nothing", "loaded"}
)  # fmt: skip


@functools.lru_cache(maxsize=8192)
def possession_unsaid(clause: str, name: str) -> bool:
    """Is ``name`` a possession (``has-block``, ``have_fuel``) that a clause names only by its
    noun ("the magic block fountain", "a fuel station"), with no word of having?

    >>> possession_unsaid("The magic block fountain", "has-block")
    True
    >>> possession_unsaid("X carrying no block", "has-block"), possession_unsaid("X", "clear")
    (False, False)
    """
    if not {"has", "have"} & set(_split(name)):
        return False
    return not set(re.findall(r"[a-z]+", clause.lower())) & POSSESSION
