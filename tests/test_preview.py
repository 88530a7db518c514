"""Previewing a line (issue 12 item 1): a command line whose last word is ``?`` shows what
the command would do, asks nothing and changes nothing. Per verb family: attacks (pools
with every modifier and R2, the target's legal reactions with cost and pool, damage
tiers after resistance and weakness, the Vigor cost), maneuvers, turn and GM commands
(cost, allowed or the engine's refusal), and the session lines (undo, redo, status,
help, quit, odds). The property over every verb is in test_preview_property.py.

Rules cited: R2 (zero dice), R7 (enemies' maneuvers, scripted defenses, Grunts), R9
(resistance, weakness, Strain), R21 (Cumbersome), R22 (Area), R27 (one reaction per
trigger, Counterattack first), ch19 Reactions (Dodge, Deflect, Counterattack, Brace,
Indefensible), condition table (Hindered: no Dodge, +1d to attackers)."""

from __future__ import annotations

from momenta_cli.engine.core import SeededRoller, Session
from momenta_cli.play import run_line
from momenta_cli.play.preview import LinePreview, strip_mark
from tests.attack_yard import yard
from tests.engine_helpers import run


def look(session: Session, line: str) -> LinePreview:
    """Preview ``line`` (``?`` added) and check that nothing changed, not even the dice
    the fight would roll next."""
    before, entries = session.state.clone(), list(session.entries)
    roller = SeededRoller(5)
    out = run_line(session, f"{line} ?", roller)
    assert out.preview is not None and not out.changed
    assert session.state == before and session.entries == entries
    assert roller.roll(6) == SeededRoller(5).roll(6)  # the fight's own dice are untouched
    return out.preview


def options(pv: LinePreview, i: int = 0) -> dict[str, tuple]:
    return {o.words: (o.cost, o.pool, o.auto) for o in pv.against[i].options}


# --- the mark ----------------------------------------------------------------------------


def test_the_mark_is_a_last_word_of_its_own():
    assert strip_mark("attack gorm ?") == "attack gorm"
    assert strip_mark("  attack gorm   ?  ") == "attack gorm"
    assert strip_mark("attack gorm ? # just looking") == "attack gorm"
    assert strip_mark('attack "Hedge Bruiser" ?') == 'attack "Hedge Bruiser"'  # as typed
    assert strip_mark("attack gorm?") is None  # no word of its own
    assert strip_mark("?") is None  # a lone ? is help, as ever
    assert strip_mark("attack ? gorm") is None
    assert strip_mark("# what now ?") is None  # a comment
    assert strip_mark('attack "gorm ?') is None  # an open quote: refused as it is


def test_a_lone_question_mark_is_still_help():
    out = run_line(yard(), "?", SeededRoller(1))
    assert out.meta is not None and out.meta.what == "help" and out.preview is None


# --- attacks -----------------------------------------------------------------------------


def test_an_attack_shows_its_pool_cost_and_tiers():
    # ch20 Attacking step 1: POW for the Longsword; ch19: a Basic Attack costs 2 Vigor
    s = yard()
    run(s, "turn kira")
    pv = look(s, "attack gorm with longsword")
    assert pv.allowed and pv.attack
    assert [(p.name, p.cost, p.vigor_from, p.vigor_to) for p in pv.paid] == \
        [("Kira", 2, 7, 5)]
    (roll,) = pv.rolls
    assert (roll.attacker, roll.target, roll.pool) == ("Kira", "Gorm", (("POW", 3),))
    t = pv.against[0]
    assert [(x.net, x.tier, x.amount) for x in t.tiers] == \
        [(0, 2, 2), (1, 6, 6), (2, 11, 11), (3, 17, 17)]
    assert t.chance is not None and 0 < t.chance.p_hit < 1


def test_every_modifier_is_in_the_pool():
    # condition table: a Hindered target gives +1d; R19: an Edge hit is -2d here
    s = yard()
    run(s, "cond gorm hindered", "turn kira")
    (roll,) = look(s, "attack gorm with longsword at edge").rolls
    assert dict(roll.pool) == {"POW": 3, "target Hindered": 1, "Edge": -2}


