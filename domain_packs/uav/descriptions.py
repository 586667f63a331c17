"""What the UAV domains and their actions, predicates and functions mean (domain-writing tasks)."""

from planetarium_plugin.packs import DomainDescriptions

_FLY = (
    "fly ?d ?from ?to: drone ?d flies from location ?from, where it is, to location ?to; it "
    "needs at least as much battery as the distance between them, and the flight uses up "
    "battery equal to that distance."
)
_RECHARGE = (
    "recharge ?d ?l: drone ?d, at a base location ?l, recharges its battery to its maximum."
)
_COMMON_PREDICATES = {
    "drone-at": "(drone-at ?d - drone ?l - location): drone ?d is at location ?l",
    "base": "(base ?l - location): location ?l is a base with a charging station",
}
_COMMON_FUNCTIONS = {
    "battery": "(battery ?d - drone): the battery charge drone ?d has left",
    "max-battery": "(max-battery ?d - drone): the battery charge of drone ?d when full",
    "distance": "(distance ?a - location ?b - location): battery needed to fly from ?a to ?b",
}

DELIVERY = DomainDescriptions(
    domain=(
        "Drones deliver packages between locations. Flying costs battery in proportion to the "
        "distance; a drone recharges to full at a base. A drone carries several packages at "
        "once as long as their total weight stays within its capacity. Numeric fluents track "
        "battery, load, capacity, weights and distances. Typed: drone, location and package."
    ),
    types={"drone": "an aerial drone", "location": "a place", "package": "a parcel"},
    predicates={
        **_COMMON_PREDICATES,
        "pkg-at": "(pkg-at ?p - package ?l - location): package ?p lies at location ?l",
        "carrying": "(carrying ?d - drone ?p - package): drone ?d carries package ?p",
    },
    functions={
        **_COMMON_FUNCTIONS,
        "load": "(load ?d - drone): the total weight drone ?d carries now",
        "capacity": "(capacity ?d - drone): the most weight drone ?d can carry",
        "weight": "(weight ?p - package): the weight of package ?p",
    },
    actions={
        "fly": _FLY,
        "pick-up": (
            "pick-up ?d ?p ?l: drone ?d at location ?l picks up package ?p lying there, if its "
            "load plus the package's weight stays within its capacity; the package is then "
            "carried (no longer at ?l) and the drone's load grows by its weight."
        ),
        "drop": (
            "drop ?d ?p ?l: drone ?d at location ?l puts down the package ?p it carries; the "
            "package lies at ?l and the drone's load shrinks by its weight."
        ),
        "recharge": _RECHARGE,
    },
)

INSPECTION = DomainDescriptions(
    domain=(
        "Drones photograph targets. A target can be photographed from the locations it is "
        "visible from; every photo costs the drone a fixed amount of battery, and flying costs "
        "battery in proportion to the distance. A drone recharges to full at a base. Typed: "
        "drone, location and target."
    ),
    types={"drone": "an aerial drone", "location": "a place", "target": "a thing to inspect"},
    predicates={
        **_COMMON_PREDICATES,
        "visible": "(visible ?t - target ?l - location): target ?t can be seen from ?l",
        "photographed": "(photographed ?t - target): a photo of target ?t has been taken",
    },
    functions={
        **_COMMON_FUNCTIONS,
        "photo-cost": "(photo-cost ?d - drone): battery one photo costs drone ?d",
    },
    actions={
        "fly": _FLY,
        "take-photo": (
            "take-photo ?d ?t ?l: drone ?d at location ?l photographs target ?t visible from "
            "there, if its battery is at least its photo cost; the photo uses up that much "
            "battery and the target counts as photographed."
        ),
        "recharge": _RECHARGE,
    },
)
