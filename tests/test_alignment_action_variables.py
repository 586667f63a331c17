"""Action alignment does not depend on parameter variable names, and still separates the
mutations a description mentions (issue 19).

Real encoder (all-MiniLM-L6-v2 from the wheel), real packs' descriptions and schemas.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planetarium_plugin import default_registry
from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.actions import action_features, canonical_variables
from planetarium_plugin.alignment.mutations import mutations
from planetarium_plugin.alignment.render import action_schemas

pytest.importorskip("sentence_transformers")

_VAR = re.compile(r"\?[A-Za-z_][\w\-]*")
#: (pack, action) pairs whose descriptions and schemas the property tests draw from.
CASES = [("blocksworld", "pickup"), ("blocksworld", "stack"), ("blocksworld", "unstack"),
         ("gripper", "pick"), ("floor-tile", "paint-up"), ("rover", "navigate")]  # fmt: skip
NAMES = st.from_regex(r"[A-Za-z][A-Za-z0-9_\-]{0,7}", fullmatch=True)


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner()


def _case(pack: str, action: str) -> tuple[str, str]:
    p = default_registry()[pack]
    return p.descriptions.actions[action], action_schemas(p.domain_pddl)[action]


def _rename(text: str, mapping: dict[str, str]) -> str:
    return _VAR.sub(lambda m: mapping.get(m.group(0).lower(), m.group(0)), text)


def _random_renaming(text: str, draw_names: list[str]) -> dict[str, str]:
    old = sorted({v.lower() for v in _VAR.findall(text)})
    return {o: "?" + n for o, n in zip(old, draw_names, strict=False)}


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(case=st.sampled_from(CASES), names=st.lists(NAMES, min_size=8, max_size=8,
                                                   unique_by=str.lower))  # fmt: skip
def test_renaming_schema_variables_leaves_the_score_unchanged(aligner, case, names):
    desc, schema = _case(*case)
    mapping = _random_renaming(schema, names)
    if len(mapping) < len({v.lower() for v in _VAR.findall(schema)}):
        return
    renamed = _rename(schema, mapping)
    a, b = aligner.action_similarity([desc, desc], [schema, renamed])
    assert a == pytest.approx(b, abs=1e-6)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(case=st.sampled_from(CASES), names=st.lists(NAMES, min_size=8, max_size=8,
                                                   unique_by=str.lower),
       mutate=st.booleans())  # fmt: skip
def test_renaming_description_and_schema_together_leaves_the_score_unchanged(
    aligner, case, names, mutate
):
    desc, schema = _case(*case)
    if mutate:  # a wrong schema's score is invariant too
        schema = next(m for _, m in mutations(schema))
    both = desc + " " + schema
    mapping = _random_renaming(both, names)
    if len(mapping) < len({v.lower() for v in _VAR.findall(both)}):
        return
    a, b = aligner.action_similarity(
        [desc, _rename(desc, mapping)], [schema, _rename(schema, mapping)]
    )
    assert a == pytest.approx(b, abs=1e-6)


def test_issue_example_ob_to_x(aligner):
    """Regression (issue 19): renaming ``?ob`` to ``?x`` moved pickup's score 0.73 → 0.47."""
    desc, schema = _case("blocksworld", "pickup")
    same, renamed = aligner.action_similarity([desc, desc], [schema, schema.replace("?ob", "?x")])
    assert renamed == pytest.approx(same, abs=1e-6)
    cal = aligner.calibration("action")
    assert cal is not None and cal.accepts(renamed, 0.2)


def test_canonical_variables_by_position():
    d, s = canonical_variables(
        "stack ?Ob ?under: put ?ob on ?UNDER; then ?ob is clear.",
        "(:action stack :parameters (?b ?a) :precondition (forall (?z) (not (on ?z ?a))) "
        ":effect (on ?B ?a))",
    )
    assert d == "stack ?x1 ?x2: put ?x1 on ?x2; then ?x1 is clear."
    assert s == ("(:action stack :parameters (?x1 ?x2) :precondition (forall (?x3) (not "
                 "(on ?x3 ?x2))) :effect (on ?x1 ?x2))")  # fmt: skip
    # no header: parameters by first mention
    assert canonical_variables("move ?to from ?from", "")[0] == "move ?x1 from ?x2"
    # hostile input never raises
    for bad in (None, b"\xff(:action", "(" * 5000, "?" * 100, "(:action a :parameters ?x)"):
        canonical_variables(bad, bad)


def test_features_are_computed_on_canonical_variables():
    desc, schema = _case("gripper", "pick")
    f1 = action_features(None, [desc], [schema])
    f2 = action_features(None, [desc], [_rename(schema, {"?obj": "?q", "?room": "?obj"})])
    assert {k: list(v) for k, v in f1.columns.items()} == {
        k: list(v) for k, v in f2.columns.items()
    }


@pytest.mark.parametrize("renamed", [False, True])
def test_mentioned_mutations_score_below_the_right_schema(aligner, renamed):
    """A literal the description states, dropped or with its arguments swapped, lowers the
    score: stack says "?ob is on ?underob" and "the arm is empty"; pickup says "the arm holds
    ?ob". Holds with the schema's variables renamed too."""
    rows = []
    for action, literal, wrong in (
        ("stack", "(on ?ob ?underob)", "(on ?underob ?ob)"),
        ("stack", "(on ?ob ?underob)", ""),
        ("stack", "(arm-empty)", ""),
        ("pickup", "(holding ?ob)", ""),
        ("unstack", "(holding ?ob)", ""),
    ):
        desc, schema = _case("blocksworld", action)
        pre, eff = schema.split(":effect")
        assert literal in eff
        bad = pre + ":effect" + eff.replace(literal, wrong, 1)
        if renamed:
            schema, bad = (s.replace("?underob", "?u").replace("?ob", "?o") for s in (schema, bad))
        rows.append((desc, schema, bad))
    good = aligner.action_similarity([d for d, _, _ in rows], [s for _, s, _ in rows])
    bad = aligner.action_similarity([d for d, _, _ in rows], [b for _, _, b in rows])
    for (desc, _, b), g, w in zip(rows, good, bad, strict=True):
        assert w < g - 0.01, (desc, b, g, w)
