"""Each condition effect the tracker applies (draft 22 condition table, docs/rulings.md
Conditions, R10, R11, R16, R29, R30), and the reminders for those it does not."""

from __future__ import annotations

import pytest

from momenta_cli.engine.actions import economy
from momenta_cli.engine.harm import conditions, reminders
from momenta_cli.engine.movement.distances import speed
from momenta_cli.errors import MomentaError, RuleError
from tests.attack_yard import mace_yard
from tests.engine_helpers import log_text, order, session_from
from tests.rules_arena import arena
from tests.test_maneuver_support import refused, run, yard


def test_exhausted_halves_the_vigor_refresh():
    # Condition table, Exhausted: Vigor refresh halved, minimum 1. Kira BODY 5: 3 + 2 = 5
    # -> 2.
    s = yard()
    run(s, "set kira vigor 0", "cond kira exhausted", "turn kira")
    assert s.state.get("Kira").vigor == 2
    s2 = yard()
    run(s2, "set kira vigor 0", "turn kira")
    assert s2.state.get("Kira").vigor == 5


def test_exhausted_enemy_takes_one_maneuver_fewer():
    # R7 + condition table: an Exhausted enemy takes one maneuver fewer.
    s = yard()
    run(s, "cond ogre exhausted", "turn kira", "end", "turn ogre")
    refused(s, "hide", "used its 0", "R7")
    run(s, "move 2")  # the Move stays


def test_hindered_half_spd_no_shift_no_dodge():
    # Condition table, Hindered: half SPD (min 1), no Shift, no Dodge.
    s = yard()
    run(s, "cond kira hindered", "turn kira")
    assert speed(s.state.get("Kira")) == 2
    refused(s, "move 3", "Hindered")
    refused(s, "shift 1", "cannot Shift")
    with pytest.raises(RuleError, match="cannot Dodge"):
        economy.pay_reaction(s.state.get("Kira"), "Dodge", 2)
    # Other reactions (a Deflect) are not blocked by Hindered.
    assert economy.pay_reaction(s.state.get("Kira"), "Deflect", 1)[0].cost == 1


def test_broken_locks_out_everything_but_the_free_move():
    # Condition table, Broken: no maneuvers or reactions except the free Move.
    s = yard()
    run(s, "cond kira broken", "turn kira", "move 2")
    refused(s, "cast 1", "Broken")
    refused(s, "surge", "Broken")
    with pytest.raises(RuleError, match="Broken"):
        economy.pay_reaction(s.state.get("Kira"), "Brace", 0)


def test_shrouded_sen_counts_as_one():
    # Condition table, Shrouded: SEN counts as 1 (for range penalties, R18).
    s = yard()
    assert conditions.effective_sen(s.state.get("Kira")) == 12
    run(s, "cond kira shrouded +2")
    assert conditions.effective_sen(s.state.get("Kira")) == 1


def test_slowed_acts_in_the_slowed_phase():
    # R12: Slowed combatants act after the main phase.
    s = yard()
    run(s, "cond kira slowed")
    refused(s, "turn kira", "Slowed")
    run(s, "turn mira", "end", "turn ogre", "end", "turn nul", "end", "turn thug", "end",
        "turn kira")
    assert order(s)[-1] == "Kira"


def test_surprised_counts_as_slowed_and_blocks_reactions():
    # R16: Surprised includes Slowed; no reactions.
    s = yard()
    run(s, "surprise kira")
    refused(s, "turn kira", "Slowed")
    with pytest.raises(RuleError, match="Surprised"):
        economy.pay_reaction(s.state.get("Kira"), "Dodge", 2)


def test_impaired_reduces_the_hide_roll():
    # Condition table, Impaired: -1d per stack on all rolls but LUCK (AGI 2 - 1 = 1d).
    s = yard()
    run(s, "cond kira impaired", "turn kira")
    run(s, "hide roll", faces=[5])
    assert s.state.get("Kira").has("Hidden")
    assert s.entries[-1].events[1].roll.pool == 1


def test_faltering_check_adds_a_stack_on_a_high_d6():
    # Condition table, Faltering: a d6 above the stacks adds a stack.
    s = yard()
    run(s, "cond kira faltering", "turn kira")
    run(s, "end", faces=[4])
    assert s.state.get("Kira").stacks("Faltering") == 2


def test_faltering_check_can_defeat():
    # Condition table, Faltering: d6 at or under the stacks -> LUCK roll; 0 successes =
    # Defeated.
    s = yard()
    run(s, "cond kira faltering", "turn kira")
    run(s, "end", faces=[1, 2])
    assert s.state.get("Kira").defeated


def test_unraveling_failure_means_lost():
    # Condition table, Unraveling: as Faltering, but failure = Lost.
    s = yard()
    run(s, "cond kira unraveling +2", "turn kira")
    run(s, "end", faces=[2, 3])
    k = s.state.get("Kira")
    assert k.lost and k.out


def test_unraveling_survives_with_a_luck_success():
    s = yard()
    run(s, "cond kira unraveling", "turn kira")
    run(s, "end", faces=[1, 6])
    k = s.state.get("Kira")
    assert not k.out and k.stacks("Unraveling") == 2


def test_vulnerable_is_persistent_until_shaken_off():
    # Condition table: Vulnerable is persistent; Shake It Off takes a stack (R29).
    s = yard()
    run(s, "cond kira vulnerable +2", "turn kira", "end")
    assert s.state.get("Kira").stacks("Vulnerable") == 2


