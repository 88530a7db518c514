"""The shell: Typer commands and the interactive prompt. Each command parses its
arguments, calls the layers below and draws; none holds a rule. ``app`` registers only the
module of the command being run, so a command imports only what it uses.

Modules:

    app             the ``momenta`` application: global options, which module registers
                    which command
    ask             where the table's questions are asked: a prompt of their own, or
                    lines from a pipe
    common          consoles, reading a fight or an encounter, errors as one line
    completion/     tab completion that knows the command language
    encounter_cmds  ``validate``, ``show``, ``schema``, ``rules``
    event_confirm   the prompt's question before an ``ask: true`` scheduled event fires
    repair_cmd      ``repair``: a damaged fight file rewritten with every later
                    command that still applies, at the GM's word
    replay_cmd      ``replay``: a script of commands against an encounter
    map_cmd         ``map``: the battlefield of an encounter or a saved fight
    odds_cmd        ``odds``: exact odds of an attack, from numbers or from a fight
    oneshot_cmds    ``do``, ``undo``, ``redo`` against a saved fight, all or nothing
    party_cmd       ``party save`` and ``party show``: the party carried into the
                    next fight (R38)
    pick            the players' pick of who acts, at the prompt (ch18 Turn Order)
    prompt          the interactive prompt: line editing, history, toolbar, questions
    query_cmds      ``los`` and ``path``: the map's questions from the shell
    seat_cmd        ``seat NAME`` at the prompt: a player's seat on the players'
                    screen, its link and QR code; ``seat NAME off`` closes it
    screen          what is printed after each line: log lines, headlines, the status
                    table
    serve_cmd       ``serve``: the players' screen, a live page of a fight (web/)
    session_cmds    ``run`` and ``resume``: a fight at the prompt, saved as it goes
                    (``run --serve``: the players' screen beside it)
    simulate_cmd    ``simulate``: many fights, and how they tend to go
    trim            output for a pipe or a file: no spaces at the ends of lines
    view_cmds       ``status`` and ``log``: read-only views of a saved fight

The API is the names ``__init__.pyi`` imports (mypy reads it); each loads from its
module on first use (``lazy_loader``), so importing this package costs nothing.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
