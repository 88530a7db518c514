# The door of questions: each name of its API and the module it lives in.

from .ask_line import TableAsking as TableAsking
from .move_questions import move_to_ask as move_to_ask, settle_move_line as settle_move_line
from .table_decider import (
    ASKERS as ASKERS,
    LEAVE as LEAVE,
    LEAVING as LEAVING,
    Cancelled as Cancelled,
    Table as Table,
    TableDecider as TableDecider,
)
