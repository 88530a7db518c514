"""TODO: what this package is for.

Modules:

    disk        Durable file operations for fight files:
    fight_file  The fight's journal on disk:
    locations   Where fight files live:
    lock        The fight lock:
    records     Fight-file records:
    replay      Rebuilding a session from a fight file's bytes:
    snapshot    The fold cache:

The API is what ``__init__.pyi`` beside this file imports: mypy reads it, and
the names load lazily from their modules on first use (``lazy_loader``), so
importing this package costs nothing until a name is used.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
