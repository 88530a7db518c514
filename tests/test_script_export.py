"""``momenta log FIGHT --format script``: the fight as a replay script, each command of
the journal as it stands (undone ones left out) written as its complete command with
every die (``dice ...``), so ``momenta replay ENCOUNTER SCRIPT`` plays the very same
fight under any seed: the same ``--json`` document, byte for byte."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from momenta_cli.encounter import load_encounter
from momenta_cli.engine.core import Entry, SeededRoller, Session
from momenta_cli.errors import MomentaError
from momenta_cli.journal import FightFile, default_fight_path
from momenta_cli.journal.records import encode, seal
from momenta_cli.play import for_script, run_line
from momenta_cli.play.pinned import diverges
from momenta_cli.render import as_script
from momenta_cli.render.state_json import session_doc
from tests.conftest import NOT_SOURCES, fight_of, invoke, started

pytestmark = pytest.mark.usefixtures("home")

ROOT = Path(__file__).resolve().parent.parent
SCRIPTED = sorted(p.stem for p in (ROOT / "encounters").glob("*.script"))


def played(enc: Path, script: Path, seed: int) -> Path:
    """The shipped script played into a saved fight under ``seed``, as at the table:
    a line the dice made impossible (a target already down) is refused and skipped."""
    fight = default_fight_path(enc)
    ff = FightFile.create(fight, enc, load_encounter(enc))
    roller = SeededRoller(seed)
    for line in script.read_text().splitlines():
        try:
            ff.run(line, roller)
        except MomentaError:
            continue
    return fight


@pytest.mark.parametrize("seed", [1, 7])
@pytest.mark.parametrize("name", SCRIPTED)
def test_the_export_of_each_shipped_fight_replays_to_the_same_json(tmp_path, name, seed):
    shutil.copytree(ROOT / "encounters", tmp_path / "encounters", ignore=NOT_SOURCES)
    enc = tmp_path / "encounters" / f"{name}.yaml"
    fight = played(enc, tmp_path / "encounters" / f"{name}.script", seed)
    out = tmp_path / "exported.script"
    r = invoke("log", fight, "--format", "script", "-o", out)
    assert r.exit_code == 0 and r.output == "", r.output
    want = invoke("log", fight, "--format", "json").output
    assert json.loads(want)["log"], "the fight has commands"
    for other in (seed + 1000, 3):  # a different seed rolls nothing: every die is written
        got = invoke("replay", enc, out, "--seed", other, "--json")
        assert got.exit_code == 0, got.output
        assert got.output == want
    if seed == 1:  # the shipped scripts play to their end under seed 1: the same fight
        original = invoke("replay", enc, tmp_path / "encounters" / f"{name}.script",
                          "--json")
        assert original.output == want


def test_the_header_says_which_encounter_and_when_and_how_to_replay(enc, tmp_path):
    fight = started(enc, "turn brannoc", "attack gorm with longsword", "end", "turn gorm",
                    "undo")
    out = tmp_path / "fight.script"
    assert invoke("log", fight, "-f", "script", "-o", out).exit_code == 0
    lines = out.read_text().splitlines()
    head = [x for x in lines if x.startswith("#")]
    assert head[0] == f"# Trouble at the Crossroads Inn: the fight saved in {fight}"
    created = json.loads(fight.read_text().splitlines()[0])["created"]
    assert head[1].startswith(f"# begun {created}, exported 20")
    assert "3 commands as the journal stands (1 undone command left out)" in head[2]
    assert head[-1] == f"#   momenta replay {enc} {out}"
    body = lines[len(head):]
    assert body[0] == "turn brannoc" and body[2] == "end" and len(body) == 3
    assert body[1].startswith("attack gorm with longsword dice ")
    assert all(len(x) <= 80 for x in head[1:4])  # the design width, paths aside


def test_to_stdout_the_replay_command_names_a_placeholder(enc):
    fight = started(enc, "turn brannoc")
    r = invoke("log", fight, "--format", "script")
    assert r.exit_code == 0
    assert f"#   momenta replay {enc} SCRIPT" in r.output
    assert r.output.endswith("\nturn brannoc\n")


def test_the_export_never_overwrites_the_fight_or_its_encounter(enc):
    fight = started(enc, "turn brannoc")
    before = fight.read_bytes(), enc.read_bytes()
    for target in (fight, enc):
        r = invoke("log", fight, "-f", "script", "-o", target)
        assert r.exit_code == 1 and "refusing" in r.output
    assert (fight.read_bytes(), enc.read_bytes()) == before


def test_an_unknown_format_names_script_among_the_choices(enc):
    fight = started(enc, "turn brannoc")
    r = invoke("log", fight, "-f", "scrip")
    assert r.exit_code == 2 and "text, markdown, json or script" in r.output


def _without_dice(fight: Path) -> None:
    """The fight file as a momenta from before the dice were kept wrote it."""
    lines = fight.read_text().splitlines()
    recs = [json.loads(x) for x in lines[1:]]
    old = [seal({k: v for k, v in r.items() if k not in ("dice", "seq", "sum")}, n)
           for n, r in enumerate(recs, start=1)]
    fight.write_bytes((lines[0] + "\n").encode() + b"".join(encode(r) for r in old))


def test_a_fight_saved_without_its_dice_gets_them_back_from_its_events(enc, tmp_path):
    """Records from before the dice were kept: the faces the log shows are the ones the
    tracker rolled, and the export checks that they replay exactly."""
    fight = started(enc, "turn brannoc", "attack gorm with longsword", "end", "turn gorm",
                    "attack brannoc with cudgel dodge")
    want = invoke("log", fight, "-f", "json").output
    _without_dice(fight)
    assert '"dice"' not in fight.read_text()
    out = tmp_path / "old.script"
    r = invoke("log", fight, "-f", "script", "-o", out)
    assert r.exit_code == 0 and r.output == ""
    assert sum(" dice " in x for x in out.read_text().splitlines()) == 2
    again = invoke("replay", enc, out, "--seed", "5", "--json")
    assert json.loads(again.output)["combatants"] == json.loads(want)["combatants"]


def test_a_command_that_no_longer_replays_is_said_on_stderr_and_in_the_header(enc, tmp_path):
    fight = started(enc, "turn brannoc", "attack gorm with longsword", "end")
    enc.write_text(enc.read_text().replace("POW: 3", "POW: 2", 1))  # Brannoc's, now weaker
    out = tmp_path / "edited.script"
    r = invoke("log", fight, "-f", "script", "-o", out)
    assert r.exit_code == 0
    said = "command 2 ('attack gorm with longsword dice "
    assert said in r.output and "does not replay as recorded" in r.output
    assert "rolls 2 dice, not 3" in r.output  # the replay would refuse it there
    assert f"# warning: {said}" in out.read_text()


def test_an_edited_encounter_is_said_in_the_header(enc, tmp_path):
    fight = started(enc, "turn brannoc", "attack gorm with longsword")
    enc.write_text(enc.read_text() + "\n# edited\n")
    out = tmp_path / "x.script"
    assert invoke("log", fight, "-f", "script", "-o", out).exit_code == 0
    text = out.read_text()
    assert f"# {enc} has changed since this fight began" in text
    assert "does not replay" not in text  # a comment added to it changes no rule


# --- the property: any fight, any seed ----------------------------------------------------

DEMO = load_encounter(ROOT / "encounters" / "demo.yaml")
NAMES = ["brannoc", "tamsin", "wren", "gorm", "knife-1", "knife-2"]
LINES = [
    "turn {n}", "next {n}", "end", "next", "undo", "redo", "undo", "attack {n}",
    "attack {n} dodge", "attack {n} deflect", "attack {n} at edge", "attack {n} brace",
    "attack {n} with shortbow dist 4", "attack {n} roll 5,6", "cond {n} hindered",
    "cond {n} frightened", "shake", "hide", "dmg {n} 4", "heal {n} 2", "end hindered=1s",
    "breath", "steady", "surge", "note {n} # a note", "attack {n} dice 6,6,6",
    "feint {n}", "shove {n}", "grab {n}", "move 2", "defeat {n}",
]


def line():
    return st.builds(lambda t, n: t.format(n=n), st.sampled_from(LINES),
                     st.sampled_from(NAMES))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(line(), min_size=1, max_size=40), st.integers(0, 2**16),
       st.integers(0, 2**16))
def test_any_fight_exported_replays_to_the_same_state_under_any_seed(lines, seed, other):
    s = Session(DEMO)
    roller = SeededRoller(seed)
    for text in lines:
        try:
            run_line(s, text, roller)
        except MomentaError:
            pass
    assert diverges(s) is None
    script = as_script(s, encounter="demo.yaml", fight="demo.fight.jsonl", begun=None,
                       exported="now")
    again = Session(DEMO)
    replayer = SeededRoller(other)
    for text in script.splitlines():  # as `momenta replay` reads it
        run_line(again, text, replayer)
    assert again.state == s.state
    assert session_doc(again) == session_doc(s)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(line(), min_size=1, max_size=40), st.integers(0, 2**16))
def test_a_fight_without_its_dice_gets_them_back_exactly(lines, seed):
    """An older momenta's fight (no "dice" in its records): the faces its events show
    are the ones its rolls took, in order, so the export is exact all the same."""
    s = Session(DEMO)
    roller = SeededRoller(seed)
    for text in lines:
        try:
            run_line(s, text, roller)
        except MomentaError:
            pass
    old = Session(DEMO)
    for entry in s.entries:
        old.push(Entry(entry.line, entry.events))
    entries, off = for_script(old)
    assert off is None
    assert [e.dice for e in entries] == [e.dice for e in s.entries]


def test_the_property_covers_fights_with_rolls_and_undos():
    """A guard on the strategy above: its lines do make a fight worth exporting."""
    s = Session(DEMO)
    for text in ("turn brannoc", "attack gorm", "undo", "attack gorm", "end"):
        run_line(s, text, SeededRoller(2))
    assert len(s.entries) == 3 and s.entries[1].dice and diverges(s) is None


def test_played_helper_skips_refused_lines(tmp_path):
    with tempfile.TemporaryDirectory(dir=tmp_path) as d:
        shutil.copytree(ROOT / "encounters", Path(d) / "e", ignore=NOT_SOURCES)
        enc = Path(d) / "e" / "demo.yaml"
        script = Path(d) / "s.script"
        script.write_text("turn brannoc\nattack nobody\nend\n")
        fight = played(enc, script, 1)
        assert fight == fight_of(enc)
        cmds = [json.loads(x).get("cmd") for x in fight.read_text().splitlines()[1:]]
        assert cmds == ["turn brannoc", "end"]


@pytest.mark.parametrize("fmt", ["text", "markdown", "json", "script"])
def test_output_dash_means_stdout_for_every_format(enc, tmp_path, monkeypatch, fmt):
    fight = started(enc, "turn brannoc", "attack gorm with longsword")
    monkeypatch.chdir(tmp_path)
    want = invoke("log", fight, "--format", fmt)
    r = invoke("log", fight, "--format", fmt, "-o", "-")
    assert r.exit_code == 0, r.output
    def same(text: str) -> list[str]:  # the export's own time aside
        return [y for y in text.splitlines() if "exported" not in y]

    assert same(r.output) == same(want.output) and "brannoc" in r.output.lower()
    assert not (tmp_path / "-").exists()


def test_the_replay_hint_quotes_paths_with_spaces_for_the_shell(tmp_path):
    import shlex

    room = tmp_path / "my encounters"
    shutil.copytree(ROOT / "encounters", room, ignore=NOT_SOURCES)
    enc = room / "demo.yaml"
    fight = started(enc, "turn brannoc", "attack gorm with longsword")
    out = tmp_path / "Kira's fight.script"
    assert invoke("log", fight, "-f", "script", "-o", out).exit_code == 0
    hint = next(x for x in out.read_text().splitlines() if "momenta replay" in x)
    words = shlex.split(hint.removeprefix("#"))
    assert words == ["momenta", "replay", str(enc), str(out)]
    got = invoke("replay", *words[2:], "--json", "--seed", "99")
    assert got.exit_code == 0 and got.output == invoke("log", fight, "-f", "json").output
