"""Exact odds (issue 14): the dice distributions against brute-force enumeration of every
die outcome, hand-computed values, and the damage table against the real attack command
played on every roll.

Rules: R1 (success at 5+), R2 (a pool of 0 or fewer rolls 2d6 and keeps the lowest), R3
(net successes), R5 (Solid Hit), R7 (a Grunt never rolls), R9 (resistance halves,
weakness doubles, Strain takes the tier only), R10 (Wounds), R11 (Defeated), R19 (a Mark
hit is a weakness), ch19 Brace, ch20 Attacking step 4 (Guard soaks).
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache
from types import SimpleNamespace

import pytest

from momenta_cli.engine.attack import Attack, resolve
from momenta_cli.engine.attack.pools import solid_hit
from momenta_cli.engine.core import DamageTable, Typed, roll_pool
from momenta_cli.engine.core.rollers import QueueRoller
from momenta_cli.odds import OddsDice, Target, attack_odds, distribution, odds
from tests.engine_helpers import run, session_from

POOLS = range(-1, 7)  # -1 and 0: the zero-dice rule (R2); up to 6 dice


@cache
def brute(pool: int, face: int = 5) -> Counter:
    """(successes, Solid Hit bonus) over every face sequence the pool can roll, counted
    by the engine's own roll and Solid Hit code (R2, R5)."""
    fight = SimpleNamespace(settings=SimpleNamespace(solid_hit="everyone"))
    attacker = SimpleNamespace(side="allies")
    out: Counter = Counter()
    for faces in itertools.product(range(1, 7), repeat=pool if pool > 0 else 2):
        roll = roll_pool(pool, None, face, Typed(faces=faces))  # type: ignore[arg-type]
        out[(roll.successes, solid_hit(fight, attacker, roll, 1))] += 1  # type: ignore
    return out


def brute_net(att: int, vs: int | None, solid: bool) -> dict:
    """Net successes (R3) and the bonus that counts, over every pair of outcomes."""
    a = brute(att)
    d2: Counter = Counter({0: 1})
    if vs is not None:
        d2 = Counter()
        for (k, _), w in brute(vs).items():
            d2[k] += w
    out: Counter = Counter()
    for (s, bonus), wa in a.items():
        for k, wd in d2.items():
            n = max(s - k, 0)
            out[(n, bonus if solid and n >= 1 else 0)] += wa * wd
    total = sum(out.values())
    return {key: Fraction(w, total) for key, w in out.items()}


@pytest.mark.parametrize("att", POOLS)
@pytest.mark.parametrize("vs", [None, *POOLS])
def test_net_successes_agree_with_every_die_outcome(att, vs):
    # R1-R3: every case up to 6 vs 6 dice, zero-dice pools included
    got = distribution.net_distribution(distribution.success_distribution(att),
                           None if vs is None else distribution.success_distribution(vs))
    want: Counter = Counter()
    for (n, _), p in brute_net(att, vs, solid=False).items():
        want[n] += p
    assert {k: got.p(k) for k in got.weights} == dict(want)


@pytest.mark.parametrize("att", POOLS)
@pytest.mark.parametrize("vs", [None, *POOLS])
def test_solid_hit_joint_distribution_agrees_with_every_die_outcome(att, vs):
    # R5: pairs of equal kept faces add their value, only with 1+ net successes
    got = distribution.net_and_solid(distribution.successes_and_solid(att),
                             None if vs is None else distribution.success_distribution(vs))
    assert {k: got.p(k) for k in got.weights} == brute_net(att, vs, solid=True)


@pytest.mark.parametrize("face", range(1, 7))
def test_other_success_faces_agree_with_every_die_outcome(face):
    # R1 with the success_face setting
    for pool in (0, 3):
        want: Counter = Counter()
        for (s, _), w in brute(pool, face).items():
            want[s] += w
        got = distribution.success_distribution(pool, face)
        assert got.weights == dict(want) and got.total == sum(want.values())


def test_three_dice_against_two_miss_46_times_in_81():
    # hand value: P(net = 0) for 3 dice vs 2 at 5+ (R3)
    net = distribution.net_distribution(distribution.success_distribution(3),
                                        distribution.success_distribution(2))
    assert net.p(0) == Fraction(46, 81)


def test_zero_dice_keep_the_lowest_of_2d6():
    # R2: both dice must show 5+ for the lowest to succeed: (2/6)^2 = 1/9
    for pool in (0, -1, -4):
        assert distribution.success_distribution(pool).p(1) == Fraction(1, 9)
        assert distribution.successes_and_solid(pool).p((1, 0)) == Fraction(1, 9)


def test_a_grunt_scores_its_one_success_for_certain():
    # R7: a Grunt never rolls; against it 2 dice need two successes to net one
    grunt = distribution.success_distribution(0, auto=1)
    assert grunt.p(1) == 1
    two = distribution.success_distribution(2)
    assert distribution.net_distribution(two, grunt).p(1) == Fraction(1, 9)


