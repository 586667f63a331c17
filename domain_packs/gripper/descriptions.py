"""What Gripper and each of its actions and predicates mean (for domain-writing tasks)."""

from planetarium_plugin.packs import DomainDescriptions

DESCRIPTIONS = DomainDescriptions(
    domain=(
        "A robot with several grippers moves balls between rooms. Objects are untyped: rooms, "
        "balls and grippers are told apart by the unary predicates room, ball and gripper. "
        "The robot is in one room at a time; each gripper carries at most one ball."
    ),
    predicates={
        "room": "(room ?r): ?r is a room",
        "ball": "(ball ?b): ?b is a ball",
        "gripper": "(gripper ?g): ?g is a gripper",
        "at-robby": "(at-robby ?r): the robot is in room ?r",
        "at": "(at ?b ?r): ball ?b lies in room ?r",
        "free": "(free ?g): gripper ?g carries nothing",
        "carry": "(carry ?o ?g): gripper ?g carries ball ?o",
    },
    actions={
        "move": "move ?from ?to: the robot goes from room ?from, where it is, to room ?to.",
        "pick": (
            "pick ?obj ?room ?gripper: in room ?room, where the robot is, the free gripper "
            "?gripper takes ball ?obj lying there; the ball is then carried, no longer in the "
            "room, and the gripper is not free."
        ),
        "drop": (
            "drop ?obj ?room ?gripper: the gripper ?gripper puts the ball ?obj it carries into "
            "room ?room, where the robot is; the gripper is free again."
        ),
    },
)
