"""The rover packs' goal describers beyond their generators' goals.

The contract test (``test_goal_describers.py``) checks the six goals the generators write. Here
goals no generator writes, drawn at random from a generated analysis init: any combination of
the four parts (every soil sample, every rock sample, every image, rovers at the lander's
waypoint), padded with atoms the rest implies (static init facts, analyses a communicated fact
needs, negatives that cannot fail) or spoiled (one atom of a part left out, an atom outside the
parts, a negative that cannot hold). Whenever the describer says a sentence, the exact metric
must find the goal equivalent to the sentence's own goal; padded goals must get their sentence,
spoiled ones none.
"""

from __future__ import annotations

import random
from itertools import product

import pytest
from planetarium_domain_packs.rover_single.describe import goal_wordings

from planetarium_plugin import default_registry, equivalent
from planetarium_plugin.parsing import parse_problem
from planetarium_plugin.parsing.model import Atom

PARTS = [c for c in product((False, True), repeat=4) if any(c)]


def _pddl(problem_pddl: str, positive, negative=()) -> str:
    head = problem_pddl[: problem_pddl.index("(:goal")]
    lits = [str(a) for a in positive] + [f"(not {a})" for a in negative]
    return f"{head}(:goal (and {' '.join(lits)})))\n"


def _world(pack, inst):
    """The init's four parts as goal atoms, its implied pads and spoilers, and the sentences."""
    p = parse_problem(inst.problem_pddl, pack.domain)
    single = pack.name == "rover-single"
    typed = lambda t: sorted(o for o, k in p.objects.items() if k == t)  # noqa: E731
    sites = {
        k: sorted(a.args[0] for a in p.init if a.predicate == f"at_{k}_sample")
        for k in ("soil", "rock")
    }
    lander = next(a.args[-1] for a in p.init if a.predicate == "at_lander")
    rovers = [] if single else typed("rover")
    parts = [
        [Atom("communicated_soil_data", (w,)) for w in sites["soil"]],
        [Atom("communicated_rock_data", (w,)) for w in sites["rock"]],
        [Atom("communicated_image_data", om) for om in product(typed("objective"), typed("mode"))],
        [Atom("at_rover", (lander,))] if single else [Atom("at", (r, lander)) for r in rovers],
    ]
    owner = () if single else tuple(rovers)
    other = next(w for w in typed("waypoint") if w != lander)
    pads = {  # per part: atoms that part implies
        0: [Atom("have_soil_analysis", (*owner, w)) for w in sites["soil"]],
        1: [Atom("have_rock_analysis", (*owner, w)) for w in sites["rock"]],
        2: [Atom("have_image", (*owner, *a.args)) for a in parts[2]],
        3: [],
    }
    if len(owner) > 1:  # several rovers: no one rover's analysis is implied
        pads = {0: [], 1: [], 2: [], 3: []}
    statics = sorted(a for a in p.init if a.predicate in ("visible", "at_lander", "supports"))
    never = [Atom("at_soil_sample", (w,)) for w in typed("waypoint") if w not in sites["soil"]]
    away = [Atom("at_rover", (other,))] if single else [Atom("at", (r, other)) for r in rovers]
    spoilers = [
        Atom("communicated_soil_data", (other,)) if other not in sites["soil"] else away[0],
        away[0],
        Atom("have_image", (*owner[:1], *parts[2][0].args)),
    ]
    return p, parts, pads, statics, never, away, spoilers


