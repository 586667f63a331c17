"""What the IPC Rovers domain and its actions and predicates mean (for domain-writing tasks)."""

from planetarium_plugin.packs import DomainDescriptions

_SEND = (
    "the rover ?r at waypoint ?x sends {what} to lander ?l at waypoint ?y, which is visible "
    "from ?x; the rover must be available and the lander's channel free, and both stay so."
)

DESCRIPTIONS = DomainDescriptions(
    domain=(
        "Several rovers explore waypoints. Each rover drives along its own traversable links "
        "between waypoints that see each other, analyses soil and rock samples (each analysis "
        "fills one of its stores, which it can empty again; a sample site is used up by the "
        "first rover that samples it), photographs objectives with cameras on board (a camera "
        "must be calibrated on its calibration target first, and taking an image uncalibrates "
        "it) and sends its data to a lander it can see. Typed: rover, waypoint, store, camera, "
        "mode, lander, objective."
    ),
    types={
        "rover": "a rover",
        "waypoint": "a place on the surface",
        "store": "a sample store of a rover",
        "camera": "a camera",
        "mode": "an imaging mode",
        "lander": "a lander that receives data",
        "objective": "something to photograph",
    },
    predicates={
        "at": "rover ?x is at waypoint ?y",
        "at_lander": "lander ?x is at waypoint ?y",
        "can_traverse": "rover ?r can drive from waypoint ?x to waypoint ?y",
        "equipped_for_soil_analysis": "rover ?r can analyse soil",
        "equipped_for_rock_analysis": "rover ?r can analyse rock",
        "equipped_for_imaging": "rover ?r can take images",
        "empty": "store ?s is empty",
        "full": "store ?s is full",
        "have_rock_analysis": "rover ?r has analysed the rock of waypoint ?w",
        "have_soil_analysis": "rover ?r has analysed the soil of waypoint ?w",
        "calibrated": "camera ?c of rover ?r is calibrated",
        "supports": "camera ?c supports mode ?m",
        "available": "rover ?r is available",
        "visible": "waypoint ?p is visible from waypoint ?w",
        "have_image": "rover ?r has an image of objective ?o in mode ?m",
        "communicated_soil_data": "the soil analysis of waypoint ?w has been sent",
        "communicated_rock_data": "the rock analysis of waypoint ?w has been sent",
        "communicated_image_data": "an image of objective ?o in mode ?m has been sent",
        "at_soil_sample": "waypoint ?w has a soil sample",
        "at_rock_sample": "waypoint ?w has a rock sample",
        "visible_from": "objective ?o is visible from waypoint ?w",
        "store_of": "store ?s belongs to rover ?r",
        "calibration_target": "camera ?i is calibrated on objective ?o",
        "on_board": "camera ?i is on board rover ?r",
        "channel_free": "the channel of lander ?l is free",
    },
    actions={
        "navigate": (
            "navigate ?x ?y ?z: the available rover ?x drives from waypoint ?y, where it is, to "
            "waypoint ?z, if it can traverse from ?y to ?z and ?z is visible from ?y."
        ),
        "sample_soil": (
            "sample_soil ?x ?s ?p: rover ?x, equipped for soil analysis, at waypoint ?p with a "
            "soil sample, analyses it into its empty store ?s; the store is then full and the "
            "sample is gone from ?p."
        ),
        "sample_rock": (
            "sample_rock ?x ?s ?p: rover ?x, equipped for rock analysis, at waypoint ?p with a "
            "rock sample, analyses it into its empty store ?s; the store is then full and the "
            "sample is gone from ?p."
        ),
        "drop": "drop ?x ?y: rover ?x empties its full store ?y.",
        "calibrate": (
            "calibrate ?r ?i ?t ?w: rover ?r, equipped for imaging, at waypoint ?w from which "
            "objective ?t (the calibration target of its on-board camera ?i) is visible, "
            "calibrates ?i."
        ),
        "take_image": (
            "take_image ?r ?p ?o ?i ?m: rover ?r, equipped for imaging, at waypoint ?p from "
            "which objective ?o is visible, takes an image of ?o in mode ?m with its calibrated "
            "on-board camera ?i, which supports ?m; the camera is no longer calibrated."
        ),
        "communicate_soil_data": "communicate_soil_data ?r ?l ?p ?x ?y: "
        + _SEND.format(what="its soil analysis of waypoint ?p"),
        "communicate_rock_data": "communicate_rock_data ?r ?l ?p ?x ?y: "
        + _SEND.format(what="its rock analysis of waypoint ?p"),
        "communicate_image_data": "communicate_image_data ?r ?l ?o ?m ?x ?y: "
        + _SEND.format(what="its image of objective ?o in mode ?m"),
    },
)
