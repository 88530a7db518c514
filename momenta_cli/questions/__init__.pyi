# The door of questions: each name of its API and the module it lives in.

from .ask_line import attack_to_ask as attack_to_ask, settle_attack_line as settle_attack_line
from .move_questions import move_to_ask as move_to_ask, settle_move_line as settle_move_line
from .sequence import LEAVE as LEAVE, LEAVING as LEAVING, Table as Table