def test_a_pool_of_zero_is_shown_as_r2_rolls_it():
    # R2: 0 dice or fewer roll 2d6 and keep the lowest
    from momenta_cli.render import preview_lines as lines

    s = yard()
    run(s, "turn wren")
    pv = look(s, "attack gorm with buckler -1d")
    text = "\n".join(t.plain for t in lines(pv, s.state))
    assert "POW 0, GM -1 = -1d (2d6 keep lowest)" in text


def test_the_target_s_legal_reactions_with_cost_and_pool():
    # ch19: Dodge 2 Vigor with AGI, Deflect 1 Vigor with the weapon's attribute,
    # Counterattack 2 Vigor with a melee weapon; Brace free
    s = yard()
    run(s, "turn kira")
    pv = look(s, "attack wren with longsword")
    got = options(pv)
    assert got["dodge"] == (2, (("AGI", 3),), None)
    assert got["counter with Rapier"] == (2, (("AGI", 3),), None)
    assert "deflect=Buckler" in got  # a Shield Deflects any weight
    assert "deflect=Rapier" not in got  # ch19 Deflect: too light for a Longsword
    assert pv.against[0].brace_open


def test_reactions_not_open_are_not_offered():
    # ch19 Indefensible: no Dodge or Deflect, a Counterattack still; condition table:
    # Hindered forbids Dodge
    s = yard()
    run(s, "turn kira")
    lash = options(look(s, "attack wren with lash"))
    assert not any(w.startswith(("dodge", "deflect")) for w in lash) and lash
    run(s, "cond wren hindered")
    assert "dodge" not in options(look(s, "attack wren with longsword"))


def test_an_enemy_target_offers_its_scripted_defense():
    # R7: an enemy's scripted defense costs a use, not Vigor; a Grunt never rolls
    s = yard()
    run(s, "turn kira")
    o = look(s, "attack vessa").against[0].options
    assert [(x.words, x.cost, x.pool, x.uses) for x in o] == \
        [("defend=Parry", None, (("pool", 3),), "1 of 1 use left this round")]
    (duck,) = look(s, "attack footpad").against[0].options
    assert duck.auto == 1


def test_a_written_reaction_is_in_the_roll_and_marked():
    s = yard()
    run(s, "turn kira")
    pv = look(s, "attack wren with longsword dodge")
    assert pv.rolls[0].defense == "Dodge" and pv.rolls[0].defense_pool == (("AGI", 3),)
    assert [o.words for o in pv.against[0].options if o.declared] == ["dodge"]
    assert [(p.name, p.cost) for p in pv.paid] == [("Kira", 2), ("Wren", 2)]


def test_a_counterattack_rolls_first():
    # R27: a Counterattack is resolved before the attack it answers
    s = yard()
    run(s, "turn kira")
    pv = look(s, "attack wren with longsword counter with rapier")
    assert [(r.attacker, r.maneuver) for r in pv.rolls] == \
        [("Wren", "Counterattack"), ("Kira", "Basic Attack")]


def test_resistance_and_weakness_change_the_tiers():
    # R9: resisted halves, weak doubles, both cancel; Guard soaks first
    s = yard()
    run(s, "turn kira")
    fire = look(s, "attack vessa with firebolt dist 3").against[0]
    assert fire.resisted == ("Fire",) and fire.guard == 3
    assert [x.amount for x in fire.tiers] == [0, 1, 3, 5]  # (2-3)/2 .. (14-3)/2
    weak = look(s, "attack gorm with shock touch").against[0]
    assert [x.amount for x in weak.tiers] == [2, 10, 18, 26]
    assert weak.tiers[-1].down


def test_strain_goes_straight_to_strain():
    # R9: a Strain attack deals its tier, no Guard or resistance
    s = yard()
    run(s, "turn kira")
    t = look(s, "attack wren with mind spike dist 3").against[0]
    assert t.strain and [x.amount for x in t.tiers] == [2, 4, 6, 9]
    assert not t.brace_open  # ch20: Brace does nothing against Strain


def test_cumbersome_costs_three_vigor():
    # R21, resolution.attack_cost
    s = yard()
    run(s, "turn kira")
    assert [p.cost for p in look(s, "attack wren with great maul").paid] == [3]


