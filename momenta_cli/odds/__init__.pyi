# The door of odds: each name of its API and the module it lives in.

from .distribution import (
    Counts as Counts,
    net_distribution as net_distribution,
    success_distribution as success_distribution,
)
from .from_fight import AttackOdds as AttackOdds, attack_odds as attack_odds, target_of as target_of
from .outcomes import (
    Odds as Odds,
    OddsDice as OddsDice,
    Row as Row,
    Target as Target,
    odds as odds,
    outcome as outcome,
)
