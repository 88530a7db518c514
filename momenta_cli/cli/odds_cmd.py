"""``momenta odds``: exact attack odds, from numbers or from an encounter or a saved
fight (read-only: nothing is written, nothing changes)."""

from __future__ import annotations

import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from momenta_cli.cli.common import (
    NoColor,
    Width,
    guarded,
    make_console,
    prefixed,
    read_fight,
)

# The engine, the odds and Rich come in when the command runs (start-up time).
if TYPE_CHECKING:
    from momenta_cli.engine.core import DamageTable
    from momenta_cli.odds import AttackOdds, Odds

MAX_DICE = 40  # far past any Momenta pool; keeps the face counting instant
MAX_PLUS = 20  # the attack verb's bound on +Nd/-Nd (language/attack_verbs.py)
Opt = typer.Option


def _tiers(text: str) -> DamageTable:
    from momenta_cli.engine.core import DamageTable
    from momenta_cli.text import echo, is_digits

    parts = [p.strip() for p in text.split("/")]
    if not all(is_digits(p) and len(p) <= 5 for p in parts):
        raise typer.BadParameter(f"tiers are whole numbers like 2/7/13/20, got {echo(text)}",
                                 param_hint="'--tiers'")
    values = tuple(int(p) for p in parts)
    n = DamageTable.first_drop(values)
    if n is not None:
        raise typer.BadParameter(f"damage goes down at {n}s ({values[n - 1]} -> "
                                 f"{values[n]}): tiers never go down (R3)",
                                 param_hint="'--tiers'")
    return DamageTable(values)


@dataclass(frozen=True)
class Situation:
    """The attack's situational options, as the attack verb's words name them
    (language/attack_verbs.py): ``dist N``, ``cover``, ``obscured``, ``thrown``,
    ``as TYPE``, ``using ATTR``, ``+Nd``/``-Nd``; the same ``Attack`` fields."""

    distance: int | None = None
    cover: bool = False
    obscured: bool = False
    ranged: bool = False
    damage_type: str | None = None
    attribute: str | None = None
    dice: int = 0

    def given(self) -> list[str]:
        """The options given, as typed (for a refusal from numbers)."""
        return [n for n, v in (("--dist", self.distance is not None), ("--cover", self.cover),
                               ("--obscured", self.obscured), ("--thrown", self.ranged),
                               ("--type", self.damage_type is not None),
                               ("--attr", self.attribute is not None),
                               ("--plus", self.dice != 0)) if v]


def _from_file(file: Path, attacker: str | None, target: str | None, *, weapon: str | None,
               at: str | None, dodge: bool, deflect: str | None, defend: str | None,
               brace: bool, situation: Situation) -> AttackOdds:
    """The attack the options describe, previewed by the engine against the fight."""
    if attacker is None or target is None:
        raise typer.BadParameter("name the ATTACKER and the TARGET after FILE",
                                 param_hint="FILE ATTACKER TARGET")
    defenses = [d for d, v in (("dodge", dodge), ("deflect", deflect is not None),
                               ("defend", defend is not None)) if v]
    if len(defenses) > 1:
        raise typer.BadParameter("one reactive defense: --dodge, --deflect or --defend")
    from momenta_cli.engine.attack import Attack
    from momenta_cli.odds import attack_odds

    chosen = deflect if deflect is not None else defend
    cmd = Attack(attacker, target, weapon=weapon, location=at,
                 defense=defenses[0] if defenses else None, defense_with=chosen or None,
                 brace=brace, **asdict(situation))
    with guarded():
        state = read_fight(file, "odds reads encounters and saved fights")
    with prefixed(file):  # a refusal of the attack, as `do` says it
        return attack_odds(state, cmd)


@dataclass(frozen=True)
class Numbers:
    """What numbers mode was given (everything but the dice)."""

    guard: int
    resist: bool
    weak: bool
    strain: bool
    solid_hit: bool
    brace: bool
    vitality: int | None
    max_vitality: int | None
    wounds: int
    strain_now: int | None
    max_strain: int | None
    burdens: int