def test_twenty_against_twenty_is_exact_and_sums_to_one():
    o = odds(OddsDice(20, 20, solid=True), Target(guard=2, current=30, maximum=30, free_slots=2),
             DamageTable((2, 7, 13, 20)))
    assert sum(r.p for r in o.rows) == 1
    assert [r.net for r in o.rows] == list(range(21))


TIERS = DamageTable((2, 7, 13, 20))


def test_guard_resistance_weakness_and_brace_shape_the_damage():
    # ch20 step 4: Guard soaks first; R9: resistance halves (round down), weakness
    # doubles, both cancel; ch19 Brace is a resistance when damage gets past Guard
    one = OddsDice(1)  # net 0 or 1: tiers 2 and 7

    def amounts(**kw):
        return [list(r.amounts) for r in odds(one, Target(**kw), TIERS).rows]

    assert amounts(guard=3) == [[0], [4]]
    assert amounts(resisted=True) == [[1], [3]]
    assert amounts(weak=True) == [[4], [14]]
    assert amounts(resisted=True, weak=True) == [[2], [7]]
    assert amounts(guard=3, brace=True) == [[0], [2]]


def test_strain_takes_the_tier_only():
    # R9: Strain skips Guard and resistances; R10 Burdens and R11 Lost instead
    o = odds(OddsDice(1, solid=True), Target(guard=5, resisted=True, strain=True, current=3,
                                         maximum=6, free_slots=0), TIERS)
    assert [list(r.amounts) for r in o.rows] == [[2], [7]]
    # 3 + 7 reaches Max Strain 6 with no Burden slot; 3 + 2 does not
    assert o.p_down == Fraction(2, 6)


def test_wounds_refill_vitality_and_defeat_needs_every_slot_full():
    # R10: reaching 0 with a slot free fills it and refills Vitality; R11: none left
    o = odds(OddsDice(1), Target(current=5, maximum=10, free_slots=1), DamageTable((2, 16)))
    miss, hit = o.rows
    assert (miss.wound, miss.down) == (0, 0)
    assert hit.wound == hit.p and hit.down == hit.p  # 16: a Wound, then 0 again: Defeated
    o = odds(OddsDice(1), Target(current=5, maximum=10, free_slots=2), DamageTable((2, 16)))
    assert o.p_wound == Fraction(1, 3) and o.p_down == 0


# --- the table against the attack command, on every roll ------------------------------

YARD = """
name: Odds yard
rules: {solid_hit: everyone}
weapons:
  - {name: Mace, weight: Medium, attribute: POW, tags: [Crushing, Melee 1],
     damage: {0s: 2, 1s: 7, 2s: 13, 3+: 20}}
  - {name: Hex, attribute: INS, tags: [Psychic, Range 12, Spell],
     damage: {0s: 1, 1s: 3, 2s: 6, 3+: 9}, strain: true}
combatants:
  - name: Kira
    side: allies
    attributes: {POW: 2, AGI: 1, REA: 1, INS: 2, PRE: 1, LUCK: 1, SPD: 5, SEN: 12, SIZE: 1M}
    max_vitality: 20
    max_vigor: 9
    weapons: [Mace, Hex]
  - name: Ogre
    side: adversaries
    threat: Elite
    attributes: {POW: 3, AGI: 1, REA: 0, INS: 1, PRE: 1, LUCK: 1, SPD: 5, SEN: 10, SIZE: 2}
    max_vitality: 9
    max_guard: 2
    max_strain: 5
    wound_slots: 1
    burden_slots: 1
    resistances: [Crushing]
    attacks:
      - {name: Club, pool: 3, tags: [Crushing, Melee 1], damage: {0s: 2, 1s: 8, 2s: 14, 3+: 20}}
    defenses:
      - {name: Block, pool: 1, against: any, uses: 2}
    hit_locations: [Mass, Mark]
  - name: Rat
    side: adversaries
    threat: Elite
    attributes: {POW: 1, AGI: 1, REA: 0, INS: 1, PRE: 1, LUCK: 1, SPD: 5, SEN: 10, SIZE: 1S}
    max_vitality: 6
    wound_slots: 1
    attacks:
      - {name: Bite, pool: 2, tags: [Piercing, Melee 1], damage: {0s: 1, 1s: 3, 2s: 5, 3+: 7}}
  - name: Bram
    side: allies
    attributes: {POW: 1, AGI: 1, REA: 1, INS: 1, PRE: 1, LUCK: 1, SPD: 5, SEN: 12, SIZE: 1M}
    max_vitality: 8
    max_guard: 1
    wound_slots: 1
    resistances: [Crushing]
"""


