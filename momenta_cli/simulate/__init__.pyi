# The door of simulate: each name of its API and the module it lives in.

from .batch import cores as cores, simulate as simulate
from .fight import check_playable as check_playable, play as play
from .policy_file import load as load
from .stats import interval as interval, percent as percent, summarise as summarise
