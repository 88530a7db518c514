"""Pinned dice: a trailing ``dice F,F,...`` on any fight command gives the faces its rolls
take (R1: the dice are d6, a 5 or 6 a success), in order and nothing else: too few or too
many faces, faces that are no d6's, or the clause on a session line (undo, odds...) are
refused with one line and nothing changed. Every face a command took is kept in the
journal (``"dice"``), so a saved fight resumes with them, and older records without them
still read."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from momenta_cli.cli.completion import complete
from momenta_cli.encounter import load_encounter
from momenta_cli.engine.core import Entry, SeededRoller, Session
from momenta_cli.errors import CommandError
from momenta_cli.journal import FightFile
from momenta_cli.journal.records import checksum, encode, seal
from momenta_cli.play import run_line
from momenta_cli.text import split, take_dice, with_dice
from tests.conftest import invoke, one_line_error, started
from tests.engine_helpers import refused, run

pytestmark = pytest.mark.usefixtures("home")

ROOT = Path(__file__).resolve().parent.parent
DEMO = load_encounter(ROOT / "encounters" / "demo.yaml")
SWING = "attack gorm with longsword"  # Brannoc's POW 3: 3d, Gorm does not react
DODGED = "attack brannoc with cudgel dodge"  # Gorm's 3d, then Brannoc's Dodge 1d


class NoDice:
    def roll(self, n: int) -> list[int]:
        raise AssertionError("the tracker rolled for a line that pinned its dice")


def brannoc_acting() -> Session:
    s = Session(DEMO)
    run(s, "turn brannoc")
    return s


def rolled(entry: Entry) -> list[tuple[int, ...]]:
    """The faces of each roll the entry's events show, in order."""
    return [e.roll.faces for e in entry.events if e.kind == "attack_rolled"]


# --- the faces are taken, exactly --------------------------------------------------------


def test_a_pinned_line_rolls_exactly_its_faces_and_the_tracker_none():
    s = brannoc_acting()
    out = run_line(s, f"{SWING} dice 6,5,1", NoDice())
    assert out.entry is not None and out.entry.dice == (6, 5, 1)
    assert rolled(out.entry) == [(6, 5, 1)]
    assert out.entry.line == SWING  # the clause is the dice, kept apart from the line
    assert out.entry.script_line == f"{SWING} dice 6,5,1"


def test_the_attackers_dice_come_first_then_the_defenses():
    s = brannoc_acting()
    run(s, "next gorm")
    out = run_line(s, f"{DODGED} dice 5,5,2,6", NoDice())
    attack = next(e for e in out.entry.events if e.kind == "attack_rolled")
    assert attack.roll.faces == (5, 5, 2) and attack.defense_roll.faces == (6,)


@pytest.mark.parametrize("clause", ["DICE 6,5,1", "dice 6 5 1", "dice 6, 5, 1", "dice 6,5 1"])
def test_the_clause_in_any_case_with_commas_or_spaces(clause):
    s = brannoc_acting()
    out = run_line(s, f"{SWING} {clause}", NoDice())
    assert out.entry.dice == (6, 5, 1) and out.entry.script_line == f"{SWING} dice 6,5,1"


def test_a_comment_after_the_clause_stays_with_the_line():
    s = brannoc_acting()
    out = run_line(s, f"{SWING} dice 6,5,1   # a lucky one", NoDice())
    assert out.entry.line == f"{SWING}   # a lucky one"
    assert out.entry.script_line == f"{SWING} dice 6,5,1   # a lucky one"


def test_the_tracker_rolls_are_kept_and_written_back_as_the_clause():
    s = brannoc_acting()
    out = run_line(s, SWING, SeededRoller(4))
    assert len(out.entry.dice) == 3 and rolled(out.entry) == [out.entry.dice]
    assert out.entry.script_line == f"{SWING} dice {','.join(map(str, out.entry.dice))}"
    quiet = run_line(s, "note nothing rolled here", NoDice()).entry
    assert quiet.dice == () and quiet.script_line == "note nothing rolled here"


def test_typed_results_are_on_the_line_and_only_the_rest_is_kept():
    """``roll 5,6,2`` types the attack's dice: the tracker rolls only the defense."""
    s = brannoc_acting()
    run(s, "next gorm")
    out = run_line(s, f"{DODGED} roll 5,6,2", SeededRoller(1))
    assert len(out.entry.dice) == 1  # Brannoc's Dodge
    assert out.entry.script_line == f"{DODGED} roll 5,6,2 dice {out.entry.dice[0]}"


def test_note_text_that_merely_mentions_dice_is_a_note():
    s = brannoc_acting()
    run_line(s, "note the dice were cursed", NoDice())
    run_line(s, 'note "she rolled dice 5,5"', NoDice())
    assert [e.line for e in s.entries[-2:]] == ["note the dice were cursed",
                                               'note "she rolled dice 5,5"']


