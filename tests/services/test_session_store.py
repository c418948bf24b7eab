"""The session's Redis store (:mod:`arbitre.services.session_store`) on a real Redis: a game is
created once, and the game lock fences every step's writes."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
import redis

from arbitre.services.game_keys import DEADLINES, GameKeys
from arbitre.services.session_store import (
    LOCK_MS,
    GameBusyError,
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


def saved(db: redis.Redis) -> Any:
    """The game's saved state, as the last write left it (``None``: none)."""
    text = db.get(KEYS.state)
    return json.loads(text) if text is not None else None


def test_a_game_id_is_created_once(store: SessionStore, db: redis.Redis) -> None:
    new_game(store, title="first")
    assert not store.create(
        GAME, {"status": "waiting", "title": "second"}, {}, ("created", {}), DAY_MS
    )
    assert store.game(GAME)["title"] == "first"
    assert saved(db) == {"saved": True}
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
        store.set_deadline(pipe, GAME, 1)
        store.add_event(pipe, GAME, "game_over", {})

    return write


def assert_untouched(store: SessionStore) -> None:
    assert store.game(GAME)["status"] == "waiting"
    assert saved(store.redis) == {"saved": True}
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
