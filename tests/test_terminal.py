"""The real interactive program in a real pseudo-terminal: start a
fight, take turns with tab completion, roll, undo, Ctrl-C, quit, resume and find the state
as it was; SIGKILL mid-session and find every acknowledged command on resume."""

from __future__ import annotations

import io
import json
import os
import shutil
import signal
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import NOT_SOURCES

pexpect = pytest.importorskip("pexpect")

pytestmark = pytest.mark.terminal

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 30


@pytest.fixture
def where(tmp_path) -> Path:
    shutil.copytree(ROOT / "encounters", tmp_path / "encounters", ignore=NOT_SOURCES)
    return tmp_path


def spawn(where: Path, *args: str):
    env = dict(os.environ, TERM="xterm", NO_COLOR="1", COLUMNS="100", LINES="40",
               MOMENTA_HOME=str(where / "home"), PROMPT_TOOLKIT_NO_CPR="1")
    env.pop("FORCE_COLOR", None)
    child = pexpect.spawn(sys.executable, ["-m", "momenta_cli", *args], cwd=str(where),
                          env=env, encoding="utf-8", timeout=TIMEOUT, dimensions=(40, 100))
    return child


def typed(child, text: str, echo: str | None = None) -> None:
    """Type ``text`` (with Tabs) and wait until the line editor shows ``echo``."""
    for part in text.split("\t")[:-1]:
        child.send(part + "\t")
        time.sleep(0.15)  # completion runs in the background
    child.send(text.split("\t")[-1])
    if echo:
        child.expect_exact(echo)


def records(fight: Path) -> list[dict]:
    return [json.loads(x) for x in fight.read_text().splitlines()[1:]]


def test_play_undo_quit_and_resume(where):
    fight = where / "encounters" / "demo.fight.jsonl"
    child = spawn(where, "run", "encounters/demo.yaml", "--new", "--seed", "4")
    child.expect_exact("R1 allies>")
    # Tab completes the verb, then the combatant's name (from the live state), each with
    # its trailing space
    typed(child, "tu\t", "turn")
    typed(child, "bra\t", "Brannoc")
    child.send("\r")
    child.expect_exact("Brannoc's turn")
    child.expect_exact("R1 Brannoc>")
    typed(child, "dmg go\t", "Gorm")
    child.send("4\r")
    child.expect_exact("Gorm: Vitality 22->18 (damage)")
    child.expect_exact("R1 Brannoc>")
    # an attack resolves with its breakdown; weapon names complete (typed dice, ch20)
    typed(child, "attack gorm with lon\t", "Longsword")
    child.send("roll 5,6,1\r")
    child.expect_exact("Brannoc -> Gorm: Longsword (Slashing) POW 3d [5,6,1] 2s = 2s")
    child.expect_exact("11 to Vitality")
    child.expect_exact("R1 Brannoc>")
    # condition names complete too; a roll to clear resolves at end of turn (R15)
    typed(child, "cond bran\t", "Brannoc")
    typed(child, "fri\t", "Frightened")
    child.send("\r")
    child.expect_exact("Brannoc gains Frightened 1")
    child.send("dmg tamsin 3\r")
    child.expect_exact("Tamsin: Vitality 21->19 (damage)")  # Guard 1 first
    child.send("undo\r")
    child.expect_exact("undo: took back 'dmg tamsin 3'")
    # Ctrl-C cancels the line being typed: nothing runs, nothing is saved
    typed(child, "dmg wren 5")
    child.send("\x03")
    child.expect_exact("R1 Brannoc>")
    child.send("end\r")
    child.expect("Brannoc (clears Frightened|: Frightened|ends the turn)")
    child.expect_exact("R1 adversaries>")
    child.send("quit\r")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    lines = [r.get("cmd", "undo" if r.get("undo") else "redo") for r in records(fight)]
    assert lines == ["turn Brannoc", "dmg Gorm 4", "attack gorm with Longsword roll 5,6,1",
                     "cond Brannoc Frightened", "dmg tamsin 3", "undo", "end"]
    end_rolls = [e["roll"] for e in records(fight)[-1]["events"] if e.get("roll")]
    assert end_rolls and end_rolls[0]["faces"]  # the dice of the roll to clear are saved

    # Resume: the same state, the same prompt, and history from the last session
    child = spawn(where, "resume", str(fight))
    child.expect(r"resumed:\s+5\s+commands\s+replayed")  # one was undone
    child.expect(r"Tamsin\s+21/21")  # allies are listed first
    child.expect(r"Gorm\s+7/22")
    child.expect_exact("R1 adversaries>")
    child.send("\x1b[A")  # Up: the last line of the previous session
    child.expect_exact("quit")
    child.send("\x03")
    child.expect_exact("R1 adversaries>")
    child.send("\x04")  # Ctrl-D leaves, saved
    child.expect_exact("Fight saved")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert len(records(fight)) == 7  # nothing added by looking


