"""momenta: a command-line combat tracker for the Momenta tabletop RPG.

The packages, in layers (each imports only those below it; docs/architecture.md draws
them and traces one command through; tests/test_layering.py keeps them so):

    cli        the shell: Typer commands, the interactive prompt, tab completion
    journal    the fight file on disk: saved before shown, resumed, repaired
    questions  the table's questions at the prompt: reaction, dice, Brace, Wound d6
    render     drawing: log lines, the status table, the map, previews, odds, JSON
    play       running one line: parse, decide, the outcome; pinned dice; previews
    odds       exact odds of an attack
    simulate   many fights played through the engine by simple policies
    language   the command language: one line of text -> one command
    encounter  encounter files -> the engine's specs
    engine     the rules, pure: decide a command into events, apply them, replay
    rules      rules as data: conditions, weapons, damage types, settings
    text       what may reach a terminal; splitting a line into words
    storage    files on disk: defensive reads, durable writes, caches
    errors     the exception family, messages written for the GM

Each package's ``__init__.py`` is its door: code outside it imports only the names its
``__init__.pyi`` lists.
"""

__version__ = "0.1.0"
