"""Contests: many tables playing one pre-drawn package at once, ranked across tables.

A contest is the duplicate form of a game of chance (duplicate bridge's, duplicate Scrabble's):
every table is a game made from the same package (:mod:`arbitre.rules.game_package`; for
Indecix a deal, :mod:`arbitre.rules.kinds.indecix.package`), so every table rolls the same dice
to the same seats, and each player is ranked against the players of the same seat at the other
tables (:mod:`arbitre.rules.contest`). Only a kind that plays packages
(:class:`~arbitre.rules.kinds.base.Packaged`) and gives its seats' totals
(:class:`~arbitre.rules.kinds.base.Contested`) is played in contests.

* **Creating** (``CreateContest``): the tables are made one by one as ``CreateGame`` makes a
  game from a package (the same checks: hash, signature, the draw replayed; a scheduled start),
  all with the contest's organiser token; then the contest is written. A refusal comes before
  the first table is made; a failure in between leaves tables without a contest, which expire
  as unplayed games do.
* **Secrecy**: a finished table's record (and its final grid, and its revealed seed) holds the
  rolls the other tables have still to play. So while the contest runs, its tables' game ids,
  the only way to any table, are given to the organiser only (who hands each table its link);
  anyone else reads the contest's tables by number, with their status, and each finished
  table's totals. Once closed, the ids are listed for everyone, and every table's record can
  be read and replayed.
* **Closing**: by itself once every table is over (``all_over``), or by the organiser
  (``organiser``: the tables not over are left out of the ranking, and their games go on
  unranked; close so only when they are abandoned, since the finished tables' records become
  readable). The contest as it was then is kept, and its ranking survives the tables' expiry.
"""

from __future__ import annotations

import base64
import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

import grpc

from arbitre.api.contests import MAX_CONTEST_TABLES, MIN_CONTEST_TABLES
from arbitre.rules.contest import ContestTable, SeatTotal, decimal, rank
from arbitre.rules.kinds import UnknownKindError, kind
from arbitre.services.game_keys import GameKeys, contest_key, is_game_id
from arbitre.services.kind_names import enum_of_name, name_of_enum
from arbitre.services.session.limits import FINISHED_TTL_MS, IDLE_TTL_MS
from arbitre.services.session.refusals import _refuse
from arbitre.services.session.seam import KindGames
from arbitre.services.session.seam.base import _STAMP_FIELDS
from arbitre.services.session_store import new_secret, same_token, token_hash
from arbitre.v1 import session_pb2

__all__ = ["Contests"]

#: Why a contest closed.
ALL_OVER = "all_over"
BY_ORGANISER = "organiser"
#: Tables' seats kept per process, each while its game's stamp is the same.
_SEATS_CACHED = 4_096


def _contested(game_kind: Any) -> bool:
    """Whether the kind's games are played in contests (see the module)."""
    return all(
        hasattr(game_kind, name) for name in ("seat_totals", "package_game", "package_format")
    )


