"""Start-up: each command imports only what it uses (docs/speed.md).

Measured in a fresh interpreter through the real entry point, by the modules present in
``sys.modules`` once the command has run: timing would be flaky on a shared machine, the
set of modules is not.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Run a command in-process, then print which modules it loaded.
PROBE = """
import json, sys
from momenta_cli.cli.app import main
sys.argv = ["momenta", *json.loads(sys.argv[1])]
try:
    main()
except SystemExit:
    pass
sys.stdout.flush()
sys.stderr.write("\\nMODULES " + json.dumps(sorted(sys.modules)) + "\\n")
"""


def loaded(*args: str, cwd: Path = ROOT, env: dict | None = None) -> set[str]:
    r = subprocess.run([sys.executable, "-c", PROBE, json.dumps(list(args))],
                       capture_output=True, text=True, cwd=cwd, timeout=60, env=env)
    tail = r.stderr.rsplit("MODULES ", 1)
    assert len(tail) == 2, r.stderr
    return set(json.loads(tail[1]))


def under(modules: set[str], *packages: str) -> list[str]:
    """The modules of ``modules`` that are one of ``packages`` or inside one."""
    return sorted(m for m in modules for p in packages if m == p or m.startswith(p + "."))


HEAVY = ("momenta_cli.engine", "momenta_cli.journal", "momenta_cli.encounter", "pydantic",
         "prompt_toolkit", "yaml", "rich.console", "momenta_cli.web", "starlette", "uvicorn",
         "sse_starlette", "jinja2", "segno")


@pytest.mark.parametrize("args", [["--help"], ["status", "--help"], ["do", "--help"],
                                  ["run", "--help"], ["validate", "--help"]])
def test_help_imports_no_engine_pydantic_prompt_or_yaml(args):
    assert under(loaded(*args), *HEAVY) == []


def test_validate_loads_no_engine_session_journal_or_prompt():
    mods = loaded("validate", "encounters/demo.yaml")
    assert "momenta_cli.encounter.loader" in mods  # the probe saw the command run
    assert under(mods, "momenta_cli.engine.core.session", "momenta_cli.engine.core.deciding",
                 "momenta_cli.journal", "prompt_toolkit", "momenta_cli.cli.prompt") == []


@pytest.mark.slow  # a fresh interpreter per probe
def test_status_of_a_fight_loads_no_prompt_and_no_validation(tmp_path):
    """The fight's encounter comes from the cache `do` filled when it started the fight:
    no YAML loader, no pydantic (docs/speed.md)."""
    encs = tmp_path / "encounters"
    shutil.copytree(ROOT / "encounters", encs, ignore=shutil.ignore_patterns("*.fight.*"))
    env = {"MOMENTA_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    subprocess.run([sys.executable, "-m", "momenta_cli", "do", "demo.yaml", "turn brannoc",
                    "--seed", "1"], cwd=encs, env=env, check=True, capture_output=True,
                   timeout=60)
    mods = loaded("status", "demo.fight.jsonl", cwd=encs, env=env)
    assert "momenta_cli.journal" in mods
    assert under(mods, "prompt_toolkit", "momenta_cli.cli.prompt", "pydantic",
                 "momenta_cli.encounter.loader", "momenta_cli.language") == []


# What reading a fight decides nothing with: the handlers, the map's walking and exact
# sight, the command language and the prompt.
DECIDING = ("momenta_cli.engine.core.deciding", "momenta_cli.engine.movement.walk",
            "momenta_cli.engine.movement.move_shift", "momenta_cli.engine.movement.triggers",
            "momenta_cli.engine.actions.maneuvers", "momenta_cli.engine.movement.grabs",
            "momenta_cli.engine.gm.reinforce", "momenta_cli.engine.gm.overrides",
            "momenta_cli.engine.turns.taking",
            "momenta_cli.engine.geometry.areas", "momenta_cli.engine.geometry.forced_squares",
            "momenta_cli.language", "momenta_cli.play.runner", "prompt_toolkit")


def _fight_with_attacks(tmp_path: Path) -> tuple[Path, dict]:
    """The demo encounter (no map) after two attacks, a Deflect and two turns, saved with
    ``do``: its journal holds attack, reaction and maneuver events."""
    encs = tmp_path / "encounters"
    shutil.copytree(ROOT / "encounters", encs, ignore=shutil.ignore_patterns("*.fight.*"))
    env = {"MOMENTA_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    subprocess.run([sys.executable, "-m", "momenta_cli", "do", "demo.yaml", "--seed", "1",
                    "turn brannoc", "attack gorm with longsword", "end", "turn gorm",
                    "attack wren with cudgel deflect=buckler", "end"],
                   cwd=encs, env=env, check=True, capture_output=True, timeout=60)
    return encs, env


@pytest.mark.slow  # a fresh interpreter per probe
def test_status_of_a_fight_without_a_map_imports_no_deciding(tmp_path):
    """Reading a journal applies its events: the modules that define them come in when a
    record holds their kind (engine/core/events.py EVENT_MODULES), and nothing that decides a
    command, walks the map or parses a line does (the guide: a command imports only what
    it uses)."""
    encs, env = _fight_with_attacks(tmp_path)
    mods = loaded("status", "demo.fight.jsonl", cwd=encs, env=env)
    assert "momenta_cli.engine.attack.attack_events" in mods  # the attack events were read
    assert under(mods, *DECIDING, "momenta_cli.engine.attack.resolution",
                 "momenta_cli.engine.attack.plan") == []


@pytest.mark.slow  # a fresh interpreter per probe
def test_status_of_a_fight_without_a_map_imports_no_map_geometry(tmp_path):
    """Reading attack events needs none of the map's exact-sight geometry (it comes in
    with ``map_attack`` when an attack is decided)."""
    encs, env = _fight_with_attacks(tmp_path)
    mods = loaded("status", "demo.fight.jsonl", cwd=encs, env=env)
    assert under(mods, "momenta_cli.engine.geometry.sight", "momenta_cli.engine.attack.map_attack",
                 "momenta_cli.engine.geometry.segments") == []


def test_validate_without_a_map_imports_no_engine_state_map_code_or_rich():
    mods = loaded("validate", "encounters/demo.yaml")
    assert "momenta_cli.encounter.file_model" in mods
    assert under(mods, "momenta_cli.engine.core.state", "momenta_cli.engine.core.events",
                 "momenta_cli.engine.battlefield.positions", "momenta_cli.encounter.mapbuild",
                 "momenta_cli.encounter.mapstart", "rich.console", *DECIDING) == []


def test_validate_with_a_map_imports_no_sight_or_deciding():
    mods = loaded("validate", "encounters/yard-with-a-map.yaml")
    assert "momenta_cli.encounter.mapstart" in mods  # the map was checked
    assert under(mods, "momenta_cli.engine.geometry.sight", "momenta_cli.engine.attack.map_attack",
                 "momenta_cli.engine.core.session", "momenta_cli.journal", "rich.console",
                 "momenta_cli.engine.battlefield.positions", "momenta_cli.engine.core.events",
                 "momenta_cli.engine.geometry.pathfinding", *DECIDING) == []


def test_a_command_imports_only_the_module_that_registers_it():
    """``momenta status ...`` registers only view_cmds' commands (cli/app.py COMMANDS)."""
    mods = loaded("status", "--help")
    assert "momenta_cli.cli.view_cmds" in mods
    assert under(mods, "momenta_cli.cli.odds_cmd", "momenta_cli.cli.map_cmd",
                 "momenta_cli.cli.query_cmds", "momenta_cli.cli.simulate_cmd",
                 "momenta_cli.cli.session_cmds", "momenta_cli.cli.oneshot_cmds") == []


