"""Text-PDDL alignment: calibration math, rendering, determinism, offline loading, bad input,
schema ranking, and the trained head against the base encoder (the encoder loads once)."""

from __future__ import annotations

import itertools
import json
import math
import os
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from planetarium_plugin import default_registry
from planetarium_plugin.alignment import (
    Aligner,
    Calibration,
    conformal_level,
    coverage,
    filter_schemas,
    generate_pairs,
    render_action,
    render_problem,
    split_text,
)
from planetarium_plugin.alignment.model import Features, auroc, train_head
from planetarium_plugin.alignment.schemas import rank_combinations

BW = (
    "(define (problem p) (:domain blocksworld) (:objects b1 b2) (:init (arm-empty) "
    "(on-table b1) (on b2 b1) (clear b2)) (:goal (and (on b1 b2))))"
)
BW_WRONG = BW.replace("(:goal (and (on b1 b2)))", "(:goal (and (on-table b2)))")
BW_TEXT = (
    "Your arm is empty. b1 is on the table. b2 is on b1. b2 is clear. "
    "Your goal is to have the following: b1 should be on b2."
)


@pytest.fixture(scope="session")
def aligner() -> Aligner:
    return Aligner()


# ----------------------------------------------------------------------------- calibration


@given(st.integers(1, 500), st.floats(0.01, 0.99))
def test_conformal_level_is_the_ceiling(n, eps):
    k = conformal_level(n, eps)
    assert k - 1 < (n + 1) * (1 - eps) + 1e-6 and k >= (n + 1) * (1 - eps) - 1e-6


def test_conformal_level_exact_integers():
    # (n+1)(1-ε) = 90 exactly: a float ceiling of 90.00000000000001 would give 91
    assert conformal_level(99, 0.1) == 90
    assert conformal_level(9, 0.2) == 8
    assert conformal_level(4, 0.1) == 5  # > n: the quantile is infinite


@given(st.lists(st.floats(-1, 1), min_size=1, max_size=60), st.sampled_from([0.1, 0.2, 0.3]))
def test_qhat_is_the_order_statistic(scores, eps):
    cal = Calibration.fit(scores)
    k = math.ceil(round((len(scores) + 1) * (1 - eps), 9))
    nonconf = sorted(1 - s for s in scores)
    expected = math.inf if k > len(scores) else nonconf[k - 1]
    assert cal.qhat(eps) == pytest.approx(expected, abs=1e-9)
    # the set keeps at least k of the calibration scores themselves
    assert sum(cal.accepts(s, eps) for s in scores) >= min(k, len(scores))


def test_split_conformal_coverage_on_synthetic_scores():
    """Exchangeable synthetic scores: mean coverage lies in [1-ε, 1-ε+1/(n+1)]."""
    rng = np.random.default_rng(0)
    n, trials = 50, 400
    for eps in (0.1, 0.2, 0.3):
        covs = []
        for _ in range(trials):
            cal = Calibration.fit(rng.beta(5, 2, n))
            covs.append(coverage(cal, rng.beta(5, 2, 200), eps))
        mean = float(np.mean(covs))
        assert 1 - eps - 0.01 <= mean <= 1 - eps + 1 / (n + 1) + 0.01, (eps, mean)


def test_calibration_round_trip_and_bad_epsilon():
    cal = Calibration.fit([0.9, 0.5, 0.7])
    again = Calibration.from_dict(json.loads(json.dumps(cal.to_dict())))
    assert again == cal
    assert cal.to_dict()["qhat"]["0.1"] is None  # infinite: stored as null (valid JSON)
    with pytest.raises(ValueError):
        cal.qhat(0.0)
    with pytest.raises(ValueError):
        Calibration.fit([])


