"""The session's Redis store (:mod:`arbitre.services.session_store`) on a real Redis: the answer
and join scripts refuse what the game cannot take and keep the rest, and the game lock fences
every step's writes."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
import redis

from arbitre.services.game_keys import DEADLINES, GameKeys
from arbitre.services.session_store import (
    COUNT_EVENT_MS,
    COUNT_EVENT_MS_PER_PLAYERS,
    LOCK_MS,
    AnswerRefusedError,
    GameBusyError,
    JoinRefusedError,
    Lock,
    LostLockError,
    SessionStore,
    new_secret,
    same_token,
    token_hash,
)
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

GAME = "g1"
#: How long the test games are kept.
DAY_MS = 24 * 3600 * 1000
KEYS = GameKeys(GAME)


@pytest.fixture
def db(redis_db: redis.Redis) -> redis.Redis:  # noqa: F811
    """The tests' Redis database, flushed."""
    return redis_db


@pytest.fixture
def store(db: redis.Redis) -> SessionStore:
    return SessionStore(db)


def new_game(store: SessionStore, game_id: str = GAME, **fields: str | int) -> None:
    base: dict[str, str | int] = {
        "kind": "duplicate",
        "status": "waiting",
        "phase": "",
        "turn": 0,
        "deadline_ms": 0,
        "players": 0,
    }
    assert store.create(game_id, {**base, **fields}, {"saved": True}, ("created", {}), DAY_MS)


def running_game(
    store: SessionStore, players: int = 2, turn: int = 1, seconds_left: float = 60.0, **fields: Any
) -> int:
    """A game at ``turn`` with answers open for ``seconds_left`` more seconds (Redis's clock);
    its deadline."""
    deadline = store.now_ms() + int(seconds_left * 1000)
    base = {"status": "running", "phase": "turn", "deadline_ms": deadline, "players": players}
    new_game(store, turn=turn, **{**base, **fields})
    return deadline


def judged(move: str, points: int = 10) -> dict[str, Any]:
    return {"move": move, "score": points, "points": points, "words": [], "unknown_words": []}


# -- answers --------------------------------------------------------------------------------


def test_an_answer_to_the_open_turn_is_kept_and_the_last_one_counts(
    store: SessionStore,
) -> None:
    running_game(store, players=3)
    assert store.answer(GAME, 1, "ana", judged("H8 RAGE", 12)) == (1, 3)
    assert store.answer(GAME, 1, "ana", judged("H4 GARER", 20)) == (1, 3)
    assert store.answer(GAME, 1, "bob", judged("H8 AGE", 8)) == (2, 3)
    assert store.answer_of(GAME, 1, "ana") == judged("H4 GARER", 20)
    assert store.answers(GAME, 1) == {"ana": judged("H4 GARER", 20), "bob": judged("H8 AGE", 8)}
    assert store.answered(GAME, 1) == {"ana", "bob"}
    assert store.answer_of(GAME, 1, "cyd") is None
    assert store.answers(GAME, 2) == {}


def count_events(db: redis.Redis) -> list[int]:
    entries: Any = db.xrange(GameKeys(GAME).events)
    return [
        json.loads(fields["data"])["answers"]
        for _, fields in entries
        if fields["type"] == "answer_count"
    ]


def test_answer_counts_are_events_at_most_every_window_and_always_the_last(
    store: SessionStore, db: redis.Redis
) -> None:
    running_game(store, players=4)
    store.answer(GAME, 1, "ana", judged("H8 RAGE"))
    store.answer(GAME, 1, "bob", judged("H8 AGE"))  # within the window: no event
    store.answer(GAME, 1, "cyd", judged("H8 AGE"))
    assert count_events(db) == [1]
    time.sleep(COUNT_EVENT_MS / 1000 + 0.05)
    store.answer(GAME, 1, "bob", judged("H8 RAGE"))  # the window passed: an event
    store.answer(GAME, 1, "dan", judged("H8 AGE"))  # every player answered: an event at once
    assert count_events(db) == [1, 3, 4]


