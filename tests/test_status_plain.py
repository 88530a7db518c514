"""``momenta status`` to a pipe or a file writes the status view without Rich's console
(render/status_layout.py ``plain_status``; start-up, issue 28): the same bytes Rich
writes, for every shipped fight at every point of its script, both views, widths from 40
up, long names shortened with their legend, conditions in their column or under the
row, reminders and notes. Where Rich would decide more (a table wider than the line, the
players' battlefield) the plain path steps aside."""

from __future__ import annotations

import io
import random
import subprocess
import sys
from pathlib import Path

import pytest

from momenta_cli.cli.trim import Trimmed
from momenta_cli.encounter import load_encounter
from momenta_cli.engine.core import SeededRoller, Session
from momenta_cli.play import run_line
from momenta_cli.render import plain_status, status_block
from tests.test_render_width import fight as long_names_fight

ROOT = Path(__file__).resolve().parents[1]
ENCOUNTERS = ROOT / "encounters"
WIDTHS = (40, 47, 53, 61, 80, 97, 133)


def rich_bytes(state, width: int, players: bool) -> str:
    """What ``status`` printed through Rich to a pipe before: make_console's settings
    (cli/common.py) on a Trimmed stream, the GM's table or the players' without a map."""
    from rich.console import Console

    buf = io.StringIO()
    Console(width=width, file=Trimmed(buf), markup=False, emoji=False, highlight=False,
            color_system=None, no_color=True).print(status_block(state, players=players))
    return buf.getvalue()


def compare(state, width: int, players: bool) -> bool:
    lines = plain_status(state, width, players=players, battlemap=False)
    if lines is None:
        return False
    assert "".join(x + "\n" for x in lines) == rich_bytes(state, width, players), \
        (width, players)
    return True


def script_states(name: str, every: int):
    """The fight of ``encounters/NAME.script`` at its start and after every ``every``
    lines."""
    session = Session(load_encounter(ENCOUNTERS / f"{name}.yaml"))
    roller = SeededRoller(1)
    yield session.state
    lines = [x.strip() for x in (ENCOUNTERS / f"{name}.script").read_text().splitlines()]
    for n, line in enumerate(x for x in lines if x and not x.startswith("#")):
        run_line(session, line, roller)
        if n % every == every - 1:
            yield session.state


# three fights in the default lane (conditions under rows, a map, events); every one in
# the full lane
QUICK = ("demo", "toll-house", "yard-with-a-map")


@pytest.mark.parametrize("name", [
    n if n in QUICK else pytest.param(n, marks=pytest.mark.slow)
    for n in sorted(p.stem for p in ENCOUNTERS.glob("*.script"))])
def test_a_piped_status_is_the_bytes_rich_writes_through_every_shipped_fight(name):
    compared = wide = 0
    for state in script_states(name, every=7):
        for width in WIDTHS:
            for players in (False, True):
                if compare(state, width, players):
                    compared += 1
                elif width >= 80 and not players:
                    wide += 1  # the GM's table at 80 columns always fits: no step aside
    assert wide == 0 and compared > 20


def test_long_names_conditions_and_the_legend_are_the_bytes_rich_writes():
    """test_render_width.py's fight (issue 11): names cut with a legend under the table,
    three conditions on everyone, a Champion's copies, sizes shown."""
    state = long_names_fight().state
    rnd = random.Random(11)
    compared = 0
    for width in [*range(40, 101), *rnd.sample(range(101, 400), 20)]:
        for players in (False, True):
            compared += compare(state, width, players)
    assert compared > 100


def test_a_table_wider_than_the_line_is_left_to_rich():
    """At 40 columns the long-names fight's table cannot fit: Rich squeezes its columns
    (its own rules), so the plain path steps aside rather than differ."""
    state = long_names_fight().state
    assert plain_status(state, 40, players=False) is None
    assert plain_status(state, 80, players=False) is not None


