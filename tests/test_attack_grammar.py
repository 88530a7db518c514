"""The attack line's grammar is one table (language/attack_grammar.py ``OPTIONS``): the
parser, ``unparse``, tab completion and ``momenta odds``'s flags are read off it. These
tests hold each of them to the table, row by row: every option reads into its field
where the table lets it stand and is refused after ``for NAME`` where it does not (R22:
a further target takes its reactions and roll only), writes back to a line that reads
the same, is offered by completion exactly where it may stand, and is a flag of
``momenta odds`` exactly when it is in the odds column."""

from __future__ import annotations

import inspect

import pytest
import typer

from momenta_cli.cli.app import build
from momenta_cli.cli.completion import complete
from momenta_cli.cli.odds_cmd import odds_cmd
from momenta_cli.encounter import load_encounter
from momenta_cli.engine.attack import Area, Attack
from momenta_cli.engine.core import Session, Typed
from momenta_cli.errors import CommandError
from momenta_cli.language import (
    ODDS_OPTIONS,
    OPTIONS,
    Kind,
    LineOption,
    Meta,
    Where,
    option_of,
    options_at,
    parse_line,
    read_partial,
    unparse,
)
from momenta_cli.language.attack_grammar import VERB_OF
from tests.conftest import ROOT, invoke
from tests.engine_helpers import run

PARTS = [o for o in OPTIONS if o.kind is not Kind.PART]


def _samples(o: LineOption) -> list[tuple[list[str], dict]]:
    """Words that say ``o`` on a line, and the fields they set."""
    if o.kind is Kind.NAME:  # a name of several words, up to the next option
        return [([o.word, "great", "maul"], {o.field: "great maul"})]
    if o.kind is Kind.WORD:
        return [([o.word, "POW"], {o.field: "POW"}), ([f"{o.word}=AGI"], {o.field: "AGI"})]
    if o.kind is Kind.NUMBER:
        n = o.least + 2
        return [([o.word, str(n)], {o.field: n}), ([f"{o.word}={n}"], {o.field: n})]
    if o.kind is Kind.ROLL:
        return [([o.word, "5,6,1"], {o.field: Typed(faces=(5, 6, 1))}),
                ([o.word, "2s"], {o.field: Typed(successes=2)})]
    if o.kind is Kind.FLAG:
        return [([w], {o.field: o.value}) for w in o.words]
    if o.kind is Kind.DEFENSE:
        return [([o.word], {o.field: o.word, o.with_field: None}),
                ([f"{o.word}=Buckler"], {o.field: o.word, o.with_field: "Buckler"})]
    if o.kind is Kind.DICE:
        return [(["+2d"], {o.field: 2}), (["-3d", "+1d"], {o.field: -2})]
    assert o.kind is Kind.AREA, o
    return [([o.word, "burst", "2", "C5"], {o.field: Area("burst", "C5", 2)})]


def _verb(o: LineOption) -> str:
    """The verb of a maneuver the option is for (``together``: a Shove's)."""
    return VERB_OF[o.maneuvers[0]] if o.maneuvers else "attack"


def _line(o: LineOption, where: Where, words: list[str]) -> str:
    said = " ".join(words)
    if where is Where.ATTACK:
        names = "kira" if o.kind is Kind.AREA else "kira oren"  # an area picks its own
        return f"{_verb(o)} {names} {said}"
    if where is Where.COUNTER:
        return f"attack kira oren counter {said}"
    if where is Where.FOR:
        return f"attack kira oren for wren {said}"
    return f"odds kira oren {said}"


def _part(cmd: Attack, where: Where) -> Attack:
    """The part of ``cmd`` the words were said in."""
    if where is Where.COUNTER:
        assert cmd.counter is not None
        return cmd.counter
    if where is Where.FOR:
        return cmd.also[0]
    return cmd


CASES = [pytest.param(o, where, words, fields, id=f"{where.name}-{' '.join(words)}")
         for o in PARTS for where in Where if where in o.where
         for words, fields in _samples(o)]


@pytest.mark.parametrize(("o", "where", "words", "fields"), CASES)
def test_every_option_reads_into_its_field_and_writes_back_the_same(o, where, words, fields):
    got = parse_line(_line(o, where, words))
    cmd = got.command if isinstance(got, Meta) else got
    assert isinstance(cmd, Attack)
    part = _part(cmd, where)
    assert {k: getattr(part, k) for k in fields} == fields
    line = unparse(cmd)
    assert parse_line(line) == cmd, line  # an odds line writes back as its attack


@pytest.mark.parametrize("o", [o for o in PARTS if Where.FOR not in o.where],
                         ids=lambda o: o.word)
def test_after_for_name_only_what_the_table_puts_there_is_taken(o):
    # R22: a further target of an Area attack takes its own reactions and roll only
    words, _ = _samples(o)[0]
    with pytest.raises(CommandError, match="only that target's reactions and roll"):
        parse_line(_line(o, Where.FOR, words))


def test_the_parts_of_the_line_are_rows_too():
    cmd = parse_line("attack kira oren counterattack with dagger counter dodge for wren "
                     "brace for gorm")
    assert isinstance(cmd, Attack) and cmd.counter is not None
    assert cmd.counter.weapon == "dagger" and cmd.counter.counter is not None
    assert cmd.counter.counter.defense == "dodge"
    assert [x.target for x in cmd.also] == ["wren", "gorm"] and cmd.also[0].brace
    assert parse_line(unparse(cmd)) == cmd


