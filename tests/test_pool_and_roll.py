"""The engine's dice records (engine/core/rolls.py): a ``Pool`` is its labelled parts with
their total and R2's rule for a pool of 0 dice or fewer, worded one way everywhere
(``pool_text``); a ``Roll`` is the typed record of a roll, written to the journal as the
very dict it always was (``roll_text`` its one wording)."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console

from momenta_cli.engine.attack import AttackRolled
from momenta_cli.engine.core import (
    KEEP_LOWEST,
    ZERO_POOL_DICE,
    ConditionChanged,
    Pool,
    PresetRoller,
    Roll,
    StackCheck,
    Typed,
    dice_text,
    dice_thrown,
    event_from_dict,
    pool_text,
    roll_pool,
    roll_text,
)
from momenta_cli.errors import RuleError
from momenta_cli.journal.records import apply_record, encode
from momenta_cli.odds import attack_odds
from momenta_cli.play.preview import preview_line
from momenta_cli.render import draw_odds, preview_lines
from tests.attack_yard import yard
from tests.engine_helpers import log_text, run

ROOT = Path(__file__).resolve().parent.parent
V1 = ROOT / "tests" / "fixtures" / "v1" / "skirmish-v1.jsonl"


# --- Pool ------------------------------------------------------------------------------


def test_a_pool_totals_its_labelled_parts():
    # R2: every modifier is netted into one pool
    p = Pool([("POW", 3), ("Hindered", -1), ("Edge", -2)])
    assert p.total == 0 and list(p) == [("POW", 3), ("Hindered", -1), ("Edge", -2)]
    assert Pool([("AGI", 3), ("GM", 2)]).total == 5 and Pool().total == 0


@pytest.mark.parametrize("total", [-3, -1, 0])
def test_r2_a_pool_of_zero_or_fewer_throws_two_dice_and_keeps_the_lowest(total):
    # R2: a pool of 0 or fewer dice rolls 2d6 and keeps the lowest
    p = Pool([("POW", 1), ("GM", total - 1)])
    assert p.total == total and dice_thrown(p.total) == ZERO_POOL_DICE == 2
    roll = roll_pool(p.total, PresetRoller((6, 3)))
    assert roll.faces == (6, 3) and roll.kept == (3,) and roll.successes == 0
    assert roll_pool(p.total, PresetRoller((6, 5))).successes == 1  # the lowest, 5, hits


def test_a_pool_of_one_or_more_throws_its_own_dice_and_keeps_them_all():
    p = Pool([("AGI", 3), ("armour", -1)])
    assert dice_thrown(p.total) == 2
    roll = roll_pool(p.total, PresetRoller((6, 1)))
    assert roll.faces == roll.kept == (6, 1) and roll.successes == 1


def test_a_pool_is_written_and_compared_as_its_bare_pairs():
    p = Pool([("POW", 3), ("Mark", -3)])
    assert p == (("POW", 3), ("Mark", -3)) and hash(p) == hash((("POW", 3), ("Mark", -3)))
    assert json.dumps(p) == '[["POW", 3], ["Mark", -3]]'
    back = Pool.read(json.loads(json.dumps(p)))
    assert back == p and type(back) is Pool


@pytest.mark.parametrize("bad", ["POW 3", [["POW"]], [["POW", "3"]], [[3, 3]],
                                 [["POW", True]], {"POW": 3}])
def test_a_pool_that_is_no_list_of_label_dice_pairs_is_refused(bad):
    with pytest.raises(ValueError):
        Pool.read(bad)


def test_a_pool_is_worded_one_way():
    assert pool_text(Pool([("POW", 3)])) == "POW 3d"
    assert pool_text(Pool([("pool", 3), ("Edge", -2)])) == "pool 3, Edge -2 = 1d"
    assert pool_text(Pool([("POW", 3), ("target Hindered", 1)])) == \
        "POW 3, target Hindered +1 = 4d"
    assert pool_text(Pool([("POW", 0)])) == "POW 0d (2d6 keep lowest)"
    assert pool_text(Pool([("POW", 3), ("Mark", -3)])) == "POW 3, Mark -3 = 0d (2d6 keep lowest)"
    assert pool_text(Pool()) == "0d (2d6 keep lowest)"
    assert pool_text(Pool([("POW", 1)]), auto=1) == "1s (Grunt: no roll)"  # R7
    assert dice_text(-1) == "-1d (2d6 keep lowest)" and KEEP_LOWEST == "(2d6 keep lowest)"


def test_a_pool_of_zero_dice_reads_the_same_in_the_log_the_odds_and_a_preview():
    # R2, worded once: the attack's log line, a hide roll's, the preview (?) and the odds
    s = yard()
    run(s, "turn wren")  # Wren's POW is 0: her Buckler rolls 0 dice
    shown = [t.plain for t in preview_lines(preview_line(s, "attack gorm with buckler"),
                                            s.state)]
    odds = attack_odds(s.state, run(s, "odds gorm with buckler").meta.command)
    drawn = StringIO()
    Console(file=drawn, width=100, no_color=True).print(draw_odds(odds.odds, odds))
    run(s, "attack gorm with buckler", faces=[4, 2])
    hider = yard()  # Kira's AGI 2, armour -1, Impaired -3: -2 dice
    run(hider, "turn kira", "cond kira impaired +3", "hide roll", faces=[3, 6])
    told = "\n".join([*shown, drawn.getvalue(), *log_text(s), *log_text(hider)])
    assert "    attack: POW 0d (2d6 keep lowest)" in shown
    assert "  attack: POW 0d (2d6 keep lowest)" in drawn.getvalue()
    assert "Wren -> Gorm: Buckler (Crushing) POW 0d (2d6 keep lowest) [4,2] 0s" in told
    assert "Kira tries to hide: AGI -2d (2d6 keep lowest) [3,6] 0s" in told
    for other in ("->2d6 low", "keep lowest (R2)", "0 = 0d"):  # the wordings it replaced
        assert other not in told


# --- Roll --------------------------------------------------------------------------------


def test_a_roll_is_written_as_the_dict_the_journal_always_held():
    # the journal's roll: {"pool", "faces", "successes", "kept", "how"}, as lists
    rolled = roll_pool(3, PresetRoller((5, 2, 6)))
    assert rolled.to_dict() == {"pool": 3, "faces": [5, 2, 6], "successes": 2,
                                "kept": [5, 2, 6], "how": "rolled"}
    assert list(rolled.to_dict()) == ["pool", "faces", "successes", "kept", "how"]
    zero = roll_pool(0, PresetRoller((4, 4)), attribute="AGI")
    assert zero.to_dict() == {"pool": 0, "faces": [4, 4], "successes": 0, "kept": [4],
                              "how": "rolled", "attribute": "AGI"}
    assert roll_pool(2, None, typed=Typed(successes=1)).to_dict() == {  # type: ignore[arg-type]
        "pool": 2, "faces": [], "successes": 1, "kept": [], "how": "typed"}
    assert roll_pool(1, None, auto=1).to_dict() == {  # type: ignore[arg-type]
        "pool": 1, "faces": [], "successes": 1, "kept": [], "how": "auto"}


def test_a_roll_reads_back_equal_from_lists_or_tuples():
    r = Roll(0, (4, 1), 0, (1,), "typed", "LUCK")
    assert Roll.from_dict(r.to_dict()) == r
    assert Roll.from_dict(json.loads(json.dumps(r.to_dict()))) == r
    assert Roll.from_dict({"pool": 0, "faces": (4, 1), "successes": 0, "kept": (1,),
                           "how": "typed", "attribute": "LUCK"}) == r


@pytest.mark.parametrize("bad", [None, [], {"pool": "3"}, {"faces": [1, "6"]},
                                 {"how": "guessed"}, {"successes": True},
                                 {"attribute": 3}])
def test_a_roll_that_is_not_one_is_refused(bad):
    with pytest.raises(ValueError):
        Roll.from_dict(bad)


def test_a_roll_is_worded_one_way():
    assert roll_text(Roll(3, (5, 2, 6), 2, (5, 2, 6)), Pool([("POW", 3)])) == \
        "POW 3d [5,2,6] 2s"
    assert roll_text(Roll(0, (4, 4), 0, (4,)), Pool([("POW", 0)])) == \
        "POW 0d (2d6 keep lowest) [4,4] 0s"
    assert roll_text(Roll(2, (), 1, (), "typed"), Pool([("AGI", 2)])) == "AGI 2d (typed) 1s"
    assert roll_text(Roll(1, (), 1, (), "auto"), Pool([("POW", 1)])) == "1s (Grunt: no roll)"
    assert roll_text(Roll(2, (5, 1), 1, (5, 1), attribute="AGI")) == "AGI 2d [5,1] 1s"
    assert roll_text(Roll(-1, (3, 6), 0, (3,), attribute="AGI")) == \
        "AGI -1d (2d6 keep lowest) [3,6] 0s"


def test_a_wrong_count_of_typed_faces_names_the_pool_as_r2_rolls_it():
    with pytest.raises(RuleError, match=r"expected 2 faces from 1 to 6 for 0d \(2d6 keep "
                                        r"lowest\), got 5"):
        roll_pool(0, None, typed=Typed(faces=(5,)))  # type: ignore[arg-type]


def test_a_check_is_written_with_its_luck_roll_only_when_there_was_one():
    # condition table, Faltering/Unraveling: a d6 against the stacks, then LUCK
    bare, luck = StackCheck(4, 1), StackCheck(1, 2, Roll(1, (3,), 0, (3,), attribute="LUCK"))
    assert bare.to_dict() == {"d6": 4, "stacks": 1}
    assert luck.to_dict() == {"d6": 1, "stacks": 2, "luck": {
        "pool": 1, "faces": [3], "successes": 0, "kept": [3], "how": "rolled",
        "attribute": "LUCK"}}
    for check in (bare, luck):
        e = ConditionChanged("Kira", "Faltering", 1, 2, "check", None, False, check)
        assert event_from_dict(e.to_dict()) == e and event_from_dict(e.to_dict()).roll == check


def test_events_write_their_pools_and_rolls_as_before_and_read_them_back_typed():
    e = AttackRolled("Gorm", "Wren", "Basic Attack", "Cudgel", "melee", "Mass", ("Crushing",),
                     Pool([("pool", 3)]), Roll(3, (3, 1, 4), 0, (3, 1, 4)),
                     "Deflect (Buckler)", Pool([("POW", 0)]), Roll(0, (4, 4), 0, (4,)), 0)
    written = ('{"kind":"attack_rolled","attacker":"Gorm","target":"Wren","maneuver":'
               '"Basic Attack","weapon":"Cudgel","mode":"melee","location":"Mass","types":'
               '["Crushing"],"pool":[["pool",3]],"roll":{"pool":3,"faces":[3,1,4],'
               '"successes":0,"kept":[3,1,4],"how":"rolled"},"defense":"Deflect (Buckler)",'
               '"defense_pool":[["POW",0]],"defense_roll":{"pool":0,"faces":[4,4],'
               '"successes":0,"kept":[4],"how":"rolled"},"net":0}\n')  # demo.script's
    assert encode(e.to_dict()).decode() == written
    back = event_from_dict(json.loads(written))
    assert back == e and isinstance(back, AttackRolled)
    assert type(back.pool) is Pool and type(back.defense_pool) is Pool
    assert isinstance(back.roll, Roll) and isinstance(back.defense_roll, Roll)


def test_an_old_journal_reads_and_its_rolls_and_pools_write_back_as_they_were():
    # a field an event gained since is written with its default; what was there stays
    records = [json.loads(x) for x in V1.read_bytes().splitlines()[1:]]
    events = [e for r in records for e in r.get("events", ())]
    assert any(e["kind"] == "attack_rolled" and e["roll"]["faces"] for e in events)
    for e in events:
        back = event_from_dict(e).to_dict()
        assert encode({k: back[k] for k in e}) == encode(e)


def test_freshly_decided_rolls_write_back_byte_for_byte():
    # an attack at 0 dice, a hide roll and a roll to clear, written and read back
    s = yard()
    run(s, "turn wren", "attack gorm with buckler", "cond wren frightened", "hide roll",
        "end")
    events = [e for entry in s.entries for e in entry.events]
    assert {"attack_rolled", "hide_rolled"} <= {e.kind for e in events}
    assert any(e.kind == "condition_changed" and e.roll is not None for e in events)
    for e in events:
        written = encode(e.to_dict())
        back = event_from_dict(json.loads(written))
        assert back == e and encode(back.to_dict()) == written


def test_a_record_whose_roll_is_no_roll_does_not_replay():
    s = yard()
    event = {"kind": "hide_rolled", "name": "Kira", "roll": "5 and 6", "hidden": True}
    with pytest.raises(ValueError, match="a roll is an object"):
        apply_record(s, {"cmd": "hide roll", "events": [event]})


def test_a_roll_missing_one_of_its_keys_is_refused_not_filled_in():
    """Every roll ever written has pool, faces, successes, kept and how: a record with one
    of them gone is damage, said as such (the journal reports it), never read as 0."""
    good = Roll(3, (5, 1, 6), 2, (5, 1, 6), "rolled").to_dict()
    for key in ("pool", "faces", "successes", "kept", "how"):
        bad = {k: v for k, v in good.items() if k != key}
        with pytest.raises(ValueError, match=key):
            Roll.from_dict(bad)
