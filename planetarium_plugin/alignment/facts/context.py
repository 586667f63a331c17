"""Context that states no fact of the problem (issue 19): what a request says in passing.

People write requests with asides ("The lab lights are on a timer", "(The coffee machine is on
f2, if anyone cares.)") and sentences cut by commas into fragments ("Could the ferry, which is at
l2 …, deliver c1?" leaves the piece "Could the ferry"). Read as facts, these become confident
wrong ones: the only predicate wording that shares a word wins the clause's softmax. Two shapes
are recognised, from the clause's own words and the domain's vocabulary alone:

- a **bare noun phrase**: a determiner and at most four words, none of which predicates (no
  verb, preposition, negation or state word: "the ferry", "Could the ferry", "The magic block
  fountain"): it names a thing and states nothing (:func:`bare_noun_phrase`);
- **no change**: "the third stays where it is", "b2 remains in place", "leave p3 as it is"
  says that the object's facts do not change, not which they are: no fact is read from it
  (:func:`unchanged`; read as one, "X stays where it is" became ``holding X``);
- **an order only**: "rooma, roomb, roomc and roomd, in that order" (after "there are four
  rooms"): a list that says the order the text counts in, no fact (:func:`order_only`; read as
  one, the list became ``at-robby`` of each room); so is a piece that only says when ("…,
  right now"), which would otherwise inherit the previous subject;
- a **foreign subject**: a copular clause whose subject is a noun phrase whose head is no
  object, class or word of the domain's vocabulary ("The lab lights are …", "The coffee machine
  is on X"): it is read as weakly as a clause with no object (:func:`foreign_subject`), so only a
  predicate wording that really says it outweighs "no fact". A subject the domain words ("the
  lift", "the robot" where a wording says robot) or that is an object ("the X block") is not
  foreign.

- a **group placed**: "the full tower back on X", "move the tower to X", "all 4 on X" puts a
  group no mention names (a quantity or a collective noun) somewhere: a relation of unnamed
  objects to X, no property of X (:func:`group_placed`; read as a fact, "the full tower back
  on peg1" became ``clear peg1``, the one unary wording near "on").

- **alternatives**: a piece made only of names joined by "or" ("No block is stacked upon b, c
  or e" cut after "b" leaves "c or e") names choices and states no fact of them
  (:func:`alternatives`; read as one, "c or e" became ``on c e``).

- a **rank in passing**: an object with only a superlative of size beside it ("d1 (smallest)",
  "d3 (largest)", "b2, the heaviest") ranks it among its kind and says none of its facts (a
  superlative of place, "b1 (topmost)", "the lowest floor", is no rank; nor is a word of the
  domain's vocabulary) (:func:`ranked_aside`; read as a fact, "d3 (largest)" became ``clear
  d3``).

>>> ranked_aside("X (largest", frozenset()), ranked_aside("X, the smallest one", frozenset())
(True, True)
>>> ranked_aside("X (topmost)", frozenset()), ranked_aside("X is on the largest Y", frozenset())
(False, False)
>>> ranked_aside("X, west", frozenset()), ranked_aside("X (heaviest", frozenset({"heaviest"}))
(False, False)
>>> bare_noun_phrase("the ferry"), bare_noun_phrase("Could the ferry")
(True, True)
>>> bare_noun_phrase("the arm empty"), bare_noun_phrase("the ferry is at X")
(False, False)
>>> bare_noun_phrase("The magic block fountain")
True
>>> alternatives("X or Y"), alternatives("either X, Y or Z"), alternatives("X and Y")
(True, True, False)
>>> group_placed("the full tower back on X"), group_placed("all 4 on X")
(True, True)
>>> group_placed("can you get the whole set of three onto X")
True
>>> group_placed("nothing on X"), group_placed("the red one on X"), group_placed("X on X")
(False, False, False)
>>> unchanged("the X stays where it is"), unchanged("leave X as it is"), unchanged("X stays on Y")
(True, True, False)
"""

from __future__ import annotations

import re

from .mentions import NUMBER_WORDS
from .ordinals import plain_forms
from .world import PLACEHOLDERS, World, split_words, wordset

__all__ = [
    "alternatives",
    "bare_noun_phrase",
    "domain_lexicon",
    "foreign_subject",
    "group_placed",
    "order_only",
    "ranked_aside",
    "unchanged",
]

