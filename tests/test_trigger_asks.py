"""A movement's triggers as engine decision points (issue 23; R35; ch19 Reactions:
Intercept, Forestall; ch19 Grab, Shove): a movement whose line says nothing of its
reactions asks each reactor, as the movement reaches the trigger square, with the
weapons that may make the reaction there; an answer is made there and then through the
attack's resolution (its own asks nested inside), and is written on the line as the
line's reaction words would be, so the complete line run with a plain roller on the same
dice gives the same events.

The yard (tests/trigger_yard.py): Wren holds a Spear (Melee 2, Reflexive) and a Rapier;
Kira a Longsword; Gorm (Regular, a Parry) and Nix (a Grunt, 4 Vitality) move past them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

import tests.trigger_yard as ty
from momenta_cli.engine.attack import Attack
from momenta_cli.engine.core import (
    NO_REACTION,
    Ask,
    Done,
    Option,
    PresetRoller,
    SeededRoller,
    Typed,
    decide,
    step,
    written,
)
from momenta_cli.engine.movement import MoveTo
from momenta_cli.language import move_line, parse_line, unparse
from momenta_cli.questions.trigger_answers import (
    trigger_answer,
    trigger_question,
    untaken_note,
)
from momenta_cli.render import event_lines
from tests.engine_helpers import run, session_from

Pick = Callable[[Ask], Any]


def line_of(cmd: Any) -> str:
    return move_line(cmd) if isinstance(cmd, MoveTo) else unparse(cmd)


def answered(fight: Any, cmd: Any, pick: Pick, seed: int = 3
             ) -> tuple[Done, list[Ask]]:
    """``cmd`` decided step by step, each open point answered by ``pick`` (a d6 goes
    on the tape); the dice left to the tracker from ``SeededRoller(seed)``."""
    answers: dict[Any, Any] = {}
    tape: tuple[int, ...] = ()
    asks: list[Ask] = []
    for _ in range(60):
        got = step(fight, cmd, answers, roller=SeededRoller(seed), tape=tape)
        if isinstance(got, Done):
            return got, asks
        asks.append(got)
        if got.kind == "wound_die":
            tape = (*tape, pick(got))
        else:
            answers[got.key] = pick(got)
    raise AssertionError("no end to the asks")


def same_as_the_line(fight: Any, done: Done) -> str:
    """The complete line (every answer written) run with a plain roller on the same dice
    gives the same events; the line."""
    line = line_of(done.command)
    cmd = parse_line(line)
    assert cmd == done.command, line
    assert decide(fight, cmd, PresetRoller(done.faces)) == done.events, line
    return line


def take(weapon: str | None = None, faces: tuple[int, ...] | None = None) -> Pick:
    """Every trigger taken (with ``weapon`` when offered, else the first), the targets'
    reactions none, every roll the given faces (as many as thrown) or the tracker's."""

    def pick(ask: Ask) -> Any:
        if ask.kind == "trigger":
            named = [o for o in ask.options[1:] if dict(o.change).get("weapon") == weapon]
            return named[0] if named else ask.options[1]
        if ask.kind == "dice" and faces is not None:
            return Typed(faces=(faces * ask.dice)[:ask.dice])
        if ask.kind == "wound_die":
            return 4
        return None

    return pick


def gorms_turn(**where: str):
    s = ty.yard(**where)
    run(s, "turn kira", "end", "turn gorm")
    return s


# --- a Move through an Intercept ---------------------------------------------------------


def test_a_move_asks_the_reactor_when_it_reaches_the_trigger_square():
    """R35: Gorm walks A2 -> G2 past Wren (D1): at B2 he comes into her Spear's reach
    (Melee 2); the engine stops there and asks Wren, with the Spear and its cost, the
    movement so far in the lead. Nothing was asked before it."""
    s = gorms_turn()
    got = step(s.state, parse_line("move gorm to G2"))
    assert isinstance(got, Ask) and got.kind == "trigger"
    assert (got.who, got.gm, got.against, got.square, got.how) == ("Wren", False, "Gorm",
                                                                 "B2", "Move")
    assert got.key == ("trigger", (), "Wren", "Intercept", "B2")
    assert got.options[0] == NO_REACTION
    spear = got.options[1]
    assert (spear.words, spear.cost, dict(spear.change)) == (
        "intercept Wren with Spear", 2, {"weapon": "Spear"})
    assert spear.pool is not None and spear.pool.total == 2  # POW 2
    assert got.vigor == 7
    assert [e.kind for e in got.lead] == ["maneuver_taken", "moved"]
    assert got.lead[-1].path == ("B2",)


