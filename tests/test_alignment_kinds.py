"""Class facts of an untyped domain stated outright (issue 19, PlanBench logistics).

In an untyped domain the static unary predicates that name classes (``(truck t0)``,
``(airport l0)``) are read as types; a text rarely states them. When it does ("location_2_0 is
an airport"), the fact is checked like any other: a problem that makes another location the
airport contradicts the text. Real public text: a ``planbench-logistics`` dev row (PlanBench,
MIT) with its repository's own domain file.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from planetarium_plugin.alignment import Aligner

PAIRS = Path(__file__).parents[1] / "benchmarks" / "data" / "alignment_public" / "pairs.jsonl"


@pytest.fixture(scope="module")
def logistics() -> dict[str, dict]:
    rows = [json.loads(x) for x in PAIRS.read_text().splitlines() if "planbench-logistics/155" in x]
    return {r["mutation"]: r for r in rows if r["pair_id"] == "planbench-logistics/155"}


def test_a_moved_airport_contradicts_the_text(logistics: dict[str, dict]) -> None:
    right, moved = logistics["none"], logistics["init_fact"]
    assert "(airport location_2_0)" in right["problem_pddl"]
    assert "(airport location_2_0)" not in moved["problem_pddl"]  # the mutation moves it
    al = Aligner(domain=right["domain_pddl"])
    good = al.explain(right["text"], right["problem_pddl"])
    bad = al.explain(right["text"], moved["problem_pddl"])
    assert good.aligned and not good.init.missing_in_problem and not good.init.contradicted
    stated = {f.atom for f in good.init.stated}
    assert {"(airport location_0_0)", "(airport location_2_0)"} <= stated
    assert not bad.aligned and bad.similarity < good.similarity
    assert "(airport location_2_0)" in {f.atom for f in bad.init.missing_in_problem}


def test_class_facts_left_to_the_names_are_not_required(logistics: dict[str, dict]) -> None:
    """Texts that never say "truck_0 is a truck" lose nothing: class facts stay types."""
    right = logistics["none"]
    al = Aligner(domain=right["domain_pddl"])
    e = al.explain(right["text"], right["problem_pddl"])
    assert not any(a.startswith(("(truck ", "(obj ", "(city ")) for a in e.init.unstated)
    said = right["text"].replace("As initial conditions I have that, ", "truck_0 is a truck, ")
    again = al.explain(said, right["problem_pddl"])
    assert "(truck truck_0)" in {f.atom for f in again.init.stated}
    assert again.similarity == pytest.approx(e.similarity)
