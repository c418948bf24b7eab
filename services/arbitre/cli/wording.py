"""How the command line words a count: ``1 player``, ``2 players``, ``0 players``."""

from __future__ import annotations

__all__ = ["counted"]


def counted(count: int, singular: str, plural: str = "") -> str:
    """``count`` and the noun that agrees with it: ``singular`` for 1 (and -1), else ``plural``
    (``singular + "s"`` by default). The noun may carry its verb: ``counted(n, "score
    differs", "scores differ")``.

    >>> counted(1, "player"), counted(0, "player"), counted(3, "score differs", "scores differ")
    ('1 player', '0 players', '3 scores differ')
    """
    return f"{count} {singular if abs(count) == 1 else plural or singular + 's'}"
