"""Results of a duplicate game: solos, totals, négatif, % of top, tops and ranks.

Each turn gives the top score and every player's points (0 without an answer; an answer with an
illegal placement or an unknown word has already been judged to 0). A player's total is the sum
of their points plus their solo bonuses; the négatif is the total minus the cumulated top, and
the % of top the total over the cumulated top. Players with the same total share a place
(standard competition ranking: 1, 2, 2, 4).

>>> turns = [
...     TurnScores(1, 80, {"ana": 80, "bob": 80, "cyd": 20}),
...     TurnScores(2, 36, {"ana": 30, "bob": 36, "cyd": 0}),
... ]
>>> for line in standings(["ana", "bob", "cyd"], turns):
...     print(line.rank, line.player, line.total, line.negatif, line.percent_of_top, line.tops)
1 bob 116 0 100.0 2
2 ana 110 -6 94.83 1
3 cyd 20 -96 17.24 0
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from arbitre.rules.errors import ArbitreError

__all__ = [
    "SOLO_BONUS",
    "SOLO_MIN_PLAYERS",
    "InvalidResultsError",
    "Standing",
    "TurnScores",
    "percent_of_top",
    "shared_places",
    "solos",
    "standings",
]

#: FISF solo bonus: points for being alone on the top of a turn.
SOLO_BONUS = 10
#: FISF: solos count only when at least this many players are active.
SOLO_MIN_PLAYERS = 16


class InvalidResultsError(ArbitreError):
    """Turn scores that cannot be ranked: a player not registered, negative points or points
    above the top, two turns with the same number, a player registered twice."""

    code = "bad_results"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class TurnScores:
    """The scores of one turn: its ``number`` (from 1), the ``top`` score and every player's
    ``points`` (player id -> points, 0 when the player did not answer).

    The constructor raises :class:`InvalidResultsError` for a number below 1, a negative top,
    and points that are negative or above the top (nobody outscores the top). A registered
    player missing from ``points`` counts as 0 in :func:`standings`.
    """

    number: int
    top: int
    points: Mapping[str, int]

    def __post_init__(self) -> None:
        if not _is_int(self.number) or self.number < 1:
            raise InvalidResultsError(f"turn number {self.number!r} must be an integer from 1")
        if not _is_int(self.top) or self.top < 0:
            raise InvalidResultsError(
                f"turn {self.number}: top {self.top!r} must be an integer of 0 or more"
            )
        if not isinstance(self.points, Mapping):
            raise InvalidResultsError(
                f"turn {self.number}: points must map player ids to points, not {self.points!r}"
            )
        for player, points in self.points.items():
            if not isinstance(player, str):
                raise InvalidResultsError(
                    f"turn {self.number}: player id {player!r} must be a string"
                )
            if not _is_int(points) or points < 0:
                raise InvalidResultsError(
                    f"turn {self.number}: {player} has {points!r} points, expected an integer "
                    "of 0 or more"
                )
            if points > self.top:
                raise InvalidResultsError(
                    f"turn {self.number}: {player} has {points} points, above the top ({self.top})"
                )


@dataclass(frozen=True)
class Standing:
    """One line of the ranking.

    ``total`` includes solo bonuses; ``negatif`` is ``total`` minus the cumulated top (0 with
    every top, negative below it, positive only thanks to solos); ``percent_of_top`` is
    ``100 * total / cumulated top`` rounded half up to 2 decimals; ``tops`` counts the turns where
    the player scored the top, ``solos`` those where they alone did and got the bonus.
    """

    rank: int
    player: str
    total: int
    negatif: int
    percent_of_top: float
    tops: int
    solos: int


def solos(
    turn: TurnScores,
    active_players: int,
    bonus: int = SOLO_BONUS,
    min_players: int = SOLO_MIN_PLAYERS,
) -> frozenset[str]:
    """The players who get a solo on ``turn``: the one player who alone scored the top (a top
    above 0), when at least ``min_players`` players are active; empty otherwise.

    ``bonus`` is the amount :func:`standings` adds; a ``bonus`` of 0 turns solos off, so the
    result is empty. Raises :class:`InvalidResultsError` for a negative ``bonus``,
    ``active_players`` or ``min_players``.
    """
    for name, value in (
        ("bonus", bonus),
        ("active_players", active_players),
        ("min_players", min_players),
    ):
        if not _is_int(value) or value < 0:
            raise InvalidResultsError(f"{name} {value!r} must be an integer of 0 or more")
    if bonus == 0 or active_players < min_players or turn.top == 0:
        return frozenset()
    on_top = [player for player, points in turn.points.items() if points == turn.top]
    return frozenset(on_top) if len(on_top) == 1 else frozenset()


def percent_of_top(total: int, cumulated_top: int) -> float:
    """``100 * total / cumulated_top`` rounded half up to 2 decimals, computed exactly (100.0
    when nothing could be scored yet)."""
    if cumulated_top == 0:
        # Points never exceed the top and a solo needs a top above 0: the total is 0 too.
        return 100.0
    hundredths, remainder = divmod(10_000 * total, cumulated_top)
    if 2 * remainder >= cumulated_top:
        hundredths += 1
    return hundredths / 100


def shared_places(totals: Sequence[int]) -> list[int]:
    """The places of ``totals`` sorted best first: equal totals share a place and the next
    place skips as many (``[50, 40, 40, 30]`` -> ``[1, 2, 2, 4]``)."""
    places: list[int] = []
    for index, total in enumerate(totals):
        places.append(places[-1] if index and totals[index - 1] == total else index + 1)
    return places


def standings(
    players: Sequence[str],
    turns: Sequence[TurnScores],
    *,
    solo_bonus: int = SOLO_BONUS,
    solo_min_players: int = SOLO_MIN_PLAYERS,
) -> list[Standing]:
    """Rank ``players`` over ``turns``, best first.

    Every player of ``players`` counts as active for the solo rule (a registered player who
    never answers still counts), so solos apply when ``len(players) >= solo_min_players``; a
    player missing from a turn's points scored 0 on it. Ties share a place (1, 2, 2, 4); the list
    is sorted by rank, then by player id. The order of ``turns`` does not matter.

    Raises :class:`InvalidResultsError` when a turn's points name a player not in ``players``,
    when two turns have the same number, when a player is listed twice, and for a negative
    ``solo_bonus`` or ``solo_min_players``.
    """
    for name, value in (("solo_bonus", solo_bonus), ("solo_min_players", solo_min_players)):
        if not _is_int(value) or value < 0:
            raise InvalidResultsError(f"{name} {value!r} must be an integer of 0 or more")
    if isinstance(players, str) or not all(isinstance(player, str) for player in players):
        raise InvalidResultsError(f"players must be a sequence of player ids, not {players!r}")
    registered = set(players)
    if len(registered) != len(players):
        twice = sorted({player for player in players if players.count(player) > 1})
        raise InvalidResultsError(f"players listed more than once: {', '.join(twice)}")
    seen: set[int] = set()
    for turn in turns:
        if turn.number in seen:
            raise InvalidResultsError(f"turn {turn.number} appears more than once")
        seen.add(turn.number)
        unknown = sorted(set(turn.points) - registered)
        if unknown:
            raise InvalidResultsError(
                f"turn {turn.number}: unknown players {', '.join(map(repr, unknown))}"
            )

    totals = dict.fromkeys(players, 0)
    tops = dict.fromkeys(players, 0)
    solo_counts = dict.fromkeys(players, 0)
    cumulated_top = 0
    for turn in turns:
        cumulated_top += turn.top
        for player in players:
            points = turn.points.get(player, 0)
            totals[player] += points
            if points == turn.top:
                tops[player] += 1
        for player in solos(turn, len(players), solo_bonus, solo_min_players):
            totals[player] += solo_bonus
            solo_counts[player] += 1

    ordered = sorted(players, key=lambda player: (-totals[player], player))
    places = shared_places([totals[player] for player in ordered])
    result: list[Standing] = []
    for place, player in zip(places, ordered, strict=True):
        total = totals[player]
        result.append(
            Standing(
                rank=place,
                player=player,
                total=total,
                negatif=total - cumulated_top,
                percent_of_top=percent_of_top(total, cumulated_top),
                tops=tops[player],
                solos=solo_counts[player],
            )
        )
    return result
