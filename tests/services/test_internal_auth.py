"""Credentials between the platform's parts (:mod:`arbitre.services.internal_auth`), against real
gRPC servers on free ports: no call without a valid credential reaches a servicer, only the
session closes a turn, health checks stay open, reflection is off unless asked for, a service
alone refuses a non-loopback address without credentials."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from arbitre.gateway.app import GatewayConfig, create_app
from arbitre.services import dictionary, scoring
from arbitre.services.internal_auth import (
    ALLOWED,
    CredentialError,
    Credentials,
    Identity,
    check_open,
    is_loopback,
    open_aio_channel,
    open_channel,
)
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.platform import Platform, start_platform
from arbitre.services.redis_server import connect
from arbitre.services.server import REFLECTION_VARIABLE, Registration, start
from arbitre.services.session import peers_from_environment
from arbitre.v1 import (
    common_pb2,
    dictionary_pb2,
    dictionary_pb2_grpc,
    duplicate_pb2,
    movegen_pb2,
    movegen_pb2_grpc,
    scoring_pb2,
    scoring_pb2_grpc,
    session_pb2,
    session_pb2_grpc,
)
from tests.network import free_port
from tests.redis_fixtures import redis_url  # noqa: F401

#: A credential that is well formed but nobody's.
FORGED = "f" * 43
EMPTY_ROWS = ["." * 15] * 15
POSITION = common_pb2.Position(rows=EMPTY_ROWS, lexicon="fr")
STARTUP_SECONDS = 60.0


@pytest.fixture(scope="module")
def platform(cache: Path, redis_url: str) -> Iterator[Platform]:  # noqa: F811
    running = start_platform(LexiconRegistry(), connect(redis_url))
    yield running
    running.stop(0)


def token_of(platform: Platform, identity: Identity) -> str:
    token = platform.credentials.token(identity)
    assert token is not None
    return token


def code_of(call: Callable[[], Any]) -> grpc.StatusCode:
    with pytest.raises(grpc.RpcError) as caught:
        call()
    code: grpc.StatusCode = caught.value.code()
    return code


def stubs(channel: Any) -> dict[str, Any]:
    return {
        "movegen": movegen_pb2_grpc.MoveGeneratorStub(channel),
        "dictionary": dictionary_pb2_grpc.DictionaryStub(channel),
        "scoring": scoring_pb2_grpc.ScoringStub(channel),
        "session": session_pb2_grpc.SessionStub(channel),
    }


#: One harmless call per service (a read, or a game created), by service.
CALLS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "movegen": lambda s: s["movegen"].HasMove(
        movegen_pb2.MovesRequest(position=POSITION, rack="EEUESIA"), timeout=30
    ),
    "dictionary": lambda s: s["dictionary"].ListLexicons(
        dictionary_pb2.ListLexiconsRequest(), timeout=30
    ),
    "scoring": lambda s: s["scoring"].Standings(
        scoring_pb2.StandingsRequest(game_id="nobody"), timeout=30
    ),
    "session": lambda s: s["session"].CreateGame(session_pb2.CreateGameRequest(), timeout=30),
    "session events": lambda s: next(
        iter(s["session"].Events(session_pb2.EventsRequest(game_id="nobody"), timeout=30))
    ),
}


# ---- the allow-list


def test_every_method_of_the_protos_is_in_the_allow_list() -> None:
    methods = {
        f"/{service.full_name}/{method.name}"
        for module in (dictionary_pb2, movegen_pb2, scoring_pb2, session_pb2)
        for service in module.DESCRIPTOR.services_by_name.values()
        for method in service.methods
    }
    reflection = "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo"
    assert set(ALLOWED) == {*methods, reflection}
    writes = {
        method for method, identities in ALLOWED.items() if Identity.GATEWAY not in identities
    }
    assert writes == {"/arbitre.v1.Scoring/CloseTurn"}
    assert ALLOWED["/arbitre.v1.Scoring/CloseTurn"] == {Identity.SESSION}


# ---- credentials and their configuration


def test_credentials_come_from_files_or_values(tmp_path: Path) -> None:
    gateway, session = "g" * 40, "s" * 40
    path = tmp_path / "gateway-token"
    path.write_text(gateway + "\n")
    read = Credentials.from_environment(
        {"ARBITRE_GATEWAY_TOKEN_FILE": str(path), "ARBITRE_SESSION_TOKEN": session}
    )
    assert read.token(Identity.GATEWAY) == gateway
    assert read.token(Identity.SESSION) == session
    assert read.identify(gateway) == Identity.GATEWAY
    assert read.identify(session) == Identity.SESSION
    for other in ("", FORGED, gateway[:-1], gateway + "x", f"Bearer {gateway}"):
        assert read.identify(other) is None
    assert gateway not in repr(read)
    assert not Credentials.from_environment({})
    assert read.only(Identity.GATEWAY).token(Identity.SESSION) is None


@pytest.mark.parametrize(
    "environ",
    [
        {"ARBITRE_GATEWAY_TOKEN": "short"},
        {"ARBITRE_GATEWAY_TOKEN": "with a space " * 4},
        {"ARBITRE_GATEWAY_TOKEN": "é" * 40},
        {"ARBITRE_GATEWAY_TOKEN": "x" * 40, "ARBITRE_GATEWAY_TOKEN_FILE": "/dev/null"},
        {"ARBITRE_GATEWAY_TOKEN": "x" * 40, "ARBITRE_SESSION_TOKEN": "x" * 40},
        {"ARBITRE_GATEWAY_TOKEN_FILE": "/dev/null"},
    ],
)
def test_a_bad_credential_is_refused_with_a_clear_error(environ: dict[str, str]) -> None:
    with pytest.raises(CredentialError, match=r"ARBITRE_|credential"):
        Credentials.from_environment(environ)


def test_a_missing_credential_file_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(OSError, match="missing"):
        Credentials.from_environment({"ARBITRE_SESSION_TOKEN_FILE": str(tmp_path / "missing")})


def test_a_child_gets_only_the_credentials_handed_to_it() -> None:
    credentials = Credentials.generate()
    assert credentials.token(Identity.GATEWAY) != credentials.token(Identity.SESSION)
    inherited = {"PATH": "/bin", "ARBITRE_SESSION_TOKEN_FILE": "/run/session-token"}
    child = credentials.only(Identity.GATEWAY).environment(inherited)
    assert child == {"PATH": "/bin", "ARBITRE_GATEWAY_TOKEN": credentials.token(Identity.GATEWAY)}
    assert Credentials.from_environment(child) == credentials.only(Identity.GATEWAY)


@pytest.mark.parametrize(
    ("address", "loopback"),
    [
        ("127.0.0.1:50051", True),
        ("127.0.0.1:0", True),
        ("localhost:50051", True),
        ("[::1]:50051", True),
        ("unix:/tmp/arbitre.sock", True),
        ("0.0.0.0:50051", False),
        ("[::]:50051", False),
        ("10.0.0.7:50051", False),
        ("scoring:50053", False),
        (":50051", False),
    ],
)
def test_loopback_addresses(address: str, loopback: bool) -> None:
    assert is_loopback(address) is loopback


def test_without_credentials_only_a_loopback_address_is_served() -> None:
    check_open("127.0.0.1:0", Credentials())
    check_open("0.0.0.0:0", Credentials.generate())
    with pytest.raises(RuntimeError, match=r"refusing to serve 0\.0\.0\.0:0 without credentials"):
        check_open("0.0.0.0:0", Credentials())
    with pytest.raises(RuntimeError, match="ARBITRE_GATEWAY_TOKEN_FILE"):
        start([dictionary.registration(LexiconRegistry())], "0.0.0.0:0", credentials=Credentials())


# ---- the platform with credentials on


@pytest.mark.parametrize("service", sorted(CALLS))
def test_a_call_without_a_valid_credential_is_unauthenticated(
    platform: Platform, service: str
) -> None:
    for token in (None, FORGED):
        with open_channel(platform.address, token) as channel:
            assert code_of(lambda: CALLS[service](stubs(channel))) == (
                grpc.StatusCode.UNAUTHENTICATED
            )
    # a credential in another scheme, or under another key, is not one
    gateway = token_of(platform, Identity.GATEWAY)
    with grpc.insecure_channel(platform.address) as channel:
        for metadata in ((("authorization", gateway),), (("x-token", f"Bearer {gateway}"),)):
            call = stubs(channel)["dictionary"].ListLexicons
            request = dictionary_pb2.ListLexiconsRequest()
            assert code_of(lambda: call(request, metadata=metadata, timeout=30)) == (  # noqa: B023
                grpc.StatusCode.UNAUTHENTICATED
            )


def test_the_gateways_credential_reaches_what_the_gateway_calls(platform: Platform) -> None:
    with open_channel(platform.address, token_of(platform, Identity.GATEWAY)) as channel:
        for service, call in CALLS.items():
            if service == "session events":
                continue
            assert call(stubs(channel)) is not None, service


def test_the_sessions_credential_cannot_drive_a_game(platform: Platform) -> None:
    with open_channel(platform.address, token_of(platform, Identity.SESSION)) as channel:
        code = code_of(lambda: CALLS["session"](stubs(channel)))
    assert code == grpc.StatusCode.PERMISSION_DENIED


def test_health_checks_need_no_credential(platform: Platform) -> None:
    with grpc.insecure_channel(platform.address) as channel:
        health = health_pb2_grpc.HealthStub(channel)
        for name in ("", "arbitre.v1.Scoring", "arbitre.v1.Session"):
            answer = health.Check(health_pb2.HealthCheckRequest(service=name), timeout=30)
            assert answer.status == health_pb2.HealthCheckResponse.SERVING


def test_only_the_session_may_close_a_turn(platform: Platform) -> None:
    """The repro of issue 13: a Scoring.CloseTurn sent by anyone but the session, about a
    running game, must not change the scoring service's standings."""
    gateway = open_channel(platform.address, token_of(platform, Identity.GATEWAY))
    try:
        session = stubs(gateway)["session"]
        config = duplicate_pb2.DuplicateConfig(max_turns=1, seconds_per_turn=60)
        created = session.CreateGame(
            session_pb2.CreateGameRequest(
                kind=common_pb2.GAME_KIND_DUPLICATE, duplicate=config, has_seed=True, seed=5
            )
        )
        game_id = created.game_id
        joined = session.Join(session_pb2.JoinRequest(game_id=game_id, name="Ana"))
        session.Start(session_pb2.GameCommand(game_id=game_id, token=created.organiser_token))
        cheat = scoring_pb2.CloseTurnRequest(
            game_id=game_id,
            turn=1,
            top=5000,
            players=[joined.player_id],
            points=[scoring_pb2.PlayerPoints(player=joined.player_id, points=5000)],
        )
        for token, code in (
            (token_of(platform, Identity.GATEWAY), grpc.StatusCode.PERMISSION_DENIED),
            (None, grpc.StatusCode.UNAUTHENTICATED),
            (FORGED, grpc.StatusCode.UNAUTHENTICATED),
        ):
            with open_channel(platform.address, token) as channel:
                refused = code_of(lambda: stubs(channel)["scoring"].CloseTurn(cheat, timeout=30))
            assert refused == code
        scoring_stub = stubs(gateway)["scoring"]
        request = scoring_pb2.StandingsRequest(game_id=game_id)
        assert scoring_stub.Standings(request, timeout=30).turns == 0
        standings = session.GetStandings(session_pb2.GetStandingsRequest(game_id=game_id))
        assert [line.standing.total for line in standings.standings] == [0]
    finally:
        gateway.close()


