; Rovers with one implicit rover (Planetarium's rover-single), written for this project.
; The rover is not an object: (at_rover ?w) says where it is. Predicates are untyped (their
; parameters are plain objects; VAL's type checker wants "- object" written out); action
; parameters are typed, so a fact over objects of other types is inert (no action reads it).
; Sampling needs no store and keeps the sample; communicating deletes and re-adds (available)
; and (channel_free) in one effect, which by PDDL's add-after-delete rule leaves both true.
(define (domain rover-single)
  (:requirements :strips :typing)
  (:types waypoint camera mode objective - object)
  (:predicates (at_rover ?w - object) (at_lander ?w - object)
               (can_traverse ?a - object ?b - object) (visible ?a - object ?b - object)
               (have_rock_analysis ?w - object) (have_soil_analysis ?w - object)
               (supports ?c - object ?m - object) (available)
               (have_image ?o - object ?m - object)
               (communicated_soil_data ?w - object) (communicated_rock_data ?w - object)
               (communicated_image_data ?o - object ?m - object)
               (at_rock_sample ?w - object) (at_soil_sample ?w - object)
               (visible_from ?o - object ?w - object) (channel_free))

  (:action navigate
    :parameters (?y - waypoint ?z - waypoint)
    :precondition (and (can_traverse ?y ?z) (visible ?y ?z) (available) (at_rover ?y))
    :effect (and (not (at_rover ?y)) (at_rover ?z)))

  (:action sample_soil
    :parameters (?p - waypoint)
    :precondition (and (at_rover ?p) (at_soil_sample ?p))
    :effect (and (have_soil_analysis ?p)))

  (:action sample_rock
    :parameters (?p - waypoint)
    :precondition (and (at_rover ?p) (at_rock_sample ?p))
    :effect (and (have_rock_analysis ?p)))

  (:action take_image
    :parameters (?p - waypoint ?o - objective ?i - camera ?m - mode)
    :precondition (and (supports ?i ?m) (visible_from ?o ?p) (at_rover ?p))
    :effect (and (have_image ?o ?m)))

  (:action communicate_soil_data
    :parameters (?p - waypoint ?x - waypoint ?y - waypoint)
    :precondition (and (at_rover ?x) (at_lander ?y) (visible ?x ?y)
                       (have_soil_analysis ?p) (available) (channel_free))
    :effect (and (not (available)) (not (channel_free))
                 (communicated_soil_data ?p) (channel_free) (available)))

  (:action communicate_rock_data
    :parameters (?p - waypoint ?x - waypoint ?y - waypoint)
    :precondition (and (at_rover ?x) (at_lander ?y) (visible ?x ?y)
                       (have_rock_analysis ?p) (available) (channel_free))
    :effect (and (not (available)) (not (channel_free))
                 (communicated_rock_data ?p) (channel_free) (available)))

  (:action communicate_image_data
    :parameters (?o - objective ?m - mode ?x - waypoint ?y - waypoint)
    :precondition (and (at_rover ?x) (at_lander ?y) (visible ?x ?y)
                       (have_image ?o ?m) (available) (channel_free))
    :effect (and (not (available)) (not (channel_free))
                 (communicated_image_data ?o ?m) (channel_free) (available))))
