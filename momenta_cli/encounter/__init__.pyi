# The door of encounter: each name of its API and the module it lives in.

from .cache import ALLOWED as ALLOWED, load_encounter_cached as load_encounter_cached
from .loader import (
    MAX_COMBATANTS as MAX_COMBATANTS,
    load_checked as load_checked,
    load_encounter as load_encounter,
    load_encounter_text as load_encounter_text,
    validate_file as validate_file,
)
from .party_file import (
    load_party as load_party,
    party_text as party_text,
)
from .party_state import (
    KEPT_MARK as KEPT_MARK,
    opening_party as opening_party,
    party_in_script as party_in_script,
)
from .schema import schema_text as schema_text
from .verdicts import cached_verdict as cached_verdict, store_verdict as store_verdict
