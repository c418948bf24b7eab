"""Pre-drawn games and scheduled starts at the session service: an organiser creates a
simultané from a sealed (and signed) package; the service refuses a package whose hash,
signature or lexicon does not match, or that does not replay on its engine, and then plays
exactly the package's tirages; a scheduled game starts by itself at its time."""

from __future__ import annotations

import copy
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
from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.referee import MoveGeneratorReferee
from arbitre.rules.duplicate import DuplicateGame
from arbitre.rules.game_config import preset
from arbitre.rules.game_package import prepare_package, seal, sign
from arbitre.rules.sealed_package import seal_package
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.platform import Platform, start_platform
from arbitre.services.session import package_key_from_environment
from arbitre.v1 import session_pb2
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


def create(stub: Any, package: Any, **fields: Any) -> Any:
    text = package if isinstance(package, str) else json.dumps(package)
    return stub.CreateGame(session_pb2.CreateGameRequest(package_json=text, **fields))


def refusal(call: Any) -> tuple[Any, str]:
    with pytest.raises(grpc.RpcError) as caught:
        call()
    return caught.value.code(), caught.value.details()


def wait(stub: Any, game_id: str, done: Any) -> Any:
    give_up = time.monotonic() + PATIENCE
    while True:
        state = stub.GetGame(session_pb2.GetGameRequest(game_id=game_id))
        if done(state):
            return state
        assert time.monotonic() < give_up, f"still {state.status}/{state.phase}/{state.turn}"
        time.sleep(0.05)


def test_a_package_is_played_with_its_own_tirages(stub: Any, package: dict[str, Any]) -> None:
    created = create(stub, package, late_join=True)
    state = created.state
    assert state.package_hash == package["content_hash"]
    assert state.title == "Simultané 5"
    config = json.loads(state.config_json)
    assert (config["max_turns"], config["seconds_per_turn"]) == (TURNS, 20)
    game_id = created.game_id
    ana = stub.Join(session_pb2.JoinRequest(game_id=game_id, name="Ana", serie="S3"))
    started = stub.Start(session_pb2.GameCommand(game_id=game_id, token=created.organiser_token))
    turns = package["record"]["turns"]
    assert started.rack == turns[0]["rack"]
    for number, turn in enumerate(turns, start=1):
        state = wait(stub, game_id, lambda s, n=number: s.turn == n and s.phase == "turn")
        assert state.rack == turn["rack"]  # the package's tirage, turn after turn
        stub.Answer(
            session_pb2.AnswerRequest(
                game_id=game_id, turn=number, token=ana.player_token, move=turn["top"]["move"]
            )
        )
    over = wait(stub, game_id, lambda s: s.status == "over")
    assert over.end_reason == "max_turns"
    record = json.loads(stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id)).record_json)
    assert [turn["top"] for turn in record["turns"]] == [turn["top"] for turn in turns]
    standings = stub.GetStandings(session_pb2.GetStandingsRequest(game_id=game_id))
    assert standings.standings[0].standing.percent_of_top == 100.0


def _tampered(package: dict[str, Any]) -> dict[str, Any]:
    changed = copy.deepcopy(package)
    changed["record"]["turns"][1]["rack"] = "ZZZZZZZ"
    return changed


def _resealed_with_another_rack(package: dict[str, Any]) -> dict[str, Any]:
    """Hash and signature right, tirage not what the engine draws."""
    content = {key: value for key, value in _tampered(package).items() if key != "signature"}
    return sign(seal(content), KEY)


def _other_lexicon(package: dict[str, Any]) -> dict[str, Any]:
    content = copy.deepcopy({k: v for k, v in package.items() if k != "signature"})
    content["record"]["lexicon"]["hash"] = "0" * 64
    return sign(seal(content), KEY)


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (lambda package: _tampered(package), "does not match its content hash"),
        (lambda package: {k: v for k, v in package.items() if k != "signature"}, "not signed"),
        (lambda package: sign(package, b"another key"), "signature does not match"),
        (_resealed_with_another_rack, "does not replay"),
        (_other_lexicon, "another lexicon"),
        (lambda package: "{not json", "not valid JSON"),
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
    code, details = refusal(lambda: create(stub, make(package)))
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert says in details
    assert not redis_db.keys("arbitre:game:*")


