"""`momenta simulate` through the real Typer app: the report, --json, --script, and every
bad input as one line with its exit code."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from tests.conftest import invoke, one_line_error

pytestmark = pytest.mark.usefixtures("home")

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "encounters" / "demo.yaml"

TOP_KEYS = {"encounter", "fights", "seed", "policy", "max_rounds", "verdict", "label",
            "sides", "rounds", "combatants", "refused_per_fight"}
COMBATANT_KEYS = {"name", "side", "damage_dealt", "damage_taken", "strain_dealt",
                  "strain_taken", "wounds", "defeated_rate", "defeated_ci95",
                  "wounded_rate", "wounded_ci95"}


def sim(*args):
    return invoke("simulate", *args)


def test_json_has_the_stable_keys():
    r = sim(DEMO, "-n", "12", "--seed", "4", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert set(data) == TOP_KEYS
    assert set(data["sides"]) == {"allies", "adversaries", "both_out", "undecided"}
    assert set(data["sides"]["allies"]) == {"wins", "rate", "ci95"}
    assert set(data["rounds"]) == {"decided", "median", "q1", "q3", "min", "max", "mean"}
    assert all(set(c) == COMBATANT_KEYS for c in data["combatants"])
    assert data["fights"] == 12 and data["seed"] == 4 and data["policy"] == "tactical"
    assert data["verdict"].startswith("Allies win ")


@pytest.mark.slow  # a process pool
def test_same_seed_same_json_whatever_the_jobs():
    one = sim(DEMO, "-n", "16", "--seed", "9", "--json", "--jobs", "1")
    two = sim(DEMO, "-n", "16", "--seed", "9", "--json", "--jobs", "2")
    assert one.exit_code == two.exit_code == 0
    assert one.output == two.output


def test_no_seed_picks_one_and_says_which():
    r = sim(DEMO, "-n", "3", "--json")
    assert r.exit_code == 0, r.output
    seed = json.loads(r.output)["seed"]
    again = sim(DEMO, "-n", "3", "--json", "--seed", str(seed))
    assert again.output == r.output


def test_report_reads_at_80_columns():
    r = sim(DEMO, "-n", "20", "--seed", "2", "--width", "80", "--no-color")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0].startswith("Allies win ") and "%" in lines[0]
    assert all(len(line) <= 80 for line in lines), r.output
    for words in ("Adversaries win", "95% interval", "Rounds to finish", "Brannoc",
                  "Knife-2", "Defeated", "Wounds"):
        assert words in r.output


def test_names_from_the_file_print_literally(tmp_path):
    enc = tmp_path / "odd.yaml"
    enc.write_text(textwrap.dedent("""
        name: "[bold]Odd[/bold]"
        combatants:
          - {name: "[red]Ana[/red]", side: allies, attributes: {POW: 3}}
          - {name: Rat, side: adversaries, threat: Grunt, attacks: [{name: Bite,
             tags: [Piercing, Melee 1], damage: {0s: 1, 1s: 3, 2+: 5}}]}
    """))
    r = sim(enc, "-n", "3", "--seed", "1", "--no-color", "--width", "100")
    assert r.exit_code == 0, r.output
    assert "[red]Ana[/red]" in r.output and "[bold]Odd[/bold]" in r.output


def test_script_of_one_fight_replays_it_under_any_seed(tmp_path):
    """Every die of the fight is written on its line (`dice ...`): the seed of the
    replay does not matter."""
    r = sim(DEMO, "-n", "5", "--seed", "7", "--script", "2")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0].startswith("# fight 2 of momenta simulate")
    assert lines[2].split()[1:] == ["momenta", "replay", str(DEMO), "SCRIPT"]
    assert any(" dice " in x for x in lines[3:])
    script = tmp_path / "f.script"
    script.write_text(r.output)
    states = set()
    for seed in ("1", "99"):
        replayed = invoke("replay", DEMO, script, "--seed", seed, "--json")
        assert replayed.exit_code == 0, replayed.output
        states.add(replayed.output)
    assert len(states) == 1
    assert "Defeated" in invoke("replay", DEMO, script).output


def test_a_policy_file_by_path(tmp_path):
    r = sim(DEMO, "-n", "4", "--seed", "1", "--json", "--policy",
            ROOT / "docs" / "sample_policy.py")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["policy"].endswith("sample_policy.py")


def test_reckless_is_a_builtin_policy():
    r = sim(DEMO, "-n", "4", "--seed", "1", "--json", "--policy", "reckless")
    assert r.exit_code == 0 and json.loads(r.output)["policy"] == "reckless"


# --- bad input: one line, no traceback ---------------------------------------------------


def test_unknown_encounter_is_the_validate_message(tmp_path):
    line = one_line_error(sim(tmp_path / "nope.yaml", "-n", "3"))
    assert "nope.yaml" in line and "no such file" in line


def test_invalid_encounter_says_where():
    bad = ROOT / "tests" / "bad_encounters" / "attack_without_damage_type.yaml"
    r = sim(bad, "-n", "3")
    assert r.exit_code == 1 and "Traceback" not in r.output
    assert r.output.startswith(f"{bad}:")


def test_a_library_is_not_an_encounter():
    line = one_line_error(sim(ROOT / "encounters" / "library" / "armoury.yaml", "-n", "3"))
    assert "library" in line


@pytest.mark.parametrize("args, words", [
    (["-n", "0"], "-n takes"),
    (["-n", "-5"], "-n takes"),
    (["--jobs", "many"], "--jobs takes"),
    (["--max-rounds", "0"], "--max-rounds takes"),
    (["-n", "3", "--script", "4"], "--script takes"),
])
def test_usage_mistakes_exit_2_in_one_line(args, words):
    r = sim(DEMO, *args)
    assert r.exit_code == 2, r.output
    assert words in r.output and len(r.output.strip().splitlines()) == 1
    assert "Traceback" not in r.output


@pytest.mark.parametrize("text, words", [
    ("def choose(view, actor)\n", "syntax error"),
    ("x = 1\n", "defines no function choose"),
    ("def choose(view, actor):\n    return 1 / 0\n", "ZeroDivisionError"),
    ("def choose(view, actor):\n    return [3]\n", "not a command line"),
    # a module-level __getattr__ runs the policy's code when choose/pick/react are looked up
    ("def __getattr__(name):\n    raise RuntimeError('lookup ' + name)\n",
     "fails to load: RuntimeError: lookup choose"),
    ("def choose(view, actor):\n    return []\n\n"
     "def __getattr__(name):\n    raise SystemExit('bye')\n", "fails to load: SystemExit: bye"),
])
def test_bad_policy_files_are_one_line(tmp_path, text, words):
    p = tmp_path / "policy.py"
    p.write_text(text)
    line = one_line_error(sim(DEMO, "-n", "3", "--policy", p))
    assert words in line


def test_missing_policy_file(tmp_path):
    line = one_line_error(sim(DEMO, "-n", "3", "--policy", tmp_path / "gone.py"))
    assert "no such policy file" in line


def test_simulate_help_loads_no_engine():
    """Start-up (docs/speed.md): the command imports what it uses when it runs."""
    from tests.test_startup_imports import HEAVY, loaded, under

    mods = loaded("simulate", "--help")
    assert under(mods, *HEAVY, "momenta_cli.simulate", "multiprocessing") == []


@pytest.mark.slow  # a process pool
@pytest.mark.parametrize("jobs", ["auto", "0"])
def test_jobs_auto_uses_every_core_and_changes_nothing(jobs):
    one = sim(DEMO, "-n", "8", "--seed", "5", "--json")
    every = sim(DEMO, "-n", "8", "--seed", "5", "--json", "--jobs", jobs)
    assert every.exit_code == 0, every.output
    assert every.output == one.output


@pytest.mark.slow  # 200 fights
def test_the_simulate_page_example_is_what_the_command_prints():
    """docs/simulate.md: the example output is the command's own."""
    text = (ROOT / "docs" / "simulate.md").read_text()
    cmd = "$ momenta simulate encounters/mill-ambush.yaml -n 200 --seed 7 --jobs auto\n"
    start = text.index(cmd) + len(cmd)
    shown = text[start:text.index("```", start)]
    r = sim(ROOT / "encounters" / "mill-ambush.yaml", "-n", "200", "--seed", "7",
            "--jobs", "auto", "--width", "80", "--no-color")
    assert r.exit_code == 0, r.output
    assert r.output == shown


