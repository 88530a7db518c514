# The door of journal: each name of its API and the module it lives in.

from .fight_file import FightExists as FightExists, FightFile as FightFile, NotSaved as NotSaved
from .locations import (
    SUFFIX as SUFFIX,
    default_fight_path as default_fight_path,
    looks_like_fight as looks_like_fight,
    most_recent as most_recent,
    set_aside as set_aside,
)
from .lock import locked as locked
from .records import outcome_record as outcome_record, outcome_records as outcome_records
from .replay import EncounterChanged as EncounterChanged
