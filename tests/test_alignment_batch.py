"""A batch scores every pair exactly as one call per pair does (issue 19).

Texts written for these tests, in two domains (blocksworld, gripper), right and wrong pairs. The
encoder batches strings of one word-piece count together (no padding), so a string's vector —
and a pair's similarity — does not depend on what else is in the batch or was embedded before.
"""

from __future__ import annotations

import numpy as np
import pytest
from problems import four_blocks

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.encoder import Encoder
from planetarium_plugin.alignment.facts import read_world
from planetarium_plugin.alignment.facts.reading import Reading

BALLS = (
    "(define (problem p) (:domain gripper) (:objects roomx roomy ball1 ball2 left right) "
    "(:init (room roomx) (room roomy) (ball ball1) (ball ball2) (gripper left) (gripper right) "
    "(at-robby roomx) (at ball1 roomx) (at ball2 roomx) (free left) (free right)) "
    "(:goal (and (at ball1 roomy) (at ball2 roomy))))"
)
BALLS_WRONG = BALLS.replace("(at ball2 roomy)", "(at ball2 roomx)")
PAIRS = [
    (
        "Four blocks k1, k2, k3 and k4 sit on the table, all clear, and the hand is empty. "
        "Build a tower with k4 at the bottom, then k2, then k1, with k3 on top.",
        four_blocks("(on k2 k4) (on k1 k2) (on k3 k1)"),
    ),
    (
        "All four blocks are on the table; the arm holds nothing. Goal: k1 on k2.",
        four_blocks("(on k1 k2)"),
    ),
    (
        "All four blocks are on the table; the arm holds nothing. Goal: k1 on k2.",
        four_blocks("(on k2 k1)"),
    ),
    (
        "The robot is in roomx with both grippers free; ball1 and ball2 are in roomx too. "
        "Please carry both balls to roomy.",
        BALLS,
    ),
    (
        "Robby starts in room x, where the two balls lie; his left and right hands are empty. "
        "In the end ball1 and ball2 must be in room y.",
        BALLS_WRONG,
    ),
    ("Move ball1 to roomy — and ball2 as well.", BALLS),
]


@pytest.fixture(scope="module")
def batch_scores() -> list[float]:
    """The pairs' similarities from one ``explain_many`` call on a fresh encoder."""
    texts, pddls = zip(*PAIRS, strict=True)
    return [e.similarity for e in Aligner(encoder=Encoder()).explain_many(texts, pddls)]


def test_a_batch_gives_each_pair_the_similarity_of_one_call(batch_scores):
    fresh = Encoder()  # nothing embedded yet: each call embeds its own strings alone
    single = [Aligner(encoder=fresh).explain(t, p).similarity for t, p in PAIRS]
    assert single == batch_scores
    backwards = Encoder()  # another history: the pairs one at a time in the reverse order
    again = [Aligner(encoder=backwards).explain(t, p).similarity for t, p in PAIRS[::-1]]
    assert again[::-1] == batch_scores
    assert batch_scores[1] > batch_scores[2] and batch_scores[3] > batch_scores[4]


def test_a_vector_does_not_depend_on_its_batch():
    model = Encoder().model
    texts = [t for t, _ in PAIRS] + ["b1 is on b2", "the arm is empty", "k3 sits on k1"]
    together = model.encode(texts)
    alone = np.stack([model.encode([t])[0] for t in texts])
    assert (together == alone).all()
    some = [4, 0, 7]
    assert (model.encode([texts[i] for i in some]) == together[some]).all()


def test_a_reading_is_shared_by_the_readers_and_read_again_only_when_rewritten():
    w = read_world(BALLS)
    r = Reading.of("Move ball1 to roomy - and ball2 as well.", w)
    assert r.of_text(r.text) is r
    other = r.of_text("Move ball1 to roomy ;  and ball2 as well.")
    assert other is not r and other.world is w
    assert [m.objects for m in other.mentions] == [m.objects for m in r.mentions]
