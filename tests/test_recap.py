"""The Markdown recap is campaign notes (issue 11 item 8): a heading per round, round 1
included, with the turns and what mattered (Wounds, Defeats, new conditions, notes, big
hits), the state at the end, and the command log only with ``--full``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from momenta_cli.encounter import load_encounter
from momenta_cli.engine.core import SeededRoller, Session
from momenta_cli.journal.records import seal
from momenta_cli.play import run_line
from momenta_cli.render.log_export import as_markdown
from tests.conftest import fight_of, invoke, started

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ["cult-shrine", "duel-at-the-ford", "demo"]


def replayed(name: str) -> Session:
    """A shipped fight played from its script as ``momenta replay`` plays it (seed 1)."""
    s = Session(load_encounter(ROOT / "encounters" / f"{name}.yaml"))
    roller = SeededRoller(1)
    for raw in (ROOT / "encounters" / f"{name}.script").read_text().splitlines():
        if raw.strip() and not raw.lstrip().startswith("#"):
            run_line(s, raw, roller)
    return s


@pytest.mark.parametrize("name", SHIPPED)
def test_the_recap_has_a_heading_per_round_and_a_line_per_wound(name):
    s = replayed(name)
    md = as_markdown(s)
    headings = re.findall(r"^## Round (\d+)", md, re.M)
    assert headings == [str(n) for n in range(1, s.state.round + 1)], md
    assert "## Command log" not in md
    events = [e for entry in s.entries for e in entry.events]
    wounds = [e for e in events if e.kind == "wound_taken"]
    told = re.findall(r"^- .*\b(?:Wound|Burden) \d+/\d+ \(", md, re.M)
    assert len(told) == len(wounds)
    assert all(e.name in md for e in wounds)
    downs = [e for e in events if e.kind == "fighter_down"]
    assert md.count(": Defeated") + md.count(": Lost") >= len(downs)
    assert "\\[" not in md.split("## At the end")[0]  # faces are not escaped
    assert md.split("## Round 1\n\n")[1].startswith("- Turns: ")


def test_a_wound_is_listed_under_its_round():
    # duel-at-the-ford: Oren's Shortbow hit fills the Warden's only Wound slot in round 2.
    md = as_markdown(replayed("duel-at-the-ford"))
    round2 = md.split("## Round 2")[1].split("## ")[0]
    assert re.search(r"Shortbow \(Piercing\) AGI 3d `\[6,5,5\]` 3s", round2)  # as written
    assert re.search(r"Oren -> The Warden: Shortbow .*Vitality 9->0: Wound 1/1 \(Impaired\) "
                     r"\+ Faltering, Vitality refilled to 26, 13 carried over -> 13", round2)


def test_the_recap_keeps_notes_conditions_and_leaves_the_routine_out(enc):
    fight = started(enc, "turn bran", "note the door bursts open", "cond gorm hindered",
                    "dmg knife-1 2", "dmg gorm 8", "next")
    md = invoke("log", fight, "-f", "md").output
    round1 = md.split("## Round 1")[1].split("## At the end")[0]
    assert re.search(r"- Turns: Brannoc \(\d+s\), Gorm \(\d+s so far\)\.", round1), round1
    assert "- Note: the door bursts open" in round1
    assert "- Gorm gains Hindered 1" in round1
    assert "- Gorm: Vitality 22->14 (damage)" in round1  # 8 of 22: a big hit
    assert "Knife-1" not in round1  # 2 of 10: routine


def test_full_adds_the_command_log(enc):
    fight = started(enc, "turn bran", "attack gorm with longsword", "end")
    short = invoke("log", fight, "-f", "md").output
    full = invoke("log", fight, "-f", "markdown", "--full").output
    assert full.startswith(short.rstrip("\n"))
    log = full.split("## Command log")[1]
    assert "### Round 1" in log
    for cmd in ("turn bran", "end"):
        assert f"- `{cmd}`" in log
    # the complete command, its dice written: the line a GM copies into a script
    assert re.search(r"- `attack gorm with longsword dice \d(,\d)*`", log), log
    assert re.search(r"  - Brannoc -> Gorm: Longsword .*`\[[\d,]+\]`", log)


# --- issue 26 item 8: what a round's last command did is told under that round ----------

# Demo with both Knives out of the way: Brannoc, Gorm, Tamsin, then Wren takes the last
# turn of round 1.
ROUND_ONE = ["defeat knife-1", "defeat knife-2", "turn brannoc", "end", "turn gorm", "end",
             "turn tamsin", "end", "turn wren"]


def test_a_defeat_in_the_last_turn_of_a_round_is_told_under_that_round(enc):
    # ch18 Taking a Turn: Faltering is checked at the end of Wren's last turn of the
    # round; d6 [1] is not above its 1 stack, LUCK 1d [3] 0 successes: Defeated. The same
    # `end` starts round 2, where nothing else happened: no "Round 2" heading, one round.
    r = invoke("do", enc, *ROUND_ONE, "cond wren faltering", "end dice 1,3")
    assert r.exit_code == 0, r.output
    md = invoke("log", fight_of(enc), "-f", "md", "--full").output
    assert re.search(r"^11 commands over 1 round\b", md, re.M), md
    assert re.findall(r"^##+ Round (\d+)", md, re.M) == ["1", "1"], md  # recap, command log
    round1 = md.split("## Round 1")[1].split("## At the end")[0]
    assert "- Wren is Defeated (Faltering check failed)" in round1
    log1 = md.split("### Round 1")[1]
    assert "- `end dice 1,3`\n  - Wren ends the turn\n" in log1
    assert "LUCK 1d `[3]` 0s" in log1 and "LUCK LUCK" not in log1


def test_a_round_begun_by_next_is_listed_with_the_turn_it_began(enc):
    r = invoke("do", enc, *ROUND_ONE, "next gorm")
    assert r.exit_code == 0, r.output
    md = invoke("log", fight_of(enc), "-f", "md", "--full").output
    assert re.search(r"^10 commands over 2 rounds\b", md, re.M), md
    round2 = md.split("## Round 2 (adversaries first)")[1].split("## ")[0]
    assert re.search(r"- Turns: Gorm\b", round2), md
    # typed in round 1, so listed there in the command log
    assert "### Round 2" not in md and "- `next gorm`" in md.split("### Round 1")[1]


# --- issue 26 item 9: each record keeps the time it was accepted -------------------------

def _clock(monkeypatch, *clock: str) -> None:
    """The journal's clock reads ``clock`` in turn: ``HH:MM:SS`` of one evening."""
    times = iter(f"2026-05-01T{t}+00:00" for t in clock)
    monkeypatch.setattr("momenta_cli.journal.records.clock", lambda: next(times))


