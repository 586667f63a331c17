; Visit-all, written for this repository (CC0): a robot walks between connected cells of a
; grid and must have visited given cells.
(define (domain visitall)
  (:requirements :strips :typing)
  (:types cell)
  (:predicates (robot-at ?c - cell)                 ; the robot stands on cell ?c
               (connected ?c1 - cell ?c2 - cell)    ; one can step from ?c1 to ?c2
               (visited ?c - cell))                 ; the robot has been on cell ?c

  (:action move
    :parameters (?from ?to - cell)
    :precondition (and (robot-at ?from) (connected ?from ?to))
    :effect (and (robot-at ?to) (not (robot-at ?from)) (visited ?to))))
