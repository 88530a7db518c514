"""The command language: one line of text -> one command, the same for the prompt,
one-shot ``do``, replay scripts and event lines. Each verb is a row of the verb table
(its usage, its help, its parser); completion, the reference and ``unparse`` read it.
The attack line's options are one table too (``attack_grammar``): the parser,
``unparse``, completion and ``momenta odds``'s flags are read off it.

Modules:

    attack_grammar  the attack line's options as a table: keyword, field, value, where
                    each may stand (attack, counter, for, odds); a line typed so far
    attack_verbs    attack, feint, grab, shove, intercept, forestall, read by that table
    event_lines     an encounter event's ``do:`` line read as a command (the prompt's
                    and the simulator's)
    forecast_verb   ``forecast [N]``: the fight played on from here, nothing changed
    maneuver_verbs  the other maneuvers of ch19, grab release, falls, terrain
    map_verbs       ``place``, ``map``, ``los``, ``door``
    meta            the session words (``Meta``, ``Request``): loads no verb
    parsing         the verb table, parsing a line
    prompt_only     the prompt's own commands (``seat``), for help and completion:
                    no verbs, never journalled
    reference       the command reference as Markdown, generated from the verb table
    trigger_words   the answers to a movement's triggers written on its line (R35)
    turn_verbs      turn flow, conditions and the GM's overrides
    unparsing       an attack command written back as its line (``parse(unparse(x)) ==
                    x``)

The API is the names ``__init__.pyi`` imports (mypy reads it); each loads from its
module on first use (``lazy_loader``), so importing this package costs nothing.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
