"""One outcome, one drawing (render/outcome_view.py): the prompt, ``do`` and ``replay``
show what a line did in the same words; the style says the few real differences (a
replay echoes each line it draws, the players' view looks at the fight as they know
it). And ``Meta.what`` is a ``Request``, not a bare string."""

from __future__ import annotations

import re
import shutil
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console, Group

from momenta_cli.encounter import load_encounter
from momenta_cli.engine.core import SeededRoller, Session
from momenta_cli.language import Meta, Request, parse_line
from momenta_cli.play import run_line
from momenta_cli.render import OutcomeStyle, draw_outcome
from tests.conftest import NOT_SOURCES, invoke

pytestmark = pytest.mark.usefixtures("home")

ROOT = Path(__file__).resolve().parent.parent
LINES = ["turn brannoc", "attack gorm with longsword", "undo", "redo",
         "odds gorm with longsword", "attack gorm with longsword ?", "help status", "end"]


def _encounters(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "encounters", tmp_path / "encounters", ignore=NOT_SOURCES)
    return tmp_path / "encounters"


def _chunk(lines: list[str]) -> list[str]:
    """From the attack's first log line to the help's last: what the lines between drew."""
    first = lines.index("  Brannoc: Basic Attack (Longsword) (2 Vigor: 7->5)")
    return lines[first:lines.index("  aliases: s, st") + 1]


def test_the_prompt_do_and_replay_draw_the_same_outcome_in_the_same_words(tmp_path):
    encs = _encounters(tmp_path)
    (encs / "t.script").write_text("\n".join(LINES) + "\n")
    width = ("--width", "100", "--no-color")
    replayed = invoke("replay", encs / "demo.yaml", encs / "t.script", *width)
    done = invoke("do", encs / "demo.yaml", *LINES, "--seed", "1", "-q", *width)
    assert replayed.exit_code == 0 and done.exit_code == 0, (replayed.output, done.output)
    (encs / "demo.fight.jsonl").unlink()
    prompted = invoke("run", encs / "demo.yaml", "--seed", "1", *width,
                      input="\n".join([*LINES, "quit"]) + "\n")
    assert prompted.exit_code == 0, prompted.output
    # replay echoes its lines ("> LINE"), the prompt shows the line typed at "R1 Brannoc> "
    by_replay = _chunk([x for x in replayed.output.splitlines() if not x.startswith("> ")])
    by_do = _chunk(done.output.splitlines())
    by_prompt = _chunk([x for x in prompted.output.splitlines()
                        if not re.match(r"R\d+ \S+> ", x)])
    assert by_replay == by_do == by_prompt
    shown = "\n".join(by_replay)
    assert "undo: took back 'attack gorm with longsword dice 2,5,1'\n  (undone) Brannoc: " \
        in shown
    assert "redo: put back 'attack gorm with longsword dice 2,5,1'\n  Brannoc: " in shown
    assert "? attack gorm with longsword (a preview: nothing is done or saved)" in shown
    assert "Brannoc attacks Gorm with Longsword (melee, at Mass, Slashing)\n  attack: POW 3d" \
        in shown
    assert "status\n  Draw the status table." in shown


def test_a_query_with_no_answer_is_a_refusal_line_at_the_prompt_and_in_a_replay(tmp_path):
    encs = _encounters(tmp_path)
    enc = encs / "yard-with-a-map.yaml"
    (encs / "q.script").write_text("los zed brannoc\npath brannoc to a99\n")
    replayed = invoke("replay", enc, encs / "q.script", "--no-color", "--width", "200")
    prompted = invoke("run", enc, "--seed", "1", "--no-color", "--width", "200",
                      input="los zed brannoc\npath brannoc to a99\nquit\n")
    assert replayed.exit_code == 0 and prompted.exit_code == 0, replayed.output
    said = [x for x in replayed.output.splitlines() if x.startswith("! ")]
    assert len(said) == 2 and said[0].startswith("! no combatant called 'zed'")
    assert all(x in prompted.output.splitlines() for x in said)


def _drawn(view, width: int = 100) -> list[str]:
    out = StringIO()
    Console(file=out, width=width, no_color=True).print(Group(*view.shown))
    return out.getvalue().splitlines() if view.shown else []


def test_a_replay_echoes_each_line_it_draws_and_only_that():
    """The style's one difference in wording: ``echo`` puts ``> LINE`` first, except
    before the lines whose drawing opens by naming them (``?``, undo, redo)."""
    s = Session(load_encounter(ROOT / "encounters" / "demo.yaml"))
    seen: list[str] = []
    for line in [*LINES[:-1], "status", "# a comment", "quit"]:
        out = run_line(s, line, SeededRoller(1))
        plain = _drawn(draw_outcome(out, s.state, 100))
        echoed = _drawn(draw_outcome(out, s.state, 100, OutcomeStyle(echo=True)))
        if line in ("undo", "redo") or line.endswith("?") or line in ("# a comment", "quit"):
            assert echoed == plain, line
        else:
            assert echoed == [f"> {line}", *plain], line
            seen.append(line)
        assert draw_outcome(out, s.state, 100).table == (line == "status")
        assert out.leaves == (line == "quit")
    assert "status" in seen and "odds gorm with longsword" in seen


def test_session_lines_are_requests_that_read_as_their_words():
    assert parse_line("undo 2") == Meta(Request.UNDO, "2")
    assert parse_line("st") == Meta(Request.STATUS)
    assert parse_line("exit") == Meta(Request.QUIT)
    meta = parse_line("help cond")
    assert isinstance(meta, Meta) and meta.what is Request.HELP and meta.arg == "cond"
    assert [str(r) for r in Request] == ["undo", "redo", "status", "help", "quit", "odds",
                                         "map", "path", "los", "forecast"]
    assert f"{Request.UNDO} 2" == "undo 2"  # an f-string says the word, not Request.UNDO
