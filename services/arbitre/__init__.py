"""Arbitre: the referee of simultaneous (duplicate) word games.

Layers point one way: :mod:`arbitre.rules` (pure rules, no I/O) is used by
:mod:`arbitre.engine` (lexicons, judging), which is used by the services and the gateway.
"""

__version__ = "0.1.0"