def test_sigkill_loses_nothing_acknowledged(where):
    fight = where / "encounters" / "demo.fight.jsonl"
    child = spawn(where, "run", "encounters/demo.yaml", "--new")
    child.expect_exact("R1 allies>")
    acked = []
    for line, ack in (("turn wren", "Wren's turn"), ("dmg knife-1 3", "Vitality 10->7"),
                      ("cond knife-2 hindered", "Knife-2 gains Hindered"),
                      ("next gorm", "Gorm's turn"), ("heal knife-1 1", "Vitality 7->8")):
        child.send(line + "\r")
        child.expect_exact(ack)
        acked.append(line)
    typed(child, "dmg gorm 7")  # typed, never entered
    child.kill(signal.SIGKILL)
    child.close()
    assert [r["cmd"] for r in records(fight)] == acked

    child = spawn(where, "run", "encounters/demo.yaml", "--resume")
    child.expect(r"resumed:\s+5\s+commands\s+replayed")
    child.expect(r"Gorm\s+22/22")
    child.expect(r"Knife-1\s+8/10")
    child.expect_exact("R1 Gorm>")
    child.send("end\r")
    child.expect_exact("Gorm ends the turn")
    child.send("\x04")
    child.expect(pexpect.EOF)
    child.close()
    assert [r["cmd"] for r in records(fight)] == acked + ["end"]


def test_run_offers_to_resume(where):
    child = spawn(where, "run", "encounters/demo.yaml", "--new")
    child.expect_exact("R1 allies>")
    child.send("turn tamsin\r")
    child.expect_exact("Tamsin's turn")
    child.send("\x04")
    child.expect(pexpect.EOF)
    child.close()
    child = spawn(where, "run", "encounters/demo.yaml")
    child.expect_exact("Resume it?")
    child.send("y\r")
    child.expect_exact("R1 Tamsin>")
    child.send("\x04")
    child.expect(pexpect.EOF)
    child.close()
    child = spawn(where, "run", "encounters/demo.yaml")
    child.expect_exact("Resume it?")
    child.send("n\r")
    child.expect_exact("kept as")
    child.expect_exact("R1 allies>")
    child.send("\x04")
    child.expect(pexpect.EOF)
    child.close()


def momenta(where: Path, *args: str):
    import subprocess

    env = dict(os.environ, NO_COLOR="1", COLUMNS="100", MOMENTA_HOME=str(where / "home"))
    return subprocess.run([sys.executable, "-m", "momenta_cli", *args], cwd=str(where),
                          env=env, capture_output=True, text=True, timeout=TIMEOUT)


