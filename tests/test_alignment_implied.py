"""Init facts a request implies but never says (issue 19): the domain's mutex invariants and
the text's explicit facts decide them — ``clear`` blocks nobody mentions, a bay nobody says is
vacant, an init that no state of the domain has. Wordings are our own; domains: the
blocksworld pack, a renamed copy of its domain (no pack matches it) and a domain written here.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planetarium_plugin import default_registry
from planetarium_plugin.alignment import Aligner
from planetarium_plugin.alignment.explain_text import format_explanation
from planetarium_plugin.alignment.facts.implied import problem_groups

GARAGE = """(define (domain garage) (:requirements :strips :typing) (:types car bay)
  (:predicates (parked ?c - car ?s - bay) ; car ?c is parked in bay ?s
               (vacant ?s - bay) ; bay ?s is empty
               (driving ?c - car) ; car ?c is being driven
               (idle)) ; the valet is idle
  (:action fetch :parameters (?c - car ?s - bay) :precondition (and (parked ?c ?s) (idle))
   :effect (and (driving ?c) (vacant ?s) (not (parked ?c ?s)) (not (idle))))
  (:action park :parameters (?c - car ?s - bay) :precondition (and (driving ?c) (vacant ?s))
   :effect (and (parked ?c ?s) (idle) (not (driving ?c)) (not (vacant ?s)))))"""
LOT = """(define (problem lot) (:domain garage) (:objects van jeep - car bay1 bay2 bay3 - bay)
  (:init (parked van bay1) (parked jeep bay3) (vacant bay2) (idle))
  (:goal (and (parked van bay2))))"""
LOT_TEXT = (
    "The van is parked in bay1 and the jeep is parked in bay3; the valet is idle. "
    "Goal: the van parked in bay2."
)
TOWER = """(define (problem p) (:domain blocksworld) (:objects b1 b2 b3)
  (:init (arm-empty) (on b3 b1) (on-table b1) (on-table b2) (clear b3) (clear b2))
  (:goal (on b1 b2)))"""
TOWER_TEXT = "b3 sits on b1, b1 and b2 are on the table, and the hand is empty. Goal: b1 on b2."


@pytest.fixture(scope="module")
def aligner() -> Aligner:
    return Aligner()


def _implied(section) -> dict[str, set[str]]:
    return {
        k: {f.atom for f in getattr(section, k) if f.kind == "implied"}
        for k in ("stated", "contradicted", "missing_in_problem")
    }


def test_groups_are_proven_from_the_domain_not_from_the_init():
    """A changed init still gets the domain's groups (the init is what is checked)."""
    dom = default_registry()["blocksworld"].domain
    bad = TOWER.replace("(clear b3)", "(clear b1)")
    for pddl in (TOWER, bad):
        groups = problem_groups(dom, pddl)
        b1 = [g for g in groups if ("clear", "b1") in g.atoms and ("on", "b3", "b1") in g.atoms]
        assert b1 and all(g.at_least_one for g in b1)
    assert problem_groups(None, TOWER) == ()
    assert problem_groups("(define (domain", TOWER) == ()
    assert problem_groups(dom, "not pddl (((") == ()


def _big_lot(n: int) -> str:
    cars = " ".join(f"car{i}" for i in range(n))
    bays = " ".join(f"bay{i}" for i in range(n + 1))
    init = " ".join(f"(parked car{i} bay{i})" for i in range(n))
    return (
        f"(define (problem big) (:domain garage) (:objects {cars} - car {bays} - bay)"
        f" (:init {init} (vacant bay{n}) (idle)) (:goal (parked car0 bay{n})))"
    )


def test_the_grounding_budget_is_work_not_seconds(monkeypatch):
    """The invariants (and so every score) never depend on the machine's load: grounding is
    cut after a count of steps, and a clock that runs 1 s per reading changes nothing."""
    import planetarium_plugin.alignment.facts.implied as implied
    import planetarium_plugin.errors as errors

    pddl = _big_lot(20)  # 2 × 20 × 21 bindings: several of the grounder's checks
    implied._groups_cached.cache_clear()
    quiet = problem_groups(GARAGE, pddl)
    assert quiet
    clock = iter(range(10**6))
    monkeypatch.setattr(errors.time, "perf_counter", lambda: float(next(clock)))
    implied._groups_cached.cache_clear()
    assert problem_groups(GARAGE, pddl) == quiet  # a 1 s deadline would have expired
    monkeypatch.setattr(implied, "GROUND_CHECKS", 2)
    implied._groups_cached.cache_clear()
    assert problem_groups(GARAGE, pddl) == ()  # past the count: no invariants, on any box
    implied._groups_cached.cache_clear()


