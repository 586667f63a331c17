"""A domain is whatever the user has: a pack name, a DomainPack, a path, or the PDDL text.

Domains no pack provides (``tests/domains/``) work in every API through ad-hoc packs, cached by
content hash; a file named like a pack but different is used as written; bad domains give a
reason, never an exception.
"""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planetarium_plugin import (
    DomainCache,
    DomainPack,
    PlanetariumError,
    Reason,
    default_registry,
    equivalent,
    evaluate,
    fully_specify,
    load_packs,
    parse_problem,
    resolve_domain,
    resolve_pack,
    solve,
    validate,
)
from planetarium_plugin.cli import main
from planetarium_plugin.scoring import score_file
from planetarium_plugin.scoring.records import score_record

DOMAINS = Path(__file__).resolve().parent / "domains"
ROOT = Path(__file__).resolve().parents[1]
COURIER = DOMAINS / "oneway-courier.pddl"
LOGISTICS = DOMAINS / "logistics-typed.pddl"
SHUTTLE = DOMAINS / "fuel-shuttle.pddl"
COURIER_GT = (DOMAINS / "oneway-courier-p1.pddl").read_text()
# The parcel ends at c, so the courier is at c, and b and c were visited (one-way roads).
COURIER_SAME = COURIER_GT.replace("(parcel-at x c)", "(parcel-at x c) (at c) (visited b)")
COURIER_OTHER = COURIER_GT.replace("(parcel-at x c)", "(parcel-at x c) (charged f1)")
BW_DOMAIN = (ROOT / "domain_packs" / "blocksworld" / "domain.pddl").read_text()
BW_GT = """(define (problem p) (:domain blocksworld) (:objects a b)
  (:init (arm-empty) (on-table a) (on-table b) (clear a) (clear b))
  (:goal (and (on a b))))"""
BW_CAND = BW_GT.replace("(on a b)", "(on a b) (on-table b) (clear a) (arm-empty)")


def forms(path: Path) -> list[tuple[str, object, str, bool]]:
    """(label, domain argument, expected domain_source, expected ad-hoc) for one domain file."""
    text = path.read_text()
    return [
        ("text", text, "text", True),
        ("path-str", str(path), "file", True),
        ("path", path, "file", True),
        ("DomainPack", DomainPack(name="mine", domain_pddl=text), "pack", False),
    ]


COURIER_FORMS = forms(COURIER)
IDS = [f[0] for f in COURIER_FORMS]


@pytest.mark.parametrize(("label", "domain", "source", "adhoc"), COURIER_FORMS, ids=IDS)
def test_equivalent_accepts_every_form(label, domain, source, adhoc):
    v = equivalent(COURIER_GT, COURIER_SAME, domain=domain, explain=True)
    assert (v.equivalent, v.reason) == (True, None), v.message
    assert v.domain_source == source
    assert v.pack == (None if adhoc else "mine")
    assert v.domain == ("oneway-courier" if adhoc else "mine")
    w = equivalent(COURIER_GT, COURIER_OTHER, domain=domain)
    assert (w.equivalent, w.reason) == (False, "goal_differs")


def test_registered_pack_name_reports_pack_source():
    v = equivalent(BW_GT, BW_CAND, domain="blocksworld")
    assert (v.equivalent, v.pack, v.domain_source) == (True, "blocksworld", "pack")


@pytest.mark.parametrize(("label", "domain", "source", "adhoc"), COURIER_FORMS, ids=IDS)
def test_parse_problem_and_fully_specify_accept_every_form(label, domain, source, adhoc):
    p = parse_problem(COURIER_GT, domain)
    assert p.domain_name == "oneway-courier" and len(p.objects) == 6
    fs = fully_specify(COURIER_GT, domain, negative=True)
    assert fs.method == "exact" and fs.reachable is True  # the generic exact method
    got = set(map(str, fs.positive))
    assert {"(parcel-at x c)", "(at c)", "(visited b)", "(visited c)"} <= got
    assert "(visited a)" not in got  # a is never entered: the roads are one-way
    # Both cells are burnt on the only way to c: consumed resources are implied negatives.
    assert {"(charged f1)", "(charged f2)", "(at a)"} <= set(map(str, fs.negative))


