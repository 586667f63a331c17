; Zenotravel, written for this repository (CC0): the air-travel domain of IPC 2002 in its STRIPS
; form (fuel as levels, no numbers), typed, with the classical predicate names. Fuel levels are
; objects ordered by next (next l0 l1: l1 is one level above l0).
(define (domain zenotravel)
  (:requirements :strips :typing)
  (:types locatable city flevel - object
          aircraft person - locatable)
  (:predicates (at ?x - locatable ?c - city)
               (in ?p - person ?a - aircraft)
               (fuel-level ?a - aircraft ?l - flevel)
               (next ?l1 - flevel ?l2 - flevel))

  (:action board
    :parameters (?p - person ?a - aircraft ?c - city)
    :precondition (and (at ?p ?c) (at ?a ?c))
    :effect (and (not (at ?p ?c)) (in ?p ?a)))
  (:action debark
    :parameters (?p - person ?a - aircraft ?c - city)
    :precondition (and (in ?p ?a) (at ?a ?c))
    :effect (and (not (in ?p ?a)) (at ?p ?c)))
  (:action fly
    :parameters (?a - aircraft ?c1 - city ?c2 - city ?l1 - flevel ?l2 - flevel)
    :precondition (and (at ?a ?c1) (fuel-level ?a ?l1) (next ?l2 ?l1))
    :effect (and (not (at ?a ?c1)) (at ?a ?c2) (not (fuel-level ?a ?l1)) (fuel-level ?a ?l2)))
  (:action zoom
    :parameters (?a - aircraft ?c1 - city ?c2 - city ?l1 - flevel ?l2 - flevel ?l3 - flevel)
    :precondition (and (at ?a ?c1) (fuel-level ?a ?l1) (next ?l2 ?l1) (next ?l3 ?l2))
    :effect (and (not (at ?a ?c1)) (at ?a ?c2) (not (fuel-level ?a ?l1)) (fuel-level ?a ?l3)))
  (:action refuel
    :parameters (?a - aircraft ?c - city ?l - flevel ?l1 - flevel)
    :precondition (and (fuel-level ?a ?l) (next ?l ?l1) (at ?a ?c))
    :effect (and (fuel-level ?a ?l1) (not (fuel-level ?a ?l)))))
