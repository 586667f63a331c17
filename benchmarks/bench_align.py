"""Benchmark: text-PDDL alignment on hard negatives — the base encoder, each lever, the default.

    python benchmarks/bench_align.py [--train-per-pack 80] [--eval-per-pack 50] [--out DIR]

Pairs come from the installed packs' generators (``planetarium_plugin.alignment.data``): each
text with its own problem (positive) and with a problem of the same pack, same initial state,
different goal, checked not equivalent by our exact metric (hard negative). Lever heads train on
the train split (seen goal layouts); everything is evaluated on the test split (held-out goal
layouts) and on packs without a train split (held out entirely: floor-tile). Reports AUROC per
pack and per abstraction, conformal coverage of the default head at ε = 0.1/0.2/0.3 on held-out
true pairs, throughput on 400 pairs (base vs default, same run, fresh encoder caches), and
whether ``planetarium align train`` rebuilds the shipped head byte for byte.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path

import numpy as np

from planetarium_plugin import default_registry
from planetarium_plugin.alignment import Aligner, Calibration, coverage, default_head_path
from planetarium_plugin.alignment.data import generate_pairs
from planetarium_plugin.alignment.encoder import Encoder
from planetarium_plugin.alignment.model import Head, auroc, method_scores, raw_scores, train_head
from planetarium_plugin.alignment.training import DEFAULT_FEATURES, batched_features

LEVERS = ("rendered", "goal", "atoms", "summary", "lexical", "abstract")
ALL_EMBED = ("goal", "rendered", "atoms", "summary", "abstract")
PARAPHRASES = Path(__file__).parent / "data" / "abstract_paraphrases.json"
SCALAR_HEAD = ("cos_all", "cos_goal", "cos_init", "atom_f", "cos_summary", "lex_p", "lex_r",
               "lex_named", "lex_counts")  # fmt: skip


def table(rows: list[list[str]]) -> str:
    out = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
    out += ["| " + " | ".join(r) + " |" for r in rows[1:]]
    return "\n".join(out)


def _old_action_cosine(enc: Encoder, texts: list[str], schemas: list[str]) -> np.ndarray:
    """The previous action score: cosine of the description and the whole schema rendered to
    English, chunked and pooled (kept here as the baseline it is)."""
    from planetarium_plugin.alignment.render import clean_text, render_action

    d = [enc.chunks([clean_text(x)])[:16] for x in texts]
    s = [enc.chunks([render_action(x)])[:16] for x in schemas]
    uniq = sorted({c for cs in d + s for c in cs})
    table_ = dict(zip(uniq, enc.embed(uniq), strict=True))

    def pooled(cs: list[str]) -> np.ndarray:
        v = np.mean([table_[c] for c in cs], axis=0)
        n = float(np.linalg.norm(v))
        return v / n if n else v

    return np.array([float(pooled(a) @ pooled(b)) for a, b in zip(d, s, strict=True)])


def _coverage_lopo(pairs: list, scores: np.ndarray) -> list[str]:
    """Pooled leave-one-pack-out coverage at ε = 0.1/0.2/0.3: each pack's true pairs against
    the threshold calibrated on the other packs' true pairs."""
    kept = {e: 0 for e in (0.1, 0.2, 0.3)}
    true = [i for i, p in enumerate(pairs) if p.label == 1]
    for pack in sorted({p.domain for p in pairs}):
        cal = Calibration.fit(scores[[i for i in true if pairs[i].domain != pack]], kind="action")
        for e in kept:
            kept[e] += sum(cal.accepts(scores[i], e) for i in true if pairs[i].domain == pack)
    return [f"{kept[e] / len(true):.3f}" for e in (0.1, 0.2, 0.3)]


