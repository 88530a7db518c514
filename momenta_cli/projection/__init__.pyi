# The door of projection: each name of its API and the module it lives in.

from .document import status_document as status_document
