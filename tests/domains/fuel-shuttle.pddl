; A numeric domain no pack provides: a shuttle hops along links, each hop costs fuel.
; Used by the any-domain tests (an ad-hoc numeric domain routes to ENHSP).
(define (domain fuel-shuttle)
  (:requirements :typing :fluents)
  (:types site)
  (:predicates (at ?s - site) (link ?a ?b - site) (seen ?s - site))
  (:functions (fuel) (cost ?a ?b - site))

  (:action hop
    :parameters (?a ?b - site)
    :precondition (and (at ?a) (link ?a ?b) (>= (fuel) (cost ?a ?b)))
    :effect (and (at ?b) (seen ?b) (not (at ?a)) (decrease (fuel) (cost ?a ?b)))))