def test_in_a_large_game_the_count_window_grows_with_the_players(
    store: SessionStore, db: redis.Redis
) -> None:
    players = 1_000  # a window of 1,000 ms
    assert players // COUNT_EVENT_MS_PER_PLAYERS > COUNT_EVENT_MS + 300
    running_game(store, players=players)
    store.answer(GAME, 1, "ana", judged("H8 RAGE"))
    time.sleep(COUNT_EVENT_MS / 1000 + 0.1)  # past the small game's window: still no event
    store.answer(GAME, 1, "bob", judged("H8 AGE"))
    assert count_events(db) == [1]
    time.sleep(players / COUNT_EVENT_MS_PER_PLAYERS / 1000)
    store.answer(GAME, 1, "cyd", judged("H8 AGE"))
    assert count_events(db) == [1, 3]


@pytest.mark.parametrize(
    ("fields", "turn", "reason"),
    [
        ({"status": "waiting"}, 1, "not_running"),
        ({"status": "paused"}, 1, "not_running"),
        ({"status": "over"}, 1, "not_running"),
        ({"phase": "closing"}, 1, "wrong_turn"),
        ({"phase": "reveal"}, 1, "wrong_turn"),
        ({}, 2, "wrong_turn"),
        ({}, 0, "wrong_turn"),
        ({"turn": 2}, 1, "wrong_turn"),
    ],
)
def test_an_answer_the_game_cannot_take_is_refused_and_not_kept(
    store: SessionStore, db: redis.Redis, fields: dict[str, Any], turn: int, reason: str
) -> None:
    running_game(store, **fields)
    before = store.game(GAME)
    with pytest.raises(AnswerRefusedError) as caught:
        store.answer(GAME, turn, "ana", judged("H8 RAGE"))
    assert caught.value.reason == reason
    assert [key for key in db.keys("*answers*")] == []
    assert store.game(GAME) == before


def test_an_answer_to_no_game_is_refused_and_creates_nothing(
    store: SessionStore, db: redis.Redis
) -> None:
    with pytest.raises(AnswerRefusedError) as caught:
        store.answer("nothing", 1, "ana", judged("H8 RAGE"))
    assert caught.value.reason == "no_game"
    assert db.dbsize() == 0


def test_a_late_answer_is_refused_on_redis_s_clock(store: SessionStore) -> None:
    deadline = running_game(store, seconds_left=0.3)
    assert store.answer(GAME, 1, "ana", judged("H8 RAGE", 12)) == (1, 2)
    while store.now_ms() < deadline:
        time.sleep(0.02)
    with pytest.raises(AnswerRefusedError) as caught:
        store.answer(GAME, 1, "ana", judged("H4 GARER", 20))
    assert caught.value.reason == "late"
    assert int(caught.value.detail[0]) >= 0  # how late, in ms
    with pytest.raises(AnswerRefusedError):
        store.answer(GAME, 1, "bob", judged("H8 AGE"))
    assert store.answers(GAME, 1) == {"ana": judged("H8 RAGE", 12)}  # the one in time


def test_the_deadline_itself_is_late(store: SessionStore) -> None:
    running_game(store, seconds_left=0)
    with pytest.raises(AnswerRefusedError) as caught:
        store.answer(GAME, 1, "ana", judged("H8 RAGE"))
    assert caught.value.reason == "late"


# -- joins ----------------------------------------------------------------------------------


def test_players_join_a_waiting_game_in_order(store: SessionStore, db: redis.Redis) -> None:
    new_game(store)
    ana, bob = new_secret(), new_secret()
    assert ana != bob
    assert store.join(GAME, "p1", "Ana", ana, 10) == 1
    assert store.join(GAME, "p2", "Bob", bob, 10) == 2
    assert store.roster(GAME) == [("p1", "Ana"), ("p2", "Bob")]
    assert store.game(GAME)["players"] == "2"
    assert (store.player_of(GAME, ana), store.player_of(GAME, bob)) == ("p1", "p2")
    assert store.player_of(GAME, "not a token") is None
    assert store.player_of("other", ana) is None
    # only the tokens' hashes are kept
    assert sorted(db.hkeys(KEYS.tokens)) == sorted([token_hash(ana), token_hash(bob)])
    dumped = json.dumps({key: str(db.dump(key)) for key in db.keys("*")})
    assert ana not in dumped
    assert bob not in dumped


