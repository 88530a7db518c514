"""``momenta odds``: exact attack odds, from numbers or from an encounter or a saved
fight (read-only: nothing is written, nothing changes)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from momenta_cli.cli.common import NoColor, Width, guarded, make_console

# The engine, the odds and Rich come in when the command runs (start-up time).
if TYPE_CHECKING:
    from momenta_cli.engine.specs import DamageTable
    from momenta_cli.engine.state import Fight
    from momenta_cli.odds.preview import Preview

MAX_DICE = 40  # far past any Momenta pool; keeps the face counting instant
Opt = typer.Option


def _tiers(text: str) -> DamageTable:
    from momenta_cli.engine.specs import DamageTable

    parts = [p.strip() for p in text.split("/")]
    if not all(p.isascii() and p.isdigit() and len(p) <= 5 for p in parts):
        raise typer.BadParameter(f"tiers are whole numbers like 2/7/13/20, got {text!r}",
                                 param_hint="'--tiers'")
    return DamageTable(tuple(int(p) for p in parts))


def _state(path: Path) -> Fight:
    """The combatants as they are now in a saved fight, or fresh from an encounter."""
    from momenta_cli.journal import SUFFIX, FightFile

    if path.name.lower().endswith(SUFFIX):
        ff = FightFile.open(path, repair=False, state_only=True)
        for w in ff.warnings:
            typer.echo(w, err=True)
        return ff.session.state
    from momenta_cli.encounter import load_encounter
    from momenta_cli.engine.session import Session

    return Session(load_encounter(path)).state


def _from_file(file: Path, attacker: str | None, target: str | None, *, weapon: str | None,
               at: str | None, dodge: bool, deflect: str | None, defend: str | None,
               brace: bool) -> Preview:
    """The attack the options describe, previewed by the engine against the fight."""
    if attacker is None or target is None:
        raise typer.BadParameter("name the ATTACKER and the TARGET after FILE",
                                 param_hint="FILE ATTACKER TARGET")
    defenses = [d for d, v in (("dodge", dodge), ("deflect", deflect is not None),
                               ("defend", defend is not None)) if v]
    if len(defenses) > 1:
        raise typer.BadParameter("one reactive defense: --dodge, --deflect or --defend")
    from momenta_cli.engine.attack_plan import Attack
    from momenta_cli.odds.preview import preview

    chosen = deflect if deflect is not None else defend
    cmd = Attack(attacker, target, weapon=weapon, location=at,
                 defense=defenses[0] if defenses else None, defense_with=chosen or None,
                 brace=brace)
    with guarded():
        return preview(_state(file), cmd)


def _check_numbers(*, dice: int | None, vs: int | None, grunt: bool, vs_grunt: bool,
                   tiers: str | None, vitality: int | None, max_vitality: int | None,
                   wounds: int, strain: bool, brace: bool) -> None:
    """Refuse numbers that do not go together (a usage mistake: exit 2)."""
    def bad(message: str, option: str) -> typer.BadParameter:
        return typer.BadParameter(message, param_hint=f"'{option}'")

    if dice is None and not grunt:
        raise bad("give --dice N (or --grunt), or FILE ATTACKER TARGET", "--dice")
    if dice is not None and grunt:
        raise bad("a Grunt never rolls: leave out --dice", "--grunt")
    if vs is not None and vs_grunt:
        raise bad("a Grunt never rolls: leave out --vs", "--vs-grunt")
    if vitality is None and (max_vitality is not None or wounds):
        raise bad("--max-vitality and --wounds go with --vitality", "--vitality")
    if vitality is not None and tiers is None:
        raise bad("--vitality needs --tiers (the damage)", "--vitality")
    if vitality is not None and strain:
        raise bad("Strain damage does not reach Vitality", "--strain")
    if brace and strain:
        raise bad("Brace does nothing against Strain", "--brace")
    if vitality is not None and max_vitality is not None and vitality > max_vitality:
        raise bad("--vitality is more than --max-vitality", "--vitality")


def odds_cmd(
    file: Annotated[Path | None, typer.Argument(
        help="An encounter (*.yaml) or a saved fight (*.fight.jsonl): the odds use its "
             "combatants as they are now.", readable=False, show_default=False)] = None,
    attacker: Annotated[str | None, typer.Argument(help="Who attacks (with FILE).",
                                                   show_default=False)] = None,
    target: Annotated[str | None, typer.Argument(help="Who is attacked (with FILE).",
                                                 show_default=False)] = None,
    dice: Annotated[int | None, Opt("--dice", min=-MAX_DICE, max=MAX_DICE,
                                    help="The attack's pool (after modifiers; 0 or less "
                                         "rolls 2d6 and keeps the lowest).")] = None,
    vs: Annotated[int | None, Opt("--vs", min=-MAX_DICE, max=MAX_DICE,
                                  help="The reactive defense's pool (none if left out).")
                  ] = None,
    grunt: Annotated[bool, Opt("--grunt", help="The attacker is a Grunt: 1 success, no "
                               "roll (R7); --dice is then not needed.")] = False,
    vs_grunt: Annotated[bool, Opt("--vs-grunt", help="The defender is a Grunt defending: "
                                  "1 success, no roll (R7).")] = False,
    tiers: Annotated[str | None, Opt("--tiers", help="Damage by net successes, 0 first, "
                                     "the last open-ended: 2/7/13/20.")] = None,
    guard: Annotated[int, Opt("--guard", min=0, max=999, help="The target's Guard.")] = 0,
    resist: Annotated[bool, Opt("--resist", help="The target resists: damage halved.")
                      ] = False,
    weak: Annotated[bool, Opt("--weak", help="The target is weak (or hit at its Mark): "
                              "damage doubled.")] = False,
    strain: Annotated[bool, Opt("--strain", help="The attack deals Strain: the tier only.")
                      ] = False,
    solid_hit: Annotated[bool, Opt("--solid-hit", help="Count Solid Hit (pairs of equal "
                                   "faces add their value on a hit).")] = False,
    vitality: Annotated[int | None, Opt("--vitality", min=1, max=99999,
                                        help="The target's Vitality now.")] = None,
    max_vitality: Annotated[int | None, Opt("--max-vitality", min=1, max=99999,
                                            help="Its Max Vitality (default: --vitality).")
                            ] = None,
    wounds: Annotated[int, Opt("--wounds", min=0, max=99, help="Free Wound slots (0: the "
                               "next time Vitality reaches 0 it is Defeated).")] = 0,
    face: Annotated[int, Opt("--success-face", min=1, max=6,
                             help="A die succeeds at this face or higher.")] = 5,
    weapon: Annotated[str | None, Opt("--weapon", help="The attacker's weapon (with FILE; "
                                      "default: its first).")] = None,
    at: Annotated[str | None, Opt("--at", help="Hit location (with FILE): Mass, Edge, "
                                  "Mark, ...")] = None,
    dodge: Annotated[bool, Opt("--dodge", help="The target Dodges (with FILE).")] = False,
    deflect: Annotated[str | None, Opt("--deflect", metavar="[=WEAPON]",
                                       help="The target Deflects, with its best weapon or "
                                            "--deflect=WEAPON (with FILE).")] = None,
    defend: Annotated[str | None, Opt("--defend", metavar="[=NAME]",
                                      help="An enemy target's scripted defense, its best or "
                                           "--defend=NAME (with FILE).")] = None,
    brace: Annotated[bool, Opt("--brace", help="The target Braces: resistance, then "
                               "Broken.")] = False,
    as_json: Annotated[bool, Opt("--json", help="Exact values as fractions and floats.")
                       ] = False,
    no_color: NoColor = False,
    width: Width = None,
) -> None:
    """Exact odds of an attack: net successes, tier, damage, Wound and Defeat.

    From numbers (3 dice against 2) or from an encounter or a saved fight, where every
    modifier the attack would roll with is applied; nothing is changed or saved.

    Example: momenta odds --dice 3 --vs 2 --tiers 2/7/13/20 --vitality 12 --wounds 1

    Example: momenta odds encounters/demo.yaml Gorm Wren --deflect=buckler --brace
    """
    from momenta_cli.render import odds as view

    pv = None
    if file is not None:
        given = [n for n, v in (("--dice", dice), ("--vs", vs), ("--tiers", tiers),
                                ("--vitality", vitality), ("--max-vitality", max_vitality))
                 if v is not None]
        given += [n for n, v in (("--guard", guard), ("--wounds", wounds), ("--resist", resist),
                                 ("--weak", weak), ("--strain", strain),
                                 ("--solid-hit", solid_hit), ("--grunt", grunt),
                                 ("--vs-grunt", vs_grunt), ("--success-face", face != 5))
                  if v]
        if given:
            raise typer.BadParameter(f"{', '.join(given)}: from FILE the numbers come "
                                     "from the fight", param_hint="FILE")
        pv = _from_file(file, attacker, target, weapon=weapon, at=at, dodge=dodge,
                        deflect=deflect, defend=defend, brace=brace)
        result = pv.odds
    else:
        given = [n for n, v in (("--weapon", weapon), ("--at", at)) if v is not None]
        given += [n for n, v in (("--dodge", dodge), ("--deflect", deflect is not None),
                                 ("--defend", defend is not None)) if v]
        if given:
            raise typer.BadParameter(f"{', '.join(given)} need FILE ATTACKER TARGET "
                                     "(use --vs for a defense's pool)", param_hint="FILE")
        _check_numbers(dice=dice, vs=vs, grunt=grunt, vs_grunt=vs_grunt, tiers=tiers,
                       vitality=vitality, max_vitality=max_vitality, wounds=wounds,
                       strain=strain, brace=brace)
        from momenta_cli.odds.table import Roll, Target, odds

        grunts = (1 if grunt else None), (1 if vs_grunt else None)  # R7
        result = odds(Roll(dice or 0, vs, face, *grunts, solid=solid_hit),
                      Target(guard=guard, resisted=resist, weak=weak, brace=brace,
                             strain=strain, current=vitality,
                             maximum=max_vitality or vitality, free_slots=wounds),
                      _tiers(tiers) if tiers is not None else None)
    if as_json:
        json.dump(view.document(result, pv), sys.stdout, indent=2)
        sys.stdout.write("\n")
        return
    console = make_console(no_color=no_color, width=width)
    console.print(view.view(result, pv))


OPTIONAL_VALUE = ("--deflect", "--defend")


def _command_class() -> type:
    from typer.core import TyperCommand

    class OddsCommand(TyperCommand):
        """``--deflect`` and ``--defend`` take an optional value (``--deflect=Buckler``):
        said bare, they get an empty one, which means "the best one it has"."""

        def parse_args(self, ctx, args):  # type: ignore[no-untyped-def]
            if "--" in args:
                cut = args.index("--")
                head, tail = args[:cut], args[cut:]
            else:
                head, tail = args, []
            head = [a + "=" if a in OPTIONAL_VALUE else a for a in head]
            return super().parse_args(ctx, head + tail)

    return OddsCommand


def register(app: typer.Typer) -> None:
    """Add this module's commands to ``app``."""
    app.command("odds", cls=_command_class())(odds_cmd)
