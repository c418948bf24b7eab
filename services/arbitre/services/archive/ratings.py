"""Long-term figures of accounts, from the archive: Glicko-2 ratings for the kinds played against
each other (:data:`RATED_KINDS`: Duel de Mots and Indecix), the % of top of duplicate games, and
the public rankings.

- :func:`rate_game` updates the ratings of a game's account-held players, one rating period per
  game (:func:`arbitre.rules.glicko2.update`; the game's ranks as pairwise results against every
  other player: guests and robots count as new players, 1500 ± 350). The archive calls it in the
  transaction that inserts the game's row, and only when that insert wrote it
  (:meth:`~arbitre.services.archive.store.ArchiveStore.add`): a game is rated exactly once
  whatever replicas race, and not at all when the insert rolls back. The ratings read are
  locked (``FOR UPDATE`` on PostgreSQL, in account order; SQLite writes one at a time), so two
  games archived at once do not lose an update; two inserting a new player's first rating at
  once make the second transaction fail, and its game stays queued for the archiver's next try.
- :func:`figures`: an account's rating in a kind, or for duplicate its % of top over its last N
  games with the series (oldest first) for a curve.
- :func:`rankings`: a kind's public ranking, optionally of one série or country; a deleted
  account's line stays, without its name (its rating or % of top is a result of the games it
  played), and has no série or country to be filtered on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, insert, select, update

from arbitre.rules.glicko2 import Rating, game_results
from arbitre.rules.glicko2 import update as glicko_update
from arbitre.services.archive.models import AccountRow, AccountSeatRow, FinishedGameRow, RatingRow

__all__ = [
    "DEFAULT_LAST",
    "MAX_LAST",
    "RATED_KINDS",
    "Figures",
    "RankingLine",
    "figures",
    "rankings",
    "rate_game",
]

#: The kinds rated with Glicko-2.
RATED_KINDS = ("duel", "indecix")
#: The kind whose figure is the % of top.
_DUPLICATE = "duplicate"
#: How many of the last games the % of top is over, by default and at most.
DEFAULT_LAST = 10
MAX_LAST = 100


@dataclass(frozen=True, slots=True)
class Figures:
    """An account's long-term figure in ``kind``: a rating (rated kinds; ``None`` before its
    first rated game) or, for duplicate, the mean % of top over its last ``games`` and their
    series, oldest first, as ``(game_id, finished_ms, percent_of_top)``."""

    kind: str
    games: int
    rating: Rating | None = None
    percent_of_top: float | None = None
    series: tuple[tuple[str, int, float], ...] = field(default=())


@dataclass(frozen=True, slots=True)
class RankingLine:
    """A line of a public ranking: ``name`` empty for a deleted account."""

    rank: int
    account_id: int
    name: str
    club: str
    serie: str
    country: str
    games: int
    rating: float | None = None
    deviation: float | None = None
    percent_of_top: float | None = None


def _ms(moment: datetime) -> int:
    if moment.tzinfo is None:  # SQLite keeps no time zone: the archive writes UTC
        moment = moment.replace(tzinfo=UTC)
    return int(moment.timestamp() * 1000)


def rate_game(
    connection: Connection,
    game_id: str,
    kind: str,
    standings: list[Mapping[str, Any]],
    now: datetime,
) -> int:
    """Update, on ``connection`` (inside the archiving transaction), the ratings of the
    account-held players of the finished game ``game_id`` of ``kind`` from its ranked
    ``standings`` lines; nothing for a kind not rated or a game no account played. How many
    ratings it updated."""
    if kind not in RATED_KINDS:
        return 0
    seats = connection.execute(
        select(AccountSeatRow.player_id, AccountSeatRow.account_id)
        .where(AccountSeatRow.game_id == game_id)
        .order_by(AccountSeatRow.joined_at, AccountSeatRow.player_id)
    ).all()
    ranks = {str(line["player"]): int(line["rank"]) for line in standings}
    accounts: dict[str, int] = {}
    for player, account_id in seats:  # an account holding two seats is rated on its first
        if player in ranks and account_id not in accounts.values():
            accounts[player] = account_id
    if not accounts:
        return 0
    query = (
        select(RatingRow.__table__)
        .where(RatingRow.kind == kind, RatingRow.account_id.in_(accounts.values()))
        .order_by(RatingRow.account_id)  # locked in one order by every archiver: no deadlock
    )
    if connection.dialect.name == "postgresql":
        query = query.with_for_update()
    known = {row.account_id: row for row in connection.execute(query).all()}

    def before(player: str) -> Rating:
        row = known.get(accounts[player]) if player in accounts else None
        return Rating() if row is None else Rating(row.rating, row.deviation, row.volatility)

    results = game_results(ranks)
    for player, account_id in accounts.items():
        after = glicko_update(
            before(player), [(before(other), score) for other, score in results[player]]
        )
        values = {
            "rating": after.rating,
            "deviation": after.deviation,
            "volatility": after.volatility,
            "updated_at": now,
        }
        if account_id in known:
            connection.execute(
                update(RatingRow)
                .where(RatingRow.account_id == account_id, RatingRow.kind == kind)
                .values(games=RatingRow.games + 1, **values)
            )
        else:
            connection.execute(
                insert(RatingRow).values(account_id=account_id, kind=kind, games=1, **values)
            )
    return len(accounts)


def _duplicate_series(
    connection: Connection, account_ids: list[int] | None, last: int
) -> dict[int, list[tuple[str, int, float]]]:
    """Each account's (of ``account_ids``; ``None``: all) last ``last`` archived duplicate
    games, oldest first, with its % of top in each."""
    query = (
        select(
            AccountSeatRow.account_id,
            AccountSeatRow.player_id,
            FinishedGameRow.game_id,
            FinishedGameRow.finished_at,
            FinishedGameRow.standings,
        )
        .join(FinishedGameRow, FinishedGameRow.game_id == AccountSeatRow.game_id)
        .where(FinishedGameRow.kind == _DUPLICATE)
        .order_by(FinishedGameRow.finished_at.desc(), FinishedGameRow.game_id)
    )
    if account_ids is not None:
        query = query.where(AccountSeatRow.account_id.in_(account_ids))
    series: dict[int, list[tuple[str, int, float]]] = {}
    for row in connection.execute(query):
        found = series.setdefault(row.account_id, [])
        if len(found) >= last or any(game_id == row.game_id for game_id, _, _ in found):
            continue
        line = next((each for each in row.standings if each.get("player") == row.player_id), None)
        details = (line or {}).get("details") or {}
        if line is None or "percent_of_top" not in details:
            continue
        found.append((row.game_id, _ms(row.finished_at), float(details["percent_of_top"])))
    return {account: list(reversed(games)) for account, games in series.items() if games}


def _mean(values: list[float]) -> float:
    return round(sum(values) / len(values), 2)


def figures(engine: Engine, account_id: int, kind: str, last: int = DEFAULT_LAST) -> Figures:
    """The account's figure in ``kind`` (see :class:`Figures`); :class:`ValueError` for a kind
    with none or ``last`` outside 1 to :data:`MAX_LAST`."""
    if not 1 <= last <= MAX_LAST:
        raise ValueError(f"last: 1 to {MAX_LAST} games")
    with engine.connect() as connection:
        if kind == _DUPLICATE:
            games = _duplicate_series(connection, [account_id], last).get(account_id, [])
            return Figures(
                kind,
                len(games),
                percent_of_top=_mean([percent for _, _, percent in games]) if games else None,
                series=tuple(games),
            )
        if kind not in RATED_KINDS:
            raise ValueError(f"kind {kind!r}: figures of {', '.join((_DUPLICATE, *RATED_KINDS))}")
        row = connection.execute(
            select(RatingRow.__table__).where(
                RatingRow.account_id == account_id, RatingRow.kind == kind
            )
        ).one_or_none()
    if row is None:
        return Figures(kind, 0)
    return Figures(kind, row.games, rating=Rating(row.rating, row.deviation, row.volatility))


def rankings(
    engine: Engine,
    kind: str,
    serie: str = "",
    country: str = "",
    limit: int = 100,
    last: int = DEFAULT_LAST,
) -> list[RankingLine]:
    """``kind``'s public ranking, best first, of the accounts of ``serie`` and ``country`` when
    given (at most ``limit`` lines; equal figures share a rank): by rating for a rated kind, by
    the mean % of top over the last ``last`` games for duplicate. :class:`ValueError` for a
    kind with none."""
    accounts = select(
        AccountRow.id,
        AccountRow.name,
        AccountRow.club,
        AccountRow.serie,
        AccountRow.country,
    )
    if serie:
        accounts = accounts.where(AccountRow.serie == serie)
    if country:
        accounts = accounts.where(AccountRow.country == country)
    with engine.connect() as connection:
        if kind == _DUPLICATE:
            people = {row.id: row for row in connection.execute(accounts)}
            series = _duplicate_series(connection, list(people) if serie or country else None, last)
            scored = sorted(
                (
                    (_mean([percent for _, _, percent in games]), len(games), account)
                    for account, games in series.items()
                    if account in people
                ),
                key=lambda each: (-each[0], each[2]),
            )[:limit]
            figures_of = [(value, games, people[account]) for value, games, account in scored]
            return _ranked(figures_of, lambda value, line: {"percent_of_top": value})
        if kind not in RATED_KINDS:
            raise ValueError(f"kind {kind!r}: rankings of {', '.join((_DUPLICATE, *RATED_KINDS))}")
        people_query = accounts.subquery()
        rows = connection.execute(
            select(RatingRow.__table__, people_query)
            .join(people_query, people_query.c.id == RatingRow.account_id)
            .where(RatingRow.kind == kind)
            .order_by(RatingRow.rating.desc(), RatingRow.account_id)
            .limit(limit)
        ).all()
    return _ranked(
        [(row.rating, row.games, row) for row in rows],
        lambda value, row: {"rating": value, "deviation": row.deviation},
    )


def _ranked(lines: list[tuple[float, int, Any]], figure: Any) -> list[RankingLine]:
    """``(value, games, row)`` best first as ranking lines, equal values sharing a rank."""
    ranked: list[RankingLine] = []
    for index, (value, games, row) in enumerate(lines):
        rank = ranked[-1].rank if ranked and lines[index - 1][0] == value else index + 1
        ranked.append(
            RankingLine(
                rank=rank,
                account_id=row.id,
                name=row.name or "",
                club=row.club,
                serie=row.serie,
                country=row.country,
                games=games,
                **figure(value, row),
            )
        )
    return ranked
