; Lights: each switch toggles the lamp it is wired to. Wiring is static.
(define (domain lights)
  (:requirements :strips :negative-preconditions)
  (:predicates (wired ?s ?l) (on ?l) (switch ?s) (lamp ?l))
  (:action turn-on
    :parameters (?s ?l)
    :precondition (and (switch ?s) (lamp ?l) (wired ?s ?l) (not (on ?l)))
    :effect (on ?l))
  (:action turn-off
    :parameters (?s ?l)
    :precondition (and (switch ?s) (lamp ?l) (wired ?s ?l) (on ?l))
    :effect (not (on ?l))))
