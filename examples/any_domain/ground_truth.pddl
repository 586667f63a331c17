; Ground truth for the one-way-roads courier domain (tests/domains/oneway-courier.pddl),
; a domain no pack provides: the parcel must end up at c.
(define (problem courier-p1) (:domain oneway-courier)
  (:objects a b c f1 f2 x)
  (:init (place a) (place b) (place c) (cell f1) (cell f2) (parcel x)
         (road a b) (road b c) (road c a)
         (at a) (charged f1) (charged f2) (parcel-at x a))
  (:goal (and (parcel-at x c))))