def test_a_value_no_option_says_is_not_written_as_something_else():
    with pytest.raises(ValueError, match="defense"):
        unparse(Attack(None, "gorm", defense="parry"))


def test_a_line_typed_so_far_is_read_by_the_same_rows():
    a = read_partial(["gorm", "with", "longsword", "dist", "3", "thrown", "counter", "at"])
    assert a.names == ["gorm"] and a.place is Where.COUNTER
    assert (a.weapon, a.distance, a.ranged) == ("longsword", 3, True)
    assert a.pending is not None and a.pending.word == "at"
    assert "counter" in a.declared and a.given == set()
    b = read_partial(["for", "wren", "deflect=Buckler", "dist", "0"])
    assert b.place is Where.FOR and b.more == "wren" and {"defense", "distance"} <= b.given
    assert b.distance is None  # a further target's words are not the attack's own


# --- completion: exactly the table's words where the cursor is --------------------------


def _session(name: str, actor: str) -> Session:
    s = Session(load_encounter(ROOT / "encounters" / name))
    run(s, f"turn {actor}")
    return s


POSITIONS = [
    ("attack {t} ", Where.ATTACK, "Basic Attack"),
    ("feint {t} ", Where.ATTACK, "Feint"),
    ("shove {t} ", Where.ATTACK, "Shove"),
    ("attack {t} with dagger counter ", Where.COUNTER, "Counterattack"),
    ("attack {t} for {t} ", Where.FOR, "Basic Attack"),
    ("odds {t} ", Where.ODDS, "Basic Attack"),
]


@pytest.mark.parametrize(("encounter", "actor", "target"), [
    ("duel-at-the-ford.yaml", "kira", "oren"), ("yard-with-a-map.yaml", "tamsin", "mira")])
@pytest.mark.parametrize(("text", "where", "maneuver"), POSITIONS)
def test_completion_offers_exactly_the_tables_options_where_they_may_stand(
        encounter, actor, target, text, where, maneuver):
    s = _session(encounter, actor)
    on_map = s.state.encounter.board is not None
    words = [w.rstrip() for w in complete(s.state, text.format(t=target))[1]]
    said = [(w, option_of(w)) for w in words]
    plain = {w for w, found in said if found is not None and not found[0].engine}
    reactions = {found[0] for _, found in said if found is not None and found[0].engine}
    table = {w for o in options_at(where) if not o.engine and o.kind is not Kind.AREA
             and (on_map or not o.map_only) and (not o.maneuvers or maneuver in o.maneuvers)
             for w in o.offers}
    assert plain == table
    # the target's reactions, as the engine allows them, only where the table has them
    assert all(where in o.where for o in reactions)
    assert bool(reactions) is (where is not Where.COUNTER)  # the target may react


# --- momenta odds: one flag for each row of the odds column -------------------------------


def _odds_command() -> typer.core.TyperCommand:
    group = typer.main.get_command(build("odds"))
    assert isinstance(group, typer.core.TyperGroup)
    return group.commands["odds"]


def test_odds_has_a_flag_for_each_option_of_the_odds_column_and_no_other():
    own = set(inspect.signature(odds_cmd).parameters) - {"said"}
    flags = sorted(tuple(p.opts) for p in _odds_command().params if p.name not in own)
    assert flags == sorted(o.flags for o in ODDS_OPTIONS)
    assert [o.word for o in OPTIONS if o.flags] == [o.word for o in ODDS_OPTIONS]
    assert not {"roll", "def", "counter", "for", "area"} & {o.word for o in ODDS_OPTIONS}


def _flag_args(o: LineOption) -> list[tuple[list[str], str]]:
    """The flags that say ``o`` to ``momenta odds``, and the attack's words for it."""
    flag = o.flags[0]
    if o.kind is Kind.NAME:
        return [([flag, "great maul"], f'{o.word} "great maul"')]
    if o.kind is Kind.WORD:
        return [([flag, "POW"], f"{o.word} POW")]
    if o.kind is Kind.NUMBER:
        return [([flag, "3"], f"{o.word} 3")]
    if o.kind is Kind.DICE:
        return [([flag, "2"], "+2d"), ([flag, "-1"], "-1d")]
    if o.kind is Kind.DEFENSE and o.metavar:
        return [([flag], o.word), ([f"{flag}=Buckler"], f"{o.word}=Buckler")]
    return [([f], o.word) for f in o.flags]


class _Seen(Exception):
    pass


@pytest.mark.parametrize(("args", "words"), [
    pytest.param(args, words, id=" ".join(args))
    for o in ODDS_OPTIONS for args, words in _flag_args(o)])
def test_each_odds_flag_sets_the_attack_the_verbs_words_set(monkeypatch, args, words):
    import momenta_cli.odds

    seen: list[Attack] = []

    def attack_odds(state, cmd):
        seen.append(cmd)
        raise _Seen

    monkeypatch.setattr(momenta_cli.odds, "attack_odds", attack_odds)
    r = invoke("odds", ROOT / "encounters" / "demo.yaml", "Gorm", "Wren", *args)
    assert isinstance(r.exception, _Seen), r.output
    verb = parse_line(f"odds Gorm Wren {words}")
    assert isinstance(verb, Meta)
    assert seen == [verb.command]
