"""Improvising at the table (issue 11, item 6): ``add NAME`` with no stat block of that
name makes a combatant up (an enemy stat block, R7, with the defaults of its threat
class, R6/R7), ``add copy NAME`` clones one in the fight, ``add`` finds stat blocks of
the included libraries, and ``cond NAME CONDITION new`` makes up a condition
(persistent, cap 3, a reminder only). Everything goes through events: each is undone,
and resumed from the fight file (which re-applies the recorded events) to the same
state."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from momenta_cli.encounter import load_encounter
from momenta_cli.engine.core.session import replay
from momenta_cli.engine.harm import condition_catalogue, condition_def
from momenta_cli.journal import FightFile
from tests.conftest import ROOT, fight_of, invoke, one_line_error, started
from tests.engine_helpers import log_text, refused, run, session_from

pytestmark = pytest.mark.usefixtures("home")

SMALL = """
name: Deck
stat_blocks:
  - {name: Marine, side: adversaries, threat: Grunt}
combatants:
  - {name: Halden, side: allies, attributes: {POW: 2, AGI: 1}}
  - {name: Deckhand, side: adversaries, threat: Grunt, count: 2}
"""


def resumed(fight: Path) -> FightFile:
    """The fight reopened from its file, checked to be the fold of its journal."""
    back = FightFile.open(fight)
    assert back.session.state == replay(back.session.initial, back.session.entries)
    return back


def records(fight: Path) -> list[dict]:
    return [json.loads(x) for x in fight.read_text().splitlines()[1:]]


# --- add NAME: made up at the table ---------------------------------------------------


def test_an_improvised_combatant_gets_the_grunt_defaults():
    """R7: a Grunt has 10 Vitality, 4 Strain, no Vigor, no Wound slot and never rolls."""
    s = session_from(SMALL)
    run(s, "add gob")
    f = s.state.fighters["Gob"]  # typed in lower case, shown capitalised
    spec = f.spec
    assert (f.side, spec.threat, spec.max_vitality, spec.max_guard) == \
        ("adversaries", "Grunt", 10, 0)
    assert (spec.max_strain, spec.max_vigor, spec.wound_slots, spec.turns) == (4, 0, 0, 1)
    assert [w.name for w in spec.weapons] == ["Unarmed Attack"]
    assert spec.weapons[0].pool is None
    assert "Gob (improvised Grunt) joins the adversaries" in log_text(s)


def test_the_defaults_are_those_of_a_stat_block_giving_only_its_class():
    """R6/R7: the numbers `add` fills in are what the loader derives for a stat block
    that says nothing but its threat class."""
    s = session_from(SMALL)
    for threat in ("Grunt", "Regular", "Elite", "Champion", "Nemesis"):
        from momenta_cli.encounter import load_encounter_text

        block = load_encounter_text(
            f"name: x\ncombatants:\n  - {{name: B, side: adversaries, threat: {threat}, "
            f"attacks: [{{name: Hit, pool: 3, tags: [Crushing, Melee 1], damage: {{0+: 1}}}}]}}\n"
        ).combatants[0]
        run(s, f"add {threat}-made threat {threat}")
        made = s.state.fighters[f"{threat}-made"].spec
        for field in ("max_vitality", "max_guard", "max_strain", "max_vigor", "max_resolve",
                      "wound_slots", "burden_slots", "turns", "attributes"):
            assert getattr(made, field) == getattr(block, field), (threat, field)


def test_an_improvised_combatant_takes_side_stats_threat_and_a_count():
    s = session_from(SMALL)
    run(s, "add brute side independents vit 20 guard 2 pool 4 threat reg x2")
    for name in ("Brute-1", "Brute-2"):
        f = s.state.fighters[name]
        assert (f.side, f.spec.threat, f.vitality, f.guard) == ("independents", "Regular",
                                                                20, 2)
        assert f.spec.weapons[0].pool == 4
    run(s, "add ranger side allies threat elite")  # an NPC ally: Mass, Edge and Mark
    r = s.state.fighters["Ranger"].spec
    assert [loc.name for loc in r.locations] == ["Mass", "Edge", "Mark"]
    assert r.wound_slots == 1 and r.weapons[0].pool == 3  # the default pool


def test_an_improvised_regular_attacks_with_its_pool():
    s = session_from(SMALL)
    run(s, "add brute threat regular pool 4", "turn halden", "end", "turn brute")
    run(s, "attack halden roll 5,5,1,2")
    rolled = next(e for e in s.entries[-1].events if e.kind == "attack_rolled")
    assert rolled.weapon == "Unarmed Attack" and rolled.roll.pool == 4


@pytest.mark.parametrize("line, words", [
    ("add gob threat grunt pool 3", ["Grunt never rolls"]),
    ("add marine vit 20", ["Marine is a stat block", "vit"]),
    ("add halden", ["already a combatant called Halden", "add copy"]),
    ("add gob threat boss", ["threat class"]),
    ("add gob side enemies", ["side must be one of"]),
    ("add gob vit 0", ["vit must be 1 to"]),
    ("add gob threat regular pool 40", ["pool must be 1 to 20"]),
])
def test_improvising_refuses_what_makes_no_sense(line, words):
    refused(session_from(SMALL), line, *words)


def test_a_made_up_name_beside_one_already_there_is_refused():
    # `add halden x2` or `add deckhand` would put Halden-1 beside Halden, or a Deckhand
    # beside Deckhand-1 and -2: every later `halden` or `deckhand` would mean another one
    s = session_from(SMALL)
    refused(s, "add halden x2", "already a combatant called Halden", "add copy Halden")
    refused(s, "add deckhand", "Deckhand-1, Deckhand-2 are already", "add copy Deckhand-1")
    run(s, "add deckhand as Bosun")  # a name of its own is fine
    assert "Bosun" in s.state.fighters


def test_a_bare_number_is_refused_for_what_it_is():
    # no copy is numbered 7: the reason is not "7 is the short name of a numbered copy"
    s = session_from(SMALL)
    refused(s, "add 7", "would read as a numbered copy's short name")
    refused(s, "add 2", "2 is Deckhand-2's short name")


def test_an_improvised_champion_joins_the_round_with_its_two_turns():
    # R17: reinforcements join the current round; a Champion has 2 turns (R7 classes)
    s = session_from(SMALL)
    run(s, "turn halden", "add brute threat champion", "add copy deckhand-1")
    brute, copy = s.state.get("Brute"), s.state.get("Deckhand-3")
    assert (brute.turns_allowed, brute.turns_taken) == (2, 0)
    assert (copy.turns_allowed, copy.turns_taken) == (1, 0)
    run(s, "end", "turn brute")  # may act in this very round
    assert s.state.active == "Brute" and s.state.round == 1


def test_a_typo_of_a_stat_block_still_adds_but_says_so():
    s = session_from(SMALL)
    run(s, "add marien")
    assert "Marien" in s.state.fighters
    assert any("did you mean Marine?" in t and "undo" in t for t in log_text(s))


def test_an_improvised_add_is_undone_and_resumed(enc):
    fight = started(enc, "add brute threat regular vit 18 pool 4 x2", "quit")
    rec = [r for r in records(fight) if r.get("cmd", "").startswith("add")][0]
    assert rec["events"][0]["improvised"] == "Regular" and rec["events"][0]["pool"] == 4
    back = resumed(fight)
    assert back.session.state.fighters["Brute-2"].spec.max_vitality == 18
    assert invoke("do", fight, "undo").exit_code == 0
    assert "Brute-1" not in resumed(fight).session.state.fighters
    assert invoke("do", fight, "redo").exit_code == 0
    assert resumed(fight).session.state == back.session.state


# --- add copy NAME ---------------------------------------------------------------------


def test_a_copy_is_fresh_and_numbered_on():
    s = session_from(SMALL)
    run(s, "dmg deckhand-1 6", "cond d1 hindered", "add copy d1")
    new = s.state.fighters["Deckhand-3"]  # numbered like count: copies
    assert new.vitality == 10 and not new.conditions  # its stat block, not its wounds
    assert new.spec == s.state.fighters["Deckhand-1"].spec.__class__(
        **{**vars(s.state.fighters["Deckhand-1"].spec), "name": "Deckhand-3"})
    assert "Deckhand-3 (copy of Deckhand-1) joins the adversaries" in log_text(s)


def test_copies_of_a_named_combatant_count_it_as_the_first():
    s = session_from(SMALL)
    run(s, "add copy halden x2", "add copy halden as Twin side adversaries")
    assert {"Halden-2", "Halden-3", "Twin"} <= set(s.state.fighters)
    assert s.state.fighters["Halden-3"].side == "allies"
    assert s.state.fighters["Twin"].side == "adversaries"
    assert s.state.fighters["Twin"].spec.attributes == \
        s.state.fighters["Halden"].spec.attributes


def test_a_copy_takes_no_stats_and_needs_someone_to_copy():
    s = session_from(SMALL)
    refused(s, "add copy d1 vit 30", "a copy has Deckhand-1's stats")
    refused(s, "add copy nobody", "no combatant called 'nobody'")
    refused(s, "add copy", "missing combatant to copy")


def test_add_copy_is_undone_and_resumed(enc):
    fight = started(enc, "dmg knife-1 4", "add copy k1 x2", "quit")
    back = resumed(fight)
    assert back.session.state.fighters["Knife-4"].vitality == 10
    rec = [r for r in records(fight) if r.get("cmd") == "add copy k1 x2"][0]
    assert [e["copy_of"] for e in rec["events"]] == ["Knife-1", "Knife-1"]
    assert invoke("do", fight, "undo").exit_code == 0
    assert "Knife-3" not in resumed(fight).session.state.fighters


# --- stat blocks of the included libraries ----------------------------------------------


@pytest.fixture
def mill(tmp_path) -> Path:
    shutil.copytree(ROOT / "encounters", tmp_path / "encounters")
    return tmp_path / "encounters" / "mill-ambush.yaml"


def test_add_finds_the_stat_blocks_of_included_libraries(mill):
    """mill-ambush.yaml has no stat_blocks of its own: Footpad and Toll Captain come from
    its include of library/bestiary.yaml, and reach the engine in the encounter spec."""
    spec = load_encounter(mill)
    assert {"Footpad", "Toll Captain"} <= set(spec.stat_blocks)
    fight = started(mill, "add toll as Sergeant", "add footpad x2", "quit")
    state = resumed(fight).session.state
    assert state.fighters["Sergeant"].spec.threat == "Elite"
    assert "Footpad-2" in state.fighters


# --- a condition made up at the table ---------------------------------------------------


def test_a_new_condition_is_persistent_capped_at_3_and_a_reminder():
    s = session_from(SMALL)
    msg = refused(s, "cond halden soaked +1", "unknown condition 'soaked'")
    assert msg.endswith("(or make it up: cond Halden soaked new)")
    msg = refused(s, "cond halden hindred", "did you mean Hindered?")
    assert msg.endswith("? (or make it up: cond Halden hindred new)")
    assert "make it up" not in refused(s, "cond halden s", "ambiguous")
    run(s, "cond hald soaked +1 new")
    assert s.state.fighters["Halden"].stacks("Soaked") == 1
    d = condition_def(s.state, "Soaked")
    assert (d.cap, d.clear, d.reminder) == (3, "persistent", True)
    assert "Soaked" in condition_catalogue(s.state)  # the prompt completes it from here on
    run(s, "cond d1 soak +5")  # known now: a prefix finds it, the cap holds
    assert s.state.fighters["Deckhand-1"].stacks("Soaked") == 3
    run(s, "turn halden", "end")  # persistent: no end-of-turn clearing
    assert s.state.fighters["Halden"].stacks("Soaked") == 1
    run(s, "turn d1", "attack halden")
    reminders = [e.text for e in s.entries[-1].events if e.kind == "reminder"]
    assert reminders == ["Soaked 3"]  # a reminder when it attacks
    assert log_text(s).count("Soaked is made up: persistent, at most 3 stacks, a reminder "
                             "only") == 1  # its own line, once: when it was made up


def test_new_with_a_known_condition_is_the_usual_cond():
    s = session_from(SMALL)
    run(s, "cond halden HINDERED new")
    assert s.state.fighters["Halden"].stacks("Hindered") == 1
    assert s.state.table_conditions == ()


def test_a_new_condition_must_start_with_stacks_and_a_plain_name():
    s = session_from(SMALL)
    refused(s, "cond halden soaked -all new", "nobody has Soaked yet")
    refused(s, "cond halden soaked =0 new", "nobody has Soaked yet")


def test_a_new_condition_is_undone_and_resumed(enc):
    fight = started(enc, "cond bran soaked +2 new from the river", "quit")
    rec = [r for r in records(fight) if r.get("cmd", "").startswith("cond")][0]
    assert [e["kind"] for e in rec["events"]] == ["condition_made_up", "condition_changed"]
    assert rec["events"][0]["condition"] == "Soaked" and rec["events"][1]["after"] == 2
    back = resumed(fight)
    assert back.session.state.table_conditions == ("Soaked",)
    assert back.session.state.fighters["Brannoc"].conditions["Soaked"].source == "the river"
    r = invoke("do", fight, "cond tamsin soaked")  # the resumed fight knows it
    assert r.exit_code == 0, r.output
    assert invoke("do", fight, "undo", "undo").exit_code == 0
    state = resumed(fight).session.state
    assert state.table_conditions == () and not state.fighters["Brannoc"].conditions
    line = one_line_error(invoke("do", fight, "cond tamsin soaked"))
    assert "unknown condition 'soaked'" in line


def test_the_status_table_shows_a_made_up_condition(enc):
    fight = started(enc, "cond wren soaked +2 new", "quit")
    out = invoke("status", fight_of(enc)).output
    assert "Soaked 2" in out and fight.exists()


def test_the_fold_cache_keeps_what_was_improvised(enc, monkeypatch):
    """`status` of a long fight starts from a kept state (journal/snapshot.py): the
    improvised combatants, copies and made-up conditions must be in it as a full fold
    has them."""
    from momenta_cli.journal import snapshot

    monkeypatch.setattr(snapshot, "MIN_RECORDS", 3)
    r = invoke("do", enc, "--seed", "1", "add gob x2", "add copy k1", "cond bran soaked new",
               "turn bran")
    assert r.exit_code == 0, r.output
    fight = fight_of(enc)
    first = invoke("status", fight, "--no-color").output
    assert snapshot.entry_path(fight).is_file()
    assert invoke("do", fight, "cond gob-1 soaked +2").exit_code == 0
    cached = FightFile.open(fight, repair=False, state_only=True).session.state
    assert cached == FightFile.open(fight, repair=False).session.state
    assert cached.table_conditions == ("Soaked",) and "Knife-3" in cached.fighters
    assert "Soaked" in first


def test_the_add_and_cond_lines_parse_as_documented():
    from momenta_cli.engine.core import AddFighter, ChangeCondition
    from momenta_cli.errors import CommandError
    from momenta_cli.language import parse_line

    assert parse_line("add copy d1 as Twin side allies x2") == AddFighter(
        "d1", "Twin", "allies", 2, copy=True)
    assert parse_line("add brute vit 20 guard 2 pool 4 threat elite x3") == AddFighter(
        "brute", count=3, vitality=20, guard=2, pool=4, threat="elite")
    assert parse_line("cond hald soaked +1 new from the river") == ChangeCondition(
        "hald", "soaked", "+", 1, "the river", new=True)
    assert parse_line("cond hald soaked new") == ChangeCondition(
        "hald", "soaked", "+", 1, None, new=True)
    for bad, why in (("add gob vit", "'vit' needs a value"), ("add gob vit 2 vit 3",
                     "vit is given twice"), ("add gob pool many", "pool must be a whole")):
        with pytest.raises(CommandError, match=why):
            parse_line(bad)


# --- names, made-up conditions, pool without a class, reminders, log lines -------------


@pytest.mark.parametrize("line, words", [
    ("add ''", ["a name needs a visible character"]),
    ("add '   '", ["a name needs a visible character"]),
    ("add " + "A" * 300, ["at most 80 characters", "has 300"]),
    ("add gob as ''", ["a name needs a visible character"]),
    ("add gob as '  '", ["a name needs a visible character"]),
    ("add gob as " + "B" * 81, ["at most 80 characters"]),
    ("add marine as ''", ["a name needs a visible character"]),
    ("add copy halden as ''", ["a name needs a visible character"]),
])
def test_an_added_name_follows_the_rule_of_encounter_names(line, words):
    """A newcomer's name (typed, or given with `as`) is held to encounter/file_model.py's rule
    for names: something visible, at most NAME_MAX characters, nothing that drives the
    terminal. One line, nothing changed."""
    refused(session_from(SMALL), line, *words)


def test_an_added_name_is_stripped_and_may_be_exactly_the_longest():
    s = session_from(SMALL)
    run(s, "add '  Gob  '", "add marine as " + "M" * 80)
    assert {"Gob", "M" * 80} <= set(s.state.fighters)


@pytest.mark.parametrize("line, words", [
    ("add 3", ["bare number", "a numbered copy"]),
    ("add 7", ["bare number", "a numbered copy"]),
    ("add gob as 2", ["bare number", "Deckhand-2's short name"]),
    ("add copy halden as 1", ["bare number", "Deckhand-1's short name"]),
    ("add d2", ["D2 is already Deckhand-2's short name"]),
    ("add gob as deck1", ["deck1 is already Deckhand-1's short name"]),
])
def test_an_added_name_never_takes_a_short_name(line, words):
    """Numbered copies answer to `d2` and `2` (issue 11 item 4): a newcomer called so
    would take the short name over, so it is refused."""
    s = session_from(SMALL)
    refused(s, line, *words)
    run(s, "cond 2 hindered")  # `2` still finds Deckhand-2
    assert s.state.fighters["Deckhand-2"].stacks("Hindered") == 1


@pytest.mark.parametrize("line, words", [
    ("cond halden '' new", ["a condition name needs a visible character"]),
    ("cond halden '   ' new", ["a condition name needs a visible character"]),
    ("cond halden " + "S" * 81 + " new", ["at most 80 characters"]),
    ("cond halden +1 new", ["+1 cannot name a condition"]),
    ("cond halden =2 new", ["=2 cannot name a condition"]),
    ("cond halden - new", ["- cannot name a condition"]),
    ("cond halden -all new", ["-all cannot name a condition"]),
    ("cond halden 2 new", ["2 cannot name a condition"]),
    ("cond halden new new", ["new cannot name a condition"]),
    ("cond halden clear new", ["clear cannot name a condition"]),
])
def test_a_made_up_condition_needs_a_name_cond_cannot_read_otherwise(line, words):
    """`cond NAME CONDITION new`: the name follows the rule of names and is none of the
    words cond reads as stacks (+N, -N, =N, -all) nor `new` itself."""
    s = session_from(SMALL)
    refused(s, line, *words)
    assert s.state.table_conditions == ()


def test_a_made_up_condition_close_to_a_known_one_says_did_you_mean():
    """Like `add footpda`: still made up (the GM said new), the log names the close one,
    and undo takes it back. A name only vaguely like a known one gets no note."""
    s = session_from(SMALL)
    run(s, "cond halden frightend new")
    made = [e for e in s.entries[-1].events if e.kind == "condition_made_up"]
    assert made[0].near == ("Frightened",)
    assert log_text(s)[0] == ("Frightend is made up: persistent, at most 3 stacks, a "
                              "reminder only; did you mean Frightened? (undo takes it back)")
    assert s.state.fighters["Halden"].stacks("Frightend") == 1
    s.undo()
    assert s.state.table_conditions == () and not s.state.fighters["Halden"].conditions
    run(s, "cond halden soaked new")  # 0.67 like Slowed: a word of its own
    assert "did you mean" not in log_text(s)[0]


def test_a_made_up_condition_close_to_an_encounter_condition_says_so():
    s = session_from(SMALL + """
