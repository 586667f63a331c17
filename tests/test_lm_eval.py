"""The planetarium task family runs end to end in lm-evaluation-harness."""

from __future__ import annotations

import json

import lm_eval
import lm_eval.models  # noqa: F401  (registers the built-in models before ours)
import pytest
from lm_eval.tasks import TaskManager
from planetarium_tasks import TASK_DIR
from planetarium_tasks.models import ReplayLM
from planetarium_tasks.planetarium.utils import rows

SUBTASKS = [
    "planetarium_blocksworld",
    "planetarium_gripper",
    "planetarium_floortile",
    "planetarium_uav",
    "planetarium_rover",
]


def run(model, limit=4, **kwargs):
    tm = TaskManager(include_path=str(TASK_DIR), include_defaults=False)
    return lm_eval.simple_evaluate(
        model=model, tasks=["planetarium"], task_manager=tm, limit=limit, **kwargs
    )


def metric(results, task, name):
    return results["results"][task][f"{name},scored"]


def test_oracle_scores_one():
    res = run(ReplayLM(mode="oracle"))
    for task in SUBTASKS:
        for name in ("parseable", "solvable", "equivalent"):
            assert metric(res, task, name) == 1.0, (task, name)
    assert metric(res, "planetarium", "equivalent") == 1.0


def test_garbage_scores_zero():
    res = run(ReplayLM(mode="garbage"))
    for task in SUBTASKS:
        assert metric(res, task, "parseable") == 0.0
        assert metric(res, task, "equivalent") == 0.0


def test_replay_rescoring(tmp_path):
    """Saved generations: one right (renamed objects, prose around it), the others wrong."""
    test_rows = [r for r in rows("gripper") if r["split"] == "test"][:2]
    right = "Here you go:\n```\n" + test_rows[0]["problem_pddl"].replace("ball1", "b_one") + "```"
    path = tmp_path / "generations.jsonl"
    path.write_text(
        "\n".join(
            json.dumps({"natural_language": r["natural_language"], "response": resp})
            for r, resp in zip(test_rows, [right, "(define (problem"], strict=True)
        )
    )
    tm = TaskManager(include_path=str(TASK_DIR), include_defaults=False)
    res = lm_eval.simple_evaluate(
        model=ReplayLM(mode="replay", path=str(path)),
        tasks=["planetarium_gripper"],
        task_manager=tm,
        limit=2,
        log_samples=True,
    )
    assert metric(res, "planetarium_gripper", "equivalent") == 0.5
    assert metric(res, "planetarium_gripper", "parseable") == 0.5
    # --log_samples carries each verdict: the extracted PDDL, the triple and the reason.
    logged = {
        json.loads(s["filtered_resps"][0])["reason"]: json.loads(s["filtered_resps"][0])
        for s in res["samples"]["planetarium_gripper"]
    }
    assert set(logged) == {None, "parse_error"}
    # The verdict's id is the document's id (it was the position in the batch).
    assert {v["id"] for v in logged.values()} == {r["id"] for r in test_rows}
    assert logged[None]["pddl"].startswith("(define (problem") and "b_one" in logged[None]["pddl"]
    assert logged[None]["solve_status"] == "solved"


def test_bad_mode():
    with pytest.raises(ValueError, match="mode"):
        ReplayLM(mode="psychic")


def _cli(site_dir, *args, env=None):
    import os
    import subprocess
    import sys

    code = (
        "import runpy, site, sys\n"
        f"site.addsitedir({str(site_dir)!r})  # processes planetarium_lm_eval.pth\n"
        f"sys.argv = ['lm_eval', *{list(args)!r}]\n"
        "runpy.run_module('lm_eval', run_name='__main__')\n"
    )
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=site_dir.parent,
        timeout=900,
        env={**os.environ, **(env or {})},
    )