@pytest.mark.parametrize(("label", "domain", "source", "adhoc"), COURIER_FORMS, ids=IDS)
def test_solve_and_validate_accept_every_form(label, domain, source, adhoc):
    r = solve(COURIER_GT, domain, timeout=30)
    assert r.solvable is True and r.planner == "fast-downward", r.message
    good = "(pick-up x a)\n(drive a b f1)\n(drive b c f2)\n(drop x c)"
    assert validate(COURIER_GT, good, domain).valid
    bad = validate(COURIER_GT, "(drive a c f1)", domain)  # no road from a to c
    assert not bad.valid and bad.failed_step == 1 and "(road a c)" in bad.message


def test_typed_logistics_adhoc_domain():
    text = LOGISTICS.read_text()
    gt = (DOMAINS / "logistics-typed-p1.pddl").read_text()
    # The same problem with objects renamed is equivalent (isomorphism, not names).
    renamed = gt.replace("p1", "pkgA").replace("p2", "pkgB").replace("logistics-pkgA", "x")
    assert equivalent(gt, renamed, domain=text).equivalent is True
    # An object of the wrong type is a typing mismatch under the user's own type hierarchy.
    wrong = gt.replace("(at p1 home)", "(at p1 c1)")
    v = equivalent(gt, wrong, domain=str(LOGISTICS))
    assert (v.parseable, v.reason) == (False, "typing_mismatch")


def test_numeric_adhoc_domain_routes_to_enhsp():
    text = SHUTTLE.read_text()
    pack = resolve_pack(text)
    assert pack.numeric and pack.planner_kind == "enhsp" and pack.fully_specify is None
    gt = (DOMAINS / "fuel-shuttle-p1.pddl").read_text()
    r = solve(gt, text, timeout=60)
    assert r.solvable is True and r.planner == "enhsp", r.message
    cand = gt.replace("(at s3)", "(at s3) (seen s3)")
    assert equivalent(gt, cand, domain=text).equivalent is True


def test_evaluate_accepts_text_and_path():
    for domain, source in ((COURIER.read_text(), "text"), (str(COURIER), "file")):
        s = evaluate(COURIER_GT, COURIER_SAME, domain, timeout=30)
        assert (s.parseable, s.solvable, s.equivalent) == (True, True, True), s.solve_message
        assert (s.domain, s.pack, s.domain_source) == ("oneway-courier", None, source)


# ---------------------------------------------------------------------------------------------
# Cache


def _fresh(text: str) -> str:
    """The same domain under a new content hash (a unique trailing comment)."""
    return f"{text}\n; {uuid.uuid4()}\n"


def test_batch_parses_a_domain_once():
    cache = default_registry().domains
    text = _fresh(COURIER.read_text())
    before = cache.parses
    recs = [
        {"id": str(i), "domain_pddl": text, "ground_truth": COURIER_GT, "candidate": cand}
        for i, cand in enumerate([COURIER_SAME, COURIER_OTHER, "junk", COURIER_GT] * 3)
    ]
    results = [score_record(r, 10.0, "auto", False) for r in recs]
    assert cache.parses - before == 1  # 12 records, strict + relaxed checks: one parse
    assert [r["equivalent"] for r in results[:4]] == [True, False, False, True]
    assert results[2]["reason"] == "parse_error"
    # Parsing again needs a new text; an unusable text is cached as well.
    bad = _fresh("(define (domain broken) (:predicates (p ?x)) (:action a :effect (q)))")
    for _ in range(3):
        assert resolve_domain(bad).reason == Reason.DOMAIN_INVALID
    assert cache.parses - before == 2