@given(
    st.lists(
        st.tuples(st.floats(0, 1), st.sampled_from(["a", "b", "c"])), min_size=1, max_size=60
    ),
    st.sampled_from([0.1, 0.2, 0.3]),
)
def test_per_source_calibration_keeps_one_minus_epsilon_of_every_source(pairs, eps):
    """Group-conditional q̂: every group with enough pairs for ε keeps at least
    ⌈(n+1)(1−ε)⌉ of its own true pairs, whatever the other groups score; a stored calibration
    reads back the same."""
    scores, groups = [s for s, _ in pairs], [g for _, g in pairs]
    cal = Calibration.fit(scores, groups=groups)
    big = set()
    for g in set(groups):
        own = [s for s, h in pairs if h == g]
        k = conformal_level(len(own), eps)
        if k <= len(own):
            big.add(g)
            assert sum(cal.accepts(s, eps) for s in own) >= k
    if not big:  # no group large enough: the pooled q̂
        assert cal.qhat(eps) == Calibration.fit(scores).qhat(eps)
    again = Calibration.from_dict(json.loads(json.dumps(cal.to_dict())))
    assert again.qhat(eps) == pytest.approx(cal.qhat(eps), abs=1e-6)


def test_per_source_threshold_is_set_by_the_hardest_source():
    easy, hard = [1.0] * 20, [0.9, 0.8, 0.7, 0.6, 0.5]
    pooled = Calibration.fit(easy + hard)
    per = Calibration.fit(easy + hard, groups=["easy"] * 20 + ["hard"] * 5)
    assert pooled.threshold(0.2) == pytest.approx(0.9)  # set by the easy source: 1 of 5 kept
    assert per.threshold(0.2) == pytest.approx(0.5)  # the hard source's own (k = n = 5)
    assert sum(per.accepts(s, 0.2) for s in hard) == 5
    with pytest.raises(ValueError):
        Calibration.fit([0.5, 0.6], groups=["a"])


# ----------------------------------------------------------------------------- rendering


def test_render_problem_and_split_text():
    r = render_problem(BW)
    assert r.goal == ("b1 on b2.",)
    assert "b2 on b1." in r.init and "arm empty." in r.init
    init, goal = split_text(BW_TEXT)
    assert init.endswith("b2 is clear.") and goal.startswith("to have the following")
    assert split_text("no marker here") == ("no marker here", "no marker here")


def test_render_action_negation_and_parameters():
    text = render_action(
        "(:action stack :parameters (?x ?y) :precondition (and (holding ?x) (clear ?y)) "
        ":effect (and (on ?x ?y) (not (clear ?y)) (not (holding ?x))))"
    )
    assert text.startswith("stack with x, y.")
    assert "Requires: x is holding. y is clear." in text
    assert "y is not clear." in text


@settings(max_examples=200)
@given(st.text(alphabet="()abc ?-:=0123456789\n;", max_size=300))
def test_render_never_raises(s):
    render_problem(s)
    render_action(s)
    split_text(s)


# ----------------------------------------------------------------------------- the head


def test_train_head_is_deterministic_and_learns():
    rng = np.random.default_rng(1)
    x = rng.normal(size=(200, 2))
    y = (x[:, 0] + 0.1 * rng.normal(size=200) > 0).astype(int)
    feats = Features({"a": x[:, 0], "b": x[:, 1]}, np.zeros((200, 1)), np.zeros((200, 1)))
    h1 = train_head(feats, y, ("a", "b"))
    h2 = train_head(feats, y, ("a", "b"))
    assert h1 == h2
    assert auroc(h1.score(feats), y) > 0.95
    assert abs(h1.weights[0]) > 5 * abs(h1.weights[1])


@given(st.lists(st.lists(st.floats(0, 1), min_size=1, max_size=3), min_size=1, max_size=4))
def test_rank_combinations_matches_brute_force(score_lists):
    options = {f"a{i}": [(f"a{i}s{j}", v) for j, v in enumerate(vs)]
               for i, vs in enumerate(score_lists)}  # fmt: skip
    got = rank_combinations(options, top=5)
    brute = sorted(
        (sum(v for _, v in combo) / len(combo) for combo in itertools.product(*options.values())),
        reverse=True,
    )[:5]
    assert [round(m, 9) for _, m in got] == [round(m, 9) for m in brute]


