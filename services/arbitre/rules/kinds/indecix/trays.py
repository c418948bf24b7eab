"""A player's tray and score in a game, and who wins it.

Each player's tray holds, for one game: the dice not rolled yet; the dice they captured, their
own (worth their face) and the opponent's (twice their face); the opponent's dice that went
unplayed (1 point each); and the suites they completed (their points). The score is the sum of
the categories. The higher score wins the game; equal scores go to more suites, then to more
opponent dice captured; still equal, the game is drawn (:func:`winner`).

>>> tray = Tray(remaining=3, captured_own=(2,), captured_opponent=(5, 1), unplayed_opponent=(4,),
...             suite_points=(17,))
>>> tray.total, tray.key
(32, (32, 1, 2))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from arbitre.rules.kinds.indecix.dice import DICE_PER_PLAYER
from arbitre.rules.kinds.indecix.rolls import Roll

__all__ = ["Tray", "trays", "winner"]


@dataclass(frozen=True, slots=True)
class Tray:
    """One player's tray in one game: ``remaining`` dice not rolled yet, the faces of the dice
    of each category, and each suite's points."""

    remaining: int
    captured_own: tuple[int, ...] = ()
    captured_opponent: tuple[int, ...] = ()
    unplayed_opponent: tuple[int, ...] = ()
    suite_points: tuple[int, ...] = ()

    @property
    def total(self) -> int:
        """The score: every category's points."""
        return (
            sum(self.captured_own)
            + 2 * sum(self.captured_opponent)
            + len(self.unplayed_opponent)
            + sum(self.suite_points)
        )

    @property
    def key(self) -> tuple[int, int, int]:
        """What ranks two players: the score, then the suites, then the opponent dice
        captured."""
        return (self.total, len(self.suite_points), len(self.captured_opponent))

    def data(self) -> dict[str, Any]:
        """The tray as JSON: each category's dice (faces), count and points, and the total."""
        return {
            "remaining": self.remaining,
            "captured_own": _category(self.captured_own, sum(self.captured_own)),
            "captured_opponent": _category(self.captured_opponent, 2 * sum(self.captured_opponent)),
            "unplayed_opponent": _category(self.unplayed_opponent, len(self.unplayed_opponent)),
            "suites": {"count": len(self.suite_points), "points": sum(self.suite_points)},
            "total": self.total,
        }


def _category(faces: Sequence[int], points: int) -> dict[str, Any]:
    return {"faces": list(faces), "count": len(faces), "points": points}


def trays(rolls: Iterable[Roll]) -> tuple[Tray, Tray]:
    """Both seats' trays (seat 0 first) after the resolved ``rolls`` of one game (an open roll
    counts as rolled, nothing more)."""
    rolled = [0, 0]
    own: list[list[int]] = [[], []]
    theirs: list[list[int]] = [[], []]
    unplayed: list[list[int]] = [[], []]
    suites: list[list[int]] = [[], []]
    for roll in rolls:
        player = roll.player
        rolled[player] += 1
        if roll.lost is not None:
            unplayed[1 - player].append(roll.face)
        elif roll.placement is not None:
            for _, die in roll.placement.captured:
                (own if die.owner == player else theirs)[player].append(die.face)
            suites[player].extend(suite.points for suite in roll.placement.suites)
    first, second = (
        Tray(
            remaining=DICE_PER_PLAYER - rolled[seat],
            captured_own=tuple(own[seat]),
            captured_opponent=tuple(theirs[seat]),
            unplayed_opponent=tuple(unplayed[seat]),
            suite_points=tuple(suites[seat]),
        )
        for seat in (0, 1)
    )
    return first, second


def winner(pair: tuple[Tray, Tray]) -> int | None:
    """The seat who wins with these trays, or ``None`` for a draw."""
    first, second = pair[0].key, pair[1].key
    if first == second:
        return None
    return 0 if first > second else 1
