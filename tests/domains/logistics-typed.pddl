; Typed logistics (no pack provides it): trucks drive between locations of one city,
; airplanes fly between airports; packages are loaded into and unloaded from vehicles.
; Used by the any-domain tests and the generic fullySpecify property tests.
(define (domain logistics-typed)
  (:requirements :strips :typing)
  (:types truck airplane - vehicle
          package vehicle - physobj
          airport - location
          location city physobj)
  (:predicates (in-city ?l - location ?c - city)
               (at ?o - physobj ?l - location)
               (in ?p - package ?v - vehicle))

  (:action load
    :parameters (?p - package ?v - vehicle ?l - location)
    :precondition (and (at ?v ?l) (at ?p ?l))
    :effect (and (in ?p ?v) (not (at ?p ?l))))

  (:action unload
    :parameters (?p - package ?v - vehicle ?l - location)
    :precondition (and (at ?v ?l) (in ?p ?v))
    :effect (and (at ?p ?l) (not (in ?p ?v))))

  (:action drive
    :parameters (?t - truck ?from ?to - location ?c - city)
    :precondition (and (at ?t ?from) (in-city ?from ?c) (in-city ?to ?c))
    :effect (and (at ?t ?to) (not (at ?t ?from))))

  (:action fly
    :parameters (?a - airplane ?from ?to - airport)
    :precondition (at ?a ?from)
    :effect (and (at ?a ?to) (not (at ?a ?from)))))
