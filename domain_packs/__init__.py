"""Built-in domain packs of planetarium-plugin (installed as ``planetarium_domain_packs``).

Each sub-package is a pluggy plugin registered through the ``planetarium.domain_packs`` entry
point group, exactly as a third-party pack would be.
"""
