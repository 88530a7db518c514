"""``momenta simulate``: play an encounter many times through the engine and report how
it tends to go (momenta_cli/simulate/)."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from momenta_cli.cli.common import (
    NoColor,
    Width,
    fail,
    guarded,
    load_playable,
    make_console,
)
from momenta_cli.errors import MomentaError

if TYPE_CHECKING:
    from momenta_cli.simulate import Runner, Search

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


def _target(text: str | None) -> float | None:
    """``--target``: an allies' win rate, as 0.6, 60 or 60%."""
    if text is None:
        return None
    t = text.strip().removesuffix("%").strip()
    try:
        x = float(t)
    except ValueError:
        x = -1.0
    if x > 1 or text.strip().endswith("%"):
        x /= 100
    if not 0 <= x <= 1 or x != x:
        raise fail(f"momenta simulate: --target takes the allies' win rate wanted, as "
                   f"0.6, 60 or 60%; got {text[:40]!r}", 2)
    return x


def _sweep(text: str) -> tuple[str, int, int]:
    """``--sweep PARAM=A..B``."""
    param, eq, span = text.partition("=")
    low, dots, high = span.partition("..")
    ok = eq and dots and param.strip() and all(
        p.strip().lstrip("-").isdigit() and len(p.strip()) <= 6 for p in (low, high))
    if not ok:
        raise fail(f"momenta simulate: --sweep takes PARAM=A..B (e.g. knife.count=1..6); "
                   f"got {text[:60]!r}", 2)
    a, b = int(low), int(high)
    from momenta_cli.simulate import MAX_SWEEP

    if not a <= b or b - a + 1 > MAX_SWEEP:
        raise fail(f"momenta simulate: --sweep {param.strip()}={a}..{b}: from a low "
                   f"value to a high one, at most {MAX_SWEEP} values", 2)
    return param.strip(), a, b


def simulate(
    encounters: Annotated[list[Path], typer.Argument(
        help="Encounter YAML file, or a saved fight to forecast from where it stands; "
        "several encounters: played in order, the party carried between them.",
        readable=False, show_default=False, metavar="ENCOUNTER_OR_FIGHT...")],
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
    tune: Annotated[str | None, typer.Option("--tune", metavar="PARAM", help="Find the "
                                             "value of PARAM (a number of the file: "
                                             "knife.count, gorm.max_vitality, "
                                             "gorm.attacks.cudgel.pool) whose allies' "
                                             "win rate is nearest --target.")] = None,
    target: Annotated[str | None, typer.Option("--target", metavar="RATE", help="The "
                                               "allies' win rate --tune looks for: 0.6, "
                                               "60 or 60%.")] = None,
    sweep: Annotated[str | None, typer.Option("--sweep", metavar="PARAM=A..B", help="The "
                                              "win rate at each value of PARAM from A to "
                                              "B, as a table and a bar chart.")] = None,
    no_color: NoColor = False,
    width: Width = None,
) -> None:
    """Play an encounter many times to the end and report how it tends to go.

    Every fight goes through the same engine as the prompt, both sides played by a
    simple policy (attack where the expected damage is best, defend when it is worth the
    Vigor, catch a breath when low). Prints the allies' and adversaries' win rates with
    95% intervals, rounds to finish, and damage, Wounds and Defeats per combatant. The
    same seed gives the same figures, whatever --jobs says.

    Given a saved fight, it forecasts: the fight is played on from where it stands
    (each side's chance to win, each combatant's to be Defeated or take a Wound from
    here, rounds left); the fight file is only read. --tune PARAM --target RATE looks
    for the value of a number in the encounter that gives the allies that win rate,
    --sweep PARAM=A..B shows the rate across a range (docs/simulate.md).

    Given several encounters, it plays them in order, the party carried from each
    fight into the next as a party file carries it (R38), and reports the chance the
    party survives them all, and per encounter who is Defeated or Wounded.

    Example: momenta simulate encounters/demo.yaml -n 2000 --seed 7 --jobs auto
    """
    if not 1 <= fights <= MAX_FIGHTS:
        raise fail(f"momenta simulate: -n takes a number of fights from 1 to "
                   f"{MAX_FIGHTS:,}; got {fights}", 2)
    if not 1 <= max_rounds <= 1000:
        raise fail(f"momenta simulate: --max-rounds takes 1 to 1000; got {max_rounds}", 2)
    n_jobs = _jobs(jobs)
    rate = _target(target)
    if tune is not None and sweep is not None:
        raise fail("momenta simulate: --tune or --sweep, not both", 2)
    if tune is not None and rate is None:
        raise fail("momenta simulate: --tune needs --target RATE (the allies' win rate "
                   "wanted, e.g. --target 60%)", 2)
    if rate is not None and tune is None and sweep is None:
        raise fail("momenta simulate: --target goes with --tune (or --sweep)", 2)
    if (tune is not None or sweep is not None) and script is not None:
        raise fail("momenta simulate: --script plays one fight: not with --tune or "
                   "--sweep", 2)
    from momenta_cli.journal import looks_like_fight

    if len(encounters) > 1:
        if tune is not None or sweep is not None:
            raise fail("momenta simulate: --tune and --sweep take one encounter, not a "
                       "chain", 2)
        for path in encounters:
            if looks_like_fight(path):
                raise fail(f"momenta simulate: {path} is a saved fight: a chain takes "
                           "encounter files", 2)
        _chain(encounters, fights, seed, n_jobs, policy, max_rounds, as_json, script,
               no_color, width)
        return
    encounter = encounters[0]
    if looks_like_fight(encounter):
        if tune is not None or sweep is not None or script is not None:
            raise fail(f"momenta simulate: {encounter} is a saved fight: it is forecast "
                       "as it stands; --tune, --sweep and --script take an encounter", 2)
        _forecast(encounter, fights, seed, n_jobs, policy, max_rounds, as_json,
                  no_color, width)
        return
    if tune is not None or sweep is not None:
        _tuning(encounter, tune, sweep, rate, fights, seed, n_jobs, policy, max_rounds,
                as_json, no_color, width)
        return
    import json

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
    seed = _seed(seed)
    if script is not None:
        _check_script(script, fights, "a fight")
        with guarded():
            typer.echo(_script(encounter, enc, chosen, seed, script, max_rounds), nl=False)
        return
    console = make_console(no_color=no_color, width=width)
    with guarded():
        results = _played(console, as_json, "simulating", fights, partial(
            tally_run, enc, policy, fights, seed, jobs=n_jobs, max_rounds=max_rounds))
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


