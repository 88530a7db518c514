"""The simulator (momenta_cli/simulate/): fights played through the engine, reproducible
by seed whatever the job count, always ending, and figures that mean what they say."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from momenta_cli.encounter import load_encounter, load_encounter_text
from momenta_cli.engine.core import SeededRoller, Session
from momenta_cli.play import run_line
from momenta_cli.simulate import estimate, load_policy, play_fight, simulate, summarise
from momenta_cli.simulate.fight import ADVERSARIES, ALLIES, BOTH_OUT, UNDECIDED, fight_seed
from momenta_cli.simulate.policy import BUILTIN, PolicyError
from momenta_cli.simulate.stats import verdict_label, wilson

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "encounters").glob("*.yaml"))
DEMO = load_encounter(ROOT / "encounters" / "demo.yaml")

# Four heroes against one Grunt: nobody should be in doubt (R7: a Grunt scores exactly one
# success and has no Wound slot).
SWORD = "{name: Sword, tags: [Slashing, Melee 1], damage: {0s: 2, 1s: 6, 2s: 11, 3+: 17}}"
WALKOVER = f"""
    name: Four against one
    combatants:
      - {{name: Ana, side: allies, attributes: {{POW: 3, AGI: 2}}, weapons: [{SWORD}]}}
      - {{name: Bo, side: allies, attributes: {{POW: 3, AGI: 2}}, weapons: [{SWORD}]}}
      - {{name: Cy, side: allies, attributes: {{POW: 2, AGI: 3}}, weapons: [{SWORD}]}}
      - {{name: Di, side: allies, attributes: {{POW: 2, AGI: 2}}, weapons: [{SWORD}]}}
      - name: Rat
        side: adversaries
        threat: Grunt
        attacks: [{{name: Bite, tags: [Piercing, Melee 1], damage: {{0s: 1, 1s: 3, 2+: 5}}}}]
"""

# One green hero against a Champion with two turns a round (ch18, R15): hopeless.
MASSACRE = """
    name: One against a giant
    combatants:
      - name: Pip
        side: allies
        attributes: {POW: 1, AGI: 1}
        max_vitality: 12
        weapons: [{name: Knife, tags: [Piercing, Melee 1], damage: {0s: 1, 1s: 3, 2+: 6}}]
      - name: Giant
        side: adversaries
        threat: Champion
        turns: 2
        max_vitality: 40
        attacks:
          - {name: Club, pool: 5, tags: [Crushing, Melee 2], damage: {0s: 4, 1s: 10, 2+: 19}}
"""


def enc_of(text: str):
    return load_encounter_text(textwrap.dedent(text))


def results(enc, n=20, seed=3, jobs=1, policy=None, max_rounds=30):
    return simulate(enc, policy, n, seed, jobs=jobs, max_rounds=max_rounds)


# --- reproducible ---------------------------------------------------------------------------


@pytest.mark.slow  # many fights
def test_same_seed_twice_gives_identical_results():
    assert results(DEMO) == results(DEMO)


@pytest.mark.slow  # many fights
def test_another_seed_gives_other_fights():
    assert results(DEMO, seed=3) != results(DEMO, seed=4)


@pytest.mark.slow  # a process pool
def test_one_job_and_two_jobs_give_identical_results():
    assert results(DEMO, n=24, jobs=1) == results(DEMO, n=24, jobs=2)


@pytest.mark.slow  # many fights
def test_results_come_back_in_fight_order():
    assert [r.index for r in results(DEMO, n=30, jobs=2)] == list(range(30))


def test_fight_seeds_differ_by_fight_and_by_run():
    seeds = {fight_seed(s, i) for s in range(3) for i in range(50)}
    assert len(seeds) == 150


def test_a_simulated_fight_is_the_engine_s_own_journal():
    """Never a second implementation of the rules: the fight's journal, run again line by
    line through the command language with the fight's seed, reaches the same state."""
    _, session = play_fight(DEMO, BUILTIN["tactical"], 5, 2, keep=True)
    assert session is not None and session.entries
    again = Session(DEMO)
    roller = SeededRoller(fight_seed(5, 2))
    for e in session.entries:
        run_line(again, e.line, roller)
    assert again.state == session.state


# --- lopsided fights are lopsided --------------------------------------------------------------


def test_four_heroes_against_one_grunt_win_nearly_always():
    summary = summarise(enc_of(WALKOVER), results(enc_of(WALKOVER), n=40), seed=3,
                        policy="tactical", max_rounds=30)
    assert summary["sides"]["allies"]["rate"] >= 0.95
    assert summary["label"] == "a walkover"