_DETERMINER = r"(?:the|a|an|our|my|your|its|their|this|that|his|her)"
_BARE = re.compile(
    rf"^(?:(?:could|can|would|will|and|but|so|then|also|now)\s+)*{_DETERMINER}\s+"
    r"(?P<words>[a-z][a-z\-]*(?:\s+[a-z][a-z\-]*){0,3})$",
    re.I,
)
#: Words that predicate something: a copula or auxiliary, a preposition, a negation, a state
#: word (general English; a bare noun phrase holds none of them).
_PREDICATING = wordset(
    "is are was were be been being am has have had does do did not no nothing none never "
    "on in at to of with without from by under over above below into onto off out up down "
    "inside outside near beside behind atop upon across between through there here "
    "empty free clear full open closed shut locked unlocked available busy idle ready done "
    "loaded unloaded broken intact flat tight loose clean dirty lit dark occupied vacant"
)
_COPULAR = re.compile(rf"^(?P<np>{_DETERMINER}\s+[^,;:]*?)\s+(?:is|are|was|were)\b", re.I)


def bare_noun_phrase(template: str) -> bool:
    """Is an object-less clause only a noun phrase ("the ferry", "The magic block fountain")?"""
    m = _BARE.match(template.strip())
    if m is None:
        return False
    words = m["words"].lower().split()
    return not any(
        w in _PREDICATING or w.endswith(("ed", "ing")) or w in PLACEHOLDERS for w in words
    )


def domain_lexicon(world: World) -> frozenset[str]:
    """Every word the domain and the problem use: object and class names, predicate names and
    their wordings' words (lower case)."""
    words: set[str] = set()
    for name in (*world.objects, *world.classes, *world.type_preds):
        words.add(name.lower())
        words.update(split_words(name))
    for name, pred in world.predicates.items():
        words.update(split_words(name))
        words.update(w.lower() for w in re.findall(r"[A-Za-z]+", f"{pred.template} {pred.plain}"))
    return frozenset(w for w in words if w not in PLACEHOLDERS)


def foreign_subject(template: str, lexicon: frozenset[str]) -> bool:
    """Is a copular clause's subject a noun phrase about something the problem does not have
    ("The X lights are on a timer", "The coffee machine is on X")? Its head (last word) is no
    placeholder and no word of the domain's ``lexicon`` (in either number)."""
    m = _COPULAR.match(template.strip())
    if m is None:
        return False
    head = m["np"].split()[-1]
    if head in PLACEHOLDERS or not head.isalpha():
        return False
    head = head.lower()
    return not {head, head.rstrip("s"), head[:-2] if head.endswith("es") else head} & lexicon


_UNCHANGED = re.compile(
    r"^(?:(?:the|a|an|block|and|but|so|while)\s+)*(?:X\s+)?(?:should\s+|must\s+|can\s+|will\s+)?"
    r"(?:stays?|remains?|keeps?|is\s+left|are\s+left|leave|left|staying|remaining)\s+"
    r"(?:(?:X|it|them)\s+)?(?:just\s+|exactly\s+)?"
    r"(?:where\s+(?:it|they|X)\s+(?:is|are|was|were|stands?|sits?)|in\s+place|put"
    r"|as\s+(?:it|they)\s+(?:is|are|was|were)|as\s+is|unchanged|untouched)$",
    re.I,
)


def unchanged(template: str) -> bool:
    """Does a clause only say that its object does not change ("the X stays where it is",
    "X remains in place", "leave X as it is")?"""
    return bool(_UNCHANGED.match(template.strip().rstrip(".!")))


_ORDER_ONLY = re.compile(
    r"^(?:and\s+)?X\s*,?\s*(?:in\s+(?:that|this|the\s+same)\s+order|respectively|in\s+order)$"
    r"|^(?:and\s+)?(?:X\s+)?(?:right\s+now|just\s+now|for\s+now|at\s+the\s+moment|at\s+present"
    r"|to\s+begin\s+with|at\s+the\s+start)$",
    re.I,
)


