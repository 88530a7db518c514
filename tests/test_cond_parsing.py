"""``cond`` read from what the GM typed: a line cut short by ``from``, an empty stacks word
or a ``-1`` where a name stands is refused in one line, never a traceback; a condition made
up at the table (``new``) never hides a known one from its prefix (the prefix rule:
``c gorm hind`` is ``cond Gorm Hindered``)."""

from __future__ import annotations

import pytest

from momenta_cli.errors import CommandError
from momenta_cli.language import parse_line
from tests.conftest import invoke, one_line_error
from tests.engine_helpers import refused, run, session_from

pytestmark = pytest.mark.usefixtures("home")

SMALL = """
name: Deck
combatants:
  - {name: Halden, side: allies, attributes: {POW: 2, AGI: 1}}
  - {name: Gorm, side: adversaries, threat: Grunt}
  - {name: Knife, side: adversaries, threat: Grunt, count: 2}
"""


@pytest.mark.parametrize("line, words", [
    ("cond tamsin from gorm", ["missing condition"]),
    ("cond tamsin from new", ["missing condition"]),
    ("cond from gorm", ["missing combatant and condition"]),
    ("cond tamsin hindered from", ["'from' needs a source"]),
    ("cond tamsin soaked ''", ["stacks word is empty"]),
    ("cond tamsin soaked '  '", ["stacks word is empty"]),
])
def test_a_cond_line_cut_short_is_a_command_error(line, words):
    with pytest.raises(CommandError) as err:
        parse_line(line)
    for w in words:
        assert w in str(err.value)


@pytest.mark.parametrize("line", ["cond tamsin from gorm", "cond tamsin from new",
                                  "cond tamsin soaked ''"])
def test_do_refuses_a_cut_short_cond_in_one_line(enc, line):
    msg = one_line_error(invoke("do", enc, line))
    assert "usage: cond NAME CONDITION" in msg


@pytest.mark.parametrize("typed", ["-1", "+1", "=1"])
def test_a_signed_number_is_not_a_short_name(typed):
    """`-1` is stacks (or a modifier), never Knife-1's short name."""
    s = session_from(SMALL)
    refused(s, f"cond {typed} hindered", f"no combatant called '{typed}'")
    run(s, "cond 1 hindered")  # the bare number still finds Knife-1
    assert s.state.fighters["Knife-1"].stacks("Hindered") == 1


@pytest.mark.parametrize("typed", ["hind", "Hind", "HINDER", "h", "frighten"])
def test_a_made_up_condition_may_not_start_a_known_ones_name(typed):
    s = session_from(SMALL)
    msg = refused(s, f"cond halden {typed} new", "would hide")
    assert "Hindered" in msg or "Frightened" in msg
    run(s, "cond gorm hind")
    assert s.state.fighters["Gorm"].stacks("Hindered") == 1
    assert s.state.table_conditions == ()


def test_a_made_up_condition_may_not_start_another_made_up_one():
    s = session_from(SMALL)
    run(s, "cond halden soaked new")
    refused(s, "cond halden soak new", "soak is the start of Soaked")


def test_a_prefix_names_the_catalogue_condition_before_a_made_up_one():
    """A made-up name that the catalogue's is a prefix of (Hinderedish) leaves `hind`
    to Hindered; the made-up one is still found by its own longer prefix."""
    s = session_from(SMALL)
    run(s, "cond halden hinderedish new", "cond gorm hind", "cond gorm hinderedi")
    gorm = s.state.fighters["Gorm"]
    assert gorm.stacks("Hindered") == 1 and gorm.stacks("Hinderedish") == 1
