"""No goal where a word only looks like a goal cue (issue 19): "Please tell the court what you
saw", "c5 was done by the night shift", "the robot will start in rooma"; "Please see to it that
…" still asks. Read as the goal, the state's facts fell in the goal and the right problem
conflicted. The wording is our own (not from the development set). (Goals told in the future,
"This service will paint t2 white", were tried and left out: on the calib split they cost
handwritten12 0.012 AUROC.)"""

from __future__ import annotations

import pytest

from planetarium_plugin.alignment.facts.sections import section_at, sections


@pytest.mark.parametrize(
    ("text", "state"),
    [
        (
            "Q: Please tell the court what you saw. A: b1 was on b2. Q: What did he want? A: b2 "
            "on b1.",
            "b1 was",
        ),
        ("The robot will start in rooma. I want b1 in roomb.", "rooma"),
        ("You will find b1 on b2. Goal: b2 on b1.", "b1 on"),
    ],
)
def test_no_goal_cue(text, state):
    assert section_at(sections(text), text.index(state)) == "init"


def test_please_see_to_it_asks():
    text = "b1 is clear. Please see to it that b1 ends on b2."
    assert section_at(sections(text), text.index("b1 ends")) == "goal"


def test_a_past_done_is_no_cue():
    assert sections("c5 was done by the night shift. The robot is at c3.") == []
    assert sections("b1 is clear. We are done when b1 is on b2.") == [(0, "init"), (13, "goal")]