def _played(console, as_json: bool, label: str, total: int, run):
    """``run(progress=...)`` with a progress bar of ``total`` fights under ``label`` at a
    terminal, or ``run()`` bare (JSON, a pipe): the one bar of every simulate run."""
    if not wants_bar(console, as_json):
        return run()
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    with Progress(label, BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=console, transient=True) as bar:
        task = bar.add_task(label, total=total)
        return run(progress=lambda k: bar.advance(task, k))


def _forecast(path: Path, fights: int, seed: int | None, jobs: int, policy: str | None,
              max_rounds: int, as_json: bool, no_color: bool, width: int | None) -> None:
    """A saved fight played on from where it stands (simulate/forecast.py)."""
    import json

    from momenta_cli.cli.common import warn
    from momenta_cli.journal import FightFile
    from momenta_cli.render import forecast_report
    from momenta_cli.simulate import (
        forecast_summary,
        forecast_tally,
        load_policy,
        position_seed,
    )

    with guarded():
        ff = FightFile.open(path, repair=False, state_only=True)
        warn(ff)
        state = ff.session.state
        chosen = load_policy(policy)
    if seed is None:
        seed = position_seed(state)
    console = make_console(no_color=no_color, width=width)
    with guarded():
        t = _played(console, as_json, "forecasting", fights, partial(
            forecast_tally, state, policy, fights, seed, jobs=jobs, max_rounds=max_rounds))
    summary = forecast_summary(state, t, seed=seed, policy=chosen.name,
                               max_rounds=max_rounds)
    if as_json:
        typer.echo(json.dumps(summary, indent=2, ensure_ascii=False))
        return
    console.print(forecast_report(summary))


