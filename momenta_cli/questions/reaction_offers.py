"""The target's reaction, asked the moment it is targeted (ch19 Reactions, R27): which
reactions it may declare against this attack now, each with its cost and pool, and
reading the answer. Each offer is the attack decided with that reaction declared, so
only what the engine allows is offered (Indefensible, a Deflect weapon too light, one
already used, Vigor short, Hindered for Dodge...)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from momenta_cli.engine.attack import (
    COUNTER_STEP,
    Attack,
    PartPath,
    open_reactions,
    part_at,
    replace_part,
)
from momenta_cli.engine.core import Fight, Pool, Roll, candidates, dice_text, grunt_text
from momenta_cli.errors import MomentaError
from momenta_cli.questions.trial import Trial, trial
from momenta_cli.text import clip, one_line

VERB = {"Basic Attack": "attacks", "Counterattack": "counterattacks",
        "Intercept": "intercepts", "Forestall": "forestalls", "Feint": "feints at",
        "Grab": "tries to grab", "Shove": "tries to shove"}


def roll_size(roll: Roll, pool: Pool) -> str:
    """How a roll of the attack is made: its pool's size (``3d``, ``0d (2d6 keep
    lowest)``, engine/core/rolls.py), or a Grunt's fixed success (R7)."""
    if roll.auto:
        return grunt_text(roll.successes)
    return dice_text(pool.total)


@dataclass(frozen=True)
class ReactionOffer:
    """One reaction the target may declare: ``kind`` dodge, deflect, counter or none."""

    kind: str
    command: Attack  # the attack with this reaction declared
    weapon: str | None = None
    size: str = ""  # its pool: ``3d``
    cost: int | None = None
    pool: int = 0

    @property
    def text(self) -> str:
        if self.kind == "none":
            return "none"
        weapon = f" {one_line(self.weapon)}" if self.weapon else ""
        cost = f" ({self.cost} Vigor)" if self.cost is not None else ""
        return f"{self.kind}{weapon} {self.size}{cost}"


@dataclass(frozen=True)
class ReactionQuestion:
    """Who is asked, what about, and the offers (``none`` last)."""

    strike: PartPath
    target: str
    text: str
    offers: tuple[ReactionOffer, ...]

    @property
    def words(self) -> list[str]:
        """What completion offers at the answer."""
        return [o.kind if o.weapon is None else f"{o.kind} {o.weapon}" for o in self.offers]

    @property
    def listed(self) -> str:
        """The offers, those of one kind with the same pool and cost told once:
        ``deflect 3d (1 Vigor): Longsword or Heater Shield``."""
        groups: dict[tuple[str, str, int | None], list[ReactionOffer]] = {}
        for o in self.offers:
            groups.setdefault((o.kind, o.size, o.cost), []).append(o)
        out = []
        for group in groups.values():
            names = [one_line(o.weapon) for o in group if o.weapon]
            if len(names) < 2:
                out.append(group[0].text)
                continue
            head = group[0]
            cost = f" ({head.cost} Vigor)" if head.cost is not None else ""
            out.append(f"{head.kind} {head.size}{cost}: " + ", ".join(names[:-1])
                       + f" or {names[-1]}")
        return " / ".join(out)


def _cost(t: Trial, name: str, label: str) -> int | None:
    for e in t.events:
        if e.kind == "reaction_taken" and e.name == name and e.reaction == label:
            return e.cost
    return None


def _try(fight: Fight, cmd: Attack) -> Trial | None:
    try:
        return trial(fight, cmd)
    except MomentaError:
        return None


def _candidates(fight: Fight, cmd: Attack, strike: PartPath, rolled: Any
                ) -> list[tuple[str, str | None, Attack]]:
    """The reactions the engine's ``open_reactions`` says the target may declare, each
    as the attack with it declared (each is then decided to be sure, and priced)."""
    t = fight.get(rolled.target)
    attacker = fight.get(rolled.attacker)
    w = next((v for v in attacker.spec.weapons if v.name == rolled.weapon), None)
    mode = "ranged" if part_at(cmd, strike).ranged else None
    can = open_reactions(fight, t, w, mode)
    out: list[tuple[str, str | None, Attack]] = []
    if can.dodge:
        out.append(("dodge", None, replace_part(cmd, strike, defense="dodge")))
    out += [("deflect", d, replace_part(cmd, strike, defense="deflect", defense_with=d))
            for d in can.deflect_with]
    if can.counter:  # with each melee weapon, as the preview offers it
        out += [("counter", m.name, replace_part(cmd, strike, counter=Attack(
            None, "", "Counterattack", weapon=m.name))) for m in t.spec.weapons if m.is_melee]
    return out