@pytest.mark.parametrize("name", ["rover-single", "rover"])
def test_any_combination_of_parts_is_said_only_when_the_metric_agrees(name):
    pack = default_registry()[name]
    who = "the rover" if name == "rover-single" else "every rover"
    rng = random.Random(f"describe-more:{name}")
    insts = [
        (scale, i)
        for scale in (1, 4)  # 4: parts of two atoms
        for i in pack.generate(random.Random(scale), scale)
        if i.init_layout.endswith("_analysis") and i.goal_layout == "transmit_all"
    ]
    claims = 0
    for scale, inst in insts:
        p, parts, pads, statics, never, away, spoilers = _world(pack, inst)
        for _ in range(6):
            choice = rng.choice(PARTS)
            goal = [a for on, part in zip(choice, parts, strict=True) if on for a in part]
            truth = _pddl(inst.problem_pddl, goal)
            said = goal_wordings(*({c} for c in choice), who)
            assert len(said) == 4  # the generator's sentence and three alternatives
            positive, negative = list(goal), []
            for i, on in enumerate(choice):
                if on and rng.random() < 0.5:
                    positive += pads[i]
            positive += rng.sample(statics, rng.randint(0, 3))
            if scale == 1:  # negative goals make the metric search: small inits only
                negative += rng.sample(never, min(len(never), rng.randint(0, 2)))
                if choice[3] and rng.random() < 0.5:
                    negative += away
            spoil = rng.random() < 0.3
            if spoil:
                partial = [
                    part for on, part in zip(choice, parts, strict=True) if on and len(part) > 1
                ]
                how = rng.choice(["partial"] * bool(partial) + ["atom", "negative"])
                if how == "partial":
                    positive.remove(rng.choice(rng.choice(partial)))
                elif how == "atom":  # an image the goal does not send is not implied
                    positive.append(rng.choice(spoilers[:2] if choice[2] else spoilers))
                else:  # a static fact of the init can never become false; rovers can come
                    negative.append(rng.choice([*statics[:2], *parts[3]]))
            text = _pddl(inst.problem_pddl, positive, negative)
            out = pack.describe_goal(parse_problem(text, pack.domain))
            if spoil:
                assert out == (), (choice, out)
            else:
                assert out == said, (choice, out)
            if out:
                v = equivalent(truth, text, pack, timeout=20)
                assert v.equivalent is True, (choice, v.reason)
                claims += 1
    assert claims >= 20


@pytest.mark.parametrize("name", ["rover-single", "rover"])
def test_data_the_init_already_holds_need_not_be_asked_again(name):
    """A goal for every soil sample may omit data the init has already sent."""
    pack = default_registry()[name]
    inst = next(
        i
        for i in pack.generate(random.Random(0), 4)
        if i.init_layout == "line_analysis" and i.goal_layout == "transmit_soil"
    )
    p = parse_problem(inst.problem_pddl, pack.domain)
    sent = sorted(p.goal.positive)
    assert len(sent) == 2
    held = inst.problem_pddl.replace("(:init", f"(:init {sent[0]}")
    partly = _pddl(held, sent[1:])
    assert pack.describe_goal(parse_problem(partly, pack.domain))[:2] == (
        "to communicate the data of every soil sample.",
        "send back the results of all the soil samples.",
    )
    assert equivalent(held, partly, pack, timeout=20).equivalent is True
    # without the init holding it, the same goal is only part of the samples: no sentence
    assert pack.describe_goal(parse_problem(_pddl(inst.problem_pddl, sent[1:]), pack.domain)) == ()


def test_several_rovers_must_all_reach_the_lander():
    pack = default_registry()["rover"]
    inst = next(
        i
        for i in pack.generate(random.Random(0), 5)
        if i.init_layout == "line_navigate" and i.goal_layout == "rover_in_lander"
    )
    p = parse_problem(inst.problem_pddl, pack.domain)
    assert len(p.goal.positive) == 2
    assert pack.describe_goal(p)[:2] == (
        "to move every rover to the lander's waypoint.",
        "drive all the rovers to the waypoint where the lander is.",
    )
    one = _pddl(inst.problem_pddl, sorted(p.goal.positive)[:1])
    assert pack.describe_goal(parse_problem(one, pack.domain)) == ()


def test_with_several_rovers_no_analysis_is_implied():
    """Which rover holds an analysis is not implied when several could have sent it."""
    pack = default_registry()["rover"]
    inst = next(
        i
        for i in pack.generate(random.Random(0), 5)
        if i.init_layout == "line_analysis" and i.goal_layout == "transmit_soil"
    )
    p = parse_problem(inst.problem_pddl, pack.domain)
    assert pack.describe_goal(p)[0] == "to communicate the data of every soil sample."
    site = sorted(p.goal.positive)[0].args[0]
    held = _pddl(
        inst.problem_pddl, [*p.goal.positive, Atom("have_soil_analysis", ("rover1", site))]
    )
    assert pack.describe_goal(parse_problem(held, pack.domain)) == ()
    assert equivalent(inst.problem_pddl, held, pack, timeout=20).equivalent is False
