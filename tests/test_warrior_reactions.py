"""R37 Warrior reactions (ch19: Deflect and Counterattack are "two notable reactions that
are available via the Warrior archetype"): an ally takes them only when its stat block
grants them, by ``archetype: Warrior`` or by naming them in ``reactions``; the setting
``warrior_reactions_for_all`` grants both to every ally. Dodge, Brace, Intercept and
Forestall stay everyone's. The engine's reaction point (``step``) offers only what a
combatant has, and so do the preview, ``odds`` and completion, which read it."""

from __future__ import annotations

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from momenta_cli.cli.prompt import make_completer
from momenta_cli.engine.core import Ask, step
from momenta_cli.errors import EncounterError
from momenta_cli.language import parse_line
from tests.conftest import ROOT, invoke
from tests.engine_helpers import refused, run, session_from

FIGHT = """
name: Warriors
weapons:
  - {name: Longsword, weight: Medium, attribute: POW, tags: [Slashing, Melee 1, Deflect],
     damage: {0s: 2, 1s: 6, 2s: 11, 3+: 17}}
  - {name: Buckler, weight: Light, attribute: shield, tags: [Crushing, Melee 1, Shield],
     damage: {0s: 1, 1s: 3, 2s: 6, 3+: 9}}
  - {name: Spear, weight: Medium, attribute: POW, tags: [Piercing, Melee 2, Reflexive],
     damage: {0s: 2, 1s: 6, 2s: 11, 3+: 17}}
combatants:
  - {name: Kira, side: allies, attributes: {POW: 3, AGI: 2}, max_vigor: 7,
     weapons: [Longsword, Buckler], archetype: Warrior}
  - {name: Wren, side: allies, attributes: {POW: 1, AGI: 3}, max_vigor: 7,
     weapons: [Longsword, Buckler, Spear]{WREN}}
  - {name: Gorm, side: adversaries, threat: Regular, attributes: {POW: 2},
     attacks: [{name: Cudgel, weight: Light, pool: 2, tags: [Crushing, Melee 1],
                damage: {0s: 2, 1s: 6, 2s: 11, 3+: 17}}]}
{RULES}"""


def fight(wren: str = "", rules: str = ""):
    s = session_from(FIGHT.replace("{WREN}", wren).replace("{RULES}", rules))
    run(s, "turn kira", "end", "turn gorm")
    return s


def test_an_ally_without_the_archetype_may_not_deflect_or_counterattack():
    """R37, ch19: Wren's stat block grants neither reaction, so both are refused with
    the reason, whatever her weapons; Kira, a Warrior, may take both."""
    s = fight()
    refused(s, "attack wren deflect", "Wren cannot Deflect: only a Warrior may (R37)")
    refused(s, "attack wren deflect=buckler", "Wren cannot Deflect: only a Warrior may")
    refused(s, "attack wren counter", "Wren cannot Counterattack: only a Warrior may (R37)")
    run(s, "attack kira deflect=buckler")
    run(s, "undo", "attack kira counter")


def test_dodge_brace_intercept_and_forestall_are_everyones():
    """R37: the other four reactions of ch19 need no archetype."""
    s = fight()
    run(s, "attack wren roll 6,6 dodge def 1,1,1 brace")
    assert s.state.get("Wren").has("Broken")  # the Brace was taken (ch19 Brace)
    s = fight()
    run(s, "move 2", "intercept wren gorm with spear dist 2")
    s = fight()
    run(s, "move 1", "forestall wren gorm with spear dist 2")


def test_reactions_named_in_the_stat_block_grant_those_alone():
    """R37: `reactions: [Deflect]` gives Deflect and not Counterattack."""
    s = fight(wren=", reactions: [Deflect]")
    run(s, "attack wren deflect=buckler")
    run(s, "undo")
    refused(s, "attack wren counter", "Wren cannot Counterattack: only a Warrior may (R37)")


def test_the_setting_grants_both_to_every_ally():
    """R37 setting `warrior_reactions_for_all` (default off): every ally is treated as a
    Warrior, for tables without archetypes; an enemy still takes no reactions (R7)."""
    s = fight(rules="rules: {warrior_reactions_for_all: true}\n")
    assert s.state.settings.warrior_reactions_for_all
    run(s, "attack wren deflect=buckler")
    run(s, "undo", "attack wren counter with spear")
    run(s, "undo", "end", "turn wren")
    refused(s, "attack gorm counter", "enemy")
    assert not fight().state.settings.warrior_reactions_for_all  # off by default


def test_the_setting_is_listed_with_its_source():
    """R37: `momenta rules` shows the setting, default and from a file."""
    r = invoke("rules")
    assert r.exit_code == 0, r.output
    assert "warrior_reactions_for_all" in r.output