def test_one_green_hero_against_a_champion_loses_nearly_always():
    enc = enc_of(MASSACRE)
    summary = summarise(enc, results(enc, n=40), seed=3, policy="tactical", max_rounds=30)
    assert summary["sides"]["adversaries"]["rate"] >= 0.9
    assert summary["label"] in ("a massacre", "a likely defeat")


@pytest.mark.slow  # 40 fights
def test_the_demo_favours_its_heroes():
    """The demo's own comment: three heroes beat a bruiser and two knives in two or three
    rounds."""
    s = summarise(DEMO, results(DEMO, n=40), seed=3, policy="tactical", max_rounds=30)
    assert s["sides"]["allies"]["rate"] >= 0.95
    assert 1 <= s["rounds"]["median"] <= 4


# --- every sample, both built-in policies: fights end, nothing breaks -----------------------


# the map yard's fights are long (several seconds): the slow lane plays them
BIG_SAMPLES = {"yard-with-a-map"}


@pytest.mark.parametrize("policy", sorted(BUILTIN))
@pytest.mark.parametrize("path", [pytest.param(p, marks=pytest.mark.slow)
                                  if p.stem in BIG_SAMPLES else p for p in SAMPLES],
                         ids=lambda p: p.stem)
def test_every_sample_plays_to_an_end(path, policy):
    """Grunts, multi-turn bosses, independents, Surprised and Slowed combatants, Strain,
    Area and Cumbersome weapons: every fight ends, within the cap."""
    enc = load_encounter(path)
    for r in results(enc, n=6, policy=policy):
        assert r.winner in (ALLIES, ADVERSARIES, BOTH_OUT, UNDECIDED)
        assert 1 <= r.rounds <= 30


@pytest.mark.parametrize("policy", sorted(BUILTIN))
def test_every_demo_fight_is_won_well_within_the_cap(policy):
    """The demo is short (its comment: two or three rounds): every fight is won by a
    side, none reaches the round cap."""
    for r in results(DEMO, n=30, policy=policy):
        assert r.winner in (ALLIES, ADVERSARIES), r
        assert r.rounds < 30, r


@pytest.mark.slow  # property: whole fights
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2 ** 63), index=st.integers(0, 10 ** 6))
def test_the_fight_loop_always_terminates(seed, index):
    r, _ = play_fight(DEMO, BUILTIN["tactical"], seed, index, max_rounds=30)
    assert r.rounds <= 30
    assert r.winner in (ALLIES, ADVERSARIES, BOTH_OUT, UNDECIDED)


def test_a_round_cap_hit_is_undecided():
    """Two who cannot hurt each other (Guard soaks every tier) never finish."""
    enc = enc_of("""
        name: Stalemate
        combatants:
          - {name: Wall, side: allies, max_guard: 50, weapons: [{name: Pillow,
             tags: [Crushing, Melee 1], damage: {0s: 0, 1s: 0, 2s: 0, 3+: 0}}]}
          - {name: Door, side: adversaries, threat: Regular, max_guard: 50, attacks: [
             {name: Feather, pool: 1, tags: [Crushing, Melee 1], damage: {0s: 0, 1+: 0}}]}
    """)
    rs = results(enc, n=3, max_rounds=4)
    assert {r.winner for r in rs} == {UNDECIDED}
    assert {r.rounds for r in rs} == {4}
    s = summarise(enc, rs, seed=3, policy="tactical", max_rounds=4)
    assert "4-round cap" in s["verdict"]


# --- policy files ----------------------------------------------------------------------------


def test_the_sample_policy_in_docs_runs():
    rs = results(load_encounter(ROOT / "encounters" / "mill-ambush.yaml"), n=4,
                 policy=str(ROOT / "docs" / "sample_policy.py"))
    assert len(rs) == 4


def test_a_policy_file_choose_decides_the_turns(tmp_path):
    """A policy that never attacks: nobody is hurt, the cap decides."""
    p = tmp_path / "idle.py"
    p.write_text("def choose(view, actor):\n    return []\n")
    rs = results(DEMO, n=2, policy=str(p), max_rounds=3)
    assert all(r.winner == UNDECIDED and not any(r.dealt) for r in rs)


