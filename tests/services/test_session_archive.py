"""Finished games archived by the session service (:mod:`arbitre.services.session.archiver`),
end to end over real gRPC, a real Redis and real databases (SQLite and PostgreSQL:
``tests.database_fixtures``).

A match of Indecix played to its end is queued in the step that ends it, archived once, and
once Redis has forgotten it (its keys deleted, as their lifetime would) ``GetRecord`` and
``GetStandings`` (and the gateway's routes over them) answer from the archive exactly as they
did from Redis, and the record replays to the same standings. Two replicas racing on a game
write one row; a replica that dies inside its transaction leaves the game queued (nothing
written) for the next pass; one that died after its commit leaves nothing twice; a database
down holds the games in the queue while the games go on, and they are archived once it
answers; a game that expired from Redis before it was archived leaves the queue, logged."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
import redis
from sqlalchemy import create_engine, event, text

from arbitre.api.proto_data import to_data
from arbitre.gateway import GatewayConfig, create_app
from arbitre.rules.kinds import kind
from arbitre.services.archive.store import ArchiveStore
from arbitre.services.game_keys import ARCHIVE_QUEUE, GameKeys
from arbitre.services.internal_auth import open_channel
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.platform import Platform, start_platform
from arbitre.services.session import SessionService
from arbitre.services.session.archiver import Archiver, open_archive
from arbitre.v1 import session_pb2, session_pb2_grpc
from tests.database_fixtures import (  # noqa: F401
    database_url,
    postgres_database,
    postgres_server,
)
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401
from tests.services.test_session_indecix import Table, command

INDECIX = kind("indecix")


@pytest.fixture
def archived(
    cache: Path,
    redis_db: redis.Redis,  # noqa: F811
    database_url: str,  # noqa: F811
) -> Iterator[Platform]:
    """The four services on the tests' Redis, archiving into ``database_url``, as ``arbitre
    up`` runs them."""
    running = start_platform(LexiconRegistry(), redis_db, database=database_url)
    yield running
    running.stop(0)


@pytest.fixture
def archived_stub(archived: Platform) -> Iterator[Any]:
    with open_channel(archived.address, archived.gateway_token) as channel:
        yield session_pb2_grpc.SessionStub(channel)


def finished_match(stub: Any, redis_db: redis.Redis) -> str:  # noqa: F811
    """A match of Indecix played to its end: its id."""
    table = Table(stub)
    command(stub, "Start", table.created)
    assert redis_db.zscore(ARCHIVE_QUEUE, table.game_id) is None  # a live game: not queued
    table.play_out()
    state = stub.GetGame(session_pb2.GetGameRequest(game_id=table.game_id))
    assert state.status == "over"
    game_id: str = table.game_id
    return game_id


def wait_for(predicate: Any, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def forget(redis_db: redis.Redis, game_id: str) -> None:  # noqa: F811
    """Delete every key of the game from Redis, as the end of their lifetime would."""
    keys = list(redis_db.scan_iter(match=f"arbitre:game:{{{game_id}}}*"))
    assert keys
    redis_db.delete(*keys)


def refusal(call: Any) -> grpc.StatusCode:
    with pytest.raises(grpc.RpcError) as raised:
        call()
    code: grpc.StatusCode = raised.value.code()
    return code


def replica(platform: Platform, redis_db: redis.Redis, url: str, **options: Any) -> Archiver:  # noqa: F811
    """Another replica's archiver: a session service of its own on the same Redis, with the
    platform's peers, and an archive of its own on ``url``."""
    service = SessionService(redis_db, platform.session.peers)
    return Archiver(service, open_archive(url), **options)