def bench_actions(enc: Encoder, packs: list) -> str:
    """Action descriptions (the packs' DomainDescriptions) against schemas: AUROC per kind of
    negative (other actions of the domain; the own schema mutated: an effect or precondition
    dropped, an effect negated, arguments swapped) for the raw schema, the old rendered cosine,
    each lever and the action head trained leave-one-pack-out; the paired win rate (true
    schema above its own mutation: what ranking candidates needs); leave-one-pack-out
    conformal coverage."""
    from planetarium_plugin.alignment.actions import ACTION_FEATURES, action_features
    from planetarium_plugin.alignment.mutations import action_pairs
    from planetarium_plugin.alignment.training import cross_fitted_scores

    t0 = time.perf_counter()
    pairs = action_pairs(packs)
    texts, schemas = [p.text for p in pairs], [p.pddl for p in pairs]
    y = np.array([p.label for p in pairs])
    uniq = sorted(set(texts) | set(schemas))
    vec = dict(zip(uniq, enc.embed(uniq), strict=True))
    scores: dict[str, np.ndarray] = {
        "base: raw schema": np.array([float(vec[t] @ vec[s]) for t, s in zip(texts, schemas,
                                                                              strict=True)]),
        "old: rendered cosine": _old_action_cosine(enc, texts, schemas),
    }  # fmt: skip
    feats = action_features(enc, texts, schemas)
    for col in ("lex_r", "word_r", "emb_r", "eff_r", "lex_p", "emb_p", "name"):
        scores[f"lever: {col}"] = feats.get(col)
    for name, fs in (("head: cos + lex_r + emb_r + lex_p + emb_p", ("cos", "lex_r", "emb_r",
                      "lex_p", "emb_p")),
                     ("head: name + cos + lex_r + emb_r", ("name", "cos", "lex_r", "emb_r")),
                     ("head: name + lex_r + emb_r", ("name", "lex_r", "emb_r")),
                     (f"ours: {' + '.join(ACTION_FEATURES)} (shipped)", ACTION_FEATURES)):
        scores[name + ", LOPO"] = cross_fitted_scores(feats, pairs, fs)  # fmt: skip
    seconds = time.perf_counter() - t0
    kinds = sorted({p.abstraction for p in pairs if p.label == 0})
    count = {k: sum(p.abstraction == k for p in pairs) for k in kinds}
    rows = [["method", *[f"{k} ({count[k]})" for k in kinds], f"all ({len(pairs)})"]]
    paired = [["method", *[k for k in kinds if k != "other_action"]]]
    own = {(p.domain, p.goal_layout): i for i, p in enumerate(pairs) if p.label == 1}
    for name, s in scores.items():
        row = [name]
        for k in kinds:
            idx = [i for i, p in enumerate(pairs) if p.label == 1 or p.abstraction == k]
            row.append(f"{auroc(s[idx], y[idx]):.3f}")
        rows.append([*row, f"{auroc(s, y):.3f}"])
        prow = [name]
        for k in kinds:
            if k == "other_action":
                continue
            wins = [np.sign(s[own[(p.domain, p.goal_layout)]] - s[i]) / 2 + 0.5
                    for i, p in enumerate(pairs) if p.abstraction == k]  # fmt: skip
            prow.append(f"{np.mean(wins):.3f}")
        paired.append(prow)
    cov = [["score", *[f"coverage ε={e}" for e in (0.1, 0.2, 0.3)]]]
    for name in ("old: rendered cosine", f"ours: {' + '.join(ACTION_FEATURES)} (shipped), LOPO"):
        cov.append([name, *_coverage_lopo(pairs, scores[name])])
    n_true = int(y.sum())
    return (f"Action schemas: {n_true} descriptions (the packs' DomainDescriptions) of "
            f"{len({p.domain for p in pairs})} packs, {len(pairs) - n_true} negatives; features "
            f"and leave-one-pack-out heads in {seconds:.0f} s.\n\nAUROC per kind of negative "
            "(positives: all true pairs; LOPO = each pack scored by a head trained on the "
            f"others):\n\n{table(rows)}\n\nPaired win rate (true schema above its own "
            f"mutation; ties count half):\n\n{table(paired)}\n\nLeave-one-pack-out conformal "
            f"coverage of true pairs (pooled over packs):\n\n{table(cov)}")  # fmt: skip


