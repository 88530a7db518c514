"""The real interactive program in a real pseudo-terminal: start a
fight, take turns with tab completion, roll, undo, Ctrl-C, quit, resume and find the state
as it was; SIGKILL mid-session and find every acknowledged command on resume."""

from __future__ import annotations

import json
import os
import shutil
import signal
import sys
from pathlib import Path

import pytest

from tests.conftest import NOT_SOURCES
from tests.screen import Terminal, spawn_momenta

pytestmark = pytest.mark.terminal

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 30


@pytest.fixture
def where(tmp_path) -> Path:
    shutil.copytree(ROOT / "encounters", tmp_path / "encounters", ignore=NOT_SOURCES)
    return tmp_path


def spawn(where: Path, *args: str, cpr: bool = False) -> Terminal:
    """``momenta ARGS`` in a 100x40 pseudo-terminal in ``where``, no colour."""
    return spawn_momenta(where, *args, cpr=cpr, timeout=TIMEOUT)


def records(fight: Path) -> list[dict]:
    return [json.loads(x) for x in fight.read_text().splitlines()[1:]]


@pytest.mark.slow  # a real pseudo-terminal
def test_play_undo_quit_and_resume(where):
    fight = where / "encounters" / "demo.fight.jsonl"
    term = spawn(where, "run", "encounters/demo.yaml", "--new", "--seed", "4")
    term.wait_prompt("R1 allies>")
    # Tab completes the verb, then the combatant's name (from the live state), each with
    # its trailing space
    term.send("tu\t")
    term.wait_prompt("R1 allies> turn")
    term.send("bra\t")
    term.wait_prompt("R1 allies> turn Brannoc")
    term.send("\r")
    term.wait_text("Brannoc's turn")
    term.wait_prompt("R1 Brannoc>")
    term.send("dmg go\t")
    term.wait_prompt("R1 Brannoc> dmg Gorm")
    term.send("4\r")
    term.wait_text("Gorm: Vitality 22->18 (damage)")
    term.wait_prompt("R1 Brannoc>")
    # an attack resolves with its breakdown; weapon names complete (typed dice, ch20)
    term.send("attack gorm with lon\t")
    term.wait_prompt("R1 Brannoc> attack gorm with Longsword")
    term.send("roll 5,6,1\r")
    term.wait_text("Brannoc -> Gorm: Longsword (Slashing) POW 3d [5,6,1] 2s = 2s")
    term.wait_text("11 to Vitality")
    term.wait_prompt("R1 Brannoc>")
    # condition names complete too; a roll to clear resolves at end of turn (R15)
    term.send("cond bran\t")
    term.wait_prompt("R1 Brannoc> cond Brannoc")
    term.send("fri\t")
    term.wait_prompt("R1 Brannoc> cond Brannoc Frightened")
    term.send("\r")
    term.wait_text("Brannoc gains Frightened 1")
    term.wait_prompt("R1 Brannoc>")
    term.send("dmg tamsin 3\r")
    term.wait_text("Tamsin: Vitality 21->19 (damage)")  # Guard 1 first
    term.wait_prompt("R1 Brannoc>")
    term.send("undo\r")
    term.wait_text("undo: took back 'dmg tamsin 3'")
    term.wait_prompt("R1 Brannoc>")
    # Ctrl-C cancels the line being typed: nothing runs, nothing is saved
    term.send("dmg wren 5")
    term.wait_prompt("R1 Brannoc> dmg wren 5")
    term.send("\x03")
    term.wait_prompt("R1 Brannoc>")
    term.send("end\r")
    # R15: the player rolls to clear it (Enter: the tracker rolls)
    term.wait_prompt("Brannoc clears Frightened? roll PRE 2d>")
    term.send("\r")
    term.wait_line("Brannoc (clears Frightened|: Frightened|ends the turn)")
    term.wait_prompt("R1 adversaries>")
    term.send("quit\r")
    assert term.wait_exit() == 0
    lines = [r.get("cmd", "undo" if r.get("undo") else "redo") for r in records(fight)]
    assert lines == ["turn Brannoc", "dmg Gorm 4", "attack gorm with Longsword roll 5,6,1",
                     "cond Brannoc Frightened", "dmg tamsin 3", "undo", "end"]
    end_rolls = [e["roll"] for e in records(fight)[-1]["events"] if e.get("roll")]
    assert end_rolls and end_rolls[0]["faces"]  # the dice of the roll to clear are saved

    # Resume: the same state, the same prompt, and history from the last session
    term = spawn(where, "resume", str(fight))
    term.wait_line(r"resumed:\s+5\s+commands\s+replayed")  # one was undone
    term.wait_line(r"Tamsin\s+21/21")  # allies are listed first
    term.wait_line(r"Gorm\s+7/22")
    term.wait_prompt("R1 adversaries>")
    term.send("\x1b[A")  # Up: the last line of the previous session
    term.wait_prompt("R1 adversaries> quit")
    term.send("\x03")
    term.wait_prompt("R1 adversaries>")
    term.send("\x04")  # Ctrl-D leaves, saved
    term.wait_text("Fight saved")
    assert term.wait_exit() == 0
    assert len(records(fight)) == 7  # nothing added by looking


