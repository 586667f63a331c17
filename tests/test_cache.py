"""Issue 16: the planner/plan cache is capped (least recently used first), shown and cleared."""

from __future__ import annotations

import json
import os

from planetarium_plugin.cache import cache_usage, clear_cache, prune_cache
from planetarium_plugin.cli import main


def _file(path, size: int, age: float):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"x" * size)
    t = 1_700_000_000 - age
    os.utime(path, (t, t))
    return path


def test_prune_removes_least_recently_used_first_and_keeps_the_new_entry(tmp_path, monkeypatch):
    monkeypatch.setenv("PLANETARIUM_CACHE", str(tmp_path))
    old = _file(tmp_path / "ground-truth-plans" / "old.json", 400, age=300)
    mid = _file(tmp_path / "enhsp-1.aot", 400, age=200)
    new = _file(tmp_path / "ground-truth-plans" / "new.json", 400, age=100)
    big = _file(tmp_path / "enhsp-2.aot", 2_000, age=400)  # the oldest, just written: kept
    assert cache_usage().bytes == 3_200
    removed = prune_cache(keep=big, limit=2_500)
    assert removed == 800 and not old.exists() and not mid.exists()
    assert new.exists() and big.exists() and cache_usage().bytes == 2_400


def test_ground_truth_plans_stay_within_the_cap(tmp_path, monkeypatch):
    from planetarium_plugin.domains.problems import ground_truth_plan, problem_set
    from planetarium_plugin.packs import resolve_pack

    monkeypatch.setenv("PLANETARIUM_CACHE", str(tmp_path))
    monkeypatch.setenv("PLANETARIUM_CACHE_MAX_MB", "0.00001")  # 10 bytes: under one plan
    pack = resolve_pack("gripper")
    for case in problem_set(pack, 4):
        assert ground_truth_plan(case, pack, 10.0) is not None
    plans = list((tmp_path / "ground-truth-plans").glob("*.json"))
    assert len(plans) == 1 and cache_usage().files == 1  # the newest, kept while over the cap


def test_cache_command_shows_place_and_size_and_clears(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PLANETARIUM_CACHE", str(tmp_path))
    _file(tmp_path / "ground-truth-plans" / "a.json", 1_500, age=10)
    _file(tmp_path / "enhsp-1.aot", 500, age=10)
    assert main(["cache"]) == 0
    shown = capsys.readouterr().out
    assert str(tmp_path) in shown and "2 files" in shown and "cap 200 MB" in shown
    assert main(["cache", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["files"] == 2 and data["bytes"] == 2_000 and data["path"] == str(tmp_path)
    assert main(["cache", "clear"]) == 0
    assert "removed 2 files" in capsys.readouterr().out
    assert cache_usage().files == 0 and clear_cache().files == 0


def test_version_names_the_cache(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PLANETARIUM_CACHE", str(tmp_path))
    try:
        main(["--version"])
    except SystemExit as exit_:
        assert exit_.code == 0
    out = capsys.readouterr().out
    assert "planetarium-plugin" in out and f"cache: {tmp_path}" in out