def test_an_enemy_pays_with_a_maneuver():
    # R7: a Move plus its maneuvers a turn, no Vigor
    s = yard()
    run(s, "turn kira", "end", "turn gorm")
    (paid,) = look(s, "attack kira").paid
    assert paid.cost == 0 and paid.enemy_limit == 2


def test_an_area_attack_shows_every_target():
    # R22: one roll for a weapon, each target with its own reactions
    s = yard()
    run(s, "turn kira")
    pv = look(s, "attack wren with firebomb dist 3 for gorm for vessa")
    assert [t.name for t in pv.against] == ["Wren", "Gorm", "Vessa"]
    assert "dodge" in options(pv, 0) and not options(pv, 1)


def test_feint_grab_and_shove_show_no_damage():
    # ch19: an effect of N net successes instead of damage
    s = yard()
    run(s, "turn kira")
    for verb in ("feint", "grab", "shove"):
        t = look(s, f"{verb} gorm").against[0]
        assert not t.deals_damage and not t.tiers and t.chance is not None


def test_typed_dice_give_the_outcome_and_a_wrong_count_the_pool():
    s = yard()
    run(s, "turn kira")
    pv = look(s, "attack gorm with longsword roll 5,5,6")
    assert pv.allowed and pv.rolled == 0 and pv.against[0].chance is None
    assert any(e.kind == "attack_damage" for e in pv.events)
    wrong = look(s, "attack gorm with longsword roll 5,5")
    assert wrong.refusal is not None and "expected 3 faces" in wrong.refusal
    assert wrong.rolls[0].pool == (("POW", 3),)  # still told the dice it takes


def test_a_refused_attack_gives_the_engine_s_reason():
    s = yard()
    run(s, "turn kira")
    pv = look(s, "attack gorm with mace")
    assert not pv.allowed and "Kira has no weapon 'mace'" in (pv.refusal or "")
    run(s, "cond kira broken")
    assert "Kira is Broken" in (look(s, "attack gorm").refusal or "")


def test_intercept_and_forestall_are_previewed_like_attacks():
    # ch19 Intercept: 2 Vigor as a reaction; R35: only once the mover has moved
    s = yard()
    run(s, "turn kira", "end", "turn gorm")
    assert "Gorm has not moved" in (look(s, "intercept wren gorm with rapier").refusal or "")
    run(s, "move 3")
    pv = look(s, "intercept wren gorm with rapier")
    assert pv.allowed, pv.refusal
    assert pv.rolls[-1].maneuver == "Intercept"
    assert [(p.name, p.cost) for p in pv.paid] == [("Wren", 2)]
    run(s, "move 2")
    assert "Reflexive" in (look(s, "forestall wren gorm with rapier").refusal or "")
    assert look(s, "forestall wren gorm with spear dist 2").allowed


# --- maneuvers, turn and GM commands ------------------------------------------------------


def test_a_maneuver_shows_its_cost():
    s = yard()
    run(s, "turn kira")
    move = look(s, "move 3")
    assert move.allowed and move.paid[0].free_move  # the turn's first Move is free
    hide = look(s, "hide")
    assert [(p.what, p.cost) for p in hide.paid] == [("Hide", 1)]
    assert "30 squares would need 30" in (look(s, "move 30").refusal or "")


def test_a_turn_command_is_allowed_or_refused_with_the_reason():
    s = yard()
    run(s, "turn kira")
    assert "Kira's turn is still running" in (look(s, "turn gorm").refusal or "")
    nxt = look(s, "next")
    assert nxt.allowed and not nxt.paid
    assert [e.kind for e in nxt.events][:2] == ["turn_ended", "turn_started"]


def test_a_gm_command_is_decided_and_its_dice_thrown_away():
    # R10: a PC's Wound rolls a d6 on the table: rolled for the preview, then thrown away
    s = yard()
    pv = look(s, "dmg wren 30")
    assert pv.allowed and pv.rolled == 1
    assert any(e.kind == "wound_taken" for e in pv.events)
    assert not look(s, "dmg nobody 3").allowed


# --- session lines -------------------------------------------------------------------------


def test_undo_and_redo_say_which_line():
    s = yard()
    assert look(s, "undo").refusal == "nothing to undo"
    run(s, "turn kira", "hide")
    assert look(s, "undo").says == "would take back 'hide'"
    run(s, "undo")
    assert "would put back 'hide'" in (look(s, "redo").says or "")