# ----------------------------------------------------------------------------- with the encoder


def test_similarity_separates_a_hard_negative(aligner):
    good, bad = aligner.similarity([BW_TEXT, BW_TEXT], [BW, BW_WRONG])
    assert 0 <= bad < good <= 1


def test_deterministic_and_batch_independent(aligner):
    texts = [BW_TEXT, "Your goal is to stack all blocks.", BW_TEXT]
    pddls = [BW, BW, BW_WRONG]
    a = aligner.similarity(texts, pddls)
    b = aligner.similarity(texts, pddls)
    c = aligner.similarity(texts[::-1], pddls[::-1])[::-1]
    assert a == b
    assert np.allclose(a, c, atol=1e-5)


def test_bad_input_gets_scores_not_errors(aligner):
    huge = "b1 is on the table. " * 55_000  # ~1 MB
    texts = ["", huge, b"\xff\xfe b1 \x80 Your goal is \xc3(", BW_TEXT, "\x00\x01"]
    pddls = [BW, BW, BW, "(((((not pddl", b"\xff" * 100]
    out = aligner.similarity(texts, pddls)
    assert len(out) == 5 and all(isinstance(x, float) and 0 <= x <= 1 for x in out)
    assert aligner.action_similarity(["", huge], ["(:action", b"\xff"])[0] == pytest.approx(
        aligner.action_similarity([""], ["(:action"])[0]
    )
    assert aligner.similarity([], []) == []
    with pytest.raises(ValueError):
        aligner.similarity(["a"], [])


def test_default_head_calibration_is_used(aligner):
    head = Aligner(method="head", encoder=aligner.encoder)  # the previous default, by name
    s = head.score(BW_TEXT, BW, epsilon=0.2)
    assert s.aligned is True and s.threshold is not None and s.method == "head"
    assert head.score(BW_TEXT, BW_WRONG, epsilon=0.2).aligned is False
    assert aligner.method == "facts" and aligner.score(BW_TEXT, BW_WRONG).aligned is False


def test_action_schema_filter_ranks_the_true_schemas_first(aligner):
    pack = default_registry()["blocksworld"]
    text = pack.domain_pddl.lower()
    schemas = {}
    for name in ("pickup", "putdown", "stack", "unstack"):
        start = text.index(f"(:action {name}")
        depth, i = 0, start
        while True:
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
            if depth == 0:
                break
        schemas[name] = text[start:i]
    descriptions = {
        "pickup": "Pick up a clear block from the table with the empty arm; the arm then "
        "holds it.",
        "stack": "Put the held block on top of another clear block; the lower block is no "
        "longer clear and the arm is empty.",
    }
    candidates = {"pickup": [schemas["putdown"], schemas["pickup"]],
                  "stack": [schemas["unstack"], schemas["stack"]]}  # fmt: skip
    bare = Aligner(head=None, encoder=aligner.encoder)  # no calibration: nothing dropped
    res = filter_schemas(descriptions, candidates, aligner=bare)
    assert res.threshold is None and res.kept_combinations == 4
    assert res.combinations[0][0] == {"pickup": schemas["pickup"], "stack": schemas["stack"]}


def test_trained_head_beats_the_base_encoder_on_held_out_pairs(aligner):
    reg = default_registry()
    packs = [reg[n] for n in ("blocksworld", "gripper", "floor-tile")]
    pairs = generate_pairs(packs, split="test", per_pack=6, seed=5)
    assert {p.domain for p in pairs} == {"blocksworld", "gripper", "floor-tile"}
    texts, pddls = [p.text for p in pairs], [p.pddl for p in pairs]
    labels = [p.label for p in pairs]
    base = Aligner(head=None, method="raw").similarity(texts, pddls)
    ours = Aligner(method="head", encoder=aligner.encoder).similarity(texts, pddls)
    assert auroc(ours, labels) > auroc(base, labels) + 0.1