def _records(fight: Path) -> list[dict]:
    return [json.loads(x) for x in fight.read_text().splitlines()[1:]]


def test_the_recap_says_how_long_each_round_and_each_turn_took(enc, monkeypatch):
    _clock(monkeypatch, "20:00:00", "20:00:05",
           "20:00:10", "20:01:30",  # Brannoc: 1m 20s
           "20:01:40", "20:02:25",  # Gorm: 45s
           "20:02:30", "20:05:00",  # Tamsin: 2m 30s
           "20:05:00", "20:20:00",  # Wren: 15m; round 1 from the first command: 20m
           "20:20:30", "20:21:00")  # round 2: Gorm's turn, going; 1m so far
    r = invoke("do", enc, *ROUND_ONE, "end", "turn gorm", "note a cart rolls by")
    assert r.exit_code == 0, r.output
    fight = fight_of(enc)
    assert [x["at"] for x in _records(fight)][:2] == ["2026-05-01T20:00:00+00:00",
                                                      "2026-05-01T20:00:05+00:00"]
    md = invoke("log", fight, "-f", "md").output
    assert re.search(r"^12 commands over 2 rounds in 21m\.$", md, re.M), md
    round1 = md.split("## Round 1")[1].split("## Round 2")[0]
    assert "- Turns: Brannoc (1m 20s), Gorm (45s), Tamsin (2m 30s), Wren (15m).\n" \
           "- Round time: 20m." in round1, round1
    round2 = md.split("## Round 2")[1].split("## At the end")[0]
    assert "- Turns: Gorm (30s so far).\n- Round time: 1m 00s so far." in round2, round2


def test_an_undo_and_a_redo_keep_their_time_too(enc, monkeypatch):
    _clock(monkeypatch, "20:00:00", "20:00:09", "20:00:30")
    fight = started(enc, "turn bran", "undo", "redo")
    assert [(sorted(x), x["at"][11:19]) for x in _records(fight)] == [
        (["at", "cmd", "events", "seq", "sum"], "20:00:00"),
        (["at", "seq", "sum", "undo"], "20:00:09"),
        (["at", "redo", "seq", "sum"], "20:00:30")]


def _retimed(fight: Path, at) -> None:
    """Rewrite each record's ``"at"`` as ``at(n, record)`` says (None: none), sealed
    again as momenta seals them: a fight from before times were kept, or one kept at
    other times."""
    lines = fight.read_text().splitlines()
    out = [lines[0]]
    for n, rec in enumerate(_records(fight), start=1):
        body = {k: v for k, v in rec.items() if k not in ("at", "sum")}
        when = at(n, rec)
        if when is not None:
            body["at"] = when
        out.append(json.dumps(seal(body, n), separators=(",", ":")))
    fight.write_text("\n".join(out) + "\n")


def test_a_fight_recorded_without_times_still_opens_and_says_its_times_are_unknown(enc):
    fight = started(enc, "turn bran", "attack gorm with longsword", "end", "turn gorm")
    _retimed(fight, lambda n, rec: None)
    assert all("at" not in x for x in _records(fight))
    md = invoke("log", fight, "-f", "md")
    assert md.exit_code == 0, md.output
    assert re.search(r"^4 commands over 1 round \(its times were not recorded\)\.$",
                     md.output, re.M), md.output
    assert "- Turns: Brannoc, Gorm.\n- " in md.output and "Round time" not in md.output
    # a time kept for some records only: what needs the others is unknown
    _retimed(fight, lambda n, rec: f"2026-05-01T20:0{n}:00+00:00" if n > 2 else None)
    md = invoke("log", fight, "-f", "md").output
    assert "- Turns: Brannoc (time unknown), Gorm (0s so far).\n" \
           "- Round time: unknown." in md, md
    status = invoke("status", fight)
    assert status.exit_code == 0 and "Gorm" in status.output, status.output


def test_times_leave_the_replay_the_script_and_the_state_as_they_were(enc):
    fight = started(enc, "turn bran", "attack gorm with longsword", "end", "turn gorm",
                    "undo", "redo")
    views = [("log", "-f", "script"), ("log", "-f", "json"), ("log", "-f", "text"),
             ("status", "--json")]

    def seen():
        # the script's header says when it was exported: the one line a clock may change
        return [re.sub(r", exported \S+", "", invoke(a, fight, *rest).output)
                for a, *rest in views]

    before = seen()
    _retimed(fight, lambda n, rec: f"2031-01-0{n}T0{n}:00:00+00:00")
    assert seen() == before
    assert all(x["at"].startswith("2031") for x in _records(fight))
