"""Accounts, served by the session (``SignUp``, ``SignIn``, ``SignOut``, ``GetAccount``,
``DeleteAccount``, ``IssueApiKey``, ``ListApiKeys``, ``RevokeApiKey``): kept in the archive's
database by :class:`~arbitre.services.archive.accounts.AccountStore`.

They live with the session for the reasons saved environments do
(:mod:`arbitre.services.session.environments`): the session holds the database, and the gateway
talks to the services over gRPC only. Their messages are ``accounts.proto``'s, their calls the
Session service's, so that the gateway reaches them on the channel, credentials and health check
it already has. A session without an archive answers UNAVAILABLE. The store's refusals become the
call's status with their code first (``"name_taken: ..."``), which the gateway keeps as the HTTP
error's code. Passwords and tokens are never logged, nor echoed in a message.

A signed-in player's seat (``Join`` with an ``account_token``) is the account's: the token is
checked before anyone is seated (a bad one seats nobody), the seat linked once seated.
``ListMyGames`` lists the account's seats, each with the game's status in Redis while it is
live and the player's result from the archive once finished. ``ClaimSeat`` gives another device
of the account a new token of its seat in a live game (Redis keeps each token's SHA-256 only, so
the first one cannot be handed back; the seat's other tokens stay good); nobody else's account
gets one.

``GetFigures`` (an account's rating, or its % of top over its last games) and ``GetRankings``
(public) read :mod:`arbitre.services.archive.ratings`; the ratings themselves are written by the
archive, once per game, in the transaction that archives it.
"""

from __future__ import annotations

import json
import logging
import time
from typing import TYPE_CHECKING, Any

import grpc

from arbitre.services.game_keys import GameKeys
from arbitre.services.session.refusals import _refuse, _RefusedError
from arbitre.services.session_store import new_secret, token_hash
from arbitre.v1 import accounts_pb2, session_pb2

if TYPE_CHECKING:
    from arbitre.services.archive.accounts import Account, AccountStore, ApiKey, HeldSeat
    from arbitre.services.archive.store import ArchiveStore

__all__ = ["Accounts", "account_message"]

log = logging.getLogger(__package__)

#: The player id an account's organiser role is kept under in its seats.
ORGANISER_SEAT = ""
#: Most lines GetRankings gives.
MAX_RANKING_LINES = 1000
#: Most games ListMyGames gives.
MAX_MY_GAMES = 200
#: The status of each kind of refusal of the store.
_STATUS = {
    "BadAccountError": grpc.StatusCode.INVALID_ARGUMENT,
    "NameTakenError": grpc.StatusCode.FAILED_PRECONDITION,
    "WrongCredentialsError": grpc.StatusCode.UNAUTHENTICATED,
    "UnknownTokenError": grpc.StatusCode.UNAUTHENTICATED,
    "KeyNotAllowedError": grpc.StatusCode.PERMISSION_DENIED,
    "NotFoundError": grpc.StatusCode.NOT_FOUND,
}


def account_message(account: Account) -> Any:
    """An :class:`Account` as its message."""
    return accounts_pb2.Account(
        account_id=account.account_id,
        name=account.name,
        licence=account.licence,
        club=account.club,
        serie=account.serie,
        country=account.country,
        organiser=account.organiser,
        created_ms=account.created_ms,
    )


def _key_message(key: ApiKey) -> Any:
    return accounts_pb2.ApiKey(
        key_id=key.key_id,
        label=key.label,
        prefix=key.prefix,
        created_ms=key.created_ms,
        revoked_ms=key.revoked_ms,
    )


def _now_ms() -> int:
    return int(time.time() * 1000)


