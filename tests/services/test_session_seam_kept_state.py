"""The state a seating step keeps for the next one (``SeamBase._load_fresh`` with ``reuse``,
``_write`` with ``keep``), over real gRPC services and a real Redis: a room filling up is not
read and attached again at every seating step, and a state another replica wrote since is
never reused."""

from __future__ import annotations

import threading
from typing import Any

import pytest
import redis

from arbitre.api.kind_parts import part
from arbitre.rules.kinds import kind
from arbitre.services.game_keys import GameKeys
from arbitre.services.platform import Platform
from arbitre.services.redis_server import connect
from arbitre.services.session import SessionService
from arbitre.v1 import session_pb2
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401
from tests.services.test_session_duel import create

DUEL = kind("duel")


def attaches_while_seating(monkeypatch: pytest.MonkeyPatch, service: SessionService) -> list[int]:
    """Count, from now on, the duel's attaches (a whole state read back) made by ``service``'s
    seating steps (a join's answer builds the view every spectator shares, from a state read
    apart: not counted)."""
    counted: list[int] = []
    seating = threading.local()
    attach = type(DUEL).attach  # type: ignore[attr-defined]
    seat_waiting = service._seat_waiting

    def counting(self: Any, *args: Any) -> Any:
        if getattr(seating, "on", False):
            counted.append(1)
        return attach(self, *args)

    def seat(*args: Any) -> None:
        seating.on = True
        try:
            seat_waiting(*args)
        finally:
            seating.on = False

    monkeypatch.setattr(type(DUEL), "attach", counting)
    monkeypatch.setattr(service, "_seat_waiting", seat)
    return counted


def players_of(stub: Any, game_id: str) -> list[str]:
    """The room's players as its kind's state has them (its record's seatings, read whole)."""
    found = part(stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id)), "kind_record")
    assert found is not None
    return [change["player"] for change in found[1]["seating"] if change["change"] == "join"]


def test_seating_steps_reuse_the_state_their_process_wrote(
    stub: Any, platform: Platform, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One join after another: the first seating step reads the state, the next ones take the
    one the step before kept."""
    room = create(stub, seats=0)
    stub.Join(session_pb2.JoinRequest(game_id=room.game_id, name="P0"))
    counted = attaches_while_seating(monkeypatch, platform.session)
    for number in range(1, 6):
        stub.Join(session_pb2.JoinRequest(game_id=room.game_id, name=f"P{number}"))
    assert counted == []
    assert len(players_of(stub, room.game_id)) == 6  # each seating written on the one before


def test_a_state_another_replica_wrote_is_read_again(
    stub: Any,
    platform: Platform,
    redis_url: str,  # noqa: F811
    redis_db: redis.Redis,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """This replica seats a player and keeps the state; another replica seats one more; this
    one's next seating reads the stored state (the other's seat in it), not the kept one."""
    room = create(stub, seats=0)
    stub.Join(session_pb2.JoinRequest(game_id=room.game_id, name="Ana"))
    stub.Join(session_pb2.JoinRequest(game_id=room.game_id, name="Bob"))
    other = SessionService(connect(redis_url), platform.session.peers)
    other._kind_join(session_pb2.JoinRequest(game_id=room.game_id, name="Cyd"))
    counted = attaches_while_seating(monkeypatch, platform.session)
    stub.Join(session_pb2.JoinRequest(game_id=room.game_id, name="Dan"))
    assert counted == [1]
    players = players_of(stub, room.game_id)
    names = redis_db.hgetall(GameKeys(room.game_id).players)
    assert sorted(names[player] for player in players) == ["Ana", "Bob", "Cyd", "Dan"]
