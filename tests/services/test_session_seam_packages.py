"""Pre-drawn game packages for a kind on the seam (duplicate, created with a typed
configuration), over real gRPC services and a real Redis: an open package plays its own
tirages; one whose hash, signature, lexicon or replay does not hold, one with players and one
given with rules or a seed are refused with nothing created, as is a package for a kind that
plays none (the duel); a sealed package is opened with its release key at the start, given to
Start or released before a scheduled start."""

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
from arbitre.api.kind_parts import part
from arbitre.api.proto_data import fill
from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.referee import MoveGeneratorReferee
from arbitre.rules.duplicate import DuplicateGame
from arbitre.rules.game_config import preset
from arbitre.rules.game_package import prepare_package, seal, sign
from arbitre.rules.sealed_package import seal_package
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.platform import Platform, start_platform
from arbitre.v1 import common_pb2, duplicate_pb2, session_pb2
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

KEY = b"the operator's key"
TURNS = 3
PATIENCE = 20.0


@pytest.fixture(scope="module")
def package(cache: Path) -> dict[str, Any]:
    """A signed 3-turn package of the online preset, 20 s a turn, that the engine played."""
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
    request = session_pb2.CreateGameRequest(
        kind=common_pb2.GAME_KIND_DUPLICATE,
        package_json=package if isinstance(package, str) else json.dumps(package),
        **fields,
    )
    request.duplicate.SetInParent()
    fill(request.duplicate, settings or {})
    return stub.CreateGame(request)


def refusal(call: Any) -> tuple[Any, str]:
    with pytest.raises(grpc.RpcError) as caught:
        call()
    return caught.value.code(), caught.value.details()


def view_of(stub: Any, game_id: str) -> dict[str, Any]:
    found = part(stub.GetGame(session_pb2.GetGameRequest(game_id=game_id)), "view")
    assert found is not None
    view: dict[str, Any] = found[1]
    return view


def wait_for(check: Any) -> Any:
    give_up = time.monotonic() + PATIENCE
    while not (found := check()):
        assert time.monotonic() < give_up, "the session's clock took no step"
        time.sleep(0.05)
    return found


def answer(stub: Any, game_id: str, token: str, move: str) -> None:
    stub.Act(
        session_pb2.ActRequest(
            game_id=game_id, token=token, duplicate=duplicate_pb2.DuplicateAction(move=move)
        )
    )


def events_until(stub: Any, game_id: str, last: str) -> list[tuple[str, Any]]:
    found: list[tuple[str, Any]] = []
    stream = stub.Events(session_pb2.EventsRequest(game_id=game_id, after="0-0"), timeout=5)
    for event in stream:
        found.append((event.type, json.loads(event_json(event))))
        if event.type == last:
            break
    stream.cancel()
    return found


def command(created: Any, key: str = "") -> Any:
    return session_pb2.GameCommand(
        game_id=created.game_id, token=created.organiser_token, release_key=key
    )


def test_an_open_package_plays_its_own_tirages_on_the_seam(
    stub: Any, package: dict[str, Any]
) -> None:
    created = create(stub, package)
    state = created.state
    assert (state.package_hash, state.title) == (package["content_hash"], "Simultané 5")
    assert len(state.seed_commitment) == 64
    assert not state.sealed
    game_id = created.game_id
    ana = stub.Join(session_pb2.JoinRequest(game_id=game_id, name="Ana"))
    assert stub.GetGame(session_pb2.GetGameRequest(game_id=game_id)).seats == 0
    stub.Start(command(created))
    turns = package["record"]["turns"]
    for number, turn in enumerate(turns, start=1):
        view = wait_for(
            lambda n=number: (
                (v := view_of(stub, game_id))["stage"] == "playing" and v["turn"] == n and v
            )
        )
        assert view["rack"] == turn["rack"]  # the package's tirage, turn after turn
        answer(stub, game_id, ana.player_token, turn["top"]["move"])
    wait_for(lambda: view_of(stub, game_id)["stage"] == "over")
    found = part(stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id)), "kind_record")
    assert found is not None
    record = found[1]
    assert [turn["top"] for turn in record["turns"]] == [turn["top"] for turn in turns]
    assert record["seed"] == package["record"]["seed"]


def _resigned(package: dict[str, Any], change: Any) -> dict[str, Any]:
    """``package`` changed by ``change``, its hash and signature made right again."""
    content = copy.deepcopy({k: v for k, v in package.items() if k != "signature"})
    change(content["record"])
    return sign(seal(content), KEY)


