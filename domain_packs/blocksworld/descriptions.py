"""What Blocks World and each of its actions and predicates mean (for domain-writing tasks)."""

from planetarium_plugin.packs import DomainDescriptions

DESCRIPTIONS = DomainDescriptions(
    domain=(
        "Blocks sit either directly on the table or on top of exactly one other block. A single "
        "robot arm moves them one at a time: it can hold at most one block, and it can only "
        "take a block that has nothing on top of it. Objects are untyped (every object is a "
        "block)."
    ),
    predicates={
        "clear": "(clear ?x): nothing is on top of block ?x and the arm is not holding it",
        "on-table": "(on-table ?x): block ?x stands directly on the table",
        "arm-empty": "(arm-empty): the arm holds no block",
        "holding": "(holding ?x): the arm holds block ?x",
        "on": "(on ?x ?y): block ?x stands directly on top of block ?y",
    },
    actions={
        "pickup": (
            "pickup ?ob: with the empty arm, take block ?ob from the table; ?ob must be clear. "
            "Afterwards the arm holds ?ob."
        ),
        "putdown": "putdown ?ob: put the held block ?ob on the table; the arm is then empty.",
        "stack": (
            "stack ?ob ?underob: put the held block ?ob on top of block ?underob, which must "
            "be clear. Afterwards the arm is empty and ?ob is on ?underob."
        ),
        "unstack": (
            "unstack ?ob ?underob: with the empty arm, take the clear block ?ob from the top of "
            "block ?underob. Afterwards the arm holds ?ob and ?underob has nothing on it."
        ),
    },
)