def test_a_finished_game_is_archived_once_and_read_from_the_archive_once_redis_forgot_it(
    archived: Platform,
    archived_stub: Any,
    redis_db: redis.Redis,  # noqa: F811
) -> None:
    stub = archived_stub
    game_id = finished_match(stub, redis_db)
    request = session_pb2.GetGameRequest(game_id=game_id)
    record = stub.GetRecord(request)
    standings = stub.GetStandings(session_pb2.GetStandingsRequest(game_id=game_id))
    page = stub.GetStandings(session_pb2.GetStandingsRequest(game_id=game_id, offset=1, limit=1))
    archive = archived.session.archive
    assert archive is not None
    wait_for(lambda: redis_db.zscore(ARCHIVE_QUEUE, game_id) is None)
    assert archive.count() == 1
    found = archive.get(game_id)
    assert found is not None
    assert (found.kind, found.title, found.turns) == ("indecix", "indecix", standings.turns)
    assert [(player.name, player.robot) for player in found.players] == [
        ("Ana", None),
        ("Bob", None),
    ]
    assert found.created_ms is not None
    assert found.created_ms < found.finished_ms <= (found.archived_ms or 0)
    assert found.record == to_data(record.indecix)
    assert not redis_db.exists(GameKeys(game_id).archiving)  # the claim let go

    forget(redis_db, game_id)
    assert refusal(lambda: stub.GetGame(request)) == grpc.StatusCode.NOT_FOUND  # live: gone
    from_archive = stub.GetRecord(request)
    assert from_archive == record
    assert stub.GetStandings(session_pb2.GetStandingsRequest(game_id=game_id)) == standings
    assert (
        stub.GetStandings(session_pb2.GetStandingsRequest(game_id=game_id, offset=1, limit=1))
        == page
    )
    # The record replays, from the archive, to the standings it gave.
    replayed = INDECIX.replay(to_data(from_archive.indecix), None)
    assert INDECIX.record(replayed) == to_data(from_archive.indecix)
    assert [(line.rank, line.player, line.total) for line in INDECIX.standings(replayed)] == [
        (line.standing.rank, line.standing.player, line.standing.total)
        for line in standings.standings
    ]
    # The gateway's routes over them serve it too.
    app = create_app(GatewayConfig.all_at(archived.address, internal_token=archived.gateway_token))
    client = app.test_client()
    response = client.get(f"/v1/games/{game_id}/record")
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["record"] == to_data(record.indecix)
    assert response.get_json()["seed_salt"] == record.seed_salt
    response = client.get(f"/v1/games/{game_id}/standings")
    assert response.status_code == 200
    assert [line["name"] for line in response.get_json()["standings"]] == [
        line.name for line in standings.standings
    ]
    # Neither Redis nor the archive has it: NOT_FOUND, as before.
    unknown = session_pb2.GetGameRequest(game_id="nosuchgame1")
    assert refusal(lambda: stub.GetRecord(unknown)) == grpc.StatusCode.NOT_FOUND
    assert client.get("/v1/games/nosuchgame1/record").status_code == 404
    assert archive.count() == 1


