"""One reading of a request: what every clause reader needs of the text, computed once (issue 19).

The clause readers — :func:`.clauses.split_clauses`, :mod:`.sequences`, :mod:`.grids`,
:mod:`.towers`, :mod:`.moved`, :mod:`.placed_lists`, :mod:`.structured`, :mod:`.loose` and
:func:`.abstract.described_goals` — each read the same text against the same world: its word
tokens, its object mentions (:func:`~.mentions.find_mentions`) and its init/goal sections
(:func:`~.sections.sections` with the domain's vocabulary). Each used to compute them anew (a
profile of 400 development pairs counted 1,446 ``find_mentions`` calls for 400 texts); a
:class:`Reading` holds them, built once per text by :func:`~.explain_pairs` and passed to every
reader. It is a plain value: nothing is cached anywhere else.

>>> from planetarium_plugin.alignment.facts.world import read_world
>>> w = read_world("(define (problem p) (:domain d) (:objects b1 b2) (:init) (:goal (and)))")
>>> r = Reading.of("b1 is on b2. Goal: b2 on b1.", w)
>>> [(m.text, m.objects) for m in r.mentions], r.sections
([('b1', ('b1',)), ('b2', ('b2',)), ('b2', ('b2',)), ('b1', ('b1',))], ((0, 'init'), (13, 'goal')))
>>> Reading.of("b1 is on b2.", w).of_text("b1 is on b2.") is not None
True
"""

from __future__ import annotations

from dataclasses import dataclass

from .mentions import Mention, Token, find_mentions, tokenize
from .sections import sections, vocabulary_words
from .world import World

__all__ = ["Reading"]


@dataclass(frozen=True, eq=False)
class Reading:
    """A text read against a world: its tokens, object mentions and sections (offsets into
    ``text``), and the domain's vocabulary words that are no section cue there."""

    text: str
    world: World
    tokens: tuple[Token, ...]
    mentions: tuple[Mention, ...]
    sections: tuple[tuple[int, str], ...]
    vocabulary: frozenset[str]

    @classmethod
    def of(cls, text: str, world: World) -> Reading:
        """Read ``text`` against ``world`` (the one place the readers' shared work is done)."""
        toks = tuple(tokenize(text))
        vocab = vocabulary_words(world)
        return cls(
            text,
            world,
            toks,
            tuple(find_mentions(text, world, toks)),
            tuple(sections(text, vocab, world.verbs)),
            vocab,
        )

    def of_text(self, text: str) -> Reading:
        """This reading when it read ``text``, else a new reading of ``text`` (same world): a
        reader that rewrites the text first (dashes into clause breaks) reads it again only
        when the rewrite changed it."""
        return self if text == self.text else Reading.of(text, self.world)
