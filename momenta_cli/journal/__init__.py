"""The fight's journal on disk (a JSON Lines file of accepted commands with their events
and dice): saved before a result is shown, resumed after a crash, damage reported and
never hidden. The format is described in ``fight_file``.

Modules:

    fight_file  a fight file: append, open, repair; the format
    locations   where fight files live, telling one from an encounter, setting one aside
    lock        the advisory lock that keeps two sessions from writing one fight
    records     one record: encoded, sealed with its checksum, read back
    replay      rebuilding a session from a file's bytes, and where damage starts
    salvage     the commands after damage, each run again with its own line and dice
    snapshot    the fold cache: a long fight's ``status`` folds only what is new

The API is the names ``__init__.pyi`` imports (mypy reads it); each loads from its
module on first use (``lazy_loader``), so importing this package costs nothing.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