def test_grabbed_locks_movement():
    # Condition table, Grabbed: ch19 Grab rules.
    s = yard()
    run(s, "cond mira grabbed from kira", "turn mira")
    refused(s, "move 1", "Grabbed by Kira")


def test_defeated_grabber_releases():
    # R11: a Defeated combatant lets go of anything it grabbed.
    s = yard()
    for state in (s.initial, s.state):  # the link a Grab attack leaves (grabber.grabbing)
        state.get("Kira").grabbing.append("Mira")
        state.get("Thug").grabbing.append("Nul")
    run(s, "cond mira grabbed +2 from Kira", "cond nul grabbed +1 from Thug", "defeat kira")
    assert not s.state.get("Mira").has("Grabbed") and s.state.get("Kira").grabbing == []
    run(s, "dmg thug 25")  # a Regular has no Wound slot: Defeated by damage (R10, R11)
    assert s.state.get("Thug").defeated and not s.state.get("Nul").has("Grabbed")


def test_frightened_is_a_reminder_in_the_log():
    # Condition table: Frightened is not enforced; the tracker reminds the GM.
    s = yard()
    run(s, "cond kira frightened from Ogre", "turn kira", "move 3")
    assert ("Reminder for Kira: Frightened (source: Ogre): may not approach or "
            "melee-attack the source") in log_text(s)


def test_gm_defined_condition_works_everywhere():
    # docs/encounter-format.md: GM-defined conditions work like the catalogue's ones: added
    # by command, shown as reminders, cleared by their clear type (auto here).
    s = yard()
    run(s, "cond kira bleeding +2", "turn kira", "shift 1")
    assert "Reminder for Kira: Bleeding 2: lose 2 Vitality at end of turn" in log_text(s)
    run(s, "end")
    assert s.state.get("Kira").stacks("Bleeding") == 1
    assert reminders(s.state, s.state.get("Mira")) == []


def test_lost_by_strain():
    # R10/R11: no Burden slot left at Max Strain -> Lost.
    s = yard()
    run(s, "strain nul 4", faces=[1])
    run(s, "strain nul 4", faces=[2])
    run(s, "strain nul 4", faces=[3])
    run(s, "strain nul 4")
    assert s.state.get("Nul").lost


def test_provoked_source_typed_in_lower_case_matches_the_combatant():
    # Condition table, Provoked: -2d on attacks against anyone but the source.
    s = arena()
    run(s, "cond kira provoked from orc")
    assert s.state.get("Kira").conditions["Provoked"].source == "Orc"
    run(s, "turn kira", "attack orc with club", faces=[1, 1, 1])  # POW 3: no -2d
    roll = [e for e in s.entries[-1].events if e.kind == "attack_rolled"][0]
    assert "Provoked" not in dict(roll.pool)


def test_provoked_check_ignores_case_of_a_stored_source():
    # Condition table, Provoked; a source stored in another case (an older journal) still
    # names the provoker.
    s = arena()
    run(s, "cond kira provoked from orc")
    s.state.get("Kira").conditions["Provoked"].source = "ORC"
    run(s, "turn kira", "attack orc with club", faces=[1, 1, 1])
    roll = [e for e in s.entries[-1].events if e.kind == "attack_rolled"][0]
    assert "Provoked" not in dict(roll.pool)


def test_provoked_still_penalises_attacks_on_others():
    # Condition table, Provoked: -2d against anyone else.
    s = arena()
    run(s, "cond kira provoked from troll", "turn kira", "attack orc with club", faces=[1])
    roll = [e for e in s.entries[-1].events if e.kind == "attack_rolled"][0]
    assert dict(roll.pool)["Provoked"] == -2


def test_a_source_that_names_nobody_is_kept_as_typed():
    s = arena()
    run(s, "cond kira hindered from falling rocks")
    assert s.state.get("Kira").conditions["Hindered"].source == "falling rocks"


@pytest.mark.parametrize("line, stacks", [("+5", 3), ("-1", 1), ("=1", 1), ("-all", 0)])
def test_condition_commands_respect_caps(line, stacks):
    # Condition table: stacks cap at 3 unless noted.
    s = mace_yard()
    run(s, "cond wyrm impaired +2")
    run(s, f"cond wyrm impaired {line}")
    assert s.state.get("Wyrm").stacks("Impaired") == stacks


def test_hindered_has_one_stack_and_faltering_no_cap():
    # Conditions (docs/rulings.md, the condition catalogue, momenta_cli/data): Hindered
    # caps at 1 stack, Faltering has no cap.
    s = mace_yard()
    run(s, "cond wyrm hindered +3", "cond wyrm faltering +7")
    w = s.state.get("Wyrm")
    assert w.stacks("Hindered") == 1 and w.stacks("Faltering") == 7


def test_an_immune_combatant_does_not_gain_the_condition():
    # Stat blocks may be immune to conditions (REFERENCE-NUMBERS: the hierophant is immune
    # to Shrouded); gaining one changes nothing, and the GM is told.
    s = session_from("""
        name: Immune
        combatants:
          - {name: Kira, side: allies}
          - {name: Cantor, side: adversaries, threat: Regular, max_vitality: 20,
             immunities: [Shrouded]}
    """)
    before = s.state.clone()
    with pytest.raises(MomentaError, match="immune to Shrouded"):
        run(s, "cond cantor shrouded +1")
    assert s.state == before
