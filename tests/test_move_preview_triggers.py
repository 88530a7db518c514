"""A ``move NAME to SQUARE ?`` preview lists what the path meets (R35), as ``path``
does: each reactive attack it triggers, where, with which weapons and the words that
make it on the line; the ones the line writes are marked; a Shift meets none."""

from __future__ import annotations

import pytest

from momenta_cli.play.preview import preview_line
from momenta_cli.render import preview_lines as lines
from tests.engine_helpers import run
from tests.trigger_yard import yard

pytestmark = pytest.mark.usefixtures("home")


def _gorms_turn(**at: str):
    s = yard(**{"gorm": "B2", "kira": "F3", **at})
    for line in ("turn kira", "end", "turn gorm"):
        run(s, line)
    return s


def _shown(s, line: str) -> list[str]:
    return [t.plain for t in lines(preview_line(s, line), s.state)]


def test_a_move_preview_lists_the_triggers_on_its_path():
    """R35: Forestall where Gorm starts (Wren's Reflexive Spear), Wren's Intercept where
    he enters her Rapier's reach, Kira's where he enters her Longsword's."""
    s = _gorms_turn()
    out = _shown(s, "move gorm to g2")
    at = out.index("  on the way:")
    assert out[at + 1:at + 4] == [
        "    Wren may Forestall as it starts (Spear): 'forestall Wren' (R35)",
        "    Wren may Intercept at C2 (Rapier or Unarmed Attack): 'intercept Wren' (R35)",
        "    Kira may Intercept at E2 (Longsword or Unarmed Attack): 'intercept Kira' "
        "(R35)"]
    assert at < out.index("  it would do:")


def test_a_move_preview_marks_the_reactions_the_line_writes():
    s = _gorms_turn()
    out = _shown(s, "move gorm to g2 intercept kira")
    assert "    Kira may Intercept at E2 (Longsword or Unarmed Attack) (written) (R35)" in out
    assert "    Wren may Intercept at C2 (Rapier or Unarmed Attack): 'intercept Wren' " \
           "(R35)" in out


def test_a_move_preview_says_who_cannot_react_now():
    s = _gorms_turn()
    run(s, "cond kira broken")
    out = _shown(s, "move gorm to g2")
    assert any(x.startswith("    Kira may Intercept at E2") and
               "not now: Kira is Broken and cannot react" in x for x in out)


def test_a_shift_preview_meets_no_trigger():
    """ch19 Shift: it triggers no reactive attack."""
    s = _gorms_turn()
    assert "  on the way:" not in _shown(s, "shift gorm to c2")
