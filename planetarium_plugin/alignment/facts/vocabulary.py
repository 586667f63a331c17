"""A domain's own lexicon, for requests over a domain no pack describes (issue 19).

What a reader takes from the domain file itself, beyond each predicate's wording
(:mod:`.world`; predicates named outright in a text: :mod:`.naming`):

- **polarity inside names**: ``not_allergic_gluten``, ``notexist``, ``no_gluten_bread`` carry a
  negation in the name; "X is not allergic" states such a predicate *positively*, and "X is
  gluten-free" states ``no_gluten_…`` positively. :func:`negations` counts the negations of a
  wording (``-free`` and ``without`` count), :func:`name_negated` tells a name's own parity;
- **negation scope**: "nothing is on X or Y", "no ball is in X": the negative quantifier is the
  clause's subject, so every object named is on the other side of the relation, each one alone
  (:func:`negative_subject`; "on X Y" is no reading of it: :mod:`.scope`);
- **permission is no requirement**: in a goal, "p2 can wait" / "b3 may stay" says what need
  not be achieved, so it states no fact (:func:`permits`), unless the predicate's own wording
  is a permission ("one can step from ?a to ?b");
- **a rule is no fact**: "each ingredient can only be picked up once", "a robot may carry one
  ball at a time" say how actions may be used, in any section, not what holds
  (:func:`rule_of_use`), unless the predicate's own wording is such a modal;
- **the domain's verbs and words**: a sentence opening with the first word of an action's name
  ("Serve both children." with ``serve_sandwich``) is an imperative, so a goal; a cue word that
  the domain's own comments use to word a predicate ("?p wants to go to floor ?f") states a fact
  there, not a wish (:func:`lexicon_words`).

>>> permits("X can wait"), permits("X is at Y"), permits("one can step from X to Y")
(True, False, False)
>>> rule_of_use("X can only be picked up once"), rule_of_use("X may hold one ball at a time")
(True, True)
>>> rule_of_use("X can be on Y"), rule_of_use("X is picked up once more")
(False, False)
>>> negations("X is not gluten-free"), negations("X is allergic")
(2, 0)
>>> name_negated("not_allergic_gluten"), name_negated("notexist"), name_negated("served")
(True, True, False)
>>> negative_subject("Nothing is on the X or the Y one"), negative_subject("X is not on Y")
(True, False)

- **antonyms**: "spanner2 is broken" with only ``useable`` to word it denies ``useable``
  (:func:`antonym_denies`), unless the domain has a predicate for the antonym itself
  (``loose`` next to ``tight``) or a negated one (``not-inflated`` for "flat").
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from .wording import POSSESSION, stem
from .world import World, split_words, wordset

__all__ = [
    "antonym_denies",
    "antonym_says",
    "denies_by_noun",
    "lexicon_words",
    "name_negated",
    "negations",
    "negative_subject",
    "numbered_order",
    "order_says",
    "permits",
    "rule_of_use",
    "state_unsaid",
    "stem",
]

_NEGATION_WORD = re.compile(
    r"\b(?:not|cannot|no|never|none|nothing|nobody|without|non|neither|nor)\b|n't\b|\w-free\b", re.I
)
#: Words a predicate name opens with (or holds) that negate it: ``not_allergic``, ``no_gluten``.
_NAME_NEGATIONS = frozenset({"not", "no", "non", "never", "un"})


def negations(wording: str) -> int:
    """How many negations a wording holds ("not", "no", "without", "gluten-free", "isn't")."""
    return len(_NEGATION_WORD.findall(wording))


@functools.lru_cache(maxsize=4096)
def name_negated(name: str) -> bool:
    """Is a predicate name negative in itself (``not_allergic_gluten``, ``notexist``,
    ``no-gluten-bread``)? A name glued to its negation (``notexist``) is split off at a
    leading "not"/"non" followed by at least three letters."""
    words = split_words(name)
    if any(w in _NAME_NEGATIONS for w in words):
        return True
    first = words[0] if words else ""
    return bool(re.match(r"(?:not|non)[a-z]{3,}$", first)) and first not in _NOT_GLUED


#: Words that open with "not"/"non" and are no negation.
_NOT_GLUED = frozenset({"notable", "notably", "notice", "noticed", "notion", "nonetheless"})


#: Goal cue words that a domain's own predicate wording may use to state a fact.
_SOFT_CUES = frozenset(
    {"want", "wants", "wanted", "target", "objective", "task", "aim", "desired", "done", "needs"}
)


def lexicon_words(world: World) -> frozenset[str]:
    """Cue words the domain's predicate wordings use ("?p wants to go to floor ?f"): in this
    domain they state facts, so they are no goal cue."""
    words: set[str] = set()
    for p in world.predicates.values():
        words.update(w.lower() for w in re.findall(r"[A-Za-z]+", p.template))
    return frozenset(words & _SOFT_CUES)


_PERMITS = re.compile(r"^(?:the\s+|a\s+)?[XYZWV]\s+(?:can|may|might|could)\b(?!\s+you\b)", re.I)


_RULE = re.compile(
    r"\b(?:can|may|might|could)\s+only\b|\bonly\s+(?:can|may)\b"
    r"|\b(?:can|may|might|could)\b.*\b(?:once|at a time|at once|at most|simultaneously)\b",
    re.I,
)


def rule_of_use(template: str) -> bool:
    """Does a clause state a rule of how actions may be used ("X can only be picked up once",
    "X may carry one ball at a time") rather than a fact? A modal with "only", or with a limit
    on how often or how many at once."""
    return bool(_RULE.search(template))


def permits(template: str) -> bool:
    """Does a clause only permit something of its subject ("X can wait", "X may stay")?"""
    return bool(_PERMITS.search(template))


_NO_SUBJECT = re.compile(
    r"^\s*(?:there\s+(?:is|are|was|were)\s+)?(?:nothing|none|nobody|no\s+one|no\s+(?!longer\b)[a-z]+)\b",
    re.I,
)


def negative_subject(template: str) -> bool:
    """Is a clause's subject a negative quantifier ("Nothing is on X", "there are no balls in
    X", "no block sits on X")? Then no object of the clause is its subject."""
    return bool(_NO_SUBJECT.search(template))


