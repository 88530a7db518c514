# The door of engine.schedule: each name of its API and the module it lives in.

from .firing import EventFired as EventFired, FireEvent as FireEvent, fire_due as fire_due
from .timing import due as due, trigger_words as trigger_words
