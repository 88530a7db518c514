# The door of engine.actions: each name of its API and the module it lives in.

from .economy import (
    ManeuverTaken as ManeuverTaken,
    ReactionTaken as ReactionTaken,
    check_can_maneuver as check_can_maneuver,
    check_can_react as check_can_react,
    check_may_maneuver as check_may_maneuver,
    check_stated_cost as check_stated_cost,
    enemy_maneuver_limit as enemy_maneuver_limit,
    pay_maneuver as pay_maneuver,
    pay_reaction as pay_reaction,
    scaled as scaled,
    why_no_reaction as why_no_reaction,
)
from .maneuvers import (
    CastSpell as CastSpell,
    CatchBreath as CatchBreath,
    ConsumableUsed as ConsumableUsed,
    Hide as Hide,
    HideRolled as HideRolled,
    LimitBreak as LimitBreak,
    ShakeItOff as ShakeItOff,
    SteadyYourself as SteadyYourself,
    Surge as Surge,
    Surged as Surged,
    UseConsumable as UseConsumable,
)
