# The door of engine.core: each name of its API and the module it lives in.

from .commands import (
    AddFighter as AddFighter,
    AddNote as AddNote,
    Adjust as Adjust,
    ChangeCondition as ChangeCondition,
    Command as Command,
    Defeat as Defeat,
    EndCombat as EndCombat,
    EndTurn as EndTurn,
    NextTurn as NextTurn,
    Remove as Remove,
    Revive as Revive,
    StartTurn as StartTurn,
    Surprise as Surprise,
)
from .deciding import decide as decide, rollover as rollover
from .events import (
    CombatEnded as CombatEnded,
    ConditionChanged as ConditionChanged,
    Event as Event,
    FighterAdded as FighterAdded,
    FighterDown as FighterDown,
    FighterRemoved as FighterRemoved,
    FighterRevived as FighterRevived,
    Note as Note,
    Reminder as Reminder,
    ResourceSet as ResourceSet,
    RoundStarted as RoundStarted,
    TurnEnded as TurnEnded,
    TurnStarted as TurnStarted,
    WoundTaken as WoundTaken,
    applied as applied,
    apply_all as apply_all,
    event_from_dict as event_from_dict,
)
from .names import (
    TYPO_ALIKE as TYPO_ALIKE,
    actor as actor,
    by_name as by_name,
    candidates as candidates,
    closest_names as closest_names,
    command_word as command_word,
    did_you_mean as did_you_mean,
    exact_fighter as exact_fighter,
    find_fighter as find_fighter,
    match_name as match_name,
    numbered as numbered,
)
from .players import (
    as_seen as as_seen,
    health_label as health_label,
    known_to_players as known_to_players,
    numbers_hidden as numbers_hidden,
    unseen as unseen,
)
from .registry import handles as handles
from .rollers import (
    OnesRoller as OnesRoller,
    PresetRoller as PresetRoller,
    RecordingRoller as RecordingRoller,
    Roller as Roller,
    SeededRoller as SeededRoller,
)
from .rolls import (
    KEEP_LOWEST as KEEP_LOWEST,
    ZERO_POOL_DICE as ZERO_POOL_DICE,
    Pool as Pool,
    Roll as Roll,
    StackCheck as StackCheck,
    Typed as Typed,
    dice_text as dice_text,
    grunt_text as grunt_text,
    pool_text as pool_text,
    read_roll as read_roll,
    roll_pool as roll_pool,
    roll_text as roll_text,
)
from .session import Entry as Entry, Session as Session
from .specs import (
    ATTRIBUTES as ATTRIBUTES,
    BASE_ATTRIBUTES as BASE_ATTRIBUTES,
    ENEMY_TURNS as ENEMY_TURNS,
    ENEMY_WOUNDS as ENEMY_WOUNDS,
    FLAG_TAGS as FLAG_TAGS,
    MAX_SIZE as MAX_SIZE,
    SIDES as SIDES,
    SIZE_HELP as SIZE_HELP,
    STANDARD_LOCATIONS as STANDARD_LOCATIONS,
    THREAT_CLASSES as THREAT_CLASSES,
    CombatantSpec as CombatantSpec,
    DamageTable as DamageTable,
    DefenseSpec as DefenseSpec,
    EncounterSpec as EncounterSpec,
    LocationSpec as LocationSpec,
    WeaponSpec as WeaponSpec,
    Weight as Weight,
    ally_locations as ally_locations,
    enemy_vitality_strain as enemy_vitality_strain,
    parse_size as parse_size,
    size_rank as size_rank,
)
from .state import Cond as Cond, Fight as Fight, Fighter as Fighter, other_side as other_side