def test_the_command_table_names_every_command_and_its_module():
    import typer

    from momenta_cli.cli.app import COMMANDS, build

    registered: dict[str, str] = {}
    for module in dict.fromkeys(COMMANDS.values()):
        one = build(next(c for c, m in COMMANDS.items() if m == module))
        for info in one.registered_commands:
            assert info.callback is not None
            name = info.name or typer.main.get_command_name(info.callback.__name__)
            registered[name] = module
    assert registered == COMMANDS
    whole = [info.name or typer.main.get_command_name(info.callback.__name__)
             for info in build().registered_commands if info.callback is not None]
    assert whole == list(COMMANDS)  # the order of `momenta --help`


def _event_classes() -> list[type]:
    import importlib
    import pkgutil

    import momenta_cli.engine as engine
    from momenta_cli.engine.core import Event

    for info in pkgutil.walk_packages(engine.__path__, "momenta_cli.engine."):
        importlib.import_module(info.name)
    out, todo = [], [Event]
    while todo:
        for sub in todo.pop().__subclasses__():
            out.append(sub)
            todo.append(sub)
    return out


def test_the_event_table_names_every_event_kind_and_its_module():
    """A kind missing from engine/core/events.py EVENT_MODULES would make a journal holding it
    unreadable unless something else happened to import its module first."""
    from momenta_cli.engine.core.events import EVENT_MODULES

    defined = {cls.__dict__["kind"]: cls.__module__ for cls in _event_classes()
               if "kind" in cls.__dict__}
    elsewhere = {k: m for k, m in defined.items() if m != "momenta_cli.engine.core.events"}
    assert EVENT_MODULES == elsewhere