def test_two_replicas_racing_on_a_game_archive_it_once(
    platform: Platform,
    stub: Any,
    redis_db: redis.Redis,  # noqa: F811
    database_url: str,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first replica's claim runs out while it builds the record (a slow replica); the
    second takes the game; both insert at the same moment: one row, written by one of them."""
    game_id = finished_match(stub, redis_db)
    assert redis_db.zscore(ARCHIVE_QUEUE, game_id) is not None  # queued in the ending step
    first, second = (replica(platform, redis_db, database_url) for _ in range(2))
    together = threading.Barrier(2)
    first_built = threading.Event()
    wrote: list[bool] = []
    for archiver in (first, second):
        built, add = archiver.finished, archiver.archive.add

        def finished(game: str, ms: int, archiver: Archiver = archiver, built: Any = built) -> Any:
            found = built(game, ms)
            if archiver is first:
                redis_db.delete(GameKeys(game).archiving)  # its claim ran out meanwhile
                first_built.set()
            together.wait(timeout=30)  # then both insert at once
            return found

        def counted_add(game: Any, now_ms: int, add: Any = add) -> bool:
            result: bool = add(game, now_ms)
            wrote.append(result)
            return result

        monkeypatch.setattr(archiver, "finished", finished)
        monkeypatch.setattr(archiver.archive, "add", counted_add)

    settled: list[int] = []

    def pass_of(archiver: Archiver, after: threading.Event | None) -> None:
        if after is not None:
            assert after.wait(timeout=30)
        settled.append(archiver.archive_due())

    threads = [
        threading.Thread(target=pass_of, args=(first, None)),
        threading.Thread(target=pass_of, args=(second, first_built)),
    ]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert sorted(wrote) == [False, True]  # both inserted, one row written
        assert settled == [1, 1]
        assert first.archive.count() == second.archive.count() == 1
        assert redis_db.zscore(ARCHIVE_QUEUE, game_id) is None
    finally:
        for archiver in (first, second):
            archiver.archive.close()


def test_a_replica_that_dies_mid_archive_leaves_the_game_for_the_next_pass(
    platform: Platform,
    stub: Any,
    redis_db: redis.Redis,  # noqa: F811
    database_url: str,  # noqa: F811
) -> None:
    game_id = finished_match(stub, redis_db)
    dying = replica(platform, redis_db, database_url)

    def die(_connection: Any) -> None:
        raise RuntimeError("the replica died inside its transaction")

    event.listen(dying.archive.engine, "commit", die)
    try:
        assert dying.archive_due() == 0
    finally:
        event.remove(dying.archive.engine, "commit", die)
    assert dying.archive.count() == 0  # its insert rolled back: nothing half-written
    assert redis_db.zscore(ARCHIVE_QUEUE, game_id) is not None  # still queued
    assert not redis_db.exists(GameKeys(game_id).archiving)  # its claim let go
    assert dying.archive_due() == 0  # it waits before trying the game again
    following = replica(platform, redis_db, database_url)
    try:
        assert following.archive_due() == 1
        assert following.archive.count() == 1
        assert redis_db.zscore(ARCHIVE_QUEUE, game_id) is None
    finally:
        dying.archive.close()
        following.archive.close()


def test_a_replica_that_died_after_its_commit_leaves_one_row(
    platform: Platform,
    stub: Any,
    redis_db: redis.Redis,  # noqa: F811
    database_url: str,  # noqa: F811
) -> None:
    """The row committed, the replica died before it took the game off the queue: the next
    pass writes nothing and takes it off."""
    game_id = finished_match(stub, redis_db)
    archiver = replica(platform, redis_db, database_url)
    try:
        finished_ms = int(redis_db.zscore(ARCHIVE_QUEUE, game_id) or 0)
        built = archiver.finished(game_id, finished_ms)
        assert built is not None
        assert archiver.archive.add(built, finished_ms + 5) is True  # then it died
        assert archiver.archive_due() == 1
        assert archiver.archive.count() == 1
        assert archiver.archive.get(game_id) == built
        assert redis_db.zscore(ARCHIVE_QUEUE, game_id) is None
    finally:
        archiver.archive.close()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_with_the_database_down_games_go_on_and_are_archived_once_it_answers(
    platform: Platform,
    stub: Any,
    redis_db: redis.Redis,  # noqa: F811
    tmp_path: Path,
    backend: str,
    request: pytest.FixtureRequest,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The archive's database does not answer (SQLite: its directory is not there;
    PostgreSQL: the database is not there): the session starts all the same, a game is
    played to its end and read as usual, and stays queued; once the database answers, the
    archiver (retrying, with a growing wait) archives it."""
    if backend == "sqlite":
        later = tmp_path / "later"
        url = f"sqlite:///{later / 'archive.sqlite3'}"

        def bring_up() -> None:
            later.mkdir()

        def tear_down() -> None:
            pass

    else:
        server: str = request.getfixturevalue("postgres_server")
        name = f"arbitre_test_down_{time.time_ns()}"
        url = server.rsplit("/", 1)[0] + f"/{name}"
        admin = create_engine(server, isolation_level="AUTOCOMMIT")

        def bring_up() -> None:
            with admin.connect() as connection:
                connection.execute(text(f'CREATE DATABASE "{name}"'))

        def tear_down() -> None:
            with admin.connect() as connection:
                connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            admin.dispose()

    caplog.set_level(logging.WARNING, logger="arbitre.services.session")
    archive = open_archive(url)  # the session starts: a warning only
    assert "cannot be reached" in caplog.text
    archiver = Archiver(platform.session, archive, interval=0.1)
    platform.session.archive = archive
    archiver.start()
    try:
        game_id = finished_match(stub, redis_db)  # live play goes on
        request_ = session_pb2.GetGameRequest(game_id=game_id)
        record = stub.GetRecord(request_)
        assert record.seed_salt
        time.sleep(0.5)  # passes fail meanwhile
        assert redis_db.zscore(ARCHIVE_QUEUE, game_id) is not None  # nothing lost
        assert "finished games stay queued" in caplog.text
        bring_up()
        wait_for(lambda: redis_db.zscore(ARCHIVE_QUEUE, game_id) is None)
        assert archive.count() == 1
        forget(redis_db, game_id)
        assert stub.GetRecord(request_) == record
    finally:
        archiver.stop()
        archive.close()
        tear_down()


def test_a_game_that_expired_before_it_was_archived_leaves_the_queue_logged(
    platform: Platform,
    stub: Any,
    redis_db: redis.Redis,  # noqa: F811
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    game_id = finished_match(stub, redis_db)
    forget(redis_db, game_id)
    archiver = replica(platform, redis_db, f"sqlite:///{tmp_path / 'archive.sqlite3'}")
    try:
        with caplog.at_level(logging.ERROR, logger="arbitre.services.session"):
            assert archiver.archive_due() == 1
        assert f"game {game_id} expired from Redis before it was archived" in caplog.text
        assert archiver.archive.count() == 0
        assert redis_db.zscore(ARCHIVE_QUEUE, game_id) is None
    finally:
        archiver.archive.close()


def test_without_an_archive_a_game_redis_forgot_is_not_found(
    platform: Platform,
    stub: Any,
    redis_db: redis.Redis,  # noqa: F811
) -> None:
    game_id = finished_match(stub, redis_db)
    forget(redis_db, game_id)
    request = session_pb2.GetGameRequest(game_id=game_id)
    assert refusal(lambda: stub.GetRecord(request)) == grpc.StatusCode.NOT_FOUND
    standings = session_pb2.GetStandingsRequest(game_id=game_id)
    assert refusal(lambda: stub.GetStandings(standings)) == grpc.StatusCode.NOT_FOUND


def test_an_archive_down_when_a_forgotten_game_is_read_is_unavailable(
    platform: Platform,
    stub: Any,
    tmp_path: Path,
) -> None:
    platform.session.archive = ArchiveStore.open(f"sqlite:///{tmp_path / 'gone' / 'a.sqlite3'}")
    try:
        request = session_pb2.GetGameRequest(game_id="nosuchgame1")
        assert refusal(lambda: stub.GetRecord(request)) == grpc.StatusCode.UNAVAILABLE
    finally:
        platform.session.archive.close()
        platform.session.archive = None
