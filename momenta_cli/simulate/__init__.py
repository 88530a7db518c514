"""Monte Carlo simulation of an encounter: play it many times through the engine, with
simple policies for both sides, and sum up how it tends to go.

Pure (no Rich, no Typer, no files): ``policy.py`` (the built-in policies),
``view.py`` (what a policy sees), ``estimate.py`` (expected damage, for choosing),
``fight.py`` (one fight to the end), ``stats.py`` (the figures and the verdict). Not
pure, next to them: ``policy_file.py`` (loading a policy file: the file system and
importlib) and ``play/runner.py`` (many fights, in one process or several). The command is
``momenta_cli/cli/simulate_cmd.py``; the report ``render/simulate_report.py``.
"""
