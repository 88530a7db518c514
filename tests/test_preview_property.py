"""Property (issue 12, Must show): a random line ending in `` ?`` (every verb and alias of
the live registry, random names, options and junk) changes nothing: the saved journal
stays byte-identical, the live state and journal are as they were, the fight's own dice
are not used, and nothing is raised but a GM-facing ``MomentaError`` (a line that does
not parse); the preview draws at 80 columns without error. The same through ``momenta
do``: exit 0 (shown) or 1 (one line, the line does not parse), never a traceback."""

from __future__ import annotations

import io
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from rich.cells import cell_len
from rich.console import Console

from momenta_cli.cli.screen import Screen, mark
from momenta_cli.engine.core import SeededRoller
from momenta_cli.errors import MomentaError
from momenta_cli.journal import FightFile, default_fight_path
from momenta_cli.play.preview import strip_mark
from tests.conftest import NOT_SOURCES, ROOT, invoke
from tests.test_session_property import ENC, WORDS, plausible, verbs_and_aliases

# attack words (language/attack_verbs.py) and weapons of the demo's fighters, so that attacks with
# reactions, counters and Area targets are built often
ATTACK_WORDS = ["with", "at", "as", "using", "dist", "roll", "def", "cost", "dodge",
                "deflect", "deflect=buckler", "deflect=longsword", "defend", "brace",
                "counter", "for", "adjacent", "thrown", "cover", "obscured", "+1d", "-3d",
                "together", "mass", "edge", "mark", "pow", "agi", "5,6,2", "2s", "6",
                "longsword", "rapier", "cudgel", "shortbow", "dagger", '"heater shield"',
                "shiv", "dice", "1,2,3", "?"]
PREFIXES = [(), ("turn brannoc",), ("turn brannoc", "attack gorm", "end", "turn gorm"),
            ("turn brannoc", "cond wren hindered", "end", "turn gorm", "move 2"),
            ("over the end",)]


FIGHTERS = ["brannoc", "tamsin", "wren", "gorm", "knife-1", "knife-2"]
OPTIONS = ["with longsword", "with rapier", "with cudgel", "with shortbow dist 4",
           "with dagger thrown dist 2", 'with "heater shield"', "at edge", "at mark",
           "dodge", "deflect", "deflect=buckler", "defend", "brace", "+1d", "-4d",
           "roll 5,6,2", "roll 2s", "def 1s", "counter", "counter with rapier",
           "for knife-1", "for wren dodge", "obscured", "cover", "using agi"]


def attack_lines():
    """Attacks that often pass the engine's checks: real names and real options."""
    verb = st.sampled_from(["attack", "a", "feint", "grab", "shove", "intercept",
                            "forestall", "odds"])
    names = st.lists(st.sampled_from(FIGHTERS), min_size=1, max_size=2)
    return st.builds(lambda v, n, o: " ".join([v, *n, *o]), verb, names,
                     st.lists(st.sampled_from(OPTIONS), max_size=3))


def line_strategy():
    word = st.sampled_from(WORDS + ATTACK_WORDS) | st.text(max_size=6)
    verb = st.sampled_from(verbs_and_aliases())
    built = st.builds(lambda v, ws: " ".join([v, *ws]), verb, st.lists(word, max_size=7))
    return attack_lines() | built | plausible() | st.text(max_size=20)


_FIGHTS: dict[int, Path] = {}


def not_a_preview(line: str) -> bool:
    """Whether `` ?`` after ``line`` is no preview mark: a lone ``?`` (help), a comment
    (``# ?``), an escaped space before it (``over \\ ?``: the words are ``over`` and
    `` ?``). Such a line runs as itself and may change the fight (the shared one these
    tests keep): not this property; test_preview.py checks the mark itself."""
    return strip_mark(f"{line} ?") is None


def fight_at(i: int) -> Path:
    """A saved fight after ``PREFIXES[i]`` (made once; a preview never changes it)."""
    if i not in _FIGHTS:
        d = Path(tempfile.mkdtemp(prefix="preview-prop-"))
        shutil.copytree(ROOT / "encounters", d, dirs_exist_ok=True, ignore=NOT_SOURCES)
        ff = FightFile.create(default_fight_path(d / "demo.yaml"), d / "demo.yaml", ENC)
        for line in PREFIXES[i]:
            ff.run(line, SeededRoller(1))
        _FIGHTS[i] = ff.path
    return _FIGHTS[i]


@pytest.mark.slow  # property
@settings(max_examples=500, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(line=line_strategy(), at=st.integers(0, len(PREFIXES) - 1), seed=st.integers(0, 99))
def test_a_previewed_line_changes_nothing(line, at, seed):
    if not_a_preview(line):
        return
    path = fight_at(at)
    before = path.read_bytes()
    ff = FightFile.open(path)
    state, entries = ff.session.state.clone(), list(ff.session.entries)
    roller = SeededRoller(seed)
    console = Console(file=io.StringIO(), width=80, color_system=None)
    try:
        out = ff.run(f"{line} ?", roller)
    except MomentaError:
        out = None  # the line does not parse (or is no plain text): refused as ever
    assert path.read_bytes() == before, line
    assert ff.session.state == state and ff.session.entries == entries, line
    assert roller.roll(8) == SeededRoller(seed).roll(8), line  # no die of the fight used
    if out is not None:
        assert not out.changed, line
        assert out.preview is not None, line
        assert Screen(console).outcome(out, ff.session.state, mark(ff.session.state))
        # in columns as a terminal shows them (a skin-tone modifier takes none)
        assert all(cell_len(x) <= 80 for x in console.file.getvalue().splitlines()), line


@pytest.mark.slow  # property
@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(line=line_strategy(), at=st.integers(0, len(PREFIXES) - 1))
def test_do_with_a_previewed_line_exits_cleanly(line, at):
    if not_a_preview(line):
        return
    path = fight_at(at)
    before = path.read_bytes()
    r = invoke("do", path, f"{line} ?", "--width", "80")
    assert "Traceback" not in r.output, (line, r.output)
    assert r.exception is None or isinstance(r.exception, SystemExit), (line, r.exception)
    assert r.exit_code in (0, 1), (line, r.output)
    if r.exit_code == 1:
        assert len(r.output.strip().splitlines()) == 1, (line, r.output)
    assert path.read_bytes() == before, line
