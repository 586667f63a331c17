; One-way roads and a consumable resource (no pack provides it; untyped STRIPS, types are
; unary predicates): a courier drives along directed roads, each drive burns one charged
; fuel cell for good, places it reaches stay visited, parcels are picked up and dropped.
; Used by the any-domain tests and the generic fullySpecify property tests.
(define (domain oneway-courier)
  (:requirements :strips)
  (:predicates (place ?p) (cell ?c) (parcel ?x)
               (road ?from ?to) (at ?p) (charged ?c) (visited ?p)
               (parcel-at ?x ?p) (carrying ?x))

  (:action drive
    :parameters (?from ?to ?c)
    :precondition (and (place ?from) (place ?to) (cell ?c)
                       (road ?from ?to) (at ?from) (charged ?c))
    :effect (and (at ?to) (visited ?to) (not (at ?from)) (not (charged ?c))))

  (:action pick-up
    :parameters (?x ?p)
    :precondition (and (parcel ?x) (place ?p) (at ?p) (parcel-at ?x ?p))
    :effect (and (carrying ?x) (not (parcel-at ?x ?p))))

  (:action drop
    :parameters (?x ?p)
    :precondition (and (parcel ?x) (place ?p) (at ?p) (carrying ?x))
    :effect (and (parcel-at ?x ?p) (not (carrying ?x)))))
