"""A written domain checked action by action against a pack's descriptions: the API, the
``planetarium align actions`` command and the opt-in ``action_alignment`` lm-eval metric."""

from __future__ import annotations

import json

import pytest

from planetarium_plugin import default_registry
from planetarium_plugin.alignment import Aligner, align_actions

BW = default_registry()["blocksworld"]
RENAMED = BW.domain_pddl.replace("(:action stack", "(:action put-on")


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner()


def test_own_domain_scores_every_described_action(aligner):
    res = align_actions("blocksworld", BW.domain_pddl, aligner=aligner)
    assert [a.action for a in res.actions] == sorted(BW.descriptions.actions)
    assert all(a.present and a.similarity > 0 for a in res.actions)
    assert res.threshold is not None and res.epsilon == 0.2
    assert res.all_aligned == all(a.aligned for a in res.actions)
    again = align_actions(BW, BW.domain_pddl.upper(), aligner=aligner)  # names match any case
    assert [a.present for a in again.actions] == [True] * 4


def test_missing_and_unreadable_candidates_are_verdicts(aligner):
    res = align_actions("blocksworld", RENAMED, aligner=aligner)
    stack = next(a for a in res.actions if a.action == "stack")
    assert (stack.present, stack.similarity, stack.aligned) == (False, 0.0, False)
    assert not res.all_aligned
    own = align_actions("blocksworld", BW.domain_pddl, aligner=aligner)
    assert res.mean < own.mean
    for junk in ("", b"\xff\xfe(((", "(define (domain x) (:action", "x" * 1_000_000):
        out = align_actions("blocksworld", junk, aligner=aligner)
        assert [a.present for a in out.actions] == [False] * 4 and out.mean == 0.0


def test_descriptions_as_a_mapping_and_packs_without_them(aligner):
    res = align_actions({"PICKUP": BW.descriptions.actions["pickup"]}, BW.domain_pddl,
                        aligner=aligner)  # fmt: skip
    assert [a.action for a in res.actions] == ["pickup"] and res.actions[0].present
    adhoc = "(define (domain lights) (:predicates (on ?x)) (:action flip :parameters (?x) " \
        ":effect (on ?x)))"  # fmt: skip
    with pytest.raises(ValueError, match="no action descriptions"):
        align_actions(adhoc, adhoc, aligner=aligner)


def test_cli_actions(aligner, tmp_path, capsys):
    from planetarium_plugin.cli import main

    own, renamed = tmp_path / "own.pddl", tmp_path / "renamed.pddl"
    own.write_text(BW.domain_pddl, encoding="utf-8")
    renamed.write_text(RENAMED, encoding="utf-8")
    code = main(["align", "actions", "blocksworld", str(own), "--json"])
    got = json.loads(capsys.readouterr().out)
    assert code == (0 if got["all_aligned"] else 1)
    assert got == align_actions("blocksworld", BW.domain_pddl, aligner=aligner).to_dict()
    assert main(["align", "actions", "blocksworld", str(renamed)]) == 1
    assert "stack: 0.0000 missing" in capsys.readouterr().out
    assert main(["align", "actions", "no-such-pack", str(own)]) == 2


def test_lm_eval_action_alignment_is_opt_in(aligner, monkeypatch):
    from planetarium_tasks.planetarium_domains import utils

    docs = [{"domain": "blocksworld"}] * 2
    texts = [f"```pddl\n{BW.domain_pddl}\n```", RENAMED]
    monkeypatch.delenv("PLANETARIUM_ALIGNMENT", raising=False)
    assert utils._action_alignment(docs, texts) is None
    monkeypatch.setenv("PLANETARIUM_ALIGNMENT", "1")
    got = utils._action_alignment(docs, texts)
    assert got[0] == align_actions("blocksworld", BW.domain_pddl, aligner=aligner).to_dict()
    assert got[1]["mean"] < got[0]["mean"]
    verdict = {"parseable": True, "equivalent": True, "action_alignment": got[0]["mean"]}
    metrics = utils.process_results(docs[0], [json.dumps(verdict)])
    assert metrics["action_alignment"] == got[0]["mean"]
    assert "action_alignment" not in utils.process_results(docs[0], [json.dumps({})])
