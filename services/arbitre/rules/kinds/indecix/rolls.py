"""One roll of a game and how it ended: placed, or lost to the opponent.

A roll is open from the moment its die is rolled until it is *resolved*: placed on the grid
(its :class:`~arbitre.rules.kinds.indecix.moves.Placement`), or lost (:class:`Loss`). A lost
die goes, unplayed, to the opponent's tray and is worth 1 point to the opponent, whatever the
reason: no legal cell, the Blitz clock, an illegal drop in Master, or a player who left.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from arbitre.rules.kinds.indecix.moves import Placement

__all__ = ["Loss", "Roll"]


class Loss(StrEnum):
    """Why a die went unplayed to the opponent's tray."""

    NO_LEGAL_CELL = "no_legal_cell"  # no cell was legal for it: the turn passes
    TIMEOUT = "timeout"  # Blitz: not placed before the deadline
    ILLEGAL_DROP = "illegal_drop"  # Master: dropped on a cell its face forbids
    ABSENT = "absent"  # its player had left the table


@dataclass(slots=True)
class Roll:
    """Roll ``number`` of the match (from 1), roll ``index`` (1 to 36) of game ``game``: seat
    ``player``'s die of ``face``, rolled at ``rolled_ms``, to be placed before ``deadline_ms``
    (Blitz; else ``None``), which pauses moved by ``shifted_ms`` in all. Once resolved
    (``at_ms``), either ``placement`` or ``lost`` is set; ``drop`` is the cell of an illegal
    drop."""

    number: int
    game: int
    index: int
    player: int
    face: int
    rolled_ms: int
    deadline_ms: int | None
    shifted_ms: int = 0
    at_ms: int | None = None
    placement: Placement | None = None
    lost: Loss | None = None
    drop: int | None = None

    @property
    def is_open(self) -> bool:
        return self.at_ms is None

    @property
    def points(self) -> int:
        """What the roll scored for its player (a lost die scores for the opponent)."""
        return 0 if self.placement is None else self.placement.points