@pytest.mark.slow  # a real pseudo-terminal
def test_sigkill_loses_nothing_acknowledged(where):
    fight = where / "encounters" / "demo.fight.jsonl"
    term = spawn(where, "run", "encounters/demo.yaml", "--new")
    term.wait_prompt("R1 allies>")
    acked = []
    for line, ack, prompt in (("turn wren", "Wren's turn", "R1 Wren>"),
                              ("dmg knife-1 3", "Vitality 10->7", "R1 Wren>"),
                              ("cond knife-2 hindered", "Knife-2 gains Hindered", "R1 Wren>"),
                              ("next gorm", "Gorm's turn", "R1 Gorm>"),
                              ("heal knife-1 1", "Vitality 7->8", "R1 Gorm>")):
        term.send(line + "\r")
        term.wait_text(ack)
        term.wait_prompt(prompt)
        acked.append(line)
    term.send("dmg gorm 7")  # typed, never entered
    term.wait_prompt("R1 Gorm> dmg gorm 7")
    term.kill(signal.SIGKILL)
    assert [r["cmd"] for r in records(fight)] == acked

    term = spawn(where, "run", "encounters/demo.yaml", "--resume")
    term.wait_line(r"resumed:\s+5\s+commands\s+replayed")
    term.wait_line(r"Gorm\s+22/22")
    term.wait_line(r"Knife-1\s+8/10")
    term.wait_prompt("R1 Gorm>")
    term.send("end\r")
    term.wait_text("Gorm ends the turn")
    term.wait_prompt("R1 allies>")
    term.send("\x04")
    term.wait_exit()
    assert [r["cmd"] for r in records(fight)] == acked + ["end"]


@pytest.mark.slow  # a real pseudo-terminal
def test_run_offers_to_resume(where):
    term = spawn(where, "run", "encounters/demo.yaml", "--new")
    term.wait_prompt("R1 allies>")
    term.send("turn tamsin\r")
    term.wait_text("Tamsin's turn")
    term.wait_prompt("R1 Tamsin>")
    term.send("\x04")
    term.wait_exit()
    term = spawn(where, "run", "encounters/demo.yaml")
    term.wait_text("Resume it?")
    term.send("y\r")
    term.wait_prompt("R1 Tamsin>")
    term.send("\x04")
    term.wait_exit()
    term = spawn(where, "run", "encounters/demo.yaml")
    term.wait_text("Resume it?")
    term.send("n\r")
    term.wait_text("kept as")
    term.wait_prompt("R1 allies>")
    term.send("\x04")
    term.wait_exit()


def momenta(where: Path, *args: str):
    import subprocess

    env = dict(os.environ, NO_COLOR="1", COLUMNS="100", MOMENTA_HOME=str(where / "home"))
    return subprocess.run([sys.executable, "-m", "momenta_cli", *args], cwd=str(where),
                          env=env, capture_output=True, text=True, timeout=TIMEOUT)


@pytest.mark.slow  # a real pseudo-terminal
def test_open_fight_refuses_do_from_another_shell(where):
    """`do` while `run` has the fight open is refused: it would write from a stale state."""
    fight = where / "encounters" / "demo.fight.jsonl"
    term = spawn(where, "run", "encounters/demo.yaml", "--new")
    term.wait_prompt("R1 allies>")
    term.send("turn wren\r")
    term.wait_text("Wren's turn")
    term.wait_prompt("R1 Wren>")
    r = momenta(where, "do", "encounters/demo.fight.jsonl", "dmg gorm 4")
    assert r.returncode == 1
    assert r.stderr.strip() == ("encounters/demo.fight.jsonl is open in another momenta "
                                "session (momenta run); type the command there")
    r = momenta(where, "status", "encounters/demo.fight.jsonl")  # reading is fine
    assert r.returncode == 0 and "Wren" in r.stdout
    term.send("dmg gorm 4\r")
    term.wait_text("Vitality 22->18")
    term.kill(signal.SIGKILL)  # a crash: the OS releases the lock
    r = momenta(where, "do", "encounters/demo.fight.jsonl", "dmg gorm 1")
    assert r.returncode == 0, r.stderr
    assert [x["cmd"] for x in records(fight)] == ["turn wren", "dmg gorm 4", "dmg gorm 1"]


