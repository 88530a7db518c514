"""momenta: a command-line combat tracker for the Momenta tabletop RPG."""

__version__ = "0.1.0"