def test_cache_is_a_bounded_lru_owned_by_the_registry():
    reg = load_packs()
    assert reg.domains is not default_registry().domains and len(reg.domains) == 0
    small = DomainCache(maxsize=2)
    texts = [f"(define (domain d{i}) (:predicates (p)))" for i in range(3)]
    calls = []

    def build(t):
        calls.append(t)
        return PlanetariumError(Reason.DOMAIN_INVALID, t)

    for t in (texts[0], texts[1], texts[0], texts[2], texts[1]):
        small.lookup(t, build)
    # texts[1] was evicted by texts[2] (texts[0] was used more recently), then re-read.
    assert calls == [texts[0], texts[1], texts[2], texts[1]]
    assert len(small) == 2 and small.hits == 1 and small.parses == 4


def test_mixed_domains_in_one_batch_file(tmp_path):
    rows = [
        {"id": "bw", "domain": "blocksworld", "ground_truth": BW_GT, "candidate": BW_CAND},
        {
            "id": "courier",
            "domain_pddl": COURIER.read_text(),
            "ground_truth": COURIER_GT,
            "candidate": COURIER_SAME,
        },
        {
            "id": "logistics",
            "domain": str(LOGISTICS),
            "ground_truth": (DOMAINS / "logistics-typed-p1.pddl").read_text(),
            "candidate": (DOMAINS / "logistics-typed-p1.pddl").read_text(),
        },
        {
            "id": "bad",
            "domain_pddl": "(define (problem p))",
            "ground_truth": BW_GT,
            "candidate": BW_GT,
        },
    ]
    rows.append({"id": "nocand", "domain_pddl": COURIER.read_text(), "ground_truth": BW_GT})
    out = tmp_path / "scores.jsonl"
    counts = score_file(rows, out, workers=1, check_solvable=False, progress=False)
    assert counts["scored"] == 5
    got = {r["id"]: r for r in map(json.loads, out.read_text().splitlines())}
    assert got["bw"]["equivalent"] is True and got["bw"]["pack"] == "blocksworld"
    assert got["courier"]["equivalent"] is True and got["courier"]["domain"] == "oneway-courier"
    assert (got["courier"]["pack"], got["courier"]["domain_source"]) == (None, "text")
    assert got["logistics"]["equivalent"] is True and got["logistics"]["domain_source"] == "file"
    assert got["bad"]["reason"] == "domain_invalid" and got["bad"]["equivalent"] is None
    # A record that cannot be scored still counts under the domain its text declares.
    assert (got["nocand"]["reason"], got["nocand"]["domain"]) == ("bad_record", "oneway-courier")


# ---------------------------------------------------------------------------------------------
# A file named like a pack


def test_file_equal_to_a_pack_selects_the_pack(tmp_path):
    # Comments, whitespace and letter case do not change the domain: the pack (and its rules).
    same = tmp_path / "bw.pddl"
    same.write_text("; my copy\n" + BW_DOMAIN.upper().replace("\n", "\n\n"))
    v = equivalent(BW_GT, BW_CAND, domain=str(same))
    assert (v.equivalent, v.pack, v.domain_source, v.domain) == (
        True,
        "blocksworld",
        "file",
        "blocksworld",
    )


def test_strips_is_implied_when_matching_a_pack():
    # The IPC 2002 Rovers file says (:requirements :typing): :strips is PDDL's default, so it
    # is the rover pack's domain (and gets its rules); any other requirement still differs.
    rover = (ROOT / "domain_packs" / "rover" / "domain.pddl").read_text()
    assert "(:requirements :strips :typing)" in rover
    ipc_style = rover.replace("(:requirements :strips :typing)", "(:requirements :typing)")
    assert resolve_domain(ipc_style).pack_name == "rover"
    adl = rover.replace("(:requirements :strips :typing)", "(:requirements :adl :typing)")
    assert resolve_domain(adl).pack_name is None
    bw_no_req = BW_DOMAIN.replace("(:requirements :strips)", "")
    assert bw_no_req != BW_DOMAIN
    assert resolve_domain(bw_no_req).pack_name == "blocksworld"


