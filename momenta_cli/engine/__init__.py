"""The pure engine: state, events, decide, apply. No I/O, no printing, no Typer or Rich.

Modules:

    actions/      TODO door.
    attack/       TODO door.
    battlefield/  TODO door.
    core/         TODO door.
    geometry/     The battlefield's geometry (ch19 movement, ch20 sight and cover,
                  R31-R36):
    gm/           TODO door.
    harm/         TODO door.
    movement/     TODO door.
    turns/        TODO door.
"""
