(define (problem logistics-p1) (:domain logistics-typed)
  (:objects t1 - truck a1 - airplane p1 p2 - package
            home depot - location port1 port2 - airport c1 c2 - city)
  (:init (in-city home c1) (in-city depot c1) (in-city port1 c1) (in-city port2 c2)
         (at t1 home) (at a1 port1) (at p1 home) (at p2 depot))
  (:goal (and (at p1 port2) (at p2 port1))))
