"""A contest (``arbitre.v1.Contest``, :mod:`arbitre.services.session.contests`) as JSON data:
what the gateway answers and a client of the gRPC service may show alike."""

from __future__ import annotations

from typing import Any

from arbitre.services.kind_names import name_of_enum

__all__ = ["MAX_CONTEST_TABLES", "MIN_CONTEST_TABLES", "contest_data"]

#: A contest's tables: from two to this many.
MIN_CONTEST_TABLES = 2
MAX_CONTEST_TABLES = 500


def contest_data(contest: Any) -> dict[str, Any]:
    """``contest`` as JSON data: its tables by number (each with ``game_id`` when the caller
    may know it, else ``null``), their seats and the ranking."""
    return {
        "contest_id": contest.contest_id,
        "kind": name_of_enum(contest.kind),
        "title": contest.title,
        "package_hash": contest.package_hash,
        "start_at_ms": contest.start_at_ms or None,
        "created_ms": contest.created_ms,
        "closed": contest.closed,
        "closed_reason": contest.closed_reason or None,
        "tables_over": contest.tables_over,
        "tables": [
            {
                "number": table.number,
                "game_id": table.game_id or None,
                "status": table.status,
                "seats": [
                    {
                        "player": seat.player or None,
                        "name": seat.name,
                        "total": seat.total if table.status == "over" else None,
                    }
                    for seat in table.seats
                ],
            }
            for table in contest.tables
        ],
        "standings": [
            {
                "place": line.place,
                "table": line.table,
                "seat": line.seat,
                "player": line.player,
                "name": line.name,
                "total": line.total,
                "difference": line.difference,
                "versus": line.versus,
                "matchpoints": line.matchpoints,
            }
            for line in contest.standings
        ],
    }
