"""The thin shell: Typer commands and the interactive prompt. Parse, call the engine, draw.

Modules:

    app             The ``momenta`` Typer application:
    ask             Where the table's questions are asked (momenta_cli/questions/
                    has what is asked):
    common          Helpers shared by the CLI commands:
    completion/     TODO door.
    encounter_cmds  Commands about encounter files:
    fight_cmds      Replaying a script of fight commands against an encounter (momenta
                    replay).
    map_cmd         ``momenta map FILE``:
    odds_cmd        ``momenta odds``:
    oneshot_cmds    One-shot commands against a saved fight:
    pick            The players' pick at the prompt (ch18 Turn Order:
    prompt          The interactive prompt at the table:
    query_cmds      ``momenta los FILE FROM TARGET`` and ``momenta path FILE NAME
                    SQUARE``:
    screen          What the tracker prints after each line, at the prompt and for
                    ``do``:
    session_cmds    The interactive commands:
    simulate_cmd    ``momenta simulate``:
    trim            Output for a pipe or a file:
    view_cmds       Read-only commands on a saved fight:

The API is what ``__init__.pyi`` beside this file imports: mypy reads it, and
the names load lazily from their modules on first use (``lazy_loader``), so
importing this package costs nothing until a name is used.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
