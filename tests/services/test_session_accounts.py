"""The account calls of the session service (:mod:`arbitre.services.session.accounts`) over real
gRPC, a real Redis and real databases (SQLite and PostgreSQL): each refusal of the store is the
status and code the gateway maps (name taken, wrong credentials in one message, an API key where
a session is needed, a bad kind); a join or a creation with a bad account token changes nothing;
a signed-in join's club, série and country default to the account's; a seat is taken back only
by its account and only while its game is live; a database failing once the seat is taken leaves
the player seated with its token (the link logged as missing); a session without a database
answers UNAVAILABLE."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
import redis
from sqlalchemy.exc import OperationalError

from arbitre.services.archive.accounts import AccountStore
from arbitre.services.internal_auth import open_channel
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.platform import Platform, start_platform
from arbitre.services.session_store import SessionStore
from arbitre.v1 import accounts_pb2, session_pb2, session_pb2_grpc
from tests.database_fixtures import (  # noqa: F401
    database_url,
    postgres_database,
    postgres_server,
)
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401
from tests.services.test_session_indecix import create, join

PASSWORD = "correct horse battery"


@pytest.fixture
def accounts_stub(
    cache: Path,
    redis_db: redis.Redis,  # noqa: F811
    database_url: str,  # noqa: F811
) -> Iterator[Any]:
    """A session stub on the four services archiving into ``database_url``."""
    running: Platform = start_platform(LexiconRegistry(), redis_db, database=database_url)
    try:
        with open_channel(running.address, running.gateway_token) as channel:
            yield session_pb2_grpc.SessionStub(channel)
    finally:
        running.stop(0)


def refusal(call: Any) -> tuple[grpc.StatusCode, str]:
    with pytest.raises(grpc.RpcError) as raised:
        call()
    code: grpc.StatusCode = raised.value.code()
    return code, str(raised.value.details())


def test_the_refusals_are_the_statuses_the_gateway_maps(accounts_stub: Any) -> None:
    stub = accounts_stub
    signed = stub.SignUp(accounts_pb2.SignUpRequest(name="Ana", password=PASSWORD, serie="s1"))
    assert signed.account.serie == "S1"
    assert signed.session_token.startswith("s_")
    code, said = refusal(
        lambda: stub.SignUp(accounts_pb2.SignUpRequest(name="ANA", password=PASSWORD))
    )
    assert (code, said.partition(":")[0]) == (grpc.StatusCode.FAILED_PRECONDITION, "name_taken")
    wrong = refusal(lambda: stub.SignIn(accounts_pb2.SignInRequest(name="Ana", password="x")))
    unknown = refusal(
        lambda: stub.SignIn(accounts_pb2.SignInRequest(name="Nobody", password=PASSWORD))
    )
    assert (
        wrong
        == unknown
        == (
            grpc.StatusCode.UNAUTHENTICATED,
            "wrong_credentials: wrong name or password",
        )
    )
    code, said = refusal(
        lambda: stub.SignUp(accounts_pb2.SignUpRequest(name="Bob", password="short"))
    )
    assert (code, said.partition(":")[0]) == (grpc.StatusCode.INVALID_ARGUMENT, "bad_password")
    key = stub.IssueApiKey(
        accounts_pb2.IssueApiKeyRequest(token=signed.session_token, label="app")
    ).key
    assert stub.GetAccount(accounts_pb2.AccountToken(token=key)).name == "Ana"
    code, said = refusal(
        lambda: stub.DeleteAccount(accounts_pb2.DeleteAccountRequest(token=key, password=PASSWORD))
    )
    assert (code, said.partition(":")[0]) == (grpc.StatusCode.PERMISSION_DENIED, "session_needed")
    code, said = refusal(
        lambda: stub.GetFigures(accounts_pb2.FiguresRequest(token=key, kind="duplikta"))
    )
    assert (code, said.partition(":")[0]) == (grpc.StatusCode.INVALID_ARGUMENT, "bad_kind")
    assert stub.GetRankings(accounts_pb2.RankingsRequest(kind="duel")).lines == []


def test_a_bad_account_token_seats_and_creates_nothing(accounts_stub: Any) -> None:
    stub = accounts_stub
    created = create(stub)
    join(stub, created.game_id, "Guest")  # a guest, as ever
    bad = session_pb2.JoinRequest(game_id=created.game_id, name="X", account_token="s_nosuch")
    code, said = refusal(lambda: stub.Join(bad))
    assert (code, said.partition(":")[0]) == (grpc.StatusCode.UNAUTHENTICATED, "bad_token")
    state = stub.GetGame(session_pb2.GetGameRequest(game_id=created.game_id))
    assert [player.name for player in state.players] == ["Guest"]
    request = session_pb2.CreateGameRequest(kind=created.state.kind, account_token="s_x")
    request.indecix.SetInParent()
    code, _ = refusal(lambda: stub.CreateGame(request))
    assert code == grpc.StatusCode.UNAUTHENTICATED


def test_a_seat_is_taken_back_by_its_account_only(accounts_stub: Any) -> None:
    stub = accounts_stub
    ana = stub.SignUp(accounts_pb2.SignUpRequest(name="Ana", password=PASSWORD)).session_token
    bob = stub.SignUp(accounts_pb2.SignUpRequest(name="Bob", password=PASSWORD)).session_token
    created = create(stub)
    joined = stub.Join(
        session_pb2.JoinRequest(game_id=created.game_id, name="Ana", account_token=ana)
    )
    claim = accounts_pb2.ClaimSeatRequest(token=bob, game_id=created.game_id)
    code, said = refusal(lambda: stub.ClaimSeat(claim))
    assert (code, said.partition(":")[0]) == (grpc.StatusCode.NOT_FOUND, "no_seat")
    taken = stub.ClaimSeat(accounts_pb2.ClaimSeatRequest(token=ana, game_id=created.game_id))
    assert taken.player_id == joined.player_id
    assert taken.player_token != joined.player_token
    for token in (taken.player_token, joined.player_token):  # both devices hold the seat
        seen = stub.GetGame(session_pb2.GetGameRequest(game_id=created.game_id, token=token))
        assert seen.you == joined.player_id
    (mine,) = stub.ListMyGames(accounts_pb2.MyGamesRequest(token=ana)).games
    assert (mine.game_id, mine.role, mine.status) == (created.game_id, "player", "waiting")


def test_without_a_database_the_calls_are_unavailable(
    cache: Path,
    redis_db: redis.Redis,  # noqa: F811
) -> None:
    running = start_platform(LexiconRegistry(), redis_db)
    try:
        with open_channel(running.address, running.gateway_token) as channel:
            stub = session_pb2_grpc.SessionStub(channel)
            code, _ = refusal(
                lambda: stub.SignIn(accounts_pb2.SignInRequest(name="Ana", password=PASSWORD))
            )
            assert code == grpc.StatusCode.UNAVAILABLE
    finally:
        running.stop(0)


def test_a_database_failing_after_the_seat_is_taken_leaves_the_player_seated(
    accounts_stub: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    stub = accounts_stub
    ana = stub.SignUp(accounts_pb2.SignUpRequest(name="Ana", password=PASSWORD)).session_token
    created = create(stub)

    def down(*_: Any, **__: Any) -> None:
        raise OperationalError("INSERT", {}, Exception("the database went down"))

    monkeypatch.setattr(AccountStore, "link_seat", down)
    joined = stub.Join(
        session_pb2.JoinRequest(game_id=created.game_id, name="Ana", account_token=ana)
    )
    assert joined.player_token  # seated, with its token: only the link is missing
    seen = stub.GetGame(
        session_pb2.GetGameRequest(game_id=created.game_id, token=joined.player_token)
    )
    assert seen.you == joined.player_id
    assert "seated but not linked" in caplog.text
    assert stub.ListMyGames(accounts_pb2.MyGamesRequest(token=ana)).games == []


def test_the_accounts_registration_fills_what_a_join_leaves_out(
    accounts_stub: Any,
    redis_db: redis.Redis,  # noqa: F811
) -> None:
    stub = accounts_stub
    ana = stub.SignUp(
        accounts_pb2.SignUpRequest(
            name="Ana", password=PASSWORD, club="Club de Lyon", serie="S2", country="FRA"
        )
    ).session_token
    created = create(stub)
    first = stub.Join(
        session_pb2.JoinRequest(game_id=created.game_id, name="Ana", account_token=ana)
    )
    second = stub.Join(
        session_pb2.JoinRequest(
            game_id=created.game_id, name="Ana B", country="BEL", account_token=ana
        )
    )
    registered = SessionStore(redis_db).registrations(created.game_id)
    assert registered[first.player_id] == {"club": "Club de Lyon", "serie": "S2", "country": "FRA"}
    assert registered[second.player_id] == {"club": "Club de Lyon", "serie": "S2", "country": "BEL"}
