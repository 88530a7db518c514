# The door of rules: each name of its API and the module it lives in.

from .catalogue import (
    PHYSICAL as PHYSICAL,
    ConditionDef as ConditionDef,
    builtin_weapons as builtin_weapons,
    conditions as conditions,
    consumables as consumables,
    damage_types as damage_types,
)
from .settings import DEFAULT_SETTINGS as DEFAULT_SETTINGS, Settings as Settings
