"""The seam's throttle of a kind's throttled events, over real gRPC services and a real Redis: a
duplicate game's ``answer_count`` (:attr:`~arbitre.rules.kinds.base.Event.throttled`) is written
at most once per period of the game (250 ms, or its players in ms), and always for the answer
that makes the turn due; the events a kind does not throttle are all written (the duel's:
``tests/services/test_session_duel.py``)."""

from __future__ import annotations

import time
from typing import Any

import redis

from arbitre.api.kind_parts import event_part
from arbitre.rules.kinds import kind
from arbitre.services.game_keys import GameKeys
from arbitre.services.session.throttle import COUNT_EVENT_MS
from arbitre.v1 import session_pb2
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401
from tests.services.test_session_seam_features import (
    answer,
    duplicate_game,
    top_of,
    view_of,
    wait_for,
)

DUPLICATE = kind("duplicate")


def counts_of_turn(stub: Any, game_id: str, turn: int) -> list[dict[str, Any]]:
    """The ``answer_count`` events of ``turn`` in the game's stream, up to its reveal."""
    counts = []
    for event in stub.Events(session_pb2.EventsRequest(game_id=game_id, after="0-0"), timeout=5):
        typed = event_part(event)
        if typed is not None and typed[0] == "answer_count" and typed[1]["turn"] == turn:
            counts.append(typed[1])
        if typed is not None and typed[0] == "turn_revealed":
            break
    return counts


def test_answer_counts_are_throttled_and_the_one_completing_the_turn_is_told(
    stub: Any,
    redis_db: redis.Redis,  # noqa: F811
) -> None:
    """Three players answer within a few ms: the first count is written, the second falls in
    its period and is skipped, the third makes the turn due and is written regardless."""
    game_id, organiser, players = duplicate_game(stub, ("Ana", "Bob", "Cyd"))
    stub.Start(session_pb2.GameCommand(game_id=game_id, token=organiser))
    move = top_of(view_of(stub, game_id, players[0].player_token))
    started = time.monotonic()
    told = [answer(stub, game_id, player.player_token, move) for player in players]
    elapsed_ms = (time.monotonic() - started) * 1000
    assert [kept.duplicate.answers for kept in told] == [1, 2, 3]
    wait_for(lambda: view_of(stub, game_id)["stage"] == "between")

    counts = counts_of_turn(stub, game_id, 1)
    assert len(counts) < len(told) or elapsed_ms >= COUNT_EVENT_MS  # a slow machine's answers
    assert counts[0] == {"turn": 1, "answers": 1, "players": 3}
    assert counts[-1] == {"turn": 1, "answers": 3, "players": 3}  # the turn's last: always told
    # The throttle's key lives its period only, never the game's lifetime.
    assert redis_db.pttl(GameKeys(game_id).throttle("answer_count")) <= COUNT_EVENT_MS


def test_the_last_count_goes_out_even_within_the_period(stub: Any) -> None:
    """Two players: the second answer falls within the first one's period, yet it makes the
    turn due, so its count is written."""
    game_id, organiser, (ana, bob) = duplicate_game(stub, ("Ana", "Bob"))
    stub.Start(session_pb2.GameCommand(game_id=game_id, token=organiser))
    move = top_of(view_of(stub, game_id, ana.player_token))
    answer(stub, game_id, ana.player_token, move)
    answer(stub, game_id, bob.player_token, move)
    wait_for(lambda: view_of(stub, game_id)["stage"] == "between")
    assert counts_of_turn(stub, game_id, 1) == [
        {"turn": 1, "answers": 1, "players": 2},
        {"turn": 1, "answers": 2, "players": 2},
    ]


def test_a_period_another_replica_started_holds_back_every_count_but_the_last(
    stub: Any,
    redis_db: redis.Redis,  # noqa: F811
) -> None:
    """The throttle's key, set as another replica would have set it (here for a minute): no
    count is written within its period but the one of the answer that makes the turn due."""
    game_id, organiser, players = duplicate_game(stub, ("Ana", "Bob", "Cyd"))
    stub.Start(session_pb2.GameCommand(game_id=game_id, token=organiser))
    move = top_of(view_of(stub, game_id, players[0].player_token))
    redis_db.set(GameKeys(game_id).throttle("answer_count"), 1, px=60_000)
    for player in players:
        answer(stub, game_id, player.player_token, move)
    wait_for(lambda: view_of(stub, game_id)["stage"] == "between")
    assert counts_of_turn(stub, game_id, 1) == [{"turn": 1, "answers": 3, "players": 3}]