def test_clear_blocks_the_text_never_names_are_implied(aligner):
    e = aligner.explain(TOWER_TEXT, TOWER)
    assert e.aligned and _implied(e.init)["stated"] == {"(clear b2)", "(clear b3)"}
    assert not e.init.unstated  # the implied facts account for the whole init
    moved = aligner.explain(TOWER_TEXT, TOWER.replace("(clear b3)", "(clear b1)"))
    assert not moved.aligned and moved.similarity < 0.01 < e.similarity
    (fact,) = moved.init.contradicted
    assert (fact.atom, fact.kind, fact.span) == ("(clear b1)", "implied", "b3 sits on b1")
    assert any("(clear b1) and (on b3 b1)" in n for n in moved.notes)
    text = format_explanation(moved)
    assert 'contradicted  (clear b1)  implied by "b3 sits on b1"' in text
    left_out = aligner.explain(TOWER_TEXT, TOWER.replace(" (clear b3)", ""))
    assert not left_out.aligned and left_out.similarity < e.similarity
    assert _implied(left_out.init)["missing_in_problem"] == {"(clear b3)"}


def test_a_text_that_does_not_describe_a_predicate_gets_nothing_implied(aligner):
    """Goal only, or silent about b3 and the hand: nothing forces (clear b3) (b3 might be
    held); "b3 sits on b1" alone does (a block on another is not held)."""
    goal_only = aligner.explain("Put b1 on b2.", TOWER)
    assert goal_only.aligned and not any(_implied(goal_only.init).values())
    left_out = TOWER.replace(" (clear b3)", "")
    silent = aligner.explain("b1 and b2 are on the table. Goal: b1 on b2.", left_out)
    assert "(clear b3)" not in _implied(silent.init)["missing_in_problem"]
    on_b1 = aligner.explain("b3 sits on b1; b1 and b2 are on the table. Goal: b1 on b2.", left_out)
    assert "(clear b3)" in _implied(on_b1.init)["missing_in_problem"]
    # an init that is no state of the domain is wrong whatever the text says
    broken = aligner.explain("Put b1 on b2.", TOWER.replace("(clear b3)", "(clear b1)"))
    assert not broken.aligned and "(clear b1)" in {f.atom for f in broken.init.contradicted}
    # and so is one where b3 is neither clear, nor under a block, nor held
    empty = aligner.explain("Put b1 on b2.", left_out)
    assert empty.similarity < 0.01 < goal_only.similarity
    assert any("none of (clear b3)" in n for n in empty.notes)


def test_a_domain_no_pack_knows(aligner):
    """Our own typed domain, its words from its comments: the vacant bay is implied."""
    e = aligner.explain(LOT_TEXT, LOT, domain=GARAGE)
    assert e.aligned and _implied(e.init)["stated"] == {"(vacant bay2)"}
    wrong = aligner.explain(LOT_TEXT, LOT.replace("(vacant bay2)", "(vacant bay1)"), domain=GARAGE)
    assert not wrong.aligned and "(vacant bay1)" in _implied(wrong.init)["contradicted"]
    # "the valet is idle or some bay is vacant" is inductive too, but real states break it:
    # a single-instance group the problem's init breaks is not trusted
    assert not any("(idle)" in n for n in e.notes + wrong.notes)


def test_a_renamed_copy_of_a_pack_domain(aligner):
    pack = default_registry()["blocksworld"]
    text = pack.domain_pddl.replace("(domain blocksworld)", "(domain stacking)")
    pddl = TOWER.replace("(:domain blocksworld)", "(:domain stacking)")
    e = aligner.explain(TOWER_TEXT, pddl, domain=text)
    assert e.aligned and _implied(e.init)["stated"] == {"(clear b2)", "(clear b3)"}
    bad = aligner.explain(TOWER_TEXT, pddl.replace("(clear b3)", "(clear b1)"), domain=text)
    assert not bad.aligned and "(clear b1)" in _implied(bad.init)["contradicted"]


# --- property: a changed init atom the explicit facts determine lowers the score ----------

NAMES = st.lists(
    st.sampled_from(["b1", "b2", "b3", "b4", "q7", "zed", "k9", "m3"]),
    min_size=4,
    max_size=4,
    unique=True,
)


def _state(names: list[str], layout: list[int]) -> tuple[set[tuple[str, ...]], str]:
    """Towers from ``layout`` (tower index per block, in stacking order) and a text that says
    what is on what and that the hand is empty — never which blocks are clear."""
    towers: dict[int, list[str]] = {}
    for n, t in zip(names, layout, strict=True):
        towers.setdefault(t, []).append(n)
    atoms: set[tuple[str, ...]] = {("arm-empty",)}
    said = []
    for tower in towers.values():
        atoms.add(("on-table", tower[0]))
        said.append(f"{tower[0]} is on the table")
        for below, above in zip(tower, tower[1:], strict=False):
            atoms.add(("on", above, below))
            said.append(f"{above} is on {below}")
        atoms.add(("clear", tower[-1]))
    return atoms, "; ".join(said) + ". The hand is empty."


