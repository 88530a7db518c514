"""Brace, asked when the damage is known (ch19 Brace: "when you are about to take
damage"): the amount that would reach the target's Vitality and what Brace would make
it, both worked out by the engine with the same dice, then yes or no.

Asked only when damage reaches Vitality: a hit Guard soaks whole, Strain (ch20
Resistance and Weakness) and a Grab, Shove or Feint are never asked, nor a target that
may not Brace (an enemy, Broken, Surprised...: the braced attack is refused then), nor
one Brace would spare nothing (it resists the damage already: R9, they do not stack)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from momenta_cli.engine.attack import Attack, part_at, replace_part
from momenta_cli.engine.core import Fight, Roller
from momenta_cli.errors import MomentaError
from momenta_cli.questions.trial import Trial, longer, trial
from momenta_cli.text import clip, one_line


@dataclass(frozen=True)
class BraceQuestion:
    """Whether the target of landing ``index`` Braces: ``braced`` is the attack if it
    does; ``faces`` every face the tracker has rolled so far, both ways."""

    index: int
    target: str
    text: str
    braced: Attack
    faces: tuple[int, ...]


def _story(fight: Fight, t: Trial, j: int, target: str, amount: int) -> str:
    """``21->12``, or the Wounds the damage fills in order (render/log_harm.py)."""
    from momenta_cli.render import Ledger, read_harm

    ledger = Ledger.of(fight)
    for k in range(j + 1, len(t.events)):
        e = t.events[k]
        if e.kind == "attack_rolled":
            break
        if getattr(e, "name", None) != target:
            continue
        if e.kind == "wound_taken" or (e.kind == "resource_set" and e.resource == "vitality"):
            harm = read_harm(t.events, k, ledger, name=target, amount=amount)
            if harm is not None:
                return _unrolled(fight, harm.text)
            if e.kind == "resource_set":
                return f"{e.before}->{e.after}"
    return ""


def _unrolled(fight: Fight, text: str) -> str:
    """``text`` without the tracker's Wound table d6 when it is asked next (R10,
    sequence.py ``ask_wounds``): its face and condition are the players' to roll, not yet known."""
    if not fight.settings.ask_dice:
        return text
    return re.sub(r"\(d6 \d: [^()]*\)", "(d6 asked next)", text)


def _reaching(fight: Fight, t: Trial, i: int) -> tuple[int, str] | None:
    """The damage the roll at ``events[i]`` brings to its target's Vitality, with its
    story; None when it brings none (a miss, Guard soaks it all, Strain, no damage)."""
    found = t.after(i, "attack_damage")
    if found is None:
        return None
    j, d = found
    if d.strain or d.amount <= 0:
        return None
    story = _story(fight, t, j, d.target, d.amount)
    return d.amount, f"{d.amount} to Vitality" + (f" ({story})" if story else "")


def _soaked(t: Trial, i: int) -> bool:
    """Whether the roll at ``events[i]`` hit for damage that Guard took whole."""
    found = t.after(i, "attack_damage")
    return found is not None and not found[1].strain and found[1].amount <= 0 \
        and found[1].guard > 0


def question(fight: Fight, base: Trial, start: int, roller: Roller,
             notes: list[str] | None = None) -> BraceQuestion | None:
    """The first Brace question from landing ``start`` on of the attack decided in
    ``base`` (with ``base.faces`` the dice so far): the braced attack is decided with the
    same faces, then ``roller`` for any more. ``notes`` gets a dim line for each target
    hit before it that is not asked (not an enemy's: enemies are never asked): Guard
    takes it all, Brace would spare nothing, or the engine's refusal of the Brace."""
    cmd = base.command
    said = notes if notes is not None else []
    for n in range(start, len(base.landed)):
        landing, i = base.landed[n]
        if part_at(cmd, landing.strike).brace:
            continue
        target = base.events[i].target
        mine = not fight.get(target).spec.is_enemy
        plain = _reaching(fight, base, i)
        if plain is None:
            if mine and _soaked(base, i):
                said.append(f"(no Brace for {target}: Guard takes it all)")
            continue
        braced = replace_part(cmd, landing.strike, brace=True)
        try:
            bt = trial(fight, braced, roller, base.faces)
        except MomentaError as err:  # this target may not Brace now: the engine says why
            if mine:
                said.append(one_line(f"(no Brace for {target}: {err})"))
            continue
        if not bt.aligned or n >= len(bt.landed):
            continue
        found = _reaching(fight, bt, bt.landed[n][1])
        if found is not None and found[0] >= plain[0]:
            # R9: a resistance does not stack with it
            said.append(f"(no Brace for {target}: it would spare nothing, R9)")
            continue
        after = found[1] if found else "nothing to Vitality"
        text = f"{target}: {plain[1]}; Brace: {after}, Broken."
        return BraceQuestion(n, target, one_line(text), braced, longer(base.faces, bt.faces))
    return None


def answer(text: str) -> bool:
    """y or yes: Brace; n, no or Enter: not. Raises ``MomentaError`` otherwise."""
    t = text.replace("\ufeff", "").strip().lower()
    if t in ("y", "yes"):
        return True
    if t in ("", "n", "no"):
        return False
    raise MomentaError(f"{clip(one_line(text.strip()), 40)!r}: answer y or n (Enter: no)")
