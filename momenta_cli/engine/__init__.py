"""The rules engine: pure (no printing, files, YAML, Typer, Rich or web). A command is
decided against the state into events, dice inside (``decide``); events are applied
(``apply``); a fight is the fold of its journal (``Session``), so undo and resume replay
it and never roll. Code outside the engine comes in through the sub-packages' doors.
The rules data it reads (the condition catalogue, built-in weapons) comes from rules/,
which loads the files shipped in momenta_cli/data once; the engine opens no file.

The sub-packages are concepts, not layers: they call each other (an attack pushes, a
movement triggers an attack). ``geometry`` alone is pure squares and imports no other.

Modules:

    core/         state, specs, events, commands, ``decide``, the session, names, dice
    turns/        zipper initiative, starting and ending turns, end-of-turn clearing
    actions/      the action economy and the maneuvers that are neither attack nor
                  movement
    attack/       declaring, pooling, rolling and resolving attacks, reactions, areas
    harm/         damage, Wounds and Burdens, conditions
    movement/     Move and Shift, walking the map, forced movement, grabs, triggers
    battlefield/  where combatants stand, doors, what one sees of another
    gm/           the GM's direct commands: overrides, reinforcements, made-up
                  combatants
    schedule/     the encounter's scheduled events: when each is due, and firing one
    geometry/     the board's squares: distance, paths, exact sight and cover, areas
"""