def test_the_players_view_on_a_map_is_left_to_rich():
    state = Session(load_encounter(ENCOUNTERS / "yard-with-a-map.yaml")).state
    assert plain_status(state, 80, players=True) is None  # the battlefield goes under it
    assert plain_status(state, 80, players=True, battlemap=False) is not None
    assert plain_status(state, 80, players=False) is not None


@pytest.mark.parametrize("name", ["toll-house", pytest.param("demo", marks=pytest.mark.slow),
                                  pytest.param("yard-with-a-map", marks=pytest.mark.slow)])
def test_the_command_writes_the_bytes_its_rich_path_writes(enc, monkeypatch, name):
    """Through the command itself: ``momenta status`` to a pipe (the plain path) against
    the same command made to draw through Rich's console (TTY_COMPATIBLE=0: Rich, still
    writing plain text), both views, several widths, with and without the map."""
    from tests.conftest import invoke

    monkeypatch.setenv("MOMENTA_HOME", str(enc.parent.parent / "home"))
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    encounter = enc.with_name(f"{name}.yaml")
    script = encounter.with_suffix(".script").read_text().splitlines()
    lines = [x for x in script if x.strip() and not x.startswith("#")][:25]
    assert invoke("do", encounter, "--seed", "1", *lines).exit_code == 0
    fight = encounter.with_name(f"{name}.fight.jsonl")
    for width in ("40", "61", "80", "120"):
        for extra in ([], ["--players"], ["--players", "--no-map"]):
            args = ["status", fight, "--width", width, *extra]
            plain = invoke(*args)
            rich = invoke(*args, env={"TTY_COMPATIBLE": "0"})
            assert plain.exit_code == rich.exit_code == 0, plain.output
            assert plain.output == rich.output, (width, extra)


@pytest.mark.slow  # a fresh interpreter
def test_a_piped_status_loads_no_rich_console_text_or_table(tmp_path):
    """The start-up figure (bench/bench_startup.py ``status``): to a pipe, the table is
    written without Rich's console, text or table; an undamaged fight file loads no
    salvage code (journal/salvage.py)."""
    from tests.test_startup_imports import _warm, loaded, under

    encs, env = _warm(tmp_path, "do", "demo.yaml", "turn brannoc", "--seed", "1")
    mods = loaded("status", "demo.fight.jsonl", cwd=encs, env=env)
    assert "momenta_cli.render.status_layout" in mods  # the table was laid out here
    assert under(mods, "rich.console", "rich.text", "rich.table",
                 "momenta_cli.render.status_table", "momenta_cli.cli.screen",
                 "momenta_cli.journal.salvage") == []
    piped = subprocess.run([sys.executable, "-m", "momenta_cli", "status", "demo.fight.jsonl",
                            "--width", "61"], cwd=encs, env=env, capture_output=True,
                           text=True, timeout=60)
    assert piped.returncode == 0 and "▶ Brannoc" in piped.stdout
    assert all(len(x) <= 61 and x == x.rstrip() for x in piped.stdout.splitlines())


@pytest.mark.slow  # a fresh interpreter
def test_a_status_recalling_a_conditions_effect_starts_no_yaml_and_no_events(tmp_path):
    """A table whose reminders recall Frightened's effect reads the catalogue as JSON
    (rules/catalogue.py, tests/test_rules_data.py) and its lookups without the harm's
    or the core's events (engine/harm/condition_lookup.py): start-up, status10k."""
    from tests.test_startup_imports import _warm, loaded, under

    encs, env = _warm(tmp_path, "do", "demo.yaml", "cond gorm frightened", "--seed", "1")
    subprocess.run([sys.executable, "-m", "momenta_cli", "status", "demo.fight.jsonl"],
                   cwd=encs, env=env, capture_output=True, timeout=60, check=True)
    mods = loaded("status", "demo.fight.jsonl", cwd=encs, env=env)
    assert "momenta_cli.engine.harm.condition_lookup" in mods  # the reminder was made
    assert under(mods, "yaml", "momenta_cli.engine.core.events",
                 "momenta_cli.engine.harm.conditions") == []