def question(fight: Fight, cmd: Attack, strike: PartPath, base: Trial) -> ReactionQuestion | None:
    """The reaction question for the target of part ``strike`` of ``cmd`` (``base``: the
    attack decided as it stands), or None when nothing is to be asked: a reaction is
    written already, the target is an enemy (the GM writes its scripted defense, R7),
    or it may declare nothing now (Surprised, Broken, no Vigor...)."""
    x = part_at(cmd, strike)
    if x.defense is not None or x.counter is not None:
        return None
    rolled = base.roll_of(strike)
    if rolled is None:
        return None
    t = fight.get(rolled.target)
    if t.spec.is_enemy:
        return None
    offers: list[ReactionOffer] = []
    for kind, weapon, c in _candidates(fight, cmd, strike, rolled):
        tr = _try(fight, c)
        if tr is None or not tr.aligned:
            continue
        if kind == "counter":
            e = tr.roll_of((*strike, COUNTER_STEP))
            if e is None:
                continue
            size, label = roll_size(e.roll, e.pool), f"Counterattack ({weapon})"
            pool = e.pool.total
        else:
            e = tr.roll_of(strike)
            if e is None or e.defense_roll is None:
                continue
            size = roll_size(e.defense_roll, e.defense_pool)
            pool = e.defense_pool.total
            label = "Dodge" if kind == "dodge" else f"Deflect ({weapon})"
        offers.append(ReactionOffer(kind, c, weapon, size, _cost(tr, t.name, label), pool))
    if not offers:
        return None
    offers.append(ReactionOffer("none", cmd))
    q = ReactionQuestion(strike, t.name, "", tuple(offers))
    verb = VERB.get(rolled.maneuver, "attacks")
    text = (f"{rolled.attacker} {verb} {rolled.target} with {rolled.weapon}, "
            f"{roll_size(rolled.roll, rolled.pool)}. {rolled.target}'s reaction: "
            + q.listed + " (Enter: none; Ctrl-C cancels)")
    return ReactionQuestion(strike, t.name, one_line(text), tuple(offers))


def unasked(fight: Fight, cmd: Attack, strike: PartPath, base: Trial) -> str | None:
    """Why the target of part ``strike``, which would be asked its reaction, is not
    (``question`` gave None): the engine's own refusals of each reaction, once each, in
    a dim line's words; None when nothing is to say (a reaction written, an enemy, no
    roll at it)."""
    x = part_at(cmd, strike)
    if x.defense is not None or x.counter is not None:
        return None
    rolled = base.roll_of(strike)
    if rolled is None or fight.get(rolled.target).spec.is_enemy:
        return None
    why: list[str] = []
    for c in (replace_part(cmd, strike, defense="dodge"),
              replace_part(cmd, strike, defense="deflect"),
              replace_part(cmd, strike, counter=Attack(None, "", "Counterattack"))):
        try:
            trial(fight, c)
        except MomentaError as err:
            if str(err) not in why:
                why.append(str(err))
    if not why:
        return None
    return one_line(f"(no reaction asked: {' / '.join(why)})")


def _echo(text: str) -> str:
    return repr(clip(one_line(text.strip()), 40))


KINDS = ("dodge", "deflect", "counter")


