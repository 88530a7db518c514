"""The table's questions at the prompt: an attack that leaves decisions open asks them
when the rules decide them (ch19 Reactions, ch20 Attacking, R27): the target's reaction
when targeted, the dice once every pool is known, Brace once the damage is known, a PC's
Wound d6; a movement offers the reactions it triggers (R35). A ``Table`` (cli/ask.py)
asks and tells; the answers become the complete line the journal keeps.

Modules:

    ask_line         from a typed attack line to the line and roller to run
    brace            Brace, with both outcomes, once the damage is known
    dice_faces       each roll's dice, asked in the order the engine resolves them
    move_questions   a movement on the map: the reactions its path triggers
    push_questions   a Shove's push on the map: the reactions it triggers
    reaction_offers  the target's reaction when targeted, each with cost and pool
    roll_order       the rolls an attack makes, in the order the engine resolves them
    sequence         one attack's questions one after another (``settle``)
    trial            deciding an attack without keeping it, to read pools and reactions
    trigger_answers  the engine's trigger ask worded as a question, its answer read back
    trigger_offers   one reactive attack after another for a movement's triggers
    wound_die        a PC's Wound or Burden d6, asked once the attack is decided (R10)

The API is the names ``__init__.pyi`` imports (mypy reads it); each loads from its
module on first use (``lazy_loader``), so importing this package costs nothing.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
