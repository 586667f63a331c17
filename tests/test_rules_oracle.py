"""Every pack's fullySpecify rules agree with the brute-force oracle on random small problems."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from strategies import PROBLEMS

from planetarium_plugin import (
    FullySpecifiedGoal,
    domain_packs,
    parse_problem,
    search_fully_specify,
)


@pytest.mark.parametrize("pack_name", sorted(PROBLEMS))
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=__import__("hypothesis").strategies.data())
def test_rules_match_oracle(pack_name, data):
    pack = domain_packs()[pack_name]
    text = data.draw(PROBLEMS[pack_name])
    problem = parse_problem(text, pack.domain)
    oracle = search_fully_specify(problem, pack.domain)
    closed = pack.fully_specify(problem, pack.domain)
    assert closed is not None, "rules declined a valid problem"
    # The built-in classical packs also decide reachability (no planner call for a verdict).
    assert isinstance(closed, FullySpecifiedGoal) and closed.method == "rules"
    assert closed.reachable is oracle.reachable
    rules = closed.positive
    if oracle.reachable:
        assert rules == oracle.positive, (
            f"missing {sorted(map(str, oracle.positive - rules))} "
            f"extra {sorted(map(str, rules - oracle.positive))}"
        )
    else:
        assert rules == problem.goal.positive  # unreachable goals stay as written