#: State words and the words that deny them (general English, not any one domain's).
_ANTONYM_PAIRS = (
    ("useable usable working functional", "broken unusable useless damaged faulty"),
    ("clean", "dirty"),
    ("empty free", "full occupied busy taken"),
    ("available", "unavailable busy occupied"),
    ("open", "closed shut"),
    ("locked", "unlocked"),
    ("tight tightened", "loose loosened"),
    ("inflated", "flat deflated"),
    ("intact", "punctured damaged broken"),
    ("lit on", "dark off"),
    ("in inside", "out outside"),
    ("clear bare", "buried"),
)
_ANTONYMS: dict[str, frozenset[str]] = {}
_SYNONYMS: dict[str, frozenset[str]] = {}
for _pos, _neg in _ANTONYM_PAIRS:
    for _side in (_pos, _neg):
        for _w in _side.split():
            _SYNONYMS[_w] = _SYNONYMS.get(_w, frozenset()) | frozenset(_side.split())
    for _w in _pos.split():
        _ANTONYMS[_w] = _ANTONYMS.get(_w, frozenset()) | frozenset(_neg.split())
    for _w in _neg.split():
        _ANTONYMS[_w] = _ANTONYMS.get(_w, frozenset()) | frozenset(_pos.split())


def _state_words(predicate: str) -> list[str]:
    """A name's words less its own negations (``not-on-ground`` -> on, ground)."""
    return [w for w in split_words(predicate) if w not in _NAME_NEGATIONS]


def _said_antonyms(words: set[str], parts: Sequence[str]) -> set[str]:
    """The antonyms of a name's state words that a clause says in place of the word itself:
    "off" for ``power_on`` ("switched off"), "uncalibrated" for ``calibrated`` (a word "un" +
    a form of the name's word, :func:`stem`)."""
    said: set[str] = set()
    stems = {stem(p): p for p in parts if len(p) > 3}
    for p in parts:
        if p not in words:
            said |= words & _ANTONYMS.get(p, frozenset())
    for w in words:
        base = stem(w[2:]) if w.startswith("un") and len(w) > 5 else ""
        if base in stems and stems[base] not in words:
            said.add(w)
    return said


def antonym_denies(template: str, predicate: str, world: World) -> bool:
    """Does a clause deny ``predicate`` by an antonym of a word of its name ("X is broken" for
    ``useable``, "X is dirty" for ``clean``, "switched off" for ``power_on``, "uncalibrated"
    for ``calibrated``)? Not when the clause also says that word itself, nor when some
    predicate of the domain is named by the antonym or by a negation of the name."""
    words = set(re.findall(r"[a-z]+", template.lower()))
    name = split_words(predicate)
    if name_negated(predicate) or not name:
        return False
    said = _said_antonyms(words, name)
    if not said:
        return False
    for other in world.predicates:
        parts = set(split_words(other))
        if parts & said or (other != predicate and parts & set(name) and name_negated(other)):
            return False
    return True


@functools.lru_cache(maxsize=16384)
def antonym_says(template: str, predicate: str) -> int:
    """Does a clause word a predicate by an antonym of its name's state word? +1 when the name
    is negative in itself ("X is flat" says ``not-inflated``, "off the ground" says
    ``not-on-ground``), -1 when it is positive ("X is flat" says the opposite of
    ``inflated``), 0 when no antonym is said."""
    words = set(re.findall(r"[a-z]+", template.lower()))
    parts = _state_words(predicate)
    if not parts or not _said_antonyms(words, parts):
        return 0
    return 1 if name_negated(predicate) else -1


