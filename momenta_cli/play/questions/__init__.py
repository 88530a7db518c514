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
"""
