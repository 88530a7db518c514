"""The complete line the journal keeps after the table's questions: ``unparse`` writes an
``Attack`` back in the command language, and the line parses to the same command (a GM
can copy it into a script and replay the exchange)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from momenta_cli.engine.attack import Attack
from momenta_cli.engine.core import Typed
from momenta_cli.language import comment_of, is_option, parse_line, unparse

# names and values as a line can hold them: quotes, apostrophes, #, =, backslashes and
# spaces inside, but no word the attack grammar reads as its own (those are reserved,
# engine/core/names.py COMMAND_WORDS)
_ALPHABET = st.sampled_from(list("abcKMz09-_'\"#=\\ .é") + ["Ω"])
_SPLITTERS = ("for", "counter", "counterattack")


def _fine(text: str) -> bool:
    return bool(text.strip()) and not is_option(text) and text.lower() not in _SPLITTERS


names = st.text(_ALPHABET, min_size=1, max_size=12).filter(_fine)
typed = st.one_of(
    st.builds(lambda f: Typed(faces=tuple(f)), st.lists(st.integers(0, 9), min_size=1,
                                                        max_size=6)),
    st.builds(lambda n: Typed(successes=n), st.integers(0, 99_999)))
defenses = st.one_of(
    st.just((None, None)),
    st.tuples(st.sampled_from(["dodge", "deflect", "defend"]), st.none() | names))


@st.composite
def reactions(draw) -> dict:
    """What a target declares: one reactive defense (maybe with its weapon or name) and
    its typed roll, Brace."""
    defense, with_ = draw(defenses)
    return {"defense": defense, "defense_with": with_,
            "defense_typed": draw(st.none() | typed) if defense else None,
            "brace": draw(st.booleans())}


@st.composite
def options(draw) -> dict:
    return {
        "weapon": draw(st.none() | names), "location": draw(st.none() | names),
        "damage_type": draw(st.none() | names), "attribute": draw(st.none() | names),
        "ranged": draw(st.booleans()), "distance": draw(st.none() | st.integers(1, 99_999)),
        "cover": draw(st.booleans()), "obscured": draw(st.booleans()),
        "dice": draw(st.integers(-20, 20)), "cost": draw(st.none() | st.integers(0, 99_999)),
        "typed": draw(st.none() | typed), "together": draw(st.booleans()),
        **draw(reactions()),
    }


@st.composite
def counters(draw, depth: int = 2) -> Attack:
    further = draw(st.none() | counters(depth - 1)) if depth > 0 else None
    return Attack(None, "", "Counterattack", counter=further, **draw(options()))


@st.composite
def further_targets(draw) -> Attack:
    return Attack(None, draw(names), counter=draw(st.none() | counters(1)),
                  typed=draw(st.none() | typed), **draw(reactions()))


@st.composite
def attacks(draw) -> Attack:
    maneuver = draw(st.sampled_from(["Basic Attack", "Feint", "Grab", "Shove", "Intercept",
                                     "Forestall"]))
    two = maneuver in ("Intercept", "Forestall")
    attacker = draw(names) if two else draw(st.none() | names)
    # a reactive attack answers one mover: its line takes no further targets
    also = () if two else tuple(draw(st.lists(further_targets(), max_size=2)))
    return Attack(attacker, draw(names), maneuver, counter=draw(st.none() | counters()),
                  also=also, **draw(options()))


@pytest.mark.slow  # property
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(attacks())
def test_an_unparsed_attack_parses_back_to_the_same_command(cmd):
    line = unparse(cmd)
    assert parse_line(line) == cmd, line
    assert "\n" not in line


def test_the_canonical_line_reads_as_a_gm_would_write_it():
    cmd = parse_line('attack gorm brannoc with "heater shield" at edge +1d roll 5,6,2 '
                     "deflect=Longsword def 2s brace counter with cudgel roll 1s")
    assert unparse(cmd) == ('attack gorm brannoc with "heater shield" at edge +1d roll 5,6,2 '
                            "deflect=Longsword def 2s brace counter with cudgel roll 1s")
    assert unparse(parse_line("shove gorm together adjacent")) == "shove gorm adjacent together"
    assert unparse(parse_line("attack a with bomb for b dodge for c brace")) == \
        "attack a with bomb for b dodge for c brace"


def test_a_counterattack_alone_cannot_be_written():
    with pytest.raises(ValueError):
        unparse(Attack(None, "gorm", "Counterattack"))
    with pytest.raises(ValueError):
        unparse(Attack(None, "gorm", "Intercept"))  # intercept names its reactor


def test_a_comment_after_the_command_is_found_and_not_one_inside_quotes():
    assert comment_of("attack gorm # the big one") == "# the big one"
    assert comment_of('attack "Gorm #2" roll 2s') == ""
    assert comment_of('attack "Gorm #2" # again') == "# again"
    assert comment_of("attack gorm") == ""


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.one_of(st.none(), names.filter(lambda n: "=" not in n)), forgo=st.booleans(),
       rolls=st.dictionaries(names.filter(lambda n: "=" not in n), typed, max_size=3),
       verb=st.sampled_from(["end", "next", "turn"]))
def test_a_turn_line_with_its_clear_rolls_parses_back_to_the_same_command(name, forgo, rolls,
                                                                          verb):
    """R15: the clear rolls answered at the end of a turn are written ``COND=ROLL`` on
    the ``end`` or ``next`` line (language/unparsing.py ``turn_line``), which parses back
    to the command decided."""
    from momenta_cli.engine.core import EndTurn, NextTurn, StartTurn
    from momenta_cli.language import turn_line

    if any(n.lower() in ("forgo", "last") for n in (name or "", *rolls)):
        return  # the words of the verb itself
    cmd = {"end": EndTurn(forgo, rolls), "next": NextTurn(name, forgo, rolls),
           "turn": StartTurn(name)}[verb]
    assert parse_line(turn_line(cmd)) == cmd
    assert turn_line(EndTurn(False, {"Hindered": Typed(faces=(5, 6, 1))})) == \
        "end Hindered=5,6,1"
