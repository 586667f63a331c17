"""Objects a text names that the problem lacks (issue 19, found on ``isr-llm``): a name in the
problem's own naming scheme ("b4" next to b1, b2, b3) that no object has is an object the
problem misses, so what the text says of it is missing from the problem (not a fact about
another object). Wordings and problems written for these tests."""

from __future__ import annotations

import pytest

from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.facts import read_world
from planetarium_plugin.alignment.facts.unknown import MAX_UNKNOWN, with_unknown_objects


def _blocks(names: tuple[str, ...], on: tuple[str, str]) -> str:
    objs = " ".join(names)
    rest = " ".join(f"(on-table {n})" for n in names if n != on[0])
    return (
        f"(define (problem p) (:domain blocksworld) (:objects {objs}) (:init (arm-empty) "
        f"(on {on[0]} {on[1]}) {rest} (clear {on[0]}) "
        + " ".join(f"(clear {n})" for n in names if n not in on)
        + f") (:goal (and (on {on[1]} {on[0]}))))"
    )


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner(domain="blocksworld")


@pytest.mark.parametrize(
    "text",
    [
        "I have four blocks. b2 sits on b1; b1, b3 and b4 are on the table. "
        "Goal: b1 on top of b2.",
        "Blocks: b1, b2, b3, b4. Initially b2 is on b1 and the rest lie on the table, "
        "the arm is empty. Please put b1 onto b2.",
    ],
)
def test_an_object_the_problem_lacks_is_missing_from_it(aligner, text):
    full = _blocks(("b1", "b2", "b3", "b4"), ("b2", "b1"))
    short = _blocks(("b1", "b2", "b3"), ("b2", "b1"))  # b4 left out of the problem
    e = aligner.explain(text, short)
    missing = {f.atom for f in e.init.missing_in_problem}
    assert any("b4" in a for a in missing), missing
    assert not any("b4" in f.atom for f in e.init.stated)
    assert aligner.score(text, full).similarity > aligner.score(text, short).similarity
    # renaming the objects consistently (another prefix) leaves both scores as they were
    ren = {"b1": "k1", "b2": "k2", "b3": "k3", "b4": "k4"}

    def rename(s: str) -> str:
        for a, b in ren.items():
            s = s.replace(a, b)
        return s

    for p in (full, short):
        a = aligner.score(text, p).similarity
        b = aligner.score(rename(text), rename(p)).similarity
        assert abs(a - b) < 1e-6


def test_only_names_in_the_problems_scheme_and_at_most_a_few():
    w = read_world("(define (problem p) (:domain d) (:objects b1 b2 r1 - x) (:init) (:goal (and)))")
    assert set(with_unknown_objects(w, "b7 is next to c3, d-4 and r2").objects) == {
        "b1", "b2", "r1", "b7"
    }  # fmt: skip
    many = " ".join(f"b{k}" for k in range(3, 40))
    assert len(with_unknown_objects(w, many).objects) == 3 + MAX_UNKNOWN
    assert with_unknown_objects(w, "b1 and b2 only") is w
