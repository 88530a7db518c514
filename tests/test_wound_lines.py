"""The log tells damage that fills Wound or Burden slots in the order it happens (issue 11
item 2; R10 Wounds and Burdens, R11 Defeated and Lost): the drop to 0, the slot and its
condition, the refill, what carried over, the value it ends at."""

from __future__ import annotations

import json
import re

from momenta_cli.engine.core import SeededRoller, event_from_dict
from momenta_cli.render import Ledger, event_lines
from momenta_cli.render.log_export import as_text
from momenta_cli.render.log_harm import Facts
from momenta_cli.render.state_json import session_doc
from tests.engine_helpers import run, session_from
from tests.rules_arena import arena


def told(s, line: str, faces: list[int] | None) -> list[str]:
    """The log lines of ``line`` as the screen shows them (the ledger of the state before);
    the d6 of the Wound table from ``faces``, or seeded."""
    before = s.state.clone()
    run(s, line, faces=faces, roller=None if faces is not None else SeededRoller(1))
    return event_lines(s.entries[-1].events, Ledger.of(before))


def test_one_wound_reads_in_order():
    # R10: Vitality 10 - 14 reaches 0, the slot fills (d6 1: Impaired), Vitality refills to
    # its max 10 and the 4 left over carry: 6.
    s = arena()
    assert told(s, "dmg kira 14", [1]) == [
        "Kira (damage): Vitality 10->0: Wound 1/3 (d6 1: Impaired), Vitality refilled to "
        "10, 4 carried over -> 6"]
    assert s.state.get("Kira").vitality == 6


def test_two_wounds_from_one_hit_are_told_one_after_the_other():
    # R10: 25 damage on 10 Vitality fills two slots: 10->0, refill 10, 15 over -> 0 again,
    # refill 10, 5 over -> 5. Two Impaired Wounds make Impaired 2: the second Wound gives
    # its one stack, the line says the total it makes.
    s = arena()
    assert told(s, "dmg kira 25", [1, 1]) == [
        "Kira (damage): Vitality 10->0: Wound 1/3 (d6 1: Impaired), Vitality refilled to "
        "10, 15 carried over -> 0: Wound 2/3 (d6 1: Impaired, now 2), refilled to 10, 5 "
        "carried over -> 5"]
    assert s.state.get("Kira").vitality == 5


def test_the_last_wound_names_faltering():
    s = arena()
    run(s, "dmg kira 10", faces=[2])
    run(s, "dmg kira 10", faces=[2])
    (text,) = told(s, "dmg kira 12", [3])
    assert "Wound 3/3 (d6 3: Exhausted) + Faltering" in text  # R10: the last slot
    assert text.endswith("2 carried over -> 8")


def test_a_burden_reads_like_a_wound():
    # R10 Burdens: Strain 0 + 7 reaches Max Strain 5, a Burden slot fills (d6 4: Slowed),
    # Strain resets and the 2 over carry.
    s = arena()
    assert told(s, "strain kira 7", [4]) == [
        "Kira (strain): Strain 0->5 (max): Burden 1/3 (d6 4: Slowed), Strain reset to 0, 2 "
        "carried over -> 2"]
    assert s.state.get("Kira").strain == 2


def test_a_defeat_is_the_end_of_the_same_line():
    # R11: a Regular has no Wound slot: Vitality 0 is Defeated.
    s = arena()
    assert told(s, "dmg orc 40", []) == [
        "Orc (damage): Vitality 30->0, no Wound slot: Defeated"]
    # Wounds first, then Defeated when the slots run out (R10, R11).
    s = arena()
    (text,) = told(s, "dmg kira 40", [1, 2, 3])
    assert text.startswith("Kira (damage): Vitality 10->0: Wound 1/3 (d6 1: Impaired)")
    assert text.endswith("Wound 3/3 (d6 3: Exhausted) + Faltering, refilled to 10, 10 "
                         "carried over -> 0, no Wound slot left: Defeated")
    s = arena()
    (text,) = told(s, "strain kira 30", [1, 2, 3])
    assert text.endswith("-> 5 (max), no Burden slot left: Lost")


