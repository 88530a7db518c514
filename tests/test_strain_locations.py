"""Strain and hit locations (issue 26 item 6; ch20 Hit Locations: "Attacks that deal
Strain will generally have no additional benefit from hit locations"; ch20 Resistance
and Weakness: Brace, the Mark and other sources of resistance or weakness "do nothing
against attacks that deal Strain"). A Strain attack at a location, and a Brace against
Strain, are accepted, and the log says what they change: the location's dice and
nothing more; for the Brace, nothing at all."""

from __future__ import annotations

from tests.attack_yard import rolled, yard
from tests.engine_helpers import log_text, run


def test_a_strain_attack_at_the_edge_costs_its_dice_and_gains_nothing():
    """ch20 Hit Locations: the Edge's -2d is paid (the attacker aimed there), but no
    Hindered follows (R19's Edge effect is a benefit Strain does not get, R9)."""
    s = yard()
    run(s, "turn kira", "attack gorm with mind spike at edge", faces=[5, 5])
    r = rolled(s)
    assert r.location == "Edge" and dict(r.pool)["Edge"] == -2
    assert "Edge: -2d and nothing more against Strain (ch20 Hit Locations: no benefit " \
        "for Strain)" in r.situation
    gorm = s.state.get("Gorm")
    assert gorm.strain == 4 and gorm.vitality == gorm.spec.max_vitality  # 1s: 4 Strain
    assert not gorm.has("Hindered")


def test_a_strain_attack_at_the_mark_is_not_doubled():
    """ch20 Resistance and Weakness: the Mark's weakness does nothing against Strain."""
    s = yard()
    run(s, "turn kira", "attack gorm with mind spike at mark", faces=[5, 5])
    assert rolled(s).location == "Mark"
    assert s.state.get("Gorm").strain == 4  # the 1s tier, not doubled
    assert any("Mark: -3d and nothing more against Strain" in line for line in log_text(s))


def test_a_brace_against_strain_is_accepted_and_changes_nothing():
    """ch20 Resistance and Weakness: Brace does nothing against Strain. The tracker takes
    the line, says so, and leaves Wren standing, as it does a Brace nothing gets past
    (docs/rulings.md, Attack calls): she is not Broken and takes the Strain in full."""
    s = yard()
    run(s, "turn kira", "attack wren with mind spike brace", faces=[5, 5])
    wren = s.state.get("Wren")
    assert wren.strain == 6 and not wren.has("Broken")  # INS 2: [5,5], 2s: 6 Strain
    assert "Note: Wren's Brace does nothing against Strain (ch20 Resistance and " \
        "Weakness): Wren is not Broken" in log_text(s)
