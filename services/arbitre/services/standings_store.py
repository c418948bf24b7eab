"""The standings of games in Redis: closing a turn adds its points (solos included) in one
atomic, idempotent script; reading ranks players from a sorted set.

A game's totals are a sorted set of *minus* each total, so that ascending order is the ranking
and equal totals come in player-id order, as :func:`arbitre.rules.results.standings` sorts them.
A player's place is one more than the number of players with a strictly better total (places
shared on ties: 1, 2, 2, 4). The solo rule, the négatif and the % of top are the rules' own
(:mod:`arbitre.rules.results`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from arbitre.rules.results import (
    InvalidResultsError,
    Standing,
    TurnScores,
    percent_of_top,
    solos,
)
from arbitre.services.game_keys import GameKeys

__all__ = ["StandingsPage", "StandingsStore"]

# KEYS: closed, totals, stats. ARGV: turn, top, then (player, delta, is_top, is_solo) * n.
_CLOSE_TURN = """
if redis.call('SADD', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('HINCRBY', KEYS[3], 'top_total', ARGV[2])
redis.call('HINCRBY', KEYS[3], 'turns', 1)
for i = 3, #ARGV, 4 do
  local player = ARGV[i]
  redis.call('ZINCRBY', KEYS[2], -tonumber(ARGV[i + 1]), player)
  if ARGV[i + 2] == '1' then redis.call('HINCRBY', KEYS[3], player .. ':tops', 1) end
  if ARGV[i + 3] == '1' then redis.call('HINCRBY', KEYS[3], player .. ':solos', 1) end
end
return 1
"""


@dataclass(frozen=True, slots=True)
class StandingsPage:
    """Some lines of a game's standings and the game's totals."""

    standings: tuple[Standing, ...]
    top_total: int
    turns: int
    players: int


class StandingsStore:
    """Standings of every game, over a redis-py client (``decode_responses=True``)."""

    def __init__(self, redis: Any) -> None:
        self.redis = redis
        self._close_turn = redis.register_script(_CLOSE_TURN)

    def close_turn(
        self,
        game_id: str,
        turn: int,
        top: int,
        players: Sequence[str],
        points: Mapping[str, int],
        solo_bonus: int,
        solo_min_players: int,
    ) -> tuple[frozenset[str], bool]:
        """Add ``turn``'s ``points`` (a player of ``players`` missing from it scores 0) to the
        standings; the solos and whether the turn had been closed before (then nothing
        changes). Raises :class:`~arbitre.rules.results.InvalidResultsError` for points above
        the top, a player not in ``players`` or listed there twice."""
        scores = TurnScores(turn, top, {player: points.get(player, 0) for player in players})
        unknown = set(points) - set(players)
        if unknown:
            raise InvalidResultsError(f"turn {turn}: unknown players {sorted(unknown)}")
        if len(set(players)) != len(players):
            raise InvalidResultsError(f"turn {turn}: a player is listed more than once")
        alone = solos(scores, len(players), solo_bonus, solo_min_players)
        arguments: list[Any] = [turn, top]
        for player, scored in scores.points.items():
            bonus = solo_bonus if player in alone else 0
            arguments += [player, scored + bonus, int(scored == top), int(player in alone)]
        keys = GameKeys(game_id)
        added = self._close_turn(keys=[keys.closed, keys.totals, keys.stats], args=arguments)
        return alone, not added

    def page(self, game_id: str, offset: int = 0, limit: int = 0) -> StandingsPage:
        """Lines ``offset`` to ``offset + limit`` (all from ``offset`` when ``limit`` is 0)."""
        keys = GameKeys(game_id)
        stop = offset + limit - 1 if limit > 0 else -1
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.zrange(keys.totals, offset, stop, withscores=True)
            pipe.hgetall(keys.stats)
            pipe.zcard(keys.totals)
            lines, stats, count = pipe.execute()
        top_total = int(stats.get("top_total", 0))
        distinct = sorted({score for _, score in lines})
        with self.redis.pipeline(transaction=False) as pipe:
            for score in distinct:
                pipe.zcount(keys.totals, "-inf", f"({score}")
            better = dict(zip(distinct, pipe.execute(), strict=True))
        standings = []
        for player, score in lines:
            total = -int(score)
            standings.append(
                Standing(
                    rank=better[score] + 1,
                    player=player,
                    total=total,
                    negatif=total - top_total,
                    percent_of_top=percent_of_top(total, top_total),
                    tops=int(stats.get(f"{player}:tops", 0)),
                    solos=int(stats.get(f"{player}:solos", 0)),
                )
            )
        return StandingsPage(tuple(standings), top_total, int(stats.get("turns", 0)), count)
