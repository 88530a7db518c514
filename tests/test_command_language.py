"""The command language: one line -> one command, for prompt, one-shot and scripts."""

from __future__ import annotations

import pytest

from momenta_cli.engine.core import commands
from momenta_cli.errors import CommandError, MomentaError
from momenta_cli.language import parse_line
from momenta_cli.language.parsing import VERBS
from momenta_cli.text import split
from tests.engine_helpers import run, session_from


def test_verbs_by_alias_and_unambiguous_prefix():
    assert parse_line("t kira") == commands.StartTurn("kira")
    assert parse_line("surp kira") == commands.Surprise("kira")
    with pytest.raises(CommandError, match="is ambiguous"):
        parse_line("re kira")  # remove, revive, redo, relieve, release ...


def test_comment_lines_blank_lines_and_trailing_comments():
    assert parse_line("   ") is None and parse_line("# a note for me") is None
    assert parse_line("dmg gorm 4 # from the fall") == commands.Adjust("gorm", "damage", 4)


def test_a_bom_from_a_windows_editor_is_ignored():
    assert parse_line("\ufeffturn brannoc") == commands.StartTurn("brannoc")


def test_quotes_group_words_and_a_lone_apostrophe_is_a_letter():
    assert split('dmg "Captain Vessa" 3') == ["dmg", "Captain Vessa", "3"]
    assert split("dmg kira's 1") == ["dmg", "kira's", "1"]
    with pytest.raises(CommandError, match="double"):
        split('dmg "Captain Vessa 3')


@pytest.mark.parametrize("word", ["10" * 15, "１", "1_000", "4.5", "x"])
def test_numbers_are_small_ascii_whole_numbers(word):
    with pytest.raises(CommandError):
        parse_line(f"dmg gorm {word}")


def test_every_verb_example_parses():
    for v in VERBS.values():
        assert parse_line(v.example) is not None, v.name


def test_names_with_an_apostrophe_work_at_the_table():
    s = session_from("""
        name: Wolves
        combatants:
          - {name: "Kira's Wolf", side: allies}
          - {name: Gorm, side: adversaries}
    """)
    run(s, "dmg kira's 1")
    assert s.state.get("Kira's Wolf").vitality == s.state.get("Kira's Wolf").spec.max_vitality - 1
    with pytest.raises(MomentaError):
        run(s, "dmg kira's 100000000")


@pytest.mark.parametrize("line, missing", [
    ("dmg hald", "missing amount"), ("dmg 5", "missing combatant"),
    ("dmg", "missing combatant and amount"), ("set kira vigor", "missing value"),
    ("set kira", "missing resource and value"), ("cond kira", "missing condition")])
def test_a_short_command_names_only_what_is_missing(line, missing):
    # The first reason that applies: 'dmg hald' lacks the amount, not the combatant.
    with pytest.raises(CommandError, match=f"^{missing} \\(usage"):
        parse_line(line)
