"""The command language: one line of text -> one command. Used alike by the interactive
prompt, one-shot commands and replay scripts."""

from momenta_cli.language.parsing import VERBS, Meta, parse_line

__all__ = ["VERBS", "Meta", "parse_line"]
