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
