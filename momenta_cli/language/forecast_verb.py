"""``forecast [N]``: at the prompt, the fight played on N times from where it stands by
the simulator's policies (momenta_cli/simulate/forecast.py), each side's chance to win
and each combatant's to be Defeated or take a Wound. A look that changes nothing: no
die of the fight is rolled, nothing is journalled."""

from __future__ import annotations

from momenta_cli.errors import CommandError
from momenta_cli.language.meta import Meta, Request
from momenta_cli.language.parsing import verb
from momenta_cli.text import echo, is_digits

MAX_FORECAST = 20_000  # fights: a minute or so; ``momenta simulate FIGHT`` for more


@verb("forecast", usage="forecast [N]",
      help="Play the fight on N times (200 if not given) from where it stands, both "
           "sides by the simulator's tactical policy: each side's chance to win, each "
           "combatant's to be Defeated or take a Wound, rounds left, with 95% "
           "intervals. A preview: nothing changes and nothing is saved.",
      example="forecast 500", group="session")
def _forecast(words: list[str]) -> Meta:
    if len(words) > 1:
        raise CommandError(f"forecast takes one number, the fights to play; got "
                           f"{echo(' '.join(words))}")
    if words and not (is_digits(words[0]) and 1 <= int(words[0]) <= MAX_FORECAST):
        raise CommandError(f"forecast N: N is a number of fights from 1 to "
                           f"{MAX_FORECAST:,}; got {echo(words[0])}")
    return Meta(Request.FORECAST, arg=words[0] if words else None)
