"""The planetarium_domains task family (models write whole domains) runs end to end."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import lm_eval
import lm_eval.models  # noqa: F401  (registers the built-in models before ours)
import yaml
from domain_mutations import MUTATIONS, mutate
from lm_eval.tasks import TaskManager
from planetarium_tasks import DOMAIN_TASK_DIR
from planetarium_tasks.models import ReplayLM
from planetarium_tasks.planetarium_domains.utils import described_packs, rows

from planetarium_plugin import domain_packs

METRICS = (
    "parseable",
    "executability",
    "feasibility",
    "interpretability",
    "equivalent",
    "equivalent_up_to_renaming",
)
TASKS_DIR = Path(DOMAIN_TASK_DIR)


def subtasks() -> dict[str, str]:
    """Subtask name -> pack, read from the YAML files."""
    out = {}
    for path in TASKS_DIR.glob("planetarium_domains_*.yaml"):
        text = path.read_text()
        cfg = yaml.safe_load(text.replace("!function", ""))
        out[cfg["task"]] = cfg["dataset_kwargs"]["pack"]
    return out


def run(model, tasks=("planetarium_domains",), **kwargs):
    tm = TaskManager(include_path=str(DOMAIN_TASK_DIR), include_defaults=False)
    return lm_eval.simple_evaluate(model=model, tasks=list(tasks), task_manager=tm, **kwargs)


def test_every_described_pack_has_a_subtask_in_the_group():
    assert sorted(subtasks().values()) == sorted(described_packs())
    group = yaml.safe_load((TASKS_DIR / "planetarium_domains.yaml").read_text())
    assert sorted(group["task"]) == sorted(subtasks())
    for name in described_packs():
        pack = domain_packs()[name]
        assert pack.descriptions.missing(pack.domain) == [], name


def test_prompt_gives_the_vocabulary_and_each_action():
    pack = domain_packs()["uav-delivery"]
    prompt = rows("uav-delivery")[0]["natural_language"]
    for name in (*pack.domain.predicates, *pack.domain.functions, *pack.domain.types):
        assert name in prompt
    for action in pack.domain.actions:
        assert f"\n- {action.name} " in prompt
    assert "(define" not in prompt  # the answer is not in the question


def test_oracle_scores_one_and_garbage_zero():
    res = run(ReplayLM(mode="oracle"))
    for task in (*subtasks(), "planetarium_domains"):
        for metric in METRICS:
            assert res["results"][task][f"{metric},scored"] == 1.0, (task, metric)
    res = run(ReplayLM(mode="garbage"))
    for task in (*subtasks(), "planetarium_domains"):
        for metric in METRICS:
            assert res["results"][task][f"{metric},scored"] == 0.0, (task, metric)


def test_replayed_mutant_is_parseable_but_not_equivalent(tmp_path):
    row = rows("gripper")[0]
    mutant = mutate(row["domain_pddl"], *MUTATIONS["gripper"]["dropped precondition"])
    path = tmp_path / "generations.jsonl"
    answer = f"Here is the domain:\n```pddl\n{mutant}\n```"
    path.write_text(json.dumps({"natural_language": row["natural_language"], "response": answer}))
    res = run(
        ReplayLM(mode="replay", path=str(path)),
        tasks=("planetarium_domains_gripper",),
        log_samples=True,
    )
    r = res["results"]["planetarium_domains_gripper"]
    assert r["parseable,scored"] == 1.0 and r["equivalent,scored"] == 0.0
    assert r["interpretability,scored"] == 1.0  # a relaxed domain runs every reference plan
    verdict = json.loads(res["samples"]["planetarium_domains_gripper"][0]["filtered_resps"][0])
    assert verdict["reason"] == "transition_differs" and verdict["kind"] == "domain"
    assert verdict["difference"]["action"] == "move"
    assert verdict["pddl"].startswith("(define (domain gripper)")


def test_entry_point():
    from importlib.metadata import entry_points

    (tasks,) = entry_points(group="lm_eval.tasks", name="planetarium_domains")
    assert (tasks.load() / "planetarium_domains.yaml").exists()


def test_plain_lm_eval_cli(tmp_path):
    args = ["--model", "planetarium-replay", "--model_args", "mode=oracle",
            "--tasks", "planetarium_domains_gripper"]  # fmt: skip
    p = subprocess.run(
        [sys.executable, "-m", "lm_eval", *args],
        capture_output=True,
        text=True,
        timeout=900,
        cwd=tmp_path,
        env={**os.environ, "PLANETARIUM_WORKERS": "1"},
    )
    assert p.returncode == 0, p.stderr[-2000:]
    rows_ = [line for line in p.stdout.splitlines() if "|scored|" in line]
    assert len(rows_) == len(METRICS) and all("|    1|" in line for line in rows_), p.stdout
