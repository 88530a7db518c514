"""The engine's copies and shortcuts give the answers of the plain way: a clone copies every
field and shares no container, a draft (copy on write) never changes the fight it was
drafted from and ends where a full copy would, an event marked as not touching the round
really leaves what the rollover reads alone, and ``deciding.round_over`` (which copies only
when it must) answers like ``rollover`` of a full copy, over random fights."""

from __future__ import annotations

import random
from dataclasses import MISSING, fields

from hypothesis import HealthCheck, given, settings, strategies as st

from momenta_cli.engine.core import (
    Command,
    Cond,
    Event,
    Fight,
    Fighter,
    SeededRoller,
    apply_all,
    rollover,
)
from momenta_cli.engine.core.deciding import round_over
from momenta_cli.engine.core.registry import HANDLERS
from momenta_cli.engine.core.state import Draft
from momenta_cli.engine.turns import zipper
from momenta_cli.errors import MomentaError
from momenta_cli.language import parse_line
from momenta_cli.play import run_line
from tests import attack_yard, test_maneuver_support, test_turn_properties
from tests.engine_helpers import session_from

YARDS = [attack_yard.ENCOUNTER, test_maneuver_support.ENCOUNTER,
         test_turn_properties.ENCOUNTER]
CONDS = ["hindered", "vulnerable", "slowed", "surprised", "grabbed", "impaired", "broken",
         "hidden", "wracked", "faltering", "exhausted"]


# --- clones ------------------------------------------------------------------------------


def _busy_fighter() -> Fighter:
    """A fighter whose every field holds something other than its default."""
    f = attack_yard.yard().state.get("Kira")
    values = {int: 7, bool: True, str: "climb"}
    for fl in fields(Fighter):
        if fl.name in ("spec", "name", "side"):
            continue
        current = getattr(f, fl.name)
        if isinstance(current, bool | int | str):
            setattr(f, fl.name, values[type(current)])
    f.conditions = {"Hindered": Cond(2, "Gorm", True), "Vulnerable": Cond(1)}
    f.wounds, f.burdens, f.deflected = ["Slowed"], ["Impaired"], ["Longsword"]
    f.defense_uses, f.grabbing = {"Parry": 1}, ["Gorm"]
    f.moved, f.answered_by = "Move", [("Wren", "Intercept")]
    return f


def test_clone_copies_every_field_and_shares_no_container():
    f = _busy_fighter()
    c = f.clone()
    names = {fl.name for fl in fields(Fighter)}
    # Every field is the clone's own attribute (none falls back to a class default)...
    assert set(vars(c)) == names
    for fl in fields(Fighter):
        assert getattr(c, fl.name) == getattr(f, fl.name), fl.name
        # ...and no container that events change in place is shared.
        if fl.default_factory is not MISSING:
            assert getattr(c, fl.name) is not getattr(f, fl.name), fl.name
    assert all(c.conditions[k] is not v for k, v in f.conditions.items())
    assert c.spec is f.spec  # immutable, shared


def test_fight_clone_copies_every_field_and_every_fighter():
    s = attack_yard.yard()
    run_line(s, "turn kira", SeededRoller(1))
    fight = s.state
    fight.over, fight.over_reason, fight.round = True, "fled", 3
    c = fight.clone()
    assert set(vars(c)) == {fl.name for fl in fields(Fight)}
    assert c == fight and c.fighters is not fight.fighters
    assert all(c.fighters[k] is not f for k, f in fight.fighters.items())
    assert c.encounter is fight.encounter


def test_a_draft_copies_a_fighter_only_when_handed_out():
    fight = attack_yard.yard().state
    d = fight.draft()
    assert isinstance(d, Draft) and d == fight
    assert all(d.fighters[k] is f for k, f in fight.fighters.items())  # nothing copied yet
    kira = d.get("Kira")
    assert kira is not fight.get("Kira") and kira is d.get("Kira") is d.fighters["Kira"]
    kira.vigor = 0
    kira.conditions["Hindered"] = Cond(1)
    assert fight.get("Kira").vigor == 7 and not fight.get("Kira").conditions
    assert type(d.clone()) is Fight  # a clone of a draft is a plain, independent fight


# --- random fights -------------------------------------------------------------------------