def test_open_fight_refuses_do_from_another_shell(where):
    """`do` while `run` has the fight open is refused: it would write from a stale state."""
    fight = where / "encounters" / "demo.fight.jsonl"
    child = spawn(where, "run", "encounters/demo.yaml", "--new")
    child.expect_exact("R1 allies>")
    child.send("turn wren\r")
    child.expect_exact("Wren's turn")
    r = momenta(where, "do", "encounters/demo.fight.jsonl", "dmg gorm 4")
    assert r.returncode == 1
    assert r.stderr.strip() == ("encounters/demo.fight.jsonl is open in another momenta "
                                "session (momenta run); type the command there")
    r = momenta(where, "status", "encounters/demo.fight.jsonl")  # reading is fine
    assert r.returncode == 0 and "Wren" in r.stdout
    child.send("dmg gorm 4\r")
    child.expect_exact("Vitality 22->18")
    child.kill(signal.SIGKILL)  # a crash: the OS releases the lock
    child.close()
    r = momenta(where, "do", "encounters/demo.fight.jsonl", "dmg gorm 1")
    assert r.returncode == 0, r.stderr
    assert [x["cmd"] for x in records(fight)] == ["turn wren", "dmg gorm 4", "dmg gorm 1"]


def test_run_after_the_encounter_changed_offers_a_fresh_start(where):
    enc = where / "encounters" / "demo.yaml"
    child = spawn(where, "run", "encounters/demo.yaml", "--new")
    child.expect_exact("R1 allies>")
    child.send("dmg gorm 2\r")
    child.expect_exact("Vitality 22->20")
    child.send("\x04")
    child.expect(pexpect.EOF)
    child.close()
    enc.write_text(enc.read_text().replace("Gorm", "Grom"))
    child = spawn(where, "run", "encounters/demo.yaml")
    child.expect_exact("has changed since this fight began")
    child.expect_exact("Start a new fight now (the old one is kept aside)?")
    child.send("y\r")
    child.expect_exact("kept as")
    child.expect_exact("R1 allies>")
    child.send("\x04")
    child.expect(pexpect.EOF)
    child.close()


def test_completion_adds_the_space_and_after_with_offers_only_the_actors_weapons(where):
    child = spawn(where, "run", "encounters/cult-shrine.yaml", "--new", "--seed", "2")
    child.expect_exact("R1 allies>")
    # a completed word carries its space: `tu<Tab>x` is `turn x`, not `turnx`
    typed(child, "tu\tx")
    child.send("\r")
    child.expect_exact("! ")
    child.expect_exact("R1 allies>")
    assert "turnx" not in child.before
    typed(child, "turn bran\t", "Brannoc")
    child.send("\r")
    child.expect_exact("R1 Brannoc>")
    # after `with`: Brannoc's own weapons, none of Sister Ilse's or Tamsin's
    shown = io.StringIO()
    child.logfile_read = shown
    typed(child, "attack cantor with \t")
    child.expect_exact("Unarmed Attack")
    time.sleep(0.5)
    child.send("\x03")  # cancel the line
    child.expect_exact("R1 Brannoc>")
    child.logfile_read = None
    menu = shown.getvalue()
    assert "Greataxe" in menu and "Tower Shield" in menu
    assert not [w for w in ("Censer Flail", "Buckler", "Shortbow", "Rapier") if w in menu]
    child.send("\x04")
    child.expect(pexpect.EOF)
    child.close()


def test_completion_after_add_offers_the_stat_blocks_and_after_threat_the_classes(where):
    child = spawn(where, "run", "encounters/cult-shrine.yaml", "--new", "--seed", "2")
    child.expect_exact("R1 allies>")
    shown = io.StringIO()
    child.logfile_read = shown
    typed(child, "add \t")  # the library's stat blocks, and copy; none of the fighters
    child.expect_exact("Hedge Bruiser")
    time.sleep(0.5)
    child.send("\x03")
    child.expect_exact("R1 allies>")
    menu = shown.getvalue()
    assert "Footpad" in menu and "copy" in menu
    assert not [w for w in ("Brannoc", "Tamsin", "Acolyte-1") if w in menu]
    shown.truncate(0), shown.seek(0)
    typed(child, "add goblin threat \t")
    child.expect_exact("Champion")
    time.sleep(0.5)
    child.send("\x03")
    child.expect_exact("R1 allies>")
    child.logfile_read = None
    assert "Nemesis" in shown.getvalue() and "vit" not in shown.getvalue()
    child.send("\x04")
    child.expect_exact("Resume with: momenta resume")
    child.expect(pexpect.EOF)
    child.close()


