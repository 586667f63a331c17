"""Hand-made mutations of the packs' ground-truth domains (shared by the domain tests)."""

from __future__ import annotations

import dataclasses
import re

from planetarium_plugin.domains import domain_to_pddl
from planetarium_plugin.parsing import Atom, Domain, NumericEffect


def renamed_and_reordered(domain: Domain) -> str:
    """Same domain: parameters renamed and reversed, literals and actions in reverse order."""
    actions = []
    for a in reversed(domain.actions):
        sub = {v: f"?{a.name[:2]}_{i}" for i, (v, _) in enumerate(a.params)}

        def r(atom: Atom, sub=sub) -> Atom:
            return Atom(atom.predicate, tuple(sub.get(x, x) for x in atom.args))

        def e(expr, sub=sub):
            if isinstance(expr, Atom):
                return r(expr, sub)
            if isinstance(expr, tuple):
                return (expr[0], e(expr[1], sub), e(expr[2], sub))
            return expr

        actions.append(
            dataclasses.replace(
                a,
                params=tuple((sub[v], t) for v, t in reversed(a.params)),
                pre_pos=tuple(r(x) for x in reversed(a.pre_pos)),
                pre_neg=tuple(r(x) for x in reversed(a.pre_neg)),
                pre_num=tuple((op, e(lhs), e(rhs)) for op, lhs, rhs in reversed(a.pre_num)),
                add=tuple(r(x) for x in reversed(a.add)),
                delete=tuple(r(x) for x in reversed(a.delete)),
                num_eff=tuple(
                    NumericEffect(x.op, r(x.fluent), e(x.expr)) for x in reversed(a.num_eff)
                ),
            )
        )
    return domain_to_pddl(dataclasses.replace(domain, actions=tuple(actions)))


def edit_action(text: str, action: str, old: str, new: str) -> str:
    """Replace ``old`` by ``new`` once inside the ``(:action NAME …)`` block of ``text``."""
    start = re.search(rf"\(:action {re.escape(action)}\s", text).start()
    end = text.find("(:action", start + 1)
    end = len(text) if end < 0 else end
    block = text[start:end]
    assert old in block, (action, old)
    return text[:start] + block.replace(old, new, 1) + text[end:]


def drop_action(text: str, action: str) -> str:
    """Remove the whole ``(:action NAME …)`` block (matched parentheses)."""
    start = re.search(rf"\(:action {re.escape(action)}\s", text).start()
    depth = 0
    for i in range(start, len(text)):
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        if depth == 0:
            return text[:start] + text[i + 1 :]
    raise ValueError(f"unbalanced action {action}")


#: pack -> mutation kind -> (action named in the difference, edit arguments)
MUTATIONS = {
    "blocksworld": {
        "dropped delete effect": ("stack", ("(not (holding ?ob))", "")),
        "dropped precondition": ("pickup", ("(clear ?ob) ", "")),
        "swapped arguments": ("stack", ("(on ?ob ?underob)", "(on ?underob ?ob)")),
        "missing action": ("unstack", None),
    },
    "gripper": {
        "dropped delete effect": ("pick", ("(not (free ?gripper))", "")),
        "dropped precondition": ("move", ("(at-robby ?from))", ")")),
        "swapped arguments": ("drop", ("(at ?obj ?room)", "(at ?room ?obj)")),
        "missing action": ("drop", None),
    },
    "floor-tile": {
        "dropped delete effect": ("right", ("(not (robot-at ?r ?x))", "")),
        "dropped precondition": ("paint-up", ("(robot-at ?r ?x) ", "")),
        "swapped arguments": ("down", ("(up ?x ?y)", "(up ?y ?x)")),
        "missing action": ("change-color", None),
    },
    "rover": {
        "dropped delete effect": ("take_image", ("(not (calibrated ?i ?r))", "")),
        "dropped precondition": ("sample_soil", ("(empty ?s))", ")")),
        "swapped arguments": ("navigate", ("(at ?x ?z))", "(at ?x ?y))")),
        "missing action": ("drop", None),
    },
    "rover-single": {
        "dropped delete effect": ("navigate", ("(not (at_rover ?y))", "")),
        "dropped precondition": ("sample_soil", ("(at_soil_sample ?p)", "")),
        "swapped arguments": (
            "communicate_image_data",
            ("(have_image ?o ?m) (available)", "(have_image ?m ?o) (available)"),
        ),
        "missing action": ("sample_soil", None),
    },
    "uav-delivery": {
        "dropped delete effect": ("fly", ("(not (drone-at ?d ?from))", "")),
        "dropped precondition": ("fly", ("(>= (battery ?d) (distance ?from ?to))", "")),
        "missing action": ("recharge", None),
        "numeric effect off by one": (
            "fly",
            (
                "(decrease (battery ?d) (distance ?from ?to))",
                "(decrease (battery ?d) (+ (distance ?from ?to) 1))",
            ),
        ),
    },
    "uav-inspection": {
        "dropped delete effect": ("fly", ("(not (drone-at ?d ?from))", "")),
        "dropped precondition": ("take-photo", ("(visible ?t ?l)", "")),
        "missing action": ("take-photo", None),
        "numeric effect off by one": (
            "take-photo",
            (
                "(decrease (battery ?d) (photo-cost ?d))",
                "(decrease (battery ?d) (- (photo-cost ?d) 1))",
            ),
        ),
    },
}


def mutate(text: str, action: str, edit) -> str:
    if edit is None:
        return drop_action(text, action)
    return edit_action(text, action, *edit)


def random_mutation(domain: Domain, rng) -> tuple[Domain, str, str]:
    """One random single edit of one action: drop a literal (precondition, add or delete
    effect, numeric precondition or effect), swap the arguments of a binary literal, or drop
    the whole action. Returns the mutated domain, the action and the kind of edit; whether the
    result still means the same is for the exact metric to say."""
    action = rng.choice(domain.actions)
    fields = ("pre_pos", "pre_neg", "add", "delete", "pre_num", "num_eff")
    kinds = [("drop", f, i) for f in fields for i in range(len(getattr(action, f)))]
    kinds += [("swap", f, i) for f in ("pre_pos", "pre_neg", "add", "delete")
              for i, a in enumerate(getattr(action, f)) if len(set(a.args)) == 2]  # fmt: skip
    kinds.append(("missing", "", 0))
    kind, f, i = rng.choice(kinds)
    if kind == "missing":
        rest = tuple(a for a in domain.actions if a is not action)
        return dataclasses.replace(domain, actions=rest), action.name, "missing action"
    items = list(getattr(action, f))
    if kind == "drop":
        del items[i]
    else:
        items[i] = Atom(items[i].predicate, tuple(reversed(items[i].args)))
    changed = dataclasses.replace(action, **{f: tuple(items)})
    actions = tuple(changed if a is action else a for a in domain.actions)
    return dataclasses.replace(domain, actions=actions), action.name, f"{kind} {f}"