def test_cli_score_offline_in_a_fresh_process(tmp_path):
    env = {
        **os.environ,
        "HF_HUB_OFFLINE": "1",
        "TRANSFORMERS_OFFLINE": "1",
        "HF_HOME": str(tmp_path / "hf"),
        "HTTPS_PROXY": "http://127.0.0.1:9",  # any network attempt fails fast
        "HTTP_PROXY": "http://127.0.0.1:9",
    }
    (tmp_path / "t.txt").write_text(BW_TEXT, encoding="utf-8")
    (tmp_path / "p.pddl").write_text(BW, encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "planetarium_plugin", "align", "score", str(tmp_path / "t.txt"),
         str(tmp_path / "p.pddl"), "--json"],
        capture_output=True, text=True, env=env, timeout=300, cwd=tmp_path,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr[-2000:]
    d = json.loads(out.stdout)
    assert d["aligned"] is True and 0 < d["similarity"] <= 1
    assert not (tmp_path / "hf").exists() or not any((tmp_path / "hf").rglob("*.safetensors"))


def test_generated_pairs_are_exactly_labelled():
    pairs = generate_pairs([default_registry()["gripper"]], split="train", per_pack=5, seed=3)
    assert len(pairs) == 10 and [p.label for p in pairs] == [1, 0] * 5
    for pos, neg in zip(pairs[::2], pairs[1::2], strict=True):
        assert pos.text == neg.text and pos.pddl != neg.pddl
        assert split_text(pos.text)[0] == split_text(neg.text)[0]
    again = generate_pairs([default_registry()["gripper"]], split="train", per_pack=5, seed=3)
    assert again == pairs


def test_evaluate_reports_alignment_on_request(aligner):
    from planetarium_plugin.scoring import evaluate

    plain = evaluate(BW, BW, "blocksworld", check_solvable=False)
    assert plain.alignment is None
    good = evaluate(BW, BW, "blocksworld", check_solvable=False, text=BW_TEXT)
    bad = evaluate(BW, BW_WRONG, "blocksworld", check_solvable=False, text=BW_TEXT)
    assert good.equivalent is True and bad.equivalent is False
    assert good.alignment == aligner.similarity([BW_TEXT], [BW])[0]
    assert bad.alignment is not None and bad.alignment < good.alignment


def test_lm_eval_alignment_metric_is_opt_in(aligner, monkeypatch):
    from planetarium_tasks.planetarium import utils

    docs = [{"natural_language": BW_TEXT, "problem_pddl": BW}] * 2
    monkeypatch.delenv("PLANETARIUM_ALIGNMENT", raising=False)
    assert utils._alignment(docs, [BW, BW_WRONG]) is None
    monkeypatch.setenv("PLANETARIUM_ALIGNMENT", "1")
    sims = utils._alignment(docs, [BW, BW_WRONG])
    assert sims == aligner.similarity([BW_TEXT] * 2, [BW, BW_WRONG])
    verdict = {"parseable": True, "solvable": True, "equivalent": True, "alignment": sims[0]}
    metrics = utils.process_results(docs[0], [json.dumps(verdict)])
    assert metrics["alignment"] == sims[0]
    assert "alignment" not in utils.process_results(docs[0], [json.dumps({"parseable": True})])


def test_stored_action_calibration_is_the_action_heads(aligner):
    """The default head carries the action head's calibration (what train_default stores)."""
    from planetarium_plugin.alignment.actions import load_action_head

    cal = aligner.calibration("action")
    assert cal is not None and cal.n >= 20
    assert cal == Calibration.from_dict(load_action_head().calibration["action"])


# ----------------------------------------------------------------------------- action schemas


def _pack_schemas():
    from planetarium_plugin.alignment.render import action_schemas

    for pack in default_registry().values():
        if pack.descriptions is not None:
            for name, schema in sorted(action_schemas(pack.domain_pddl).items()):
                yield pack, name, schema