# --- refusals: one line, nothing changed --------------------------------------------------


def test_too_few_faces_are_refused():
    s = brannoc_acting()
    msg = refused(s, f"{SWING} dice 6,5", "dice 6,5", "more dice than the 2 given")
    assert "in order" in msg


def test_too_many_faces_are_refused():
    s = brannoc_acting()
    refused(s, f"{SWING} dice 6,5,1,2", "rolls 3 dice, not 4")


def test_faces_for_a_command_that_rolls_none_are_refused():
    s = brannoc_acting()
    refused(s, "cond gorm hindered dice 5", "rolls no dice")
    refused(s, "note gorm rolled dice 5", "rolls no dice", "quotes")  # the way out


@pytest.mark.parametrize("line", ["undo dice 5", "redo dice 5,2", "status dice 1",
                                  "help dice 2", "quit dice 6", "odds gorm dice 5,2"])
def test_session_lines_refuse_pinned_dice(line):
    s = brannoc_acting()
    run(s, SWING)
    msg = refused(s, line, "pins the dice of a fight command")
    assert line.split()[0] in msg  # says which line takes none


@pytest.mark.parametrize("faces, bad", [("0", "0"), ("7", "7"), ("5,9", "9"), ("56", "56"),
                                        ("5,,12", "12"), (",", None)])
def test_faces_that_are_no_d6_are_refused(faces, bad):
    s = brannoc_acting()
    msg = refused(s, f"{SWING} dice {faces}", "dice")
    assert (f"{bad!r}" in msg) if bad else ("give the faces" in msg)


def test_the_clause_on_a_note_without_other_text_says_to_quote_it():
    # the words after the verb are all clause: the note's text is missing because of it
    s = brannoc_acting()
    refused(s, "note dice 5,5", "dice 5,5: this command rolls no dice", "quotes")
    refused(s, "over dice 5", "rolls no dice", "quotes")


@pytest.mark.parametrize("clause, bad", [("dice -1,2,3", "'-1'"), ("dice 1.5,2,3", "'1.5'"),
                                         ("dice \u0661,\u0662", "'\u0661'"),
                                         ("DICE 5;2", "'5;2'"), ("dice", "read as their own"),
                                         ("dice ,,,", "give the faces"),
                                         ("dice 1,2,3,,", "no face"), ("dice 5,,2", "no face"),
                                         ("dice ,5", "no face")])
def test_a_trailing_dice_with_no_faces_after_it_is_a_bad_clause(clause, bad):
    # whatever the verb, the line is refused for its clause, saying what faces look like
    s = brannoc_acting()
    for line in (f"{SWING} {clause}", f"note gorm rolled {clause}"):
        msg = refused(s, line, bad, "like 'dice 5,2,6'", "quotes")
        assert msg.startswith(clause.split()[0].lower()), msg
    # quoted, the words are the note's text
    run_line(s, f'note "gorm rolled {clause}"', NoDice())
    assert s.entries[-1].events[-1].text == f"gorm rolled {clause}"


def test_a_refused_command_stays_refused_for_its_own_reason():
    s = brannoc_acting()
    refused(s, "attack nobody with longsword dice 5,5,5", "nobody")


def test_one_shot_refusals_are_one_line_and_leave_the_file_alone(enc):
    fight = started(enc, "turn brannoc")
    before = fight.read_bytes()
    for line, words in ((f"{SWING} dice 6,5", "more dice"), (f"{SWING} dice 6,5,1,1", "not 4"),
                        ("undo dice 3", "undo"), (f"{SWING} dice 8", "'8'")):
        err = one_line_error(invoke("do", fight, line))
        assert words in err, err
        assert fight.read_bytes() == before
    r = invoke("do", fight, f"{SWING} dice 6,6,6", "--quiet")
    assert r.exit_code == 0, r.output
    assert "[6,6,6]" in r.output


# --- the journal ------------------------------------------------------------------------


def records(fight: Path) -> list[dict]:
    return [json.loads(x) for x in fight.read_text().splitlines()[1:]]


def test_the_journal_keeps_the_dice_only_where_something_rolled(enc):
    fight = started(enc, "turn brannoc", SWING, f"{SWING} dice 1,1,6", "end")
    rec = records(fight)
    assert [("dice" in r) for r in rec] == [False, True, True, False]
    assert rec[2]["cmd"] == SWING and rec[2]["dice"] == [1, 1, 6]
    assert rec[1]["dice"] == [f for e in rec[1]["events"] if e["kind"] == "attack_rolled"
                              for f in e["roll"]["faces"]]