class Accounts:
    """The account calls of the session servicer (a mixin: :attr:`archive` is the
    servicer's)."""

    archive: ArchiveStore | None
    _account_store: AccountStore | None = None
    #: The servicer's (:class:`~arbitre.services.session.service.SessionService`).
    store: Any
    _checked_id: Any
    _kind_join: Any
    _kind_create: Any
    _kind_state: Any

    def _accounts(self, work: Any) -> Any:
        """``work(store)`` on the accounts' store, its refusals and the database's failures
        turned into the call's status."""
        if self.archive is None:
            _refuse(
                grpc.StatusCode.UNAVAILABLE,
                "accounts need the archive's database (DATABASE_URL), which this session "
                "service does not have",
            )
        from sqlalchemy.exc import SQLAlchemyError

        from arbitre.services.archive.accounts import AccountRefusedError, AccountStore

        store = self._account_store
        if store is None or store.engine is not self.archive.engine:
            store = self._account_store = AccountStore(self.archive.engine)
        try:
            return work(store)
        except AccountRefusedError as refused:
            _refuse(_STATUS[type(refused).__name__], f"{refused.code}: {refused.message}")
        except SQLAlchemyError as error:
            log.warning("the accounts' database failed: %s", type(error).__name__)
            _refuse(grpc.StatusCode.UNAVAILABLE, "the database of accounts is down; retry")

    def _signed_in(self, signed: Any) -> Any:
        return accounts_pb2.SignedIn(
            account=account_message(signed.account),
            session_token=signed.session_token,
            expires_ms=signed.expires_ms,
        )

    def _sign_up(self, request: Any) -> Any:
        now_ms = _now_ms()
        return self._signed_in(
            self._accounts(
                lambda store: store.sign_up(
                    request.name,
                    request.password,
                    now_ms,
                    licence=request.licence,
                    club=request.club,
                    serie=request.serie,
                    country=request.country,
                )
            )
        )

    def _sign_in(self, request: Any) -> Any:
        now_ms = _now_ms()
        return self._signed_in(
            self._accounts(lambda store: store.sign_in(request.name, request.password, now_ms))
        )

    def _sign_out(self, request: Any) -> Any:
        now_ms = _now_ms()
        return account_message(self._accounts(lambda store: store.sign_out(request.token, now_ms)))

    def _get_account(self, request: Any) -> Any:
        now_ms = _now_ms()
        return account_message(
            self._accounts(lambda store: store.authenticate(request.token, now_ms))
        )

    def _delete_account(self, request: Any) -> Any:
        now_ms = _now_ms()
        return account_message(
            self._accounts(lambda store: store.delete(request.token, request.password, now_ms))
        )

    def _issue_api_key(self, request: Any) -> Any:
        now_ms = _now_ms()
        key, clear = self._accounts(
            lambda store: store.issue_key(request.token, request.label, now_ms)
        )
        return accounts_pb2.ApiKeyIssued(api_key=_key_message(key), key=clear)

    def _list_api_keys(self, request: Any) -> Any:
        now_ms = _now_ms()
        keys = self._accounts(lambda store: store.keys(request.token, now_ms))
        return accounts_pb2.ApiKeyList(api_keys=[_key_message(key) for key in keys])

    def _revoke_api_key(self, request: Any) -> Any:
        now_ms = _now_ms()
        return _key_message(
            self._accounts(lambda store: store.revoke_key(request.token, request.key_id, now_ms))
        )

    # -- seats ------------------------------------------------------------------------------

    def _create(self, request: Any) -> Any:
        """``CreateGame``: as ever; with an ``account_token``, checked first (a bad one creates
        nothing), the game then the account's: listed with the role organiser, and the
        account's credentials act as its organiser token (:meth:`_account_organises`)."""
        if not request.account_token:
            return self._kind_create(request)
        now_ms = _now_ms()
        account = self._accounts(lambda store: store.authenticate(request.account_token, now_ms))
        created = self._kind_create(request)
        keys = GameKeys(created.game_id)
        self.store.redis.hset(keys.game, "organiser_account", str(account.account_id))
        self._link(account.account_id, created.game_id, ORGANISER_SEAT, now_ms)
        return created

    def _account_organises(self, token: str, account_id: str) -> bool:
        """Whether ``token`` (a session token or an API key) is of the account ``account_id``;
        an unknown one is UNAUTHENTICATED."""
        from arbitre.services.archive.accounts import API_KEY_PREFIX, SESSION_PREFIX

        if self.archive is None or not token.startswith((SESSION_PREFIX, API_KEY_PREFIX)):
            return False
        now_ms = _now_ms()
        account = self._accounts(lambda store: store.authenticate(token, now_ms))
        return str(account.account_id) == account_id

    def _join(self, request: Any) -> Any:
        """``Join``: a guest's as ever; with an ``account_token``, checked first (a bad one
        seats nobody), the club, série and country the join leaves out taken from the account,
        the seat then linked to the account (:meth:`_link`)."""
        if not request.account_token:
            return self._kind_join(request)
        now_ms = _now_ms()
        account = self._accounts(lambda store: store.authenticate(request.account_token, now_ms))
        filled = session_pb2.JoinRequest()
        filled.CopyFrom(request)  # the account's registration fills what the join leaves out
        filled.club = request.club or account.club
        filled.serie = request.serie or account.serie
        filled.country = request.country or account.country
        joined = self._kind_join(filled)
        self._link(account.account_id, request.game_id, joined.player_id, now_ms)
        return joined

    def _link(self, account_id: int, game_id: str, player_id: str, now_ms: int) -> None:
        """Link the seat, once it is taken: a database that fails now is logged, not the
        call's failure (the seat is the player's, with its token; only the link is missing)."""
        game = self.store.game(game_id)
        try:
            self._accounts(
                lambda store: store.link_seat(
                    account_id,
                    game_id,
                    player_id,
                    game.get("kind", ""),
                    game.get("title", ""),
                    now_ms,
                )
            )
        except _RefusedError:
            log.warning("game %s: %s seated but not linked to its account", game_id, player_id)

    def _list_my_games(self, request: Any) -> Any:
        if not 0 <= request.limit <= MAX_MY_GAMES:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"limit: 0 to {MAX_MY_GAMES}")
        now_ms = _now_ms()
        limit = request.limit or 100
        account = self._accounts(lambda store: store.authenticate(request.token, now_ms))
        seats: list[HeldSeat] = self._accounts(
            lambda store: store.held_seats(account.account_id, limit, request.kind)
        )
        live = [seat.game_id for seat in seats if not seat.archived]
        statuses: dict[str, str] = {}
        if live:
            with self.store.redis.pipeline(transaction=False) as pipe:
                for game_id in live:
                    pipe.hget(GameKeys(game_id).game, "status")
                statuses = {
                    game_id: str(found) if found else "expired"
                    for game_id, found in zip(live, pipe.execute(), strict=True)
                }
        return accounts_pb2.MyGames(
            games=[
                accounts_pb2.MyGame(
                    game_id=seat.game_id,
                    kind=seat.kind,
                    title=seat.title,
                    player_id=seat.player_id,
                    joined_ms=seat.joined_ms,
                    status="over" if seat.archived else statuses[seat.game_id],
                    archived=seat.archived,
                    finished_ms=seat.finished_ms,
                    rank=seat.rank,
                    total=seat.total,
                    players=seat.players,
                    details_json=""
                    if seat.details is None
                    else json.dumps(seat.details, separators=(",", ":")),
                    role="organiser" if seat.player_id == ORGANISER_SEAT else "player",
                )
                for seat in seats
            ]
        )

    def _claim_seat(self, request: Any) -> Any:
        game_id = self._checked_id(request.game_id)
        now_ms = _now_ms()
        account = self._accounts(lambda store: store.authenticate(request.token, now_ms))
        player = self._accounts(lambda store: store.seat_of(account.account_id, game_id))
        status = self.store.redis.hget(GameKeys(game_id).game, "status")
        if player is None or status is None or status == "over":
            _refuse(
                grpc.StatusCode.NOT_FOUND,
                f"no_seat: this account holds no seat of a live game {game_id}",
            )
        token = new_secret()
        self.store.redis.hset(GameKeys(game_id).tokens, token_hash(token), player)
        log.info("game %s: %s's seat taken back by its account on another device", game_id, player)
        return session_pb2.JoinResponse(
            player_id=player, player_token=token, state=self._kind_state(game_id, "")
        )

    # -- figures and rankings ---------------------------------------------------------------

    def _get_figures(self, request: Any) -> Any:
        from arbitre.services.archive.ratings import MAX_LAST, figures

        if not 0 <= request.last <= MAX_LAST:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"last: 0 to {MAX_LAST} games")
        now_ms = _now_ms()
        account = self._accounts(lambda store: store.authenticate(request.token, now_ms))
        found = self._accounts(
            lambda store: _kind_checked(
                lambda: figures(store.engine, account.account_id, request.kind, request.last or 10)
            )
        )
        message = accounts_pb2.Figures(kind=found.kind, games=found.games)
        if found.rating is not None:
            message.has_rating = True
            message.rating = found.rating.rating
            message.deviation = found.rating.deviation
            message.volatility = found.rating.volatility
        if found.percent_of_top is not None:
            message.has_percent_of_top = True
            message.percent_of_top = found.percent_of_top
            message.series.extend(
                accounts_pb2.PercentOfTop(
                    game_id=game_id, finished_ms=finished_ms, percent_of_top=percent
                )
                for game_id, finished_ms, percent in found.series
            )
        return message

    def _get_rankings(self, request: Any) -> Any:
        from arbitre.services.archive.ratings import rankings

        if not 0 <= request.limit <= MAX_RANKING_LINES:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"limit: 0 to {MAX_RANKING_LINES}")
        lines = self._accounts(
            lambda store: _kind_checked(
                lambda: rankings(
                    store.engine,
                    request.kind,
                    serie=request.serie,
                    country=request.country,
                    limit=request.limit or 100,
                )
            )
        )
        return accounts_pb2.Rankings(
            kind=request.kind,
            lines=[
                accounts_pb2.RankingLine(
                    rank=line.rank,
                    account_id=line.account_id,
                    name=line.name,
                    club=line.club,
                    serie=line.serie,
                    country=line.country,
                    games=line.games,
                    rating=line.rating or 0.0,
                    deviation=line.deviation or 0.0,
                    percent_of_top=line.percent_of_top or 0.0,
                )
                for line in lines
            ],
        )


def _kind_checked(work: Any) -> Any:
    """``work()``; its :class:`ValueError` (a kind without figures) as ``bad_kind``."""
    from arbitre.services.archive.accounts import BadAccountError

    try:
        return work()
    except ValueError as error:
        raise BadAccountError(str(error), "bad_kind") from None
