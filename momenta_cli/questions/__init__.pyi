# The door of questions: each name of its API and the module it lives in.

from .ask_line import TableAsking as TableAsking
from .pick_question import menu as menu, pick_from as pick_from
from .table_decider import (
    ASKERS as ASKERS,
    LEAVE as LEAVE,
    LEAVING as LEAVING,
    Cancelled as Cancelled,
    Table as Table,
    TableDecider as TableDecider,
)