def _check_numbers(n: Numbers, *, dice: int | None, vs: int | None, grunt: bool,
                   vs_grunt: bool, tiers: str | None) -> None:
    """Refuse numbers that do not go together, or that would do nothing (a usage
    mistake: exit 2)."""
    def bad(message: str, option: str) -> typer.BadParameter:
        return typer.BadParameter(message, param_hint=f"'{option}'")

    if dice is None and not grunt:
        raise bad("give --dice N (or --grunt), or FILE ATTACKER TARGET", "--dice")
    if dice is not None and grunt:
        raise bad("a Grunt never rolls: leave out --dice", "--grunt")
    if vs is not None and vs_grunt:
        raise bad("a Grunt never rolls: leave out --vs", "--vs-grunt")
    if n.vitality is None and (n.max_vitality is not None or n.wounds):
        raise bad("--max-vitality and --wounds go with --vitality", "--vitality")
    if n.vitality is not None and tiers is None:
        raise bad("--vitality needs --tiers (the damage)", "--vitality")
    if n.vitality is not None and n.max_vitality is not None and n.vitality > n.max_vitality:
        raise bad("--vitality is more than --max-vitality", "--vitality")
    if n.strain:
        # R9: a Strain attack deals its tier, straight to Strain: nothing soaks, halves,
        # doubles or adds to it, and Brace (ch19) answers damage to Vitality only
        ignored = [o for o, v in (("--guard", n.guard), ("--resist", n.resist),
                                  ("--weak", n.weak), ("--solid-hit", n.solid_hit),
                                  ("--brace", n.brace)) if v]
        if ignored:
            raise bad(f"{', '.join(ignored)}: a Strain attack deals its tier straight to "
                      "Strain (R9): Guard, resistance, weakness, Solid Hit and Brace do "
                      "nothing to it", ignored[0])
        if n.vitality is not None:
            raise bad("Strain damage does not reach Vitality: give --max-strain (and "
                      "--strain-now, --burdens)", "--strain")
    strain_given = [o for o, v in (("--strain-now", n.strain_now is not None),
                                   ("--burdens", n.burdens)) if v]
    if n.max_strain is None and strain_given:
        raise bad(f"{', '.join(strain_given)} go with --max-strain", "--max-strain")
    if n.max_strain is not None and not n.strain:
        raise bad("--max-strain is for a Strain attack: add --strain", "--max-strain")
    if n.max_strain is not None and tiers is None:
        raise bad("--max-strain needs --tiers (the Strain dealt)", "--max-strain")
    if n.max_strain is not None and (n.strain_now or 0) >= n.max_strain:
        raise bad("--strain-now is at or past --max-strain", "--strain-now")


