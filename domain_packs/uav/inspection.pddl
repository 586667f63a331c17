; UAV inspection (numeric): drones fly between locations spending battery equal to the distance,
; photograph targets visible from where they are (each photo costs battery), and recharge to
; full at a base.
(define (domain uav-inspection)
  (:requirements :typing :fluents)
  (:types drone location target - object)
  (:predicates (drone-at ?d - drone ?l - location)
               (visible ?t - target ?l - location)
               (photographed ?t - target)
               (base ?l - location))
  (:functions (battery ?d - drone) (max-battery ?d - drone)
              (distance ?a - location ?b - location) (photo-cost ?d - drone))

  (:action fly
    :parameters (?d - drone ?from - location ?to - location)
    :precondition (and (drone-at ?d ?from) (>= (battery ?d) (distance ?from ?to)))
    :effect (and (not (drone-at ?d ?from)) (drone-at ?d ?to)
                 (decrease (battery ?d) (distance ?from ?to))))

  (:action take-photo
    :parameters (?d - drone ?t - target ?l - location)
    :precondition (and (drone-at ?d ?l) (visible ?t ?l) (>= (battery ?d) (photo-cost ?d)))
    :effect (and (photographed ?t) (decrease (battery ?d) (photo-cost ?d))))

  (:action recharge
    :parameters (?d - drone ?l - location)
    :precondition (and (drone-at ?d ?l) (base ?l))
    :effect (and (assign (battery ?d) (max-battery ?d)))))