def shape(entries: list[Entry]) -> list[tuple]:
    return [(e.line, e.dice, [x.to_dict() for x in e.events]) for e in entries]


def test_a_saved_fight_with_dice_resumes_identically(enc):
    lines = ("turn brannoc", SWING, "end", "turn gorm", DODGED, "undo")
    fight = started(enc, *lines)  # at the prompt, seed 1
    live = Session(load_encounter(enc))
    roller = SeededRoller(1)
    for line in lines:
        run_line(live, line, roller)
    s = FightFile.open(fight).session
    assert s.state == live.state
    assert shape(s.entries) == shape(live.entries) and shape(s.undone) == shape(live.undone)
    assert s.undone[0].dice and s.entries[1].dice
    # and on: redo puts the attack back with its dice, and the next resume has it too
    r = invoke("redo", fight)
    assert r.exit_code == 0, r.output
    assert f"redo: put back '{live.undone[0].script_line}'" in r.output
    live.redo()
    again = FightFile.open(fight).session
    assert again.state == live.state and shape(again.entries) == shape(live.entries)
    assert invoke("log", fight, "-f", "text").output.count(" dice ") == 2


def _strip_dice(fight: Path, *, version: int) -> None:
    """The file as an older momenta wrote it: no "dice" (and, for version 1, no seq/sum)."""
    lines = fight.read_text().splitlines()
    header = json.loads(lines[0])
    out = []
    if version == 1:
        header = {k: v for k, v in header.items() if k != "sum"} | {"version": 1}
    out.append(encode(header))
    for n, raw in enumerate(lines[1:], start=1):
        r = {k: v for k, v in json.loads(raw).items() if k not in ("dice", "seq", "sum")}
        out.append(encode(r if version == 1 else seal(r, n)))
    fight.write_bytes(b"".join(out))


@pytest.mark.parametrize("version", [1, 2])
def test_an_old_record_without_dice_still_reads(enc, version):
    fight = started(enc, "turn brannoc", SWING, "end")
    want = FightFile.open(fight, repair=False).session.state
    _strip_dice(fight, version=version)
    assert '"dice"' not in fight.read_text()
    ff = FightFile.open(fight, repair=False)
    assert ff.session.state == want and not ff.warnings
    assert [e.dice for e in ff.session.entries] == [(), (), ()]
    assert ff.session.entries[1].script_line == SWING  # nothing to write back
    r = invoke("do", fight, "turn gorm")  # and it goes on (a version-1 file converted)
    assert r.exit_code == 0, r.output


@pytest.mark.parametrize("bad", [[7], [0], ["5"], [True], "5,2", [5.0], "abc", None])
def test_a_record_with_impossible_dice_is_damage_named_by_its_key(enc, bad):
    # sealed again with a valid sum: still no record momenta wrote. Every command that
    # reads the fight says which record and which key, and opens it up to that record
    fight = started(enc, "turn brannoc", SWING)
    lines = fight.read_text().splitlines()
    rec = json.loads(lines[2])
    rec["dice"] = bad
    rec["sum"] = checksum(rec)
    fight.write_text("\n".join([*lines[:2], json.dumps(rec)]) + "\n")
    where = f"{fight}:3: damaged record {SWING!r} (its \"dice\" should be a list of faces"
    ff = FightFile.open(fight, repair=False)
    # Run again without dice, the attack would roll new ones: it is listed, left out.
    assert len(ff.session.entries) == 1 and any(where in w for w in ff.warnings)
    assert any(f"{fight}:3: {SWING!r} no longer applies (it rolls dice its record does "
               f"not hold)" in w for w in ff.warnings), ff.warnings
    for args in (("status", fight), ("log", fight), ("log", fight, "-f", "script")):
        r = invoke(*args)
        assert r.exit_code == 0 and where in r.output, (args, r.output)
        assert "different version" not in r.output
    r = invoke("do", fight, "note on")  # refused until the GM repairs it
    assert r.exit_code == 1 and where in r.output, r.output
    r = invoke("repair", fight)
    assert r.exit_code == 0 and "kept as" in r.output, r.output
    assert invoke("do", fight, "note on").exit_code == 0
    assert [x["cmd"] for x in records(fight)] == ["turn brannoc", "note on"]


# --- the clause as text ------------------------------------------------------------------

WORD = st.sampled_from(["attack", "gorm", "with", "Tower Shield", "kira's", "#", "a#b",
                        'say "hi"', "\\", "'", "dice", "5,2", "x", "", " ", "é"])
LINE = st.lists(WORD, min_size=1, max_size=6).map(" ".join)
FACES = st.lists(st.integers(1, 6), min_size=1, max_size=8).map(tuple)


