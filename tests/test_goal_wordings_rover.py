"""The rover packs' alternative goal wordings (free-form requests, issue 8).

Each generator sentence a describer says is followed by at least two other
wordings of the same meaning: the same parts (soil data, rock data, images, rovers at the
lander's waypoint), the same rovers (one, or every one), the same numbers — and no wording
stands for two meanings.
"""

from __future__ import annotations

import random
import re
from itertools import product

import pytest
from planetarium_domain_packs.rover_single.describe import (
    alternative_sentences,
    generator_sentence,
)

from planetarium_plugin import default_registry
from planetarium_plugin.parsing import parse_problem

MEANINGS = [m for m in product((True, False), repeat=4) if any(m)]
WHO = {"rover-single": "the rover", "rover": "every rover"}
#: What each part is called in some wording (a part asked for is named, one not asked is not).
PART_WORDS = (r"\bsoil\b", r"\brock\b", r"\b(image|picture|photo)s?\b", r"\bwaypoint\b")
ONE_ROVER = re.compile(r"\bthe rover\b")
SEVERAL_ROVERS = re.compile(r"\b(rovers|each rover|every rover)\b")


def _numbers(text: str) -> list[str]:
    return re.findall(r"\d+", text)


@pytest.mark.parametrize("who", WHO.values())
def test_alternatives_say_the_same_parts_in_other_words(who):
    seen: dict[str, tuple] = {}
    for meaning in MEANINGS:
        said = generator_sentence(meaning, who)
        alternatives = alternative_sentences(meaning, who)
        assert 2 <= len(alternatives) <= 3
        assert len({said, *alternatives}) == len(alternatives) + 1
        for alt in alternatives:
            assert _numbers(alt) == _numbers(said)
            for on, word in zip(meaning, PART_WORDS, strict=True):
                assert bool(re.search(word, alt)) == on, (meaning, alt, word)
            assert bool(re.search(r"\brovers?\b", alt)) == meaning[3], alt
            if meaning[3]:  # one rover or all of them, as the generator's sentence says
                several = bool(SEVERAL_ROVERS.search(alt))
                assert several == (who == "every rover") != bool(ONE_ROVER.search(alt)), alt
            assert seen.setdefault(alt, meaning) == meaning, alt  # one meaning per wording


@pytest.mark.parametrize("name", WHO)
def test_each_generator_sentence_said_comes_with_its_alternatives(name):
    pack = default_registry()[name]
    by_sentence = {generator_sentence(m, WHO[name]): m for m in MEANINGS}
    checked = 0
    for scale in (1, 2, 3):
        for inst in pack.generate(random.Random(f"wordings:{name}:{scale}"), scale):
            out = pack.describe_goal(parse_problem(inst.problem_pddl, pack.domain))
            said = [s for s in out if s in by_sentence]
            assert inst.goal.abstract in said
            who = WHO[name]
            each = [w for s in said for w in (s, *alternative_sentences(by_sentence[s], who))]
            assert out == tuple(each)  # each generator sentence, then its alternatives
            checked += 1
    assert checked >= 10