def _line(rng: random.Random, fight: Fight) -> str:
    names = [f.name.lower() for f in fight.fighters.values()]
    f = rng.choice(list(fight.fighters.values()))
    weapons = [w.name.lower() for w in f.spec.weapons] or ["x"]
    k = rng.random()
    if k < 0.3:
        return rng.choice(["next", "end", "turn", "next", "end forgo",
                           *(f"turn {x.name}" for x in zipper.may_act(fight))])
    if k < 0.65:
        verb = rng.choice(["attack", "attack", "attack", "feint", "grab", "shove",
                           "intercept", "forestall"])
        opts = rng.sample(["dodge", "deflect", "defend", "brace", "counter", "at edge",
                           "at mark", f"for {rng.choice(names)}", "dist 2", "thrown",
                           "together"], rng.randint(0, 2))
        who = [f.name.lower()] if rng.random() < 0.3 else []
        return " ".join([verb, *who, rng.choice(names), "with", rng.choice(weapons), *opts])
    n = rng.choice(names)
    return rng.choice([
        f"cond {n} {rng.choice(CONDS)} +{rng.randint(1, 3)}", f"cond {n} grabbed +1 from "
        f"{rng.choice(names)}", f"cond {n} wracked +2 from fire", f"dmg {n} {rng.randint(1, 30)}",
        f"heal {n} 5", f"strain {n} {rng.randint(1, 8)}", f"revive {n}", f"surprise {n}",
        f"release {n}", f"apart {n}", f"fall {n} 6", f"terrain {n} swim", "move 2", "shift 1",
        "move 1 climb", "hide roll", "shake", "surge", "breath", "undo", "redo",
        f"defeat {n}" if rng.random() < 0.1 else "note hi",
    ])


def _round_view(fight: Fight) -> tuple:
    """Everything ``rollover`` reads (see ``Event.touches_round``)."""
    return (fight.over, fight.active, fight.round, fight.last_side,
            tuple((k, f.turns_taken, f.turns_allowed, f.defeated, f.lost, f.removed)
                  for k, f in fight.fighters.items()))


def _each_decided(seed: int, steps: int, check) -> None:
    """Play a random fight; before each command is carried out, hand ``check`` the fight
    and the events its handler decides (rollover not included)."""
    rng = random.Random(seed)
    s = session_from(YARDS[seed % len(YARDS)])
    roller = SeededRoller(seed)
    for i in range(steps):
        line = _line(rng, s.state)
        try:
            cmd = parse_line(line)
        except MomentaError:
            continue
        if isinstance(cmd, Command) and not s.state.over:
            fight = s.state
            try:
                events = HANDLERS[type(cmd)](fight, cmd, SeededRoller(seed + i))
            except MomentaError:
                events = None
            if events is not None:
                check(fight, events)
        try:
            run_line(s, line, roller)
        except MomentaError:
            pass


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**16))
def test_round_over_without_a_copy_answers_like_a_full_copy(seed):
    # decide's shortcut: no copy when no event touches the round, none when a turn starts
    # or the combat ends last; the answer is the rollover of a full copy regardless.
    def check(fight: Fight, events: list[Event]) -> None:
        assert round_over(fight, events) == rollover(apply_all(fight.clone(), events))

    _each_decided(seed, 80, check)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**16))
def test_a_draft_ends_where_a_full_copy_does_and_leaves_its_fight_alone(seed):
    def check(fight: Fight, events: list[Event]) -> None:
        before = fight.clone()
        draft = apply_all(fight.draft(), events)
        assert fight == before  # the fight drafted from never changes
        assert draft == apply_all(before.clone(), events)
        again = apply_all(before.draft().draft(), events)  # a draft of a draft too
        assert again == draft

    _each_decided(seed, 80, check)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**16))
def test_events_not_touching_the_round_leave_what_the_rollover_reads(seed):
    seen: set[str] = set()

    def check(fight: Fight, events: list[Event]) -> None:
        scratch = fight.clone()
        for ev in events:
            before = _round_view(scratch)
            ev.apply(scratch)
            if not ev.touches_round:
                seen.add(ev.kind)
                assert _round_view(scratch) == before, ev

    _each_decided(seed, 80, check)
    assert seen  # the fight produced some of them