@pytest.mark.slow  # many fights
def test_refused_and_odd_commands_from_a_policy_are_skipped(tmp_path):
    """Whatever a policy returns that the engine refuses (nonsense, a turn command, an
    attack it cannot pay) is skipped: the fight still ends."""
    p = tmp_path / "odd.py"
    p.write_text(textwrap.dedent("""
        def choose(view, actor):
            return ["frobnicate", "end", "undo", "attack nobody", "breath",
                    view.best_attack(actor).line if view.best_attack(actor) else "note -"]
    """))
    rs = results(DEMO, n=3, policy=str(p))
    assert all(r.refused > 0 for r in rs)
    assert {r.winner for r in rs} <= {ALLIES, ADVERSARIES, BOTH_OUT, UNDECIDED}


def test_a_policy_may_return_engine_commands(tmp_path):
    p = tmp_path / "cmds.py"
    p.write_text(textwrap.dedent("""
        from momenta_cli.engine.attack.plan import Attack

        def choose(view, actor):
            f = view.fighter(actor)
            if f.maneuvers or not view.enemies(actor):
                return []
            return [Attack(actor, view.enemies(actor)[0].name)]
    """))
    rs = results(DEMO, n=3, policy=str(p))
    assert any(sum(r.dealt) for r in rs)


@pytest.mark.parametrize("text, words", [
    ("def choose(view, actor)\n", "syntax error"),
    ("x = 1\n", "defines no function choose"),
    ("raise RuntimeError('boom')\n", "fails to load"),
    ("def choose(view, actor):\n    return []\npick = 3\n", "pick is not a function"),
])
def test_a_bad_policy_file_is_one_clear_error(tmp_path, text, words):
    p = tmp_path / "bad.py"
    p.write_text(text)
    with pytest.raises(PolicyError) as err:
        load_policy(str(p))
    assert words in str(err.value) and "\n" not in str(err.value)


def test_unknown_policy_names_the_choices():
    with pytest.raises(PolicyError, match="tactical, reckless"):
        load_policy("sneaky")


# --- the estimate and the statistics ------------------------------------------------------------


def test_the_zero_dice_rule_in_the_estimate():
    """R2: 0 dice or fewer roll 2d6 and keep the lowest: 1 success with probability 1/9."""
    assert estimate.successes(0) == pytest.approx((8 / 9, 1 / 9))
    assert estimate.successes(-2) == pytest.approx((8 / 9, 1 / 9))


def test_net_successes_of_three_dice_against_two():
    """R3: 3 dice against 2 at 5+: P(net 0) = 46/81."""
    nets = estimate.net(estimate.successes(3), estimate.successes(2))
    assert nets[0] == pytest.approx(46 / 81)
    assert sum(nets) == pytest.approx(1)


def test_wilson_interval_known_values():
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = wilson(0, 10)
    assert lo == 0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(10, 10)
    assert hi == 1 and lo == pytest.approx(0.7225, abs=1e-4)


@pytest.mark.parametrize("rate, label", [
    (1.0, "a walkover"), (0.95, "a walkover"), (0.9, "the allies are favoured"),
    (0.7, "an edge to the allies"), (0.5, "a coin toss"), (0.3, "an uphill fight"),
    (0.1, "a likely defeat"), (0.01, "a massacre"), (0.0, "a massacre")])
def test_verdict_thresholds(rate, label):
    assert verdict_label(rate) == label


@pytest.mark.slow  # many fights
def test_summary_figures_add_up():
    rs = results(DEMO, n=30)
    s = summarise(DEMO, rs, seed=3, policy="tactical", max_rounds=30)
    sides = s["sides"]
    assert sides["allies"]["wins"] + sides["adversaries"]["wins"] + \
        sides["both_out"]["count"] + sides["undecided"]["count"] == 30
    names = [c["name"] for c in s["combatants"]]
    assert names == ["Brannoc", "Tamsin", "Wren", "Gorm", "Knife-1", "Knife-2"]
    # every point of damage dealt was taken by someone
    dealt = sum(c["damage_dealt"] for c in s["combatants"])
    taken = sum(c["damage_taken"] for c in s["combatants"])
    assert dealt == pytest.approx(taken)
    lo, hi = sides["allies"]["ci95"]
    assert lo <= sides["allies"]["rate"] <= hi