def paraphrased(pairs: list) -> list[tuple[int, object]]:
    """(index, paraphrased copy) of each pair whose abstract goal text a hand-written rule
    paraphrases."""
    import dataclasses
    import re

    from planetarium_plugin.alignment.render import split_text

    rules = [(re.compile(a), b) for a, b in json.loads(PARAPHRASES.read_text())["rules"]]
    out = []
    for i, p in enumerate(pairs):
        if not p.abstraction.endswith("_to_abstract"):
            continue
        goal = split_text(p.text)[1]
        for pattern, repl in rules:
            if pattern.fullmatch(goal):
                text = p.text[: len(p.text) - len(goal)] + pattern.sub(repl, goal)
                out.append((i, dataclasses.replace(p, text=text)))
                break
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--train-per-pack", type=int, default=80)
    ap.add_argument("--eval-per-pack", type=int, default=50)
    ap.add_argument("--throughput-pairs", type=int, default=400)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--out", default="benchmarks/results")
    ap.add_argument("--skip-retrain", action="store_true")
    ap.add_argument("--actions-only", action="store_true", help="only the action-schema part")
    ap.add_argument("--no-levers", action="store_true", help="base and default only")
    args = ap.parse_args()
    import torch

    torch.set_num_threads(args.threads)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    packs = list(default_registry().values())
    enc = Encoder()
    if args.actions_only:
        report = bench_actions(enc, packs)
        print(report)
        (out / "align_actions.md").write_text(report + "\n", encoding="utf-8")
        return
    t0 = time.perf_counter()
    train = generate_pairs(packs, split="train", per_pack=args.train_per_pack, seed=0)
    test = generate_pairs(packs, split="test", per_pack=args.eval_per_pack, seed=2)
    print(f"pairs: {len(train)} train, {len(test)} held-out ({time.perf_counter() - t0:.0f} s)")
    ytr = np.array([p.label for p in train])
    yte = np.array([p.label for p in test])
    scores: dict[str, np.ndarray] = {}
    scores["base: raw PDDL"] = np.concatenate(
        [raw_scores(enc, [p.text for p in test[i : i + 64]], [p.pddl for p in test[i : i + 64]])
         for i in range(0, len(test), 64)]  # fmt: skip
    )
    if not args.no_levers:
        ftr = batched_features(enc, train, embed=ALL_EMBED, describe=True, progress=True,
                               desc="train")  # fmt: skip
        fte = batched_features(enc, test, embed=ALL_EMBED, describe=True, progress=True,
                               desc="held-out")  # fmt: skip
        for lever in LEVERS:
            scores[lever] = method_scores(lever, fte)
        heads = {
            "head: all scalars": train_head(ftr, ytr, SCALAR_HEAD, l2=1.0),
            "head: scalars + goal-embedding products": train_head(
                ftr, ytr, (*SCALAR_HEAD, "product", "summary"), l2=30.0
            ),
        }
        for name, h in heads.items():
            scores[name] = h.score(fte)
    default = Head.load(default_head_path())
    fdef = batched_features(enc, test, embed=default.embed, gate=default.gate,
                            describe=default.describes, desc="default")  # fmt: skip
    scores["default (shipped head)"] = default.score(fdef)
    if default.describes:  # the same head where no pack describes the goal (ad-hoc domains)
        fbare = batched_features(enc, test, embed=default.embed, gate=default.gate,
                                 desc="default, no describers")  # fmt: skip
        scores["default without pack describers (fallback)"] = default.score(fbare)
    para_pairs = paraphrased(test)
    para = [i for i, _ in para_pairs]
    para_rows = [["method", *[f"{c}" for c in sorted({test[i].domain for i in para})], "all"]]
    if para:
        ptest = [p for _, p in para_pairs]
        yp = np.array([p.label for p in ptest])
        base_p = raw_scores(enc, [p.text for p in ptest], [p.pddl for p in ptest])
        fp = batched_features(enc, ptest, embed=default.embed, gate=default.gate,
                              describe=default.describes, desc="paraphrased")  # fmt: skip
        orig = scores["default (shipped head)"][para]
        yo = yte[para]
        for name, s, y in (("base: raw PDDL, paraphrased texts", base_p, yp),
                           ("default, generator's texts", orig, yo),
                           ("default, paraphrased texts", default.score(fp), yp)):  # fmt: skip
            row = [name]
            for c in para_rows[0][1:]:
                idx = [i for i, p in enumerate(ptest) if c in ("all", p.domain)]
                row.append(f"{auroc(s[idx], y[idx]):.3f}")
            para_rows.append(row)
        cal_d = Calibration.from_dict(default.calibration["problem"])
        para_true = default.score(fp)[yp == 1]
        orig_true = orig[yo == 1]
        para_rows.append(["coverage of the stored threshold, generator's / paraphrased texts",
                          *[""] * (len(para_rows[0]) - 2),
                          " ".join(f"ε={e}: {coverage(cal_d, orig_true, e):.3f} / "
                                   f"{coverage(cal_d, para_true, e):.3f};"
                                   for e in (0.1, 0.2, 0.3))])  # fmt: skip

    packs_seen = sorted({p.domain for p in test})
    held_out_packs = sorted({p.domain for p in test} - {p.domain for p in train})
    cols = [*packs_seen, "all"]
    rows = [["method", *[f"{c}{' (held-out pack)' if c in held_out_packs else ''}" for c in cols]]]
    for name, s in scores.items():
        row = [name]
        for c in cols:
            idx = [i for i, p in enumerate(test) if c in ("all", p.domain)]
            row.append(f"{auroc(s[idx], yte[idx]):.3f}")
        rows.append(row)
    abstractions = sorted({p.abstraction for p in test})
    rows_ab = [["method", *abstractions]]
    for name, s in scores.items():
        row = [name]
        for a in abstractions:
            idx = [i for i, p in enumerate(test) if p.abstraction == a]
            row.append(f"{auroc(s[idx], yte[idx]):.3f}")
        rows_ab.append(row)

    cal = Calibration.from_dict(default.calibration["problem"])
    true = scores["default (shipped head)"][yte == 1]
    cov_rows = [["ε", "q̂", "threshold", "coverage (held-out true pairs)", "target ≥"]]
    for e in (0.1, 0.2, 0.3):
        cov_rows.append([str(e), f"{cal.qhat(e):.4f}", f"{cal.threshold(e):.4f}",
                         f"{coverage(cal, true, e):.3f}", f"{1 - e:.1f}"])  # fmt: skip
    # exchangeable check: calibrate on a random half of the held-out true pairs, measure on
    # the other half (1000 splits): the guarantee holds when calibration and use match
    rng = np.random.default_rng(0)
    exch = [["ε", "mean coverage (1000 random halves)", "10th percentile", "target ≥"]]
    for e in (0.1, 0.2, 0.3):
        covs = []
        for _ in range(1000):
            perm = rng.permutation(len(true))
            half = len(true) // 2
            c = Calibration.fit(true[perm[:half]])
            covs.append(coverage(c, true[perm[half:]], e))
        exch.append([str(e), f"{np.mean(covs):.3f}", f"{np.quantile(covs, 0.1):.3f}",
                     f"{1 - e:.1f}"])  # fmt: skip
    per_pack_cov = [["pack", *[f"ε={e}" for e in (0.1, 0.2, 0.3)]]]
    for c in cols:
        idx = [i for i, p in enumerate(test) if c in ("all", p.domain) and p.label == 1]
        per_pack_cov.append([c, *[f"{coverage(cal, scores['default (shipped head)'][idx], e):.3f}"
                                  for e in (0.1, 0.2, 0.3)]])  # fmt: skip

    # throughput: 400 held-out pairs, fresh encoders (no cached embeddings), same run
    sample = (test * (1 + args.throughput_pairs // max(len(test), 1)))[: args.throughput_pairs]
    texts, pddls = [p.text for p in sample], [p.pddl for p in sample]
    thr = {}
    for name, method, head in (("base: raw PDDL", "raw", None),
                               ("default (shipped head)", None, "default")):  # fmt: skip
        a = Aligner(head=head, method=method, encoder=Encoder())  # fresh embedding cache
        w0, c0 = time.perf_counter(), time.process_time()
        a.similarity(texts, pddls)
        thr[name] = (time.perf_counter() - w0, time.process_time() - c0)
    thr_rows = [["aligner", "wall s (400 pairs)", "CPU s", "pairs/s (wall)"]]
    for name, (w, c) in thr.items():
        thr_rows.append([name, f"{w:.1f}", f"{c:.1f}", f"{len(sample) / w:.1f}"])

    rebuilt = "skipped"
    if not args.skip_retrain:
        from planetarium_plugin.alignment.training import save_head, train_default

        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "head.json"
            save_head(train_default(Encoder(), packs), path)  # fresh cache, as the CLI
            same = path.read_bytes() == default_head_path().read_bytes()
            rebuilt = f"{'identical' if same else 'DIFFERENT'} ({path.stat().st_size} bytes)"
            from planetarium_plugin.alignment.actions import action_head_path
            from planetarium_plugin.alignment.mutations import action_pairs
            from planetarium_plugin.alignment.training import train_action_head

            save_head(train_action_head(Encoder(), action_pairs(packs)), path)
            same = path.read_bytes() == action_head_path().read_bytes()
            rebuilt += (f"; action head (`--action-out`) {'identical' if same else 'DIFFERENT'}"
                        f" ({path.stat().st_size} bytes)")  # fmt: skip

    report = "\n\n".join([
        f"Pairs: {len(train)} train (train split of {', '.join(sorted({p.domain for p in train}))}"
        f"), {len(test)} held-out (test split; held-out packs: {', '.join(held_out_packs)}); "
        "half positives, half hard negatives.",
        "AUROC on hard negatives, per pack:\n\n" + table(rows),
        "AUROC by abstraction (init_to_goal), all packs:\n\n" + table(rows_ab),
        f"Abstract goals paraphrased by hand ({len(para)} held-out pairs with an abstract goal "
        f"text; {PARAPHRASES.name}, never used in training):\n\n" + table(para_rows),
        "Conformal coverage of the default head (calibrated on fresh train-split draws, "
        "the generator's exact wording held out of the descriptions):\n\n"
        + table(cov_rows) + "\n\nper pack:\n\n" + table(per_pack_cov)
        + "\n\nExchangeable (held-out true pairs split in halves):\n\n" + table(exch),
        f"Throughput ({args.threads} torch threads):\n\n" + table(thr_rows),
        f"Default head rebuilt by `planetarium align train` defaults: {rebuilt}; "
        f"default features: {', '.join(DEFAULT_FEATURES)}.",
    ])  # fmt: skip
    print(report)
    (out / "align.md").write_text(report + "\n", encoding="utf-8")
    (out / "align.json").write_text(json.dumps({k: v.tolist() for k, v in scores.items()}))
    print(f"load average at the end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
