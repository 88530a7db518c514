"""What a line did, drawn once for every place a line is run: the prompt, ``do`` and
``replay`` all call ``draw_outcome``, so the same outcome (play/runner.py ``Outcome``)
reads the same words wherever it happened. The few real differences between them are
an ``OutcomeStyle``; what only a caller knows (whether the turn moved on, when to draw
the status table) stays with the caller (cli/screen.py, cli/replay_cmd.py).

What each outcome draws:

- an accepted command: its log lines;
- ``undo``: ``undo: took back 'LINE'`` and the lines it took back, ``(undone)``;
  ``redo``: ``redo: put back 'LINE'`` and the lines it put back;
- a line ending in ``?``: the preview (render/preview_view.py);
- ``odds``, ``map``, ``path``, ``los``, ``help``, ``forecast``: what they show; a ``path`` with no
  route, a ``los`` with no answer, a ``map NAME`` naming nobody: one ``! REASON`` line,
  as every refusal at the prompt;
- ``status``: the table, which the caller draws (``OutcomeView.table``); ``quit`` and a
  blank or comment line: nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.console import RenderableType

from momenta_cli.engine.core import Fight, as_seen
from momenta_cli.errors import MomentaError
from momenta_cli.language import Request
from momenta_cli.render.log_harm import Ledger
from momenta_cli.render.log_lines import event_lines
from momenta_cli.render.wrap import hanging, keep_names, lit

if TYPE_CHECKING:
    from momenta_cli.play import Outcome


@dataclass(frozen=True)
class OutcomeStyle:
    """The real differences between the places a line is run.

    ``echo``: a replay is a transcript: each line that draws something is shown first,
    dim, as ``> LINE`` (at the prompt and in ``do`` the GM has just typed it). The lines
    whose drawing opens by naming them are not echoed: a preview (``? LINE``), ``undo``
    and ``redo`` (``undo: took back 'LINE'``).

    ``players``: the players' view: a preview, ``map``, ``path`` and ``los`` are of the
    fight as the players know it (no Hidden enemy, R20: engine/core/players.py)."""

    echo: bool = False
    players: bool = False


@dataclass(frozen=True)
class OutcomeView:
    """What to print for one outcome, in one print (Rich's cost is per print), and
    whether the line asked for the status table (``status``): the caller draws it, now
    (the prompt, replay) or once at the end (``do``, cli/screen.py ``deferred``)."""

    shown: tuple[RenderableType, ...] = ()
    table: bool = False


def refusal(message: str) -> list[RenderableType]:
    """A refusal, as every one reads at the prompt: ``! REASON``, bold red, wrapped
    under itself."""
    return list(hanging([lit(f"! {message}", "bold red")]))


def draw_outcome(out: Outcome, fight: Fight, width: int,
                 style: OutcomeStyle = OutcomeStyle()) -> OutcomeView:
    """What ``out`` draws (see the module's docstring); ``fight`` is the state after the
    line (the one before an undone line), ``width`` the console's, for the map. Then the
    scheduled events the line set off (``Outcome.fired``), each as an accepted line, and
    any that could not fire, as a refusal."""
    view = _draw_one(out, fight, width, style)
    if not (out.fired or out.refused or out.matched or out.taken_back):
        return view
    keep = keep_names(fight)
    more: list[RenderableType] = []
    if out.taken_back:
        more += hanging([lit(f"  (in place of the automatic '{e.script_line}')", "dim")
                         for e in out.taken_back], keep)
    if out.matched is not None:
        more += hanging([lit(f"{out.matched.script_line}: fired already, by its trigger "
                             f"({out.matched.fired_by}); nothing more to do", "dim")], keep)
    for fired in out.fired:
        assert fired.entry is not None
        ledger = Ledger.of(fight, fired.entry.events)
        more += hanging([lit(f"  {t}", "cyan") if i == 0 else lit(f"  {t}")
                         for i, t in enumerate(event_lines(fired.entry.events, ledger))],
                        keep)
    for why in out.refused:
        more += refusal(why)
    return OutcomeView((*view.shown, *more), view.table)


def _draw_one(out: Outcome, fight: Fight, width: int, style: OutcomeStyle) -> OutcomeView:
    keep = keep_names(fight)
    echo = [lit(f"> {out.line.replace(chr(0xFEFF), '').strip()}", "dim")] \
        if style.echo else []
    if out.preview is not None:  # "... ?": nothing changed, no die of the fight used
        from momenta_cli.render.preview_view import preview_keep, preview_lines

        # decided on the fight as the players know it in their view (runner.run_line)
        seen = as_seen(fight, style.players)
        return OutcomeView(tuple(hanging(preview_lines(out.preview, seen),
                                         preview_keep(out.preview, keep))))
    if out.entry is not None:
        ledger = Ledger.of(fight, out.entry.events)  # fight: the state after them
        texts = [lit("  " + t) for t in event_lines(out.entry.events, ledger)]
        return OutcomeView(tuple(hanging([*echo, *texts], keep)))
    if out.undone is not None:
        ledger = Ledger.of(fight)  # fight: the state before the undone line
        return OutcomeView(tuple(hanging(
            [lit(f"undo: took back '{out.undone.script_line}'", "yellow"),
             *(lit(f"  (undone) {t}", "dim") for t in event_lines(out.undone.events, ledger))],
            keep)))
    if out.redone is not None:
        ledger = Ledger.of(fight, out.redone.events)
        return OutcomeView(tuple(hanging(
            [lit(f"redo: put back '{out.redone.script_line}'", "yellow"),
             *(lit(f"  {t}") for t in event_lines(out.redone.events, ledger))], keep)))
    if out.meta is None or out.meta.what == Request.QUIT:
        return OutcomeView()  # a blank or comment line; quit: the caller leaves
    head: list[RenderableType] = list(hanging(echo, keep))
    if out.meta.what == Request.STATUS:
        return OutcomeView(tuple(head), table=True)
    return OutcomeView((*head, *_request(out, fight, width, style, keep)))


def _request(out: Outcome, fight: Fight, width: int, style: OutcomeStyle,
             keep: tuple[str, ...]) -> list[RenderableType]:
    """What a session request that changes nothing shows: help, odds, map, path, los."""
    meta = out.meta
    assert meta is not None
    what = meta.what
    if what == Request.HELP:
        from momenta_cli.render.help_view import groups, help_brief, help_lines, help_table

        if meta.arg is None:
            return [help_brief(width)]
        if meta.arg == "all":
            return [help_table()]
        try:
            texts = [lit(t) for t in help_lines(meta.arg)]
        except MomentaError as err:
            return refusal(str(err))
        whole = {g for t in texts for g in groups(t.plain)} | set(keep)
        return list(hanging(texts, tuple(sorted(whole, key=len, reverse=True))))
    if what == Request.FORECAST and out.forecast is not None:
        from momenta_cli.render.simulate_report import forecast_report

        return [forecast_report(out.forecast)]
    if what == Request.ODDS and out.odds is not None:
        from momenta_cli.render.odds_view import draw_odds

        return [draw_odds(out.odds.odds, out.odds)]
    if what == Request.MAP:
        # the players' view: of the fight as they know it, so that a Hidden enemy's name
        # is refused as one nobody has (R20, engine/core/players.py)
        from momenta_cli.engine.core import find_fighter
        from momenta_cli.engine.geometry import square_name
        from momenta_cli.render.map_sight import as_if
        from momenta_cli.render.map_view import map_meta

        seen = as_seen(fight, style.players)
        try:
            shown = as_if(seen, meta)  # `map NAME from C5`: as if NAME stood there
        except MomentaError as err:
            return refusal(str(err))
        drawn = map_meta(shown, meta.arg, width=width, players=style.players)
        if shown is seen or meta.arg is None:
            return [drawn]
        who = shown.get(find_fighter(shown, meta.arg).name)
        return [lit(f"as if {who.name} stood at {square_name(who.position)} (nothing "
                    "moved)", "dim"), drawn] if who.position is not None else [drawn]
    if what in (Request.PATH, Request.LOS):
        from momenta_cli.render.map_sight import los_lines
        from momenta_cli.render.map_walk import path_lines

        told = path_lines if what == Request.PATH else los_lines
        try:
            said = [lit(t) for t in told(fight, meta, players=style.players)]
        except MomentaError as err:  # no route, no map, nobody of that name: said, no harm
            return refusal(str(err))
        return list(hanging(said, keep))
    return []