CASTER = """
    name: Spells and splashes
    weapons:
      - {name: Frostbolt, attribute: INS, tags: [Cold, Range 12, Spell], cost: 3,
         damage: {0s: 2, 1s: 6, 2s: 10, 3+: 14}}
      - {name: Oil Flask, attribute: AGI, tags: [Fire, Range 6, Area],
         damage: {0s: 2, 1s: 5, 2s: 8, 3+: 12}}
      - {name: Maul, attribute: POW, tags: [Crushing, Melee 1, Cumbersome],
         damage: {0s: 3, 1s: 9, 2s: 15, 3+: 22}}
    combatants:
      - {name: Kira, side: allies, attributes: {INS: 4, AGI: 1}, weapons: [Frostbolt]}
      - {name: Oren, side: allies, attributes: {AGI: 3}, weapons: [Oil Flask]}
      - {name: Brak, side: allies, attributes: {POW: 3}, weapons: [Maul]}
      - name: Orc
        side: adversaries
        threat: Regular
        count: 2
        max_vitality: 20
        attacks: [{name: Axe, pool: 3, tags: [Slashing, Melee 1], damage: {0s: 2, 1s: 6, 2+: 11}}]
        defenses: [{name: Ward, pool: 2, against: spell, uses: 1}]
"""


def test_spell_costs_and_cumbersome_weapons_are_paid_as_the_engine_charges():
    """ch19 Cast a Spell (a spell's own cost), R21 (Cumbersome: 3 Vigor), R22 (Area): the
    policy pays what the engine charges, so it never tries an attack it cannot pay."""
    enc = enc_of(CASTER)
    rs = results(enc, n=10)
    assert all(r.refused == 0 for r in rs)
    kira, oren, brak = 0, 1, 2
    assert all(sum(r.dealt[i] for r in rs) > 0 for i in (kira, oren, brak))


def test_a_telegraphed_attack_is_announced_then_swung_on_the_next_turn():
    """The bestiary's Toll Captain: Overhand Cleave is announced at the end of a turn and
    swung on the next (its stat block's note); the announcement is a note in the log."""
    enc = load_encounter(ROOT / "encounters" / "rope-bridge-brawl.yaml")
    announced = swung = 0
    for index in range(10):
        _, session = play_fight(enc, BUILTIN["tactical"], 2, index, keep=True)
        assert session is not None
        mine = [e.line for e in session.entries
                if e.line.startswith(("turn Warden", "attack Warden", "note Warden"))]
        for i, line in enumerate(mine):
            if not line.startswith("note Warden announces Overhand Cleave"):
                continue
            announced += 1
            later = mine[i + 1:]
            if "turn Warden" in later:  # the Warden's next turn: the Cleave comes first
                after_turn = later[later.index("turn Warden") + 1:]
                assert after_turn and 'with "Overhand Cleave"' in after_turn[0]
                swung += 1
    assert announced and swung


@pytest.mark.parametrize("text", [
    "raise ValueError('half way')\n",
    "def __getattr__(name):\n    raise RuntimeError(name)\n",
    "x = 1\n",
])
def test_a_policy_file_that_fails_to_load_leaves_nothing_in_sys_modules(tmp_path, text):
    import sys

    p = tmp_path / "bad_policy.py"
    p.write_text(text)
    before = set(sys.modules)
    with pytest.raises(PolicyError):
        load_policy(str(p))
    assert set(sys.modules) == before


def test_a_policy_file_that_loads_stays_importable_by_its_functions(tmp_path):
    import sys

    p = tmp_path / "good_policy.py"
    p.write_text("def choose(view, actor):\n    return []\n")
    policy = load_policy(str(p))
    assert sys.modules[policy.choose.__module__].choose is policy.choose


def test_an_option_line_quotes_names_holding_both_quotes():
    """The simulator's attack lines are command-language lines: a name with ' and "
    reads back as itself."""
    from momenta_cli.simulate.view import AttackOption
    from momenta_cli.text import split

    name = "Kira's \"Big\" Axe"
    o = AttackOption("Kira", "Gorm", name, "Mass", 2, 1.0)
    assert split(o.line) == ["attack", "Kira", "Gorm", "with", name, "at", "Mass"]


# --- rules the tactical policy keeps to (it never tries what the engine refuses) -------

SWIMMER = """
    name: Swimmer
    weapons:
      - {name: Maul, attribute: POW, tags: [Crushing, Melee 1, Cumbersome],
         damage: {0s: 3, 1s: 9, 2s: 15, 3+: 22}}
    combatants:
      - {name: Kira, side: allies, attributes: {POW: 3}, max_vigor: 3, max_vitality: 30,
         weapons: [Maul]}
      - name: Orc
        side: adversaries
        threat: Regular
        max_vitality: 20
        attacks: [{name: Axe, pool: 3, tags: [Slashing, Melee 1], damage: {0s: 2, 1s: 6, 2+: 11}}]
"""