def test_an_intercept_answered_step_by_step_is_the_line_with_it_written():
    """R35: Wren takes it; the movement stops at B2 for the Intercept, Gorm's own Parry
    is then asked (the GM's, R7), the dice after; the complete line runs the same."""
    s = gorms_turn()

    def pick(ask: Ask) -> Any:
        if ask.kind == "reaction":
            assert ask.key == ("reactive", (), 0, "attack", (), "reaction")
            assert ask.gm and "halted" in [e.kind for e in ask.lead]
            return ask.option("defend=Parry")
        return take(faces=(5, 2))(ask)

    done, asks = answered(s.state, parse_line("move gorm to G2"), pick)
    assert [a.kind for a in asks] == ["trigger", "reaction", "dice", "dice"]
    line = same_as_the_line(s.state, done)
    assert line == "move gorm to G2 intercept Wren with Spear roll 5,2 defend=Parry def 5,2"
    kinds = [e.kind for e in done.events]
    assert kinds.index("halted") < kinds.index("attack_rolled")
    assert [e.kind for e in done.events if e.kind in ("moved", "halted")] == [
        "moved", "halted", "moved"]


def test_declined_the_reactor_is_asked_again_where_another_weapon_comes_into_reach():
    """R35, once per reactor per movement: Wren lets the Spear's chance pass at B2; at
    C2 her Rapier's reach (Melee 1) is entered, another chance. Both declined, the line
    says so (``no-reactions``) and the move is one Moved, as the plain move's."""
    s = gorms_turn()
    done, asks = answered(s.state, parse_line("move gorm to G2"), lambda a: NO_REACTION)
    assert [(a.square, [o.label for o in a.options[1:]]) for a in asks] == [
        ("B2", ["Intercept with Spear"]),
        ("C2", ["Intercept with Rapier", "Intercept with Unarmed Attack"])]
    line = same_as_the_line(s.state, done)
    assert line == "move gorm to G2 no-reactions"
    assert done.events == decide(s.state, parse_line("move gorm to G2"), SeededRoller(0))


def test_the_rapier_taken_further_on_is_made_there():
    """R35: an Intercept named with a weapon whose reach the path enters further on is
    made there; taken when asked at C2, it is written with its weapon and stops there."""
    s = gorms_turn()

    def pick(ask: Ask) -> Any:
        if ask.kind == "trigger" and ask.square == "B2":
            return NO_REACTION
        return take("Rapier", faces=(6, 6, 6))(ask)

    done, _ = answered(s.state, parse_line("move gorm to G2"), pick)
    assert same_as_the_line(s.state, done).startswith(
        "move gorm to G2 intercept Wren with Rapier")
    assert next(e for e in done.events if e.kind == "halted").square == "C2"


def test_a_plain_roller_is_asked_nothing_and_the_move_is_as_before():
    """Decision points: a roller that answers nothing makes no reaction (a script
    names its reactions); the events are the plain move's, the command unchanged."""
    s = gorms_turn()
    cmd = parse_line("move gorm to G2")
    done = step(s.state, cmd, {("trigger", (), "Wren", "Intercept", "B2"): None,
                               ("trigger", (), "Wren", "Intercept", "C2"): None},
                roller=SeededRoller(1))
    assert isinstance(done, Done) and done.command == cmd
    assert done.events == decide(s.state, cmd, SeededRoller(1))
    assert "halted" not in [e.kind for e in done.events]


def test_a_line_that_names_its_reactions_asks_no_trigger():
    """R35: ``intercept wren`` or ``no-reactions`` on the line: the line's answers are
    made, nothing more is asked; the Intercept's own asks are keyed inside it."""
    s = gorms_turn()
    assert isinstance(step(s.state, parse_line("move gorm to G2 no-reactions")), Done)
    got = step(s.state, parse_line("move gorm to G2 intercept wren"))
    assert isinstance(got, Ask) and got.key == ("reactive", (), 0, "attack", (), "reaction")
    cmd = parse_line("move gorm to G2 intercept wren")
    assert written(cmd, got, got.option("defend=Parry")).reactions[0].defense == "defend"


