"""``momenta odds``: exact attack odds, from numbers or from an encounter or a saved
fight (read-only: nothing is written, nothing changes).

The attack's own words are flags: one for each option of the attack grammar's odds
column (language/attack_grammar.py), read into the same ``Attack`` fields the attack
verb sets. The numbers (``--dice``, ``--vs``, ``--tiers``, ...) are this command's own.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from momenta_cli.cli.common import (
    NoColor,
    Width,
    guarded,
    make_console,
    prefixed,
    read_fight,
)
from momenta_cli.language import ODDS_OPTIONS, Kind, LineOption
from momenta_cli.text import one_line

# The engine, the odds and Rich come in when the command runs (start-up time).
if TYPE_CHECKING:
    from momenta_cli.engine.core import DamageTable
    from momenta_cli.odds import AttackOdds, Odds

MAX_DICE = 40  # far past any Momenta pool; keeps the face counting instant
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


# --- the attack's words as flags (the attack grammar's odds column) ---------------------

NUMBERS_TOO = ("brace",)  # attack options that numbers mode reads as well (--brace)
OPTIONAL_VALUE = tuple(f for o in ODDS_OPTIONS if o.kind is Kind.DEFENSE and o.metavar
                       for f in o.flags)  # --deflect[=WEAPON], --defend[=NAME]


def _param(o: LineOption) -> inspect.Parameter:
    """``o``'s Typer option: its flags, its value's type, its bounds and its help."""
    text = f"{o.help} (with FILE; the attack's '{o.usage}')."
    kinds: dict[Kind, tuple[Any, Any]] = {
        Kind.NAME: (str | None, None), Kind.WORD: (str | None, None),
        Kind.NUMBER: (int | None, None), Kind.FLAG: (bool, False), Kind.DICE: (int, 0),
        Kind.DEFENSE: ((str | None, None) if o.metavar else (bool, False)),
    }
    kind, default = kinds[o.kind]
    extra: dict[str, Any] = {}
    if o.kind is Kind.NUMBER:
        extra = {"min": o.least, "max": o.most}
    elif o.kind is Kind.DICE:
        extra = {"min": -o.most, "max": o.most}
    elif o.kind is Kind.DEFENSE and o.metavar:
        extra = {"metavar": f"[={o.metavar}]"}
    elif o.kind in (Kind.NAME, Kind.WORD):
        extra = {"metavar": o.metavar}
    if o.word in NUMBERS_TOO:
        text = f"{o.help}."
    return inspect.Parameter(_name(o), inspect.Parameter.KEYWORD_ONLY, default=default,
                             annotation=Annotated[kind, Opt(*o.flags, help=text, **extra)])


def _name(o: LineOption) -> str:
    return o.flags[0].lstrip("-").replace("-", "_")


def attack_flags(fn: Callable[..., None]) -> Callable[..., None]:
    """``fn`` with a Typer option for each option of the attack grammar's odds column in
    place of its ``said`` parameter, which gets them back as keyword -> value (None,
    False or 0: not given)."""
    sig = inspect.signature(fn, eval_str=True)
    params: list[inspect.Parameter] = []
    for p in sig.parameters.values():
        own = p.replace(kind=inspect.Parameter.KEYWORD_ONLY)
        params += [_param(o) for o in ODDS_OPTIONS] if p.name == "said" else [own]
    names = {_name(o): o.word for o in ODDS_OPTIONS}

    def command(**given: Any) -> None:
        said = {names[k]: given.pop(k) for k in list(given) if k in names}
        fn(**given, said=said)

    command.__doc__, command.__name__ = fn.__doc__, fn.__name__
    command.__signature__ = sig.replace(parameters=params)  # type: ignore[attr-defined]
    return command


def _given(said: dict[str, Any]) -> list[LineOption]:
    return [o for o in ODDS_OPTIONS if said.get(o.word) not in (None, False, 0)]


def _check_values(said: dict[str, Any]) -> None:
    """A name given empty is a slip, not "the default" (a usage mistake: exit 2)."""
    for o in _given(said):
        if o.kind in (Kind.NAME, Kind.WORD) and not said[o.word].strip():
            raise typer.BadParameter(f"{o.needs} is needed", param_hint=f"'{o.flags[0]}'")


def _fields(said: dict[str, Any]) -> dict[str, Any]:
    """The ``Attack`` fields the flags set, as the attack verb's words set them; two
    flags for one field (``--dodge --deflect``) are a usage mistake."""
    out: dict[str, Any] = {}
    given = _given(said)
    for o in given:
        if o.field in out:  # "one reactive defense: --dodge, --deflect or --defend"
            *some, last = [p.flags[0] for p in ODDS_OPTIONS if p.field == o.field]
            raise typer.BadParameter(f"one {(o.twice or o.field).removeprefix('a ')}: "
                                     f"{', '.join(some)} or {last}")
        out.update(o.sets(said[o.word]))
    return out


def _from_file(file: Path, attacker: str | None, target: str | None,
               said: dict[str, Any], as_json: bool) -> AttackOdds:
    """The attack the options describe, previewed by the engine against the fight."""
    if attacker is None or target is None:
        raise typer.BadParameter("name the ATTACKER and the TARGET after FILE",
                                 param_hint="FILE ATTACKER TARGET")
    fields = _fields(said)
    from momenta_cli.engine.attack import Attack
    from momenta_cli.odds import attack_odds

    cmd = Attack(attacker, target, **fields)
    with _refused(as_json):
        state = read_fight(file, "odds reads encounters and saved fights")
    with _refused(as_json, file):  # a refusal of the attack, as `do` says it
        return attack_odds(state, cmd)


@contextmanager
def _refused(as_json: bool, path: Path | None = None) -> Iterator[None]:
    """As ``guarded`` (``prefixed`` with ``path``); with ``--json``, the refusal is the
    document ``{"error": "..."}`` on stdout instead, exit code 1 all the same."""
    from momenta_cli.errors import EncounterError, MomentaError

    try:
        yield
    except MomentaError as err:
        if not as_json:
            with prefixed(path) if path is not None else guarded():
                raise
        if isinstance(err, EncounterError):
            said = "\n".join(one_line(x) for x in err.problems)
        else:
            said = one_line(f"{path}: {err}" if path is not None else str(err))
        raise json_refusal(said) from None


def json_refusal(message: str) -> typer.Exit:
    """Print ``{"error": message}`` on stdout; the ``Exit`` (code 1) to raise."""
    import json

    sys.stdout.write(json.dumps({"error": message}, indent=2, ensure_ascii=False) + "\n")
    return typer.Exit(1)


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
    said: dict[str, Any] | None = None,  # the attack's words: one flag each (attack_flags)
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

    said = said or {}
    _check_values(said)
    numbers = Numbers(guard, resist, weak, strain, solid_hit, bool(said.get("brace")),
                      vitality, max_vitality, wounds, strain_now, max_strain, burdens)
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
        pv = _from_file(file, attacker, target, said, as_json)
        result = pv.odds
    else:
        given = [o.flags[0] for o in _given(said) if o.word not in NUMBERS_TOO]
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


def _command_class() -> type:
    import typer.core
    from typer.core import TyperCommand

    # the click Typer runs on: its own copy in newer Typers, the click package before
    click = getattr(typer.core, "_click", None) or typer.core.click  # type: ignore[attr-defined]

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

        # With --json a refusal is a document too (docs/odds.md): a usage mistake found
        # while reading the words, or by the command itself, is {"error": ...}, exit 1.
        def make_context(self, info_name, args, parent=None, **extra):  # type: ignore[no-untyped-def]
            head = args[:args.index("--")] if "--" in args else args
            try:
                return super().make_context(info_name, args, parent=parent, **extra)
            except click.ClickException as err:
                if "--json" in head:
                    raise json_refusal(one_line(err.format_message())) from None
                raise

        def invoke(self, ctx):  # type: ignore[no-untyped-def]
            try:
                return super().invoke(ctx)
            except click.ClickException as err:
                if ctx.params.get("as_json"):
                    raise json_refusal(one_line(err.format_message())) from None
                raise

    return OddsCommand


def register(app: typer.Typer) -> None:
    """Add this module's commands to ``app``."""
    app.command("odds", cls=_command_class())(attack_flags(odds_cmd))
