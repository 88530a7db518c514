"""Decision points in the engine (issue 23): a command decided step by step, stopping
where the rules give someone a choice (ch19 Reactions: the target's reaction when
targeted; ch20 Attacking: the dice once the pool is known; ch19 Brace once the damage is
known; R10: a PC's Wound or Burden d6; R15: a PC's clear roll at the end of its turn),
gives the same events as the same command with every answer written on its line.

And the readers of that one resolution agree with it: the odds and a ``?`` preview give
the pools the command then rolls with."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from momenta_cli.encounter import load_encounter
from momenta_cli.engine.attack import Attack, AttackRolled
from momenta_cli.engine.core import (
    Ask,
    Done,
    PresetRoller,
    SeededRoller,
    Session,
    Typed,
    decide,
    step,
    survey,
)
from momenta_cli.errors import MomentaError, RuleError
from momenta_cli.language import parse_line, unparse
from tests.conftest import ROOT

ENC = ROOT / "encounters" / "demo.yaml"
# Fights at a few moments of the demo: an ally's turn (enemies as targets, with scripted
# defenses or none), an enemy's turn (the allies may Dodge, Deflect, Counterattack and
# Brace), and an ally Hindered and Vulnerable at its turn's end (a clear roll to ask).
MOMENTS = [
    ("turn brannoc",),
    ("turn brannoc", "end", "turn gorm"),
    ("turn brannoc", "end", "turn knife-2"),
    ("turn brannoc", "cond brannoc hindered", "cond wren broken", "cond tamsin surprised"),
    ("turn brannoc", "end", "turn gorm", "cond wren strained 0", "strain wren 9"),
]
ATTACKERLESS = ["attack {t}", "attack {t} with {w}", "feint {t}", "grab {t}", "shove {t}",
                "attack {t} at edge", "attack {t} at mark"]
TURN_LINES = ["end", "next", "dmg {t} 25", "strain {t} 12"]


def _fight(moment: int) -> Session:
    s = Session(load_encounter(ENC))
    r = SeededRoller(7)
    for line in MOMENTS[moment]:
        try:
            s.execute(parse_line(line), line, r)
        except MomentaError:
            pass  # a moment that does not quite happen is still a fight to decide in
    return s


@st.composite
def commands(draw):
    moment = draw(st.integers(0, len(MOMENTS) - 1))
    s = _fight(moment)
    names = sorted(s.state.fighters)
    t = draw(st.sampled_from(names))
    acting = s.state.active
    weapons = ["longsword"]
    if acting is not None:
        weapons = [w.name for w in s.state.get(acting).spec.weapons] or weapons
    w = draw(st.sampled_from(weapons))
    shape = draw(st.sampled_from(ATTACKERLESS + TURN_LINES))
    return s, shape.format(t=f'"{t}"', w=f'"{w}"')


def _answer(data, ask: Ask):
    """A random legal answer to ``ask``, or None (the default: no reaction, the tracker
    rolls, no Brace)."""
    if data.draw(st.booleans(), label=f"default at {ask.kind}"):
        return None
    if ask.kind in ("reaction", "brace", "pick", "trigger"):
        return data.draw(st.sampled_from(ask.options), label="option")
    if ask.kind in ("dice", "clear_roll"):
        if data.draw(st.booleans(), label="successes"):
            top = max(ask.dice if ask.pool.total > 0 else 1, 0)
            return Typed(successes=data.draw(st.integers(0, top), label="successes"))
        return Typed(faces=tuple(data.draw(st.lists(st.integers(1, 6), min_size=ask.dice,
                                                     max_size=ask.dice), label="faces")))
    return data.draw(st.integers(1, 6), label="d6")


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(commands(), st.data())
def test_answering_step_by_step_gives_the_events_of_the_line_with_every_answer_written(
        case, data):
    """Issue 23: for random commands with random answers, answering each decision point
    as the engine stops at it, then writing every answer on the line and deciding that
    line straight through, give the same events (ch19 Reactions, ch19 Brace, ch20
    Attacking, R10, R15)."""
    s, line = case
    try:
        cmd = parse_line(line)
    except MomentaError:
        return
    fight = s.state
    answers: dict = {}
    tape: list[int] = []
    for n in range(40):  # a handful of points at most; a loop is a bug
        try:
            got = step(fight, cmd, answers, roller=SeededRoller(3), tape=tuple(tape),
                       rolls=False)
        except RuleError:
            if n == 0:
                return  # refused as it stands: nothing to answer
            raise  # a legal answer the engine then refuses is a bug
        if isinstance(got, Done):
            break
        a = _answer(data, got)
        if got.kind == "wound_die":
            tape.append(a if a is not None else 4)
        else:
            answers[got.key] = a
            if a is None and got.kind in ("dice", "clear_roll"):
                # the tracker's dice: rolled by the stepper's roller from here on
                answers[got.key] = None
                got2 = step(fight, cmd, answers, roller=SeededRoller(3), tape=tuple(tape),
                            rolls=True)
                if isinstance(got2, Done):
                    got = got2
                    break
    else:
        pytest.fail("no end to the decision points")
    assert isinstance(got, Done)
    whole = got.command
    if isinstance(whole, Attack):  # the complete line, as the journal keeps it
        whole = parse_line(unparse(whole))
    again = decide(fight, whole, PresetRoller(got.faces))
    assert again == got.events


def test_a_plain_roller_answers_nothing_so_a_line_runs_straight_through():
    """A script, ``do`` and a replay decide with a plain roller: no point stops them, and
    each takes its default (ch19 Reactions: no reaction unless written)."""
    s = _fight(1)
    cmd = parse_line("attack wren with cudgel")
    events = decide(s.state, cmd, SeededRoller(5))
    assert any(isinstance(e, AttackRolled) and e.defense is None for e in events)


def test_the_reaction_point_offers_what_the_rules_allow_with_cost_and_pool():
    """ch19 Reactions, Dodge (2 Vigor, AGI), Deflect (1 Vigor; a Shield turns any
    weight): Wren targeted by Gorm's cudgel is asked, with every option priced and
    pooled, before any die; her stat block grants Deflect and not Counterattack (R37),
    so no Counterattack is offered."""
    s = _fight(1)
    got = step(s.state, parse_line("attack wren with cudgel"))
    assert isinstance(got, Ask) and got.kind == "reaction" and got.who == "Wren"
    by = {o.words: o for o in got.options}
    assert by[""].none
    assert by["dodge"].cost == 2 and by["dodge"].pool is not None
    assert by["deflect=Buckler"].cost == 1
    assert not any(w.startswith("counter") for w in by)


def test_an_enemy_s_scripted_defense_is_the_gm_s_to_decide():
    """R7: an enemy reacts only with its scripted defenses, and the GM decides them: the
    Warden's Haft Block (melee, once a round) is offered with its pool and uses left."""
    s = Session(load_encounter(ROOT / "encounters" / "duel-at-the-ford.yaml"))
    s.execute(parse_line("turn kira"), "turn kira", SeededRoller(1))
    got = step(s.state, parse_line("attack warden with longsword"))
    assert isinstance(got, Ask) and got.gm and got.kind == "reaction"
    block = got.option("defend=Haft Block")
    assert block is not None and block.pool is not None and block.pool.total == 2
    assert (block.left, block.per_round) == (1, 1)
    done = step(s.state, parse_line("attack warden with longsword"), {got.key: block},
                roller=SeededRoller(1), rolls=True)
    assert isinstance(done, Done)
    assert "defend" in unparse(done.command)


