; Logistics, written for this repository (CC0): packages travel by truck inside a city and by
; airplane between the airports of different cities.
(define (domain logistics)
  (:requirements :strips :typing)
  (:types truck airplane - vehicle
          package vehicle - physobj
          airport - location
          location city physobj)
  (:predicates (in-city ?l - location ?c - city)   ; location ?l lies in city ?c
               (at ?o - physobj ?l - location)     ; package or vehicle ?o is at ?l
               (in ?p - package ?v - vehicle))     ; package ?p is inside vehicle ?v

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
