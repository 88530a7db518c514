# The door of engine.attack: each name of its API and the module it lives in.

from .area_attack import aimed as aimed
from .area_shape import SHAPES as SHAPES, Area as Area
from .attack_events import AttackDamage as AttackDamage, AttackRolled as AttackRolled
from .attack_names import MOVEMENT_REACTIONS as MOVEMENT_REACTIONS, UNARMED as UNARMED
from .decision_points import BRACE as BRACE, reaction_ask as reaction_ask
from .defense import (
    DefenseUsed as DefenseUsed,
    check_brace as check_brace,
    check_reactive_weapon as check_reactive_weapon,
    declare_defense as declare_defense,
    deflect as deflect,
    dodge as dodge,
    open_reactions as open_reactions,
    pick_weapon as pick_weapon,
    scripted as scripted,
)
from .effects import MAX_EFFECT as MAX_EFFECT, GrabTaken as GrabTaken
from .map_attack import cover_reason as cover_reason, needs_sight as needs_sight
from .parts import (
    COUNTER_STEP as COUNTER_STEP,
    PartPath as PartPath,
    part_at as part_at,
    replace_part as replace_part,
    target_path as target_path,
)
from .plan import (
    Attack as Attack,
    Plan as Plan,
    mode_for as mode_for,
    plan_attack as plan_attack,
    weapon_for as weapon_for,
)
from .pools import attack_pool as attack_pool, solid_applies as solid_applies
from .resolution import (
    Prepared as Prepared,
    attack_cost as attack_cost,
    check_reactions as check_reactions,
    prepare as prepare,
    resolve as resolve,
    rolls_once as rolls_once,
)