def test_undo_n_and_redo_n_name_every_line_they_would_take():
    """``undo 2 ?`` previews the two steps ``undo 2`` takes (the last first), never
    more than there are."""
    s = yard()
    run(s, "turn kira", "hide")
    assert look(s, "undo 2").says == "would take back 'hide', 'turn kira'"
    assert look(s, "undo 9").says == "would take back 'hide', 'turn kira'"
    run(s, "undo", "undo")
    assert look(s, "redo 2").says == ("would put back 'turn kira', 'hide' with the "
                                      "original dice")


def test_status_help_quit_and_odds_say_what_they_would_do():
    s = yard()
    run(s, "turn kira")
    assert "status table" in (look(s, "status").says or "")
    assert look(s, "help").says == "would list the commands"
    assert "would explain 'attack'" in (look(s, "help attack").says or "")
    assert "would leave" in (look(s, "quit").says or "")
    assert "odds of Kira's attack on Gorm" in (look(s, "odds gorm").says or "")
    assert not look(s, "odds gorm counter").allowed


def test_a_line_that_does_not_parse_is_refused_as_ever():
    import pytest

    from momenta_cli.errors import CommandError

    s = yard()
    with pytest.raises(CommandError, match="missing target"):
        run_line(s, "attack ?", SeededRoller(1))
    with pytest.raises(CommandError, match="unknown command"):
        run_line(s, "fly away ?", SeededRoller(1))


def test_pinned_dice_are_the_line_s_own():
    # a line may pin the tracker's dice (`dice F,F,...`): the preview rolls them, and
    # refuses what the line would refuse (faces left over; dice on a session line)
    import pytest

    from momenta_cli.errors import CommandError

    s = yard()
    run(s, "turn kira")
    pv = look(s, "hide roll dice 5")
    assert pv.allowed and pv.rolled == 0  # no throwaway die: the outcome is the line's
    from momenta_cli.render import preview_lines as lines

    told = "\n".join(t.plain for t in lines(pv, s.state))
    assert "AGI 1d [5] 1s -> hidden" in told and "thrown away" not in told
    assert "rolls 1 die, not 2" in (look(s, "hide roll dice 5,1").refusal or "")
    hit = look(s, "attack gorm dice 5,5,6")
    assert hit.rolled == 0 and any(e.kind == "attack_damage" for e in hit.events)
    with pytest.raises(CommandError, match="undo takes the last command back as it was"):
        run_line(s, "undo dice 5 ?", SeededRoller(1))


def test_a_preview_with_pinned_dice_gives_the_real_line_s_answer():
    # play/pinned.py's check, not the preview's own: too few faces, too many, or faces for a
    # command that rolls none are refused with the very words the line itself gets
    import pytest

    from momenta_cli.errors import RuleError

    s = yard()
    run(s, "turn kira")
    for line in ("attack gorm with longsword dice 5", "attack gorm with longsword dice 5,5",
                 "attack gorm with longsword dice 5,5,6,1", "hide roll dice 5,1",
                 "cond gorm hindered dice 5"):
        pv = look(s, line)
        with pytest.raises(RuleError) as real:
            run_line(s, line, SeededRoller(1))
        assert pv.refusal == str(real.value), line
    short = look(s, "attack gorm with longsword dice 5")
    assert short.rolls[0].pool == (("POW", 3),)  # still told the dice it takes


def test_a_preview_reads_the_dice_clause_as_the_line_does():
    # words.take_dice for both: faces that are no d6 are refused alike (R1: a d6), and
    # faces written with spaces are the same faces
    import pytest

    from momenta_cli.errors import CommandError

    s = yard()
    run(s, "turn kira")
    for line in ("attack gorm dice 5,5,9", "attack gorm dice 0,0,0"):
        with pytest.raises(CommandError) as real:
            run_line(s, line, SeededRoller(1))
        with pytest.raises(CommandError) as seen:
            run_line(s, f"{line} ?", SeededRoller(1))
        assert str(seen.value) == str(real.value)
    pv = look(s, "attack gorm dice 5 5 6")
    assert pv.allowed and pv.rolled == 0
    real_entry = run_line(s, "attack gorm dice 5 5 6", SeededRoller(1)).entry
    assert real_entry is not None and pv.events == real_entry.events