def test_brace_is_asked_once_the_damage_is_known_with_both_amounts():
    """ch19 Brace: a free reaction once damage is about to reach Vitality; the point
    says what reaches without it and with it (resistance: half, ch20)."""
    s = _fight(1)
    cmd = parse_line("attack wren with cudgel roll 6,6,6")
    got = step(s.state, cmd, {("attack", (), "reaction"): None})
    assert isinstance(got, Ask) and got.kind == "brace" and got.who == "Wren"
    assert got.amount is not None and got.braced is not None and got.braced < got.amount
    assert any(isinstance(e, AttackRolled) for e in got.lead)  # the hit shown first


def test_a_wound_d6_comes_after_the_hit_in_the_lead():
    """R10: a PC's Wound d6 is decided once the hit is known: its point carries the
    attack's roll and damage, so a table shows them first."""
    s = _fight(1)
    s.execute(parse_line("dmg wren 15 untyped"), "dmg wren 15 untyped", SeededRoller(1))
    cmd = parse_line("attack wren with cudgel roll 6,6,6 brace")
    got = step(s.state, cmd, {("attack", (), "reaction"): None}, roller=SeededRoller(1))
    while isinstance(got, Ask) and got.kind != "wound_die":
        got = step(s.state, cmd, {("attack", (), "reaction"): None, got.key: None},
                   roller=SeededRoller(1))
    assert isinstance(got, Ask), "this hit fills a Wound slot: Wren is at 3 Vitality"
    kinds = [e.kind for e in got.lead]
    assert "attack_rolled" in kinds and "attack_damage" in kinds


