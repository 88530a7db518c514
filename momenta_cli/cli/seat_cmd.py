"""``seat NAME`` at the prompt: a player's seat on the players' screen (momenta_cli/
seating/): the link (and its QR code) that lets NAME's player answer NAME's own
decisions from a phone; ``seat NAME off`` closes it, ``seat`` alone lists the seats.
A seat needs the players' screen served to this network (``momenta serve FIGHT --lan``,
or ``run --serve --lan``): the link is that server's address with the seat's token."""

from __future__ import annotations

import sys

from momenta_cli.cli.screen import Screen
from momenta_cli.errors import MomentaError
from momenta_cli.journal import FightFile
from momenta_cli.render import lit

NO_SERVER = ("a seat needs the players' screen on this network: serve it with 'momenta "
             "serve FIGHT --lan' (or 'run --serve --lan'), then type seat NAME again")


def is_seat_line(line: str) -> bool:
    """Whether ``line`` is a ``seat`` command (the prompt's own, never journalled)."""
    words = line.replace("\ufeff", "").split()
    return bool(words) and words[0].lower() == "seat"


def seat_line(ff: FightFile, screen: Screen, line: str) -> None:
    """Run a ``seat`` line: list, open (the link and QR code), or close (``off``)."""
    from momenta_cli.engine.core import find_fighter
    from momenta_cli.seating import Exchange
    from momenta_cli.text import one_line, split

    try:
        words = split(line.replace("\ufeff", ""))[1:]
    except MomentaError as err:
        screen.error(str(err))
        return
    seats = Exchange(ff.path)
    if not words:
        names = sorted(seats.seats())
        screen.console.print(lit("seats: " + ", ".join(names) if names else
                                 "no seats (seat NAME gives one)", "dim"))
        return
    off = len(words) > 1 and words[-1].lower() == "off"
    name = " ".join(words[:-1] if off else words)
    left = [n for n in seats.seats() if n.lower() == name.lower()]
    if off and left and not any(n.lower() == name.lower() for n in ff.session.state.fighters):
        name = left[0]
        # a seat left from an earlier fight in this file's place (``run --new``): its
        # PC is not in this fight, but its link must still be closable
        try:
            seats.unseat(name)
        except OSError as err:
            screen.error(one_line(f"the seats cannot be kept beside the fight: {err}"))
            return
        screen.console.print(lit(f"{name}'s seat is closed: its link answers nothing now",
                                 "dim"))
        return
    try:
        f = find_fighter(ff.session.state, name)
        if f.side != "allies":
            raise MomentaError(f"{f.name} is not an ally: only the players' characters "
                               "have seats (the GM decides for the rest)")
    except MomentaError as err:
        screen.error(str(err))
        return
    try:
        if off:
            said = (f"{f.name}'s seat is closed: its link answers nothing now"
                    if seats.unseat(f.name) else f"{f.name} has no seat")
            screen.console.print(lit(said, "dim"))
            return
        link = seats.link(f.name)
    except OSError as err:
        screen.error(one_line(f"the seats cannot be kept beside the fight: {err}"))
        return
    if link is None:
        screen.error(NO_SERVER)
        return
    screen.console.print(lit(f"{f.name}'s seat: {link}", "bold"), soft_wrap=True)
    if sys.stdout.isatty():
        from momenta_cli.web import qr_text

        screen.console.print(qr_text(link), highlight=False, markup=False)
    screen.console.print(lit(f"(give it to {f.name}'s player alone; 'seat {f.name} off' "
                             "closes it)", "dim"))