def spawn_with_cpr(where: Path, *args: str):
    """``spawn``, answering the terminal's cursor-position requests: prompt_toolkit draws
    the bottom toolbar only once it knows how many rows are below the prompt."""
    env = dict(os.environ, TERM="xterm", NO_COLOR="1", COLUMNS="100", LINES="40",
               MOMENTA_HOME=str(where / "home"))
    env.pop("FORCE_COLOR", None)
    env.pop("PROMPT_TOOLKIT_NO_CPR", None)
    return pexpect.spawn(sys.executable, ["-m", "momenta_cli", *args], cwd=str(where),
                         env=env, encoding="utf-8", timeout=TIMEOUT, dimensions=(40, 100))


def see(child, text: str) -> None:
    """Wait for ``text``, answering every cursor-position request on the way."""
    while child.expect_exact(["\x1b[6n", text]) == 0:
        child.send("\x1b[30;1R")


def test_the_toolbar_shows_the_turn_counter_of_a_two_turn_boss(where):
    child = spawn_with_cpr(where, "run", "encounters/cult-shrine.yaml", "--new", "--seed",
                           "2")
    see(child, "R1 allies>")
    # the toolbar
    see(child, "R1 · main phase · allies due, may act: Brannoc, Sister Ilse, Tamsin")
    # a bare `turn` on the allies' side: the players pick (ch18 Turn Order); Ctrl-C at
    # the pick cancels and nothing runs
    child.send("turn\r")
    see(child, "the players pick who acts: 1 Brannoc · 2 Sister Ilse · 3 Tamsin")
    see(child, "pick>")
    child.send("\x03")
    see(child, "no pick: nothing was done")
    see(child, "R1 allies>")
    child.send("turn\r")
    see(child, "pick>")
    child.send("3\r")
    see(child, "Tamsin's turn")
    see(child, "R1 Tamsin>")
    see(child, "Tamsin acting · Vigor 7/7 · Guard 1/1")  # the actor's Vigor and Guard
    child.send("next cantor\r")
    see(child, "R1 The Cantor 1/2>")
    see(child, "The Cantor acting 1/2")  # the toolbar, R15
    child.send("next brannoc\r")
    see(child, "R1 Brannoc>")
    child.send("next cantor\r")
    see(child, "R1 The Cantor 2/2>")
    see(child, "The Cantor acting 2/2")
    child.send("\x04")
    child.expect(pexpect.EOF)
    child.close()
    fight = where / "encounters" / "cult-shrine.fight.jsonl"
    assert [r["cmd"] for r in records(fight)] == ["turn Tamsin", "next cantor",
                                                   "next brannoc", "next cantor"]


def words(child, text: str) -> str:
    """Wait for ``text`` however the screen wrapped it (any run of spaces and line breaks
    between its words); returns what was shown up to it and with it."""
    import re

    child.expect(r"\s+".join(re.escape(w) for w in text.split()))
    return child.before + child.after


def gorms_turn(where: Path, seed: str = "4"):
    child = spawn(where, "run", "encounters/demo.yaml", "--new", "--seed", seed)
    child.expect_exact("R1 allies>")
    child.send("turn wren\r")
    child.expect_exact("R1 Wren>")
    child.send("next gorm\r")
    child.expect_exact("R1 Gorm>")
    return child


