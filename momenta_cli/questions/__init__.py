"""The table's questions at the prompt: a command is decided once, and where the engine
stops at a decision point (engine/core/asking.py: the target's reaction when targeted,
an enemy's scripted defense offered to the GM, a roll's dice once its pool is known,
Brace once the damage is known, a PC's Wound or Burden d6 once the hit is shown, a PC's
roll to clear a condition at the end of its turn) the table is asked, in words, by a
``TableDecider``; a movement offers the reactions it triggers (R35). A ``Table``
(cli/ask.py) asks and tells; the answers become the complete line the journal keeps.

Modules:

    ask_line         a typed line decided with the table answering (``TableAsking``,
                     for play/runner.py ``run_line``); its complete line
    brace            Brace, with both outcomes, once the damage is known
    clear_rolls      a PC's roll to clear a condition at the end of its turn (R15)
    dice_faces       a roll's dice, once its pool is known
    phone_question   a decision point put to a seated player's phone: who may answer,
                     the question with its answers as buttons and a reaction's odds
    pick_question    the players' pick of who acts (ch18 Turn Order, R14)
    reaction_offers  the target's reaction when targeted, each with cost and pool; an
                     enemy's scripted defense offered to the GM (R7)
    table_decider    the decider that asks the table at each decision point (``ASKERS``,
                     by kind), ``Table``, ``Cancelled``
    trigger_answers  the engine's trigger ask worded as a question, its answer read back
    wound_die        a PC's Wound or Burden d6, asked once the hit is shown (R10)

The API is the names ``__init__.pyi`` imports (mypy reads it); each loads from its
module on first use (``lazy_loader``), so importing this package costs nothing.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
