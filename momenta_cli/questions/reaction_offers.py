"""The target's reaction, asked the moment it is targeted (ch19 Reactions, R7, R27): the
engine's reaction point (engine/attack/decision_points.py) lists what the target may
declare now, each with its cost and pool, so only what the rules allow is offered
(Indefensible, a Deflect weapon too light, one already used, Vigor short, Hindered for
Dodge...). A PC's player picks one by its words, as on a command line; an enemy's
scripted defense (R7) is offered to the GM when the line names none (the setting
``offer_enemy_defense``). A target that may declare nothing now is told why, once."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from momenta_cli.engine.attack import Attack, PartPath, part_at, replace_part
from momenta_cli.engine.core import (
    Ask,
    Key,
    Option,
    candidates,
    dice_text,
    find_fighter,
    grunt_text,
    step,
)
from momenta_cli.errors import MomentaError, RuleError
from momenta_cli.text import clip, one_line

if TYPE_CHECKING:
    from momenta_cli.questions.table_decider import TableDecider

VERB = {"Basic Attack": "attacks", "Counterattack": "counterattacks",
        "Intercept": "intercepts", "Forestall": "forestalls", "Feint": "feints at",
        "Grab": "tries to grab", "Shove": "tries to shove"}
KINDS = ("dodge", "deflect", "counter")
SPELLED = {"counterattack": "counter", "defense": "defend"}  # the line's own spellings


def size_of(o: Option) -> str:
    """How an option rolls: its pool's size (``3d``, ``0d (2d6 keep lowest)``), or a
    Grunt's fixed successes (R7)."""
    if o.auto is not None:
        return grunt_text(o.auto)
    return dice_text(o.pool.total if o.pool is not None else 0)


@dataclass(frozen=True)
class Offer:
    """One option as the question says it: ``kind`` (dodge, deflect, counter, defend)
    and the weapon or defense it names."""

    option: Option
    kind: str
    weapon: str | None

    @property
    def text(self) -> str:
        weapon = f" {one_line(self.weapon)}" if self.weapon else ""
        cost = f" ({self.option.cost} Vigor)" if self.option.cost else ""
        return f"{self.kind}{weapon} {size_of(self.option)}{cost}"


def offers(ask: Ask) -> list[Offer]:
    """The options of ``ask`` but no reaction, each read as kind and weapon."""
    out = []
    for o in ask.options:
        if o.none:
            continue
        kind, _, weapon = o.words.partition("=")
        out.append(Offer(o, kind, weapon or None))
    return out


def listed(found: list[Offer]) -> str:
    """The offers, those of one kind with the same pool and cost told once, then none:
    ``deflect 3d (1 Vigor): Longsword or Heater Shield / none``."""
    groups: dict[tuple[str, str, int | None], list[Offer]] = {}
    for o in found:
        groups.setdefault((o.kind, size_of(o.option), o.option.cost), []).append(o)
    out = []
    for group in groups.values():
        names = [one_line(o.weapon) for o in group if o.weapon]
        if len(names) < 2:
            out.append(group[0].text)
            continue
        head = group[0]
        cost = f" ({head.option.cost} Vigor)" if head.option.cost else ""
        out.append(f"{head.kind} {size_of(head.option)}{cost}: " + ", ".join(names[:-1])
                   + f" or {names[-1]}")
    return " / ".join([*out, "none"])


def _owner(path: PartPath) -> PartPath:
    """The part that makes the attack a part at ``path`` is targeted by: a further Area
    target's is the attack's own (its maneuver and weapon)."""
    p = list(path)
    while p and isinstance(p[-1], int):
        p.pop()
    return tuple(p)


def attack_of(d: TableDecider, ask: Ask) -> tuple[Attack, Key]:
    """The attack ``ask`` is a decision point of and its key inside it: the command's
    own, or the reactive attack made at a movement's trigger (a key ``("reactive", path,
    i, *inner)``, engine/movement/trigger_points.py: the ``i``-th of the reactions on the
    move line, or on the shove's part at ``path`` for its push). Raises ``MomentaError``
    or ``AssertionError`` when the command holds no such attack."""
    cmd = d.written()
    key = ask.key
    if key[0] != "reactive":
        if not isinstance(cmd, Attack):
            raise MomentaError("not an attack")
        return cmd, key
    if isinstance(cmd, Attack):
        reactions = part_at(cmd, key[1]).push_reactions
    else:
        reactions = getattr(cmd, "reactions", ())
    if not 0 <= key[2] < len(reactions):
        raise MomentaError("no such reaction on the line")
    return reactions[key[2]], key[3:]