def test_a_journal_reads_every_event_kind_from_a_fresh_interpreter():
    """Each kind in the table decodes with nothing imported beforehand but core/events.py."""
    code = (
        "import json, sys\n"
        "from momenta_cli.engine.core.events import EVENT_MODULES, event_type\n"
        "bad = [k for k, m in EVENT_MODULES.items()\n"
        "       if (c := event_type(k)) is None or c.kind != k or c.__module__ != m]\n"
        "print(json.dumps(bad))\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == []


# --- the one-shots near the floor (issue 28) ----------------------------------------------


def _warm(tmp_path: Path, *args: str) -> tuple[Path, dict[str, str]]:
    """A copy of encounters/ with a private home whose caches ``momenta ARGS`` filled
    (a first run: the second is the one a GM repeats)."""
    encs = tmp_path / "encounters"
    shutil.copytree(ROOT / "encounters", encs, ignore=shutil.ignore_patterns("*.fight.*"))
    env = {"MOMENTA_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin",
           "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-m", "momenta_cli", *args], cwd=encs, env=env,
                   check=True, capture_output=True, timeout=60)
    return encs, env


# What a look at the map hands the renderer is a ``Meta`` (language/meta.py): no verb, no
# log, no journal records, no status table.
NO_VERBS = ("momenta_cli.language.parsing", "momenta_cli.language.attack_verbs",
            "momenta_cli.language.maneuver_verbs", "momenta_cli.language.turn_verbs",
            "momenta_cli.language.map_verbs", "momenta_cli.language.attack_grammar")


@pytest.mark.slow  # a fresh interpreter per probe
@pytest.mark.parametrize("args", [["los", "yard-with-a-map.yaml", "mira", "ogre"],
                                  ["path", "yard-with-a-map.yaml", "mira", "e11"]])
def test_los_and_path_load_no_verb_log_or_journal_records(tmp_path, args):
    encs, env = _warm(tmp_path, *args)
    mods = loaded(*args, cwd=encs, env=env)
    assert "momenta_cli.language.meta" in mods  # the probe saw the command run
    assert under(mods, *NO_VERBS, "momenta_cli.render.log_maneuver",
                 "momenta_cli.render.log_lines", "momenta_cli.render.status_table",
                 "momenta_cli.journal.records", "momenta_cli.journal.fight_file",
                 "pydantic", "yaml", "prompt_toolkit") == []


@pytest.mark.slow  # a fresh interpreter per probe
def test_validate_of_an_unchanged_file_loads_no_yaml_pydantic_language_or_engine(tmp_path):
    encs, env = _warm(tmp_path, "validate", "demo.yaml")
    mods = loaded("validate", "demo.yaml", cwd=encs, env=env)
    assert "momenta_cli.encounter.verdicts" in mods
    assert under(mods, "pydantic", "yaml", "momenta_cli.encounter.loader",
                 "momenta_cli.encounter.file_model", "momenta_cli.language",
                 "momenta_cli.engine", "momenta_cli.play", "rich.console") == []


@pytest.mark.slow  # a fresh interpreter per probe
def test_replay_json_loads_no_rich_views_or_validation(tmp_path):
    """(PyYAML may come in: the rules read their own data files, rules/catalogue.py.)"""
    args = ("replay", "--json", "demo.yaml", "demo.script")
    encs, env = _warm(tmp_path, *args)
    mods = loaded(*args, cwd=encs, env=env)
    assert "momenta_cli.render.state_json" in mods
    assert under(mods, "rich.console", "rich.table", "momenta_cli.render.outcome_view",
                 "momenta_cli.render.status_view", "pydantic",
                 "momenta_cli.encounter.loader", "prompt_toolkit") == []


