"""Hostile candidate domains get a verdict with a reason, and diagnostics an LLM can act on."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest
from domain_mutations import MUTATIONS, mutate

from planetarium_plugin import check_domain, domain_packs, evaluate_domain
from planetarium_plugin.domains import check_problem

BW = domain_packs()["blocksworld"].domain_pddl
UAV = domain_packs()["uav-delivery"].domain_pddl


def with_action(domain: str, action: str) -> str:
    return domain.rstrip()[:-1] + "\n  " + action + ")"


PARAMS30 = " ".join(f"?p{i}" for i in range(30))
HOSTILE = {
    "empty": ("blocksworld", "", False, "parse_error"),
    "a problem": (
        "blocksworld",
        "(define (problem p) (:domain blocksworld) (:objects a) (:init) (:goal (and)))",
        False,
        "parse_error",
    ),
    "10 MB of parentheses": ("blocksworld", "(" * 5_000_000 + ")" * 5_000_000, False,
                             "too_large"),
    "5,000 actions": (
        "blocksworld",
        BW.rstrip()[:-1]
        + "".join(
            f"\n (:action a{i} :parameters (?x) :precondition (clear ?x) :effect (not (clear ?x)))"
            for i in range(5000)
        )
        + ")",
        False,
        "too_large",
    ),
    "30 parameters": (
        "blocksworld",
        with_action(
            BW,
            f"(:action big :parameters ({PARAMS30}) :precondition (clear ?p0) "
            ":effect (and (clear ?p1)))",
        ),
        True,
        "transition_differs",
    ),
    "durative actions": (
        "blocksworld",
        "(define (domain blocksworld) (:requirements :durative-actions) (:predicates (clear ?x))"
        " (:durative-action a :parameters (?x) :duration (= ?duration 1)"
        " :condition (at start (clear ?x)) :effect (at end (not (clear ?x)))))",
        False,
        "unsupported",
    ),
    "battery never decreases": (
        "uav-delivery",
        UAV.replace("(decrease (battery ?d)", "(increase (battery ?d)"),
        True,
        "transition_differs",
    ),
    "not text": ("blocksworld", None, False, "parse_error"),
    "deep nesting": ("blocksworld", "(define (domain d) " + "(and " * 500 + ")" * 501, False,
                     "parse_error"),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_domains_get_a_verdict_within_the_budget(name):
    gt, text, parseable, reason = HOSTILE[name]
    t0 = time.perf_counter()
    s = evaluate_domain(gt, text, timeout=20, planner_timeout=5)
    assert time.perf_counter() - t0 < 40
    assert s.parseable is parseable and s.reason == reason, s.message
    assert s.message
    if not parseable:
        assert s.exit_code == 2 and s.equivalent is False and s.diagnostics
    else:
        assert s.equivalent is False and s.exit_code == 1


def test_thirty_parameters_on_larger_problems_is_refused_not_grounded():
    text = HOSTILE["30 parameters"][1]
    s = evaluate_domain("blocksworld", text, timeout=20, planner_timeout=5)
    assert s.difference.action == "big"
    # problems with 2+ blocks would ground 2**30 instances: refused, never attempted
    assert s.executability.count < s.executability.total


def test_unknown_ground_truth_or_no_problem_set():
    s = evaluate_domain("no-such-pack", BW)
    assert s.exit_code == 2 and s.reason == "unknown_domain"
    lamp = "(define (domain lamp) (:predicates (on)) (:action push :effect (on)))"
    s = evaluate_domain(lamp, lamp)  # no generator and no problems given
    assert s.exit_code == 2 and s.reason == "no_problems" and "directory" in s.message
    s = evaluate_domain(lamp, lamp, problems=["(define (problem p) (:domain lamp) (:init) "
                                              "(:goal (on)))"])
    assert s.equivalent is True and s.exit_code == 0 and s.executability.count == 1


def diags(text: str):
    return check_domain(text).diagnostics


def find(text: str, code: str):
    found = [d for d in diags(text) if d.code == code]
    assert found, [str(d) for d in diags(text)]
    return found[0]


def test_ground_truth_domains_are_clean():
    for pack in domain_packs().values():
        found = check_domain(pack.domain_pddl)
        assert found.ok and not found.errors, pack.name
        # rover-single re-adds (available) and (channel_free) on purpose: only that is flagged
        assert {d.code for d in found.diagnostics} <= {"add_delete_conflict"}, pack.name


def test_unknown_predicate_names_action_clause_symbol():
    d = find(BW.replace("(arm-empty) (clear ?ob)", "(hand-empty) (clear ?ob)"),
             "unknown_predicate")
    assert (d.action, d.clause, d.symbol, d.severity) == ("stack", "effect", "hand-empty", "error")
    assert "declared predicates: clear" in d.message and d.line == 19


def test_wrong_arity():
    d = find(BW.replace("(on ?ob ?underob)\n", "(on ?ob)\n"), "wrong_arity")
    assert (d.action, d.clause, d.symbol) == ("stack", "effect", "on")
    assert "takes 2 argument(s)" in d.message


def test_undeclared_parameter():
    d = find(BW.replace(":precondition (holding ?ob)", ":precondition (holding ?x)"),
             "undeclared_parameter")
    assert (d.action, d.clause, d.symbol) == ("putdown", "precondition", "?x")


def test_parameter_of_the_wrong_type():
    d = find(UAV.replace("(drone-at ?d ?from) (>=", "(drone-at ?from ?d) (>="), "typing_mismatch")
    assert (d.action, d.clause, d.symbol) == ("fly", "precondition", "?from")
    assert "expects 'drone'" in d.message


def test_numeric_expression_over_a_predicate():
    d = find(UAV.replace("(distance ?from ?to))))", "(+ (drone-at ?d ?to) 1))))"),
             "unknown_predicate")
    assert (d.action, d.symbol) == ("fly", "drone-at") and "over a predicate" in d.message


def test_increase_on_an_undeclared_function():
    d = find(UAV.replace("(increase (load ?d)", "(increase (cargo ?d)"), "unknown_predicate")
    assert (d.action, d.clause, d.symbol) == ("pick-up", "effect", "cargo")
    assert "undeclared function" in d.message


@pytest.mark.parametrize(
    ("text", "flag"),
    [
        (UAV.replace(":typing :fluents", ":fluents"), ":typing"),
        (UAV.replace(":typing :fluents", ":typing"), ":numeric-fluents"),
        (BW.replace(":precondition (holding ?ob)",
                    ":precondition (and (holding ?ob) (not (arm-empty)))"),
         ":negative-preconditions"),
    ],
)  # fmt: skip
def test_missing_requirement(text, flag):
    d = find(text, "missing_requirement")
    assert d.symbol == flag and d.clause == ":requirements" and f"add {flag}" in d.message


def test_add_and_delete_of_the_same_atom_is_a_warning():
    text = BW.replace("(not (holding ?ob))))\n\n  (:action stack",
                      "(not (holding ?ob)) (holding ?ob)))\n\n  (:action stack")
    found = check_domain(text)
    [d] = found.diagnostics
    assert (d.severity, d.code, d.action, d.symbol) == (
        "warning", "add_delete_conflict", "putdown", "(holding ?ob)")
    assert found.ok  # a warning does not make the domain invalid


def test_unbalanced_parentheses_name_the_line():
    text = BW.replace("(clear ?ob) (on-table ?ob) (arm-empty))", "(clear ?ob) (on-table ?ob")
    [d] = diags(text)
    assert d.code == "parse_error" and d.line == 6
    assert "innermost one opens at line 6: (:action pickup" in d.message


def test_check_problem_against_a_domain():
    problem = "(define (problem p) (:domain blocksworld) (:objects a) (:init (on a)) (:goal (and)))"
    [d] = check_problem(problem, BW)
    assert d.code == "wrong_arity" and d.clause == "problem"
    assert check_problem(problem.replace("(on a)", "(clear a)"), BW) == ()


def run_cli(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "planetarium_plugin", *args],
        capture_output=True, text=True, input=stdin, timeout=120,
    )  # fmt: skip


def test_cli_domain_and_check(tmp_path):
    bad = tmp_path / "bad.pddl"
    bad.write_text(mutate(BW, *MUTATIONS["blocksworld"]["dropped delete effect"]))
    p = run_cli("domain", "blocksworld", str(bad), "--problems", "4")
    assert p.returncode == 1, p.stderr
    assert p.stdout.startswith("NOT EQUIVALENT [transition_differs]: action stack")
    p = run_cli("domain", "blocksworld", "-", "--json", "--no-metrics", stdin=BW)
    assert p.returncode == 0, p.stderr
    d = json.loads(p.stdout)
    assert d["equivalent"] is True and d["parseable"] is True and d["executability"]["total"] == 0
    p = run_cli("domain", "blocksworld", "-", stdin="")
    assert p.returncode == 2 and p.stdout.startswith("INVALID DOMAIN [parse_error]")
    p = run_cli("check", "-", "--json", stdin=BW.replace("(holding ?ob)", "(holding ?x)", 1))
    assert p.returncode == 2
    assert json.loads(p.stdout)["diagnostics"][0]["code"] == "undeclared_parameter"
    p = run_cli("check", str(bad))
    assert p.returncode == 0 and "OK" in p.stdout


def test_batch_scoring_of_domains_goes_through_the_supervisor(tmp_path):
    from planetarium_plugin.scoring import read_records, score_file

    good = domain_packs()["gripper"].domain_pddl
    bad = mutate(good, *MUTATIONS["gripper"]["missing action"])
    src = tmp_path / "domains.jsonl"
    src.write_text(
        "\n".join(
            json.dumps(r)
            for r in (
                {"id": "a", "kind": "domain", "domain": "gripper", "candidate": good,
                 "problems": 3},
                {"id": "b", "kind": "domain", "domain": "gripper", "candidate": bad,
                 "problems": 3},
                {"id": "c", "kind": "domain", "domain": "gripper", "candidate": "", "problems": 3},
            )
        )
    )  # fmt: skip
    out = tmp_path / "scores.jsonl"
    counts = score_file(read_records(src), out, workers=2, timeout=30, progress=False)
    assert counts["scored"] == 3
    got = {r["id"]: r for r in map(json.loads, out.read_text().splitlines())}
    assert got["a"]["equivalent"] is True and got["a"]["kind"] == "domain"
    assert got["b"]["equivalent"] is False and got["b"]["difference"]["action"] == "drop"
    assert got["c"]["parseable"] is False and got["c"]["reason"] == "parse_error"
    again = score_file(read_records(src), out, workers=2, timeout=30, progress=False)
    assert again["scored"] == 0 and again["skipped"] == 3  # resumed: nothing scored twice


ADL_BW = """(define (domain blocksworld)
  (:requirements :strips :adl)
  (:predicates (clear ?x) (on-table ?x) (arm-empty) (holding ?x) (on ?x ?y))
  (:action pickup :parameters (?b)
    :precondition (and (on-table ?b) (arm-empty) (not (exists (?c) (on ?c ?b))))
    :effect (and (holding ?b) (not (clear ?b)) (not (on-table ?b)) (not (arm-empty))))
  (:action putdown :parameters (?b) :precondition (holding ?b)
    :effect (and (clear ?b) (arm-empty) (on-table ?b) (not (holding ?b))))
  (:action stack :parameters (?b ?u)
    :precondition (and (holding ?b) (clear ?u))
    :effect (and (arm-empty) (clear ?b) (on ?b ?u) (not (clear ?u)) (not (holding ?b))))
  (:action unstack :parameters (?b ?u)
    :precondition (and (on ?b ?u) (arm-empty) (forall (?c) (not (on ?c ?b))))
    :effect (and (holding ?b) (clear ?u) (not (on ?b ?u)) (not (clear ?b)) (not (arm-empty))
                 (when (holding ?u) (clear ?u)))))"""


def test_adl_candidates_are_compared_exactly():
    """Quantifiers instead of (clear ?x), and a conditional effect that never fires."""
    s = evaluate_domain("blocksworld", ADL_BW)
    assert s.equivalent is True, s.message
    assert {a.name: a.status for a in s.actions}["unstack"] == "adl"
    assert s.executability.value == s.feasibility.value == s.interpretability.value == 1.0
    wrong = ADL_BW.replace("(forall (?c) (not (on ?c ?b)))", "(forall (?c) (not (on ?b ?c)))")
    s = evaluate_domain("blocksworld", wrong)
    assert s.equivalent is False and s.difference.action == "unstack"
    assert s.difference.kind == "ground_truth_only"
    assert s.interpretability.count < s.interpretability.total  # plans that unstack fail