def test_two_reactions_at_one_square_are_one_stop():
    """R35: Gorm at B2 comes into Kira's Longsword reach and Wren's Spear reach at once
    (the fight's order); Wren is asked after Kira's Intercept has landed, and the one
    stop names both, as the line with both written does."""
    s = gorms_turn(kira="C3")
    done, asks = answered(s.state, parse_line("move gorm to G2"), take(faces=(3, 3, 3)))
    assert [(a.who, a.square) for a in asks if a.kind == "trigger"] == [
        ("Kira", "B2"), ("Wren", "B2")]
    wrens = next(a for a in asks if a.kind == "trigger" and a.who == "Wren")
    assert "attack_rolled" in [e.kind for e in wrens.lead]  # Kira's, landed
    halted = [e for e in done.events if e.kind == "halted"]
    assert [h.reactions for h in halted] == [(("Kira", "Intercept"), ("Wren", "Intercept"))]
    assert same_as_the_line(s.state, done) == (
        "move gorm to G2 intercept Kira with Longsword roll 3,3,3 "
        "intercept Wren with Spear roll 3,3")


# --- Forestall at the start ---------------------------------------------------------------


def test_a_forestall_is_asked_before_the_first_step():
    """ch19 Forestall, R35: Gorm starts within reach of Wren's Reflexive Spear; the ask
    comes before anything is walked (its square the start), and taken, the movement
    stops there first (``Halted`` with ``first``), then walks the whole path."""
    s = gorms_turn(gorm="B1")
    cmd = parse_line("move gorm to A3")
    got = step(s.state, cmd)
    assert isinstance(got, Ask)
    assert (got.key, got.square) == (("trigger", (), "Wren", "Forestall", "B1"), "B1")
    assert [e.kind for e in got.lead] == ["maneuver_taken"]
    done, _ = answered(s.state, cmd, take(faces=(1, 1)))
    line = same_as_the_line(s.state, done)
    assert line.startswith("move gorm to A3 forestall Wren with Spear")
    halted = next(e for e in done.events if e.kind == "halted")
    assert (halted.square, halted.first) == ("B1", True)


# --- a grabber dragging ------------------------------------------------------------------


def dragging():
    text = ty.YARD.replace("@rows", ty.ROWS).replace(
        "SEN: 12, SIZE: 1M}\n    max_vitality: 21", "SEN: 12, SIZE: 2}\n    max_vitality: 21")
    for key, square in (("kira", "A1"), ("wren", "G1"), ("gorm", "F4"), ("nix", "C1")):
        text = text.replace(f"@{key}", square)
    s = session_from(text)
    run(s, "turn kira", "grab nix roll 1s")
    return s


def test_the_dragged_ones_intercept_is_asked_as_it_is_dragged_into_reach():
    """ch19 Grab (being dragged is forced movement), R35: Kira drags Nix; Nix comes into
    Wren's Spear reach at E1: Wren is asked about Nix there, and the answer goes on
    Kira's move line (the same line ``forced.route_answered`` reads)."""
    s = dragging()
    cmd = parse_line("move kira to D2")
    got = step(s.state, cmd)
    assert isinstance(got, Ask)
    assert (got.who, got.against, got.square, got.how) == ("Wren", "Nix", "E1", "dragged")
    done, _ = answered(s.state, cmd, take())
    line = same_as_the_line(s.state, done)
    assert line == "move kira to D2 intercept Wren with Spear"
    assert "Wren to Nix: distance 2 (map, Nix at E1)" in event_lines(done.events)


def test_a_dragged_one_declined_gets_no_note_and_the_line_says_so():
    """R35: the table was asked and said no: ``no-reactions`` on the line, so no note
    names the Intercept it left out (one would, with nothing asked)."""
    s = dragging()
    cmd = parse_line("move kira to D2")
    done, _ = answered(s.state, cmd, lambda a: NO_REACTION)
    assert same_as_the_line(s.state, done) == "move kira to D2 no-reactions"
    assert not any("may Intercept" in str(e) for e in done.events)
    assert any("may Intercept" in str(e) for e in decide(s.state, cmd, SeededRoller(0)))


# --- a Shove's push ----------------------------------------------------------------------


def test_a_push_asks_at_the_trigger_square_once_its_length_is_known():
    """ch19 Shove, R35: Kira shoves Gorm two squares east; the push reaches E3, in
    Wren's Spear reach: asked there (after the shove's roll, in the lead), the answer
    written as the shove line's ``intercept`` words."""
    s = ty.yard(kira="C3", gorm="D3", wren="G1", nix="A1")
    run(s, "turn kira")
    cmd = parse_line("shove gorm roll 2s")
    got = step(s.state, cmd, {("attack", (), "reaction"): NO_REACTION})
    assert isinstance(got, Ask) and got.kind == "trigger"
    assert (got.key, got.against, got.how) == (
        ("trigger", (), "Wren", "Intercept", "E3"), "Gorm", "pushed")
    assert "attack_rolled" in [e.kind for e in got.lead]
    done, asks = answered(s.state, cmd, take(faces=(6, 6)))
    line = same_as_the_line(s.state, done)
    assert line == "shove gorm roll 2s intercept Wren with Spear roll 6,6"
    assert [e.kind for e in done.events].count("shoved") == 2


