; UAV delivery (numeric): drones fly between locations spending battery equal to the distance,
; carry packages up to a weight capacity, and recharge to full at a base.
(define (domain uav-delivery)
  (:requirements :typing :fluents)
  (:types drone location package - object)
  (:predicates (drone-at ?d - drone ?l - location)
               (pkg-at ?p - package ?l - location)
               (carrying ?d - drone ?p - package)
               (base ?l - location))
  (:functions (battery ?d - drone) (max-battery ?d - drone)
              (distance ?a - location ?b - location)
              (load ?d - drone) (capacity ?d - drone) (weight ?p - package))

  (:action fly
    :parameters (?d - drone ?from - location ?to - location)
    :precondition (and (drone-at ?d ?from) (>= (battery ?d) (distance ?from ?to)))
    :effect (and (not (drone-at ?d ?from)) (drone-at ?d ?to)
                 (decrease (battery ?d) (distance ?from ?to))))

  (:action pick-up
    :parameters (?d - drone ?p - package ?l - location)
    :precondition (and (drone-at ?d ?l) (pkg-at ?p ?l)
                       (<= (+ (load ?d) (weight ?p)) (capacity ?d)))
    :effect (and (not (pkg-at ?p ?l)) (carrying ?d ?p) (increase (load ?d) (weight ?p))))

  (:action drop
    :parameters (?d - drone ?p - package ?l - location)
    :precondition (and (drone-at ?d ?l) (carrying ?d ?p))
    :effect (and (pkg-at ?p ?l) (not (carrying ?d ?p)) (decrease (load ?d) (weight ?p))))

  (:action recharge
    :parameters (?d - drone ?l - location)
    :precondition (and (drone-at ?d ?l) (base ?l))
    :effect (and (assign (battery ?d) (max-battery ?d)))))