def test_an_attack_that_wounds_says_so_in_its_line():
    # ch20: 17 +6 Solid Hit = 23 to Vitality; the Troll (Champion, 2 Wound slots) at 10
    # reaches 0, refills to 60, 13 carry: 47.
    s = arena()
    run(s, "dmg troll 50")
    run(s, "turn kira")
    texts = told(s, "attack troll with club roll 6,6,6", [])
    assert texts[-1].endswith(
        "-> 17 +6 Solid Hit dmg; 23 to Vitality; Vitality 10->0: Wound 1/2 (Impaired), "
        "Vitality refilled to 60, 13 carried over -> 47")
    assert not any("takes a Wound" in t for t in texts)


def test_an_old_journal_renders_without_knowing_the_maxima():
    # The events alone (no ledger): the order is the same, the numbers it cannot know left out.
    s = arena()
    run(s, "dmg kira 14", faces=[1])
    assert event_lines(s.entries[-1].events) == [
        "Kira (damage): Vitality 10->0: Wound (d6 1: Impaired), Vitality refilled -> 6"]


def test_json_and_text_exports_use_the_same_wording():
    s = arena()
    run(s, "dmg kira 14", faces=[1])
    run(s, "dmg kira 12", faces=[2])
    want = ("Kira (damage): Vitality 6->0: Wound 2/3 (d6 2: Hindered), Vitality refilled to "
            "10, 6 carried over -> 4")
    doc = json.loads(json.dumps(session_doc(s)))
    assert doc["log"][1]["text"] == [want]
    assert want in as_text(s)


def test_the_line_always_ends_at_the_value_the_fighter_is_left_with():
    # R10 arithmetic read back: whatever the amount, the last number told is the new value.
    for verb, res in (("dmg", "vitality"), ("strain", "strain")):
        for amount in range(1, 36):
            s = arena()
            run(s, "dmg kira 3")  # start off the maximum: 7 Vitality
            (text,) = told(s, f"{verb} kira {amount}", None)
            k = s.state.get("Kira")
            if k.out:
                assert text.endswith(("Defeated", "Lost")), text
                continue
            last = re.findall(r"(?:-> |refilled to |reset to )(\d+)", text) or \
                re.findall(r"->(\d+)", text)
            assert int(last[-1]) == getattr(k, res), (amount, text)


# --- the carry before a Defeat or a Loss ---------------------------------------------------
# R10, R11: the last slot fills, Vitality refills, what is left over carries; when that
# reaches 0 again with no slot free the fighter is Defeated. The line tells the carry
# before the fall, whichever way the damage came.

WOUNDED = """
name: Wounded
combatants:
  - {name: P, side: allies, max_vitality: 2, max_guard: 0}
  - {name: X, side: adversaries}
"""


def test_gm_damage_that_defeats_tells_what_carried_over():
    # R10, R11: a Champion (2 Wound slots, 26 Vitality) at 22 takes 60: 22->0, Wound 2/2
    # + Faltering, refill 26, 38 carry over, 0 again with no slot: Defeated.
    s = session_from("""
        name: Shrine
        combatants:
          - {name: Kira, side: allies}
          - {name: The Cantor, side: adversaries, threat: Champion, max_vitality: 26}
    """)
    run(s, "dmg cantor 30")
    assert told(s, "dmg cantor 60", []) == [
        "The Cantor (damage): Vitality 22->0: Wound 2/2 (Impaired, now 2) + Faltering, "
        "Vitality refilled to 26, 38 carried over -> 0, no Wound slot left: Defeated"]


def test_strain_that_loses_tells_what_carried_over():
    s = arena()
    run(s, "strain kira 14", faces=[1, 2])  # Burdens 1 and 2, Strain 4 (R10)
    assert told(s, "strain kira 8", [3]) == [
        "Kira (strain): Strain 4->5 (max): Burden 3/3 (d6 3: Exhausted) + Unraveling, "
        "Strain reset to 0, 7 carried over -> 5 (max), no Burden slot left: Lost"]


def test_a_fall_that_defeats_tells_what_carried_over():
    # R23: AGI 2 from 13 squares leaves 11: 22 untyped damage on Kira at 10 with her last
    # slot free: 10->0, Wound 3/3, refill 10, 12 carry, 0 again: Defeated.
    s = arena()
    run(s, "dmg kira 20", faces=[1, 2])
    assert told(s, "fall kira 13", [3]) == [
        "Kira falls 13 squares; AGI 2 leaves 11: 22 untyped damage",
        "Kira (fall): Vitality 10->0: Wound 3/3 (d6 3: Exhausted) + Faltering, Vitality "
        "refilled to 10, 12 carried over -> 0, no Wound slot left: Defeated"]


