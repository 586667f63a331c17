"""What a clause piece's own words say about the objects it names (issue 19): whether the word
after a subject is a verb agreeing with one object ("wp2 sees both of them"), and whether a bare
list item before the piece is one more subject or a member of a sequence the piece goes on with
("Heights: n0, n1 above n0, n2 above n1": nothing is above itself, so n0 is no subject of
"n1 above n0").
"""

from __future__ import annotations

from .mentions import Mention, Token
from .world import wordset

__all__ = ["VERBS_S", "self_related", "singular"]

VERBS_S = wordset(
    "has is was does goes lies sits rests stands holds carries contains remains stays "
    "supports sees needs wants keeps makes gets"
)


def singular(toks: list[Token], k: int) -> bool:
    """Is token ``k`` a verb agreeing with a singular subject ("sees", "holds", "is")?"""
    w = toks[k].text if k < len(toks) else ""
    return w in VERBS_S or (w.isalpha() and w.endswith("s") and not w.endswith("ss"))


def self_related(items: list[Mention], others: list[list[Mention]]) -> bool:
    """Does a later slot of the piece name an object of the bare list before it? Then the list
    would relate an object to itself if it joined the piece's subject: it does not."""
    listed = {m.objects for m in items if len(m.objects) == 1}
    return any(m.objects in listed for sl in others for m in sl)