@pytest.mark.slow  # a fresh interpreter per probe
def test_a_second_status_of_an_unchanged_fight_imports_no_event(tmp_path):
    """The first look keeps the folded state (journal/snapshot.py, any length of fight);
    the next finds nothing new to apply: no event module, no records decoded, and no
    conditions' code for a table without conditions."""
    encs, env = _warm(tmp_path, "do", "demo.yaml", "turn brannoc", "--seed", "1")
    first = subprocess.run([sys.executable, "-m", "momenta_cli", "status", "demo.fight.jsonl"],
                           cwd=encs, env=env, capture_output=True, text=True, timeout=60)
    mods = loaded("status", "demo.fight.jsonl", cwd=encs, env=env)
    assert "momenta_cli.journal.snapshot" in mods and "Brannoc" in first.stdout
    assert under(mods, "momenta_cli.engine.core.events", "momenta_cli.engine.harm",
                 "momenta_cli.engine.attack", *DECIDING) == []


@pytest.mark.slow  # a fresh interpreter per probe
def test_los_with_cover_loads_no_attack_plan_or_movement(tmp_path):
    """Naming what gives cover (engine/attack/map_attack.py ``cover_reason``) reads the
    reactions' names from attack_names.py, not the attack plan (docs/speed.md)."""
    args = ("los", "yard-with-a-map.yaml", "mira", "ogre")  # Knife-1 and Knife-2 give cover
    encs, env = _warm(tmp_path, *args)
    mods = loaded(*args, cwd=encs, env=env)
    assert "momenta_cli.engine.attack.map_attack" in mods  # the cover was named
    assert under(mods, "momenta_cli.engine.attack.plan", "momenta_cli.engine.attack.defense",
                 "momenta_cli.engine.attack.parts", "momenta_cli.engine.movement",
                 "momenta_cli.engine.actions", "momenta_cli.engine.harm") == []


@pytest.mark.slow  # a fresh interpreter per probe
@pytest.mark.parametrize("args", [["path", "yard-with-a-map.yaml", "mira", "e11"],
                                  ["path", "yard-with-a-map.yaml", "knife-1", "e8"]])  # triggers
def test_path_plans_without_the_attack_harm_or_trigger_answers(tmp_path, args):
    """Planning a route (engine/movement/walk.py ``preview_walk``) and listing what it
    triggers needs neither the attack's checks nor the harm's code nor the code that
    answers triggers, nor the Move and Shift commands (the budgets are in distances.py)
    nor the movement's events: those come in when a route is taken (docs/speed.md)."""
    encs, env = _warm(tmp_path, *args)
    mods = loaded(*args, cwd=encs, env=env)
    assert "momenta_cli.engine.movement.walk" in mods  # the probe saw the path planned
    assert under(mods, "momenta_cli.engine.attack.plan", "momenta_cli.engine.attack.parts",
                 "momenta_cli.engine.attack.defense", "momenta_cli.engine.attack.resolution",
                 "momenta_cli.engine.movement.trigger_points", "momenta_cli.engine.harm",
                 "momenta_cli.engine.movement.move_shift",
                 "momenta_cli.engine.movement.movement_events") == []


@pytest.mark.slow  # a fresh interpreter per probe
@pytest.mark.parametrize("args", [["los", "yard-with-a-map.yaml", "mira", "ogre"],
                                  ["path", "yard-with-a-map.yaml", "mira", "e11"]])
def test_los_and_path_to_a_pipe_load_no_rich_console(tmp_path, args):
    """A few plain lines to a pipe are written as Rich would write them, without Rich's
    console or Text (cli/common.py ``print_plain``)."""
    encs, env = _warm(tmp_path, *args)
    mods = loaded(*args, cwd=encs, env=env)
    assert "momenta_cli.render.line_cut" in mods  # the lines were cut here
    assert under(mods, "rich.console", "rich.text", "momenta_cli.cli.screen",
                 "momenta_cli.render.wrap") == []


