"""Pre-drawn games and scheduled starts at the session service, for duplicate games on the game
kinds' seam: an organiser creates a simultané from a sealed (and signed) package; the service
refuses a package whose hash, signature or lexicon does not match, or that does not replay on
its engine, and then plays exactly the package's tirages; a scheduled game starts by itself at
its time. (More of the packages on the seam: ``test_session_seam_packages.py``.)"""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
import redis

from arbitre.api.game_events import event_json
from arbitre.api.kind_parts import part
from arbitre.api.proto_data import fill
from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.referee import MoveGeneratorReferee
from arbitre.rules.duplicate import DuplicateGame
from arbitre.rules.game_config import preset
from arbitre.rules.game_package import prepare_package, sign
from arbitre.rules.sealed_package import seal_package
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.platform import Platform, start_platform
from arbitre.services.session import package_key_from_environment
from arbitre.v1 import common_pb2, duplicate_pb2, session_pb2
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

KEY = b"the operator's key"
TURNS = 3
PATIENCE = 20.0


@pytest.fixture(scope="module")
def package(cache: Path) -> dict[str, Any]:
    """A signed 3-turn package of the online preset, 20 s a turn."""
    config = dataclasses.replace(preset("online"), max_turns=TURNS, seconds_per_turn=20)
    lexicon = load_lexicon(config.lexicon)
    game = DuplicateGame(config, 5, MoveGeneratorReferee(lexicon, config))
    game.play_to_end()
    return sign(prepare_package(game, lexicon.info.id, lexicon.info.hash, "Simultané 5"), KEY)


@pytest.fixture
def platform(cache: Path, redis_db: redis.Redis) -> Iterator[Platform]:  # noqa: F811
    running = start_platform(LexiconRegistry(), redis_db, package_key=KEY)
    yield running
    running.stop(0)


def create(stub: Any, package: Any, settings: dict[str, Any] | None = None, **fields: Any) -> Any:
    """A duplicate game on the seam (its typed configuration, empty or with ``settings``) from
    ``package``."""
    text = package if isinstance(package, str) else json.dumps(package)
    request = session_pb2.CreateGameRequest(
        kind=common_pb2.GAME_KIND_DUPLICATE, package_json=text, **fields
    )
    request.duplicate.SetInParent()
    fill(request.duplicate, settings or {})
    return stub.CreateGame(request)


def refusal(call: Any) -> tuple[Any, str]:
    with pytest.raises(grpc.RpcError) as caught:
        call()
    return caught.value.code(), caught.value.details()


def view_in(state: Any) -> dict[str, Any]:
    found = part(state, "view")
    assert found is not None
    view: dict[str, Any] = found[1]
    return view


def wait(stub: Any, game_id: str, done: Any) -> Any:
    give_up = time.monotonic() + PATIENCE
    while True:
        state = stub.GetGame(session_pb2.GetGameRequest(game_id=game_id))
        if done(state):
            return state
        assert time.monotonic() < give_up, f"still {state.status}/{state.phase}/{state.turn}"
        time.sleep(0.05)


def test_a_package_is_played_with_its_own_tirages(stub: Any, package: dict[str, Any]) -> None:
    created = create(stub, package, {"late_join": True})
    state = created.state
    assert state.package_hash == package["content_hash"]
    assert state.title == "Simultané 5"
    config = view_in(state)["config"]
    assert (config["max_turns"], config["seconds_per_turn"], config["late_join"]) == (
        TURNS,
        20,
        True,
    )
    game_id = created.game_id
    ana = stub.Join(session_pb2.JoinRequest(game_id=game_id, name="Ana", serie="S3"))
    started = stub.Start(session_pb2.GameCommand(game_id=game_id, token=created.organiser_token))
    turns = package["record"]["turns"]
    assert view_in(started)["rack"] == turns[0]["rack"]
    for number, turn in enumerate(turns, start=1):
        state = wait(stub, game_id, lambda s, n=number: s.turn == n and s.phase == "turn")
        assert view_in(state)["rack"] == turn["rack"]  # the package's tirage, turn after turn
        stub.Act(
            session_pb2.ActRequest(
                game_id=game_id,
                token=ana.player_token,
                duplicate=duplicate_pb2.DuplicateAction(move=turn["top"]["move"], turn=number),
            )
        )
    over = wait(stub, game_id, lambda s: s.status == "over")
    assert view_in(over)["end_reason"] == "max_turns"
    record = part(stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id)), "kind_record")
    assert record is not None
    assert [turn["top"] for turn in record[1]["turns"]] == [turn["top"] for turn in turns]
    standings = stub.GetStandings(session_pb2.GetStandingsRequest(game_id=game_id))
    details = part(standings.standings[0], "details")
    assert details is not None
    assert details[1]["percent_of_top"] == 100.0


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (lambda package: {"format": "arbitre.package/1"}, "no duplicate game record"),
        (lambda package: "x" * 1_000_001, "too long"),
    ],
)
def test_a_package_that_cannot_be_trusted_is_refused_and_nothing_is_written(
    stub: Any,
    package: dict[str, Any],
    redis_db: redis.Redis,  # noqa: F811
    make: Any,
    says: str,
) -> None:
    """What ``test_session_seam_packages.py`` does not try already: a package without a game,
    and one too long to be read."""
    code, details = refusal(lambda: create(stub, make(package)))
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert says in details
    assert not redis_db.keys("arbitre:game:*")