def test_mutations_change_what_the_schema_does():
    """Negatives by construction: every mutation changes the schema's meaning; a mutation
    that changes nothing (dropping (not (available ?r)) when (available ?r) is added too)
    is not a negative."""
    from planetarium_plugin.alignment.mutations import _meaning, mutations

    kinds = set()
    for _pack, _name, schema in _pack_schemas():
        muts = mutations(schema)
        assert muts == mutations(schema)  # deterministic
        meanings = [_meaning(m) for _, m in muts]
        assert _meaning(schema) not in meanings and len(set(meanings)) == len(meanings)
        kinds.update(k for k, _ in muts)
    assert kinds == {"effect_dropped", "precondition_dropped", "effect_negated",
                     "arguments_swapped"}  # fmt: skip
    comm = dict(action_schemas_of("rover"))["communicate_soil_data"]
    dropped = [m for k, m in mutations(comm) if k == "effect_dropped"]
    assert all("(not (available ?r))" in m for m in dropped)  # its drop is a no-op


def action_schemas_of(pack: str):
    from planetarium_plugin.alignment.render import action_schemas

    return action_schemas(default_registry()[pack].domain_pddl).items()


def test_recall_never_rises_when_a_literal_is_dropped():
    """The recall features read what the description says against what the schema has: a
    schema missing a literal never covers the description better."""
    from planetarium_plugin.alignment.actions import action_features
    from planetarium_plugin.alignment.mutations import mutations

    texts, schemas, groups = [], [], []
    for pack, name, schema in _pack_schemas():
        desc = pack.descriptions.actions.get(name)
        if desc is None:
            continue
        drops = [m for k, m in mutations(schema) if k.endswith("_dropped")]
        groups.append(len(drops))
        texts += [desc] * (1 + len(drops))
        schemas += [schema, *drops]
    feats = action_features(None, texts, schemas)
    for col in ("lex_r", "word_r", "eff_r"):
        rec, i = feats.get(col), 0
        for n in groups:
            assert (rec[i + 1 : i + 1 + n] <= rec[i] + 1e-12).all(), col
            i += 1 + n


@settings(max_examples=150)
@given(st.text(alphabet="()abc ?-:=;,.0123456789\n", max_size=300))
def test_action_parsing_never_raises(s):
    from planetarium_plugin.alignment.actions import (
        action_features,
        parse_description,
        parse_schema,
    )
    from planetarium_plugin.alignment.mutations import mutations

    parse_schema(s)
    parse_description(s)
    mutations(s)
    f = action_features(None, [s, s], ["(:action " + s, s])
    assert all(np.isfinite(v).all() for v in f.columns.values())


def test_action_score_sees_a_missing_effect(aligner):
    """Regression: the old score (cosine of the whole rendered schema) rated the pickup schema
    missing ``(holding ?ob)``, the effect its description states, above the true one."""
    from planetarium_plugin.alignment.mutations import mutations

    desc = default_registry()["blocksworld"].descriptions.actions["pickup"]
    schema = dict(action_schemas_of("blocksworld"))["pickup"]
    cut = next(m for k, m in mutations(schema) if k == "effect_dropped")
    assert "(holding ?ob)" not in cut.split(":effect")[1]
    good, bad = aligner.action_similarity([desc, desc], [schema, cut])
    assert bad < good


def test_action_head_is_trained_and_calibrated_leave_one_pack_out(aligner):
    """A small rebuild: the calibration holds the cross-fitted scores of the true pairs."""
    from planetarium_plugin.alignment.actions import action_features
    from planetarium_plugin.alignment.mutations import action_pairs
    from planetarium_plugin.alignment.training import cross_fitted_scores, train_action_head

    reg = default_registry()
    pairs = action_pairs([reg["blocksworld"], reg["gripper"]])
    head = train_action_head(aligner.encoder, pairs)
    feats = action_features(aligner.encoder, [p.text for p in pairs], [p.pddl for p in pairs])
    held = cross_fitted_scores(feats, pairs, head.features)
    true = held[[p.label == 1 for p in pairs]]
    stored = Calibration.from_dict(head.calibration["action"])
    assert stored.kind == "action"
    assert np.allclose(stored.nonconformity, sorted(1 - true), atol=1e-6)
    assert head.meta["packs"] == ["blocksworld", "gripper"] and len(true) == 7
    assert auroc(head.score(feats), [p.label for p in pairs]) > 0.65  # in-sample: 0.72