def test_file_differing_from_the_pack_of_its_name_is_used_as_written(tmp_path):
    # ``stack`` no longer frees the arm: after stacking, the arm is not empty, so a candidate
    # that adds (arm-empty) is wrong under this domain although right under the pack's.
    changed = BW_DOMAIN.replace(
        ":effect (and (arm-empty) (clear ?ob) (on ?ob ?underob)",
        ":effect (and (clear ?ob) (on ?ob ?underob)",
    )
    assert changed != BW_DOMAIN
    path = tmp_path / "blocksworld.pddl"
    path.write_text(changed)
    assert equivalent(BW_GT, BW_CAND, domain="blocksworld").equivalent is True
    v = equivalent(BW_GT, BW_CAND, domain=str(path))
    assert (v.equivalent, v.reason) == (False, "goal_differs")
    assert (v.pack, v.domain_source, v.domain) == (None, "file", "blocksworld")
    t = equivalent(BW_GT, BW_CAND, domain=changed)
    assert (t.equivalent, t.pack, t.domain_source) == (False, None, "text")
    assert resolve_pack(changed).fully_specify is None  # the pack's rules are not borrowed


def test_cli_equiv_with_any_domain_file(capsys, tmp_path):
    gt, cand = tmp_path / "gt.pddl", tmp_path / "cand.pddl"
    gt.write_text(COURIER_GT)
    cand.write_text(COURIER_SAME)
    code = main(["equiv", str(gt), str(cand), "--domain", str(COURIER), "--json"])
    d = json.loads(capsys.readouterr().out)
    assert code == 0 and d["equivalent"] is True
    assert (d["pack"], d["domain_source"], d["domain"]) == (None, "file", "oneway-courier")
    assert main(["specify", str(gt), "--domain", str(COURIER)]) == 0
    assert "(visited b)" in capsys.readouterr().out
    code = main(["equiv", str(gt), str(cand), "--domain", str(tmp_path), "--json"])
    d = json.loads(capsys.readouterr().out)
    assert code == 2 and d["reason"] == "domain_invalid" and "directory" in d["message"]
    assert main(["solve", str(gt), "--domain", "/bin/ls"]) == 2
    assert "not a UTF-8 text file" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------------
# Bad domains: a reason and a message, never an exception


def _many_actions(n: int) -> str:
    acts = "".join(
        f"(:action a{i} :parameters (?x) :precondition (p ?x) :effect (q ?x))" for i in range(n)
    )
    return f"(define (domain huge) (:predicates (p ?x) (q ?x)) {acts})"


