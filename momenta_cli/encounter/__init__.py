"""Encounter files: loading, includes, validation with FILE:LINE:COL, conversion to specs.

The public API: ``load_encounter``, ``load_encounter_text`` and ``validate_file``, and
``cache.load_encounter_cached`` for a fight that reopens its encounter. See
docs/encounter-format.md for the format. (Reinforcements from stat blocks: the engine's
``gm.add_fighter`` and ``setup.respec``.)

The loader (pydantic, PyYAML) is imported by the functions that need it, not here: the
cache reads an encounter it has seen before without either.

Modules:

    build       Turning validated file models into engine specs, filling every derived
                value.
    cache       A cache of resolved encounters, so that reopening a fight does not
                validate it again.
    field       Where the battle is fought:
    file_model  Pydantic models of the encounter file format (docs/encounter-format.md).
    loader      Loading an encounter:
    mapbuild    The encounter's ``map:`` block:
    mapstart    Where each combatant of an encounter with a ``map:`` block starts:
    problems    Collecting problems as ``FILE:LINE:COL:
    roots       Where an encounter's includes may come from, and whether one may be
                read.
    schema      JSON Schema of the file format, generated from the pydantic models.
    yamlload    A safe YAML reader that remembers where every value came from.

The API is what ``__init__.pyi`` beside this file imports: mypy reads it, and
the names load lazily from their modules on first use (``lazy_loader``), so
importing this package costs nothing until a name is used.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