@pytest.mark.slow  # a real pseudo-terminal
def test_run_after_the_encounter_changed_offers_a_fresh_start(where):
    enc = where / "encounters" / "demo.yaml"
    term = spawn(where, "run", "encounters/demo.yaml", "--new")
    term.wait_prompt("R1 allies>")
    term.send("dmg gorm 2\r")
    term.wait_text("Vitality 22->20")
    term.wait_prompt("R1 allies>")
    term.send("\x04")
    term.wait_exit()
    enc.write_text(enc.read_text().replace("Gorm", "Grom"))
    term = spawn(where, "run", "encounters/demo.yaml")
    term.wait_text("has changed since this fight began")
    term.wait_words("Start a new fight now (the old one is kept aside)?")
    term.send("y\r")
    term.wait_text("kept as")
    term.wait_prompt("R1 allies>")
    term.send("\x04")
    term.wait_exit()


def menu(term: Terminal, line: str, *items: str) -> str:
    """Wait until the completion menu under the typed ``line`` shows ``items`` and the
    cursor is back on the line (the menu drawn in full); return the menu's rows."""
    def drawn() -> str | None:
        below = term.below_cursor()
        if term.cursor_line() == line and all(item in below for item in items):
            return below
        return None
    return str(term.wait(drawn, f"a menu under {line!r} showing {items}"))


@pytest.mark.slow  # a real pseudo-terminal
def test_completion_adds_the_space_and_after_with_offers_only_the_actors_weapons(where):
    term = spawn(where, "run", "encounters/cult-shrine.yaml", "--new", "--seed", "2")
    term.wait_prompt("R1 allies>")
    # a completed word carries its space: `tu<Tab>x` is `turn x`, not `turnx`
    term.send("tu\t")
    term.wait_prompt("R1 allies> turn")
    term.send("x")
    term.wait_prompt("R1 allies> turn x")
    term.send("\r")
    term.wait_text("! ")
    term.wait_prompt("R1 allies>")
    assert "turnx" not in term.shown()
    term.send("turn bran\t")
    term.wait_prompt("R1 allies> turn Brannoc")
    term.send("\r")
    term.wait_prompt("R1 Brannoc>")
    # after `with`: Brannoc's own weapons, none of Sister Ilse's or Tamsin's
    term.send("attack cantor with \t")
    shown = menu(term, "R1 Brannoc> attack cantor with", "Unarmed Attack")
    assert "Greataxe" in shown and "Tower Shield" in shown
    assert not [w for w in ("Censer Flail", "Buckler", "Shortbow", "Rapier") if w in shown]
    term.send("\x03")  # cancel the line
    term.wait_prompt("R1 Brannoc>")
    term.send("\x04")
    term.wait_exit()


@pytest.mark.slow  # a real pseudo-terminal
def test_completion_after_add_offers_the_stat_blocks_and_after_threat_the_classes(where):
    term = spawn(where, "run", "encounters/cult-shrine.yaml", "--new", "--seed", "2")
    term.wait_prompt("R1 allies>")
    term.send("add \t")  # the library's stat blocks, and copy; none of the fighters
    shown = menu(term, "R1 allies> add", "Hedge Bruiser")
    assert "Footpad" in shown and "copy" in shown
    assert not [w for w in ("Brannoc", "Tamsin", "Acolyte-1") if w in shown]
    term.send("\x03")
    term.wait_prompt("R1 allies>")
    term.send("add goblin threat \t")
    shown = menu(term, "R1 allies> add goblin threat", "Champion")
    assert "Nemesis" in shown and "vit" not in shown
    term.send("\x03")
    term.wait_prompt("R1 allies>")
    term.send("\x04")
    term.wait_text("Resume with: momenta resume")
    term.wait_exit()


@pytest.mark.slow  # a real pseudo-terminal
def test_the_toolbar_shows_the_turn_counter_of_a_two_turn_boss(where):
    # cpr: prompt_toolkit draws the bottom toolbar once it knows the rows below the prompt
    term = spawn(where, "run", "encounters/cult-shrine.yaml", "--new", "--seed", "2",
                 cpr=True)
    term.wait_prompt("R1 allies>")
    term.wait_toolbar("R1 · main phase · allies due, may act: Brannoc, Sister Ilse, Tamsin")
    # a bare `turn` on the allies' side: the players pick (ch18 Turn Order); Ctrl-C at
    # the pick cancels and nothing runs
    term.send("turn\r")
    term.wait_text("the players pick who acts: 1 Brannoc · 2 Sister Ilse · 3 Tamsin")
    term.wait_prompt("pick>")
    term.send("\x03")
    term.wait_text("cancelled: nothing was done")
    term.wait_prompt("R1 allies>")
    term.send("turn\r")
    term.wait_prompt("pick>")
    term.send("3\r")
    term.wait_text("Tamsin's turn")
    term.wait_prompt("R1 Tamsin>")
    term.wait_toolbar("Tamsin acting · Vigor 7/7 · Guard 1/1")  # the actor's Vigor and Guard
    term.send("next cantor\r")
    term.wait_prompt("R1 The Cantor 1/2>")
    term.wait_toolbar("The Cantor acting 1/2")  # R15
    term.send("next brannoc\r")
    term.wait_prompt("R1 Brannoc>")
    term.send("next cantor\r")
    term.wait_prompt("R1 The Cantor 2/2>")
    term.wait_toolbar("The Cantor acting 2/2")
    term.send("\x04")
    term.wait_exit()
    fight = where / "encounters" / "cult-shrine.fight.jsonl"
    assert [r["cmd"] for r in records(fight)] == ["turn Tamsin", "next cantor",
                                                   "next brannoc", "next cantor"]