BAD = {
    "unbalanced": ("(define (domain d) (:predicates (p ?x))", "domain_invalid", "unbalanced"),
    "undeclared predicate": (
        "(define (domain d) (:predicates (p)) (:action a :effect (q)))",
        "domain_invalid",
        "undeclared predicate 'q'",
    ),
    "wrong arity": (
        "(define (domain d) (:predicates (p ?x)) (:action a :parameters (?y) :effect (p)))",
        "domain_invalid",
        "takes 1 argument",
    ),
    "undeclared variable": (
        "(define (domain d) (:predicates (p ?x)) (:action a :parameters (?y) :effect (p ?z)))",
        "domain_invalid",
        "undeclared variable ?z",
    ),
    "undeclared type": (
        "(define (domain d) (:types t) (:predicates (p ?x - u)))",
        "domain_invalid",
        "undeclared type 'u'",
    ),
    "durative-actions": (
        "(define (domain d) (:requirements :strips :durative-actions) (:predicates (p)))",
        "unsupported",
        ":durative-actions",
    ),
    "derived-predicates": (
        "(define (domain d) (:requirements :derived-predicates) (:predicates (p) (q))"
        " (:derived (q) (p)))",
        "unsupported",
        "derived predicates",
    ),
    "durative action section": (
        "(define (domain d) (:predicates (p)) (:durative-action go :parameters ()"
        " :duration (= ?duration 1) :condition (at start (p)) :effect (at end (p))))",
        "unsupported",
        "durative actions",
    ),
    "10,000 actions": (_many_actions(10_000), "too_large", "10000 actions"),
    "problem, not a domain": (COURIER_GT, "domain_invalid", "a problem"),
    "prose": ("I am sorry (I cannot write PDDL)", "domain_invalid", "no (define (domain"),
    "missing path": ("/no/such/dir/domain.pddl", "unknown_domain", "does not exist"),
    "unknown name": ("sokoban", "unknown_domain", "no domain pack named 'sokoban'"),
    "binary file": ("/bin/ls", "domain_invalid", "not a UTF-8 text file"),
    "directory": (str(DOMAINS), "domain_invalid", "is a directory"),
    "name too long": ("x" * 5000, "unknown_domain", "name too long"),
    "NUL in name": ("dom\x00ain", "unknown_domain", "null"),
    "empty": ("  ", "unknown_domain", "empty"),
    "not a string": (42, "unknown_domain", "not int"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_domains_give_a_reason_never_an_exception(case):
    domain, reason, fragment = BAD[case]
    v = equivalent(BW_GT, BW_GT, domain=domain)
    assert (v.parseable, v.equivalent, v.reason, v.exit_code) == (False, None, reason, 2)
    assert fragment.lower() in v.message.lower(), v.message
    assert len(v.domain) <= 200 and len(v.message) < 1000
    s = evaluate(BW_GT, BW_GT, domain)
    assert (s.parseable, s.reason) == (False, reason)
    r = resolve_domain(domain)
    assert (r.ok, r.reason) == (False, reason)
    for api in (
        lambda: solve(BW_GT, domain),
        lambda: validate(BW_GT, "", domain),
        lambda: parse_problem(BW_GT, domain),
        lambda: fully_specify(BW_GT, domain),
    ):
        with pytest.raises(PlanetariumError) as info:
            api()
        assert info.value.reason == reason


def test_file_too_large_and_unreadable(tmp_path):
    big = tmp_path / "big.pddl"
    big.write_bytes(b" " * (8_000_001 + 64))
    assert resolve_domain(str(big)).reason == Reason.TOO_LARGE
    nul = tmp_path / "nul.pddl"
    nul.write_text("(define (domain d)\x00)")
    assert resolve_domain(nul).reason == Reason.DOMAIN_INVALID


def test_domain_text_is_taken_from_prose_and_unsupported_constructs_are_reported():
    text = "Here is the domain:\n```pddl\n" + COURIER.read_text() + "\n```\nEnjoy!"
    pack = resolve_pack(text)
    assert pack.domain_pddl.startswith("(define (domain oneway-courier)")
    assert pack.domain_pddl.endswith(")") and "Enjoy" not in pack.domain_pddl
    adl = (
        "(define (domain lights) (:requirements :adl) (:types lamp) (:predicates (on ?l - lamp))"
        " (:action all-on :effect (forall (?l - lamp) (on ?l))))"
    )
    gt = "(define (problem p) (:domain lights) (:objects a b - lamp) (:init) (:goal (on a)))"
    v = equivalent(gt, gt.replace("(on a)", "(and (on a) (on b))"), domain=adl)
    assert (v.equivalent, v.reason) == (None, "unsupported") and "forall" in v.message


# ---------------------------------------------------------------------------------------------
# Fuzz: mutated domain text is a pack or a domain reason, never an exception

SEEDS = [COURIER.read_text(), LOGISTICS.read_text(), SHUTTLE.read_text(), BW_DOMAIN]
ALLOWED = {Reason.DOMAIN_INVALID, Reason.UNSUPPORTED, Reason.TOO_LARGE}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.sampled_from(SEEDS),
    cuts=st.lists(st.tuples(st.integers(0, 2000), st.integers(0, 40)), max_size=4),
    insert=st.sampled_from(
        [
            "",
            "(",
            ")",
            "(not)",
            "(and)",
            "?x",
            "- ",
            "(= 1)",
            ":action",
            "(increase)",
            "(forall)",
            "é",
            "((p))",
            "(:types)",
            ":parameters",
        ]
    ),
    at=st.integers(0, 2000),
)
def test_mutated_domains_never_raise(seed, cuts, insert, at):
    text = seed
    for start, length in cuts:
        text = text[:start] + text[start + length :]
    text = text[:at] + insert + text[at:]
    r = resolve_domain(_fresh(text) if "(define" in text else text)
    assert r.ok or r.reason in ALLOWED | {Reason.UNKNOWN_DOMAIN}, (r.reason, r.message)
    if r.ok:
        v = equivalent(COURIER_GT, COURIER_GT, domain=r.pack, timeout=2)
        assert v.reason is None or isinstance(v.reason, str)


# ---------------------------------------------------------------------------------------------
# lm-eval rows may carry the domain's text


def test_lm_eval_rows_with_domain_pddl(tmp_path):
    lm_eval = pytest.importorskip("lm_eval")
    pytest.importorskip("lm_eval.models")  # the built-in models register first
    from lm_eval.tasks import TaskManager
    from planetarium_tasks.models import ReplayLM

    text = COURIER.read_text()
    rows = [
        {"id": "a", "natural_language": "Bring the parcel to c.", "problem_pddl": COURIER_GT},
        {"id": "b", "natural_language": "Bring the parcel to c again.", "problem_pddl": COURIER_GT},
    ]
    data = tmp_path / "rows.jsonl"
    data.write_text("\n".join(json.dumps({**r, "domain_pddl": text}) for r in rows))
    answers = [COURIER_SAME, COURIER_OTHER]
    replay = tmp_path / "answers.jsonl"
    replay.write_text(
        "\n".join(
            json.dumps({"natural_language": r["natural_language"], "response": a})
            for r, a in zip(rows, answers, strict=True)
        )
    )
    fn = "!function planetarium_tasks.planetarium.utils"
    (tmp_path / "tasks").mkdir()
    (tmp_path / "tasks" / "my_domains.yaml").write_text(
        f"""task: my_domains
dataset_path: json
dataset_kwargs:
  data_files:
    test: {data}
test_split: test
output_type: generate_until
doc_to_text: {fn}.doc_to_text
doc_to_target: "{{{{problem_pddl}}}}"
process_results: {fn}.process_results
filter_list:
  - name: scored
    filter:
      - function: custom
        filter_fn: {fn}.score_all
generation_kwargs:
  until: ["\\n\\n\\n\\n"]
  do_sample: false
metric_list:
  - metric: parseable
    aggregation: mean
    higher_is_better: true
  - metric: equivalent
    aggregation: mean
    higher_is_better: true
"""
    )
    tm = TaskManager(include_path=str(tmp_path / "tasks"), include_defaults=False)
    res = lm_eval.simple_evaluate(
        model=ReplayLM(mode="replay", path=str(replay)),
        tasks=["my_domains"],
        task_manager=tm,
        log_samples=True,
    )
    scores = res["results"]["my_domains"]
    assert scores["parseable,scored"] == 1.0 and scores["equivalent,scored"] == 0.5
    sample = res["samples"]["my_domains"][0]
    assert "(define (domain oneway-courier)" in sample["arguments"][0][0]  # the prompt
    verdicts = [json.loads(s["filtered_resps"][0]) for s in res["samples"]["my_domains"]]
    assert {(v["domain"], v["pack"]) for v in verdicts} == {("oneway-courier", None)}


def test_unusable_domains_say_how_they_were_given():
    cases = {"/bin/ls": "file", "x.pddl": "file", COURIER_GT: "text", "sokoban": None, 42: None}
    for domain, source in cases.items():
        v = equivalent(BW_GT, BW_GT, domain=domain)
        assert (v.pack, v.domain_source) == (None, source), domain


def test_a_cached_unusable_domain_keeps_no_traceback():
    """The cache holds the error alone: re-raising one cached object would chain a new
    traceback (and its frames) onto it at every use across a batch."""
    bad = _fresh("(define (domain b) (:predicates (p)) (:action a :effect (q)))")
    for _ in range(3):
        with pytest.raises(PlanetariumError):
            resolve_pack(bad)
    cached = default_registry().domains.lookup(bad, lambda t: pytest.fail("not cached"))
    assert isinstance(cached, PlanetariumError) and cached.reason == Reason.DOMAIN_INVALID
    assert cached.__traceback__ is None
