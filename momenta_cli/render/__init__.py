"""Drawing: the log (one plain line an event), the status table and headlines, the map,
previews, odds, the simulator's report and the JSON documents. Designed for 80 columns;
names are shown literally, never as markup.

Modules:

    help_view        ``help``: the verbs on one screen, all of them by group, or one
                     in full
    line_cut         lines cut with a hanging indent as plain strings (no Rich Text)
    log_attack       log lines for attacks and reactive defenses
    log_export       exporting the log: text, Markdown recap, JSON
    log_harm         damage and Strain that fill Wound or Burden slots, in order
    log_lines        each event as one plain-text line; the kinds' formatters register
                     here
    log_maneuver     log lines for maneuvers, movement, grabs and the map's events
    log_recap        what a recap keeps of each round
    log_script       a fight as a replay script with every die written
    map_overlay      what ``map NAME`` lays over the map: reach and sight
    map_sight        ``los``: sight, cover and distance as lines and as JSON; a look
                     from another square (``from C5``) on a copy
    map_view         the battlefield drawn with Rich
    map_walk         ``path``: a route and its cost as lines and as JSON
    odds_view        the odds: pool breakdown, table, bars, JSON
    outcome_view     what a line did, drawn alike for the prompt, ``do`` and replay
    preview_view     a preview (``?``): cost, pools, reactions, damage tiers
    show             tables for ``momenta show`` and ``momenta rules``
    simulate_report  the reports of ``momenta simulate``: a run, a forecast, a tune
    state_json       the fight as one JSON document (docs/json.md)
    status_layout    the status view laid out without Rich: columns, rows, the
                     headline's words; as plain lines for a pipe
    status_table     the status table: combatants by side, resources, turns, conditions
    status_view      the headline, the table and the GM's reminders
    turnline         whose turn it is: the prompt, the toolbar, the headline
    wrap             text shown literally (``lit``), lines wrapped with a hanging indent

The API is the names ``__init__.pyi`` imports (mypy reads it); each loads from its
module on first use (``lazy_loader``), so importing this package costs nothing.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
