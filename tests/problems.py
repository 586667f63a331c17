"""Small fixed problems shared by the tests."""

DELIVERY = """(define (problem d1) (:domain uav-delivery)
  (:objects u1 - drone base hill - location p1 - package)
  (:init (drone-at u1 base) (base base) (pkg-at p1 hill)
    (= (battery u1) 12) (= (max-battery u1) 12) (= (load u1) 0) (= (capacity u1) 5)
    (= (weight p1) 2) (= (distance base hill) 4) (= (distance hill base) 4)
    (= (distance base base) 0) (= (distance hill hill) 0))
  (:goal (and (pkg-at p1 base))))"""
