"""Monte Carlo simulation of an encounter: play it many times through the engine, with
simple policies for both sides, and sum up how it tends to go.

Pure (no Rich, no Typer, no files): ``policy.py`` (the built-in policies),
``view.py`` (what a policy sees), ``estimate.py`` (expected damage, for choosing),
``fight.py`` (one fight to the end), ``stats.py`` (the figures and the verdict). Not
pure, next to them: ``policy_file.py`` (loading a policy file: the file system and
importlib) and ``play/runner.py`` (many fights, in one process or several). The command is
``momenta_cli/cli/simulate_cmd.py``; the report ``render/simulate_report.py``.

Modules:

    approach     Walking toward the fight on a map, for the built-in policies (R32-R34,
                 ch19 Move):
    batch        Running many fights, in this process or in a pool of worker processes
                 (the standard library's ``concurrent.futures.ProcessPoolExecutor``).
    estimate     A cheap estimate of what an attack is worth, for the built-in policies
                 to choose by.
    fight        Playing one fight to the end through the engine, as the policies
                 choose.
    melee_sight  The simulator's ruling on melee through a wall (ch20 Line of Sight,
                 R33).
    policy       Policies:
    policy_file  Loading a policy file:
    stats        The figures of a simulation run, from its per-fight results:
    view         What a policy sees of a simulated fight (``View``) and the attacks it
                 may pick from (``Option``), each with its estimated worth
                 (``estimate.py``).

The API is what ``__init__.pyi`` beside this file imports: mypy reads it, and
the names load lazily from their modules on first use (``lazy_loader``), so
importing this package costs nothing until a name is used.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
