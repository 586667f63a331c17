"""Which toolkit an object comes from, told by its class's module and name (nothing imported).

unified-planning and ``pddl`` stay optional: an object is recognised without importing either
library, and a library is imported only to convert an object of it (or to build one).

>>> class Problem:  # a class of another library that happens to share the name
...     pass
>>> toolkit_kind(Problem()) is None
True
"""

from __future__ import annotations

import importlib
from typing import Literal

from ..errors import PlanetariumError, Reason

__all__ = ["ToolkitKind", "require", "toolkit_kind"]

#: ``up-problem``: a ``unified_planning.model.Problem``; ``pddl-problem`` / ``pddl-domain``:
#: ``pddl.core.Problem`` / ``pddl.core.Domain``.
ToolkitKind = Literal["up-problem", "pddl-problem", "pddl-domain"]

_KINDS: dict[tuple[str, str], ToolkitKind] = {
    ("unified_planning.model.problem", "Problem"): "up-problem",
    ("pddl.core", "Problem"): "pddl-problem",
    ("pddl.core", "Domain"): "pddl-domain",
}

#: The extra that installs each library.
_EXTRAS = {"unified_planning": "up", "pddl": "pddl"}


def toolkit_kind(obj: object) -> ToolkitKind | None:
    """The toolkit object ``obj`` is (its class or a base class), or None for anything else."""
    for cls in type(obj).__mro__:
        kind = _KINDS.get((cls.__module__, cls.__qualname__))
        if kind is not None:
            return kind
    return None


def foreign_library(obj: object) -> str | None:
    """The top-level package of a toolkit object we do not convert (e.g. a UP plan), if any."""
    top = type(obj).__module__.partition(".")[0]
    return top if top in _EXTRAS else None


def require(library: str, making: str | None = None):
    """Import ``library`` (``unified_planning`` or ``pddl``), or raise a clear error naming the
    extra that installs it; ``making`` names the function that builds one of its objects (else
    an object of it was given to us)."""
    try:
        return importlib.import_module(library)
    except ImportError:
        extra = _EXTRAS.get(library, library)
        what = (
            f"{making} builds {library!r} objects"
            if making
            else f"an object of the {library!r} library was given"
        )
        raise PlanetariumError(
            Reason.UNSUPPORTED,
            f"{what} but {library!r} is not installed: pip install 'planetarium-plugin[{extra}]'",
        ) from None