def test_the_sessions_credential_closes_a_turn(platform: Platform) -> None:
    """The control of the test above: the same request with the session's credential counts."""
    request = scoring_pb2.CloseTurnRequest(
        game_id="control",
        turn=1,
        top=30,
        players=["p1"],
        points=[scoring_pb2.PlayerPoints(player="p1", points=30)],
    )
    with open_channel(platform.address, token_of(platform, Identity.SESSION)) as channel:
        stub = stubs(channel)["scoring"]
        assert not stub.CloseTurn(request, timeout=30).already_closed
        [line] = stub.Standings(scoring_pb2.StandingsRequest(game_id="control")).standings
    assert line.total == 30


def test_a_refused_call_reaches_no_servicer() -> None:
    calls: list[str] = []

    class Spy(scoring_pb2_grpc.ScoringServicer):
        def Standings(self, request: Any, context: Any) -> Any:  # noqa: N802
            calls.append(request.game_id)
            return scoring_pb2.StandingsResponse()

    credentials = Credentials.generate()
    running = start(
        [
            Registration(
                scoring.SERVICE_NAME,
                lambda server: scoring_pb2_grpc.add_ScoringServicer_to_server(Spy(), server),
            )
        ],
        credentials=credentials,
    )
    try:
        request = scoring_pb2.StandingsRequest(game_id="g")
        for token in (None, FORGED):
            with open_channel(running.address, token) as channel:
                stub = scoring_pb2_grpc.ScoringStub(channel)
                code = code_of(lambda: stub.Standings(request, timeout=30))  # noqa: B023
            assert code == grpc.StatusCode.UNAUTHENTICATED
        assert calls == []
        with open_channel(running.address, credentials.token(Identity.GATEWAY)) as channel:
            scoring_pb2_grpc.ScoringStub(channel).Standings(request, timeout=30)
        assert calls == ["g"]
    finally:
        running.stop(0)


