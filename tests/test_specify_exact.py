"""The generic fullySpecify: budgets honoured at every step, and exact against the oracle."""

from __future__ import annotations

import random
import time

import pytest

from planetarium_plugin import Deadline, PlanetariumError, domain_packs, parse_problem
from planetarium_plugin.specify import reachable_states, search_fully_specify


def _big_delivery():
    pack = domain_packs()["uav-delivery"]
    inst = next(
        i
        for i in pack.generate(random.Random(0), 8)
        if i.goal_layout == "all_to_base" and i.init_layout == "star_spread"
    )
    return parse_problem(inst.problem_pddl, pack.domain), pack.domain


@pytest.mark.parametrize("budget", [0.2, 0.6])
def test_explicit_search_honours_the_deadline(budget):
    """Issue 11 #4: the deadline was checked only when the state count hit a multiple of 256,
    so a 10 s budget ran 28 s. Every expanded state now checks it."""
    problem, domain = _big_delivery()
    for run in (reachable_states, search_fully_specify):
        t0 = time.perf_counter()
        with pytest.raises(PlanetariumError) as err:
            run(problem, domain, max_states=10**9, deadline=Deadline(budget))
        elapsed = time.perf_counter() - t0
        assert err.value.reason == "timeout"
        assert elapsed < budget + 0.3, f"{run.__name__} overran: {elapsed:.2f} s for {budget} s"