def test_plain_lines_to_a_pipe_are_the_bytes_rich_writes(monkeypatch):
    """``print_plain`` against ``screen.block`` through Rich's console, to a pipe: long
    lines cut with a hanging indent, names kept whole, wide and escaped characters, and
    each way of choosing the width (``--width``, COLUMNS, the default)."""
    import io
    import random

    from momenta_cli.cli.common import make_console, print_plain
    from momenta_cli.cli.screen import block
    from momenta_cli.render import lit

    rnd = random.Random(28)
    words = ["Mira", "cover:", "(R34):", "Old Tom", "Great Axe of Doom", "漢字漢字", "é",
             "x" * 50, "y" * 130, "", "\t", "a\nb", "R2\u200b", "🙂🙂", "   "]
    keep = ("Great Axe of Doom", "Old Tom")
    compared = 0
    for _ in range(300):
        lines = [" " * rnd.choice([0, 2, 4, 7])
                 + " ".join(rnd.choice(words) for _ in range(rnd.randint(0, 25)))
                 for _ in range(rnd.randint(0, 4))]
        width = rnd.choice([None, 40, 57, 80, 1000])
        columns = rnd.choice([None, "33", "120"])
        if columns is None:
            monkeypatch.delenv("COLUMNS", raising=False)
        else:
            monkeypatch.setenv("COLUMNS", columns)
        monkeypatch.setattr("sys.stdout", plain := io.StringIO())
        if not print_plain(lines, keep, width):
            continue
        monkeypatch.setattr("sys.stdout", rich := io.StringIO())
        block(make_console(width=width), [lit(t) for t in lines], keep)
        assert plain.getvalue() == rich.getvalue(), (width, columns, lines)
        compared += 1
    assert compared > 250


# --- a first validate: pydantic's plugin look-up and the collections at exit (issue 28) --

# Run `validate` in-process on a file never checked (a private MOMENTA_HOME), recording
# pydantic's plugin look-up (``importlib.metadata.entry_points``, which pydantic's loader
# imports when it builds the first model, after this patch) and, from an exit handler that
# runs after every one the command registers, whether the interpreter's last collections
# will skip the objects alive by then (``gc.freeze``).
COLD_PROBE = """
import atexit, gc, importlib.metadata, json, sys
looked = []
real = importlib.metadata.entry_points
def entry_points(**params):
    looked.append(params.get("group"))
    return real(**params)
importlib.metadata.entry_points = entry_points
atexit.register(lambda: sys.stderr.write("\\nPROBE " + json.dumps(
    {"looked": looked, "frozen": gc.get_freeze_count()}) + "\\n"))
from momenta_cli.cli.app import main
sys.argv = ["momenta", "validate", "encounters/demo.yaml"]
try:
    main()
except SystemExit:
    pass
"""


def _first_validate(tmp_path: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    env["MOMENTA_HOME"] = str(tmp_path / "home")
    r = subprocess.run([sys.executable, "-c", COLD_PROBE], capture_output=True, text=True,
                       cwd=ROOT, timeout=60, env=env)
    assert "OK encounters/demo.yaml" in r.stdout, r.stderr  # checked anew, not kept
    return json.loads(r.stderr.rsplit("PROBE ", 1)[1])


def test_a_first_validate_skips_pydantics_plugin_look_up(tmp_path):
    """file_model.py sets PYDANTIC_DISABLE_PLUGINS before its first model: no scan of
    every installed distribution's entry points (docs/speed.md)."""
    assert "pydantic" not in _first_validate(tmp_path)["looked"]


def test_a_first_validate_leaves_its_objects_out_of_the_collections_at_exit(tmp_path):
    """cli/app.py: ``gc.freeze`` at exit, so the interpreter's shutdown does not take
    pydantic's models apart object by object (docs/speed.md)."""
    assert _first_validate(tmp_path)["frozen"] > 0


@pytest.mark.slow  # a fresh interpreter per probe
def test_a_first_validate_with_kept_schemas_imports_no_pydantic(tmp_path):
    """A file never checked, once any load kept pydantic's compiled schemas: checked by
    pydantic_core alone (encounter/fastcheck.py, docs/speed.md)."""
    encs, env = _warm(tmp_path, "validate", "demo.yaml")
    shutil.rmtree(tmp_path / "home" / "cache" / "validated")  # the file is checked anew
    mods = loaded("validate", "demo.yaml", cwd=encs, env=env)
    assert "momenta_cli.encounter.fastcheck" in mods and "pydantic_core" in mods
    assert "momenta_cli.encounter.loader" in mods  # the probe saw the file loaded
    assert under(mods, "pydantic", "momenta_cli.encounter.file_model") == []
