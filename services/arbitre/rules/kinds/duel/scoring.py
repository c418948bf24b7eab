"""The points of a Duel de Mots round and the ranking over a game's rounds.

A word found at try 1 to 6 scores :data:`TRY_POINTS` (60 down to 10); a word not found scores
0, whatever the tries used. The first three players to find it, in the order the server
accepted their guesses, add :data:`SPEED_BONUS` (+15, +10, +5), whatever their number of tries:
a first finder at the sixth try still gets +15. The best round is worth :data:`BEST_ROUND`.

>>> RoundResult(tries=1, place=1, solve_ms=9_000).points
75
>>> RoundResult(tries=6, place=1, solve_ms=9_000).points, RoundResult(tries=2, place=4).points
(25, 50)
>>> RoundResult(tries=6).points
0

The game is won on the total over its rounds. Equal totals are broken by more words found, then
fewer tries over the rounds found, then the smaller sum of solve times (each the time from the
round's opening to the find); players still equal share their rank.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from arbitre.rules.kinds.base import Standing, shared_ranks

__all__ = [
    "BEST_ROUND",
    "MAX_TRIES",
    "SPEED_BONUS",
    "TRY_POINTS",
    "RoundResult",
    "speed_bonus",
    "standings",
    "try_points",
]

#: Points of a word found at try 1, 2, ... 6.
TRY_POINTS: tuple[int, ...] = (60, 50, 40, 30, 20, 10)
#: The tries a player has in a round.
MAX_TRIES = len(TRY_POINTS)
#: The bonus of the first, second and third players to find the word.
SPEED_BONUS: tuple[int, ...] = (15, 10, 5)
#: The most a player can score in a round.
BEST_ROUND = TRY_POINTS[0] + SPEED_BONUS[0]


def try_points(tries: int) -> int:
    """The points of a word found at try ``tries`` (1 to :data:`MAX_TRIES`)."""
    if not 1 <= tries <= MAX_TRIES:
        raise ValueError(f"a word is found at try 1 to {MAX_TRIES}, not {tries}")
    return TRY_POINTS[tries - 1]


def speed_bonus(place: int) -> int:
    """The bonus of the ``place``-th player to find the word (1 for the first; 0 past the
    third)."""
    if place < 1:
        raise ValueError(f"a place is counted from 1, not {place}")
    return SPEED_BONUS[place - 1] if place <= len(SPEED_BONUS) else 0


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One player's round: the ``tries`` they used; ``place``, their rank among the players who
    found the word (1 for the first; ``None``: not found); ``solve_ms``, when they found it,
    counted from the round's opening."""

    tries: int
    place: int | None = None
    solve_ms: int | None = None

    @property
    def found(self) -> bool:
        return self.place is not None

    @property
    def points(self) -> int:
        """Try points plus speed bonus for a word found, 0 otherwise."""
        if self.place is None:
            return 0
        return try_points(self.tries) + speed_bonus(self.place)


def standings(
    players: Sequence[str], rounds: Sequence[Mapping[str, RoundResult]]
) -> list[Standing]:
    """The ranking of ``players`` (in seating order) over the closed ``rounds`` (each: the
    results of the players who played it), best first, ties in seating order.

    ``details``: ``rounds_found``, ``tries`` (over the rounds found), ``solve_ms`` (their sum
    over the rounds found) and ``round_points``, one per round (``None`` for a round the player
    did not play).
    """
    lines: list[tuple[str, tuple[int, int, int, int], dict[str, object]]] = []
    for player in players:
        played = [results.get(player) for results in rounds]
        found = [r for r in played if r is not None and r.found]
        total = sum(r.points for r in played if r is not None)
        tries = sum(r.tries for r in found)
        solve_ms = sum(r.solve_ms or 0 for r in found)
        details: dict[str, object] = {
            "rounds_found": len(found),
            "tries": tries,
            "solve_ms": solve_ms,
            "round_points": [None if r is None else r.points for r in played],
        }
        lines.append((player, (-total, -len(found), tries, solve_ms), details))
    lines.sort(key=lambda line: line[1])  # stable: ties stay in seating order
    ranks = shared_ranks([(player, key) for player, key, _ in lines])
    return [
        Standing(rank=rank, player=player, total=-key[0], details=details)
        for (rank, player), (_, key, details) in zip(ranks, lines, strict=True)
    ]
