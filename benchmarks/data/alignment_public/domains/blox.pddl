; An obfuscated blocksworld written for the alignment set (CC0): the predicate and action names
; are arbitrary words; the comments and parameter names say what they mean.
(define (domain blox)
  (:requirements :strips)
  (:predicates (rel1 ?upper ?lower)   ; block ?upper is stacked on block ?lower
               (zork ?b)              ; nothing is on top of block ?b
               (flat ?b)              ; block ?b stands on the table
               (hld ?b)               ; the arm is holding block ?b
               (mt))                  ; the arm is empty
  (:action grab :parameters (?b)
    :precondition (and (zork ?b) (flat ?b) (mt))
    :effect (and (hld ?b) (not (zork ?b)) (not (flat ?b)) (not (mt))))
  (:action drop :parameters (?b)
    :precondition (hld ?b)
    :effect (and (zork ?b) (flat ?b) (mt) (not (hld ?b))))
  (:action pile :parameters (?upper ?lower)
    :precondition (and (hld ?upper) (zork ?lower))
    :effect (and (rel1 ?upper ?lower) (zork ?upper) (mt) (not (hld ?upper)) (not (zork ?lower))))
  (:action unpile :parameters (?upper ?lower)
    :precondition (and (rel1 ?upper ?lower) (zork ?upper) (mt))
    :effect (and (hld ?upper) (zork ?lower) (not (rel1 ?upper ?lower)) (not (zork ?upper))
                 (not (mt)))))