def order_only(template: str) -> bool:
    """Does a clause only list objects in an order ("X, in that order"), or only say when
    ("right now", after "every cell is empty (height n0)," inherits the cells as its subject)?

    >>> order_only("X, in that order"), order_only("X are clear, in that order")
    (True, False)
    >>> order_only("right now"), order_only("X is empty right now")
    (True, False)
    """
    return bool(_ORDER_ONLY.match(template.strip().rstrip(".!;")))


_GROUP_PLACED = re.compile(
    r"^(?P<subject>[a-z0-9' \-]+?)\s+(?:back\s+|again\s+|over\s+)?"
    r"(?:on|onto|upon|atop|to|in|into|at)\s+(?:the\s+)?X$",
    re.I,
)
_ASKING = wordset("can could would will you please and then now so")
_MOVING = wordset("move put bring take stack place carry shift transfer rebuild restore set get")
#: Words of a group's noun phrase: determiners, quantities and collective nouns (no name).
_GROUP_WORDS = wordset(
    "the a an its their our this that whole full entire complete same original all both of "
    "and then now so tower towers stack stacks pile piles column columns heap heaps "
    "everything lot set sets group"
)
_COLLECTIVE = wordset(
    "tower towers stack stacks pile piles column columns heap heaps everything set sets group lot"
)


def group_placed(template: str) -> bool:
    """Does a clause only put a group that no mention names somewhere ("the full tower back
    on X", "move the tower to X", "all 4 on X")? Its one object is the place, and no
    property of the place is said."""
    m = _GROUP_PLACED.match(template.strip().rstrip(".!;"))
    if m is None:
        return False
    words = m["subject"].lower().split()
    while words and words[0] in _ASKING:
        words = words[1:]
    if words and words[0] in _MOVING:
        words = words[1:]
    numeric = [w for w in words if w.isdigit() or w in NUMBER_WORDS]
    return (
        bool(words)
        and (bool(numeric) or bool(set(words) & _COLLECTIVE))
        and all(w in _GROUP_WORDS or w.isdigit() or w in NUMBER_WORDS for w in words)
    )


_ALTERNATIVES = re.compile(
    r"^(?:(?:either|or|and|but)\s+)?[XYZWV](?:\s*,\s*[XYZWV])*\s*,?\s+or\s+"
    r"(?:[XYZWV]|(?:any|another|some|anywhere|elsewhere|somewhere)\b[a-z\s]*)$"
)


def alternatives(template: str) -> bool:
    """Is a clause only names joined by "or" ("X or Y", "either X, Y or Z", "X or any other
    room")? It names choices, none of which is a fact."""
    return bool(_ALTERNATIVES.match(template.strip().rstrip(".!?;")))


_RANKED = re.compile(
    r"^X\s*[(,\-:]*\s*(?:is\s+|being\s+)?(?:the\s+)?(?P<word>[a-z]{3,}est)"
    r"(?:\s+(?:one|of\s+(?:them|all)))?\s*\)?$",
    re.I,
)
#: Superlatives of place (where an object stands, which may be a fact: "b1 (topmost)") and
#: nouns that end like a superlative: no rank.
_NO_RANK = wordset(
    "highest lowest uppermost topmost bottommost lowermost nearest closest farthest furthest "
    "westernmost easternmost northernmost southernmost leftmost rightmost innermost outermost "
    "northwest southwest midwest forest harvest request interest contest conquest"
)


def ranked_aside(template: str, lexicon: frozenset[str]) -> bool:
    """Is a clause only an object and a superlative of size ("X (largest", "X, the smallest
    one"): a rank said in passing, no fact? Not a superlative of place, nor a domain word."""
    m = _RANKED.match(template.strip())
    if m is None:
        return False
    word = m["word"].lower()
    return word not in _NO_RANK and word not in lexicon


_HEADED = re.compile(r"^\s*([A-Za-z]+)\s*:\s*X\s*$")


def class_header(world: World, template: str, objects: list[str]) -> bool:
    """Is the clause a class noun over its objects' list ("Children: child1-child3",
    "Passengers: p1, p2"), naming what they are and stating no fact of the domain?"""
    m = _HEADED.match(template)
    if m is None or not objects:
        return False
    forms = set(plain_forms(m.group(1).lower()))
    return any(
        f in world.classes and f != "object" and set(objects) <= world.classes[f] for f in forms
    ) or all(world.objects.get(o, "").lower() in forms for o in objects)