def test_plain_lm_eval_cli_after_install(tmp_path):
    """`lm_eval --tasks planetarium` with no --include_path, as after `pip install`."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    site_dir = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "--target",
            str(site_dir),
            str(root),
        ],
        check=True,
    )
    assert (site_dir / "planetarium_lm_eval.pth").read_text().strip() == (
        "import planetarium_tasks._hook"
    )
    args = (
        "--model",
        "planetarium-replay",
        "--model_args",
        "mode=oracle",
        "--tasks",
        "planetarium",
        "--limit",
        "1",
    )
    p = _cli(site_dir, *args)
    assert p.returncode == 0, p.stderr[-2000:]
    group = next(line for line in p.stdout.splitlines() if line.startswith("|planetarium|"))
    assert "equivalent" in group and "|    1|" in group
    off = _cli(site_dir, *args, env={"PLANETARIUM_LM_EVAL_HOOK": "0"})
    assert off.returncode != 0  # without the hook neither the task nor the model is known


def test_editable_install_ships_the_hook(tmp_path):
    """#9: after `pip install -e`, plain `lm_eval --tasks planetarium` said "Tasks not found":
    only a regular build shipped the `.pth` hook. Build the editable wheel as pip does (PEP 660),
    install its files into a site dir, and check that the hook finds task and model."""
    import subprocess
    import sys
    import zipfile
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    dist = tmp_path / "dist"
    build = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, setuptools.build_meta as b; print(b.build_editable(sys.argv[1]))",
            str(dist),
        ],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert build.returncode == 0, build.stderr[-2000:]
    wheel = dist / build.stdout.split()[-1]
    site_dir = tmp_path / "site"
    with zipfile.ZipFile(wheel) as zf:
        assert "planetarium_lm_eval.pth" in zf.namelist()
        zf.extractall(site_dir)
    assert (site_dir / "planetarium_lm_eval.pth").read_text().strip() == (
        "import planetarium_tasks._hook"
    )
    # -S: no .pth files but those in site_dir (this interpreter's own site-packages may hold
    # the hook already); the packages there stay importable through sys.path.
    import site

    paths = [*site.getsitepackages(), site.getusersitepackages()]
    code = (
        "import site, sys\n"
        f"sys.path.extend({paths!r})\n"
        f"site.addsitedir({str(site_dir)!r})\n"
        "from lm_eval.tasks import TaskManager\n"
        "import lm_eval.models\n"
        "from lm_eval.api.registry import get_model\n"
        "assert 'planetarium' in TaskManager(include_defaults=False).all_tasks\n"
        "print(get_model('planetarium-replay').__name__)\n"
    )
    run = subprocess.run(
        [sys.executable, "-S", "-c", code], capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0 and run.stdout.strip() == "ReplayLM", run.stderr[-2000:]


@pytest.mark.slow
def test_embedded_model_runs_on_two_documents():
    """The README's main job in small: the real SmolLM2 from its wheel, on the CPU, offline."""
    from planetarium_tasks.models import EmbeddedSmolLM2

    tm = TaskManager(include_path=str(TASK_DIR), include_defaults=False)
    res = lm_eval.simple_evaluate(
        model=EmbeddedSmolLM2(),
        tasks=["planetarium_gripper"],
        task_manager=tm,
        limit=2,
        log_samples=True,
        gen_kwargs="max_gen_toks=24",
    )
    samples = res["samples"]["planetarium_gripper"]
    assert len(samples) == 2
    import torch
    from planetarium_tasks.models import default_threads

    assert torch.get_num_threads() == default_threads()  # #11: not torch's default
    for s in samples:
        assert isinstance(s["resps"][0][0], str) and s["resps"][0][0].strip()  # it generated
        assert s["parseable"] in (0.0, 1.0) and s["equivalent"] in (0.0, 1.0)
    assert 0.0 <= metric(res, "planetarium_gripper", "equivalent") <= 1.0


def test_breakdowns_by_abstraction_and_size():
    tm = TaskManager(include_path=str(TASK_DIR), include_defaults=False)
    res = lm_eval.simple_evaluate(
        model=ReplayLM(mode="oracle"), tasks=["planetarium_gripper"], task_manager=tm, limit=12
    )
    got = res["results"]["planetarium_gripper"]
    shown = [
        k
        for k in got
        if k.startswith("equivalent_")
        and k.endswith(",scored")
        and "relaxed" not in k
        and "stderr" not in k
    ]
    assert any("_to_" in k for k in shown) and any("size_" in k for k in shown)
    assert all(got[k] == 1.0 for k in shown)


def test_few_shot_variant_draws_from_train():
    tm = TaskManager(include_path=str(TASK_DIR), include_defaults=False)
    res = lm_eval.simple_evaluate(
        model=ReplayLM(mode="oracle"),
        tasks=["planetarium_blocksworld"],
        task_manager=tm,
        limit=2,
        num_fewshot=2,
        log_samples=True,
    )
    assert metric(res, "planetarium_blocksworld", "equivalent") == 1.0
    train = {r["problem_pddl"] for r in rows("blocksworld") if r["split"] == "train"}
    for sample in res["samples"]["planetarium_blocksworld"]:
        args = sample["arguments"]
        prompt = args[0][0] if isinstance(args, list) else args["gen_args_0"]["arg_0"]
        assert prompt.count("Problem PDDL:") == 3  # two solved examples, then the task
        assert sum(pddl.strip() in prompt for pddl in train) == 2


def test_entry_points_resolve():
    from importlib.metadata import entry_points

    from lm_eval.api.model import LM

    (tasks,) = entry_points(group="lm_eval.tasks", name="planetarium")
    assert (tasks.load() / "planetarium.yaml").exists()
    models = {ep.name: ep.load() for ep in entry_points(group="lm_eval.models")}
    assert issubclass(models["planetarium-replay"], LM)
    assert issubclass(models["planetarium-smollm2"], LM)