def _problem(names: list[str], atoms: set[tuple[str, ...]]) -> str:
    init = " ".join("(" + " ".join(a) + ")" for a in sorted(atoms))
    return (
        f"(define (problem p) (:domain blocksworld) (:objects {' '.join(names)}) "
        f"(:init {init}) (:goal (and (on {names[0]} {names[1]}))))"
    )


@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(NAMES, st.lists(st.integers(0, 2), min_size=4, max_size=4), st.data())
def test_changing_an_implied_init_atom_lowers_the_score_and_is_named(aligner, names, layout, data):
    atoms, said = _state(names, layout)
    text = f"{said} Goal: {names[0]} on {names[1]}."
    clear = sorted(a for a in atoms if a[0] == "clear")
    covered = sorted({("clear", n) for n in names} - set(clear))
    gone = data.draw(st.sampled_from(clear))
    if covered and data.draw(st.booleans()):
        new = data.draw(st.sampled_from(covered))  # clear moves onto a covered block
        changed, wrong = {gone, new}, (atoms - {gone}) | {new}
    else:
        changed, wrong = {gone}, atoms - {gone}  # a clear block left out
    good, bad = aligner.explain_many([text, text], [_problem(names, atoms), _problem(names, wrong)])
    assert bad.similarity < good.similarity and good.aligned and not bad.aligned
    named = {f.atom for f in (*bad.init.contradicted, *bad.init.missing_in_problem)}
    assert {"(" + " ".join(a) + ")" for a in changed} & named


# A clause that states a second fact beside its best reading ("balls 1 to 3 are in room a
# together with the robot": the robot's place, and each ball's) (``alignattr``): where the
# problem lacks the second reading for one object but holds a proven mutex alternative of it
# (that ball in the other room), the alternative is contradicted through the invariants.
FERRY = """(define (domain ferry)
  (:requirements :strips :typing)
  (:types car port)
  (:predicates (at-ferry ?p - port) (at ?c - car ?p - port) (on ?c - car) (empty-ferry))
  (:action sail :parameters (?a - port ?b - port)
    :precondition (at-ferry ?a) :effect (and (at-ferry ?b) (not (at-ferry ?a))))
  (:action board :parameters (?c - car ?p - port)
    :precondition (and (at ?c ?p) (at-ferry ?p) (empty-ferry))
    :effect (and (on ?c) (not (at ?c ?p)) (not (empty-ferry))))
  (:action debark :parameters (?c - car ?p - port)
    :precondition (and (on ?c) (at-ferry ?p))
    :effect (and (at ?c ?p) (empty-ferry) (not (on ?c)))))"""


def _ferry(c2: str = "west") -> str:
    return (
        "(define (problem p) (:domain ferry) (:objects c1 c2 c3 - car west east - port) "
        f"(:init (at-ferry west) (at c1 west) (at c2 {c2}) (at c3 west) (empty-ferry)) "
        "(:goal (and (at c1 east))))"
    )


def _balls(b2: str = "rooma") -> str:
    return (
        "(define (problem p) (:domain gripper) (:objects rooma roomb ball1 ball2 ball3 left "
        "right) (:init (room rooma) (room roomb) (ball ball1) (ball ball2) (ball ball3) "
        "(gripper left) (gripper right) (at-robby rooma) (at ball1 rooma) "
        f"(at ball2 {b2}) (at ball3 rooma) (free left) (free right)) "
        "(:goal (and (at ball1 roomb))))"
    )


@pytest.mark.parametrize(
    "domain, problem, moved, text",
    [
        (FERRY, _ferry, ("east", "(at c2 east)"),
         "Cars c1 to c3 wait at west together with the ferry, which is empty. Goal: c1 at east."),
        ("gripper", _balls, ("roomb", "(at ball2 roomb)"),
         "Balls 1 to 3 are in room a together with the robot, and grippers left and right are "
         "free. Move ball 1 to room b."),
        ("gripper", _balls, ("roomb", "(at ball2 roomb)"),
         "Three balls (ball1 to ball3) sit in rooma with the robot; grippers are free. Goal: "
         "ball1 in roomb."),
    ],
)  # fmt: skip
def test_a_second_reading_of_a_clause_contradicts_a_moved_member(domain, problem, moved, text):
    al = Aligner(domain=domain)
    right = al.explain(text, problem())
    assert not right.conflicts(), right.conflicts()
    wrong = al.explain(text, problem(moved[0]))
    assert moved[1] in _implied(wrong.init)["contradicted"], wrong
    assert wrong.similarity < right.similarity - 0.2
