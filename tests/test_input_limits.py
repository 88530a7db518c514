"""Input limits (issue 29, items 1 and 6): one size limit on what is typed, enforced where
text comes in, so the writer never writes a record the reader refuses; refusals quote
what was typed short; typed digits become numbers one way, and never too many of them.

``text.LINE_MAX`` (4,000 characters) holds for a command line at the prompt, in ``do``
and in replay scripts (all pass play/runner.py ``check_plain``) and for an answer to
the table's questions (cli/ask.py, the players' pick); journal/records.py asserts that
such a line fits a record and ``encode`` refuses to write one that does not.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from momenta_cli.encounter import load_encounter
from momenta_cli.engine.core import SeededRoller, Session
from momenta_cli.errors import CommandError, JournalError, MomentaError
from momenta_cli.journal import FightFile, default_fight_path
from momenta_cli.journal.records import RECORD_LIMIT, encode, entry_record, seal
from momenta_cli.play import run_line
from momenta_cli.questions.wound_die import answer as wound_answer
from momenta_cli.text import ECHO_MAX, LINE_MAX, echo, whole
from tests.conftest import ROOT, fight_of, invoke, one_line_error
from tests.test_ask_questions import gorms_turn, settle
from tests.test_ask_wound_d6 import WOUND, low

pytestmark = pytest.mark.usefixtures("home")

DEMO = load_encounter(ROOT / "encounters" / "demo.yaml")
TOO_LONG = "too long: a line is at most 4,000 characters"
DIGITS_5000 = "9" * 5000
# Characters whose JSON is longest in a record written as momenta writes it (UTF-8, non
# ASCII kept): a quote and a backslash take two bytes each, a character beyond the BMP
# four. A backslash before the quote keeps the quote a letter of the note.
WIDE = '\\"😀𝔊'


def cmds(fight: Path) -> list[str]:
    """The commands of a saved fight, read back as ``status`` reads it (no repair): the
    reader must take every record, with no warning."""
    back = FightFile.open(fight, repair=False)
    assert back.warnings == [], back.warnings
    return [e.line for e in back.session.entries]


def piped(enc: Path, *lines: str, ask: bool = False):
    """``momenta run`` with ``lines`` piped in (the prompt's real loop)."""
    args = ["run", enc, "--new", "--seed", "1"] + (["--ask"] if ask else [])
    r = invoke(*args, input="".join(x + "\n" for x in lines))
    assert r.exit_code == 0, r.output[:2000]
    assert "Traceback" not in r.output and "internal error" not in r.output, r.output[:2000]
    return r


def refusals(output: str) -> list[str]:
    return [x for x in output.splitlines() if x.startswith("! ")]


def refused(s: Session, line: str) -> str:
    """The one-line refusal of ``line``; the session is left as it was."""
    before = list(s.entries)
    with pytest.raises(MomentaError) as err:
        run_line(s, line, SeededRoller(1))
    assert s.entries == before
    msg = str(err.value)
    assert "\n" not in msg and len(msg) < 300, msg
    return msg


# --- one size limit, where text comes in ---------------------------------------------------


def test_a_540_kb_note_at_the_prompt_is_refused_and_the_commands_after_it_are_kept(enc):
    """Why: "a pasted 540 KB note is shown as done and saved as a 1.1 MB record; the reader
    refuses records over 1 MB, so that note and the two commands after it (one Defeats a
    combatant) vanish". Now the note is refused in one line, nothing of it is saved, and
    every later command is saved and read back."""
    r = piped(enc, "turn wren", "note " + "a" * 540_000, "defeat gorm", "note after")
    assert refusals(r.output) == [f"! {TOO_LONG} (this one has 540,005)"]
    assert len(r.output) < 5000  # the page pasted is not echoed back whole either
    assert "R1 Wren> note aaaaaaaaaa" in r.output and "…" in r.output
    assert cmds(fight_of(enc)) == ["turn wren", "defeat gorm", "note after"]
    assert "a" * 100 not in fight_of(enc).read_text()
    assert invoke("status", fight_of(enc)).output.count("Defeated") >= 1


def test_do_refuses_an_over_long_line_in_one_line_leaving_the_file_byte_for_byte(enc):
    assert invoke("do", enc, "turn wren").exit_code == 0
    saved = fight_of(enc).read_bytes()
    r = invoke("do", fight_of(enc), "note " + "b" * 5000)
    line = one_line_error(r)
    assert TOO_LONG in line and "(this one has 5,005)" in line and len(line) < 300
    assert fight_of(enc).read_bytes() == saved
    # and the lines after a refused one are not run (do is all or nothing)
    r = invoke("do", fight_of(enc), "defeat gorm", "note " + "b" * 5000)
    assert r.exit_code == 1 and fight_of(enc).read_bytes() == saved


def test_a_replay_script_with_a_1_mb_line_names_script_and_line_in_one_short_line(enc):
    """Why: refusals echo inputs whole ("1 MB for a long replay line")."""
    script = enc.with_name("long.script")
    script.write_text("turn wren\nnote " + "c" * 1_048_576 + "\ndefeat gorm\n")
    r = invoke("replay", enc, script)
    assert r.exit_code == 1
    last = r.output.strip().splitlines()[-1]
    assert last == f"{script}:2: {TOO_LONG} (this one has 1,048,581)"
    assert len(r.output) < 2000 and "Traceback" not in r.output


def test_ten_thousand_via_squares_are_refused_short(enc):
    """Why: refusals echo inputs whole ("30 KB for 10,000 --via squares"). A route has
    at most 20 squares after 'via'."""
    yard = enc.with_name("yard-with-a-map.yaml")
    r = invoke("path", yard, "mira", "e11", "--via", ",".join(["d9"] * 10_000))
    assert r.exit_code == 2, r.output
    assert len(r.output) < 400 and "Traceback" not in r.output, r.output[:1000]
    assert "'via' takes at most 20 squares" in r.output
    ok = invoke("path", yard, "mira", "e11", "--via", ",".join(["d9"] * 20))
    assert "at most 20" not in ok.output


def test_an_over_long_answer_is_refused_and_asked_again(enc):
    """An answer to a question is held to the same limit as a line: refused in one line,
    echoed short, the question asked again (here: the attacker's dice)."""
    r = piped(enc, "turn wren", "next gorm", "attack brannoc", "", "5" * 5000, "5,6,2", "",
              ask=True)
    assert refusals(r.output) == ["! too long: an answer is at most 4,000 characters (this "
                                  "one has 5,000); type it again"]
    assert "5" * 100 not in r.output
    assert cmds(fight_of(enc))[-1].startswith("attack brannoc roll 5,6,2")


# --- the writer never writes what the reader refuses ---------------------------------------


def new_fight(folder: Path) -> FightFile:
    enc = folder / "demo.yaml"
    if not enc.exists():
        enc.write_text((ROOT / "encounters" / "demo.yaml").read_text())
        lib = folder / "library"
        lib.mkdir()
        for f in (ROOT / "encounters" / "library").iterdir():
            (lib / f.name).write_text(f.read_text())
    return FightFile.create(default_fight_path(enc), enc, DEMO)


def longest(verb: str = "note") -> str:
    """A line of exactly ``LINE_MAX`` characters, of the characters with the longest JSON."""
    body = (WIDE * LINE_MAX)[:LINE_MAX - len(verb) - 1]
    return f"{verb} {body[:-1]}" + ("😀" if body.endswith("\\") else body[-1])


def test_the_longest_line_accepted_is_saved_and_read_back_whole(tmp_path):
    ff = new_fight(tmp_path)
    ff.run("turn wren", SeededRoller(1))
    line = longest()
    assert len(line) == LINE_MAX
    ff.run(line, SeededRoller(1))
    record = ff.path.read_bytes().splitlines()[-1]
    assert len(record) < RECORD_LIMIT // 8  # far inside the reader's limit
    assert cmds(ff.path) == ["turn wren", line]
    assert FightFile.open(ff.path, repair=False).session.state == ff.session.state
    with pytest.raises(CommandError, match=TOO_LONG):
        ff.run(line + "!", SeededRoller(1))


def test_the_worst_escaping_of_the_longest_line_still_fits_a_record():
    # A lone surrogate (a byte that was not UTF-8) makes the record ASCII-escaped, where a
    # character beyond the BMP takes 12 bytes; the line is then refused, but even its
    # record, with the line in it twice, would fit.
    s = Session(DEMO)
    entry = run_line(s, "note x", SeededRoller(1)).entry
    assert entry is not None
    record = entry_record(entry)
    worst = "\udce9" + "😀" * (LINE_MAX - 1)
    record["cmd"], record["events"][0]["text"] = worst, worst
    blob = encode(seal(record, 1))
    assert len(blob) <= RECORD_LIMIT // 8 and blob.isascii()


def test_a_record_the_reader_would_refuse_is_never_written(tmp_path, monkeypatch):
    """Whatever lets a line through, the writer refuses a record over the reader's limit:
    the command is not done and the file is left as it was."""
    import momenta_cli.text.limits as limits

    ff = new_fight(tmp_path)
    ff.run("turn wren", SeededRoller(1))
    saved = ff.path.read_bytes()
    monkeypatch.setattr(limits, "LINE_MAX", 10 * RECORD_LIMIT)  # as if there were none
    with pytest.raises(JournalError, match="over the 1,048,576 a fight file's record may"):
        ff.run("note " + "d" * 600_000, SeededRoller(1))
    assert ff.path.read_bytes() == saved
    assert [e.line for e in ff.session.entries] == ["turn wren"]
    ff.run("defeat gorm", SeededRoller(1))  # the fight goes on, saved as ever
    assert cmds(ff.path) == ["turn wren", "defeat gorm"]


VERBS = ["note", "over", "add footpad as", "dmg gorm", "cond gorm", "attack gorm with",
         "turn", "", "defeat"]


@st.composite
def typed_lines(draw) -> str:
    """A line of any length up to just past the limit: a verb and a random piece of text
    (any Unicode: control characters, surrogates, quotes, characters beyond the BMP)
    repeated to the length drawn, often exactly at the boundary."""
    verb = draw(st.sampled_from(VERBS))
    piece = draw(st.text(st.characters(blacklist_categories=()), min_size=1, max_size=30))
    size = draw(st.one_of(st.integers(0, LINE_MAX + 10),
                          st.sampled_from([LINE_MAX - 1, LINE_MAX, LINE_MAX + 1])))
    head = f"{verb} " if verb else ""
    body = piece * (size // len(piece) + 1)
    return (head + body)[:max(size, len(head))]


def journal_read_back_whole(line: str) -> None:
    """Run ``line`` in a fresh fight after one command; accepted or refused, the reader
    takes the file back whole, with the state the writer has (a refused line leaves the
    file byte for byte); a line past the limit is refused."""
    with tempfile.TemporaryDirectory() as where:
        ff = new_fight(Path(where))
        ff.run("turn wren", SeededRoller(1))
        saved = ff.path.read_bytes()
        try:
            ff.run(line, SeededRoller(1))
        except MomentaError as err:
            assert ff.path.read_bytes() == saved
            assert "\n" not in str(err) and len(str(err)) < 400, str(err)
        else:
            assert len(line) <= LINE_MAX
        back = FightFile.open(ff.path, repair=False)
        assert back.warnings == []
        assert back.records == len(ff.session.entries)
        assert back.session.state == ff.session.state


@settings(max_examples=20, suppress_health_check=[HealthCheck.too_slow])
@given(line=typed_lines())
def test_any_line_accepted_or_refused_leaves_a_journal_read_back_whole(line):
    """Must show: "any line up to the limit, accepted or refused, leaves a journal the
    reader reads back whole" (and any line past it is refused)."""
    journal_read_back_whole(line)


@pytest.mark.parametrize("line", ["add footpad as " + "a=" * 900, "add " + "=b" * 900])
def test_a_long_name_refused_for_its_equals_sign_is_refused_in_a_short_line(line):
    """Found by the property above: the refusal quoted the whole name (1,800
    characters); it is cut, as every echo of what was typed is."""
    journal_read_back_whole(line)


@pytest.mark.slow
@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(line=typed_lines())
def test_any_line_leaves_a_journal_read_back_whole_many_examples(line):
    """The property above with many more lines (the full lane)."""
    journal_read_back_whole(line)


# --- numbers are numbers ---------------------------------------------------------------------


def test_add_with_a_5000_digit_count_or_x_squared_is_one_line_and_the_prompt_goes_on(enc):
    """Why: "add footpad x<5000 digits> or x² ends the prompt with a traceback"."""
    r = piped(enc, "turn wren", "add footpad x" + DIGITS_5000, "add footpad x²",
              "add footpad x٣", "add footpad x" + "9" * 3900, "defeat gorm")
    said = refusals(r.output)
    assert len(said) == 4, said
    assert said[0].startswith(f"! {TOO_LONG}")
    flat = " ".join(r.output.split())
    for bad in ("²", "٣"):
        assert (f"! the count after x must be a whole number in the digits 0-9, got '{bad}' "
                "(usage: add") in flat
    assert "! the count after x is too large (at most 99,999), got '99999" in flat
    assert len(r.output) < 12_000  # the line of 3,900 digits is echoed, the 5,000 are not
    assert cmds(fight_of(enc)) == ["turn wren", "defeat gorm"]


@pytest.mark.parametrize("line, why", [
    ("add footpad x" + "9" * 3900, "is too large (at most 99,999), got '99999"),
    ("add footpad x²", "must be a whole number in the digits 0-9, got '²'"),
    ("dmg gorm " + "7" * 3900, "amount is too large (at most 99,999)"),
    ("dmg gorm ٣", "amount must be a whole number in the digits 0-9, got '٣'"),
    ("attack gorm +" + "9" * 3900 + "d", "a dice modifier of more than 20 is not a roll"),
    ("attack gorm +٣d", "a dice modifier must be a whole number in the digits 0-9"),
    ("attack gorm roll " + "9" * 3900 + "s", "successes is too large"),
    ("undo " + "9" * 3900, "the number of steps to undo is too large"),
    ("defeat knife-" + "9" * 3900, "no combatant called 'knife-9999"),
    ("defeat knife-١", "no combatant called 'knife-١'"),  # ١ is no 1: Knife-1 is not found
    ("defeat " + "9" * 3900, "no combatant called '9999"),
    ("dmg gorm 3 dice " + "9" * 3900, "a face is one digit from 1 to 6"),
    ("cond gorm hindered +" + "9" * 3900, "stacks is too large"),
])
def test_typed_digits_refuse_unicode_digits_and_more_digits_than_needed(line, why):
    s = Session(DEMO)
    run_line(s, "turn wren", SeededRoller(1))
    msg = refused(s, line)
    assert why in msg
    assert "9" * (ECHO_MAX + 1) not in msg


def test_the_players_pick_refuses_5000_digits_and_unicode_digits(enc):
    """Why: "a 5,000-digit answer to the players' pick" ended the prompt with a
    traceback."""
    r = piped(enc, "turn", DIGITS_5000, "9" * 3900, "٣", "wren", ask=True)
    said = refusals(r.output)
    assert said[0] == ("! too long: an answer is at most 4,000 characters (this one has "
                       "5,000); type it again")
    assert said[1].startswith("! a pick is too large (at most 99,999), got '9999")
    assert said[2] == "! a pick must be a whole number in the digits 0-9, got '٣'"
    assert len(said) == 3 and len(r.output) < 8000
    assert cmds(fight_of(enc)) == ["turn Wren"]
    from momenta_cli.questions import pick_from

    s = Session(DEMO)
    assert pick_from(s.state, ["Brannoc", "Wren"], "2") == "Wren"
    with pytest.raises(MomentaError, match="digits 0-9"):
        pick_from(s.state, ["Brannoc", "Wren"], "²")


def test_a_replay_line_with_a_10000_digit_number_after_a_name_is_one_line(enc):
    """Why: "a 10,000-digit number after a name in a replay script" ended in a
    traceback."""
    script = enc.with_name("digits.script")
    for number, said in (("9" * 10_000, TOO_LONG),
                         ("9" * 3980, "no combatant called 'knife-99999")):
        script.write_text(f"turn wren\ndefeat knife-{number}\n")
        r = invoke("replay", enc, script)
        assert r.exit_code == 1 and "Traceback" not in r.output
        last = r.output.strip().splitlines()[-1]
        assert last.startswith(f"{script}:2: ") and said in last and len(last) < 300, last


def test_a_short_name_with_endless_or_unicode_digits_names_nobody():
    # the engine reads a copy's short name (knife-12) itself: never int() of 5,000 digits
    from momenta_cli.engine.core import find_fighter

    s = Session(DEMO)
    assert find_fighter(s.state, "knife-1").name == "Knife-1"
    for typed in ("knife-" + DIGITS_5000, DIGITS_5000, "k" + DIGITS_5000, "knife-١"):
        with pytest.raises(MomentaError, match="no combatant called") as err:
            find_fighter(s.state, typed)
        assert len(str(err.value)) < 200


def test_the_dice_question_refuses_5000_digits_in_one_line_and_asks_again():
    """Why: the dice question answered "internal error" to a 5,000-digit count."""
    s = gorms_turn()
    out, t = settle(s, "attack wren", "", DIGITS_5000 + "s", DIGITS_5000, "²s", "5,6,1", "n")
    assert out.line.startswith("attack wren roll 5,6,1")
    assert len(t.wrongs) == 3
    assert t.wrongs[0].startswith("9999") and "successes is impossible with 3d" in t.wrongs[0]
    assert all(len(w) < 200 and "\n" not in w for w in t.wrongs), t.wrongs


def test_the_wound_d6_question_refuses_5000_digits_in_one_line_and_asks_again():
    """Why: the Wound d6 question answered "internal error" to a 5,000-digit face."""
    s = low(gorms_turn(), "wren")
    out, t = settle(s, "attack wren", "", "6,6,6", "n", DIGITS_5000, "٣", "²", "4")
    assert t.prompts[-4:] == [WOUND] * 4
    assert len(t.wrongs) == 3 and all(len(w) < 200 for w in t.wrongs), t.wrongs
    assert all(w.startswith("a Wound table roll is one d6 face from 1 to 6") for w in t.wrongs)
    with pytest.raises(MomentaError):
        wound_answer(DIGITS_5000)


def test_one_helper_reads_typed_digits():
    assert whole("42") == 42 and whole("-7", least=-10) == -7 and whole("007") == 7
    for bad, why in (("²", "digits 0-9"), ("٣", "digits 0-9"), ("１２", "digits 0-9"),
                     (DIGITS_5000, "too large"), ("0" * 5000 + "1", None), ("x", "whole")):
        if why is None:
            assert whole(bad) == 1  # leading zeros cost no digits
            continue
        with pytest.raises(CommandError, match=why) as err:
            whole(bad)
        assert len(str(err.value)) < 120
    assert echo("z" * 10_000) == repr("z" * (ECHO_MAX - 1) + "…")


def test_completion_never_reads_unicode_or_endless_digits():
    # completing `attack gorm dist ²` or a 5,000-digit distance must not end the prompt
    from momenta_cli.cli.completion import complete

    s = Session(DEMO)
    run_line(s, "turn brannoc", SeededRoller(1))
    for typed in ("attack gorm dist ² ", "attack gorm dist=² ", f"attack gorm dist {DIGITS_5000} ",
                  "attack gorm dist=٣ "):
        complete(s.state, typed)


def test_the_limits_are_documented():
    text = (ROOT / "docs" / "reliability.md").read_text()
    assert "## Input limits" in text and f"{LINE_MAX:,} characters" in text
    assert json.dumps(LINE_MAX) in text.replace(",", "") or "4,000" in text


# Every verb, with a long word or a long number where its words go: whatever the refusal,
# it quotes the input short (language/, the engine's name lookups, squares, the dice
# clause). {W} is a word, {N} a number.
TEMPLATES = """attack {N}|attack gorm {N}|attack gorm +{N}d|attack gorm dist {N}
attack gorm dist={N}
attack gorm roll {N}|attack gorm roll {N}s|attack gorm area burst {N} C3|attack gorm with {W}
attack gorm at {W}|attack {W}|attack gorm {W}|feint gorm {N}|grab gorm {N}|shove gorm {N}
move {N}|move gorm {N}|move gorm 2 difficult {N}|move {W} 2|move gorm to {W}|shift gorm {N}
path {N}|path gorm {N}|path gorm C3 via {N}|path gorm C3 via C4 {W}|use gorm {W}|hide roll {N}
shake gorm {W}|surge gorm {N}|cast gorm {N}|cast gorm 1 {W}|limit {W}|release {W}|apart {W}
fall gorm {N}|fall {W} 2|terrain gorm {W}|place gorm {N}|place {W} C3|map {W}|los {W}
los gorm {N}|door {N}|door C3 {W}|turn {W}|turn knife-{N}|end {W}|end hindered={N}s
next {W}|cond gorm {W}|cond gorm hindered +{N}|cond gorm hindered {W}|cond {W} hindered
surprise {W}|defeat {W}|defeat k{N}|revive {W}|remove {W}|add {W}|add footpad x{N}
add footpad vit {N}|add footpad as {W}|add footpad side {W}|add footpad at {N}
add footpad threat {W}|add footpad {W}|over {W}|dmg gorm {N}|dmg {W} 3|heal gorm {N}
set gorm {W} 3|set gorm vitality {N}|set {W} vitality 3|undo {N}|undo {W}|redo {W}|help {W}
{W}|odds gorm {N}|odds {W}|dmg gorm 3 dice {N}|dmg gorm 3 dice {W}|attack gorm {W} ?
attack gorm adjacent {W}|attack gorm dodge {W}|move gorm 2 {W}|shift gorm 2 {W}|end forgo {W}
limit gorm -- {W}|cast gorm 1 -- {W}|use gorm -- {W}|hide gorm {W}|breath {W}|steady {W}"""


def test_every_refusal_quotes_a_long_word_or_number_short():
    """Why: refusals echo inputs whole. Whatever verb refuses a word or number of 3,900
    characters (as long as a line may hold), its message stays short."""
    spec = load_encounter(ROOT / "encounters" / "yard-with-a-map.yaml")
    start = Session(spec)
    run_line(start, "next", SeededRoller(1))
    lines = [t.format(W="z" * 3900, N="9" * 3900)
             for row in TEMPLATES.splitlines() for t in row.split("|")]
    long = []
    for line in lines:
        s = Session(spec)
        for entry in start.entries:
            s.push(entry)
        try:
            run_line(s, line, SeededRoller(1))
        except MomentaError as err:
            msg = str(err)
            if len(msg) > 300 or "z" * (ECHO_MAX + 1) in msg or "9" * (ECHO_MAX + 1) in msg:
                long.append(f"{line[:30]}: {msg[:100]}")
    assert long == []


def test_a_line_too_long_to_run_is_not_kept_in_the_prompts_history():
    import io

    from rich.console import Console

    from momenta_cli.cli.prompt import _history
    from momenta_cli.cli.screen import Screen

    screen = Screen(Console(file=io.StringIO()))
    history = _history(screen)
    history.store_string("note " + "a" * 540_000)
    history.store_string("defeat gorm")
    assert list(_history(screen).load_history_strings()) == ["defeat gorm"]


@pytest.mark.parametrize("stacks", ["+-3", "++2", "=-1", "-+1"])
def test_a_signed_count_of_stacks_is_refused(stacks):
    """Numbers are numbers (item 6): only digits follow the +, - or = of a stack count
    (`+-3` once recorded "gains Impaired -3")."""
    from momenta_cli.errors import CommandError
    from momenta_cli.language import parse_line

    with pytest.raises(CommandError, match="stacks are"):
        parse_line(f"cond gorm impaired {stacks}")