def answer(q: ReactionQuestion, text: str, fight: Fight | None = None) -> ReactionOffer:
    """The offer ``text`` names: its kind (or a prefix: ``dod``), then for a choice of
    weapons one of the weapon's words (``deflect heater``, ``deflect=Heater``, ``counter
    with long``). The kind alone, with several weapons offered, leaves the weapon to the
    engine (as ``deflect`` on the line does): the offer then has no weapon (``chosen``
    says which it takes). Enter is none. ``brace`` among the words (``brace``, ``dodge
    brace``) declares Brace too, as on the line (ch19 Brace: then it is not asked once
    the damage is known). Raises ``MomentaError`` saying what to type; with ``fight``, a
    reaction not offered is decided and the engine's refusal says why."""
    words = text.replace("\ufeff", "").replace("=", " ").split()
    braced = [w for w in words if w.lower() == "brace"]
    words = [w for w in words if w.lower() != "brace"]
    offer = _named(q, words, text, fight)
    if not braced:
        return offer
    return replace(offer, command=replace_part(offer.command, q.strike, brace=True))


def _named(q: ReactionQuestion, words: list[str], text: str, fight: Fight | None) -> ReactionOffer:
    if not words:
        return q.offers[-1]
    head, rest_words = words[0].lower(), words[1:]
    if rest_words and rest_words[0].lower() == "with":  # ``counter with rapier``
        rest_words = rest_words[1:]
    rest = " ".join(rest_words)
    kinds = list(dict.fromkeys(o.kind for o in q.offers))
    spelled = {"counterattack": "counter"}.get(head, head)  # the line's own spelling
    hits = [k for k in kinds if k.startswith(spelled)]
    if not hits:
        why = _refusal(fight, q, spelled) if fight is not None else None
        if why is not None:
            raise MomentaError(f"{why}; one of: {q.listed}")
        raise MomentaError(f"{_echo(text)} is not one of: {q.listed}")
    if len(hits) > 1:
        raise MomentaError(f"{_echo(text)} is {' or '.join(hits)}: type more of it")
    mine = [o for o in q.offers if o.kind == hits[0]]
    if not rest:
        if len(mine) == 1:
            return mine[0]
        none = q.offers[-1].command  # the attack with no reaction: the engine picks
        if hits[0] == "deflect":
            return ReactionOffer("deflect", replace_part(none, q.strike, defense="deflect"))
        return ReactionOffer("counter", replace_part(none, q.strike, counter=Attack(None, "",
                                                                   "Counterattack")))
    found = candidates(mine, rest, key=lambda o: o.weapon or "", words=True)
    if len(found) != 1:
        raise MomentaError(f"{hits[0]} with {_echo(rest)}? One of: "
                           + ReactionQuestion(q.strike, q.target, "", tuple(mine)).listed)
    return found[0]


def _refusal(fight: Fight, q: ReactionQuestion, spelled: str) -> str | None:
    """The engine's refusal of a reaction ``q`` does not offer (``counter`` with Vigor
    short: ``Counterattack costs 2 Vigor; Brannoc has 1 (R24)``)."""
    hits = [k for k in KINDS if k.startswith(spelled)]
    if len(hits) != 1:
        return None
    none = q.offers[-1].command
    cmd = {"dodge": replace_part(none, q.strike, defense="dodge"),
           "deflect": replace_part(none, q.strike, defense="deflect"),
           "counter": replace_part(none, q.strike, counter=Attack(None, "", "Counterattack"))
           }[hits[0]]
    try:
        trial(fight, cmd)
    except MomentaError as err:
        return f"{q.target} may not {hits[0]}: {err}"
    return None


def chosen(fight: Fight, q: ReactionQuestion, offer: ReactionOffer) -> ReactionOffer | None:
    """For an offer whose weapon the engine picks (``deflect`` alone), the offer it
    picks, decided as the run will decide it; None when it picks none offered (then the
    GM is asked which)."""
    if offer.weapon is not None or offer.kind not in ("deflect", "counter"):
        return offer
    tr = _try(fight, offer.command)
    if tr is None:
        return None
    label = "Deflect (" if offer.kind == "deflect" else "Counterattack ("
    for e in tr.events:
        if e.kind == "reaction_taken" and e.name == q.target \
                and e.reaction.startswith(label):
            name = e.reaction[len(label):-1]
            same = [o for o in q.offers if o.kind == offer.kind and o.weapon == name]
            if same:
                return replace(same[0], command=offer.command)
    return None
