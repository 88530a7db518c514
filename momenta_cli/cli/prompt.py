"""The interactive prompt at the table: prompt_toolkit line editing with history kept
across sessions and tab completion (verbs from the live VERBS registry, combatant names
from the live state, weapons, conditions), and the screen output after each line.

When stdin is not a terminal the prompt falls back to plain line reading, echoing each
line after its prompt so the output reads as a transcript.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from rich.text import Text

from momenta_cli.cli.screen import Screen, mark
from momenta_cli.commands import VERBS
from momenta_cli.commands.language import lookup
from momenta_cli.dice import Roller
from momenta_cli.engine.conditions import catalogue
from momenta_cli.engine.state import Fight
from momenta_cli.errors import MomentaError
from momenta_cli.files import is_regular
from momenta_cli.journal import FightFile, NotSaved
from momenta_cli.render.status import lit, prompt_text
from momenta_cli.statedir import state_home
from momenta_cli.text import one_line

RESOURCES = ("vitality", "guard", "vigor", "strain", "resolve", "consumables")
KEYWORDS = ("from", "with", "forgo", "untyped", "as", "side")


# --- where things live -----------------------------------------------------------------


def history_path() -> Path:
    return state_home() / "history"


# --- completion ------------------------------------------------------------------------


def _quote(word: str) -> str:
    return f'"{word}"' if any(c.isspace() for c in word) else word


def _verb_words() -> list[str]:
    out: list[str] = []
    for v in VERBS.values():
        out.append(v.name)
    for v in VERBS.values():
        out.extend(a for a in v.aliases if a not in out)
    return out


def _fight_words(fight: Fight) -> tuple[list[str], list[str], list[str]]:
    names = [f.name for f in fight.fighters.values() if not f.removed]
    weapons: list[str] = []
    for f in fight.fighters.values():
        for w in f.spec.weapons:
            if w.name not in weapons:
                weapons.append(w.name)
    for known in fight.encounter.weapons:
        if known not in weapons:
            weapons.append(known)
    conds = sorted(catalogue(fight))
    return names, weapons, conds


def candidates(fight: Fight, before: str) -> tuple[str, list[str]]:
    """What may complete the word under the cursor: ``(partial word, candidates)``.

    Candidates are the full replacement words, quoted when they hold spaces.
    """
    ends_in_space = before[-1:].isspace()
    words = before.split()
    current = "" if ends_in_space or not words else words[-1]
    done = words if ends_in_space else words[:-1]
    partial = current.lstrip("\"'")
    low = partial.lower()
    if not done:
        pool: Iterable[str] = _verb_words()
    else:
        try:
            v = lookup(done[0])
        except MomentaError:
            return current, []
        names, weapons, conds = _fight_words(fight)
        pos = len(done)
        if v.name == "help":
            pool = _verb_words() if pos == 1 else []
        elif v.name == "add":
            pool = list(fight.encounter.stat_blocks) if pos == 1 else ["as", "side", "allies",
                                                                        "adversaries",
                                                                        "independents"]
        elif v.name == "cond" and pos == 2:
            pool = conds
        elif v.name == "set" and pos >= 2:
            pool = list(RESOURCES)
        elif v.name in ("end", "next") and pos >= 1:
            pool = names + ["forgo"] + [c.lower() + "=" for c in conds]
        else:
            pool = names + weapons + conds + list(KEYWORDS)
    seen: set[str] = set()
    out = []
    for word in pool:
        if word.lower().startswith(low) and word not in seen:
            seen.add(word)
            out.append(word if word.endswith("=") else _quote(word))
    return current, out


def make_completer(get_fight: Callable[[], Fight]):
    """A prompt_toolkit completer reading the live state through ``get_fight``."""
    from prompt_toolkit.completion import Completer, Completion

    class MomentaCompleter(Completer):
        def get_completions(self, document, complete_event):
            current, found = candidates(get_fight(), document.text_before_cursor)
            for word in found:
                yield Completion(word, start_position=-len(current), display=one_line(word))

    return MomentaCompleter()


def run_one(ff: FightFile, screen: Screen, line: str, roller: Roller) -> bool:
    """Run one typed line, save it, show it. False when the GM leaves.

    A line that cannot be saved (a full disk) is not shown as done: one ``not saved``
    line, and the fight stays as it was before it; the next line saves normally once the
    problem is gone."""
    before = mark(ff.session.state)
    try:
        out = ff.run(line, roller)
    except NotSaved as err:
        screen.error(f"not saved: {err.why}; '{line.strip()}' was not done and the fight "
                     f"is as it was ({err.path})")
        return True
    except MomentaError as err:
        screen.error(str(err))
        return True
    except Exception as err:  # a bug must not end the session: the fight is saved
        screen.error(f"internal error, nothing was changed or saved: "
                     f"{type(err).__name__}: {err}")
        return True
    for note in ff.take_notices():
        screen.console.print(lit(f"note: {note}", "yellow"))
    return screen.outcome(out, ff.session.state, before)


def _history(screen: Screen):
    """History kept in ``history_path()`` across sessions; in memory only when that file
    cannot be used. Saving a line to it never ends the session (a full disk)."""
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    class QuietFileHistory(FileHistory):
        def load_history_strings(self):
            try:
                yield from super().load_history_strings()
            except (OSError, ValueError):
                return  # unreadable history: start with none

        def store_string(self, string: str) -> None:
            try:
                super().store_string(string)
            except (OSError, ValueError):
                pass  # the line still runs; only its recall in a later session is lost

    hist_file = history_path()
    try:
        hist_file.parent.mkdir(parents=True, exist_ok=True)
        if hist_file.exists() and not is_regular(hist_file):
            raise OSError(f"{hist_file} is not a regular file")  # a FIFO would hang
        return QuietFileHistory(str(hist_file))
    except OSError:
        screen.error(f"cannot keep history in {hist_file}; history is for this session only")
        return InMemoryHistory()


def loop(ff: FightFile, screen: Screen, roller: Roller, *, interactive: bool | None = None
         ) -> None:
    """Read lines until ``quit`` or end of input. Every accepted line is already saved."""
    if interactive is None:
        interactive = sys.stdin.isatty() and sys.stdout.isatty()
    if not interactive:
        try:
            for raw in sys.stdin:
                line = raw.rstrip("\r\n")
                screen.console.print(Text(prompt_text(ff.session.state), style="dim")
                                     + lit(line))
                if not run_one(ff, screen, line, roller):
                    break
        except KeyboardInterrupt:
            pass  # every accepted line is already saved
        return
    from prompt_toolkit import PromptSession

    ps: PromptSession = PromptSession(
        history=_history(screen),
        completer=make_completer(lambda: ff.session.state),
        complete_while_typing=False,
        enable_suspend=True,
    )
    while True:
        try:
            line = ps.prompt(prompt_text(ff.session.state))
        except KeyboardInterrupt:
            continue  # Ctrl-C cancels the line being typed
        except EOFError:
            break  # Ctrl-D leaves; everything is already saved
        if not run_one(ff, screen, line, roller):
            break
    screen.console.print(lit(f"Fight saved in {ff.path}. Resume with: momenta resume "
                             f"{ff.path}", "dim"))
