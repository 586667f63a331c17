"""Issue 16: the edges a newcomer meets end in one line naming the cause and the fix (exit 2)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from planetarium_plugin.cli import main

GT = "(define (problem p) (:domain blocksworld) (:objects a) (:init (arm-empty) (on-table a) (clear a)) (:goal (and (on-table a))))"  # noqa: E501


def _records(tmp_path: Path) -> Path:
    path = tmp_path / "in.jsonl"
    rec = {"id": "r1", "domain": "blocksworld", "ground_truth": GT, "candidate": GT}
    path.write_text(json.dumps(rec) + "\n")
    return path


def _one_line_error(err: str) -> str:
    lines = [ln for ln in err.replace("\r", "\n").splitlines() if ln.startswith("error:")]
    assert len(lines) == 1, err
    assert "Traceback" not in err and "[Errno" not in err, err
    return lines[0]


def test_ray_not_installed_is_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    src = _records(tmp_path)
    code = main(["score", str(src), "--out", str(tmp_path / "o.jsonl"), "--engine", "ray"])
    line = _one_line_error(capsys.readouterr().err)
    assert code == 2
    assert "Ray" in line and 'pip install "planetarium-plugin[ray]"' in line


def test_ray_client_address_without_ray_client_is_one_line(tmp_path, monkeypatch, capsys):
    pytest.importorskip("ray")
    monkeypatch.setitem(sys.modules, "grpc", None)  # the Ray client's dependency missing
    src = _records(tmp_path)
    out = tmp_path / "o.jsonl"
    code = main(["score", str(src), "--out", str(out), "--address", "ray://localhost:10001"])
    line = _one_line_error(capsys.readouterr().err)
    assert code == 2
    assert "ray://localhost:10001" in line and "ray[client]" in line


def test_ray_extra_includes_the_client():
    text = (Path(__file__).parents[1] / "pyproject.toml").read_text()
    assert 'ray = ["ray[client]==' in text


def test_address_auto_without_a_cluster_is_one_line(tmp_path):
    pytest.importorskip("ray")
    src = _records(tmp_path)
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    env["RAY_TMPDIR"] = str(tmp_path)  # where `auto` looks for a running cluster: none here
    proc = subprocess.run(
        [sys.executable, "-m", "planetarium_plugin", "score", str(src), "--out",
         str(tmp_path / "o.jsonl"), "--address", "auto", "--quiet"],
        capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip
    line = _one_line_error(proc.stderr)
    assert proc.returncode == 2
    assert "--address auto" in line and "ray start --head" in line


def _replay(monkeypatch, argv0: str, **model_args):
    from planetarium_tasks.models import ReplayLM

    monkeypatch.setattr(sys, "argv", [argv0])
    return ReplayLM.create_from_arg_string(",".join(f"{k}={v}" for k, v in model_args.items()))


@pytest.mark.parametrize(
    "model_args, words",
    [
        ({"mode": "psychic"}, ["mode=psychic", "mode=oracle", "mode=replay,path="]),
        ({"mode": "replay", "path": "/nonexistent/samples.jsonl"}, ["/nonexistent/samples"]),
        ({"mode": "replay"}, ["path=FILE.jsonl"]),
    ],
)
def test_replay_model_arguments_are_one_line_under_lm_eval(monkeypatch, capsys, model_args, words):
    pytest.importorskip("lm_eval")
    from planetarium_tasks.models import ModelArgumentError

    with pytest.raises(SystemExit) as info:  # what the lm_eval command meets: exit 2, one line
        _replay(monkeypatch, "/usr/bin/lm_eval", **model_args)
    assert info.value.code == 2
    line = _one_line_error(capsys.readouterr().err)
    assert all(w in line for w in words), line
    with pytest.raises(ModelArgumentError):  # a Python caller gets an exception (a ValueError)
        _replay(monkeypatch, "python", **model_args)


def test_replay_unreadable_samples_name_the_line(monkeypatch, capsys, tmp_path):
    pytest.importorskip("lm_eval")
    bad = tmp_path / "samples.jsonl"
    bad.write_text("{not json\n")
    with pytest.raises(SystemExit):
        _replay(monkeypatch, "lm_eval", mode="replay", path=str(bad))
    assert f"{bad}:1: invalid JSON" in _one_line_error(capsys.readouterr().err)


def test_domain_records_get_their_own_table_with_short_labels(tmp_path, capsys):
    from planetarium_plugin.packs import resolve_pack

    truth = tmp_path / "runs" / "model-a" / "gripper_truth.pddl"
    truth.parent.mkdir(parents=True)
    truth.write_text(resolve_pack("gripper").domain.text)
    cand = (Path(__file__).parents[1] / "examples" / "domains" / "gripper_llm.txt").read_text()
    src = tmp_path / "mixed.jsonl"
    recs = [
        {"id": "d1", "kind": "domain", "domain": str(truth), "candidate": cand, "problems": 2},
        {"id": "p1", "domain": "blocksworld", "ground_truth": GT, "candidate": GT},
    ]
    src.write_text("".join(json.dumps(r) + "\n" for r in recs))
    out_file = str(tmp_path / "o.jsonl")
    code = main(["score", str(src), "--out", out_file, "--quiet", "--workers", "1"])
    out = capsys.readouterr().out
    assert code == 0, out
    problem_part, _, domain_part = out.partition("domain records:")
    assert "problem records:" in problem_part and "blocksworld" in problem_part
    assert "d1" not in problem_part and "gripper" not in problem_part  # not in the problem table
    header, *rows = domain_part.strip().splitlines()
    assert header.split() == [
        "domain", "n", "parseable", "executability", "feasibility", "interpretability",
        "equivalent", "equivalent_unknown", "bad_record",
    ]  # fmt: skip
    labels = [row.split()[0] for row in rows]
    assert labels == ["gripper", "all"] and str(tmp_path) not in domain_part
    assert all(len(row.split()) == len(header.split()) for row in rows)  # parseable columns


def test_domain_label_is_short():
    from planetarium_plugin.scoring.summary import domain_label

    assert domain_label("/a/b/very/deep/blocks_domain.pddl") == "blocks_domain"
    assert domain_label("(define (domain my-grip) (:requirements :strips))") == "my-grip"
    assert domain_label("rover") == "rover" and len(domain_label("x" * 80)) == 30


GRIPPER_LLM = Path(__file__).parents[1] / "examples" / "domains" / "gripper_llm.txt"


def test_domain_problems_says_what_was_used_and_why(capsys):
    code = main(["domain", "gripper", str(GRIPPER_LLM), "--problems", "20", "--no-metrics"])
    captured = capsys.readouterr()
    assert code in (0, 1)
    note = [ln for ln in captured.err.splitlines() if ln.startswith("note:")]
    assert len(note) == 1 and "--problems 20: 7 generated problems used" in note[0]
    assert "at most 7" in note[0]
    main(["domain", "gripper", str(GRIPPER_LLM), "--problems", "3", "--no-metrics"])
    assert "note:" not in capsys.readouterr().err  # nothing capped: nothing to say


@pytest.mark.parametrize("count", ["0", "-2"])
def test_domain_problems_below_one_is_refused(capsys, count):
    code = main(["domain", "gripper", str(GRIPPER_LLM), "--problems", count])
    line = _one_line_error(capsys.readouterr().err)
    assert code == 2 and f"--problems {count}" in line and "no problem generator" not in line


def test_troubleshooting_page_is_linked_and_its_messages_exist():
    """Each `error:` message the page lists is one the code can print (its fixed words)."""
    import re

    root = Path(__file__).parents[1]
    assert "(docs/troubleshooting.md)" in (root / "README.md").read_text()
    page = (root / "docs" / "troubleshooting.md").read_text()
    sources = "\n".join(
        p.read_text() for d in ("planetarium_plugin", "tasks") for p in (root / d).rglob("*.py")
    )
    sources = re.sub(r"\"\s*\n\s*f?\"", "", sources)  # implicit concatenation, joined
    listed = re.findall(r"^\| `error: ([^`]*)`", page, flags=re.MULTILINE)
    assert len(listed) >= 8
    for message in listed:  # a fixed part (between placeholders) is written in the code
        parts = [p.strip(" :;,") for p in re.split(r"\bX\b|…|\bN\b|: |\d+", message)]
        assert any(len(p) >= 12 and p in sources for p in parts), message


def test_lm_eval_run_stderr_has_no_repeated_notice_or_filter_bars(tmp_path):
    """A normal run's stderr: progress and real warnings once — not lm-eval's --metadata notice
    once per subtask, nor two dataset 'Filter' bars per subtask."""
    pytest.importorskip("lm_eval")
    proc = subprocess.run(
        [sys.executable, "-m", "lm_eval", "--model", "planetarium-replay", "--model_args",
         "mode=oracle", "--tasks", "planetarium", "--limit", "1"],
        capture_output=True, text=True, timeout=600, cwd=tmp_path,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "|planetarium" in proc.stdout
    assert "Custom kwargs can be passed" not in proc.stderr
    assert "Filter:" not in proc.stderr


def test_embedded_weights_load_without_progress_bars(capsys):
    pytest.importorskip("transformers")
    import transformers.modeling_gguf_pytorch_utils as gguf
    from planetarium_tasks.models import quiet_weight_loading
    from transformers.utils import logging as hf_logging

    before, enabled = gguf.tqdm, hf_logging.is_progress_bar_enabled()
    hf_logging.enable_progress_bar()
    with quiet_weight_loading():
        list(gguf.tqdm(range(50), desc="Converting and de-quantizing GGUF tensors..."))
        list(hf_logging.tqdm(range(50), desc="Loading weights"))
    err = capsys.readouterr().err
    assert "GGUF" not in err and "Loading weights" not in err
    assert gguf.tqdm is before and hf_logging.is_progress_bar_enabled()  # restored
    if not enabled:
        hf_logging.disable_progress_bar()


def test_address_with_nothing_listening_is_one_line_at_once(tmp_path):
    """Ray itself retries an unreachable HOST:PORT for minutes; we say so within seconds."""
    import socket

    pytest.importorskip("ray")
    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    src = _records(tmp_path)
    proc = subprocess.run(
        [sys.executable, "-m", "planetarium_plugin", "score", str(src), "--out",
         str(tmp_path / "o.jsonl"), "--address", f"127.0.0.1:{port}", "--quiet"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    line = _one_line_error(proc.stderr)
    assert proc.returncode == 2
    assert f"127.0.0.1:{port}" in line and "ray start --head" in line


def test_align_run_loads_its_model_without_a_progress_bar(tmp_path):
    pytest.importorskip("sentence_transformers")
    text, pddl = tmp_path / "task.txt", tmp_path / "p.pddl"
    text.write_text("Stack block a on block b.")
    pddl.write_text(GT)
    env = {k: v for k, v in os.environ.items() if k != "HF_HUB_DISABLE_PROGRESS_BARS"}
    proc = subprocess.run(
        [sys.executable, "-m", "planetarium_plugin", "align", "score", str(text), str(pddl),
         "--domain", "blocksworld"],
        capture_output=True, text=True, timeout=300, env=env,
    )  # fmt: skip
    assert proc.returncode in (0, 1, 3), proc.stderr[-2000:]
    assert "similarity" in proc.stdout
    assert "Loading weights" not in proc.stderr and "it/s" not in proc.stderr, proc.stderr