# --- what a policy's functions return, at one job and at two ------------------------------

# A str whose methods all fail: the simulator must never call them.
_LOUD_STR = ("class Loud(str):\n"
             "    def strip(self, *a):\n        raise RuntimeError('strip ran')\n"
             "    def replace(self, *a):\n        raise RuntimeError('replace ran')\n"
             "    def __eq__(self, other):\n        raise RuntimeError('eq ran')\n"
             "    __hash__ = str.__hash__\n\n")

BAD_RETURNS = [
    ("def choose(view, actor):\n    return 42\n", "choose returned a int"),
    ("def choose(view, actor):\n    from momenta_cli.language import parse_line\n"
     "    parse_line('frobnicate')\n", "choose raised CommandError: unknown command"),
    ("def choose(view, actor):\n    return []\n\ndef pick(view, options):\n    return 3\n",
     "pick returned a int"),
    ("from momenta_cli.simulate.policy import tactical_choose as choose\n\n"
     "def react(view, attacker, target, weapon):\n    return ['dodge']\n",
     "react returned a list"),
    ("def choose(view, actor):\n    yield 'breath'\n    raise ValueError('boom')\n",
     "choose raised ValueError: boom"),
    ("class X:\n    def __iter__(self):\n        raise RuntimeError('iter')\n\n"
     "def choose(view, actor):\n    return X()\n", "choose raised RuntimeError: iter"),
    # each newcomer joins the round and adds another: the round would never end (200
    # combatants join before it is cut short: the slow lane)
    pytest.param("def choose(view, actor):\n    return ['add footpad']\n",
                 "grew past 200 combatants", marks=pytest.mark.slow),
    # a str subclass would run its own methods in the parser, .strip() and `in`: it is
    # taken as the plain text it holds, and its code never runs
    (_LOUD_STR + "def choose(view, actor):\n    return [Loud('breath')]\n\n"
     "def pick(view, options):\n    raise ValueError('picked')\n", "pick raised ValueError"),
    (_LOUD_STR + "def choose(view, actor):\n    return Loud('breath')\n\n"
     "def pick(view, options):\n    raise ValueError('picked')\n", "pick raised ValueError"),
    (_LOUD_STR + "def pick(view, options):\n    return Loud(options[0])\n\n"
     "def choose(view, actor):\n    raise ValueError('chose')\n", "choose raised ValueError"),
    (_LOUD_STR + "from momenta_cli.simulate.policy import tactical_choose as choose\n\n"
     "def react(view, attacker, target, weapon):\n    return Loud('dodge')\n\n"
     "def pick(view, options):\n    if view.round > 1:\n        raise ValueError('r2')\n"
     "    return options[0]\n", "pick raised ValueError: r2"),
    # a Command with a field of the wrong type: the engine meets it half way through
    ("from momenta_cli.engine.attack.plan import Attack\n\n"
     "def choose(view, actor):\n    return [Attack(actor, 'Gorm', weapon=object())]\n",
     "choose returned a Command the engine cannot run: "),
    ("from momenta_cli.engine.attack.plan import Attack\n\n"
     "def choose(view, actor):\n    return [Attack(actor, 'Gorm', dice='many')]\n",
     "choose returned a Command the engine cannot run: "),
]


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("text, words", BAD_RETURNS)
def test_a_policy_returning_the_wrong_thing_is_one_line_naming_it(tmp_path, text, words,
                                                                   jobs):
    p = tmp_path / "policy.py"
    p.write_text(text)
    line = one_line_error(sim(DEMO, "-n", "2", "--seed", "1", "--jobs", jobs, "--policy", p))
    assert line.startswith(f"policy {p}: ") and words in line, line
    assert "_RemoteTraceback" not in line and "worker process died" not in line


@pytest.mark.slow  # fights to the round cap
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_endless_generator_from_choose_is_cut_short(tmp_path, jobs):
    """choose may return any iterable; only the first MAX_ITEMS are taken from it."""
    p = tmp_path / "policy.py"
    p.write_text("def choose(view, actor):\n    while True:\n        yield 'breath'\n")
    r = sim(DEMO, "-n", "2", "--seed", "1", "--jobs", jobs, "--json", "--policy", p)
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["fights"] == 2