def attack_said(d: TableDecider, ask: Ask) -> str:
    """``Gorm attacks Wren with Cudgel, 3d``: who attacks whom, how, with the pool."""
    target = ask.who if not ask.gm else target_of(ask)
    verb, weapon = "attacks", ""
    try:
        attack, key = attack_of(d, ask)
        x = part_at(attack, _owner(key[1]))
        from momenta_cli.engine.attack import weapon_for

        verb = VERB.get(x.maneuver, "attacks")
        weapon = f" with {one_line(weapon_for(find_fighter(d.fight, ask.against), x).name)}"
    except (MomentaError, AssertionError, IndexError):
        pass  # said without the weapon
    return one_line(f"{ask.against} {verb} {target}{weapon}, {dice_text(ask.pool.total)}")


def target_of(ask: Ask) -> str:
    """The name of the target a reaction point belongs to (an enemy's is decided by the
    GM, so ``who`` does not name it)."""
    return ask.label.removesuffix("'s reaction")


def unasked(why: tuple[str, ...]) -> str:
    """The one dim line for a target asked nothing, in the engine's words: ``(no reaction
    asked: ...)`` when it may take none at all (Broken, Surprised...), else ``(no defense
    asked: ...)``: Brace may still be asked once the damage is known, so the line does
    not say there is no reaction."""
    whole = len(why) == 1 and "cannot react" in why[0]
    what = "reaction" if whole else "defense"
    return one_line(f"(no {what} asked: {'; '.join(why)})")


def ask_reaction(d: TableDecider, ask: Ask) -> Option | None:
    """The reaction at ``ask``: a PC's player picks, the GM may take an enemy's scripted
    defense; a point with no choice says the rules' reasons, once each."""
    if len(ask.options) <= 1:
        if ask.why and not ask.gm:  # the GM knows why an enemy's defense cannot answer
            d.note_once(unasked(ask.why), *ask.why)
        return None
    if ask.gm:
        if not d.fight.settings.offer_enemy_defense:
            return None  # the GM writes ``defend`` on the line
        return _enemy_defense(d, ask)
    return _pc_reaction(d, ask)


def _pc_reaction(d: TableDecider, ask: Ask) -> Option | None:
    found = offers(ask)
    d.show(ask)
    if ask.wrong:
        d.table.wrong(ask.wrong)
    else:
        d.table.tell(one_line(f"{attack_said(d, ask)}. {ask.who}'s reaction: {listed(found)} "
                              "(Enter: none; Ctrl-C cancels)"))
    words = [o.kind if o.weapon is None else f"{o.kind} {o.weapon}" for o in found] + ["none"]
    while True:
        text = d.question("reaction> ", words)
        try:
            got, braced = read(d, ask, found, text)
            if braced and not ask.may_brace:  # as the line with it would be refused
                raise MomentaError(f"{ask.who} may not Brace against this attack: Brace "
                                   "answers damage that reaches Vitality (ch19 Brace)")
        except MomentaError as err:
            d.table.wrong(str(err))
            continue
        break
    if braced:  # ch19 Brace declared with it: not asked once the damage is known
        d.preset[(*ask.key[:-1], "brace")] = True  # the same attack's Brace point
    return d.take(ask, None if got is None else got.option)


def read(d: TableDecider, ask: Ask, found: list[Offer], text: str
         ) -> tuple[Offer | None, bool]:
    """The offer ``text`` names, and whether it declares Brace too: its kind (or a
    prefix: ``dod``), then for a choice of weapons one of the weapon's words (``deflect
    heater``, ``deflect=Heater``, ``counter with long``); the kind alone with several
    weapons takes the first offered, and says so. Enter or ``none`` is no reaction.
    ``brace`` among the words (``brace``, ``dodge brace``) declares Brace, as on the
    line. Raises ``MomentaError`` saying what to type; a reaction not offered is said
    with the engine's reason."""
    words = text.replace("\ufeff", "").replace("=", " ").split()
    braced = any(w.lower() == "brace" for w in words)
    words = [w for w in words if w.lower() != "brace"]
    if not words or (len(words) == 1 and words[0].lower() == "none"):
        return None, braced
    head, rest_words = words[0].lower(), words[1:]
    if rest_words and rest_words[0].lower() == "with":  # ``counter with rapier``
        rest_words = rest_words[1:]
    rest = " ".join(rest_words)
    shown = listed(found)
    kinds = list(dict.fromkeys(o.kind for o in found))
    spelled = SPELLED.get(head, head)
    hits = [k for k in kinds if k.startswith(spelled)]
    if not hits:
        why = _refusal(d, ask, spelled)
        if why is not None:
            raise MomentaError(f"{why}; one of: {shown}")
        raise MomentaError(f"{_echo(text)} is not one of: {shown}")
    if len(hits) > 1:
        raise MomentaError(f"{_echo(text)} is {' or '.join(hits)}: type more of it")
    mine = [o for o in found if o.kind == hits[0]]
    if not rest:
        if len(mine) > 1:
            d.table.tell(f"{ask.who}: {hits[0]} with {mine[0].weapon} (the tracker's pick)")
        return mine[0], braced
    picked = candidates(mine, rest, key=lambda o: o.weapon or "", words=True)
    if len(picked) != 1:
        raise MomentaError(f"{hits[0]} with {_echo(rest)}? One of: "
                           + listed(mine).removesuffix(" / none"))
    return picked[0], braced