conditions:
  - {name: Drenched, cap: 2, effect: "-1 die on AGI"}
""")
    run(s, "cond halden drenchd new")
    assert "did you mean Drenched?" in log_text(s)[0]


def test_a_pool_without_a_class_makes_a_regular():
    """R7: a Grunt never rolls, so `pool N` alone asks for one that rolls: a Regular, the
    lowest class that does (the issue's own `add goblin vit 12 pool 4`)."""
    s = session_from(SMALL)
    run(s, "add goblin vit 12 pool 4")
    g = s.state.fighters["Goblin"]
    assert (g.spec.threat, g.vitality, g.spec.weapons[0].pool) == ("Regular", 12, 4)
    assert "Goblin (improvised Regular) joins the adversaries" in log_text(s)
    run(s, "add imp pool 2")
    assert s.state.fighters["Imp"].spec.max_vitality == 9  # a Regular's default (R6)
    refused(s, "add gob threat grunt pool 3", "a Grunt never rolls (R7)")


def _standing_notes(fight) -> list[str]:
    from io import StringIO

    from rich.console import Console

    from momenta_cli.render import status_block

    buf = StringIO()
    Console(width=80, file=buf, color_system=None).print(status_block(fight))
    return [x for x in buf.getvalue().splitlines() if x.startswith("note:")]


def test_a_made_up_condition_reminds_when_its_bearer_acts_not_under_every_table():
    """The condition table: effects left to the GM are recalled when the bearer attacks
    or moves. A made-up condition has no effect text to recall and the table shows it,
    so no `note:` line under the table for it; one for Frightened (and a GM-defined
    condition with its effect) as before."""
    from momenta_cli.engine.harm import reminders

    s = session_from(SMALL + """
conditions:
  - {name: Drenched, effect: "-1 die on AGI"}
""")
    run(s, "cond halden soaked +2 new", "cond d1 soaked new", "cond d2 mire =1 new",
        "cond d1 drenched", "cond halden frightened from d1")
    notes = _standing_notes(s.state)
    assert not any("Soaked" in x or "Mire" in x for x in notes), notes
    assert any("Drenched: -1 die on AGI" in x for x in notes)
    assert any("Frightened" in x for x in notes)
    halden = s.state.fighters["Halden"]
    assert all("Soaked" not in t for t in reminders(s.state, halden))
    run(s, "turn halden", "end", "turn d1", "attack halden")
    told = [e.text for e in s.entries[-1].events if e.kind == "reminder"]
    assert "Soaked" in told and any(t.startswith("Drenched") for t in told)


def test_making_up_a_condition_is_its_own_line_not_a_gm_note(enc):
    """Its own log line, no `Note:`; the recap lists the condition gained, not a note."""
    fight = started(enc, "turn bran", "cond gorm soaked +2 new", "note the river rises")
    md = invoke("log", fight, "-f", "md").output
    round1 = md.split("## Round 1")[1].split("## At the end")[0]
    assert "- Gorm gains Soaked 2" in round1
    assert "- Note: the river rises" in round1
    assert "made up" not in round1 and "new condition" not in round1
    text = invoke("log", fight, "-f", "text").output
    assert "Soaked is made up: persistent, at most 3 stacks, a reminder only" in text
    assert "Note: new condition" not in text


def test_a_journal_from_before_the_made_up_event_still_loads():
    """Fights saved before: a Note and the `new` flag of the ConditionChanged made the
    condition known. They replay to the same state."""
    from momenta_cli.journal.records import apply_record

    s = session_from(SMALL)
    apply_record(s, {"cmd": "cond hald soaked +2 new", "events": [
        {"kind": "note", "text": "new condition Soaked: persistent, at most 3 stacks, a "
                                 "reminder only", "name": None},
        {"kind": "condition_changed", "name": "Halden", "condition": "Soaked",
         "before": 0, "after": 2, "reason": "gm", "source": None, "hold": False,
         "roll": None, "new": True}]})
    assert s.state.table_conditions == ("Soaked",)
    run(s, "cond d1 soak +5")  # known: a prefix finds it, the cap holds
    assert s.state.fighters["Deckhand-1"].stacks("Soaked") == 3
    assert s.state == replay(s.initial, s.entries)


def test_the_make_it_up_hint_never_offers_what_new_refuses():
    # `cond halden -all` names no condition; offering "cond Halden -all new" would offer
    # a line that `new` refuses (cond reads -all as its own word)
    s = session_from(SMALL)
    assert "make it up: cond Halden soaked new" in refused(s, "cond halden soaked")
    for line in ("cond halden -all", "cond halden new"):
        assert "make it up" not in refused(s, line), line
