"""What rover-single and each of its actions and predicates mean (for domain-writing tasks)."""

from planetarium_plugin.packs import DomainDescriptions

DESCRIPTIONS = DomainDescriptions(
    domain=(
        "A single rover explores waypoints. The rover is not an object: (at_rover ?w) says "
        "where it is. It navigates between waypoints, samples soil and rock where samples "
        "exist (the samples stay), takes images of objectives with cameras, and communicates "
        "its data to a lander. Communicating needs the rover available and the channel free, "
        "and leaves both as they were. Action parameters are typed (waypoint, camera, mode, "
        "objective); the predicates take plain objects (declare their parameters "
        "'- object')."
    ),
    types={
        "waypoint": "a place on the surface",
        "camera": "a camera on the rover",
        "mode": "an imaging mode",
        "objective": "something to photograph",
    },
    predicates={
        "at_rover": "the rover is at waypoint ?w",
        "at_lander": "the lander is at waypoint ?w",
        "can_traverse": "the rover can drive from waypoint ?a to waypoint ?b",
        "visible": "waypoint ?b is visible from waypoint ?a",
        "have_rock_analysis": "the rover has analysed the rock of waypoint ?w",
        "have_soil_analysis": "the rover has analysed the soil of waypoint ?w",
        "supports": "camera ?c supports mode ?m",
        "available": "the rover is available",
        "have_image": "the rover has an image of objective ?o in mode ?m",
        "communicated_soil_data": "the soil analysis of waypoint ?w has been sent",
        "communicated_rock_data": "the rock analysis of waypoint ?w has been sent",
        "communicated_image_data": "an image of objective ?o in mode ?m has been sent",
        "at_rock_sample": "waypoint ?w has a rock sample",
        "at_soil_sample": "waypoint ?w has a soil sample",
        "visible_from": "objective ?o is visible from waypoint ?w",
        "channel_free": "the communication channel is free",
    },
    actions={
        "navigate": (
            "navigate ?y ?z: the available rover drives from waypoint ?y, where it is, to "
            "waypoint ?z, if it can traverse from ?y to ?z and ?z is visible from ?y."
        ),
        "sample_soil": (
            "sample_soil ?p: at waypoint ?p, which has a soil sample, the rover analyses its soil."
        ),
        "sample_rock": (
            "sample_rock ?p: at waypoint ?p, which has a rock sample, the rover analyses its rock."
        ),
        "take_image": (
            "take_image ?p ?o ?i ?m: at waypoint ?p, from which objective ?o is visible, the "
            "rover takes an image of ?o in mode ?m with camera ?i, which supports ?m."
        ),
        "communicate_soil_data": (
            "communicate_soil_data ?p ?x ?y: the rover at waypoint ?x sends its soil analysis "
            "of waypoint ?p to the lander at waypoint ?y, which is visible from ?x."
        ),
        "communicate_rock_data": (
            "communicate_rock_data ?p ?x ?y: the rover at waypoint ?x sends its rock analysis "
            "of waypoint ?p to the lander at waypoint ?y, which is visible from ?x."
        ),
        "communicate_image_data": (
            "communicate_image_data ?o ?m ?x ?y: the rover at waypoint ?x sends its image of "
            "objective ?o in mode ?m to the lander at waypoint ?y, which is visible from ?x."
        ),
    },
)
