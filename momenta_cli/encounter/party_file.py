"""Party files (R38): the allies as they stood at the end of a fight, carried into the
next encounter (``party: party.yaml`` in its file). Plain YAML the GM may edit::

    # momenta party: saved from cellar.fight.jsonl (Cellar of the Mill), round 3
    party:
      - name: Brannoc
        vitality: 9
        strain: 3
        resolve: 2
        consumables: 1
        wounds: [Hindered]
        burdens: []
        conditions: {Faltering: 1}

Every key but ``name`` may be left out (the maximum, or none). Vigor and Guard are not
kept: they start full (ch18). Read with located problems (``FILE:LINE:COL``) like an
encounter; ``party_text`` writes one from a fight's state (``momenta party save``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from momenta_cli.encounter.file_model import Count, Name
from momenta_cli.encounter.problems import Problems, Source, suggest
from momenta_cli.encounter.yamlload import YamlProblem, parse
from momenta_cli.engine.core import (
    NOT_CARRIED,
    CombatantSpec,
    Fight,
    carried,
    persistent_conditions,
    start_carried,
)
from momenta_cli.text import name_key


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class MemberModel(_Strict):
    """One ally of a party file (R38)."""

    name: Name
    vitality: Count | None = None
    strain: Count | None = None
    resolve: Count | None = None
    consumables: Count | None = None
    wounds: list[Name] = Field(default_factory=list, description="the condition of each "
                               "filled Wound slot")
    burdens: list[Name] = Field(default_factory=list, description="the condition of each "
                                "filled Burden slot")
    conditions: dict[str, Annotated[int, Field(strict=True, ge=1, le=99)]] = Field(
        default_factory=dict, description="persistent conditions: {Name: stacks}")
    down: Literal["Defeated", "Lost"] | None = Field(
        None, description="how it left the last fight, if it did")


class PartyModel(_Strict):
    """A party file."""

    party: list[MemberModel] = Field(default_factory=list)


def read_party(text: str, shown: str, problems: Problems, order: int = 0
               ) -> tuple[Source, PartyModel] | None:
    """The party file ``text`` (called ``shown`` in problems), or None with its
    problems added to ``problems``."""
    try:
        doc = parse(text)
    except YamlProblem as err:
        problems.at(shown, *err.mark, err.message, order=order)
        return None
    src = Source(shown, None, doc, order)
    for where, mark, message in doc.problems:
        problems.add(src, where, message, mark=mark)
    if not isinstance(doc.data, dict) or "party" not in doc.data:
        problems.add(src, (), "not a party file: expected 'party:' and a list of allies "
                     "(momenta party save FIGHT FILE writes one)")
        return None
    try:
        model = PartyModel.model_validate(doc.data)
    except ValidationError as err:
        problems.pydantic(src, PartyModel, err)
        return None
    return src, model


def carry(combatants: list[CombatantSpec], src: Source, party: PartyModel,
          problems: Problems, known_conditions: set[str]) -> list[CombatantSpec]:
    """``combatants`` with each ally the party names starting as the party file says
    (R38: Vigor and Guard full); a name that is no ally here, a value past its
    maximum, more Wounds than slots, an unknown condition, a condition not carried
    (Defeated, Lost, Hidden) or 0 Vitality without ``down:`` is a located problem."""
    allies = {name_key(c.name): c for c in combatants if c.side == "allies"}
    given: dict[str, CombatantSpec] = {}
    for i, m in enumerate(party.party):
        spec = allies.get(name_key(m.name))
        if spec is None:
            problems.add(src, ("party", i, "name"), f"'{m.name}' is no ally of this "
                         f"encounter{suggest(m.name, [c.name for c in allies.values()])}")
            continue
        if spec.name in given:
            problems.add(src, ("party", i, "name"), f"'{m.name}' is in the party twice")
            continue
        ok = True
        for key, most in (("vitality", spec.max_vitality), ("strain", spec.max_strain),
                          ("resolve", spec.max_resolve), ("consumables", spec.consumables)):
            value = getattr(m, key)
            if value is not None and value > most:
                problems.add(src, ("party", i, key), f"{value} is more than "
                             f"{spec.name}'s {key.replace('_', ' ')} can be ({most})")
                ok = False
        for key, slots in (("wounds", spec.wound_slots), ("burdens", spec.burden_slots)):
            if len(getattr(m, key)) > slots:
                problems.add(src, ("party", i, key), f"{len(getattr(m, key))} {key}, "
                             f"and {spec.name} has {slots} slots")
                ok = False
        for key in ("wounds", "burdens"):
            for j, cond in enumerate(getattr(m, key)):
                if cond not in known_conditions:
                    problems.add(src, ("party", i, key, j), f"unknown condition '{cond}'"
                                 f"{suggest(cond, known_conditions)}")
                    ok = False
        for cond in m.conditions:
            carried_not = _not_carried(cond)
            if carried_not:
                problems.add(src, ("party", i, "conditions", cond), carried_not, key=True)
                ok = False
            elif cond not in known_conditions:
                problems.add(src, ("party", i, "conditions", cond), f"unknown condition "
                             f"'{cond}'{suggest(cond, known_conditions)}", key=True)
                ok = False
        if m.vitality == 0 and m.down is None:
            # at 0 Vitality an ally is down: the file says how, or it would act at 0
            problems.add(src, ("party", i, "vitality"), f"{spec.name} at 0 Vitality is "
                         "down: add 'down: Defeated' (or Lost), or give Vitality above 0")
            ok = False
        if not ok:
            continue
        # R38, as the engine starts an ally from its carried state (checked above)
        given[spec.name] = start_carried(spec, {
            "vitality": m.vitality, "strain": m.strain, "resolve": m.resolve,
            "consumables": m.consumables, "wounds": m.wounds, "burdens": m.burdens,
            "conditions": m.conditions, "down": m.down})
    return [given.get(c.name, c) for c in combatants]


def _not_carried(cond: str) -> str:
    """Why ``cond`` has no place in a party file's ``conditions:``, or ""."""
    said = next((n for n in NOT_CARRIED if n.casefold() == cond.casefold()), None)
    if said is None:
        return ""
    if said == "Hidden":
        return ("Hidden is not carried into the next fight (where one hid was the last "
                "battlefield): leave it out")
    return f"{said} is said by 'down: {said}', not among the conditions"


def party_text(fight: Fight, saved_from: str) -> str:
    """The party file of ``fight``'s allies as they stand (R38), with a comment saying
    where it came from. Removed allies are left out."""
    import yaml

    keep = persistent_conditions(fight)
    allies = [carried(f, keep) for f in fight.fighters.values()
              if f.side == "allies" and not f.removed]
    head = (f"# momenta party (R38): saved from {saved_from} ({fight.encounter.name}), "
            f"round {fight.round}\n# Vigor and Guard start full in the next fight. Edit "
            "freely: 'momenta validate'\n# checks it with the encounter that names it.\n")
    body = yaml.safe_dump({"party": allies}, sort_keys=False, allow_unicode=True,
                          default_flow_style=None, width=88)
    return head + body


def load_party(path: Path) -> tuple[PartyModel | None, list[str]]:
    """A party file on its own (``momenta party show``): the model, or its problems."""
    from momenta_cli.encounter.yamlload import decode, read_raw

    problems = Problems()
    try:
        text = decode(read_raw(path))
    except YamlProblem as err:
        problems.at(str(path), *err.mark, err.message)
        return None, problems.lines()
    found = read_party(text, str(path), problems)
    return (found[1] if found else None), problems.lines()
