"""The lm-eval ``alignment`` metrics use the fact-level scorer: the PDDL extracted from a
model's response, the row's own domain, and the calibrated verdict as ``alignment_aligned``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from planetarium_plugin.alignment import Aligner

EX = Path(__file__).resolve().parents[1] / "examples" / "alignment"
# the literal request: right.pddl states it atom by atom, wrong.pddl leaves b2 off b3
REQUEST = (
    "You have 3 blocks, b1, b2 and b3, each on the table, and your arm is empty. "
    "Your goal is to have b1 on b2 and b2 on b3."
)


def _response(pddl: str) -> str:
    return f"Here is the problem file:\n```pddl\n{pddl}\n```\nIt stacks the blocks."


def test_metric_scores_the_extracted_problem_with_the_rows_domain(monkeypatch):
    from planetarium_tasks.planetarium import utils

    right, wrong = (EX / "right.pddl").read_text(), (EX / "wrong.pddl").read_text()
    docs = [{"natural_language": REQUEST, "problem_pddl": right, "domain": "blocksworld"}] * 2
    responses = [_response(right), _response(wrong)]
    monkeypatch.delenv("PLANETARIUM_ALIGNMENT", raising=False)
    assert utils._alignment_scores(docs, responses) is None
    monkeypatch.setenv("PLANETARIUM_ALIGNMENT", "1")
    got = utils._alignment_scores(docs, responses)
    ref = Aligner(domain="blocksworld")
    want = [ref.score(REQUEST, right), ref.score(REQUEST, wrong)]
    assert [g.similarity for g in got] == [w.similarity for w in want]
    assert got[0].similarity > got[1].similarity
    assert (got[0].aligned, got[1].aligned) == (True, False)
    for g, doc in zip(got, docs, strict=True):
        verdict = {"parseable": True, "equivalent": True, "alignment": g.similarity,
                   "alignment_aligned": g.aligned}  # fmt: skip
        metrics = utils.process_results(doc, [json.dumps(verdict)])
        assert metrics["alignment"] == g.similarity
        assert metrics["alignment_aligned"] == float(g.aligned)


@pytest.mark.parametrize(
    ("doc", "want"),
    [
        ({"domain": "blocksworld"}, "blocksworld"),
        ({}, None),  # the problem's own (:domain …) header decides
    ],
)
def test_alignment_domain(doc, want):
    from planetarium_tasks.planetarium import utils

    assert utils._alignment_domain(doc) == want


def test_alignment_domain_of_a_row_with_its_own_domain_text():
    from planetarium_tasks.planetarium import utils

    text = (EX / "written_domain.pddl").read_text()
    got = utils._alignment_domain({"domain": "custom", "domain_pddl": text})
    assert got is not None and "(define (domain" in got


def test_lm_eval_run_reports_both_alignment_metrics(monkeypatch):
    """A real lm-eval run (the oracle replays the ground truth) with the switch on."""
    import lm_eval
    import lm_eval.models  # noqa: F401  (registers the built-in models before ours)
    from lm_eval.tasks import TaskManager
    from planetarium_tasks import TASK_DIR
    from planetarium_tasks.models import ReplayLM

    monkeypatch.setenv("PLANETARIUM_ALIGNMENT", "1")
    tm = TaskManager(include_path=str(TASK_DIR), include_defaults=False)
    res = lm_eval.simple_evaluate(
        model=ReplayLM(mode="oracle"), tasks=["planetarium_blocksworld"], task_manager=tm, limit=2
    )
    got = res["results"]["planetarium_blocksworld"]
    assert 0.0 < got["alignment,scored"] <= 1.0
    assert 0.0 <= got["alignment_aligned,scored"] <= 1.0
    assert got["equivalent,scored"] == 1.0
