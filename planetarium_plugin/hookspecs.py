"""The hook specification every domain pack implements (pluggy, project name ``planetarium``).

A pack is any importable object — usually a module — registered under the entry-point group
``planetarium.domain_packs``, with a ``planetarium_domain_packs`` hook implementation that
returns :class:`~planetarium_plugin.packs.DomainPack` values::

    # my_pack/__init__.py
    from planetarium_plugin import DomainPack, hookimpl

    @hookimpl
    def planetarium_domain_packs():
        return [DomainPack(name="lights", domain_pddl=DOMAIN, fully_specify=my_rules)]

    # pyproject.toml
    [project.entry-points."planetarium.domain_packs"]
    lights = "my_pack"

Built-in packs register exactly this way; the core never names a domain. Layering: this module
needs only the pack type (:mod:`.domain_pack`); the registry (:mod:`.registry`) builds on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from .domain_pack import DomainPack

PROJECT = "planetarium"
ENTRY_POINT_GROUP = "planetarium.domain_packs"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def planetarium_domain_packs() -> Sequence[DomainPack]:
    """Return the domain packs this plugin provides.

    Each :class:`~planetarium_plugin.packs.DomainPack` carries the pack's name, its domain
    PDDL and its optional capabilities: ``fully_specify`` rules (positive closure of a goal,
    or None to defer to the generic search), and — in later hooks of the same value — a
    planner and problem/text generators.
    """
