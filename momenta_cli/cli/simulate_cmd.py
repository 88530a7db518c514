"""``momenta simulate``: play an encounter many times through the engine and report how
it tends to go (momenta_cli/simulate/)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from momenta_cli.cli.common import (
    NoColor,
    Width,
    fail,
    guarded,
    load_playable,
    make_console,
)

MAX_FIGHTS = 1_000_000
MAX_JOBS = 256
ENDINGS = {"allies": "allies win", "adversaries": "adversaries win",
           "both_out": "both sides out", "undecided": "undecided"}


def _jobs(text: str) -> int:
    """``--jobs``: a number of processes, or 0 / ``auto`` for every core; never more
    than the cores this process may use (said on stderr when it asks for more)."""
    from momenta_cli.simulate import cores

    low = text.strip().lower()
    if low in ("auto", "0"):
        return cores()
    if not (low.isascii() and low.isdigit() and len(low) <= 3) or not 1 <= int(low) <= MAX_JOBS:
        raise fail(f"momenta simulate: --jobs takes a number of processes from 1 to "
                   f"{MAX_JOBS}, or 0 or auto for every core; got {text[:40]!r}", 2)
    wanted, have = int(low), cores()
    if wanted > have:
        typer.echo(f"momenta simulate: --jobs {wanted} is more than the {have} "
                   f"core{'' if have == 1 else 's'} here: playing in {have}", err=True)
        return have
    return wanted


def simulate(
    encounter: Annotated[Path, typer.Argument(help="Encounter YAML file.", readable=False,
                                              show_default=False)],
    fights: Annotated[int, typer.Option("-n", "--fights", help="How many fights to play.")
                      ] = 1000,
    seed: Annotated[int | None, typer.Option(help="Seed of the run (default: random, "
                                             "printed so the run can be repeated).")
                    ] = None,
    jobs: Annotated[str, typer.Option("--jobs", "-j", help="Processes to play in: a "
                                      "number, or 0 or auto for every core.")] = "1",
    policy: Annotated[str | None, typer.Option(help="A built-in policy (tactical, the "
                                               "default, or reckless) or a Python file "
                                               "defining choose(view, actor) (see "
                                               "docs/sample_policy.py).")] = None,
    max_rounds: Annotated[int, typer.Option("--max-rounds", help="Round cap: a fight "
                                            "still on after it is undecided.")] = 30,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as one JSON "
                                          "document.")] = False,
    script: Annotated[int | None, typer.Option("--script", help="Print fight K (1 to N) "
                                               "of this seed as a replay script instead, "
                                               "to see what the policies did.")] = None,
    no_color: NoColor = False,
    width: Width = None,
) -> None:
    """Play an encounter many times to the end and report how it tends to go.

    Every fight goes through the same engine as the prompt, both sides played by a
    simple policy (attack where the expected damage is best, defend when it is worth the
    Vigor, catch a breath when low). Prints the allies' and adversaries' win rates with
    95% intervals, rounds to finish, and damage, Wounds and Defeats per combatant. The
    same seed gives the same figures, whatever --jobs says.

    Example: momenta simulate encounters/demo.yaml -n 2000 --seed 7 --jobs auto
    """
    if not 1 <= fights <= MAX_FIGHTS:
        raise fail(f"momenta simulate: -n takes a number of fights from 1 to "
                   f"{MAX_FIGHTS:,}; got {fights}", 2)
    if not 1 <= max_rounds <= 1000:
        raise fail(f"momenta simulate: --max-rounds takes 1 to 1000; got {max_rounds}", 2)
    n_jobs = _jobs(jobs)
    import json
    import secrets

    from momenta_cli.render import simulation_report
    from momenta_cli.simulate import (
        check_playable,
        load_policy as load_policy,
        summarise,
        tally_run,
    )

    with guarded():
        enc = load_playable(encounter, "simulate plays encounters")
        check_playable(enc)
        chosen = load_policy(policy)
    if seed is None:
        seed = secrets.randbelow(2 ** 31)
    if script is not None:
        if not 1 <= script <= fights:
            raise fail(f"momenta simulate: --script takes a fight from 1 to -n ({fights}); "
                       f"got {script}", 2)
        with guarded():
            typer.echo(_script(encounter, enc, chosen, seed, script, max_rounds), nl=False)
        return
    console = make_console(no_color=no_color, width=width)
    with guarded():
        if wants_bar(console, as_json):
            results = _with_bar(console, enc, policy, fights, seed, n_jobs, max_rounds)
        else:
            results = tally_run(enc, policy, fights, seed, jobs=n_jobs,
                                max_rounds=max_rounds)
    summary = summarise(enc, results, seed=seed, policy=chosen.name, max_rounds=max_rounds)
    if as_json:
        typer.echo(json.dumps(summary, indent=2, ensure_ascii=False))
        return
    console.print(simulation_report(summary))


def wants_bar(console, as_json: bool) -> bool:
    """A progress bar only for a person watching: output to a terminal, not --json."""
    return console.is_terminal and not as_json


def _script(path: Path, enc, chosen, seed: int, k: int, max_rounds: int) -> str:
    """Fight ``k`` (1-based) of the run as a replay script, with the command to replay it:
    each line is the complete command (``Entry.script_line``), its dice written, so the
    script plays the same fight under any seed."""
    from momenta_cli.simulate import play_fight
    from momenta_cli.text import one_line

    result, session = play_fight(enc, chosen, seed, k - 1, max_rounds, keep=True)
    assert session is not None
    head = [f"# fight {k} of momenta simulate {path} --seed {seed} --policy {chosen.name}",
            f"# {ENDINGS.get(result.winner, result.winner)} after {result.rounds} "
            "round(s); every die is written, so any seed replays it; to watch it:",
            f"#   momenta replay {path} SCRIPT"]
    return "\n".join([*(one_line(h) for h in head),
                      *(one_line(e.script_line) for e in session.entries)]) + "\n"


def _with_bar(console, enc, policy, fights, seed, jobs, max_rounds):
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from momenta_cli.simulate import tally_run

    with Progress("simulating", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=console, transient=True) as bar:
        task = bar.add_task("fights", total=fights)
        return tally_run(enc, policy, fights, seed, jobs=jobs, max_rounds=max_rounds,
                         progress=lambda k: bar.advance(task, k))


def register(app: typer.Typer) -> None:
    """Add this module's command to ``app``."""
    app.command()(simulate)
