"""A fight as a replay script (``momenta log FIGHT --format script``): comment lines
saying which encounter and when (and the party file it began from, R38), then each
command of the journal as it stands (undone ones left out) as its complete command,
every die written (``Entry.script_line``), so ``momenta replay ENCOUNTER SCRIPT`` plays
the same fight under any seed."""

from __future__ import annotations

import json
import shlex

from momenta_cli.engine.core import Entry, Session
from momenta_cli.text import LINE_MAX, clip, one_line

NOTE_MAX = 300  # characters of a warning kept as a comment of the script


def as_script(session: Session, *, encounter: str, fight: str, begun: str | None,
              exported: str, script: str = "SCRIPT", notes: tuple[str, ...] = (),
              entries: list[Entry] | None = None) -> str:
    """The script text; ``encounter`` and ``script`` go into the replay command it
    shows (quoted for the shell where they need it, so it can be copied), ``notes`` are
    said as comments after the header (warnings). ``entries``: the session's, as
    play/pinned.py ``for_script`` gives them back (default: as they are)."""
    entries = session.entries if entries is None else entries
    n = len(entries)
    undone = len(session.undone)
    left = (f" ({undone} undone command{'s' if undone != 1 else ''} left out)"
            if undone else "")
    head = [f"# {session.encounter.name}: the fight saved in {fight}",
            f"# begun {begun or 'at an unknown time'}, exported {exported}",
            f"# {n} command{'s' if n != 1 else ''} as the journal stands{left}; every die",
            "# is written on its line (dice ...), so any seed replays it:",
            f"#   momenta replay {shlex.quote(encounter)} {shlex.quote(script)}",
            *_party_head(session),
            # cut short: a note may quote a whole recorded line, and the script's own
            # lines must stay within the line limit a replay reads (text.LINE_MAX)
            *(f"# {clip(note, NOTE_MAX)}" for note in notes)]
    # A scheduled event the tracker fired says so above its line; replayed, the line
    # before it sets it off again and this line stands for that firing (play/scheduled.py)
    body = [x for e in entries for x in (
        ([f"# fired by its trigger: {e.fired_by}"] if e.fired_by else []) + [e.script_line])]
    # one_line: a name or a recorded line can never break a script line in two
    return "\n".join(one_line(x) for x in [*head, *body]) + "\n"


def _party_head(session: Session) -> list[str]:
    """What a script of a fight begun from a party file (R38) says of it: the replay
    reads the file as it is now (the script holds no party of its own), and warns when
    that differs from the party kept on the last line here."""
    from momenta_cli.encounter import KEPT_MARK, opening_party

    kept = opening_party(session.encounter)
    if kept is None:
        return []
    line = KEPT_MARK + json.dumps(kept, ensure_ascii=False, separators=(",", ":"))
    return [f"# This fight began from the party file {session.encounter.party}. A replay",
            "# reads that file as it is now, not as it was: after a party save or an",
            "# edit the allies start otherwise (momenta replay warns when they do).",
            # a party too big for one script line is not kept (no warning then)
            *([line] if len(line) <= LINE_MAX else [])]