def _options(s, line: str) -> set[str]:
    got = step(s.state, parse_line(line))
    assert isinstance(got, Ask) and got.kind == "reaction"
    return {o.words for o in got.options}


def test_the_reaction_point_offers_only_what_the_combatant_has():
    """R37 at the engine's reaction point (ch19 Reactions): Wren is asked Dodge alone;
    Kira, a Warrior, Dodge, Deflect with each weapon that may and a Counterattack."""
    s = fight()
    assert _options(s, "attack wren") == {"", "dodge"}
    kira = _options(s, "attack kira")
    assert {"", "dodge", "deflect=Longsword", "deflect=Buckler"} <= kira
    assert any(w.startswith("counter=") for w in kira)
    with_setting = fight(rules="rules: {warrior_reactions_for_all: true}\n")
    assert any(w.startswith("counter=") for w in _options(with_setting, "attack wren"))


def test_the_preview_offers_only_what_the_combatant_has():
    """R37: the attack's preview (`?`) lists the reaction point's options."""
    s = fight()
    out = run(s, "attack wren ?")
    words = {o.words for o in out.preview.against[0].options}
    assert "dodge" in words and not any(w.startswith(("deflect", "counter")) for w in words)


def test_completion_offers_only_what_the_combatant_has():
    """R37: after the target, completion offers Wren no deflect and no counter."""
    s = fight()
    completer = make_completer(lambda: s.state)
    words = {c.text for c in completer.get_completions(Document("attack wren "),
                                                       CompleteEvent())}
    assert {"dodge ", "brace "} <= words
    assert not any(w.startswith(("deflect", "counter")) for w in words)
    kira = {c.text for c in completer.get_completions(Document("attack kira "),
                                                      CompleteEvent())}
    assert {"deflect ", "counter "} <= kira


def test_odds_refuses_a_deflect_the_target_does_not_have():
    """R37: `odds` weighs only a reaction the target may take: Tamsin (demo) is no
    Warrior; Brannoc is one and Wren names Deflect."""
    demo = ROOT / "encounters" / "demo.yaml"
    r = invoke("odds", demo, "Gorm", "Tamsin", "--deflect")
    assert r.exit_code == 1 and "Tamsin cannot Deflect: only a Warrior may (R37)" in r.output
    assert invoke("odds", demo, "Gorm", "Brannoc", "--deflect").exit_code == 0
    assert invoke("odds", demo, "Gorm", "Wren", "--deflect=buckler").exit_code == 0


# --- the encounter file ---------------------------------------------------------------


def test_every_shipped_encounter_says_who_is_a_warrior():
    """R37: the shipped fights that Deflect or Counterattack give their allies the
    archetype or the reaction; each still validates (its script's replay is tested in
    tests/test_before_decision_points.py)."""
    from momenta_cli.encounter import load_encounter

    kira = load_encounter(ROOT / "encounters" / "duel-at-the-ford.yaml").combatants[0]
    assert kira.archetype == "Warrior"
    assert kira.reactions == {"Deflect", "Counterattack"}
    wren = next(c for c in load_encounter(ROOT / "encounters" / "demo.yaml").combatants
                if c.name == "Wren")
    assert wren.reactions == {"Deflect"} and wren.archetype is None


@pytest.mark.parametrize("line,message", [
    ("archetype: warrior", None),  # any case
    ("archetype: Warior", "unknown archetype 'Warior' (did you mean 'Warrior'?)"),
    ("archetype: Mage", "unknown archetype 'Mage'"),
    ("reactions: [deflect, Counterattack]", None),
    ("reactions: [Deflekt]", "unknown reaction 'Deflekt' (did you mean 'Deflect'?)"),
    ("reactions: [Dodge]", "Dodge is every character's reaction (ch19)"),
])
def test_the_file_grants_reactions_by_archetype_or_by_name(line, message):
    """R37: an archetype the tracker knows (Warrior), or the Warrior's reactions named;
    anything else is an error with a did-you-mean."""
    text = f"""
name: Grants
combatants:
  - name: Wren
    side: allies
    {line}
"""
    if message is None:
        assert session_from(text).state.get("Wren").spec.reactions
        return
    with pytest.raises(EncounterError) as err:
        session_from(text)
    assert message in str(err.value)


def test_an_enemy_stat_block_may_not_grant_reactions():
    """R7, R37: an enemy takes no reactions; its scripted defenses are its own."""
    with pytest.raises(EncounterError) as err:
        session_from("""
            name: Grants
            combatants:
              - {name: Gorm, side: adversaries, threat: Regular, archetype: Warrior}
        """)
    assert "an enemy takes no reactions (R7)" in str(err.value)