class Contests(KindGames):
    """The contests' part of the session service (see the module)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._seats_lock = threading.Lock()
        self._seats: OrderedDict[str, tuple[tuple[str, ...], tuple[tuple[str | None, int], ...]]]
        self._seats = OrderedDict()

    # -- creating ---------------------------------------------------------------------------

    def _create_contest(self, request: Any) -> Any:
        """A new contest of ``request.tables`` tables, each a game of ``request.game`` (which
        must carry a package): INVALID_ARGUMENT for a kind not played in contests, no package,
        a number of tables out of bounds, or whatever ``CreateGame`` refuses."""
        if not MIN_CONTEST_TABLES <= request.tables <= MAX_CONTEST_TABLES:
            _refuse(
                grpc.StatusCode.INVALID_ARGUMENT,
                f"tables: {MIN_CONTEST_TABLES} to {MAX_CONTEST_TABLES}",
            )
        game = request.game
        name = name_of_enum(game.kind)
        try:
            game_kind = kind(name)
        except UnknownKindError:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"the {name} games are not played yet")
        if not _contested(game_kind):
            _refuse(
                grpc.StatusCode.INVALID_ARGUMENT,
                f"the {name} games are not played in contests",
            )
        if not game.package_json:
            _refuse(
                grpc.StatusCode.INVALID_ARGUMENT,
                "a contest is played from a package (package_json): every table plays its draw",
            )
        contest_id, organiser = secrets.token_urlsafe(9), new_secret()
        tables = [
            self._kind_create(game, organiser, contest_id).game_id for _ in range(request.tables)
        ]
        first = self._game(tables[0])
        now = self.store.now_ms()
        fields = {
            "kind": name,
            "title": first.get("title", ""),
            "organiser": token_hash(organiser),
            "package_hash": first.get("package_hash", ""),
            "start_at_ms": game.start_at_ms,
            "created_ms": now,
            "tables": json.dumps(tables),
            "closed": "",
        }
        key = contest_key(contest_id)
        with self.store.redis.pipeline(transaction=True) as pipe:
            pipe.hset(key, mapping=fields)
            pipe.pexpire(key, IDLE_TTL_MS + max(0, game.start_at_ms - now))
            pipe.execute()
        contest = self._contest_now(contest_id, {k: str(v) for k, v in fields.items()})
        return session_pb2.CreateContestResponse(
            contest_id=contest_id, organiser_token=organiser, contest=contest
        )

    # -- reading and closing ----------------------------------------------------------------

    def _get_contest(self, request: Any) -> Any:
        """The contest as the caller may see it (see the module); closed by itself when every
        table is over."""
        contest_id, data = self._contest_data(request.contest_id)
        organiser = bool(request.token) and same_token(request.token, data.get("organiser"))
        if data.get("final"):
            return session_pb2.Contest.FromString(base64.b64decode(data["final"]))
        contest = self._contest_now(contest_id, data)
        if contest.tables_over == len(contest.tables):
            return self._close(contest_id, contest, ALL_OVER)
        self.store.redis.pexpire(contest_key(contest_id), IDLE_TTL_MS)
        if not organiser:  # while it runs a table is reached by its players' link only
            for table in contest.tables:
                table.game_id = ""
        return contest

    def _close_contest(self, request: Any) -> Any:
        """The organiser closes the contest (see the module); a closed one is returned as it
        closed."""
        contest_id, data = self._contest_data(request.contest_id)
        if not request.token:
            _refuse(grpc.StatusCode.UNAUTHENTICATED, "the organiser's token is missing")
        if not same_token(request.token, data.get("organiser")):
            _refuse(grpc.StatusCode.PERMISSION_DENIED, "not the organiser's token for this contest")
        if data.get("final"):
            return session_pb2.Contest.FromString(base64.b64decode(data["final"]))
        return self._close(contest_id, self._contest_now(contest_id, data), BY_ORGANISER)

    def _contest_data(self, contest_id: str) -> tuple[str, dict[str, str]]:
        if not is_game_id(contest_id):
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"{contest_id[:80]!r} is not a contest id")
        data = self.store.redis.hgetall(contest_key(contest_id))
        if not data:
            _refuse(grpc.StatusCode.NOT_FOUND, f"no contest {contest_id!r}")
        return contest_id, dict(data)

    def _close(self, contest_id: str, contest: Any, reason: str) -> Any:
        """Close the contest for ``reason``: kept as ``contest`` is now (read with its table
        ids). Two closings racing keep the first (the hash's ``final`` is written once)."""
        contest.closed, contest.closed_reason = True, reason
        final = base64.b64encode(contest.SerializeToString()).decode("ascii")
        key = contest_key(contest_id)
        if self.store.redis.hsetnx(key, "final", final):
            with self.store.redis.pipeline(transaction=True) as pipe:
                pipe.hset(key, "closed", reason)
                pipe.pexpire(key, FINISHED_TTL_MS)
                pipe.execute()
            return contest
        return session_pb2.Contest.FromString(
            base64.b64decode(self.store.redis.hget(key, "final") or "")
        )

    def _contest_now(self, contest_id: str, data: Mapping[str, str]) -> Any:
        """The contest from its tables now, their game ids shown: the tables' hashes read in
        one round trip, their players' names in another."""
        ids: list[str] = json.loads(data["tables"])
        redis = self.store.redis
        with redis.pipeline(transaction=False) as pipe:
            for game_id in ids:
                pipe.hgetall(GameKeys(game_id).game)
            games: list[dict[str, str]] = [dict(found) for found in pipe.execute()]
        seated = [
            self._seat_totals(game_id, game) if "kind" in game else ()
            for game_id, game in zip(ids, games, strict=True)
        ]
        wanted = [
            (game_id, players)
            for game_id, seats in zip(ids, seated, strict=True)
            if (players := [player for player, _ in seats if player])
        ]
        names: dict[str, str] = {}
        with redis.pipeline(transaction=False) as pipe:
            for game_id, players in wanted:
                pipe.hmget(GameKeys(game_id).players, players)
            for (_, players), found in zip(wanted, pipe.execute(), strict=True):
                names.update(zip(players, (name or "" for name in found), strict=True))
        contest = session_pb2.Contest(
            contest_id=contest_id,
            kind=enum_of_name(data["kind"]),
            title=data.get("title", ""),
            package_hash=data.get("package_hash", ""),
            start_at_ms=int(data.get("start_at_ms") or 0),
            created_ms=int(data.get("created_ms") or 0),
        )
        ranked: list[ContestTable] = []
        tables = zip(ids, games, seated, strict=True)
        for number, (game_id, game, seats) in enumerate(tables, start=1):
            status = game.get("status", "expired") if "kind" in game else "expired"
            over = status == "over"
            table = contest.tables.add(number=number, game_id=game_id, status=status)
            for player, total in seats:
                table.seats.add(
                    player=player or "",
                    name=names.get(player or "", ""),
                    total=total if over else 0,
                )
            contest.tables_over += over
            ranked.append(
                ContestTable(
                    str(number), tuple(SeatTotal(player, total) for player, total in seats), over
                )
            )
        for line in rank(ranked):
            contest.standings.add(
                place=line.place,
                table=int(line.table),
                seat=line.seat,
                player=line.player,
                name=names.get(line.player, ""),
                total=line.total,
                difference=decimal(line.difference),
                versus=decimal(line.versus),
                matchpoints=decimal(line.matchpoints),
            )
        return contest

    def _seat_totals(
        self, game_id: str, game: Mapping[str, str]
    ) -> tuple[tuple[str | None, int], ...]:
        """The table's seats and totals (the kind's), kept per process while its stamp is
        the same: a contest of hundreds of tables read often loads each table once a step."""
        stamp = tuple(game.get(field, "") for field in _STAMP_FIELDS)
        with self._seats_lock:
            cached = self._seats.get(game_id)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        game_kind, state = self._load(game_id, game)
        contested: Any = game_kind
        seats: tuple[tuple[str | None, int], ...] = tuple(contested.seat_totals(state))
        with self._seats_lock:
            self._seats[game_id] = (stamp, seats)
            self._seats.move_to_end(game_id)
            while len(self._seats) > _SEATS_CACHED:
                self._seats.popitem(last=False)
        return seats