def test_a_pc_clear_roll_at_the_end_of_its_turn_is_a_decision_point():
    """R15: a PC rolls to clear Hindered at the end of its turn; its player rolls."""
    s = _fight(3)
    got = step(s.state, parse_line("end"))
    assert isinstance(got, Ask) and got.kind == "clear_roll"
    assert got.who == "Brannoc" and got.condition == "Hindered" and got.dice >= 1
    done = step(s.state, parse_line("end"), {got.key: Typed(faces=(6,) * got.dice)})
    assert isinstance(done, Done)
    assert "Hindered" in done.command.typed


def test_survey_rolls_nothing_and_changes_nothing():
    """A look-ahead reads the decision points without a real die and leaves the fight
    as it was."""
    s = _fight(1)
    before = s.state.clone()
    events, asks = survey(s.state, parse_line("attack wren with cudgel"))
    assert [a.kind for a in asks][:1] == ["reaction"]
    assert s.state == before and events


# --- the readers agree with the command ---------------------------------------------------


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 3), st.sampled_from(["attack", "feint", "grab", "shove"]),
       st.sampled_from(["", " dodge", " deflect", " defend", " at edge", " +1d", " brace",
                        " counter"]), st.data())
def test_odds_and_the_preview_roll_the_pools_the_command_rolls(moment, verb, extra, data):
    """Issue 23: ``odds`` and `` ?`` read the engine's own look-ahead, so their pools are
    the ones the attack then rolls, for every attack verb (ch20 step 1: the pools are
    fixed before any die; ch19 Feint, Grab, Shove)."""
    from momenta_cli.odds import attack_odds
    from momenta_cli.play.preview import preview_line

    s = _fight(moment)
    target = data.draw(st.sampled_from(sorted(s.state.fighters)))
    line = f'{verb} "{target}"{extra}'
    cmd = parse_line(line)
    try:
        events = decide(s.state, cmd, SeededRoller(2))
    except MomentaError:
        return
    rolled = [(e.attacker, e.pool, e.defense_pool) for e in events
              if isinstance(e, AttackRolled)]
    pv = preview_line(s, line)
    assert pv.refusal is None
    assert [(r.attacker, r.pool, r.defense_pool) for r in pv.rolls] == rolled
    try:
        o = attack_odds(s.state, cmd)
    except MomentaError:
        return  # not an attack odds covers (an effect, not damage)
    main = [r for r in rolled if r[0] == o.attacker][-1]
    assert (o.pool, o.defense_pool) == main[1:]


# --- no copy of the engine's checks outside it --------------------------------------------


def engine_checks_used(source: str) -> list[str]:
    """The engine's rules checks (``check_*`` imported from ``momenta_cli.engine``) that
    ``source`` names: outside the engine, a reader asks the engine's look-ahead
    (``prepare``, ``step``, ``survey``, ``open_reactions``) instead of running the
    checks itself, in an order of its own."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "momenta_cli.engine"):
            found += [a.name for a in node.names if a.name.startswith("check_")]
    return found


def test_the_checker_finds_an_engine_check_named_outside_it():
    assert engine_checks_used("from momenta_cli.engine.attack import check_reactions") == [
        "check_reactions"]
    assert engine_checks_used("from momenta_cli.engine.attack import prepare") == []
    assert engine_checks_used("from momenta_cli.text import check_length") == []


def test_no_module_outside_the_engine_runs_the_engine_s_checks():
    """Issue 23: the order of the engine's checks lives in the engine alone; odds,
    previews, the prompt's questions, completion and the simulator read its
    look-ahead."""
    pkg = ROOT / "momenta_cli"
    bad = {}
    for path in sorted(pkg.rglob("*.py")):
        rel = path.relative_to(pkg)
        if rel.parts[0] == "engine":
            continue
        used = engine_checks_used(Path(path).read_text(encoding="utf-8"))
        if used:
            bad[str(rel)] = used
    assert bad == {}


def test_the_allies_pick_who_acts_when_several_may():
    """ch18 Turn Order, R13, R14: a bare ``turn`` stops for the side's pick; the players
    pick for the allies (not the GM), the suggestion first; the answer is written on the
    line as a name."""
    s = Session(load_encounter(ENC))
    got = step(s.state, parse_line("turn"))
    assert isinstance(got, Ask) and got.kind == "pick" and got.who == "allies"
    assert not got.gm
    assert {o.words for o in got.options} == {"Brannoc", "Tamsin", "Wren"}
    wren = got.option("wren")
    done = step(s.state, parse_line("turn"), {got.key: wren})
    assert isinstance(done, Done) and done.command.name == "Wren"
    assert done.events[0].name == "Wren"


def test_the_pick_comes_after_the_clear_rolls_of_the_turn_that_ends():
    """ch18 Turn Order, R15: a bare ``next`` ends the turn (its clear rolls first), and
    only then is the next one picked, in one decision: nothing is looked ahead, so the
    dice a clear roll takes are the fight's own. The adversaries' pick is the GM's."""
    s = Session(load_encounter(ENC))
    for line in ("turn brannoc", "cond brannoc hindered"):
        s.execute(parse_line(line), line, SeededRoller(1))
    first = step(s.state, parse_line("next"))
    assert isinstance(first, Ask) and first.kind == "clear_roll" and first.who == "Brannoc"
    second = step(s.state, parse_line("next"), {first.key: Typed(successes=1)})
    assert isinstance(second, Ask) and second.kind == "pick"
    assert second.who == "adversaries" and second.gm
    assert [o.label for o in second.options if o.label.endswith("(suggested)")]