def test_a_scheduled_game_starts_by_itself(stub: Any, package: dict[str, Any]) -> None:
    now = stub.GetGame(
        session_pb2.GetGameRequest(game_id=create(stub, package).game_id)
    ).server_time_ms
    for start_at in (now - 1000, now + 400 * 24 * 3600 * 1000):
        code, _ = refusal(lambda: create(stub, package, start_at_ms=start_at))  # noqa: B023
        assert code == grpc.StatusCode.INVALID_ARGUMENT
    created = create(stub, package, {"late_join": True}, start_at_ms=now + 1500)
    game_id = created.game_id
    assert created.state.start_at_ms == now + 1500
    assert created.state.status == "waiting"
    stub.Join(session_pb2.JoinRequest(game_id=game_id, name="Ana"))
    started = wait(stub, game_id, lambda s: s.status == "running")
    assert started.server_time_ms >= now + 1500
    assert view_in(started)["rack"] == package["record"]["turns"][0]["rack"]
    events = stub.Events(session_pb2.EventsRequest(game_id=game_id, after="0-0"), timeout=5)
    kinds = []
    for event in events:
        kinds.append((event.type, json.loads(event_json(event))))
        if event.type == "turn_started":
            break
    assert ("game_started", {"scheduled": True}) in kinds


def test_a_scheduled_game_without_players_waits_for_its_organiser(
    stub: Any, package: dict[str, Any]
) -> None:
    now = stub.GetGame(
        session_pb2.GetGameRequest(game_id=create(stub, package).game_id)
    ).server_time_ms
    created = create(stub, package, start_at_ms=now + 300)
    time.sleep(1.0)
    state = stub.GetGame(session_pb2.GetGameRequest(game_id=created.game_id))
    assert (state.status, state.turn) == ("waiting", 0)


def test_the_operator_s_key_comes_from_a_file(tmp_path: Path) -> None:
    assert package_key_from_environment({}) is None
    key_file = tmp_path / "key"
    key_file.write_bytes(b"  secret\n")
    variable = "ARBITRE_PACKAGE_KEY_FILE"
    assert package_key_from_environment({variable: str(key_file)}) == b"secret"
    key_file.write_bytes(b"\n")
    with pytest.raises(ValueError, match="empty"):
        package_key_from_environment({variable: str(key_file)})
    with pytest.raises(FileNotFoundError):
        package_key_from_environment({variable: str(tmp_path / "missing")})


# -- sealed packages ---------------------------------------------------------------------------


def command(created: Any, key: str = "") -> Any:
    return session_pb2.GameCommand(
        game_id=created.game_id, token=created.organiser_token, release_key=key
    )


def secrets_of(package: dict[str, Any]) -> list[str]:
    """What a sealed package's game must not show before its start: every tirage and top."""
    turns = package["record"]["turns"]
    return [turn["rack"] for turn in turns] + [turn["top"]["move"] for turn in turns]


def test_a_sealed_package_stays_sealed_until_its_key_is_given_at_the_start(
    stub: Any, package: dict[str, Any]
) -> None:
    sealed, key = seal_package(package, KEY)
    created = create(stub, sealed, {"late_join": True})
    game_id = created.game_id
    assert created.state.sealed
    assert (created.state.title, created.state.package_hash) == (
        "Simultané 5",
        sealed["content_hash"],
    )
    assert view_in(created.state)["config"]["max_turns"] == TURNS
    stub.Join(session_pb2.JoinRequest(game_id=game_id, name="Ana"))
    sealed_record: Any
    try:  # nothing of a sealed game's record before its start
        sealed_record = stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id))
    except grpc.RpcError as error:
        sealed_record = (error.code(), "sealed" in str(error.details()))
    code, details = refusal(lambda: stub.Start(command(created)))
    assert (code, "release key" in details) == (grpc.StatusCode.FAILED_PRECONDITION, True)
    _other, wrong = seal_package(package, KEY)
    mistyped = key.text()[:-1] + ("A" if key.text()[-1] != "A" else "B")
    for bad in (wrong.text(), mistyped, "RK1-nonsense"):
        code, details = refusal(lambda: stub.Start(command(created, bad)))  # noqa: B023
        assert code == grpc.StatusCode.INVALID_ARGUMENT
        assert "bad_release_key" in details
    state = stub.GetGame(session_pb2.GetGameRequest(game_id=game_id))
    assert (state.status, state.sealed, view_in(state)["rack"]) == ("waiting", True, None)
    shown = state.SerializeToString().decode("utf-8", "replace")
    assert not [secret for secret in secrets_of(package) if secret in shown]

    started = stub.Start(command(created, key.text().lower()))  # any case
    assert (started.status, started.sealed) == ("running", False)
    assert view_in(started)["rack"] == package["record"]["turns"][0]["rack"]
    assert len(started.seed_commitment) == 64
    assert sealed_record == (grpc.StatusCode.FAILED_PRECONDITION, True)


def test_a_sealed_package_its_operator_did_not_sign_is_refused(
    stub: Any,
    package: dict[str, Any],
    redis_db: redis.Redis,  # noqa: F811
) -> None:
    unsigned, _key = seal_package(package)
    code, details = refusal(lambda: create(stub, unsigned))
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert "bad_package" in details
    assert not redis_db.keys("arbitre:game:*")