def test_the_asyncio_channel_carries_the_credential(platform: Platform) -> None:
    import asyncio

    async def codes(token: str | None) -> tuple[grpc.StatusCode, grpc.StatusCode]:
        """The codes of a unary call and of a server stream about a game that does not exist."""
        channel = open_aio_channel(platform.address, token)
        stub = session_pb2_grpc.SessionStub(channel)
        found = []
        try:
            try:
                await stub.GetGame(session_pb2.GetGameRequest(game_id="nobody"), timeout=30)
            except grpc.aio.AioRpcError as error:
                found.append(error.code())
            try:
                call = stub.Events(session_pb2.EventsRequest(game_id="nobody"), timeout=30)
                async for _event in call:
                    break
            except grpc.aio.AioRpcError as error:
                found.append(error.code())
        finally:
            await channel.close()
        unary, stream = found
        return unary, stream

    unauthenticated = grpc.StatusCode.UNAUTHENTICATED
    assert asyncio.run(codes(None)) == (unauthenticated, unauthenticated)
    # with the credential the calls reach the session, which knows no such game
    not_found = grpc.StatusCode.NOT_FOUND
    assert asyncio.run(codes(token_of(platform, Identity.GATEWAY))) == (not_found, not_found)


def test_the_session_calls_its_peers_with_its_credential_from_the_environment(
    platform: Platform,
) -> None:
    environ = {
        "ARBITRE_MOVEGEN_ADDRESS": platform.address,
        "ARBITRE_SCORING_ADDRESS": platform.address,
        "ARBITRE_DICTIONARY_ADDRESS": platform.address,
    }
    without = peers_from_environment(environ)
    request = dictionary_pb2.ListLexiconsRequest()
    code = code_of(lambda: without.dictionary.ListLexicons(request, timeout=30))
    assert code == grpc.StatusCode.UNAUTHENTICATED
    environ["ARBITRE_SESSION_TOKEN"] = token_of(platform, Identity.SESSION)
    peers = peers_from_environment(environ)
    assert peers.dictionary.ListLexicons(request, timeout=30).lexicons


