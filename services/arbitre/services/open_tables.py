"""The open tables: the waiting games with seats left that anyone may join, newest first.

A table is *open* (:func:`is_open_table`) while it is a game with seats (``seats`` > 0), still
``waiting``, not full and not played from a package (a simultané's organiser invites its own
players). The sorted set :data:`~arbitre.services.game_keys.OPEN_TABLES` (game id -> creation,
Unix ms) indexes them so that listing costs a few round trips whatever the number of games:
:class:`~arbitre.services.session_store.SessionStore` adds a table when it is created and drops
it when it fills up or its status leaves ``waiting``. The index is only a hint: :func:`listed`
reads each candidate's game hash, keeps the open ones, and prunes the rest (a game expired, or
changed by a path that did not drop it) and every entry older than the listing's horizon.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from arbitre.services.game_keys import OPEN_TABLES, GameKeys

__all__ = [
    "MAX_LISTED_TABLES",
    "OpenTable",
    "drop",
    "is_open_table",
    "list_table",
    "listed",
]

#: Most open tables one listing gives.
MAX_LISTED_TABLES = 50
#: Most index entries one listing reads (stale ones are pruned as they are read, so a later
#: listing reads fewer).
_MAX_SCANNED = 20 * MAX_LISTED_TABLES
#: The fields of a game hash a listing reads (never a secret: no seed, no token hash).
_FIELDS = (
    "kind",
    "status",
    "seats",
    "players",
    "package_hash",
    "title",
    "config",
    "created_ms",
)


@dataclass(frozen=True, slots=True)
class OpenTable:
    """What the list of open tables shows of one: nothing a player could not see on its page."""

    game_id: str
    kind: str
    title: str
    seats: int
    players: int
    robots: int
    variant: str
    lexicon: str
    seconds_per_turn: int
    created_ms: int
    language: str


def is_open_table(game: Mapping[str, Any]) -> bool:
    """Whether the game (its hash, or the fields it is created with) is a table anyone may
    join now."""
    seats = int(game.get("seats") or 0)
    return (
        bool(game.get("kind"))
        and game.get("status") == "waiting"
        and seats > 0
        and int(game.get("players") or 0) < seats
        and not game.get("package_hash")
    )


def list_table(pipe: Any, game_id: str, created_ms: int) -> None:
    """Queue on ``pipe``: the table ``game_id``, created at ``created_ms``, is open."""
    pipe.zadd(OPEN_TABLES, {game_id: created_ms})


def drop(pipe: Any, game_id: str) -> None:
    """Queue on ``pipe`` (or do, on a client): the game ``game_id`` is no open table."""
    pipe.zrem(OPEN_TABLES, game_id)


def _table(game_id: str, game: Mapping[str, str], robots: int) -> OpenTable:
    try:
        config = json.loads(game.get("config") or "{}")
    except ValueError:
        config = {}
    if not isinstance(config, dict):
        config = {}
    return OpenTable(
        game_id=game_id,
        kind=game.get("kind") or "",
        title=game.get("title") or "",
        seats=int(game.get("seats") or 0),
        players=int(game.get("players") or 0),
        robots=robots,
        variant=str(config.get("variant") or ""),
        lexicon=str(config.get("lexicon") or ""),
        seconds_per_turn=int(config.get("seconds_per_turn") or 0),
        created_ms=int(game.get("created_ms") or 0),
        language=str(config.get("language") or ""),
    )


def listed(
    redis: Any, now_ms: int, horizon_ms: int, limit: int = MAX_LISTED_TABLES
) -> list[OpenTable]:
    """The open tables created in the last ``horizon_ms`` before ``now_ms`` (Redis's clock),
    newest first, at most ``limit`` (up to :data:`MAX_LISTED_TABLES`). Index entries of games
    that are gone, started, full or older than the horizon are removed."""
    limit = max(0, min(limit, MAX_LISTED_TABLES))
    redis.zremrangebyscore(OPEN_TABLES, "-inf", f"({now_ms - horizon_ms}")
    found: list[OpenTable] = []
    stale: list[str] = []
    offset = 0
    batch = 2 * MAX_LISTED_TABLES
    while len(found) < limit and offset < _MAX_SCANNED:
        ids = [str(game_id) for game_id in redis.zrevrange(OPEN_TABLES, offset, offset + batch - 1)]
        if not ids:
            break
        offset += len(ids)
        with redis.pipeline(transaction=False) as pipe:
            for game_id in ids:
                keys = GameKeys(game_id)
                pipe.hmget(keys.game, _FIELDS)
                pipe.hlen(keys.robots)
            answers = pipe.execute()
        for index, game_id in enumerate(ids):
            game = {
                field: value
                for field, value in zip(_FIELDS, answers[2 * index], strict=True)
                if value is not None
            }
            if not is_open_table(game):
                stale.append(game_id)
            elif len(found) < limit:
                found.append(_table(game_id, game, int(answers[2 * index + 1])))
    if stale:
        redis.zrem(OPEN_TABLES, *stale)
    return found
