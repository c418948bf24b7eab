"""What the session service keeps from clients and how it keeps games alive (issue 13), for
duplicate games on the game kinds' seam: the seed's commitment and its reveal at the end,
records holding the past only, robots without tokens, lifetimes of a game's keys, a game whose
step keeps failing parked instead of retried for ever, clocks extended by an outage, and the
live positions of refereed games."""

from __future__ import annotations

import json
import time
from typing import Any

import grpc
import pytest
import redis

from arbitre.rules.fair_play import board_fingerprint, rack_key
from arbitre.rules.seed_commitment import verify
from arbitre.services import session
from arbitre.services.game_keys import CLOCK_HEARTBEAT, DEADLINES, GameKeys, live_position
from arbitre.v1 import session_pb2
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401
from tests.services import test_session
from tests.services.test_session import (
    EMPTY_ROWS,
    Engine,
    Table,
    duplicate_request,
    refused,
    view_in,
)

# The session tests' fixtures: their database, the platform with and without its clock, the
# engine that chooses answers.
db = test_session.db
lexicon = test_session.lexicon
engine = test_session.engine
table = test_session.table
still = test_session.still

#: A seed no other number in a game's data looks like.
SEED = 918_273_645_546


def events_of(db: redis.Redis, game_id: str) -> list[tuple[str, dict[str, Any]]]:
    """The game's events in Redis: (type, data)."""
    found: Any = db.xrange(GameKeys(game_id).events)
    return [(fields["type"], json.loads(fields["data"])) for _, fields in found]


def record_of(table: Table, game_id: str) -> tuple[dict[str, Any], bytes]:
    """The game's record (the kind's, with the session's seed commitment and salt) and what a
    client receives of it, whole."""
    answer = table.stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id))
    assert str(SEED) not in answer.sheet
    record = {
        **table.record(game_id),
        "seed_commitment": answer.seed_commitment,
        "seed_salt": answer.seed_salt,
    }
    return record, answer.SerializeToString()


def play_out(table: Table, engine: Engine, game_id: str, token: str, turns: int) -> None:
    for turn in range(1, turns + 1):
        view = table.wait_turn(game_id, turn)
        table.answer(game_id, turn, token, engine.moves(view)[0].notation)
    table.wait(game_id, lambda state: state.status == "over")


def test_the_seed_is_committed_to_at_the_creation_and_revealed_at_the_end(
    table: Table,
    engine: Engine,
    db: redis.Redis,
) -> None:
    created = table.create(seconds=30, max_turns=2, seed=SEED)
    game_id = created.game_id
    committed = created.state.seed_commitment
    assert len(committed) == 64
    assert events_of(db, game_id)[0] == ("created", {"seed_commitment": committed})
    ana = table.join(game_id, "Ana")
    for when in ("waiting", "running"):
        record, received = record_of(table, game_id)
        assert record.get("seed") is None, when
        assert not record["seed_salt"], when
        assert str(SEED).encode() not in received, when
        assert str(SEED).encode() not in table.game(game_id, ana.player_token).SerializeToString()
        if when == "waiting":
            table.start(created)
    play_out(table, engine, game_id, ana.player_token, 2)
    record, received = record_of(table, game_id)
    assert record["seed"] == SEED
    assert table.game(game_id).seed_commitment == committed
    # The record lets anyone check the seed against the commitment published at the creation:
    # it holds the commitment and the salt.
    salt = str(record.get("seed_salt") or "")
    assert not verify(committed, SEED + 1, salt)
    assert (record.get("seed_commitment"), bool(salt), verify(committed, record["seed"], salt)) == (
        committed,
        True,
        True,
    )


def test_a_robot_has_no_token_anyone_could_use(table: Table, db: redis.Redis) -> None:
    created = table.create(seconds=2, max_turns=1)
    robot = table.robot(created, "expert")
    assert robot.player_token == ""
    seat = json.loads(db.hget(GameKeys(created.game_id).robots, robot.player_id) or "{}")
    assert seat == {"level": "expert"}
    table.start(created)
    over = table.wait(created.game_id, lambda state: state.status == "over")
    assert view_in(over)["end_reason"] == "max_turns"
    answers = {line["player"]: line for line in table.revealed(created.game_id, 1)["answers"]}
    assert answers[robot.player_id]["move"]  # it answered, through the service's own path


def test_every_key_of_a_game_expires(table: Table, engine: Engine, db: redis.Redis) -> None:
    created = table.create(seconds=5, max_turns=2)
    game_id = created.game_id
    ana = table.join(game_id, "Ana")
    table.robot(created, "debutant")

    def lifetimes() -> dict[str, int]:
        return {str(key): int(db.pttl(key)) for key in db.keys(f"arbitre:game:{{{game_id}}}*")}

    waiting = lifetimes()
    assert waiting
    assert all(0 < ttl <= session.IDLE_TTL_MS for ttl in waiting.values()), waiting
    table.start(created)
    play_out(table, engine, game_id, ana.player_token, 2)
    table.stub.GetStandings(session_pb2.GetStandingsRequest(game_id=game_id))
    finished = lifetimes()
    keys = GameKeys(game_id)
    assert {keys.game, keys.state, keys.events, keys.parts(1)} <= set(finished)
    assert all(0 < ttl <= session.FINISHED_TTL_MS for ttl in finished.values()), finished