def test_the_gateway_sends_its_credential_from_the_environment(
    platform: Platform, tmp_path: Path
) -> None:
    path = tmp_path / "gateway-token"
    path.write_text(token_of(platform, Identity.GATEWAY))
    addresses = {f"ARBITRE_{peer}_ADDRESS": platform.address for peer in ("MOVEGEN", "DICTIONARY")}
    addresses |= {f"ARBITRE_{peer}_ADDRESS": platform.address for peer in ("SCORING", "SESSION")}
    config = GatewayConfig.from_environment({**addresses, "ARBITRE_GATEWAY_TOKEN_FILE": str(path)})
    assert config.internal_token == token_of(platform, Identity.GATEWAY)
    assert token_of(platform, Identity.GATEWAY) not in repr(config)
    app = create_app(config)
    try:
        assert app.test_client().get("/v1/lexicons").status_code == 200
    finally:
        app.extensions["arbitre.gateway"].close()
    without = create_app(GatewayConfig.from_environment(addresses))
    try:
        assert without.test_client().get("/v1/lexicons").status_code != 200
        # health checks are open: a gateway without a credential still sees its peers up
        assert without.test_client().get("/healthz").status_code == 200
    finally:
        without.extensions["arbitre.gateway"].close()


# ---- reflection


def reflected_services(address: str, token: str | None) -> list[str]:
    with open_channel(address, token) as channel:
        stub = reflection_pb2_grpc.ServerReflectionStub(channel)
        request = reflection_pb2.ServerReflectionRequest(list_services="")
        [answer] = list(stub.ServerReflectionInfo(iter([request]), timeout=30))
        return [service.name for service in answer.list_services_response.service]


