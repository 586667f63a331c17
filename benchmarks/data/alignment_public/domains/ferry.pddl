; Ferry, written for this repository (CC0): one ferry carries one car at a time between
; locations.
(define (domain ferry)
  (:requirements :strips :typing)
  (:types car location)
  (:predicates (at-ferry ?l - location)      ; the ferry is docked at ?l
               (at ?c - car ?l - location)    ; car ?c is parked at ?l
               (on ?c - car)                  ; car ?c is on board the ferry
               (empty-ferry))                 ; no car is on board

  (:action sail
    :parameters (?from ?to - location)
    :precondition (at-ferry ?from)
    :effect (and (at-ferry ?to) (not (at-ferry ?from))))

  (:action board
    :parameters (?c - car ?l - location)
    :precondition (and (at ?c ?l) (at-ferry ?l) (empty-ferry))
    :effect (and (on ?c) (not (at ?c ?l)) (not (empty-ferry))))

  (:action debark
    :parameters (?c - car ?l - location)
    :precondition (and (on ?c) (at-ferry ?l))
    :effect (and (at ?c ?l) (empty-ferry) (not (on ?c)))))
