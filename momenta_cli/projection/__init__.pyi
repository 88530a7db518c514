# The door of projection: each name of its API and the module it lives in.

from .document import status_document as status_document
from .fields import FIELDS as FIELDS, KINDS as KINDS, Rule as Rule, field_class as field_class
from .results import last_results as last_results
