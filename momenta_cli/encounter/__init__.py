"""Encounter files: reading YAML with where each value came from, includes, validation
into ``FILE:LINE:COL: field: message`` problems, and conversion to the engine's specs
(docs/encounter-format.md). The loader (PyYAML, pydantic) comes in only with the names
that need it; the cache reopens an encounter it has seen without either, and a file
never seen is found right by pydantic's kept schema without pydantic (fastcheck).

Modules:

    build       validated file models into engine specs, every derived value filled
    cache       resolved encounters kept between runs, so reopening a fight skips
                validation
    fastcheck   a file checked by pydantic's compiled schema of the models, kept
                between runs, without importing pydantic; any doubt: pydantic
    field       the battlefield of a file: its board and where each combatant starts
    file_model  pydantic models of the file format
    loader      reading files, following includes, registering names, building specs
    mapbuild    the ``map:`` block's rows into a ``Board``
    mapstart    where each combatant starts: ``at: C5`` or a ``mark:`` letter
    event_build the ``events:`` block into scheduled events, each trigger checked
    party_file  party files (R38): the allies carried from one fight into the next
    party_state the party an encounter opens with, as plain data (kept in a fight
                file's first line and an exported script's comment)
    problems    problems collected as ``FILE:LINE:COL: path: message``
    roots       where includes may come from (shared with the cache, which needs no
                YAML)
    schema      the file format's JSON Schema, generated from the models
    validators  the format's checks beyond types (names, case, SIZE) and how a validated
                file is read, shared by pydantic's models and fastcheck; no pydantic
    verdicts    ``validate``'s verdict on an unchanged file, kept between runs; the
                key and the checks both caches share
    yamlload    a safe YAML reader that remembers where every value came from

The API is the names ``__init__.pyi`` imports (mypy reads it); each loads from its
module on first use (``lazy_loader``), so importing this package costs nothing.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