def gorms_turn(where: Path, seed: str = "4") -> Terminal:
    term = spawn(where, "run", "encounters/demo.yaml", "--new", "--seed", seed)
    term.wait_prompt("R1 allies>")
    term.send("turn wren\r")
    term.wait_prompt("R1 Wren>")
    term.send("next gorm\r")
    term.wait_prompt("R1 Gorm>")
    return term


@pytest.mark.slow  # a real pseudo-terminal
def test_an_attack_asks_the_reaction_the_dice_and_brace_at_the_table(where):
    """ch19 Reactions: the target declares when targeted, knowing the attacker's pool,
    from the legal options only (Boar Spear has no Deflect tag); ch20 step 1: each roll
    is asked with its pool and a wrong count is asked again; ch19 Brace: asked with the
    amount both ways once the damage is known. The journal keeps one complete line, and
    the state is the one that line gives typed in full."""
    fight = where / "encounters" / "demo.fight.jsonl"
    term = gorms_turn(where)
    term.send("attack brannoc\r")
    shown = term.wait_words("Gorm attacks Brannoc with Cudgel, 3d. Brannoc's reaction: "
                            "dodge 1d (2 Vigor) /")
    shown += " " + term.wait_words("none (Enter: none; Ctrl-C cancels)")
    flat = " ".join(shown.split())
    assert "deflect 3d (1 Vigor): Longsword or Heater Shield" in flat
    assert "counter 3d (2 Vigor): Longsword, Heater Shield, Boar Spear or Unarmed" in flat
    assert "Boar Spear or" not in flat.split("counter")[0]  # no Deflect tag: no deflect
    term.wait_prompt("reaction>")
    term.send("deflect heater\r")
    term.wait_words("Dice: type each roll's faces (5,6,2) or successes (2s); Enter: the "
                    "tracker rolls.")
    term.wait_prompt("Gorm rolls 3d>")
    term.send("5,6\r")
    term.wait_words("! expected 3 faces from 1 to 6 for 3d, got 5,6; type them again")
    term.wait_prompt("Gorm rolls 3d>")
    term.send("6 6 5\r")
    term.wait_prompt("Brannoc's Deflect (Heater Shield) 3d>")
    term.send("1,1,2\r")
    term.wait_words("Brannoc: 15 to Vitality (21->6); Brace: 7 to Vitality (21->14), "
                    "Broken.")
    term.wait_prompt("Brace? [y/N]")
    term.send("y\r")
    term.wait_words("halved (Brace); 7 to Vitality (Vitality 21->14)")
    line = 'attack brannoc roll 6,6,5 deflect="Heater Shield" def 1,1,2 brace'
    term.wait_words(f"as: {line}")  # the complete line, to copy into a script
    term.wait_prompt("R1 Gorm>")
    term.send("quit\r")
    term.wait_exit()
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
    term = gorms_turn(where)
    saved = fight.read_bytes()
    term.send("attack brannoc\r")
    term.wait_prompt("reaction>")
    term.send("dodge\r")
    term.wait_prompt("Gorm rolls 3d>")
    term.send("\x03")  # Ctrl-C at the dice
    term.wait_text("cancelled: nothing was done")
    term.wait_prompt("R1 Gorm>")
    assert fight.read_bytes() == saved
    term.send("attack brannoc\r")
    term.wait_prompt("reaction>")
    term.send("\r")
    term.wait_prompt("Gorm rolls 3d>")
    term.send("6,6,5\r")
    term.wait_prompt("Brace? [y/N]")
    term.send("\x04")  # Ctrl-D at Brace
    term.wait_text("cancelled: nothing was done")
    term.wait_prompt("R1 Gorm>")
    assert fight.read_bytes() == saved
    term.send("\x04")
    term.wait_exit()
    assert fight.read_bytes() == saved
