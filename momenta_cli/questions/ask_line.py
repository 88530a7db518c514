"""From a typed line to the line to run: an attack line that leaves decisions open goes
through the questions (``sequence.settle``) and comes back as the complete command
(language/unparsing.py; a comment typed after it is kept) with a roller that hands out the
tracker's dice already shown first; a shove on the map then offers its push's Intercepts
(``push.settle_push``). Any other line, a line the engine refuses as it
stands, a preview (``... ?``) and a line that pins its dice (``... dice 5,2``) are run as
typed, asking nothing."""

from __future__ import annotations

from momenta_cli.engine.attack import Attack
from momenta_cli.engine.core import Fight, PresetRoller, Roller
from momenta_cli.errors import MomentaError
from momenta_cli.language import comment_of, parse_line, unparse
from momenta_cli.questions import push_questions
from momenta_cli.questions.sequence import Cancelled, Failed, Table, settle
from momenta_cli.text import split


def attack_to_ask(line: str) -> Attack | None:
    """The attack ``line`` declares when it may be asked about; None for anything else."""
    try:
        words = split(line)  # a comment after the command is no word
        cmd = parse_line(line)
    except MomentaError:
        return None  # run as typed: the refusal is the answer
    if not isinstance(cmd, Attack):
        return None
    if words and words[-1] == "?":
        return None  # a preview asks nothing
    if len(words) >= 2 and words[-2].lower() == "dice":
        return None  # its dice are pinned: nothing is left to ask
    return cmd


def settle_attack_line(fight: Fight, line: str, roller: Roller, table: Table
                ) -> tuple[str, Roller] | None:
    """``(line to run, roller to run it with)`` after asking; None when cancelled.
    Raises ``flow.Failed`` when the answers cannot make a line (nothing is to run)."""
    cmd = attack_to_ask(line)
    if cmd is None:
        return line, roller
    cmd = _aimed(fight, cmd)
    done = settle(fight, cmd, roller, table)
    if done is not None and push_questions.asks(done.command):
        try:  # its roll known: the push's Intercepts (R35)
            done = push_questions.settle_push(fight, done, roller, table)
        except (Cancelled, KeyboardInterrupt):
            done = None
    if done is None:
        return None
    run_with: Roller = PresetRoller(done.faces, fallback=roller) if done.faces else roller
    if done.command == cmd:
        return line, run_with  # nothing added: the GM's own words
    try:
        text = unparse(done.command)
    except ValueError as err:  # never run the typed line without the answers given
        raise Failed(f"the answers cannot be written as one line ({err}); nothing was "
                     "done: type the attack again with them written") from None
    note = comment_of(line)
    return (f"{text} {note}" if note else text), run_with


def _aimed(fight: Fight, cmd: Attack) -> Attack:
    """An Area attack aimed at the map (``area burst 2 e3``) with the creatures it
    catches as its targets, as the engine will find them (area_attack.aimed), so each
    is asked its own reaction; a refused area is left for the engine to refuse with its
    reason when the line runs."""
    from momenta_cli.engine.attack import aimed

    try:
        return aimed(fight, cmd)
    except MomentaError:
        return cmd