def _echo(text: str) -> str:
    return repr(clip(one_line(text.strip()), 40))


def _refusal(d: TableDecider, ask: Ask, spelled: str) -> str | None:
    """Why the engine refuses a reaction ``ask`` does not offer (``counter`` with Vigor
    short: ``Counterattack (Rapier) costs 2 Vigor; Wren has 1 (R24)``), found by
    deciding the command with it declared as far as the first decision point: a look
    ahead that rolls nothing, made only for an answer not offered."""
    hits = [k for k in KINDS if k.startswith(spelled)]
    if len(hits) != 1 or ask.gm or ask.key[0] != "attack":
        return None  # (inside a movement's reactive attack: not looked ahead)
    path = ask.key[1]
    try:
        cmd = d.written()
        part = part_at(cmd, path)
        if part.defense is not None or part.counter is not None:
            return None
        trying = replace_part(cmd, path, counter=Attack(None, "", "Counterattack")) \
            if hits[0] == "counter" else replace_part(cmd, path, defense=hits[0])
        step(d.fight, trying)
    except RuleError as err:
        return f"{ask.who} may not {hits[0]}: {err}"
    except (MomentaError, AssertionError):
        return None
    return None


def _enemy_defense(d: TableDecider, ask: Ask) -> Option | None:
    """R7: an enemy's scripted defense that can answer this attack, offered to the GM
    with its pool and the uses left: ``Mother Sallow: Tolling Ward 4d (1 of 1 left)?
    [y/N]``; with several, each listed and picked by its number or name."""
    found = offers(ask)
    target = target_of(ask)

    def said(o: Offer) -> str:
        left, per = o.option.left, o.option.per_round
        uses = f" ({left} of {per} left)" if left is not None and per is not None else ""
        return one_line(f"{o.option.label} {size_of(o.option)}{uses}")

    d.show(ask)
    if ask.wrong:
        d.table.wrong(ask.wrong)
    if len(found) == 1:
        while True:
            text = d.question(f"{target}: {said(found[0])}? [y/N] ", ("y", "n"))
            try:
                yes = yes_no(text)
            except MomentaError as err:
                d.table.wrong(str(err))
                continue
            return d.take(ask, found[0].option if yes else None)
    d.table.tell(one_line(f"{attack_said(d, ask)}. {target}'s defense: "
                          + " / ".join(f"{i} {said(o)}" for i, o in enumerate(found, 1))
                          + " / none (Enter: none)"))
    names = [o.option.label for o in found]
    while True:
        text = d.question("defense> ", [*names, "none"]).replace("\ufeff", "").strip()
        if not text or text.lower() in ("none", "n", "no"):
            return d.take(ask, None)
        if text.isdigit() and 1 <= int(text) <= len(found) and len(text) < 3:
            return d.take(ask, found[int(text) - 1].option)
        picked = candidates(found, text, key=lambda o: o.option.label, words=True)
        if len(picked) == 1:
            return d.take(ask, picked[0].option)
        d.table.wrong(f"{_echo(text)} is not one of: "
                      + ", ".join(f"{i} {n}" for i, n in enumerate(names, 1)) + ", none")


def yes_no(text: str) -> bool:
    """y or yes: yes; n, no or Enter: no. Raises ``MomentaError`` otherwise."""
    t = text.replace("\ufeff", "").strip().lower()
    if t in ("y", "yes"):
        return True
    if t in ("", "n", "no"):
        return False
    raise MomentaError(f"{_echo(text)}: answer y or n (Enter: no)")