def test_reflection_is_off_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(REFLECTION_VARIABLE, raising=False)
    credentials = Credentials.generate()
    running = start([dictionary.registration(LexiconRegistry())], credentials=credentials)
    try:
        code = code_of(
            lambda: reflected_services(running.address, credentials.token(Identity.GATEWAY))
        )
        assert code == grpc.StatusCode.UNIMPLEMENTED
    finally:
        running.stop(0)


def test_reflection_is_on_when_asked_for_and_needs_a_credential(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(REFLECTION_VARIABLE, "1")
    credentials = Credentials.generate()
    running = start([dictionary.registration(LexiconRegistry())], credentials=credentials)
    try:
        names = reflected_services(running.address, credentials.token(Identity.GATEWAY))
        assert dictionary.SERVICE_NAME in names
        code = code_of(lambda: reflected_services(running.address, None))
        assert code == grpc.StatusCode.UNAUTHENTICATED
    finally:
        running.stop(0)


# ---- a service run alone


def run_alone(name: str, address: str, environment: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", f"arbitre.services.{name}", "--address", address],
        env={**os.environ, **environment},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_a_service_alone_refuses_every_interface_without_credentials(cache: Path) -> None:
    process = run_alone("dictionary", f"0.0.0.0:{free_port()}", {"ARBITRE_CACHE_DIR": str(cache)})
    _, errors = process.communicate(timeout=STARTUP_SECONDS)
    assert process.returncode == 2
    assert "refusing to serve" in errors
    assert "ARBITRE_GATEWAY_TOKEN_FILE" in errors


def test_a_service_alone_serves_the_credentials_of_its_files(cache: Path, tmp_path: Path) -> None:
    credentials = Credentials.generate()
    files = {}
    for identity in Identity:
        path = tmp_path / f"{identity}-token"
        path.write_text(str(credentials.token(identity)))
        files[identity.file_variable] = str(path)
    port = free_port()
    process = run_alone("dictionary", f"0.0.0.0:{port}", {"ARBITRE_CACHE_DIR": str(cache), **files})
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(process.stdout or ()), daemon=True)
    reader.start()
    try:
        address = f"127.0.0.1:{port}"
        with grpc.insecure_channel(address) as channel:
            grpc.channel_ready_future(channel).result(timeout=STARTUP_SECONDS)
            health = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest())
            assert health.status == health_pb2.HealthCheckResponse.SERVING
        request = dictionary_pb2.ListLexiconsRequest()
        with open_channel(address, None) as channel:
            stub = dictionary_pb2_grpc.DictionaryStub(channel)
            assert code_of(lambda: stub.ListLexicons(request, timeout=30)) == (
                grpc.StatusCode.UNAUTHENTICATED
            )
        for identity in Identity:
            with open_channel(address, credentials.token(identity)) as channel:
                stub = dictionary_pb2_grpc.DictionaryStub(channel)
                assert stub.ListLexicons(request, timeout=30).lexicons
    finally:
        process.terminate()
        process.wait(timeout=30)
