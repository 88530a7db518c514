"""Which weapon a movement reaction named without one is made with, and the notes of
reactions not made (issue 13 items 3 and 8; R35, ch19 Reactions: Intercept, Forestall;
R21 Cumbersome; R24)."""

from __future__ import annotations

from momenta_cli.engine.core import Session
from momenta_cli.engine.core.session import replay
from tests.engine_helpers import log_text, refused, run, session_from
from tests.trigger_yard import ROWS, YARD

OPEN = ("turn kira", "end", "turn gorm")

MAUL = """  - {name: Maul, weight: Heavy, attribute: POW, tags: [Crushing, Melee 1, Cumbersome],
     damage: {0s: 3, 1s: 9, 2+: 15}}
"""


def maul_yard() -> Session:
    """The trigger yard with Wren holding a Cumbersome Maul (3 Vigor) before her Rapier
    (2), both Melee 1: Gorm walking from A2 along row 2 (steered through C2: an equally
    cheap way round the reach exists) enters both reaches at C2."""
    text = YARD.replace("weapons:\n", "weapons:\n" + MAUL, 1)
    text = text.replace("weapons: [Spear, Rapier]", "weapons: [Maul, Rapier]")
    for key, square in (("rows", ROWS), ("kira", "A4"), ("wren", "D1"), ("gorm", "A2"),
                        ("nix", "G4")):
        text = text.replace(f"@{key}", square)
    return session_from(text)


def test_a_reactor_that_can_pay_only_for_its_second_weapon_reacts_with_it():
    """R21: a Cumbersome weapon's reactions cost 3 Vigor; with 2 left Wren cannot pay
    for the Maul, so her Intercept (ch19, R35) named without a weapon is made with the
    Rapier, the other weapon whose reach Gorm enters there."""
    s = maul_yard()
    run(s, *OPEN, "set wren vigor 2")
    run(s, "move gorm to g2 via c2 intercept wren", faces=[1, 1, 1])
    rolled = next(e for e in s.entries[-1].events if e.kind == "attack_rolled")
    assert rolled.weapon == "Rapier"
    assert s.state.get("Wren").vigor == 0
    assert s.state == replay(s.initial, s.entries)


def test_with_vigor_for_both_the_first_listed_weapon_is_used():
    """ch19 Intercept: with either weapon payable the first listed is the one meant."""
    s = maul_yard()
    run(s, *OPEN, "move gorm to g2 via c2 intercept wren", faces=[1, 1])
    rolled = next(e for e in s.entries[-1].events if e.kind == "attack_rolled")
    assert rolled.weapon == "Maul" and s.state.get("Wren").vigor == 7 - 3


def test_a_reactor_that_can_pay_for_none_is_refused_with_the_first_weapons_reason():
    """R24: with 1 Vigor neither weapon can be paid for: the line is refused, saying so."""
    s = maul_yard()
    run(s, *OPEN, "set wren vigor 1")
    refused(s, "move gorm to g2 via c2 intercept wren", "Vigor")


def test_a_second_reaction_at_the_stop_where_the_mover_fell_gets_a_note():
    """R35 / issue 13: a mover Defeated by the first reaction at a stop stays there; the
    second reaction at that stop is not made, and the log says so (as for a reactor
    taken out first). Nix (a Grunt, 4 Vitality) enters Wren's Rapier and Kira's
    Longsword reach together at C2 walking west along row 2 from G2."""
    from tests.trigger_yard import yard

    s = yard(wren="C1", kira="C3", nix="G2", gorm="A4")
    run(s, "turn kira", "end", "turn nix")
    run(s, "move nix to a2 intercept kira intercept wren with rapier", faces=[6, 6, 1])
    assert s.state.get("Nix").defeated
    text = log_text(s)
    assert any("Wren's Intercept is not made: Nix is already Defeated" in t
               for t in text), text
    assert s.state.get("Wren").vigor == 7
    assert s.state == replay(s.initial, s.entries)


def test_forestall_named_with_a_weapon_that_is_not_reflexive_says_so():
    """ch19 Forestall: only a Reflexive melee weapon triggers it; the refusal speaks of
    Forestall (not of coming into reach, Intercept's trigger)."""
    from tests.trigger_yard import yard

    s = yard(gorm="C2")
    run(s, *OPEN)
    msg = refused(s, "move gorm to g3 forestall wren with rapier", "Reflexive",
                  "Forestall")
    assert "into the reach" not in str(msg)
