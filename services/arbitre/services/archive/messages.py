"""A finished game from the session's messages, and back: what the archiver keeps of a game's
``GameRecord`` and ``GameStandings`` (as ``GetRecord`` and ``GetStandings`` give them), and the
same messages made again from the archive, for a game no longer in Redis. The kind's parts go
through the API's data (:mod:`arbitre.api.kind_parts`), as the gateway reads them: the archive
holds the record as ``GET /v1/games/{id}/record`` shows it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arbitre.api.kind_parts import part, put_part
from arbitre.services.archive.store import ArchivedPlayer, FinishedGame
from arbitre.v1 import scoring_pb2, session_pb2

__all__ = ["finished_game", "record_message", "standings_message"]


def finished_game(
    game_id: str,
    game: Mapping[str, str],
    record: Any,
    standings: Any,
    roster: Sequence[tuple[str, str]],
    robots: Mapping[str, Mapping[str, str]],
    finished_ms: int,
) -> FinishedGame:
    """What the archive keeps of the finished game ``game_id``: its hash ``game``, its
    ``record`` (a ``GameRecord``) and every line of its ``standings`` (a ``GameStandings``),
    its players (``roster``: id and name in join order; ``robots``: player id -> ``{"level"}``)
    and when it ended (``finished_ms``)."""
    typed = part(record, "kind_record")
    lines = []
    for line in standings.standings:
        details = part(line, "details")
        lines.append(
            {
                "rank": line.standing.rank,
                "player": line.standing.player,
                "name": line.name,
                "total": line.standing.total,
                "details": None if details is None else details[1],
            }
        )
    created = int(game.get("created_ms") or 0)
    return FinishedGame(
        game_id=game_id,
        kind=game["kind"],
        title=game.get("title", ""),
        created_ms=created or None,
        finished_ms=finished_ms,
        players=tuple(
            ArchivedPlayer(player, name, robots.get(player, {}).get("level") or None)
            for player, name in roster
        ),
        turns=standings.turns,
        standings=tuple(lines),
        record={} if typed is None else typed[1],
        seed_commitment=record.seed_commitment,
        seed_salt=record.seed_salt,
        fingerprint=record.fingerprint,
        sheet=record.sheet,
    )


def record_message(game: FinishedGame) -> Any:
    """The archived game's ``GameRecord``, as ``GetRecord`` gave it."""
    found = session_pb2.GameRecord(
        sheet=game.sheet,
        seed_commitment=game.seed_commitment,
        seed_salt=game.seed_salt,
        names={player.id: player.name for player in game.players},
        fingerprint=game.fingerprint,
    )
    put_part(found, game.kind, game.record)
    return found


def standings_message(game: FinishedGame, offset: int = 0, limit: int = 0) -> Any:
    """A page of the archived game's ``GameStandings`` (``limit`` 0: every line from
    ``offset``), as ``GetStandings`` gave it."""
    lines = game.standings
    shown = lines[offset : offset + (limit or len(lines))]
    found = session_pb2.GameStandings(turns=game.turns, players=len(lines))
    for line in shown:
        named = found.standings.add(
            standing=scoring_pb2.Standing(
                rank=line["rank"], player=line["player"], total=line["total"]
            ),
            name=line["name"],
        )
        details: dict[str, Any] | None = line.get("details")
        if details is not None:
            put_part(named, game.kind, details)
    return found
