# The door of cli.completion: each name of its API and the module it lives in.

from .completer import complete as complete, quote as quote