def test_wracked_that_defeats_tells_what_carried_over():
    # Condition table, Wracked 3: 6 Fire damage at the end of P's turn; P (2 Vitality,
    # two Wounds) fills the last slot, refills to 2, 4 carry: Defeated.
    s = session_from(WOUNDED)
    run(s, "dmg p 2", "dmg p 2", faces=[1, 1])
    run(s, "cond p wracked +3 from Fire", "turn p", faces=[])
    assert "P (Wracked Fire): Vitality 2->0: Wound 3/3 (d6 2: Hindered) + Faltering, " \
        "Vitality refilled to 2, 4 carried over -> 0, no Wound slot left: Defeated" \
        in told(s, "end", [2])


def test_an_attack_that_defeats_tells_what_carried_over():
    # ch20: the Orc's 17 on Kira at 5 with her last slot free: 5->0, Wound 3/3, refill
    # 10, 12 carry, 0 again: Defeated (R10, R11).
    s = arena()
    run(s, "dmg kira 10", "dmg kira 10", faces=[1, 1])
    run(s, "dmg kira 5", "turn kira", "end", "turn orc", faces=[])
    texts = told(s, "attack kira with axe roll 6,6,6", [2])
    assert texts[-1].endswith(
        "17 to Vitality; Vitality 5->0: Wound 3/3 (d6 2: Hindered) + Faltering, Vitality "
        "refilled to 10, 12 carried over -> 0, no Wound slot left: Defeated")


def test_the_damage_is_in_the_event_and_an_old_journal_without_it_still_renders():
    s = session_from(WOUNDED)
    run(s, "dmg p 2", "dmg p 2", faces=[1, 1])
    run(s, "dmg p 5", faces=[3])
    events = s.entries[-1].events
    (hit,) = [e for e in events if e.kind == "resource_set"]
    assert (hit.before, hit.after, hit.amount) == (2, 0, 5)
    assert hit.to_dict()["amount"] == 5
    # a journal written before the field: the same line, less the number it cannot know
    old = [event_from_dict({k: v for k, v in e.to_dict().items() if k != "amount"})
           for e in events]
    assert old[[e.kind for e in old].index("resource_set")].amount is None
    ledger = Ledger({"P": Facts(2, 0, 3, 3)}, {"P": 2})
    assert event_lines(old, ledger) == [
        "P (damage): Vitality 2->0: Wound 3/3 (d6 3: Exhausted) + Faltering, Vitality "
        "refilled to 2 -> 0, no Wound slot left: Defeated"]
    assert event_lines(events, ledger)[0].endswith(
        "refilled to 2, 3 carried over -> 0, no Wound slot left: Defeated")


def test_a_change_that_is_not_damage_is_written_as_before():
    # Journals keep their shape: only damage and Strain carry the amount.
    s = arena()
    run(s, "dmg kira 4", "heal kira 2", "guard kira 3")
    written = [e.to_dict() for entry in s.entries for e in entry.events
               if e.kind == "resource_set"]
    assert [("amount" in d, d.get("amount")) for d in written] == [
        (True, 4), (False, None), (False, None)]


def test_every_export_tells_a_second_wound_and_a_defeat_alike():
    # R10, R11: the second Impaired Wound says its one stack and the total; the Defeat
    # says what carried over. The screen, text, JSON and Markdown recap read the same.
    from momenta_cli.render.log_export import as_markdown

    s = arena()
    run(s, "dmg kira 10", faces=[1])
    run(s, "dmg kira 10", faces=[1])
    run(s, "dmg kira 23", faces=[3])
    want = ("Kira (damage): Vitality 10->0: Wound 3/3 (d6 3: Exhausted) + Faltering, "
            "Vitality refilled to 10, 13 carried over -> 0, no Wound slot left: Defeated")
    second = "Wound 2/3 (d6 1: Impaired, now 2)"
    doc = json.loads(json.dumps(session_doc(s)))
    assert doc["log"][2]["text"] == [want] and second in doc["log"][1]["text"][0]
    for out in (as_text(s), as_markdown(s)):
        assert want in out and second in out
