"""Refereed games on the seam, over real gRPC services and a real Redis: while a turn of a
refereed duplicate game (typed configuration) is open, ``CheckPosition`` says its position (the
view's board with its tirage) is live, also while the game is paused (the turn is still open),
not while it is parked, not once the turn is revealed, nothing after the end; a game not
refereed has no live position, and a kind without positions (the duel) cannot be refereed."""

from __future__ import annotations

from typing import Any

import grpc
import redis

from arbitre.api.proto_data import fill
from arbitre.rules.fair_play import board_fingerprint
from arbitre.services.game_keys import live_position
from arbitre.services.platform import Platform
from arbitre.v1 import common_pb2, duel_pb2, duplicate_pb2, session_pb2
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401
from tests.services.test_session_seam_features import (
    answer,
    refused,
    top_of,
    view_of,
    wait_for,
)

SEED = 4_242
#: A reveal long enough that only readiness (``Next``) ends it within a test.
SETTINGS = {"max_turns": 2, "seconds_per_turn": 60, "reveal_seconds": 300}


def create(stub: Any, *, refereed: bool) -> Any:
    return stub.CreateGame(
        session_pb2.CreateGameRequest(
            kind=common_pb2.GAME_KIND_DUPLICATE,
            duplicate=fill(duplicate_pb2.DuplicateConfig(), SETTINGS),
            has_seed=True,
            seed=SEED,
            refereed=refereed,
        )
    )


def live(stub: Any, board: list[str], rack: str = "", move: str = "") -> bool:
    request = session_pb2.PositionCheckRequest(board=board, rack=rack, move=move)
    return bool(stub.CheckPosition(request).live)


def command(created: Any) -> Any:
    return session_pb2.GameCommand(game_id=created.game_id, token=created.organiser_token)


def opened(stub: Any, game_id: str, turn: int) -> dict[str, Any]:
    view: dict[str, Any] = wait_for(
        lambda: (v := view_of(stub, game_id))["stage"] == "playing" and v["turn"] == turn and v
    )
    return view


def revealed(stub: Any, game_id: str, turn: int) -> None:
    wait_for(lambda: (v := view_of(stub, game_id))["stage"] == "between" and v["turn"] == turn)


def test_the_open_turn_of_a_refereed_game_is_live(
    stub: Any,
    platform: Platform,
    redis_db: redis.Redis,  # noqa: F811
) -> None:
    created = create(stub, refereed=True)
    assert created.state.refereed
    game_id = created.game_id
    ana = stub.Join(session_pb2.JoinRequest(game_id=game_id, name="Ana"))
    assert stub.GetGame(session_pb2.GetGameRequest(game_id=game_id)).refereed
    stub.Start(command(created))
    first = opened(stub, game_id, 1)
    board, tiles = list(first["board"]), str(first["tiles"])
    top = top_of(first)
    assert live(stub, board, rack=tiles[::-1])  # the same tiles in any order
    assert live(stub, board, move=top)  # the first turn's move from its tirage
    assert not live(stub, board, rack="QUIXOTE")

    stub.Pause(command(created))  # the turn is still open: still live
    assert live(stub, board, rack=tiles)
    stub.Resume(command(created))
    assert live(stub, board, rack=tiles)

    with platform.session.store.locked(game_id) as lock:  # a step kept failing
        platform.session._park(game_id, lock, "RuntimeError: test")
    assert stub.GetGame(session_pb2.GetGameRequest(game_id=game_id)).status == "parked"
    assert not live(stub, board, rack=tiles)
    stub.Resume(command(created))
    assert live(stub, board, rack=tiles)

    answer(stub, game_id, ana.player_token, top)
    revealed(stub, game_id, 1)
    assert not live(stub, board, rack=tiles)  # turn 1 is public now
    stub.Next(session_pb2.NextRequest(game_id=game_id, turn=1, token=ana.player_token))
    second = opened(stub, game_id, 2)
    rows = list(second["board"])
    assert live(stub, rows)  # a mid-game board is the game's own
    assert live(stub, rows, rack=str(second["tiles"]))

    answer(stub, game_id, ana.player_token, top_of(second))
    revealed(stub, game_id, 2)
    stub.Next(session_pb2.NextRequest(game_id=game_id, turn=2, token=ana.player_token))
    wait_for(lambda: view_of(stub, game_id)["stage"] == "over")
    assert not live(stub, rows)
    for position in (board, rows):
        assert redis_db.scard(live_position(board_fingerprint(position))) == 0


def test_a_game_not_refereed_has_no_live_position(stub: Any) -> None:
    created = create(stub, refereed=False)
    assert not created.state.refereed
    stub.Join(session_pb2.JoinRequest(game_id=created.game_id, name="Ana"))
    stub.Start(command(created))
    first = opened(stub, created.game_id, 1)
    assert not live(stub, list(first["board"]), rack=str(first["tiles"]))
    assert not live(stub, list(first["board"]), move=top_of(first))


def test_a_duel_cannot_be_refereed(stub: Any) -> None:
    caught = refused(
        lambda: stub.CreateGame(
            session_pb2.CreateGameRequest(
                kind=common_pb2.GAME_KIND_WORD_DUEL,
                duel=fill(duel_pb2.DuelConfig(), {"language": "en", "rounds": 1, "seats": 2}),
                refereed=True,
            )
        )
    )
    assert caught.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert "no positions to referee" in str(caught.details())