@pytest.mark.parametrize("status", ["running", "paused", "over"])
def test_no_join_once_the_game_started(store: SessionStore, status: str) -> None:
    new_game(store)
    store.join(GAME, "p1", "Ana", "token-1", 10)
    store.redis.hset(KEYS.game, "status", status)
    with pytest.raises(JoinRefusedError) as caught:
        store.join(GAME, "p2", "Bob", "token-2", 10)
    assert caught.value.reason == "started"
    assert store.roster(GAME) == [("p1", "Ana")]
    assert store.game(GAME)["players"] == "1"
    assert store.player_of(GAME, "token-2") is None


def test_no_join_when_the_game_is_full(store: SessionStore) -> None:
    new_game(store)
    assert store.join(GAME, "p1", "Ana", "token-1", 2) == 1
    assert store.join(GAME, "p2", "Bob", "token-2", 2) == 2
    with pytest.raises(JoinRefusedError) as caught:
        store.join(GAME, "p3", "Cyd", "token-3", 2)
    assert caught.value.reason == "full"
    assert [player for player, _ in store.roster(GAME)] == ["p1", "p2"]
    assert store.player_of(GAME, "token-3") is None
    assert store.game(GAME)["players"] == "2"


def test_no_join_to_no_game(store: SessionStore, db: redis.Redis) -> None:
    with pytest.raises(JoinRefusedError) as caught:
        store.join("nothing", "p1", "Ana", "token-1", 10)
    assert caught.value.reason == "no_game"
    assert db.dbsize() == 0


def test_a_game_id_is_created_once(store: SessionStore) -> None:
    new_game(store, title="first")
    assert not store.create(
        GAME, {"status": "waiting", "title": "second"}, {}, ("created", {}), DAY_MS
    )
    assert store.game(GAME)["title"] == "first"
    assert store.saved_game(GAME) == {"saved": True}
    assert [fields["type"] for _, fields in store.events_after(GAME, "0-0", 0)] == ["created"]


def test_tokens_compare_by_hash() -> None:
    token = new_secret()
    assert len(token) >= 32
    assert same_token(token, token_hash(token))
    assert not same_token(token + "x", token_hash(token))
    assert not same_token(token, None)
    assert not same_token("", token_hash(token))


# -- the lock -------------------------------------------------------------------------------


def test_one_holder_at_a_time(store: SessionStore, db: redis.Redis) -> None:
    lock = store.try_lock(GAME)
    assert lock is not None
    assert 0 < db.pttl(KEYS.lock) <= LOCK_MS  # a replica that dies lets it go
    assert store.try_lock(GAME) is None
    assert store.try_lock("other game") is not None
    store.release(Lock(KEYS, "someone else's token"))
    assert store.try_lock(GAME) is None  # only the holder releases
    store.release(lock)
    again = store.try_lock(GAME)
    assert again is not None
    assert again.token != lock.token
    store.release(lock)  # an old holder releases nothing
    assert db.get(KEYS.lock) == again.token


def test_locked_waits_then_gives_up(store: SessionStore, db: redis.Redis) -> None:
    held = store.try_lock(GAME)
    assert held is not None
    started = time.monotonic()
    with pytest.raises(GameBusyError), store.locked(GAME, wait_seconds=0.2):
        pytest.fail("the lock was taken twice")
    assert time.monotonic() - started < 5
    assert db.get(KEYS.lock) == held.token
    store.release(held)

    def failing_step() -> None:
        with store.locked(GAME) as lock:
            assert db.get(KEYS.lock) == lock.token
            raise RuntimeError("a step failed")

    with pytest.raises(RuntimeError):
        failing_step()
    assert db.get(KEYS.lock) is None  # released on the way out


def test_a_holder_commits(store: SessionStore) -> None:
    new_game(store)
    with store.locked(GAME) as lock:

        def write(pipe: Any) -> None:
            store.set_game(pipe, GAME, {"status": "running", "turn": 1})
            store.set_deadline(pipe, GAME, 1234)
            store.add_event(pipe, GAME, "game_started", {"é": "ü"})

        store.commit(lock, write)
    assert (store.game(GAME)["status"], store.game(GAME)["turn"]) == ("running", "1")
    assert store.due_games(2000) == [GAME]
    events = store.events_after(GAME, "0-0", 0)
    assert [fields["type"] for _, fields in events] == ["created", "game_started"]
    assert json.loads(events[-1][1]["data"]) == {"é": "ü"}
    assert store.last_event_id(GAME) == events[-1][0]


