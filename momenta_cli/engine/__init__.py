"""The pure engine: state, events, decide, apply. No I/O, no printing, no Typer or Rich."""