def test_a_stale_pick_number_is_answered_with_who_may_be_picked_now():
    """Issue 26 item 12, ch18 Turn Order: a number past the list names the choices as
    they are now, numbered, not the whole roster."""
    from momenta_cli.questions import pick_from

    s = Session(load_encounter(ENC))
    with pytest.raises(MomentaError, match=r"no choice 3 now: pick one of 1 Brannoc, 2 Wren"):
        pick_from(s.state, ["Brannoc", "Wren"], "3")


def test_the_no_reaction_note_does_not_deny_a_brace_still_to_come():
    """Issue 26 item 10, ch19 Brace: a target that may not Dodge or Deflect may still
    Brace, so its note says no defense was asked; a Broken one may take no reaction."""
    from momenta_cli.questions.reaction_offers import unasked

    assert unasked(("Wren is Broken and cannot react",)) == \
        "(no reaction asked: Wren is Broken and cannot react)"
    line = unasked(("Wren is Hindered and cannot Dodge (condition table)",
                    "Wren cannot Deflect: only a Warrior may (R37)"))
    assert line.startswith("(no defense asked: Wren is Hindered") and " / " not in line


def test_the_pick_is_asked_after_the_clear_rolls_are_shown():
    """R15, ch18 Turn Order: the pick's point carries the end of the turn before it (its
    clear roll), so the table sees the roll before picking."""
    s = Session(load_encounter(ENC))
    for line in ("turn brannoc", "cond brannoc hindered"):
        s.execute(parse_line(line), line, SeededRoller(1))
    first = step(s.state, parse_line("next"))
    assert isinstance(first, Ask) and first.kind == "clear_roll"
    second = step(s.state, parse_line("next"), {first.key: Typed(faces=(4,) * first.dice)})
    assert isinstance(second, Ask) and second.kind == "pick"
    assert [e.kind for e in second.lead][:1] == ["turn_ended"]
    assert any(e.kind == "condition_changed" and e.name == "Brannoc" for e in second.lead)


def test_brace_is_open_at_the_reaction_point_only_against_damage():
    """ch19 Brace, Feint: a Feint deals no damage, so its reaction point does not open
    Brace; an attack does (the prompt refuses ``dodge brace`` at a Feint as the line
    would be refused)."""
    s = _fight(1)
    feint = step(s.state, parse_line("feint wren with cudgel"))
    attack = step(s.state, parse_line("attack wren with cudgel"))
    assert isinstance(feint, Ask) and isinstance(attack, Ask)
    assert not feint.may_brace and attack.may_brace


def test_an_indefensible_attack_gives_one_reason_for_no_defense():
    """ch19 Indefensible Attacks, issue 26 item 10: a target asked nothing is told one
    short reason, not the same one for Dodge and for Deflect."""
    s = Session(load_encounter(ROOT / "encounters" / "duel-at-the-ford.yaml"))
    for line in ("turn kira", "next warden"):
        s.execute(parse_line(line), line, SeededRoller(1))
    got = step(s.state, parse_line("attack kira with drowning stare dist 1"),
               roller=SeededRoller(1), rolls=True)
    events, asks = survey(s.state, parse_line("attack kira with drowning stare dist 1"))
    point = next(a for a in asks if a.kind == "reaction")
    assert point.why == ("Drowning Stare is Indefensible: Kira cannot defend against it "
                         "(ch19 Indefensible Attacks)",)
    assert got is not None
