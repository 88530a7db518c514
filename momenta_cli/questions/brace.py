"""Brace, asked when the damage is known (ch19 Brace: "when you are about to take
damage"): the engine stops there with the amount that would reach the target's
Vitality both ways (engine/attack/decision_points.py ``brace_ask``); the table is shown
the roll, told both amounts with what each does to the target, and answers yes or no.

The engine asks only where Brace may be taken (damage reaching Vitality, a target that
may Brace); a target Brace would spare nothing (it resists the damage already: R9,
resistances do not stack) is not asked either, and told why. Brace declared with the
reaction (``dodge brace``) is taken here without asking."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from momenta_cli.engine.core import Ask, Fight, OnesRoller, Option
from momenta_cli.errors import MomentaError
from momenta_cli.questions.reaction_offers import yes_no
from momenta_cli.text import one_line

if TYPE_CHECKING:
    from momenta_cli.questions.table_decider import TableDecider


def story(fight: Fight, name: str, amount: int, asked_next: bool) -> str:
    """What ``amount`` to Vitality does to ``name`` in ``fight``: ``21->12``, or the
    Wounds it fills in order (render/log_harm.py), their d6 not known yet (R10)."""
    from momenta_cli.engine.harm import deal_harm
    from momenta_cli.render import Ledger, read_harm

    if amount <= 0:
        return ""
    f = fight.get(name)
    # the harm alone, on the fight as the table has seen it: no attack decided again
    events: list[Any] = deal_harm(fight, f, amount, OnesRoller(), reason="damage")
    for k, e in enumerate(events):
        if getattr(e, "name", None) != name:
            continue
        if e.kind == "wound_taken" or (e.kind == "resource_set" and e.resource == "vitality"):
            harm = read_harm(events, k, Ledger.of(fight), name=name, amount=amount)
            if harm is not None:
                said = "(d6 asked next)" if asked_next else "(d6 next)"
                return re.sub(r"\(d6 \d: [^()]*\)", said, harm.text)
            if e.kind == "resource_set":
                return f"{e.before}->{e.after}"
    return ""


def reaching(fight: Fight, name: str, amount: int, asked_next: bool) -> str:
    if amount <= 0:
        return "nothing to Vitality"
    told = story(fight, name, amount, asked_next)
    return f"{amount} to Vitality" + (f" ({told})" if told else "")


def ask_brace(d: TableDecider, ask: Ask) -> Option | None:
    """Whether the target at ``ask`` Braces, told the damage both ways."""
    yes = ask.options[0]
    if d.preset.get(ask.key):
        return d.take(ask, yes)
    who, amount, braced = ask.who, ask.amount or 0, ask.braced or 0
    if braced >= amount:  # R9: a resistance does not stack with it
        d.note_once(f"(no Brace for {who}: it would spare nothing, R9)", f"{who} spared")
        return None
    d.show(ask)
    now = d.now()
    asked_next = d.fight.settings.ask_dice
    d.table.tell(one_line(f"{who}: {reaching(now, who, amount, asked_next)}; Brace: "
                          f"{reaching(now, who, braced, asked_next)}, Broken."))
    while True:
        text = d.question("Brace? [y/N] ", ("y", "n"))
        try:
            taken = yes_no(text)
        except MomentaError as err:
            d.table.wrong(str(err))
            continue
        return d.take(ask, yes if taken else None)