# --- who is asked, and when --------------------------------------------------------------


def rivals(wren_vitality: int = 19):
    """Kira (a PC and a Warrior, R37, on the adversaries' side here, so she may
    Counterattack) with a Spear
    at B1, two squares from Wren (D1); Wren without Wound slots (R10: at 0 Vitality she
    is Defeated)."""
    text = ty.YARD.replace("@rows", ty.ROWS).replace(
        "- name: Kira\n    side: allies",
        "- name: Kira\n    side: adversaries\n    archetype: Warrior").replace(
        "max_vitality: 19", f"max_vitality: {wren_vitality}\n    wound_slots: 0").replace(
        "weapons: [Longsword]", "weapons: [Spear]")
    for key, square in (("kira", "B1"), ("wren", "D1"), ("gorm", "G4"), ("nix", "A4")):
        text = text.replace(f"@{key}", square)
    s = session_from(text)
    run(s, "turn wren", "end", "turn kira")
    return s


def test_a_reactor_taken_out_by_an_earlier_reaction_is_not_asked_again():
    """R35, R27: Wren Forestalls Kira at the start; Kira's Counterattack (resolved
    first) takes Wren out; the Intercept Wren's Rapier would trigger at C1 is not
    asked. The line, run plainly, is the same fight."""
    cmd = parse_line("move kira to C2")

    def countered(ask: Ask) -> Any:
        if ask.kind == "reaction":
            return ask.option("counter=Spear") if ask.who == "Kira" else None
        if ask.kind == "dice":
            return Typed(faces=((6,) if ask.who == "Kira" else (1,)) * ask.dice)
        return take()(ask)

    s = rivals(wren_vitality=5)
    done, asks = answered(s.state, cmd, countered)
    assert [a.key[2:4] for a in asks if a.kind == "trigger"] == [("Wren", "Forestall")]
    assert s.state.get("Wren").vitality > 0
    wren_down = [e for e in done.events if e.kind == "fighter_down"]
    assert [e.name for e in wren_down] == ["Wren"]
    line = same_as_the_line(s.state, done)
    assert line.startswith("move kira to C2 forestall Wren with Spear")
    # with Wren standing, the Intercept is asked where the Rapier's reach is entered
    _, every = answered(rivals().state, cmd, countered)
    assert [a.key[2:4] for a in every if a.kind == "trigger"] == [
        ("Wren", "Forestall"), ("Wren", "Intercept")]


def test_a_mover_taken_out_stops_the_walk_and_nothing_more_is_asked():
    """R35: Nix (a Grunt, 4 Vitality) is struck down by Wren's Intercept at the trigger
    square: it stays there, the walk stops, and Kira's Longsword further on is never
    asked about."""
    s = ty.yard(nix="A2", gorm="G4", kira="D3", wren="D1")
    run(s, "turn kira", "end", "turn nix")
    cmd = parse_line("move nix to G2")
    done, asks = answered(s.state, cmd, take(faces=(6, 6, 6)))
    assert [(a.who, a.square) for a in asks if a.kind == "trigger"] == [("Wren", "B2")]
    assert done.events[-1].kind != "moved"
    line = same_as_the_line(s.state, done)
    assert line.startswith("move nix to G2 intercept Wren with Spear")
    _, both = answered(s.state, cmd, lambda a: NO_REACTION if a.kind == "trigger" else None)
    assert {a.who for a in both} == {"Wren", "Kira"}  # alive, Kira would be asked


def test_a_reactor_with_no_vigor_is_told_why_and_not_stopped_at():
    """R24: Wren has no Vigor left; a table is told why no Intercept is asked (``why``,
    one option only), and ``step`` does not stop there."""
    s = gorms_turn()
    run(s, "set wren vigor 0")
    cmd = parse_line("move gorm to G2")
    assert isinstance(step(s.state, cmd), Done)

    seen: list[Ask] = []

    class Table:
        def roll(self, n: int) -> list[int]:
            return [3] * n

        def answer(self, ask: Ask) -> Any:
            seen.append(ask)
            return None

    decide(s.state, cmd, Table())
    told = [a for a in seen if a.kind == "trigger"]
    assert told and all(len(a.options) == 1 and a.why for a in told)
    assert "Vigor" in told[0].why[0]


# --- the table's words -------------------------------------------------------------------


