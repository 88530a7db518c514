# The door of cli: each name of its API and the module it lives in.

from .app import main as main
