"""A sample policy for `momenta simulate --policy docs/sample_policy.py`.

A policy file is plain Python. It must define `choose`, and may define `pick` and
`react`; whatever it leaves out is the built-in "tactical" policy's (see
`momenta_cli/simulate/policy.py` for what that one does).

    choose(view, actor) -> list of command lines (or engine Command objects)
        Called on `actor`'s turn, after the turn has started (Vigor and Guard refreshed).
        Return the next commands for it, written as at the prompt ("attack gorm with
        cudgel at mark", "breath", "steady"). When they have run, `choose` is called
        again; return [] to end the turn. A command the engine refuses is skipped (the
        rules are the engine's: a policy cannot break them); a call whose commands were
        all refused ends the turn, and so does the 12th call. Do not return turn, end
        or next: the simulator starts and ends turns.

    pick(view, options) -> a name
        Who of `options` (the names the zipper allows now) takes the next turn.

    react(view, attacker, target, weapon) -> the reaction words
        `target`'s reaction when `attacker` attacks it with the weapon called `weapon`
        (and the attack line declared none): "", "dodge", "deflect", "deflect=Buckler",
        "defend" (an enemy's scripted defense), "defend=Parry", each optionally followed
        by "brace". A reaction the engine refuses is dropped and the attack made without.

`view` is what the policy sees of the fight:
    view.state           a copy of the engine's state (momenta_cli/engine/core/state.py),
                         made for the policy: changing it changes nothing in the
                         fight (only the commands returned do), and it is made
                         afresh from the fight after every accepted command
    view.fighter(name)   one combatant of that copy (vitality, vigor, guard,
                         conditions, spec, ...)
    view.enemies(name)   who `name` fights, still standing (no map: all reachable)
    view.friends(name)   its own side, still standing, itself left out
    view.attacks(name)   every attack it can pay for now (worked out from the fight
                         itself, not the copy), best expected damage first:
                         each has .target, .weapon, .location, .cost, .expected, .line
    view.best_attack(name)  the first of those, or None
    view.round           the round number
    view.memory          a dict kept for the rest of this fight
    view.rng             a random.Random seeded for this fight (use it, not `random`,
                         so that a seed still gives the same results)

This one makes the allies focus their attacks on the enemy closest to going down, and
leaves everything else (the adversaries, reactions, who acts first) to the built-in.
"""

from momenta_cli.simulate import tactical_choose


def health_left(f):
    """Vitality plus a full bar for every Wound slot still free: what it takes to Defeat."""
    return f.vitality + f.spec.max_vitality * (f.spec.wound_slots - len(f.wounds))


def choose(view, actor):
    me = view.fighter(actor)
    if me.side != "allies":
        return tactical_choose(view, actor)  # the adversaries play as usual
    if me.full_turn or me.has("Broken"):
        return []
    # Rest first when the built-in would (Catch Your Breath, Steady Yourself).
    usual = tactical_choose(view, actor)
    if usual and not usual[0].startswith("attack"):
        return usual
    options = view.attacks(actor)
    if not options:
        return []
    if me.maneuvers and me.vigor - options[0].cost < 2:
        return []  # after the first attack, keep 2 Vigor for a Dodge or Deflect
    weakest = min(view.enemies(actor), key=health_left)
    at_weakest = [o for o in options if o.target == weakest.name]
    best = at_weakest[0] if at_weakest else options[0]
    return [best.line]