def test_cli_calibrate_filter_and_eval_in_process(aligner, tmp_path, capsys):
    """The align subcommands on small files (the encoder is already loaded in this process)."""
    from pathlib import Path

    from planetarium_plugin.cli import main

    pairs = generate_pairs([default_registry()["gripper"]], split="train", per_pack=4, seed=7)
    data = tmp_path / "pairs.jsonl"
    data.write_text("".join(json.dumps({"text": p.text, "pddl": p.pddl, "label": p.label}) + "\n"
                            for p in pairs), encoding="utf-8")  # fmt: skip
    out = tmp_path / "head.json"
    assert main(["align", "calibrate", "--data", str(data), "--epsilon", "0.2",
                 "--out", str(out)]) == 0  # fmt: skip
    got = json.loads(capsys.readouterr().out)
    true = [p for p in pairs if p.label == 1]
    expected = Calibration.fit(aligner.similarity([p.text for p in true], [p.pddl for p in true]))
    assert got["n"] == 4 and got["qhat"] == pytest.approx(expected.qhat(0.2))
    assert Aligner(head=out, method="facts").calibration("problem") == expected

    examples = Path(__file__).parent.parent / "examples" / "alignment"
    assert main(["align", "filter", str(examples / "descriptions.jsonl"),
                 str(examples / "schemas.jsonl"), "--json"]) == 0  # fmt: skip
    res = json.loads(capsys.readouterr().out)
    assert res["total_combinations"] == 6 and res["threshold"] is not None
    dropped = [c for c in res["candidates"]["pickup"] if not c["kept"]]
    assert [c["schema"].split()[1] for c in dropped] == ["take"]  # the other domain's schema
    # the true schemas rank first (the old whole-schema cosine put unstack's body, named stack,
    # above the true stack schema: 0.802 vs 0.788)
    best = res["ranking"][0]["schemas"]
    assert ":effect (and (holding ?ob)" in best["pickup"] and "(on ?ob ?underob)" in best[
        "stack"].split(":effect")[1]  # fmt: skip

    assert main(["align", "eval", "--data", str(data), "--json"]) == 0
    rows = {r["pack"]: r for r in json.loads(capsys.readouterr().out)}
    assert rows["all"]["pairs"] == 8 and set(rows["all"]["auroc"]) == {"base", "ours"}
    assert main(["align", "filter", str(tmp_path / "missing.jsonl"), str(data)]) == 2


def test_calibration_reads_each_pair_with_its_own_domain_file(aligner):
    """Rows of a domain with no pack carry the domain file's text (``domain_pddl``): the
    calibration scores them as a user with that file would, not from the problem alone."""
    from pathlib import Path

    data = Path(__file__).parents[1] / "benchmarks/data/alignment_public/pairs.jsonl"
    rows = [r for r in map(json.loads, data.read_text().splitlines())
            if r.get("domain_pddl") and r["label"] == 1][:6]  # fmt: skip
    texts, pddls = [r["text"] for r in rows], [r["problem_pddl"] for r in rows]
    doms = [r["domain_pddl"] for r in rows]
    cal = aligner.calibrate(texts, pddls, domains=doms)
    want = [aligner.explain(t, p, d).similarity
            for t, p, d in zip(texts, pddls, doms, strict=True)]  # fmt: skip
    assert cal == Calibration.fit(want)
    bare = aligner.calibrate(texts, pddls)  # the domain file matters on these rows
    assert bare == Calibration.fit(aligner.similarity(texts, pddls)) and bare != cal
