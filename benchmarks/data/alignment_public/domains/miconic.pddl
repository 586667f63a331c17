; Miconic (elevator), written for this repository (CC0): a lift moves between floors, boards
; waiting passengers at their origin floor and lets them out at their destination.
(define (domain miconic)
  (:requirements :strips :typing)
  (:types passenger floor)
  (:predicates (origin ?p - passenger ?f - floor)       ; ?p waits at floor ?f
               (destin ?p - passenger ?f - floor)       ; ?p wants to go to floor ?f
               (above ?f1 - floor ?f2 - floor)          ; floor ?f2 is above floor ?f1
               (boarded ?p - passenger)                 ; ?p is inside the lift
               (served ?p - passenger)                  ; ?p has arrived
               (lift-at ?f - floor))                    ; the lift is at floor ?f

  (:action board
    :parameters (?f - floor ?p - passenger)
    :precondition (and (lift-at ?f) (origin ?p ?f))
    :effect (boarded ?p))

  (:action depart
    :parameters (?f - floor ?p - passenger)
    :precondition (and (lift-at ?f) (destin ?p ?f) (boarded ?p))
    :effect (and (not (boarded ?p)) (served ?p)))

  (:action up
    :parameters (?f1 ?f2 - floor)
    :precondition (and (lift-at ?f1) (above ?f1 ?f2))
    :effect (and (lift-at ?f2) (not (lift-at ?f1))))

  (:action down
    :parameters (?f1 ?f2 - floor)
    :precondition (and (lift-at ?f1) (above ?f2 ?f1))
    :effect (and (lift-at ?f2) (not (lift-at ?f1)))))