def write_everything(store: SessionStore) -> Any:
    def write(pipe: Any) -> None:
        store.set_game(pipe, GAME, {"status": "over"})
        store.set_state(pipe, GAME, {"saved": False})
        store.set_result(pipe, GAME, 1, {"turn": 1})
        store.set_deadline(pipe, GAME, 1)
        store.add_event(pipe, GAME, "game_over", {})

    return write


def assert_untouched(store: SessionStore) -> None:
    assert store.game(GAME)["status"] == "waiting"
    assert store.saved_game(GAME) == {"saved": True}
    assert store.result(GAME, 1) is None
    assert store.due_games(10**15) == []
    assert [fields["type"] for _, fields in store.events_after(GAME, "0-0", 0)] == ["created"]


def test_a_lock_taken_over_after_expiring_commits_nothing(
    store: SessionStore, db: redis.Redis
) -> None:
    new_game(store)
    stale = store.try_lock(GAME)
    assert stale is not None
    db.pexpire(KEYS.lock, 1)  # the holder stalled past the lock's time to live
    while db.exists(KEYS.lock):
        time.sleep(0.005)
    fresh = store.try_lock(GAME)
    assert fresh is not None
    with pytest.raises(LostLockError):
        store.commit(stale, write_everything(store))
    assert_untouched(store)
    store.release(stale)
    assert db.get(KEYS.lock) == fresh.token  # the new holder keeps it


def test_a_lock_that_expired_commits_nothing(store: SessionStore, db: redis.Redis) -> None:
    new_game(store)
    stale = store.try_lock(GAME)
    assert stale is not None
    db.delete(KEYS.lock)
    with pytest.raises(LostLockError):
        store.commit(stale, write_everything(store))
    assert_untouched(store)


def test_a_lock_taken_over_during_the_write_commits_nothing(
    store: SessionStore, db: redis.Redis
) -> None:
    new_game(store)
    lock = store.try_lock(GAME)
    assert lock is not None
    everything = write_everything(store)

    def write(pipe: Any) -> None:
        db.set(KEYS.lock, "another replica")  # on another connection, between WATCH and EXEC
        everything(pipe)

    with pytest.raises(LostLockError):
        store.commit(lock, write)
    assert_untouched(store)


# -- deadlines and events -------------------------------------------------------------------


def test_deadlines(store: SessionStore, db: redis.Redis) -> None:
    store.postpone(GAME, 5)  # only a game that waits for a step is postponed
    store.due_now(GAME)
    assert db.exists(DEADLINES) == 0
    with db.pipeline() as pipe:
        store.set_deadline(pipe, GAME, 5000)
        store.set_deadline(pipe, "g2", 7000)
        pipe.execute()
    assert store.due_games(4999) == []
    assert store.due_games(6000) == [GAME]
    store.postpone(GAME, 8000)
    assert store.due_games(7500) == ["g2"]
    store.due_now(GAME)
    assert store.due_games(0) == [GAME]
    with db.pipeline() as pipe:
        store.set_deadline(pipe, GAME, None)
        pipe.execute()
    assert store.due_games(10**15) == ["g2"]


def test_events_follow_one_another(store: SessionStore) -> None:
    new_game(store)
    first = store.last_event_id(GAME)
    assert store.last_event_id("nothing") == "0-0"
    for count in range(3):
        store.event_now(GAME, "answer_count", {"answers": count})
    after = store.events_after(GAME, first, 0)
    assert [json.loads(fields["data"]) for _, fields in after] == [
        {"answers": 0},
        {"answers": 1},
        {"answers": 2},
    ]
    assert store.events_after(GAME, after[0][0], 0) == after[1:]
    started = time.monotonic()
    assert store.events_after(GAME, after[-1][0], 100) == []  # waited 100 ms for nothing
    assert time.monotonic() - started < 5
