"""Files on disk, defensively: reading what a GM hands the tracker, durable writes that
never tear, the tracker's own folder, and the sealed entries its caches keep.

Modules:

    disk     appends that cannot tear, atomic rewrites, exclusive creation, copies
    home     where momenta keeps its own files (history, caches)
    reading  reading a file the GM names: regular files only, with size limits
    sealed   sealed cache entries: checksummed, allow-listed, tied to this build

The API is the names ``__init__.pyi`` imports (mypy reads it); each loads from its
module on first use (``lazy_loader``), so importing this package costs nothing.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