def _told(s: Session, line: str) -> str:
    from momenta_cli.render import preview_lines as lines

    return "\n".join(t.plain for t in lines(look(s, line), s.state))


def test_resistance_and_weakness_that_cancel_are_said_to():
    # R9: any resistance and any weakness cancel; a Brace counts as a resistance (ch19),
    # and resistances do not stack
    from tests.engine_helpers import session_from

    s = yard()
    run(s, "turn kira")
    told = _told(s, "attack vessa with flame axe")  # Vessa resists Fire, weak to Radiant
    assert "resists Fire and weak to Radiant: they cancel (R9)" in told
    assert "0: 3->0 · 1: 9->6 · 2: 17->14 · 3: 20->17" in told  # Guard 3 only
    assert "resists Fire: halved" in _told(s, "attack vessa with firebolt dist 3")
    assert "weak to Lightning: doubled" in _told(s, "attack gorm with shock touch")
    s = session_from("""
    name: Oil
    weapons:
      - {name: Torch, weight: Light, attribute: POW, tags: [Fire, Melee 1],
         damage: {0s: 2, 1s: 6, 2s: 10, 3+: 14}}
    combatants:
      - {name: Kira, side: allies, attributes: {POW: 3}, weapons: [Torch]}
      - {name: Oiled, side: allies, weaknesses: [Fire], max_vitality: 30}
      - {name: Stone, side: allies, resistances: [Fire], max_vitality: 30}
      - {name: Plain, side: allies, max_vitality: 30}
    """)
    run(s, "turn kira")
    assert "Braces and weak to Fire: they cancel (R9), then Broken" in \
        _told(s, "attack oiled with torch brace")
    assert "resists Fire and Braces: halved once (R9), then Broken" in \
        _told(s, "attack stone with torch brace")
    assert "Braces: halved, then Broken" in _told(s, "attack plain with torch brace")


def test_an_area_weapon_s_one_roll_is_said_to_be_for_every_target():
    # R22 (ours): an Area weapon rolls once for the whole area, a spell once per target
    s = yard()
    run(s, "turn kira")
    told = _told(s, "attack wren with firebomb dist 3 for gorm for vessa").splitlines()
    attacks = [x.strip() for x in told if x.strip().startswith("attack:")]
    assert attacks == ["attack: POW 3d, one roll for all 3 targets (R22)",
                       "attack: the same roll as against Wren (R22)",
                       "attack: the same roll as against Wren (R22)"]
    told = _told(s, "attack wren with fireball dist 3 for gorm").splitlines()
    attacks = [x.strip() for x in told if x.strip().startswith("attack:")]
    assert len(attacks) == 2 and all(x.endswith("(a spell rolls for each target, R22)")
                                     for x in attacks)
    alone = [x.strip() for x in _told(s, "attack wren with firebomb dist 3").splitlines()
             if x.strip().startswith("attack:")]
    assert alone == ["attack: POW 3d"]


def test_an_enemy_s_maneuvers_are_counted_in_words():
    # R7: an enemy pays with one of its maneuvers a turn
    s = yard()
    run(s, "turn kira", "end", "turn gorm")
    assert "cost: one of Gorm's 2 maneuvers this turn (R7)" in _told(s, "attack kira")
    from momenta_cli.play.preview import Paid
    from momenta_cli.render.preview_view import _paid

    assert _paid(Paid("Gorm", "Basic Attack", 0, 0, 0, enemy_limit=1)) == \
        "Gorm's one maneuver this turn (R7)"


def test_an_enemy_s_first_move_previews_as_free_and_a_second_as_a_maneuver():
    # R7: an enemy takes a Move plus its maneuvers: the first Move costs nothing, a
    # second one is one of its maneuvers (engine/actions/economy.py pay_maneuver)
    s = yard()
    run(s, "turn kira", "end", "turn gorm")
    assert "cost: nothing (Gorm's free Move)" in _told(s, "move gorm 1")
    run(s, "move gorm 1")
    assert "cost: one of Gorm's 2 maneuvers this turn (R7)" in _told(s, "move gorm 1")
