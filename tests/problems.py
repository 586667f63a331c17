"""Small fixed problems shared by the tests."""

DELIVERY = """(define (problem d1) (:domain uav-delivery)
  (:objects u1 - drone base hill - location p1 - package)
  (:init (drone-at u1 base) (base base) (pkg-at p1 hill)
    (= (battery u1) 12) (= (max-battery u1) 12) (= (load u1) 0) (= (capacity u1) 5)
    (= (weight p1) 2) (= (distance base hill) 4) (= (distance hill base) 4)
    (= (distance base base) 0) (= (distance hill hill) 0))
  (:goal (and (pkg-at p1 base))))"""


def four_blocks(goal: str) -> str:
    """Blocksworld: k1-k4 on the table, all clear, the arm empty; ``goal``'s atoms as the goal
    (the alignment tests' towers told in words)."""
    return (
        "(define (problem p) (:domain blocksworld) (:objects k1 k2 k3 k4) (:init (arm-empty) "
        "(on-table k1) (on-table k2) (on-table k3) (on-table k4) (clear k1) (clear k2) "
        f"(clear k3) (clear k4)) (:goal (and {goal})))"
    )


#: A goal pile on ``four_blocks``: k4 at the bottom, then k2, k1, k3.
PILE = "(on k2 k4) (on k1 k2) (on k3 k1)"


def atoms(facts) -> set[str]:
    """The atoms of an explanation's fact list, as strings."""
    return {f.atom for f in facts}


#: A painting domain (robots, tiles, colours; a robot paints the tile it is on with the colour it
#: has), for alignment tests over a domain no pack covers.
PAINT = """(define (domain paint)
  (:requirements :strips :typing)
  (:types robot tile color)
  (:predicates (robot-at ?r - robot ?t - tile) (robot-has ?r - robot ?c - color)
               (available-color ?c - color) (painted ?t - tile ?c - color))
  (:action paint :parameters (?r - robot ?t - tile ?c - color)
    :precondition (and (robot-at ?r ?t) (robot-has ?r ?c)) :effect (painted ?t ?c))
  (:action change :parameters (?r - robot ?a - color ?b - color)
    :precondition (and (robot-has ?r ?a) (available-color ?b))
    :effect (and (robot-has ?r ?b) (not (robot-has ?r ?a)))))"""
