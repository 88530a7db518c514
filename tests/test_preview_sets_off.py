"""A `` ?`` preview names the scheduled events the line would set off (issue 27;
docs/encounter-format.md, Events): judged by the engine's own timing
(engine/schedule/timing.py ``due``) over the previewed events, so it names what the line
itself fires when run; not for an attack thrown with the preview's dice, nor in the
players' view."""

from __future__ import annotations

from pathlib import Path

from momenta_cli.encounter import load_encounter, load_encounter_text
from momenta_cli.engine.core import SeededRoller, Session
from momenta_cli.play import run_line
from tests.conftest import ROOT, invoke

TOLL = ROOT / "encounters" / "toll-house.yaml"
# The Toll-House's first round, up to Gorm's turn, its last (tests/test_replay.py plays it).
FIRST_ROUND = ("turn brannoc", "end", "turn captain", "end", "turn tamsin", "end",
               "turn gorm")


def toll(*lines: str) -> Session:
    s = Session(load_encounter(TOLL))
    for line in lines:
        run_line(s, line, SeededRoller(1))
    return s


def preview(s: Session, line: str, players: bool = False):
    out = run_line(s, line + " ?", SeededRoller(1), players=players)
    assert out.preview is not None and out.entry is None
    return out.preview


def test_end_of_the_round_names_the_events_the_line_fires_in_their_order():
    s = toll(*FIRST_ROUND)
    said = preview(s, "end").sets_off
    assert said == ("bell", "regenerate", "reinforcements")
    fired = run_line(s, "end", SeededRoller(1)).fired  # the line itself, run
    assert tuple(f.entry.events[0].name for f in fired) == said


def test_a_line_that_sets_nothing_off_names_nothing():
    s = toll("turn brannoc")
    assert preview(s, "end").sets_off == ()
    assert preview(s, "move brannoc to g3").sets_off == ()


def test_an_attack_names_them_only_with_every_die_given():
    """The captain at half Vitality rallies: known with the dice written, not from one
    throw of the preview's own."""
    s = toll("turn brannoc", "end", "turn captain", "end", "turn tamsin")
    assert preview(s, "attack captain with shortbow dice 6,6,6").sets_off == ("rally",)
    assert preview(s, "attack captain with shortbow dice 1,1,1").sets_off == ()
    run_line(s, "dmg captain 11", SeededRoller(1))  # 13 of 24: any hit makes him rally
    thrown = preview(s, "attack captain with shortbow")
    assert thrown.rolled and "attack_damage" in [e.kind for e in thrown.events]
    assert thrown.sets_off == ()


def test_a_movement_that_meets_thrown_reactions_names_nothing():
    """A move on the map whose reactive attacks (R35) are thrown with the preview's own
    dice: whether Knife-1 reaches E8 or falls on the way depends on them, so the preview
    names neither the trap nor his fall (docs/commands.md: only with every die given)."""
    text = (ROOT / "encounters" / "yard-with-a-map.yaml").read_text() + (
        "\nevents:\n  - {name: trap, when: {enters: [E8], who: Knife-1}, do: [note trap]}"
        "\n  - {name: down, when: {defeated: Knife-1}, do: [note down]}\n")
    s = Session(load_encounter_text(text, "yard.yaml", ROOT / "encounters"))
    script = (ROOT / "encounters" / "yard-with-a-map.script").read_text().splitlines()
    for line in [x for x in script if x.strip() and not x.startswith("#")]:
        if line.startswith("move knife-1 to e8"):
            break
        run_line(s, line, SeededRoller(1))
    run_line(s, "dmg knife-1 3", SeededRoller(1))
    thrown = preview(s, "move knife-1 to e8 forestall brannoc intercept tamsin")
    assert thrown.allowed and thrown.rolled
    assert thrown.sets_off == ()
    # the same move with nobody reacting: no die, and the trap is named
    assert preview(s, "move knife-1 to e8").sets_off == ("trap",)


def test_the_fights_first_line_starts_round_one():
    enc = load_encounter_text(
        TOLL.read_text() + "  - {name: dawn, when: {round: 1}, do: [note dawn]}\n",
        "toll.yaml", ROOT / "encounters")
    s = Session(enc)
    assert preview(s, "turn brannoc").sets_off == ("dawn",)
    run_line(s, "turn brannoc", SeededRoller(1))
    assert preview(s, "end").sets_off == ()  # dawn has fired (once only)
    s.undo()  # the dawn's own entry
    s.undo()  # and the first line
    assert s.state.fired == () and not s.entries  # undone back to the start:
    assert preview(s, "turn brannoc").sets_off == ("dawn",)  # the first line again
    fired = run_line(s, "turn brannoc", SeededRoller(1)).fired
    assert [f.entry.events[0].name for f in fired] == ["dawn"]


def test_the_players_view_is_not_told():
    s = toll(*FIRST_ROUND)
    assert preview(s, "end", players=True).sets_off == ()


def test_do_prints_it_and_saves_nothing(tmp_path: Path):
    import shutil

    shutil.copytree(ROOT / "encounters", tmp_path / "encounters")
    enc = tmp_path / "encounters" / "toll-house.yaml"
    assert invoke("do", enc, *FIRST_ROUND).exit_code == 0
    fight = enc.with_name("toll-house.fight.jsonl")
    before = fight.read_bytes()
    r = invoke("do", fight, "end ?", env={"COLUMNS": "80", "NO_COLOR": "1"})
    assert r.exit_code == 0, r.output
    assert "  would set off: bell, regenerate, reinforcements\n" in r.output
    assert fight.read_bytes() == before
