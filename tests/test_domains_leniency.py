"""Truncation, Fast Downward's leniency and the ground truth validated first (issue 21)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from planetarium_plugin import check_domain, domain_packs, evaluate_domain
from planetarium_plugin.domains import check_problem
from planetarium_plugin.errors import PlanetariumError
from planetarium_plugin.parsing import parse_domain

BW = domain_packs()["blocksworld"].domain_pddl
EARLY = BW.replace(
    "(not (holding ?ob))))\n\n  (:action stack", "(not (holding ?ob)))))\n\n  (:action stack"
)
NEG = BW.replace(
    ":precondition (holding ?ob)", ":precondition (and (holding ?ob) (not (arm-empty)))"
)
PROBLEM = """(define (problem p) (:domain blocksworld) (:objects a b)
  (:init (clear a) (clear b) (on-table a) (on-table b) (arm-empty))
  (:goal (and (on a b) (not (clear b)))))"""


def errors(text: str, **kw) -> list:
    return [d for d in check_domain(text, **kw).diagnostics if d.severity == "error"]


def test_a_stray_paren_closing_the_define_early_names_both_lines():
    [d] = errors(EARLY)
    assert (d.code, d.line) == ("pddl_after_define", 16)
    assert "closed at line 14" in d.message and "(:action stack" in d.message
    with pytest.raises(PlanetariumError, match="line 16: .*closed at line 14"):
        parse_domain(EARLY)
    score = evaluate_domain("blocksworld", EARLY, problems=2, metrics=False)
    assert (score.parseable, score.reason, score.exit_code) == (False, "pddl_after_define", 2)


def test_a_stray_paren_after_the_last_action_is_not_equivalent_but_invalid():
    score = evaluate_domain("blocksworld", BW + "\n)\n", problems=2, metrics=False)
    assert (score.parseable, score.equivalent, score.reason) == (False, False, "pddl_after_define")
    assert "line 28" in score.message and "closed at line 26" in score.message


def test_a_missing_final_paren_is_an_error_and_prose_after_a_domain_is_allowed():
    [d] = errors(BW.rstrip()[:-1])
    assert "never closed" in d.message and d.line == 2
    found = check_domain("Here it is:\n```pddl\n" + BW + "```\nIt has (four) actions. 1) pick")
    assert found.ok and not found.diagnostics
    assert check_domain(BW + "\n(define (problem p) (:domain blocksworld))").ok


def test_question_marks_inside_names_read_as_fast_downward_reads_them():
    text = BW.replace("(on ?ob ?underob)\n", "(on?ob?underob)\n")
    found = check_domain(text)
    [d] = found.diagnostics
    assert (d.severity, d.code, d.line) == ("warning", "question_mark_in_name", 19)
    assert "(on ?ob ?underob)" in d.message
    assert evaluate_domain("blocksworld", text, problems=2, metrics=False).equivalent is True
    assert [d.code for d in errors(text, strict=True)] == ["question_mark_in_name"]


@pytest.mark.parametrize(
    "old",
    [
        "(and (clear ?ob) (on-table ?ob) (arm-empty))",
        "((clear ?ob) (on-table ?ob) (arm-empty))",
    ],
)
def test_missing_and_says_to_wrap_the_literals(old):
    text = BW.replace(
        ":precondition (and (clear ?ob) (on-table ?ob) (arm-empty))",
        ":precondition " + (old[5:-1] if old.startswith("(and") else old),
    )
    [d] = errors(text)
    assert (d.code, d.action, d.clause) == ("missing_and", "pickup", "precondition")
    assert "wrap them in (and" in d.message


def test_missing_and_in_an_effect_is_named_not_a_crash():
    text = BW.replace(
        ":effect (and (holding ?ob) (not (clear ?ob)) (not (on-table ?ob)) (not (arm-empty))))",
        ":effect (holding ?ob) (not (clear ?ob)) (not (on-table ?ob)) (not (arm-empty)))",
    )
    [d] = errors(text)
    assert (d.code, d.action, d.clause) == ("missing_and", "pickup", "effect")
    score = evaluate_domain("blocksworld", text, problems=1, metrics=False)
    assert (score.parseable, score.reason) == (False, "missing_and")


def test_what_fast_downward_accepts_is_a_warning_and_an_error_under_strict():
    undeclared = BW.replace("(:requirements :strips)", "(:requirements :strips :typing)")
    undeclared = undeclared.replace("(?ob)", "(?ob - block)").replace(
        "(?ob ?underob)", "(?ob ?underob - block)"
    )
    for text, code in ((NEG, "missing_requirement"), (undeclared, "typing_mismatch")):
        found = check_domain(text)
        assert found.ok and {d.code for d in found.diagnostics} == {code}
        assert {d.code for d in errors(text, strict=True)} == {code}
        assert evaluate_domain("blocksworld", text, problems=2, metrics=False).parseable
        strict = evaluate_domain("blocksworld", text, problems=2, metrics=False, strict=True)
        assert (strict.parseable, strict.reason) == (False, code)


def test_an_argument_of_another_type_is_a_warning_as_fast_downward_reads_it():
    # Fast Downward's translator does not check argument types against the predicate's
    # signature: a model's (clear ?t) over a table is judged by the transition systems
    typed = BW.replace(
        "(:requirements :strips)", "(:requirements :strips :typing)\n  (:types block table)"
    )
    typed = typed.replace("(clear ?x)", "(clear ?x - block)").replace("(?ob)", "(?ob - block)")
    typed = typed.replace("(?ob ?underob)", "(?ob ?underob - block)")
    assert check_domain(typed).diagnostics == ()
    wrong = typed.replace(
        "(:action putdown\n    :parameters (?ob - block)",
        "(:action putdown\n    :parameters (?ob - block ?t - table)",
    ).replace(":precondition (holding ?ob)", ":precondition (and (holding ?ob) (clear ?t))")
    found = check_domain(wrong)
    [d] = found.diagnostics
    assert found.ok and (d.severity, d.code, d.symbol) == ("warning", "typing_mismatch", "?t")
    assert "Fast Downward does not check argument types" in d.message
    assert [x.code for x in errors(wrong, strict=True)] == ["typing_mismatch"]
    score = evaluate_domain("blocksworld", wrong, problems=2, metrics=False)
    assert score.parseable and score.equivalent is False  # putdown needs a table object now
    assert evaluate_domain("blocksworld", typed, problems=2, metrics=False).equivalent is True


def test_a_negative_goal_is_judged_like_a_negative_precondition():
    [d] = check_problem(PROBLEM, BW)
    want = ("warning", "missing_requirement", ":negative-preconditions")
    assert (d.severity, d.code, d.symbol) == want
    assert "(not (clear b))" in d.message
    assert [x.severity for x in check_problem(PROBLEM, BW, strict=True)] == ["error"]
    [d] = check_problem(PROBLEM, NEG, strict=True)  # the domain invalid: its own error first
    assert (d.severity, d.clause) == ("error", ":requirements")


def test_diagnostics_come_in_line_order_in_plain_words():
    text = NEG.replace("(:requirements :strips)", "(:requirements :strips) (:types block)")
    found = check_domain(text)
    lines = [d.line for d in found.diagnostics]
    assert lines == sorted(lines) and "typing is used" in str(found.diagnostics[0])
    assert "negative preconditions are used" in str(found.diagnostics[1])


def test_an_invalid_ground_truth_is_named_before_the_candidate():
    bad_gt = BW.replace("(on ?ob ?underob)\n", "(onn ?ob ?underob)\n")
    score = evaluate_domain(bad_gt, EARLY, problems=2, metrics=False)
    assert (score.reason, score.exit_code) == ("ground_truth_invalid", 2)
    assert score.message.startswith("ground-truth domain:") and "onn" in score.message
    bad_problem = PROBLEM.replace("(on a b)", "(foo a)")
    score = evaluate_domain("blocksworld", EARLY, problems=[bad_problem], metrics=False)
    assert (score.reason, score.exit_code) == ("ground_truth_invalid", 2)
    assert "ground-truth problem 1" in score.message


def test_cli_check_strict_and_domain_exit_codes(tmp_path):
    path = tmp_path / "neg.pddl"
    path.write_text(NEG)
    cli = [sys.executable, "-m", "planetarium_plugin"]
    run = subprocess.run([*cli, "check", str(path), "--json"], capture_output=True, text=True)
    assert run.returncode == 0 and json.loads(run.stdout)["ok"] is True
    run = subprocess.run([*cli, "check", str(path), "--strict"], capture_output=True, text=True)
    assert run.returncode == 2 and "error [missing_requirement]" in run.stdout
    path.write_text(EARLY)
    run = subprocess.run([*cli, "check", str(path)], capture_output=True, text=True)
    assert run.returncode == 2 and "line 16: error [pddl_after_define]" in run.stdout


def test_an_adl_candidate_with_an_undeclared_type_gets_a_verdict():
    # l2p's model-written blocksworld (3742abc) types a quantified variable with a type it never
    # declared: Fast Downward reads it as a subtype of object; it was judged 'domain_invalid'
    # with no verdict after check had passed it
    text = BW.replace("(:requirements :strips)", "(:requirements :strips :typing)").replace(
        "(:action putdown\n    :parameters (?ob)\n    :precondition (holding ?ob)",
        "(:action putdown\n    :parameters (?ob ?l - location)\n"
        "    :precondition (and (holding ?ob) (not (exists (?x) (on ?x ?ob))))",
    )
    assert check_domain(text).ok
    score = evaluate_domain("blocksworld", text, problems=2, metrics=True)
    assert score.parseable and score.reason != "domain_invalid", score.message
    assert score.equivalent is False and score.difference.action == "putdown", score.message
