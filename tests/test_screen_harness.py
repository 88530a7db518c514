"""The terminal harness (tests/screen.py) reads the screen as a terminal draws it, and its
waits can fail: checked on scripted output, without a pseudo-terminal."""

from __future__ import annotations

import pytest

from tests.screen import ScreenTimeout, Terminal, pexpect


class Scripted:
    """A stand-in for ``pexpect.spawn``: each read hands out the next chunk of output;
    then the program has ended (or, ``hangs``, is still running and silent)."""

    def __init__(self, *chunks: str, hangs: bool = False) -> None:
        self.chunks = list(chunks)
        self.hangs = hangs
        self.sent: list[str] = []
        self.exitstatus = 0

    def send(self, keys: str) -> None:
        self.sent.append(keys)

    def read_nonblocking(self, size: int, timeout: float) -> str:
        if self.chunks:
            return self.chunks.pop(0)
        if self.hangs:
            raise pexpect.TIMEOUT("silent")
        raise pexpect.EOF("ended")

    def close(self) -> None:
        pass


def terminal(*chunks: str, hangs: bool = False) -> Terminal:
    return Terminal(Scripted(*chunks, hangs=hangs), rows=10, columns=20, timeout=0.2)


def test_a_completion_drawn_in_two_redraws_reads_as_the_completed_line():
    # prompt_toolkit drew `tu`, then the Tab's completion as its own redraw: the bytes
    # "turn" never come in one run, the screen shows it all the same
    term = terminal("R1> ", "tu", "\x1b[?25l\x1b[?7lrn \x1b[?7h\x1b[?25h")
    term.wait_prompt("R1>")
    term.send("tu\t")
    assert term.wait_prompt("R1> turn") == "R1> turn"


def test_text_the_terminal_wrapped_at_the_right_edge_is_found_across_rows():
    term = terminal("1234567890 12345 momenta run demo.yaml\r\n> ")
    assert term.wait_text("momenta run demo.yaml") == "1234567890 12345 mom\nenta run demo.yaml"
    assert term.wait_words("12345 momenta run") == "1234567890 12345 momenta run demo.yaml"


def test_words_are_found_however_the_program_wrapped_them():
    term = terminal("Brace? 7 to\r\n    Vitality (21->14)\r\n> ")
    assert "to Vitality (21->14)" in term.wait_words("Brace? 7 to Vitality (21->14)")
    with pytest.raises(ScreenTimeout):
        term.wait_text("to Vitality")  # on two rows, not wrapped at the edge: not one line


def test_text_shown_before_the_keys_were_sent_does_not_answer_a_later_wait():
    term = terminal("> dmg gorm 1\r\nGorm 22->21\r\n> ", "dmg gorm 1\r\n", hangs=True)
    term.wait_prompt(">")
    term.send("dmg gorm 1\r")
    with pytest.raises(ScreenTimeout, match="waited for the text 'Gorm 22->21'"):
        term.wait_text("Gorm 22->21")


def test_after_enter_the_prompt_must_be_drawn_again_on_a_new_row():
    term = terminal("R1> ", "x", hangs=True)
    term.wait_prompt("R1>")
    term.send("x\r")
    with pytest.raises(ScreenTimeout):
        term.wait_prompt("R1>")  # still the row typed on: the program has not answered
    assert term.cursor_line() == "R1> x"


def test_consecutive_waits_find_their_text_in_order():
    term = terminal("second\r\nfirst\r\n> ", hangs=True)
    term.wait_text("first")
    with pytest.raises(ScreenTimeout):
        term.wait_text("second")  # above the first: shown before it


def test_a_failed_wait_says_what_it_waited_for_and_shows_the_screen():
    term = terminal("Round 1\r\nR1 allies> ")
    with pytest.raises(ScreenTimeout) as failed:
        term.wait_prompt("R1 Gorm>")
    message = str(failed.value)
    assert "waited for the cursor's row to read 'R1 Gorm>', but the program ended" in message
    assert "  1|Round 1" in message and ">  2|R1 allies>" in message


def test_the_terminal_answers_a_cursor_position_request_from_the_screen():
    term = terminal("ab\r\ncd", "\x1b[6n", "> ")
    term.wait_prompt("cd>")
    assert term.child.sent == ["\x1b[2;3R"]  # row 2, column 3: where the cursor was


def test_the_exit_status_is_the_programs_once_its_output_is_all_on_the_screen():
    term = terminal("Fight saved\r\n")
    assert term.wait_exit() == 0
    assert term.lines()[0] == "Fight saved"