def test_local_copy_of_the_original_dataset(tmp_path, monkeypatch):
    """PLANETARIUM_HF_DATASET points the tasks at a local copy in the original's columns."""
    import datasets
    from planetarium_tasks.planetarium import utils

    ours = [r for r in rows("gripper") if r["split"] == "test"][:3]
    original = [
        {
            "id": 100 + i,
            "name": f"p{i}",
            "domain": "gripper",
            "init": r["init_layout"],
            "goal": r["goal_layout"],
            "num_objects": 0,
            "problem_pddl": r["problem_pddl"],
            "natural_language": r["natural_language"] + " (original)",
            "init_is_abstract": r["init_abstraction"] == "abstract",
            "goal_is_abstract": r["goal_abstraction"] == "abstract",
            "is_placeholder": r["is_placeholder"],
        }
        for i, r in enumerate(ours)
    ]
    datasets.DatasetDict({"test": datasets.Dataset.from_list(original)}).save_to_disk(
        tmp_path / "planetarium"
    )
    monkeypatch.setenv("PLANETARIUM_HF_DATASET", str(tmp_path / "planetarium"))
    loaded = utils.rows("gripper")  # the data source is part of the cache key
    assert [r["id"] for r in loaded] == ["100", "101", "102"]
    assert all(r["natural_language"].endswith("(original)") for r in loaded)
    assert [r["abstraction"] for r in loaded] == [r["abstraction"] for r in ours]
    tm = TaskManager(include_path=str(TASK_DIR), include_defaults=False)
    res = lm_eval.simple_evaluate(
        model=ReplayLM(mode="oracle"), tasks=["planetarium_gripper"], task_manager=tm, limit=3
    )
    assert metric(res, "planetarium_gripper", "equivalent") == 1.0


def test_replay_accepts_lm_evals_own_samples_files(tmp_path):
    """#14: save generations with --log_samples (lm-eval's own writer), then re-score them with
    ``planetarium-replay mode=replay`` pointed at the samples file or its directory."""
    from lm_eval.loggers import EvaluationTracker
    from planetarium_tasks.models import saved_answers

    test_rows = [r for r in rows("gripper") if r["split"] == "test"][:2]
    right = "Sure:\n```\n" + test_rows[0]["problem_pddl"].replace("ball1", "b_one") + "```"
    saved = tmp_path / "generations.jsonl"
    saved.write_text(
        "\n".join(
            json.dumps({"natural_language": r["natural_language"], "response": resp})
            for r, resp in zip(test_rows, [right, "no PDDL"], strict=True)
        )
    )
    tm = TaskManager(include_path=str(TASK_DIR), include_defaults=False)
    first = lm_eval.simple_evaluate(
        model=ReplayLM(mode="replay", path=str(saved)),
        tasks=["planetarium_gripper"],
        task_manager=tm,
        limit=2,
        log_samples=True,
        predict_only=True,
    )
    out = tmp_path / "run"
    tracker = EvaluationTracker(output_path=str(out / "results.json"))  # as the CLI does
    samples = first.pop("samples")
    tracker.save_results_aggregated(results=first, samples=samples)
    tracker.save_results_samples("planetarium_gripper", samples["planetarium_gripper"])
    (samples_file,) = out.glob("samples_planetarium_gripper_*.jsonl")
    texts = [r["natural_language"] for r in test_rows]
    expected = dict(zip(texts, [right, "no PDDL"], strict=True))
    assert dict(saved_answers(samples_file)) == expected
    res = lm_eval.simple_evaluate(
        model=ReplayLM(mode="replay", path=str(out)),  # a directory: every *.jsonl below it
        tasks=["planetarium_gripper"],
        task_manager=tm,
        limit=2,
    )
    assert metric(res, "planetarium_gripper", "equivalent") == 0.5
    assert metric(res, "planetarium_gripper", "parseable") == 0.5
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"prompt": "x"}) + "\n")
    with pytest.raises(ValueError, match="bad.jsonl:1"):
        ReplayLM(mode="replay", path=str(bad))


def test_floortile_few_shot_notice_and_no_leak(caplog):
    """#15: floor-tile is test-only; its few-shot examples are other test problems (never the
    document or another wording of the same problem), and a notice says so."""
    tm = TaskManager(include_path=str(TASK_DIR), include_defaults=False)
    with caplog.at_level("WARNING"):
        res = lm_eval.simple_evaluate(
            model=ReplayLM(mode="oracle"),
            tasks=["planetarium_floortile"],
            task_manager=tm,
            limit=4,
            num_fewshot=1,
            log_samples=True,
        )
    assert any("come from other test problems" in r.getMessage() for r in caplog.records)
    for sample in res["samples"]["planetarium_floortile"]:
        args = sample["arguments"]
        prompt = args[0][0] if isinstance(args, list) else args["gen_args_0"]["arg_0"]
        assert prompt.count("Problem PDDL:") == 2
        assert sample["doc"]["problem_pddl"].strip() not in prompt