def test_the_trigger_question_and_its_answers():
    """questions/trigger_answers.py: the question the prompt asks and the words it
    reads (y, n, Enter, a weapon's name)."""
    s = gorms_turn()
    cmd = parse_line("move gorm to G2")
    first = step(s.state, cmd)
    assert isinstance(first, Ask)
    text, words = trigger_question(first)
    assert text == ("Gorm comes into Wren's reach at B2: Wren may Intercept with Spear "
                    "(2 Vigor of 7).")
    assert words == ["y", "n", "intercept", "Spear"]
    assert trigger_answer(first, "y") == first.options[1]
    assert trigger_answer(first, "") == NO_REACTION
    assert trigger_answer(first, "n") == NO_REACTION
    second = step(s.state, cmd, {first.key: NO_REACTION})
    assert isinstance(second, Ask)
    assert trigger_question(second)[0] == (
        "Gorm comes into Wren's reach at C2: Wren may Intercept with Rapier or Unarmed "
        "Attack (2 Vigor of 7).")
    for said in ("unarmed", "y with unarmed", "intercept unarmed attack"):
        got = trigger_answer(second, said)
        assert isinstance(got, Option) and dict(got.change) == {"weapon": "Unarmed Attack"}
    with pytest.raises(Exception, match="answer y"):
        trigger_answer(second, "maybe")


def test_a_forestall_and_a_push_are_worded_as_they_happen():
    s = gorms_turn(gorm="B1")
    got = step(s.state, parse_line("move gorm to A3"))
    assert isinstance(got, Ask)
    assert trigger_question(got)[0] == ("Gorm starts to move within reach of Wren's Spear: "
                                        "Wren may Forestall (2 Vigor of 7).")
    s = ty.yard(kira="C3", gorm="D3", wren="G1", nix="A1")
    run(s, "turn kira")
    got = step(s.state, parse_line("shove gorm roll 2s"),
               {("attack", (), "reaction"): NO_REACTION})
    assert isinstance(got, Ask)
    assert trigger_question(got)[0] == ("Gorm is pushed into Wren's reach at E3: Wren may "
                                        "Intercept with Spear (2 Vigor of 7).")


def test_a_trigger_the_reactor_cannot_take_is_one_dim_line_with_the_engines_reasons():
    """R24, R35: Wren has 1 Vigor: each trigger gives only no reaction and the reasons
    (``Ask.why``); the dim line says them, a reason each weapon gives alike once ("the
    same for"), and one told already in this movement is not told again, only the
    weapons it now holds for; a Broken reactor's reason (no weapon in it) once."""
    s = gorms_turn()
    run(s, "set wren vigor 1")
    seen: list[Ask] = []

    class Table:
        def roll(self, n: int) -> list[int]:
            return [3] * n

        def answer(self, ask: Ask) -> Any:
            seen.append(ask)
            return None

    decide(s.state, parse_line("move gorm to G2"), Table())
    b2, c2 = [a for a in seen if a.kind == "trigger" and a.who == "Wren"]
    assert untaken_note(b2) == ("(no Intercept asked of Wren at B2: Intercept (Spear) "
                                "costs 2 Vigor; Wren has 1 (R24))")
    assert untaken_note(c2) == ("(no Intercept asked of Wren at C2: Intercept (Rapier) "
                                "costs 2 Vigor; Wren has 1 (R24); the same for Unarmed "
                                "Attack)")
    said: set[str] = set()

    def first(shape: str) -> bool:
        new = shape not in said
        said.add(shape)
        return new

    assert untaken_note(b2, first) is not None
    assert untaken_note(c2, first) == ("(no Intercept asked of Wren at C2 either: the same "
                                       "for Rapier and Unarmed Attack)")
    broken = replace(c2, why=("Wren is Broken and cannot react",))
    assert untaken_note(broken) == ("(no Intercept asked of Wren at C2: Wren is Broken and "
                                    "cannot react)")
    assert untaken_note(broken, lambda shape: False) is None


def test_an_attack_written_for_a_trigger_is_the_lines_reaction():
    """``written``: the answer is the reaction the line's words give (its reactor, the
    mover left for the engine to fill in)."""
    s = gorms_turn()
    cmd = parse_line("move gorm to G2")
    got = step(s.state, cmd)
    assert isinstance(got, Ask)
    out = written(cmd, got, got.options[1])
    assert out.reactions == (Attack("Wren", "", "Intercept", weapon="Spear"),)
    assert out.said and written(cmd, got, NO_REACTION) == MoveTo(
        "gorm", "G2", reactions=(), said=True)
