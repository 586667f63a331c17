"""Domain evaluation: bounded equivalence, per-action differences and SPAR's three metrics."""

from __future__ import annotations

import functools
import re

import pytest
from domain_mutations import MUTATIONS, mutate, renamed_and_reordered

from planetarium_plugin import DomainScore, domain_packs, evaluate_domain
from planetarium_plugin.domains import compare_actions, default_problems
from planetarium_plugin.parsing import parse_domain

PACKS = sorted(MUTATIONS)
#: Every installed pack with a generator: each must be equivalent to itself, renamed.
GENERATED = sorted(name for name, p in domain_packs().items() if p.generate is not None)


@functools.cache
def score(pack: str, kind: str | None) -> DomainScore:
    text = domain_packs()[pack].domain_pddl
    if kind is None:
        return evaluate_domain(pack, renamed_and_reordered(domain_packs()[pack].domain))
    action, edit = MUTATIONS[pack][kind]
    return evaluate_domain(pack, mutate(text, action, edit))


def test_every_described_pack_has_hand_made_mutations():
    described = {n for n in GENERATED if domain_packs()[n].descriptions is not None}
    assert described <= set(PACKS) <= set(GENERATED)


@pytest.mark.parametrize("pack", GENERATED)
def test_renamed_and_reordered_ground_truth_is_equivalent(pack):
    s = score(pack, None)
    assert s.parseable and s.equivalent is True, s.message
    assert s.exit_code == 0 and s.reason is None
    assert all(a.status == "match" for a in s.actions), [a.message for a in s.actions]
    # parameters were reversed: the mapping undoes it
    assert any(
        dict(a.mapping)
        and list(a.mapping.values())
        != [
            v
            for v, _ in next(
                x for x in domain_packs()[pack].domain.actions if x.name == a.name
            ).params
        ]
        for a in s.actions
        if len(a.mapping) > 1
    )
    n = len(default_problems(domain_packs()[pack]))
    assert n >= 5 and len(s.problems) == n
    for rate in (s.executability, s.feasibility, s.interpretability):
        assert (rate.count, rate.total, rate.value) == (n, n, 1.0)


CASES = [(pack, kind) for pack in PACKS for kind in MUTATIONS[pack]]


@pytest.mark.parametrize(("pack", "kind"), CASES)
def test_mutation_is_caught_with_the_right_action(pack, kind):
    action = MUTATIONS[pack][kind][0]
    s = score(pack, kind)
    assert s.parseable, s.diagnostics
    assert s.equivalent is False and s.exit_code == 1
    assert s.reason == "transition_differs"
    assert s.difference is not None and s.difference.action == action, s.message
    assert action in s.message
    diff = {a.name: a for a in s.actions}[action]
    if kind == "missing action":
        assert diff.status == "missing"
        assert s.difference.kind == "ground_truth_only"
    else:
        assert diff.status == "differs", diff
        assert diff.missing_preconditions or diff.missing_effects
    assert all(a.status == "match" for a in s.actions if a.name != action)


@pytest.mark.parametrize("pack", PACKS)
def test_spar_metrics_move_as_defined(pack):
    """Relaxing a domain keeps every ground-truth plan valid in it (interpretability); removing
    an action keeps every candidate plan valid in the ground truth (feasibility)."""
    relaxed = score(pack, "dropped precondition")
    assert relaxed.interpretability.count == relaxed.interpretability.total
    assert relaxed.feasibility.count <= relaxed.executability.count
    restricted = score(pack, "missing action")
    assert restricted.feasibility.count == restricted.executability.count
    assert restricted.interpretability.count <= restricted.interpretability.total


