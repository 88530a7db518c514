"""The players' pick at the prompt (ch18 Turn Order: the players decide which of the
allies takes the next turn; the GM picks for the adversaries and the independents, R14):
the engine stops a bare ``turn`` or ``next`` at its ``pick`` point once the turn before
it has ended (its clear rolls asked first, R15); when it is the players', the table
lists who may act and waits for a number or a name. The answer is written on the line
(``turn Wren``), so a replay starts the same turn. The GM's pick is not asked: a bare
line takes the suggestion, as in scripts, ``do`` and with ``players_pick: false``.

    the players pick who acts: 1 Brannoc · 2 Tamsin · 3 Wren (suggest Brannoc); a
    number or a name, Ctrl-C cancels
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from momenta_cli.engine.core import Ask, Fight, Option, find_fighter
from momenta_cli.errors import MomentaError
from momenta_cli.text import quote_word, too_long, whole

if TYPE_CHECKING:
    from momenta_cli.questions.table_decider import TableDecider


def menu(names: list[str], suggestion: str | None) -> str:
    """The line listing the choices: ``the players pick who acts: 1 Kira · 2 Oren
    (suggest Kira); ...``. The numbers follow the order of who may act, so they do not
    move with the suggestion."""
    listed = " · ".join(f"{i} {n}" for i, n in enumerate(names, 1))
    sugg = f" (suggest {suggestion})" if suggestion else ""
    return f"the players pick who acts: {listed}{sugg}; a number or a name, Ctrl-C cancels"


def pick_from(fight: Fight, names: list[str], answer: str) -> str:
    """The combatant ``answer`` picks from ``names``: its number in the list, or its name
    as the GM types names. Raises ``MomentaError`` with the choices otherwise."""
    text = answer.strip().strip("\"'")
    listed = ", ".join(f"{i} {n}" for i, n in enumerate(names, 1))
    if text.isdigit():  # its number in the list, in the digits 0-9 (never ² or ٣)
        n = whole(text, "a pick", 99_999)
        if 1 <= n <= len(names):
            return names[n - 1]
        # a number from an earlier list: say who may be picked now
        raise MomentaError(f"no choice {n} now: pick one of {listed}")
    try:
        f = find_fighter(fight, text)
    except MomentaError:  # no such name: who may be picked, not the whole roster
        raise MomentaError(f"no one called {text[:40]!r} may act now: pick one of "
                           f"{listed}") from None
    if f.name not in names:
        raise MomentaError(f"{f.name} may not act now (pick one of: {', '.join(names)})")
    return f.name


def ask_pick(d: TableDecider, ask: Ask) -> Option | None:
    """The players' answer at a ``pick`` point; None (the suggestion) when the pick is
    the GM's."""
    if ask.gm:
        return None
    d.show(ask)  # the turn that ended first: its clear rolls (R15)
    names = [o.words for o in ask.options]
    suggested = next((o.words for o in ask.options if o.label.endswith("(suggested)")), None)
    d.table.tell(menu(names, suggested))
    while True:
        got = d.question("pick> ", [quote_word(n) for n in names])
        if not got.strip():
            continue
        why = too_long(got, "an answer")
        try:
            if why is not None:
                raise MomentaError(f"{why}; type it again")
            name = pick_from(d.fight, names, got)
        except MomentaError as err:
            d.table.wrong(str(err))
            continue
        return d.take(ask, next(o for o in ask.options if o.words == name))