@pytest.mark.parametrize("terrain, attacks", [("", True), ("swim", False)])
def test_a_swimming_hero_attacks_only_when_vigor_pays_the_doubled_cost(terrain, attacks):
    """R24: swimming doubles every Vigor cost. Kira's Vigor 3 pays the Cumbersome Maul's
    3 (R21) on dry land but not the 6 while swimming (nor 4 for her Unarmed Attack):
    the policy attacks only on dry land, and the engine agrees."""
    import random

    from momenta_cli.simulate.policy import tactical_choose
    from momenta_cli.simulate.view import View, attack_cost
    from tests.engine_helpers import refused, run, session_from

    s = session_from(SWIMMER)
    if terrain:
        run(s, f"terrain kira {terrain}")
    run(s, "turn kira")
    kira = s.state.fighters["Kira"]
    assert kira.vigor == 3
    assert attack_cost(kira, kira.spec.weapons[0]) == (3 if attacks else 6)
    chosen = tactical_choose(View(s.state, random.Random(1)), "Kira")
    assert bool(chosen) is attacks
    if attacks:
        assert "Maul" in chosen[0]
        run(s, *chosen)
        assert s.state.fighters["Kira"].vigor == 0
    else:
        refused(s, "attack orc with maul", "Vigor")
        refused(s, "attack orc with unarmed", "Vigor")


HURT = """
    name: Hurt
    weapons:
      - {name: Mace, attribute: POW, tags: [Crushing, Melee 1],
         damage: {0s: 2, 1s: 7, 2s: 13, 3+: 20}}
    combatants:
      - {name: Kira, side: allies, attributes: {POW: 2}, max_vitality: 30, max_vigor: 9,
         weapons: [Mace]}
      - name: Orc
        side: adversaries
        threat: Regular
        max_vitality: 40
        attacks: [{name: Axe, pool: 3, tags: [Slashing, Melee 1], damage: {0s: 2, 1s: 6, 2+: 11}}]
"""


def test_a_full_turn_maneuver_is_chosen_only_before_anything_else():
    """R25: Catch Your Breath takes the whole turn, only if nothing but the free Move was
    taken. Kira at a third of her Vitality breathes at the start of her turn; once she
    has attacked, the policy no longer asks for it (and the engine would refuse it)."""
    import random

    from momenta_cli.simulate.policy import tactical_choose
    from momenta_cli.simulate.view import View
    from tests.engine_helpers import refused, run, session_from

    s = session_from(HURT)
    run(s, "dmg kira 22", "turn kira")
    assert s.state.fighters["Kira"].vitality <= 10
    assert tactical_choose(View(s.state, random.Random(1)), "Kira") == ["breath"]
    run(s, "attack orc with mace")
    chosen = tactical_choose(View(s.state, random.Random(1)), "Kira")
    assert "breath" not in chosen and "steady" not in chosen
    refused(s, "breath", "turn")


TELEGRAPHED = """
    name: Telegraphed
    combatants:
      - {name: Kira, side: allies, max_vitality: 200, max_vigor: 0}
      - name: Brute
        side: adversaries
        threat: Elite
        max_vitality: 40
        attacks:
          - {name: Cleave, pool: 3, tags: [Slashing, Melee 1, Telegraphed],
             damage: {0s: 2, 1s: 9, 2+: 18}}
          - {name: Jab, pool: 2, tags: [Piercing, Melee 1], damage: {0s: 1, 1s: 3, 2+: 5}}
"""


def test_a_telegraphed_attack_is_announced_at_the_end_of_one_turn_and_swung_first_next():
    """A Telegraphed attack (a text tag: announced a turn ahead, docs/simulate.md) is
    not swung on the turn it is announced: the Brute jabs, uses up its maneuvers (R7),
    announces the Cleave in a note, and opens its next turn with it."""
    import random

    from momenta_cli.simulate.policy import tactical_choose
    from momenta_cli.simulate.view import View
    from tests.engine_helpers import run, session_from

    s = session_from(TELEGRAPHED)
    run(s, "turn kira", "end", "turn brute")
    view = View(s.state, random.Random(1))
    lines: list[str] = []
    for _ in range(6):
        chosen = tactical_choose(view, "Brute")
        if not chosen:
            break
        lines += chosen
        run(s, *chosen)
        view.follow(s.state)
    assert [line.split()[:5] for line in lines] == [
        ["attack", "Brute", "Kira", "with", "Jab"], ["note", "Brute", "announces", "Cleave",
                                                     "for"]]
    run(s, "end", "turn kira", "end", "turn brute")
    view.follow(s.state)
    assert s.state.round == 2
    assert tactical_choose(view, "Brute")[0].startswith("attack Brute Kira with Cleave")