@pytest.mark.slow  # property
@settings(max_examples=300, deadline=None)
@given(LINE, FACES, st.sampled_from(["", " # note", "  #x 'y", "#z", ' # "open']))
def test_writing_the_clause_back_gives_the_same_words_and_faces(line, faces, comment):
    text = (line + comment).strip()
    try:
        words = split(text)
        if not words or take_dice(text) is not None:
            return  # an entry's line never ends in a clause of its own
    except CommandError:
        return  # a line that does not split, or ends in a bad clause: refused before all
    full = with_dice(text, faces)
    assert split(full) == [*words, "dice", ",".join(map(str, faces))]
    back = take_dice(full)
    assert back is not None and back[1] == faces
    assert split(back[0]) == words
    if comment and re.fullmatch(r"[a-z ]+", line):
        assert back[0] == text  # a plain line gets its comment back as typed


def test_completion_offers_nothing_after_the_clause_word():
    s = brannoc_acting()
    for before in (f"{SWING} dice ", f"{SWING} dice 5,", f"{SWING} dice 5,2 ", "end dice "):
        assert complete(s.state, before)[1] == []
    assert complete(s.state, f"{SWING} ")[1]  # and the rest of the line as before


def test_a_quoted_dice_is_a_name_an_encounter_file_may_use():
    """Only the bare word opens the clause: a combatant the file calls Dice is named in
    quotes (or by a prefix) before a number."""
    from tests.engine_helpers import session_from

    s = session_from("""
    name: Gamblers
    combatants:
      - {name: Dice, side: adversaries, threat: Grunt}
      - {name: Halden, side: allies, attributes: {POW: 2}}
    """)
    refused(s, "dmg dice 4", "missing")  # `dice 4` read as the clause: dmg lacks its words
    run_line(s, 'dmg "dice" 4', NoDice())
    run_line(s, "dmg dic 1", NoDice())
    assert s.state.fighters["Dice"].vitality == s.state.fighters["Dice"].spec.max_vitality - 5


def test_the_log_undo_and_redo_show_the_complete_command(enc, tmp_path):
    """Where a GM would copy a line from: the text log, the Markdown appendix, the JSON
    log, and what undo and redo say they took back or put back."""
    fight = started(enc, "turn brannoc", SWING)
    whole = FightFile.open(fight, repair=False).session.entries[-1].script_line
    assert re.fullmatch(rf"{SWING} dice \d,\d,\d", whole)
    assert f"> {whole}" in invoke("log", fight).output
    assert f"- `{whole}`" in invoke("log", fight, "-f", "md", "--full").output
    doc = json.loads(invoke("log", fight, "-f", "json").output)["log"][-1]
    assert doc["command"] == SWING and doc["script_line"] == whole
    assert doc["dice"] == [int(x) for x in whole.rsplit(" ", 1)[1].split(",")]
    assert f"undo: took back '{whole}'" in invoke("undo", fight).output
    assert f"redo: put back '{whole}'" in invoke("redo", fight).output
    script = tmp_path / "s.script"
    script.write_text(f"turn brannoc\n{SWING}\nundo\nredo\n")
    shown = invoke("replay", enc, script, "--no-color", "--width", "200").output
    assert re.search(rf"\nundo: took back '{SWING} dice \d,\d,\d'", shown)
    assert re.search(rf"\nredo: put back '{SWING} dice \d,\d,\d'", shown)


# --- the comment's place: one pass over the line -------------------------------------------


def _comment_at_by_prefixes(line: str) -> int | None:
    """The definition comment_at keeps: the first ``#`` before which the line already has
    all of its words (each prefix split again: quadratic, the oracle only)."""
    try:
        whole = split(line)
    except CommandError:
        return None
    at = line.find("#")
    while at >= 0:
        try:
            if split(line[:at]) == whole:
                return at
        except CommandError:
            pass
        at = line.find("#", at + 1)
    return None


CHARS = st.sampled_from(list("ab #'\"\\\ufeff\t,5") + ["dice", "é"])


@pytest.mark.slow  # property
@settings(max_examples=1500, deadline=None)
@given(st.lists(CHARS, max_size=16).map("".join))
def test_the_comment_is_found_where_the_words_end(line):
    from momenta_cli.text import comment_at

    assert comment_at(line) == _comment_at_by_prefixes(line), line


def test_a_line_full_of_hashes_is_read_in_linear_time():
    # a note quoting 20,000 '#' and a dice clause: every '#' is inside the quotes; read
    # once, not once per '#' (which took minutes)
    import time

    from momenta_cli.text import comment_at

    line = f'note "{"#" * 20000}" dice 1'
    t = time.perf_counter()
    assert comment_at(line) is None and comment_at(line + " # why") == len(line) + 1
    assert take_dice(line) == (f'note "{"#" * 20000}"', (1,))
    assert time.perf_counter() - t < 0.5
