"""The target's reaction, asked the moment it is targeted (ch19 Reactions, R27): which
reactions it may declare against this attack now, each with its cost and pool, and
reading the answer. Each offer is the attack decided with that reaction declared, so
only what the engine allows is offered (Indefensible, a Deflect weapon too light, one
already used, Vigor short, Hindered for Dodge...)."""

from __future__ import annotations

from dataclasses import dataclass

from momenta_cli.engine.attack_plan import Attack
from momenta_cli.engine.names import candidates
from momenta_cli.engine.state import Fight
from momenta_cli.errors import MomentaError
from momenta_cli.exchange.parts import COUNTER, Path, at, put
from momenta_cli.exchange.trial import Trial, trial
from momenta_cli.text import one_line

VERB = {"Basic Attack": "attacks", "Counterattack": "counterattacks",
        "Intercept": "intercepts", "Forestall": "forestalls", "Feint": "feints at",
        "Grab": "tries to grab", "Shove": "tries to shove"}


def dice_text(pool: int) -> str:
    """``3d``; a pool of 0 or less rolls 2d6 and keeps the lowest (R2)."""
    return f"{pool}d" if pool > 0 else f"{pool}d (2d6 keep lowest)"


def roll_size(e_roll: dict, parts: tuple[tuple[str, int], ...]) -> str:
    if e_roll.get("how") == "auto":
        return f"{e_roll.get('successes', 0)}s (Grunt: no roll)"
    return dice_text(sum(n for _, n in parts))


@dataclass(frozen=True)
class Offer:
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
class Question:
    """Who is asked, what about, and the offers (``none`` last)."""

    strike: Path
    target: str
    text: str
    offers: tuple[Offer, ...]

    @property
    def words(self) -> list[str]:
        """What completion offers at the answer."""
        return [o.kind if o.weapon is None else f"{o.kind} {o.weapon}" for o in self.offers]


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


def question(fight: Fight, cmd: Attack, strike: Path, base: Trial) -> Question | None:
    """The reaction question for the target of part ``strike`` of ``cmd`` (``base``: the
    attack decided as it stands), or None when nothing is to be asked: a reaction is
    written already, the target is an enemy (the GM writes its scripted defense, R7),
    or it may declare nothing now (Surprised, Broken, no Vigor...)."""
    x = at(cmd, strike)
    if x.defense is not None or x.counter is not None:
        return None
    rolled = base.roll_of(strike)
    if rolled is None:
        return None
    t = fight.get(rolled.target)
    if t.spec.is_enemy:
        return None
    kinds: list[tuple[str, str | None, Attack]] = [("dodge", None, put(cmd, strike,
                                                                       defense="dodge"))]
    for w in t.spec.weapons:
        if w.has("Deflect") or w.has("Shield"):
            kinds.append(("deflect", w.name, put(cmd, strike, defense="deflect",
                                                 defense_with=w.name)))
    for w in t.spec.weapons:
        if w.is_melee:
            counter = Attack(None, "", "Counterattack", weapon=w.name)
            kinds.append(("counter", w.name, put(cmd, strike, counter=counter)))
    offers: list[Offer] = []
    for kind, weapon, c in kinds:
        tr = _try(fight, c)
        if tr is None or not tr.aligned:
            continue
        if kind == "counter":
            e = tr.roll_of((*strike, COUNTER))
            if e is None:
                continue
            size, label = roll_size(e.roll, e.pool), f"Counterattack ({weapon})"
            pool = sum(n for _, n in e.pool)
        else:
            e = tr.roll_of(strike)
            if e is None or e.defense_roll is None:
                continue
            size = roll_size(e.defense_roll, e.defense_pool)
            pool = sum(n for _, n in e.defense_pool)
            label = "Dodge" if kind == "dodge" else f"Deflect ({weapon})"
        offers.append(Offer(kind, c, weapon, size, _cost(tr, t.name, label), pool))
    if not offers:
        return None
    offers.append(Offer("none", cmd))
    verb = VERB.get(rolled.maneuver, "attacks")
    text = (f"{rolled.attacker} {verb} {rolled.target} with {rolled.weapon}, "
            f"{roll_size(rolled.roll, rolled.pool)}. {rolled.target}'s reaction: "
            + " / ".join(o.text for o in offers) + " (Enter: none; Ctrl-C cancels)")
    return Question(strike, t.name, one_line(text), tuple(offers))


def answer(q: Question, text: str) -> Offer:
    """The offer ``text`` names: its kind (or a prefix: ``dod``), then for a choice of
    weapons one of the weapon's words (``deflect heater``, ``counter long``); the kind
    alone takes the weapon the engine would (as ``deflect`` on the line does). Enter is
    none. Raises ``MomentaError`` saying what to type instead."""
    words = text.replace("=", " ").split()
    if not words:
        return q.offers[-1]
    head, rest = words[0].lower(), " ".join(words[1:])
    kinds = list(dict.fromkeys(o.kind for o in q.offers))
    spelled = {"counterattack": "counter"}.get(head, head)  # the line's own spelling
    hits = [k for k in kinds if k.startswith(spelled)]
    listed = " / ".join(o.text for o in q.offers)
    if not hits:
        raise MomentaError(f"{one_line(text.strip())!r} is not one of: {listed}")
    if len(hits) > 1:
        raise MomentaError(f"{one_line(text.strip())!r} is {' or '.join(hits)}: type more "
                           "of it")
    mine = [o for o in q.offers if o.kind == hits[0]]
    if not rest:  # as on the line: the engine's pick (Deflect: the biggest pool)
        if hits[0] == "deflect":
            return max(mine, key=lambda o: (o.pool, -mine.index(o)))
        return mine[0]
    found = candidates(mine, rest, key=lambda o: o.weapon or "", words=True)
    if len(found) != 1:
        raise MomentaError(f"{hits[0]} with {one_line(rest)!r}? One of: "
                           + " / ".join(o.text for o in mine))
    return found[0]
