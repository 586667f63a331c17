"""The abstract lever: problems described in their pack's own vocabulary, tolerant of
anything, and the default aligner matching abstract requests through it."""

from __future__ import annotations

import pytest

from planetarium_plugin import DomainPack, default_registry
from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.goals import describe_goals, pack_of
from planetarium_plugin.alignment.model import number_agreement

LIGHTS = """(define (domain lights) (:predicates (on ?l) (off ?l))
  (:action switch :parameters (?l) :precondition (off ?l) :effect (and (on ?l) (not (off ?l)))))"""


def _problem(goal: str) -> str:
    return (
        "(define (problem p) (:domain lights) (:objects l1 l2) (:init (off l1) (off l2)) "
        f"(:goal (and {goal})))"
    )


def _all_on(problem):
    objs = set(problem.objects)
    lit = {a.args[0] for a in problem.goal.positive if a.predicate == "on"}
    return ("to switch every light on.",) if lit == objs else ()


def _broken(problem):
    raise RuntimeError("a third-party describer with a bug")


def test_describe_goals_uses_the_given_pack_and_tolerates_anything():
    pack = DomainPack(name="lights", domain_pddl=LIGHTS, describe_goal=_all_on)
    out = describe_goals(
        [_problem("(on l1) (on l2)"), _problem("(on l1)"), "not PDDL", b"\xff\xfe", ""], pack
    )
    assert out == [("to switch every light on.",), (), (), (), ()]
    bad = DomainPack(name="lights", domain_pddl=LIGHTS, describe_goal=_broken)
    assert describe_goals([_problem("(on l1)")], bad) == [()]
    bare = DomainPack(name="lights", domain_pddl=LIGHTS)
    assert describe_goals([_problem("(on l1)")], bare) == [()]


def test_pack_of_reads_the_problems_domain():
    reg = default_registry()
    assert pack_of("(define (problem p) (:domain BLOCKSWORLD) (:objects))") is reg["blocksworld"]
    assert pack_of("(define (problem p) (:domain no-such-domain))") is None
    assert pack_of("no domain at all") is None


def test_number_agreement_counts_numbers_as_multisets():
    assert number_agreement("3 towers of heights 1, 2, 2", "heights 2, 1, 2 in 3 towers") == 1.0
    assert number_agreement("2 towers of equal height 3.", "3 towers of equal height 2.") == 1.0
    assert number_agreement("4 towers", "5 towers") == 0.0
    assert number_agreement("towers of heights 1 to 3.", "towers of heights 1 to 3") == 1.0
    assert number_agreement("version 3.5 of b12", "") == 1.0  # neither has a whole number


BW_INIT = (
    "(define (problem p) (:domain blocksworld) (:objects b1 b2 b3) (:init (arm-empty) "
    "(on-table b1) (on-table b2) (on-table b3) (clear b1) (clear b2) (clear b3)) "
)
TOWER = BW_INIT + "(:goal (and (on b1 b2) (on b2 b3) (on-table b3) (clear b1) (arm-empty))))"
TABLE = BW_INIT + "(:goal (and (on-table b1) (on-table b2) (on-table b3) (arm-empty))))"
TWO = BW_INIT + "(:goal (and (on b1 b2) (on-table b2) (on-table b3) (arm-empty))))"


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner()


@pytest.mark.parametrize(
    "text, right, wrong",
    [
        ("You have 3 blocks, each on the table. Your goal is to build one tower with all "
         "three blocks.", TOWER, TABLE),
        ("You have 3 blocks, each on the table. Your goal is to put every block down on the "
         "table.", TABLE, TOWER),
        ("You have 3 blocks, each on the table. Your goal is to make 2 stacks: one of "
         "height 2 and one of height 1.", TWO, TOWER),
    ],
)  # fmt: skip
def test_default_aligner_matches_abstract_requests_worded_freely(aligner, text, right, wrong):
    """Paraphrases, not the generator's wording: the encoder matches the pack's sentences."""
    good, bad = aligner.similarity([text, text], [right, wrong])
    assert good > bad


def test_default_head_reads_the_abstract_lever(aligner):
    assert aligner.head is not None and aligner.head.describes
    assert "abstract" in aligner.head.embed