def _tampered(package: dict[str, Any]) -> dict[str, Any]:
    changed = copy.deepcopy(package)
    changed["record"]["turns"][1]["rack"] = "ZZZZZZZ"
    return changed


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (_tampered, "does not match its content hash"),
        (lambda package: {k: v for k, v in package.items() if k != "signature"}, "not signed"),
        (lambda package: sign(package, b"another key"), "signature does not match"),
        (
            lambda package: _resigned(
                package, lambda record: record["turns"][1].update(rack="ZZZZZZZ")
            ),
            "does not replay",
        ),
        (
            lambda package: _resigned(
                package, lambda record: record["lexicon"].update(hash="0" * 64)
            ),
            "another lexicon",
        ),
        (
            lambda package: _resigned(package, lambda record: record.update(players=["Ana"])),
            "no players",
        ),
        (lambda package: "{not json", "not valid JSON"),
    ],
)
def test_a_package_that_cannot_be_trusted_is_refused_and_nothing_is_created(
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


def test_a_package_brings_its_rules_and_seed(
    stub: Any,
    package: dict[str, Any],
    redis_db: redis.Redis,  # noqa: F811
) -> None:
    for call in (
        lambda: create(stub, package, {"max_turns": 2}),
        lambda: create(stub, package, has_seed=True, seed=7),
    ):
        code, details = refusal(call)
        assert code == grpc.StatusCode.INVALID_ARGUMENT
        assert "a package brings its" in details
    assert not redis_db.keys("arbitre:game:*")
    kept = create(stub, package, {"late_join": True, "reveal_seconds": 2})
    assert kept.state.package_hash == package["content_hash"]


def test_a_duel_takes_no_package(
    stub: Any,
    package: dict[str, Any],
    redis_db: redis.Redis,  # noqa: F811
) -> None:
    request = session_pb2.CreateGameRequest(
        kind=common_pb2.GAME_KIND_WORD_DUEL, package_json=json.dumps(package)
    )
    code, details = refusal(lambda: stub.CreateGame(request))
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert "package" in details
    assert not redis_db.keys("arbitre:game:*")


def secrets_of(package: dict[str, Any]) -> list[str]:
    """What a sealed package's game must not show before its start: every tirage and top."""
    turns = package["record"]["turns"]
    return [turn["rack"] for turn in turns] + [turn["top"]["move"] for turn in turns]


def test_a_sealed_package_is_opened_with_its_key_at_the_start(
    stub: Any, package: dict[str, Any]
) -> None:
    sealed, key = seal_package(package, KEY)
    created = create(stub, sealed)
    game_id = created.game_id
    assert (created.state.sealed, created.state.package_hash) == (True, sealed["content_hash"])
    assert created.state.seed_commitment == ""
    stub.Join(session_pb2.JoinRequest(game_id=game_id, name="Ana"))
    code, details = refusal(lambda: stub.Start(command(created)))
    assert (code, "release key" in details) == (grpc.StatusCode.FAILED_PRECONDITION, True)
    _other, wrong = seal_package(package, KEY)
    for bad in (wrong.text(), "RK1-nonsense"):
        code, details = refusal(lambda: stub.Start(command(created, bad)))  # noqa: B023
        assert (code, "bad_release_key" in details) == (grpc.StatusCode.INVALID_ARGUMENT, True)
    state = stub.GetGame(session_pb2.GetGameRequest(game_id=game_id))
    assert (state.status, state.sealed) == ("waiting", True)
    shown = state.SerializeToString().decode("utf-8", "replace")
    assert not [secret for secret in secrets_of(package) if secret in shown]

    started = stub.Start(command(created, key.text().lower()))  # any case
    assert (started.status, started.sealed) == ("running", False)
    assert len(started.seed_commitment) == 64
    assert view_of(stub, game_id)["rack"] == package["record"]["turns"][0]["rack"]
    events = dict(events_until(stub, game_id, "turn_started"))
    assert events["package_opened"] == {
        "package_hash": package["content_hash"],
        "seed_commitment": started.seed_commitment,
    }


def test_a_released_key_opens_a_sealed_package_at_its_scheduled_start(
    stub: Any, package: dict[str, Any]
) -> None:
    sealed, key = seal_package(package, KEY)
    now = create(stub, package).state.server_time_ms
    early = create(stub, sealed, start_at_ms=now + 1200)
    stub.Join(session_pb2.JoinRequest(game_id=early.game_id, name="Ana"))
    code, _ = refusal(lambda: stub.ReleasePackage(command(early, "RK1-nonsense")))
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    released = stub.ReleasePackage(command(early, key.text()))
    assert (released.sealed, released.key_released, released.status) == (True, True, "waiting")
    forgotten = create(stub, sealed, start_at_ms=now + 1200)
    stub.Join(session_pb2.JoinRequest(game_id=forgotten.game_id, name="Bob"))
    view = wait_for(lambda: (v := view_of(stub, early.game_id))["stage"] == "playing" and v)
    assert view["rack"] == package["record"]["turns"][0]["rack"]
    time.sleep(0.5)
    waiting = stub.GetGame(session_pb2.GetGameRequest(game_id=forgotten.game_id))
    assert (waiting.status, waiting.sealed) == ("waiting", True)  # it waits for its key
    code, _ = refusal(lambda: stub.ReleasePackage(command(early, key.text())))
    assert code == grpc.StatusCode.FAILED_PRECONDITION
