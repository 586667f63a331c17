"""Small fixed problems shared by the tests."""

from hypothesis import strategies as st

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


#: Two blocksworld stacks (z on y on x; w alone) and a goal that moves x onto w.
BLOCKS = (
    "(define (problem p) (:domain blocksworld) (:objects x y z w) "
    "(:init (on-table x) (on y x) (on z y) (on-table w) (clear w) (clear z) (arm-empty)) "
    "(:goal (and (on x w) (on y x) (on-table z))))"
)


def confident_conflicts(exp) -> set[str]:
    """The atoms of an explanation's conflicts read at confidence 0.5 or more."""
    return {f.atom for f in exp.conflicts() if f.confidence >= 0.5}


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

#: A typed domain of trucks and towns whose roads are directed (written for the alignment tests
#: of links said both ways and of "it" with two objects of its own).
ROADS = """(define (domain roads)
  (:requirements :strips :typing)
  (:types truck town)
  (:predicates (at ?t - truck ?a - town) (road ?t - truck ?a - town ?b - town)
               (visited ?a - town))
  (:action drive :parameters (?t - truck ?a - town ?b - town)
    :precondition (and (at ?t ?a) (road ?t ?a ?b))
    :effect (and (at ?t ?b) (visited ?b) (not (at ?t ?a)))))"""


def assert_init_edit_named(aligner, text, right, wrong, said, edited=None):
    """The alignment tests' common check of an init reader: against ``right`` the text states
    every atom of ``said`` and nothing the problem lacks; against ``wrong`` (one init fact
    edited) the explanation names ``edited`` (default: the first of ``said``), the score is
    lower and the verdict rejects."""
    e = aligner.explain(text, right)
    assert set(said) <= {f.atom for f in e.init.stated}, e
    assert not e.init.missing_in_problem and not e.init.contradicted, e
    bad = aligner.explain(text, wrong)
    named = {f.atom for f in (*bad.init.missing_in_problem, *bad.init.contradicted)}
    assert (edited or said[0]) in named, bad
    assert bad.similarity < e.similarity and not bad.aligned


#: A gripper problem: two rooms, two balls in rooma, the robot there; ``{goal}`` to fill.
TWO_ROOMS = (
    "(define (problem p) (:domain gripper) (:objects rooma roomb o1 o2 lg rg) (:init "
    "(room rooma) (room roomb) (ball o1) (ball o2) (gripper lg) (gripper rg) (at-robby rooma) "
    "(at o1 rooma) (at o2 rooma) (free lg) (free rg)) (:goal (and {goal})))"
)

#: Towers of Hanoi with no pack: pegs and discs are both ``?x``, ``smaller`` orders them.
HANOI_DOMAIN = """(define (domain hanoi) (:requirements :strips)
 (:predicates (clear ?x) (on ?x ?y) (smaller ?x ?y))
 (:action move :parameters (?disc ?from ?to)
  :precondition (and (smaller ?to ?disc) (on ?disc ?from) (clear ?disc) (clear ?to))
  :effect (and (clear ?from) (on ?disc ?to) (not (on ?disc ?from)) (not (clear ?to)))))"""


#: The objects of :data:`ATOMS`.
OBJECTS = ("o1", "o2", "o3", "o4")
#: An atom of ``p`` or ``q`` over one or two of :data:`OBJECTS` (the edit-trace properties).
ATOMS = st.builds(
    lambda p, xs: f"({p} {' '.join(xs)})",
    st.sampled_from(("p", "q")),
    st.lists(st.sampled_from(OBJECTS), min_size=1, max_size=2),
)


def renamer(perm):
    """The renaming of an atom's :data:`OBJECTS` to ``perm`` (one name each, in order)."""
    names = dict(zip(OBJECTS, perm, strict=True))
    return lambda a: " ".join(names.get(w.strip("()"), w.strip("()")) for w in a.split()).join("()")