def test_a_game_whose_step_keeps_failing_is_parked_then_resumed(
    still: Table,
    engine: Engine,
    db: redis.Redis,
) -> None:
    created = still.create(seconds=30, max_turns=1)
    game_id = created.game_id
    ana = still.join(game_id, "Ana")
    opened = view_in(still.start(created))
    keys = GameKeys(game_id)
    saved = db.get(keys.state)
    db.set(keys.state, json.dumps({"format": "not a game"}))
    still.answer(game_id, 1, ana.player_token, engine.moves(opened)[0].notation)
    # Step it until it is parked: a step finding the lock taken (the answer's own step, still
    # running) does nothing, so count the failures the game noted rather than our calls.
    for _ in range(500):
        if db.hget(keys.game, "status") == "parked":
            break
        still.platform.session.step(game_id)
        time.sleep(0.01)
    else:
        pytest.fail("never parked")
    assert int(db.hget(keys.game, "step_failures") or 0) == session.MAX_STEP_FAILURES
    assert "StateDataError" in (db.hget(keys.game, "parked_reason") or "")
    try:  # what its organiser reads of it meanwhile
        parked: Any = still.game(game_id, created.organiser_token)
    except grpc.RpcError as error:
        parked = error.code()
    assert db.zscore(DEADLINES, game_id) is None  # not retried for ever
    assert "parked" in [kind for kind, _ in events_of(db, game_id)]
    code, _ = refused(lambda: still.answer(game_id, 1, ana.player_token, "H8 ZZ"))
    assert code in (grpc.StatusCode.FAILED_PRECONDITION, grpc.StatusCode.INVALID_ARGUMENT)

    db.set(keys.state, saved or "")  # the cause mended, the organiser resumes it
    command = session_pb2.GameCommand(game_id=game_id, token=created.organiser_token)
    assert still.stub.Resume(command).status == "running"
    still.platform.session.step(game_id)
    over = still.game(game_id)
    assert (over.status, view_in(over)["end_reason"]) == ("over", "max_turns")
    assert still.revealed(game_id, 1)["answers"][0]["player"] == ana.player_id
    # While parked, the game said so, and why, to whoever read it.
    assert not isinstance(parked, grpc.StatusCode), parked
    assert parked.status == "parked"
    assert "StateDataError" in parked.parked_reason


def test_an_outage_extends_the_turns_clock(table: Table, db: redis.Redis) -> None:
    created = table.create(seconds=60, max_turns=2)
    game_id = created.game_id
    table.join(game_id, "Ana")
    before = table.start(created).deadline_ms
    # No clock ticked for 20 s (Redis unreachable, or every replica down): the next tick
    # gives the players their time back.
    now = table.platform.session.store.now_ms()
    db.set(CLOCK_HEARTBEAT, now - 20_000)
    after = table.wait(game_id, lambda state: state.deadline_ms != before)
    assert 19_000 <= after.deadline_ms - before <= 21_000
    assert db.zscore(DEADLINES, game_id) == after.deadline_ms
    resumed = [data for kind, data in events_of(db, game_id) if kind == "resumed"]
    assert resumed
    assert resumed[-1]["deadline_ms"] == after.deadline_ms
    assert 19_000 <= resumed[-1]["outage_ms"] <= 21_000
    # a heartbeat without a gap changes nothing
    assert table.platform.session.store.tick(session.OUTAGE_MS) == 0
    # the turn's clock the players read in the game's view moved too
    assert view_in(table.game(game_id))["deadline_ms"] == after.deadline_ms


def check(table: Table, board: list[str], rack: str = "", move: str = "") -> bool:
    request = session_pb2.PositionCheckRequest(board=board, rack=rack, move=move)
    return bool(table.stub.CheckPosition(request).live)


def test_the_open_turn_of_a_refereed_game_is_a_live_position(
    table: Table,
    engine: Engine,
    db: redis.Redis,
) -> None:
    plain = table.create(seconds=60, max_turns=2, seed=SEED)
    table.join(plain.game_id, "Bob")
    table.start(plain)
    request = duplicate_request(
        {"seconds_per_turn": 60, "max_turns": 2}, has_seed=True, seed=SEED, refereed=True
    )
    created = table.stub.CreateGame(request)
    assert created.state.refereed
    game_id = created.game_id
    ana = table.join(game_id, "Ana")
    first = view_in(table.start(created))
    tiles = str(first["tiles"])
    shuffled = tiles[::-1]
    assert check(table, EMPTY_ROWS, rack=shuffled)
    assert check(table, EMPTY_ROWS, move=engine.moves(first)[0].notation)
    assert not check(table, EMPTY_ROWS, rack="QUIXOTE")
    assert not check(table, EMPTY_ROWS, move="H8 ZZZ")
    assert not check(table, ["." * 15] * 14 + ["A" + "." * 14], rack=tiles)
    assert not check(table, ["." * 99] * 15)  # too large for a game: the analysis refuses it

    table.answer(game_id, 1, ana.player_token, engine.moves(first)[0].notation)
    second = table.wait_turn(game_id, 2)
    assert not check(table, EMPTY_ROWS, rack=tiles)  # turn 1 is public now
    assert check(table, list(second["board"]))  # a mid-game board is the game's own
    assert check(table, list(second["board"]), rack=str(second["tiles"]))
    table.answer(game_id, 2, ana.player_token, engine.moves(second)[0].notation)
    table.wait(game_id, lambda state: state.status == "over")
    assert not check(table, list(second["board"]))
    fingerprint = board_fingerprint(list(second["board"]))
    assert db.scard(live_position(fingerprint)) == 0
    assert rack_key(tiles) == rack_key(shuffled)