def _tower(n: int) -> str:
    blocks = [f"b{i}" for i in range(n)]
    init = " ".join(f"(on-table {b}) (clear {b})" for b in blocks)
    goal = " ".join(f"(on {a} {b})" for a, b in zip(blocks, blocks[1:], strict=False))
    return (
        f"(define (problem p) (:domain blocksworld) (:objects {' '.join(blocks)}) "
        f"(:init (arm-empty) {init}) (:goal (and {goal} (on-table b{n - 1}))))"
    )


def test_huge_problems_are_not_described():
    """Pack rules may be superlinear: past the atom bound the aligner does not ask them."""
    from planetarium_plugin.alignment.goals import MAX_DESCRIBED_ATOMS

    small, huge = describe_goals([_tower(5), _tower(MAX_DESCRIBED_ATOMS // 2 + 1)])
    assert "to stack all the blocks into a single tower, with your arm empty." in small
    assert huge == ()


def test_describers_take_hostile_candidates():
    """Model output through every pack's describer: always a tuple of strings, never an error
    (the CI fuzz harness's items; 3,000 of them took at most 58 ms each when measured)."""
    from hostile import hostile_items

    items = list(hostile_items(seed=5, n=300))
    for item in items:
        (out,) = describe_goals([item.candidate], item.domain)
        assert isinstance(out, tuple) and all(isinstance(s, str) for s in out)
    described = sum(bool(describe_goals([i.candidate])[0]) for i in items)
    assert 0 < described < len(items)  # some hostile goals still read as a layout, most not


def test_lexical_match_credits_abbreviated_predicate_words():
    """``pkg-at`` is stated by "Package pkg1 should be at site2." (uav-delivery's explicit
    texts scored 0.35 as true pairs before abbreviations counted)."""
    from planetarium_plugin.alignment.render import goal_atoms, lexical_match

    g = goal_atoms("(define (problem p) (:objects pkg1 site2) (:init) "
                   "(:goal (and (pkg-at pkg1 site2))))")  # fmt: skip
    assert lexical_match("Package pkg1 should be at site2.", g)[:2] == (1.0, 1.0)
    assert lexical_match("Package pkg1 should be near site2.", g)[0] == 0.75


def test_reworded_holds_out_the_texts_own_wording():
    """Training's third view: descriptions without the generator's exact sentence; a pair
    left with no description is dropped, undescribed pairs are kept as they are."""
    from planetarium_plugin.alignment.data import AlignPair
    from planetarium_plugin.alignment.training import reworded

    text = "You have 3 blocks. Your goal is to stack all the blocks into a single tower, " \
        "with your arm empty."  # fmt: skip
    pairs = [AlignPair(text, TOWER, 1), AlignPair(text, TABLE, 0), AlignPair(text, "junk", 0)]
    said = [("to stack all the blocks into a single tower, with your arm empty.", "one tower."),
            ("to have every block on the table and your arm empty.",), ()]  # fmt: skip
    kept, rest = reworded(pairs, said)
    assert kept == pairs and rest == [("one tower.",), said[1], ()]
    alone = [("To stack all the blocks into a single tower, with your arm empty",)]
    assert reworded(pairs[:1], alone) == ([], [])
    full, full_said = reworded(pairs[:2])  # the packs' own describers
    assert full == pairs[:2] and full_said[0] and all(
        s.lower().rstrip(".") != split_goal(text) for s in full_said[0]
    )


def split_goal(text: str) -> str:
    from planetarium_plugin.alignment.render import split_text

    return split_text(text)[1].lower().rstrip(".")


def test_abstract_lever_averages_the_two_best_wordings(aligner):
    """One lucky wording of another goal must not win: cos_abs is the mean of the two best
    cosines, not the best one."""
    from planetarium_plugin.alignment.model import pair_features

    text = "Your goal is to build one tower."
    said = ("to build one tower.", "a single stack of blocks.", "every block on the table.")
    f = pair_features(aligner.encoder, [text], [TOWER], embed=("abstract",), described=[said])
    vec = aligner.encoder.embed(["to build one tower.", *said])
    cos = sorted((vec[1:] @ vec[0]).tolist())
    assert f.get("cos_abs")[0] == pytest.approx((cos[-1] + cos[-2]) / 2, abs=1e-5)
    assert f.get("cos_abs")[0] < cos[-1] - 1e-3