def test_an_attack_asks_the_reaction_the_dice_and_brace_at_the_table(where):
    """ch19 Reactions: the target declares when targeted, knowing the attacker's pool,
    from the legal options only (Boar Spear has no Deflect tag); ch20 step 1: every pool
    is told before the roll and a wrong count is asked again; ch19 Brace: asked with the
    amount both ways once the damage is known. The journal keeps one complete line, and
    the state is the one that line gives typed in full."""
    fight = where / "encounters" / "demo.fight.jsonl"
    child = gorms_turn(where)
    child.send("attack brannoc\r")
    shown = words(child, "Gorm attacks Brannoc with Cudgel, 3d. Brannoc's reaction: "
                         "dodge 1d (2 Vigor) /")
    shown += words(child, "none (Enter: none; Ctrl-C cancels)")
    flat = " ".join(shown.split())
    assert "deflect 3d (1 Vigor): Longsword or Heater Shield" in flat
    assert "counter 3d (2 Vigor): Longsword, Heater Shield, Boar Spear or Unarmed" in flat
    assert "Boar Spear or" not in flat.split("counter")[0]  # no Deflect tag: no deflect
    child.expect_exact("reaction>")
    child.send("deflect heater\r")
    words(child, "Dice: Gorm rolls 3d, Brannoc's Deflect (Heater Shield) 3d.")
    child.expect_exact("Gorm rolls 3d>")
    child.send("5,6\r")
    words(child, "! expected 3 faces from 1 to 6 for 3d, got 5,6; type them again")
    child.expect_exact("Gorm rolls 3d>")
    child.send("6 6 5\r")
    child.expect_exact("Brannoc's Deflect (Heater Shield) 3d>")
    child.send("1,1,2\r")
    words(child, "Brannoc: 15 to Vitality (21->6); Brace: 7 to Vitality (21->14), Broken.")
    child.expect_exact("Brace? [y/N]")
    child.send("y\r")
    words(child, "halved (Brace); 7 to Vitality (Vitality 21->14)")
    line = 'attack brannoc roll 6,6,5 deflect="Heater Shield" def 1,1,2 brace'
    words(child, f"as: {line}")  # the complete line, to copy into a script
    child.expect_exact("R1 Gorm>")
    child.send("quit\r")
    child.expect(pexpect.EOF)
    child.close()
    assert [r.get("cmd") for r in records(fight)] == ["turn wren", "next gorm", line]
    other = where / "encounters" / "typed.yaml"
    other.write_text((where / "encounters" / "demo.yaml").read_text())
    assert momenta(where, "do", str(other), "turn wren", "next gorm", line).returncode == 0
    # the whole state and log, as replay --json has them: not just the table's text
    asked = momenta(where, "log", str(fight), "--format", "json").stdout
    assert json.loads(asked)["combatants"]
    assert asked == momenta(where, "log", "encounters/typed.fight.jsonl", "--format",
                            "json").stdout


def test_ctrl_c_or_ctrl_d_at_a_question_cancels_and_the_journal_is_unchanged(where):
    fight = where / "encounters" / "demo.fight.jsonl"
    child = gorms_turn(where)
    saved = fight.read_bytes()
    child.send("attack brannoc\r")
    child.expect_exact("reaction>")
    child.send("dodge\r")
    child.expect_exact("Gorm rolls 3d>")
    child.send("\x03")  # Ctrl-C at the dice
    child.expect_exact("cancelled: nothing was done")
    child.expect_exact("R1 Gorm>")
    assert fight.read_bytes() == saved
    child.send("attack brannoc\r")
    child.expect_exact("reaction>")
    child.send("\r")
    child.expect_exact("Gorm rolls 3d>")
    child.send("6,6,5\r")
    child.expect_exact("Brace? [y/N]")
    child.send("\x04")  # Ctrl-D at Brace
    child.expect_exact("cancelled: nothing was done")
    child.expect_exact("R1 Gorm>")
    assert fight.read_bytes() == saved
    child.send("\x04")
    child.expect(pexpect.EOF)
    child.close()
    assert fight.read_bytes() == saved
