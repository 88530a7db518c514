"""The table's questions about an attack (issue 12): at the prompt, an attack that leaves
decisions open asks them at the moments the rules decide them (ch19 Reactions, ch20
Attacking, R27): the target's reaction when it is targeted, the dice once every pool is
known, Brace once the damage is known. Everything here reads the state and the engine
and needs no terminal: a ``Table`` (cli/ask.py: a prompt_toolkit prompt, or plain lines
read from a pipe) asks and tells; the answers become fields of the ``Attack`` itself, so
the journal keeps one complete line (language/unparsing.py).

``parts``: the parts of an attack (its Counterattacks, further Area targets) and the
rolls they land, in resolution order. ``trial``: deciding the attack without keeping it.
``reactions``, ``dice``, ``brace``: each question's offers, wording and answers.
``flow``: the questions one after another (``settle``). ``ask_line``: from the typed
line to the line and roller to run (what the prompt calls).

Modules:

    ask_line         From a typed line to the line to run:
    brace            Brace, asked when the damage is known (ch19 Brace:
    dice_faces       The dice, asked once every pool is known (ch20 step 1, R1, R2):
    move_questions   The table's questions about a movement on the map (R35):
    push_questions   The table's questions about a Shove's push on the map (ch19 Shove,
                     Movement; R35):
    reaction_offers  The target's reaction, asked the moment it is targeted (ch19
                     Reactions, R27):
    roll_order       The parts of one attack command and the rolls they land, in the
                     order the engine resolves them (engine/attack/resolution.py
                     ``_resolve``):
    sequence         The questions of one attack, one after another (``settle``):
    trial            Deciding an attack without keeping it (engine/core/deciding.py
                     never changes the state it is given):
    trigger_offers   One reactive attack after another, offered at the prompt for a
                     movement's triggers (R35):
    wound_die        The PC Wound table's d6, asked once the attack is decided (R10):

The API is what ``__init__.pyi`` beside this file imports: mypy reads it, and
the names load lazily from their modules on first use (``lazy_loader``), so
importing this package costs nothing until a name is used.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
