"""The lock-step search agrees with a brute-force oracle on random single-literal mutations.

Oracle: the ground truth's reachable states enumerated by ``specify``'s generic search, and in
every one of them the successors of both domains computed from ``specify``'s grounding — no
code shared with the lock-step search's compiled, indexed successor generator. Two domains
induce the same transition system from the init iff they agree on every ground-truth
reachable state (by induction on the path).
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planetarium_plugin import domain_packs, evaluate_domain
from planetarium_plugin.domains import default_problems, domain_to_pddl
from planetarium_plugin.parsing import parse_domain, parse_problem
from planetarium_plugin.planning import problem_to_pddl
from planetarium_plugin.specify import (
    COMPARE,
    apply_numeric,
    evaluate_expr,
    ground_actions,
    reachable_states,
)

PACKS = ("blocksworld", "gripper", "rover-single", "uav-inspection", "uav-delivery")
FIELDS = ("pre_pos", "pre_neg", "pre_num", "add", "delete", "num_eff")
N_PROBLEMS = 3


def successors(actions, state):
    atoms, items = state
    values = dict(items)
    out = {}
    for a in actions:
        if not (a.pre_pos <= atoms) or (a.pre_neg & atoms):
            continue
        try:
            if not all(
                COMPARE[op](evaluate_expr(lhs, values), evaluate_expr(rhs, values))
                for op, lhs, rhs in a.pre_num
            ):
                continue
            new = dict(values)
            for op, key, expr in a.num_eff:
                new[key] = apply_numeric(op, values.get(key), evaluate_expr(expr, values), key)
        except (KeyError, ZeroDivisionError):
            continue
        nxt = ((atoms - a.delete) | a.add, frozenset((k, Fraction(v)) for k, v in new.items()))
        out[(a.name, a.args)] = nxt
    return out


def oracle(pack, cand_text: str) -> bool:
    cand = parse_domain(cand_text)
    for case in default_problems(pack, N_PROBLEMS):  # the set evaluate_domain uses
        cprob = parse_problem(problem_to_pddl(case.problem, cand), cand)
        g_actions = ground_actions(case.problem, pack.domain)
        c_actions = ground_actions(cprob, cand)
        for state in reachable_states(case.problem, pack.domain):
            if successors(g_actions, state) != successors(c_actions, state):
                return False
    return True


@st.composite
def mutations(draw):
    pack = domain_packs()[draw(st.sampled_from(PACKS))]
    actions = list(pack.domain.actions)
    i = draw(st.integers(0, len(actions) - 1))
    act = actions[i]
    fields = [f for f in FIELDS if getattr(act, f)]
    field = draw(st.sampled_from(fields))
    items = list(getattr(act, field))
    j = draw(st.integers(0, len(items) - 1))
    types = dict(act.params)
    swap = (
        field in ("pre_pos", "add", "delete")
        and len(items[j].args) >= 2
        and types.get(items[j].args[0]) == types.get(items[j].args[1])  # stays well-typed
        and draw(st.booleans())
    )
    if swap:  # swap the first two arguments inside the atom
        atom = items[j]
        items[j] = atom._replace(args=(atom.args[1], atom.args[0], *atom.args[2:]))
    else:
        del items[j]
    actions[i] = dataclasses.replace(act, **{field: tuple(items)})
    text = domain_to_pddl(dataclasses.replace(pack.domain, actions=tuple(actions)))
    return pack, act.name, text


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutations())
def test_lockstep_agrees_with_the_oracle(case):
    pack, action, text = case
    s = evaluate_domain(pack.name, text, problems=N_PROBLEMS, metrics=False)
    assert s.parseable, s.diagnostics
    expected = oracle(pack, text)
    assert s.equivalent is expected, (action, s.message)
    if expected is False:
        assert s.difference.action == action  # the difference names the mutated action


def test_a_redundant_precondition_is_rightly_equivalent():
    """Gripper's (ball ?obj) in pick is implied by (at ?obj ?room): dropping it changes nothing
    reachable, and both the search and the oracle say so."""
    pack = domain_packs()["gripper"]
    text = pack.domain_pddl.replace("(ball ?obj) (room ?room) (gripper ?gripper)\n"
                                    "                       (at ?obj ?room)",
                                    "(room ?room) (gripper ?gripper)\n"
                                    "                       (at ?obj ?room)", 1)  # fmt: skip
    assert text != pack.domain_pddl
    s = evaluate_domain("gripper", text, problems=N_PROBLEMS, metrics=False)
    assert s.equivalent is True and oracle(pack, text) is True
    assert {a.name: a.status for a in s.actions}["pick"] == "differs"  # syntactically, it does