def _numbers_odds(n: Numbers, *, dice: int | None, vs: int | None, grunt: bool,
                  vs_grunt: bool, tiers: str | None, face: int) -> Odds:
    _check_numbers(n, dice=dice, vs=vs, grunt=grunt, vs_grunt=vs_grunt, tiers=tiers)
    from momenta_cli.odds import OddsDice, Target, odds

    grunts = (1 if grunt else None), (1 if vs_grunt else None)  # R7
    if n.strain:  # R10: Strain fills Burden slots, R11: Lost
        current = None if n.max_strain is None else n.strain_now or 0
        where = current, n.max_strain, n.burdens
    else:
        where = n.vitality, n.max_vitality or n.vitality, n.wounds
    return odds(OddsDice(dice or 0, vs, face, *grunts, solid=n.solid_hit),
                Target(guard=n.guard, resisted=n.resist, weak=n.weak, brace=n.brace,
                       strain=n.strain, current=where[0], maximum=where[1],
                       free_slots=where[2]),
                _tiers(tiers) if tiers is not None else None)


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
    max_strain: Annotated[int | None, Opt("--max-strain", min=1, max=99999,
                                          help="With --strain: the target's Max Strain, "
                                               "for the chance of a Burden and of Lost.")
                          ] = None,
    strain_now: Annotated[int | None, Opt("--strain-now", min=0, max=99999,
                                          help="With --max-strain: its Strain now "
                                               "(default 0).")] = None,
    burdens: Annotated[int, Opt("--burdens", min=0, max=99, help="With --max-strain: free "
                                "Burden slots (0: reaching Max Strain is Lost).")] = 0,
    face: Annotated[int, Opt("--success-face", min=1, max=6,
                             help="A die succeeds at this face or higher.")] = 5,
    weapon: Annotated[str | None, Opt("--weapon", help="The attacker's weapon (with FILE; "
                                      "default: its first).")] = None,
    at: Annotated[str | None, Opt("--at", help="Hit location (with FILE): Mass, Edge, "
                                  "Mark, ...")] = None,
    dist: Annotated[int | None, Opt("--dist", min=1, max=9999,
                                    help="Distance in squares, 1 = adjacent (with FILE; "
                                         "the attack's 'dist N'): reach, range and its "
                                         "penalty.")] = None,
    thrown: Annotated[bool, Opt("--thrown", "--ranged", help="Thrown or shot (with FILE; "
                                "the attack's 'thrown').")] = False,
    cover: Annotated[bool, Opt("--cover", help="The target is in cover (with FILE).")
                     ] = False,
    obscured: Annotated[bool, Opt("--obscured", help="The target is obscured (with FILE).")
                        ] = False,
    damage_type: Annotated[str | None, Opt("--type", "--as", help="Damage type of a weapon "
                                           "with a choice (with FILE; the attack's 'as "
                                           "TYPE').")] = None,
    attr: Annotated[str | None, Opt("--attr", "--using", help="POW or AGI, for a weapon "
                                    "that may use either (with FILE; 'using').")] = None,
    plus: Annotated[int, Opt("--plus", min=-MAX_PLUS, max=MAX_PLUS,
                             help="The GM's +Nd or -Nd (with FILE; the attack's '+1d', "
                                  "'-2d'): --plus 1, --plus -2.")] = 0,
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

    Example: momenta odds encounters/demo.yaml Tamsin Gorm --dist 12 --obscured
    """
    from momenta_cli.render import draw_odds, odds_doc

    for option, value, needed in (("--weapon", weapon, "a weapon name"),
                                  ("--at", at, "a hit location (Mass, Edge, Mark, ...)"),
                                  ("--type", damage_type, "a damage type"),
                                  ("--attr", attr, "POW or AGI")):
        if value is not None and not value.strip():  # not "the default": a slip
            raise typer.BadParameter(f"{needed} is needed", param_hint=f"'{option}'")
    situation = Situation(dist, cover, obscured, thrown, damage_type, attr, plus)
    numbers = Numbers(guard, resist, weak, strain, solid_hit, brace, vitality, max_vitality,
                      wounds, strain_now, max_strain, burdens)
    pv = None
    if file is not None:
        given = [n for n, v in (("--dice", dice), ("--vs", vs), ("--tiers", tiers),
                                ("--vitality", vitality), ("--max-vitality", max_vitality),
                                ("--max-strain", max_strain), ("--strain-now", strain_now))
                 if v is not None]
        given += [n for n, v in (("--guard", guard), ("--wounds", wounds), ("--resist", resist),
                                 ("--weak", weak), ("--strain", strain),
                                 ("--solid-hit", solid_hit), ("--grunt", grunt),
                                 ("--vs-grunt", vs_grunt), ("--burdens", burdens),
                                 ("--success-face", face != 5))
                  if v]
        if given:
            raise typer.BadParameter(f"{', '.join(given)}: from FILE the numbers come "
                                     "from the fight", param_hint="FILE")
        pv = _from_file(file, attacker, target, weapon=weapon, at=at, dodge=dodge,
                        deflect=deflect, defend=defend, brace=brace, situation=situation)
        result = pv.odds
    else:
        given = [n for n, v in (("--weapon", weapon), ("--at", at)) if v is not None]
        given += situation.given()
        given += [n for n, v in (("--dodge", dodge), ("--deflect", deflect is not None),
                                 ("--defend", defend is not None)) if v]
        if given:
            need = "needs" if len(given) == 1 else "need"
            raise typer.BadParameter(f"{', '.join(given)} {need} FILE ATTACKER TARGET "
                                     "(from numbers, --dice and --vs are the pools after "
                                     "every modifier)", param_hint="FILE")
        result = _numbers_odds(numbers, dice=dice, vs=vs, grunt=grunt, vs_grunt=vs_grunt,
                               tiers=tiers, face=face)
    if as_json:
        import json

        json.dump(odds_doc(result, pv), sys.stdout, indent=2)
        sys.stdout.write("\n")
        return
    console = make_console(no_color=no_color, width=width)
    console.print(draw_odds(result, pv))


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
