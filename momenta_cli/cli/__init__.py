"""The thin shell: Typer commands and the interactive prompt. Parse, call the engine, draw."""