def _played(target: str, words: dict, faces: int) -> dict:
    """Every roll of ``faces`` dice played through the real attack command: the chance
    of each (amount reaching the target, Wound/Burden, down)."""
    s = session_from(YARD)
    run(s, "turn kira", faces=[])
    cmd = Attack(None, target, **words)
    out: Counter = Counter()
    for roll in itertools.product(range(1, 7), repeat=faces):
        events = resolve(s.state, cmd, QueueRoller([*roll, 1]))  # 1: a PC's Wound d6
        dmg = [e for e in events if e.kind == "attack_damage"][-1]
        slot = any(e.kind == "wound_taken" for e in events)
        down = any(e.kind == "fighter_down" for e in events)
        out[(dmg.amount, slot, down)] += 1
    total = sum(out.values())
    return {k: Fraction(w, total) for k, w in out.items()}


def _predicted(target: str, words: dict) -> dict:
    s = session_from(YARD)
    run(s, "turn kira", faces=[])
    o = attack_odds(s.state, Attack(None, target, **words)).odds
    got: Counter = Counter()
    for r in o.rows:
        for amount, p in r.amounts.items():
            got[amount] += p
    return {"amounts": dict(got), "wound": o.p_wound, "down": o.p_down}


@pytest.mark.parametrize(("target", "words", "faces"), [
    ("Ogre", {"weapon": "Mace"}, 2),  # Guard 2, resists Crushing, Solid Hit for everyone
    ("Ogre", {"weapon": "Mace", "defense": "defend"}, 3),  # 2 dice vs Block 1
    ("Ogre", {"weapon": "Mace", "location": "Mark", "defense": "defend"}, 3),  # R19
    ("Ogre", {"weapon": "Hex", "defense": "defend"}, 3),  # Strain: tier, Burden, Lost
    ("Rat", {"weapon": "Mace"}, 2),  # a Wound at 7, Defeat at 13 (R10, R11)
    ("Bram", {"weapon": "Mace", "brace": True}, 2),  # Brace on top of the resistance
    ("Bram", {"weapon": "Mace", "defense": "dodge"}, 3),  # Dodge AGI 1
])
def test_the_table_agrees_with_the_attack_command_on_every_roll(target, words, faces):
    # the same code decides both: play every roll through the engine and compare the
    # chances of each amount, of a Wound (Burden) and of Defeat (Lost)
    played = _played(target, words, faces)
    want: Counter = Counter()
    for (amount, _, _), p in played.items():
        want[amount] += p
    got = _predicted(target, words)
    assert got["amounts"] == dict(want)
    assert got["wound"] == sum(p for (_, slot, _), p in played.items() if slot)
    assert got["down"] == sum(p for (_, _, down), p in played.items() if down)


def test_the_compared_cases_include_wounds_and_defeat():
    # the agreement above is not only about amounts: Wounds and Defeat do happen
    rat = _predicted("Rat", {"weapon": "Mace"})
    assert 0 < rat["down"] < rat["wound"] < 1


def test_the_shared_damage_arithmetic():
    # the functions the engine and odds both call: ch20 step 4, R9, ch19 Brace, R10, R11
    from momenta_cli.engine.harm import damage

    assert damage.amount_after(9, 2, resisted=False, weak=True, brace=False) == (2, 14, False)
    assert damage.amount_after(2, 3, resisted=False, weak=False, brace=True) == (2, 0, False)
    assert damage.amount_after(9, 2, resisted=False, weak=False, brace=True) == (2, 3, True)
    assert damage.wounds_from(5, 10, 2, 26) == (2, -1)  # two slots fill, then Defeated
    assert damage.wounds_from(5, 10, 2, 6, wounds_on=False) == (0, -1)
    assert damage.burdens_from(3, 5, 1, 4) == (1, 2, False)  # 7: a Burden, 2 carried
    assert damage.burdens_from(3, 5, 1, 8) == (1, 6, True)  # 11: a Burden, still at max: Lost


@pytest.mark.parametrize(("rules", "ogre_solid"), [
    ("", False), ("rules: {solid_hit: everyone}\n", True)])
def test_an_adversarys_attack_gets_no_solid_hit_under_the_default_setting(rules, ogre_solid):
    """R5 (RULINGS.md): Solid Hit counts for the allies only unless the
    ``solid_hit`` setting says everyone; the odds of the Ogre's Club say the same."""
    s = session_from(YARD.replace("rules: {solid_hit: everyone}\n", rules))
    club = attack_odds(s.state, Attack("Ogre", "Kira", weapon="Club"))
    mace = attack_odds(s.state, Attack("Kira", "Ogre", weapon="Mace"))
    assert club.odds.roll.solid is ogre_solid and mace.odds.roll.solid is True
    top = max(a for r in club.odds.rows for a in r.amounts)
    # three dice: the 3+ tier is 20, and only a Solid Hit adds to it (a pair of 5s: 25)
    assert (top > 20) is ogre_solid