#: Words that place a clause's subject after the other object ("l1 follows l0", "n1 is the
#: successor of n0", "d2 is larger than d1") or before it ("l0 precedes l1", "d1 is smaller
#: than d2"); comparatives count only with "than".
_LATER = wordset("follows follow succeeds succeed successor after")
_EARLIER = wordset("precedes precede predecessor before")
_MORE = wordset("larger bigger greater higher more heavier longer taller")
_LESS = wordset("smaller less lower fewer lighter shorter")


def order_says(template: str) -> int:
    """Which way a clause orders its two objects: +1 when its subject (X, the first named)
    comes after the other ("X follows Y", "X is the successor of Y", "X is larger than Y"),
    -1 when before ("X precedes Y", "X is followed by Y", "X is smaller than Y"), 0 when it
    says no order.

    >>> order_says("X follows Y"), order_says("X is followed by Y"), order_says("X is next to Y")
    (1, -1, 0)
    >>> order_says("After X comes Y"), order_says("X is smaller than Y")
    (-1, -1)
    """
    words = re.findall(r"[a-z]+", template.lower())
    ws = set(words)
    if re.search(r"\b(?:followed|succeeded)\s+by\b", template, re.I):
        return -1
    if re.search(r"\bpreceded\s+by\b", template, re.I):
        return 1
    later = bool(ws & _LATER) or ("than" in ws and bool(ws & _MORE))
    earlier = bool(ws & _EARLIER) or ("than" in ws and bool(ws & _LESS))
    if later == earlier:
        return 0
    said = 1 if later else -1
    # "After X comes Y", "before X is Y": the word before the first object orders the other
    first = next((i for i, w in enumerate(template.split()) if w.strip(",.;:") == "X"), -1)
    head = {w.lower().strip(",.;:") for w in template.split()[: max(first, 0)]}
    return -said if head & (_LATER | _EARLIER) else said


_NUMBERED = re.compile(r"^([a-z_\-]*?)[-_]?(\d+)$")


def numbered_order(world: World, predicate: str) -> int:
    """How a binary static predicate orders numbered objects of one name (``l0``, ``l1``;
    ``n0``, ``n1``) in the problem: +1 when its first argument is the lower number in most of
    its atoms (``next l0 l1``), -1 when the higher (``succ n1 n0``), 0 when the atoms do not
    say. The text says which object comes after which ("l1 follows l0"); the problem's own
    numbering says which argument that is."""
    votes = 0
    seen = 0
    for atom in world.init:
        if atom[0] != predicate or len(atom) != 3:
            continue
        a, b = _NUMBERED.match(atom[1]), _NUMBERED.match(atom[2])
        if a is None or b is None or a[1] != b[1] or a[2] == b[2]:
            continue
        seen += 1
        votes += 1 if int(a[2]) < int(b[2]) else -1
    if seen < 2 or abs(votes) * 3 < seen * 2:
        return 0
    return 1 if votes > 0 else -1


_NO_WORD = re.compile(r"\b(?:no|without)\s+(?:more\s+|other\s+)?([a-z]+)", re.I)


def denies_by_noun(template: str, predicate: str) -> bool:
    """Does a clause deny a predicate by "no" before a word of its name ("carrying no block",
    "with no block" for ``has-block``; "without fuel" for ``has_fuel``)? Not for names that
    are negative in themselves.

    >>> denies_by_noun("X carrying no block", "has-block"), denies_by_noun("no X is on Y", "on")
    (True, False)
    """
    if name_negated(predicate):
        return False
    parts = {stem(w) for w in split_words(predicate) if len(w) > 2}
    return any(stem(m[1]) in parts for m in _NO_WORD.finditer(template))


#: States that say what something holds: a word of having is about them.
_HOLDING_STATES = frozenset({"empty", "free", "full", "occupied"})


@functools.lru_cache(maxsize=8192)
def state_unsaid(template: str, predicate: str) -> bool:
    """Does a clause leave out the state word of a 0-ary name ("Could the ferry" for
    ``empty-ferry``: it names the ferry, not its being empty)? A state word (empty, free, clean,
    open, …) counts as said by itself, a form of it, a synonym ("free" for ``arm-empty``), an
    antonym ("full"), or any negation ("holds nothing").

    >>> state_unsaid("Could the ferry", "empty-ferry"), state_unsaid("the arm is free", "arm-empty")
    (True, False)
    >>> state_unsaid("the hand holds nothing", "handempty"), state_unsaid("X", "has-block")
    (False, False)
    >>> state_unsaid("Is the gripper holding anything", "arm-empty")
    False
    """
    states = [w for w in split_words(predicate) if w in _ANTONYMS]
    if not states or negations(template):
        return False
    words = set(re.findall(r"[a-z]+", template.lower()))
    stems = {stem(w) for w in words}
    for w in states:
        near = _SYNONYMS.get(w, frozenset()) | _ANTONYMS[w]
        if w in _HOLDING_STATES:
            near |= POSSESSION  # "is the gripper holding anything" is about ``arm-empty``
        if stem(w) not in stems and not words & near and not _said_antonyms(words, [w]):
            return True
    return False