def _tuning(path: Path, tune: str | None, sweep: str | None, rate: float | None,
            fights: int, seed: int | None, jobs: int, policy: str | None, max_rounds: int,
            as_json: bool, no_color: bool, width: int | None) -> None:
    """``--tune`` and ``--sweep`` (simulate/tune.py); Ctrl-C prints what is known."""
    import json

    from momenta_cli.render import tuning_report
    from momenta_cli.simulate import Runner, Search, check_playable, find_knob, load_policy

    span = _sweep(sweep) if sweep is not None else None
    param = span[0] if span else tune
    assert param is not None
    with guarded():
        enc = load_playable(path, "simulate plays encounters")
        check_playable(enc)
        load_policy(policy)
    try:
        k = find_knob(path, param, enc)
    except MomentaError as err:
        raise fail(f"momenta simulate: {err}", 2) from None
    seed = _seed(seed)
    search = Search(k, rate, fights, seed)
    console = make_console(no_color=no_color, width=width)
    runner = Runner(policy, jobs, max_rounds)
    try:
        with guarded():
            if wants_bar(console, as_json):
                from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

                # the PARAM as typed, a name from the file in it: never read as markup
                with Progress(TextColumn("{task.description}", markup=False), BarColumn(),
                              MofNCompleteColumn(), console=console, transient=True) as bar:
                    task = bar.add_task("", total=fights)

                    def started(v: int) -> None:
                        bar.reset(task, total=fights, description=f"{param} = {v}")

                    runner.started = started
                    runner.progress = lambda n: bar.advance(task, n)
                    _run_search(search, runner, span)
            else:
                _run_search(search, runner, span)
    except KeyboardInterrupt:
        search.interrupted = True
    report = search.as_dict()
    report["policy"] = load_policy(policy).name
    if as_json:
        typer.echo(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        console.print(tuning_report(report, sweep=span is not None))
    if search.interrupted:
        raise typer.Exit(130)
    if not any(t.fights and not t.refused for t in search.trials):
        from momenta_cli.text import one_line

        # every value refused by the file: there is no answer, and a script must know
        typer.echo(f"momenta simulate: no value of {one_line(param)} could be played "
                   f"(each was refused, above)", err=True)
        raise typer.Exit(1)


def _run_search(search: Search, runner: Runner, span: tuple[str, int, int] | None
                ) -> None:
    from momenta_cli.simulate import run_sweep, run_tune

    if span is not None:
        run_sweep(search, runner, span[1], span[2])
    else:
        run_tune(search, runner)


def _chain(paths: list[Path], fights: int, seed: int | None, jobs: int,
           policy: str | None, max_rounds: int, as_json: bool, script: int | None,
           no_color: bool, width: int | None) -> None:
    """Several encounters played in order, the party carried (simulate/chain.py)."""
    import json

    from momenta_cli.render import chain_report
    from momenta_cli.simulate import (
        MAX_CHAIN,
        chain_run,
        chain_summary,
        check_playable,
        load_policy,
    )

    if len(paths) > MAX_CHAIN:
        raise fail(f"momenta simulate: at most {MAX_CHAIN} encounters in a chain; got "
                   f"{len(paths)}", 2)
    with guarded():
        encs = []
        for path in paths:
            enc = load_playable(path, "simulate plays encounters")
            check_playable(enc)
            encs.append(enc)
        chosen = load_policy(policy)
    seed = _seed(seed)
    if script is not None:
        _check_script(script, fights, "a chain")
        with guarded():
            typer.echo(_chain_script(paths, encs, chosen, seed, script, max_rounds),
                       nl=False)
        return
    console = make_console(no_color=no_color, width=width)
    with guarded():
        t = _played(console, as_json, "simulating", fights, partial(
            chain_run, encs, policy, fights, seed, jobs=jobs, max_rounds=max_rounds))
    summary = chain_summary(t, seed=seed, policy=chosen.name, max_rounds=max_rounds)
    if as_json:
        typer.echo(json.dumps(summary, indent=2, ensure_ascii=False))
        return
    console.print(chain_report(summary))


def _chain_script(paths: list[Path], encs, chosen, seed: int, k: int, max_rounds: int
                  ) -> str:
    """Chain ``k`` (1-based) as the replay script of each fight played, each after the
    party it started with (a party file, as comments)."""
    from momenta_cli.simulate import party_yaml, play_chain
    from momenta_cli.text import one_line

    result, kept = play_chain(encs, chosen, seed, k - 1, max_rounds, keep=True)
    assert kept is not None
    names = " ".join(str(p) for p in paths)
    end = ("the party survives them all" if result.survived else
           f"the party does not get through {paths[len(result.legs) - 1]}")
    out = [f"# chain {k} of momenta simulate {names} --seed {seed} --policy {chosen.name}",
           f"# {end}; every die is written, so any seed replays each fight"]
    for i, ((party, session), leg) in enumerate(zip(kept, result.legs, strict=True)):
        out += ["#", f"# encounter {i + 1} of {len(paths)}: {paths[i]}: "
                f"{ENDINGS.get(leg.winner, leg.winner)} after {leg.rounds} round(s)"]
        if party:
            out.append("# the party as the last fight left it (R38; a party file: name it "
                       "in the file to replay this fight):")
            out += [f"#   {line}" for line in party_yaml(party).splitlines()]
        out += [e.script_line for e in session.entries]
    return "\n".join(one_line(x) for x in out) + "\n"


def register(app: typer.Typer) -> None:
    """Add this module's command to ``app``."""
    app.command()(simulate)


def _seed(seed: int | None) -> int:
    """The run's seed: the one given, else a fresh random one (printed in the report)."""
    import secrets

    return secrets.randbelow(2 ** 31) if seed is None else seed


def _check_script(script: int, fights: int, what: str) -> None:
    """``--script K`` names one of the run's fights (``what``: "a fight", "a chain")."""
    if not 1 <= script <= fights:
        raise fail(f"momenta simulate: --script takes {what} from 1 to -n ({fights}); "
                   f"got {script}", 2)

