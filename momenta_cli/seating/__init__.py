"""Seats: the exchange between the prompt and the players' screen that lets a player
answer their own PC's decisions from a phone (``seat NAME`` at the prompt). The prompt
and the server may be two processes (``momenta serve FIGHT --lan`` beside ``momenta
run``) or one (``run --serve --lan``), so they meet in files beside the fight, in a
private directory (mode 0700, each file 0600): the seats (a random token per PC), the
server's address, the open question, and one claim per question, created exclusively
so that the first answer, the phone's or the GM's, is the only one ever taken.
Standard library only: both the prompt and the server read it.

Modules:

    exchange   the seats, the open question, the claims and their outcomes

The API is the names ``__init__.pyi`` imports (mypy reads it); each loads from its
module on first use (``lazy_loader``), so importing this package costs nothing.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