def test_a_package_brings_its_own_configuration_and_seed(
    stub: Any, package: dict[str, Any]
) -> None:
    for fields in ({"config_json": '{"max_turns": 5}'}, {"preset": "fisf"}, {"has_seed": True}):
        code, details = refusal(lambda: create(stub, package, **fields))  # noqa: B023
        assert code == grpc.StatusCode.INVALID_ARGUMENT
        assert "give no config, preset or seed" in details


def test_a_scheduled_game_starts_by_itself(stub: Any, package: dict[str, Any]) -> None:
    now = stub.GetGame(
        session_pb2.GetGameRequest(game_id=create(stub, package).game_id)
    ).server_time_ms
    for start_at in (now - 1000, now + 400 * 24 * 3600 * 1000):
        code, _ = refusal(lambda: create(stub, package, start_at_ms=start_at))  # noqa: B023
        assert code == grpc.StatusCode.INVALID_ARGUMENT
    created = create(stub, package, start_at_ms=now + 1500, late_join=True)
    game_id = created.game_id
    assert created.state.start_at_ms == now + 1500
    assert created.state.status == "waiting"
    stub.Join(session_pb2.JoinRequest(game_id=game_id, name="Ana"))
    started = wait(stub, game_id, lambda s: s.status == "running")
    assert started.server_time_ms >= now + 1500
    assert started.rack == package["record"]["turns"][0]["rack"]
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
    created = create(stub, sealed, late_join=True)
    game_id = created.game_id
    assert created.state.sealed
    assert (created.state.title, created.state.package_hash) == (
        "Simultané 5",
        sealed["content_hash"],
    )
    assert json.loads(created.state.config_json)["max_turns"] == TURNS
    stub.Join(session_pb2.JoinRequest(game_id=game_id, name="Ana"))
    code, details = refusal(lambda: stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id)))
    assert (code, "sealed" in details) == (grpc.StatusCode.FAILED_PRECONDITION, True)
    code, details = refusal(lambda: stub.Start(command(created)))
    assert (code, "release key" in details) == (grpc.StatusCode.FAILED_PRECONDITION, True)
    _other, wrong = seal_package(package, KEY)
    mistyped = key.text()[:-1] + ("A" if key.text()[-1] != "A" else "B")
    for bad in (wrong.text(), mistyped, "RK1-nonsense"):
        code, details = refusal(lambda: stub.Start(command(created, bad)))  # noqa: B023
        assert code == grpc.StatusCode.INVALID_ARGUMENT
        assert "bad_release_key" in details
    state = stub.GetGame(session_pb2.GetGameRequest(game_id=game_id))
    assert (state.status, state.sealed, state.rack) == ("waiting", True, "")
    shown = state.SerializeToString().decode("utf-8", "replace")
    assert not [secret for secret in secrets_of(package) if secret in shown]

    started = stub.Start(command(created, key.text().lower()))  # any case
    assert (started.status, started.sealed) == ("running", False)
    assert started.rack == package["record"]["turns"][0]["rack"]
    assert len(started.seed_commitment) == 64


def test_a_scheduled_sealed_game_opens_with_the_key_released_before(
    stub: Any, package: dict[str, Any]
) -> None:
    sealed, key = seal_package(package, KEY)
    now = stub.GetGame(
        session_pb2.GetGameRequest(game_id=create(stub, package).game_id)
    ).server_time_ms
    early = create(stub, sealed, start_at_ms=now + 1200, late_join=True)
    code, _ = refusal(lambda: stub.ReleasePackage(command(early, "RK1-nonsense")))
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    released = stub.ReleasePackage(command(early, key.text()))
    assert (released.sealed, released.key_released, released.status) == (True, True, "waiting")
    forgotten = create(stub, sealed, start_at_ms=now + 1200, late_join=True)
    started = wait(stub, early.game_id, lambda s: s.status == "running")
    assert started.rack == package["record"]["turns"][0]["rack"]
    time.sleep(0.5)
    waiting = stub.GetGame(session_pb2.GetGameRequest(game_id=forgotten.game_id))
    assert (waiting.status, waiting.sealed) == ("waiting", True)  # it waits for its key
    code, _ = refusal(lambda: stub.ReleasePackage(command(early, key.text())))
    assert code == grpc.StatusCode.FAILED_PRECONDITION


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