def test_spar_metrics_drop_where_plans_need_the_mutated_action():
    # ground-truth plans unstack blocks, carry balls, recharge, take photos
    for pack in ("blocksworld", "gripper", "uav-delivery", "uav-inspection"):
        s = score(pack, "missing action")
        assert s.interpretability.count < s.interpretability.total, pack
    # a flight that costs one more unit of battery: some ground-truth plans run out
    s = score("uav-delivery", "numeric effect off by one")
    assert s.interpretability.count < s.interpretability.total
    assert s.feasibility.count == s.executability.count
    # plans found without (clear ?ob)-style guards are not all valid in the ground truth
    assert score("gripper", "dropped precondition").feasibility.count < len(
        score("gripper", "dropped precondition").problems
    )


def test_difference_explains_the_first_differing_state():
    s = score("blocksworld", "dropped delete effect")
    d = s.difference
    assert d.kind == "successor" and d.step.startswith("(stack ")
    assert "(not (holding" in " ".join(d.ground_truth)
    assert "(not (holding" not in " ".join(d.candidate)
    assert d.path and d.path[-1].startswith("(pickup") or d.path[-1].startswith("(unstack")
    assert s.to_dict()["difference"]["action"] == "stack"


def test_action_diff_names_the_literals():
    gt = domain_packs()["blocksworld"].domain
    text = mutate(
        domain_packs()["blocksworld"].domain_pddl, *MUTATIONS["blocksworld"]["swapped arguments"]
    )
    diffs = {d.name: d for d in compare_actions(gt, parse_domain(text))}
    assert diffs["stack"].missing_effects == ("(on ?ob ?underob)",)
    assert diffs["stack"].extra_effects == ("(on ?underob ?ob)",)
    assert diffs["pickup"].status == "match"


def test_extra_and_renamed_actions_are_reported():
    text = domain_packs()["blocksworld"].domain_pddl.replace(
        "(:action putdown", "(:action put-down"
    )
    s = evaluate_domain("blocksworld", text, metrics=False)
    status = {a.name: a.status for a in s.actions}
    assert status["putdown"] == "missing" and status["put-down"] == "extra"
    assert s.equivalent is False
    assert any(d.code == "vocabulary" and d.symbol == "put-down" for d in s.diagnostics)


def test_json_fields():
    d = score("gripper", None).to_dict()
    for key in (
        "parseable",
        "reason",
        "message",
        "diagnostics",
        "executability",
        "feasibility",
        "interpretability",
        "equivalent",
        "actions",
        "elapsed_ms",
    ):
        assert key in d
    assert d["executability"] == {"value": 1.0, "count": 7, "total": 7}


def test_problem_directory_and_texts(tmp_path):
    pack = domain_packs()["gripper"]
    for case in default_problems(pack)[:3]:
        (tmp_path / f"{case.name}.pddl").write_text(case.text)
    s = evaluate_domain("gripper", pack.domain_pddl, problems=tmp_path, metrics=False)
    assert s.equivalent is True and len(s.problems) == 3
    s = evaluate_domain("gripper", pack.domain_pddl, problems=[default_problems(pack)[0].text])
    assert s.equivalent is True and s.executability.total == 1


@pytest.mark.parametrize("pack", ["blocksworld", "gripper"])
def test_default_problem_set_has_the_documented_size(pack):
    """`--problems` says "default 7": the default set has that many, also its most (asking for
    more gives the same set), and the help and the docstring name the same figure."""
    from planetarium_plugin.cli.parser import build_parser
    from planetarium_plugin.domains.problems import DEFAULT_COUNT

    cases = default_problems(domain_packs()[pack])
    assert len(cases) == DEFAULT_COUNT
    assert default_problems(domain_packs()[pack], DEFAULT_COUNT + 5) == cases
    domain_cmd = build_parser()._subparsers._group_actions[0].choices["domain"]
    problems = next(a for a in domain_cmd._actions if "--problems" in a.option_strings)
    for text in (evaluate_domain.__doc__, problems.help):
        said = re.search(r"\(default (?:and most )?(\d+)", " ".join(text.split()))
        assert said and int(said[1]) == DEFAULT_COUNT, text
