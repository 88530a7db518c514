# The door of engine.harm: each name of its API and the module it lives in.

from .condition_lookup import (
    TABLE_CAP as TABLE_CAP,
    condition_catalogue as condition_catalogue,
    condition_def as condition_def,
    reminders as reminders,
)
from .conditions import (
    OPERAND as OPERAND,
    ConditionMadeUp as ConditionMadeUp,
    capped as capped,
    effective_sen as effective_sen,
    gain_condition as gain_condition,
    lose_condition as lose_condition,
    reminder_events as reminder_events,
    resolve_condition as resolve_condition,
)
from .damage import (
    Meets as Meets,
    add_strain as add_strain,
    burdens_from as burdens_from,
    deal_harm as deal_harm,
    goes_down as goes_down,
    meets as meets,
    reaching as reaching,
    resist_weak as resist_weak,
    soak as soak,
    wounds_from as wounds_from,
)
