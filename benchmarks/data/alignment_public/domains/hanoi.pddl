; Towers of Hanoi, written for this repository (CC0): discs and pegs are both "places" a disc
; can sit on; a disc may only go onto a larger disc or an empty peg.
(define (domain hanoi)
  (:requirements :strips :typing)
  (:types disc peg - place)
  (:predicates (on ?d - disc ?p - place)        ; disc ?d sits directly on ?p
               (clear ?p - place)               ; nothing sits on ?p
               (smaller ?d - disc ?p - place))  ; disc ?d is smaller than ?p (may go on it)

  (:action move
    :parameters (?d - disc ?from ?to - place)
    :precondition (and (on ?d ?from) (clear ?d) (clear ?to) (smaller ?d ?to))
    :effect (and (on ?d ?to) (clear ?from) (not (on ?d ?from)) (not (clear ?to)))))
