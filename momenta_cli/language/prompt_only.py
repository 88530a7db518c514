"""The commands the prompt (``momenta run``) handles itself, apart from the command
language: ``seat``. They are no verbs: never journalled, refused by ``do``, scripts and
events as unknown commands, never a prefix's match. They are listed here, as data, so
that ``help seat`` explains one and Tab offers it (cli/completion/); the prompt runs
them (cli/seat_cmd.py)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PromptCommand:
    """A command of the prompt's own, described as a verb is (``help`` reads both)."""

    name: str
    usage: str
    help: str
    example: str
    aliases: tuple[str, ...] = ()


PROMPT_ONLY: dict[str, PromptCommand] = {c.name: c for c in (
    PromptCommand(
        "seat", "seat [NAME [off]]",
        "At the prompt only, never journalled: a player's seat on the players' screen "
        "(served with --lan). 'seat NAME' prints the link (and QR code) from which "
        "NAME's player answers NAME's own decisions on a phone; 'seat NAME off' closes "
        "it; 'seat' alone lists the seats. Only allies have seats.",
        "seat wren"),
)}


def prompt_command(word: str) -> PromptCommand | None:
    """The prompt's own command ``word`` names (its whole name, any case), or None."""
    return PROMPT_ONLY.get(word.lower())
