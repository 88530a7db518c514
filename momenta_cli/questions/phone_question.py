"""A decision point put to a player's phone (momenta_cli/seating/): which seats may
answer an ``Ask`` (its PC's; any allied seat for the players' pick of who acts), and
the question as the phone shows it: what is asked, and each answer as a button with
the very words the GM would type for it, so the prompt reads a phone's answer exactly
as a typed one (and refuses it the same way).

What goes to the phone is built from the ask, never from the GM's screen: an attacker
Hidden from the players is "someone unseen", and nothing the players' view leaves out
is said. For a reaction each choice carries its exact odds, computed as ``momenta odds``
computes them for the same attack and choice (odds/: ``attack_odds``), and the Vigor it
leaves; for Brace, both amounts and what each does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from momenta_cli.engine.attack import Attack, part_at
from momenta_cli.engine.core import Ask, Option, dice_text, unseen
from momenta_cli.errors import MomentaError
from momenta_cli.text import one_line

if TYPE_CHECKING:
    from momenta_cli.questions.table_decider import TableDecider

PHONE_KINDS = ("reaction", "dice", "brace", "wound_die", "clear_roll", "trigger", "pick")


def seats_for(d: TableDecider, ask: Ask, seated: Sequence[str]) -> list[str]:
    """The seats (PC names among ``seated``) that may answer ``ask``: its PC's own; for
    the players' pick of who acts, every allied seat (ch18: the players decide); none
    for what the GM decides."""
    if ask.kind not in PHONE_KINDS or ask.gm:
        return []
    if ask.kind == "pick":
        return [n for n in seated if n in d.fight.fighters
                and d.fight.fighters[n].side == "allies"]
    return [ask.who] if ask.who in seated else []


def shown_name(d: TableDecider, name: str) -> str:
    """``name`` as the players may read it: a combatant Hidden from them is unnamed."""
    f = d.fight.fighters.get(name)
    return "someone unseen" if f is not None and unseen(f) else name


def phone_question(d: TableDecider, ask: Ask, prompt: str, seats: Sequence[str]
                   ) -> dict[str, Any]:
    """The question at ``ask`` for the phones of ``seats``: ``who`` (whose it is, as
    the prompt says it), ``kind``, ``title``, ``text`` (the lines to read), ``options``
    (each ``answer``: the words sent back, ``label``, ``detail``; for a reaction its
    ``odds`` and ``vigor_left``), ``dice`` (how many faces a roll takes; 0: not a roll),
    ``tracker`` (the answer that lets the tracker roll, or None), and ``wrong`` (why the
    last answer was refused)."""
    who = "the players" if ask.kind == "pick" else ask.who
    q: dict[str, Any] = {"kind": ask.kind, "who": who, "seats": list(seats),
                         "title": "", "text": [], "options": [], "dice": 0,
                         "tracker": None, "prompt": prompt.strip(), "wrong": ask.wrong}
    build = BUILDERS.get(ask.kind)
    if build is not None:
        build(d, ask, q)
    return q


def _reaction(d: TableDecider, ask: Ask, q: dict[str, Any]) -> None:
    from momenta_cli.questions.reaction_offers import offers, size_of

    attacker = shown_name(d, ask.against)
    q["title"] = f"{ask.who}'s reaction"
    weapon = _weapon(d, ask) if attacker == ask.against else ""
    q["text"] = [one_line(f"{attacker} attacks {ask.who}{weapon}, "
                          f"{dice_text(ask.pool.total)}.")]
    vigor = _vigor(d, ask.who)
    opts = [_opt("none", "No reaction", "", d, ask, NO_NONE, vigor)]
    for o in offers(ask):
        weapon_said = f" with {o.weapon}" if o.weapon else ""
        cost = f", {o.option.cost} Vigor" if o.option.cost else ""
        opts.append(_opt(o.option.words, one_line(f"{o.kind.capitalize()}{weapon_said}"),
                         one_line(f"{size_of(o.option)}{cost}"), d, ask, o.option, vigor))
    q["options"] = opts
    if ask.may_brace:
        q["text"].append("Brace is asked once the damage is known.")


NO_NONE = Option("", "no reaction")


def _opt(answer: str, label: str, detail: str, d: TableDecider, ask: Ask, option: Option,
         vigor: int | None) -> dict[str, Any]:
    left = None if vigor is None else vigor - (option.cost or 0)
    return {"answer": answer, "label": label, "detail": detail,
            "odds": reaction_odds(d, ask, option), "vigor_left": left}


def _vigor(d: TableDecider, name: str) -> int | None:
    f = d.fight.fighters.get(name)
    return None if f is None else f.vigor


def _weapon(d: TableDecider, ask: Ask) -> str:
    from momenta_cli.engine.attack import weapon_for
    from momenta_cli.engine.core import find_fighter
    from momenta_cli.questions.reaction_offers import attack_of

    try:
        attack, key = attack_of(d, ask)
        x = part_at(attack, _owner(key[1]))
        return f" with {weapon_for(find_fighter(d.fight, ask.against), x).name}"
    except (MomentaError, AssertionError, IndexError, KeyError):
        return ""


def _owner(path: tuple[Any, ...]) -> tuple[Any, ...]:
    p = list(path)
    while p and isinstance(p[-1], int):
        p.pop()
    return tuple(p)


def reaction_odds(d: TableDecider, ask: Ask, option: Option) -> dict[str, Any] | None:
    """The exact odds of the attack at a reaction point ``ask`` if its target answers
    with ``option``, as ``momenta odds`` gives them for the same attack and choice (a
    Counterattack rolls no defense: the attack's own odds, ch19, R27); None where
    ``momenta odds`` has none (a further target of an Area attack, a movement's
    reactive attack, an attack dealing no damage)."""
    from momenta_cli.questions.reaction_offers import attack_of

    try:
        attack, key = attack_of(d, ask)
        if key[0] != "attack" or key[1] != ():
            return None
        part = part_at(attack, ())
    except (MomentaError, AssertionError, IndexError):
        return None
    if not isinstance(part, Attack):
        return None
    change = dict(option.change)
    change.pop("counter", None)
    plain = replace(part, counter=None, also=(), area=None, typed=None,
                    defense_typed=None, defense=None, defense_with=None, brace=False)
    return attack_summary(d.fight, replace(plain, **change))


def attack_summary(fight: Any, cmd: Attack) -> dict[str, Any] | None:
    """The phone's figures for ``cmd`` (the odds' own: ``hit``, ``any_damage``,
    ``wound``, ``defeat``, as ``momenta odds --json`` has them) and the outcomes a
    player weighs: ``no_damage`` (nothing gets through), ``guard_only`` (damage that
    Guard stops before Vitality). Exact fractions with their floats."""
    from fractions import Fraction

    from momenta_cli.odds import attack_odds
    from momenta_cli.render import odds_doc

    try:
        pv = attack_odds(fight, cmd)
    except MomentaError:
        return None
    o = pv.odds
    doc = odds_doc(o, pv)
    landed = sum((r.p for r in o.rows if r.tier), Fraction(0))
    return {"hit": doc["hit"], "any_damage": doc["any_damage"], "wound": doc["wound"],
            "defeat": doc["defeat"], "no_damage": _exact(1 - landed),
            "guard_only": _exact(landed - o.p_damage)}


def _exact(p: Any) -> dict[str, Any]:
    return {"exact": str(p), "float": float(p)}


def _roll(d: TableDecider, ask: Ask, q: dict[str, Any]) -> None:
    from momenta_cli.questions.dice_faces import roll_name

    n = ask.dice or max(ask.pool.total, 0)
    q["title"] = roll_name(ask) if ask.kind == "dice" else one_line(ask.label)
    if ask.kind == "clear_roll":
        attr = f"{ask.attribute} " if ask.attribute else ""
        q["text"] = [one_line(f"Roll {attr}{dice_text(ask.pool.total)} to clear "
                              f"{ask.condition}.")]
    else:
        q["text"] = [one_line(f"Roll {dice_text(ask.pool.total)}: tap each die's face, in "
                              "any order.")]
    q["dice"] = n
    q["tracker"] = ""


def _brace(d: TableDecider, ask: Ask, q: dict[str, Any]) -> None:
    from momenta_cli.questions.brace import reaching

    now = d.now()
    later = d.fight.settings.ask_dice
    q["title"] = f"Brace, {ask.who}?"
    q["text"] = [one_line(f"Damage: {reaching(now, ask.who, ask.amount or 0, later)}.")]
    q["options"] = [
        {"answer": "y", "label": "Brace",
         "detail": one_line(f"{reaching(now, ask.who, ask.braced or 0, later)}; "
                            f"{ask.who} is Broken")},
        {"answer": "n", "label": "Take it",
         "detail": one_line(reaching(now, ask.who, ask.amount or 0, later))}]


def _wound(d: TableDecider, ask: Ask, q: dict[str, Any]) -> None:
    what = "Burden" if ask.burden else "Wound"
    q["title"] = f"{ask.who}'s {what} d6"
    q["text"] = [f"Roll a d6 for the {what} (R10):"]
    q["options"] = [{"answer": str(k), "label": str(k), "detail": c}
                    for k, c in enumerate(d.fight.settings.pc_wound_table, 1)]
    q["tracker"] = ""


def _clear(d: TableDecider, ask: Ask, q: dict[str, Any]) -> None:
    _roll(d, ask, q)


def _trigger(d: TableDecider, ask: Ask, q: dict[str, Any]) -> None:
    from momenta_cli.questions.trigger_answers import trigger_question

    text, _ = trigger_question(ask)
    moving = shown_name(d, ask.against)
    if moving != ask.against:
        text = f"Someone unseen comes into {ask.who}'s reach: {ask.who} may react."
    q["title"] = f"{ask.who}: a reaction"
    q["text"] = [text]
    opts = [{"answer": "n", "label": "No reaction", "detail": ""}]
    for o in ask.options:
        if o.none:
            continue
        weapon = dict(o.change).get("weapon") or ""
        cost = f"{o.cost} Vigor" if o.cost else ""
        opts.append({"answer": f"y with {weapon}" if weapon else "y",
                     "label": one_line(f"{ask.key[3]} with {weapon}" if weapon
                                       else str(ask.key[3])),
                     "detail": cost})
    q["options"] = opts


def _pick(d: TableDecider, ask: Ask, q: dict[str, Any]) -> None:
    q["title"] = "Who acts next?"
    q["text"] = ["The players pick who acts."]
    q["options"] = [{"answer": str(i), "label": o.words,
                     "detail": "suggested" if o.label.endswith("(suggested)") else ""}
                    for i, o in enumerate(ask.options, 1)]


BUILDERS = {"reaction": _reaction, "dice": _roll, "clear_roll": _clear, "brace": _brace,
            "wound_die": _wound, "trigger": _trigger, "pick": _pick}
