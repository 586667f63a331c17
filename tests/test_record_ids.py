"""Generated ids (records without ``id``) never collide with real ids: no record is lost."""

from __future__ import annotations

import json

from planetarium_plugin.scoring import read_records, score_file

GT = """(define (problem p) (:domain blocksworld) (:objects a b)
  (:init (arm-empty) (on-table a) (on-table b) (clear a) (clear b)) (:goal (and (on a b))))"""


def _write(path, rows) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))


def test_a_real_id_equal_to_a_line_number_is_not_dropped(tmp_path):
    src, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    base = {"domain": "blocksworld", "ground_truth": GT, "candidate": GT}
    # line 1 has no id; lines 2 and 3 carry the real ids 1 and "line 1"-like text.
    _write(src, [base, {**base, "id": 1}, {**base, "id": "2"}, {**base, "id": "x"}])
    records = list(read_records(src))
    ids = [r["id"] for r in records]
    assert len(set(ids)) == 4, ids
    assert ids[1:] == ["1", "2", "x"]  # real ids kept as written
    counts = score_file(records, out, workers=1, check_solvable=False, progress=False)
    assert counts["scored"] == 4 and counts["duplicates"] == 0
    assert len(out.read_text().splitlines()) == 4
    # Generated ids are stable: a rerun skips everything.
    again = score_file(list(read_records(src)), out, workers=1, check_solvable=False,
                       progress=False)  # fmt: skip
    assert again["skipped"] == 4 and again["scored"] == 0


def test_generated_ids_avoid_every_real_id(tmp_path):
    src = tmp_path / "in.jsonl"
    base = {"domain": "blocksworld", "ground_truth": GT, "candidate": GT}
    first = list(read_records(_path(src, [base])))[0]["id"]
    # Whatever the generated form is, a file that uses it as a real id does not collide.
    rows = [base, {**base, "id": first}, {**base, "id": first + "#"}, "not an object"]
    ids = [r["id"] for r in read_records(_path(src, rows))]
    assert len(set(ids)) == len(ids) == 4, ids


def _path(src, rows):
    _write(src, rows)
    return src
