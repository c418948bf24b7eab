"""The session's throttle of a kind's throttled events (:mod:`arbitre.services.session.throttle`)
on a real Redis: one per period per game and type, a held one written at its period's end
unless superseded, a forced one at once, replicas sharing the periods. The seam's use of it:
``tests/services/test_session_seam_throttle.py`` (answer counts) and
``tests/services/test_session_duel.py`` (a room's joins)."""

from __future__ import annotations

import json
import time
from typing import Any

import redis

from arbitre.services.game_keys import GameKeys
from arbitre.services.session.throttle import COUNT_EVENT_MS, EventThrottle, period_ms
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

GAME = "throttleGame"
COUNT = "answer_count"


def written(redis_db: redis.Redis) -> list[tuple[str, Any]]:  # noqa: F811
    """The game's events stream, as (type, data)."""
    entries: list[tuple[str, dict[str, str]]] = redis_db.xrange(GameKeys(GAME).events)  # type: ignore[assignment]
    return [(fields["type"], json.loads(fields["data"])) for _, fields in entries]


def wait_until(predicate: Any, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def settle(seconds: float) -> None:
    """Past the held events' timers (a period of COUNT_EVENT_MS, and a margin)."""
    time.sleep(seconds)


def test_the_period_grows_with_the_players() -> None:
    assert period_ms(0) == period_ms(250) == COUNT_EVENT_MS
    assert period_ms(10_000) == 10_000


def test_one_per_period_and_the_held_one_at_its_end(redis_db: redis.Redis) -> None:  # noqa: F811
    """The first opens a period and is the caller's to write; the next two are held, the newer
    superseding the older; the period's end writes the newest, which opens a period of its own
    (1 s: a game of 1,000 players)."""
    throttle = EventThrottle(redis_db)
    assert throttle.admit(GAME, COUNT, {"answers": 1}, players=1000)
    assert not throttle.admit(GAME, COUNT, {"answers": 2}, players=1000)
    assert not throttle.admit(GAME, COUNT, {"answers": 3}, players=1000)
    assert written(redis_db) == []  # the caller writes the first: nothing was held yet
    wait_until(lambda: written(redis_db) != [])
    assert written(redis_db) == [(COUNT, {"answers": 3})]
    assert redis_db.hget(GameKeys(GAME).pending, COUNT) is None
    # The written one opened a period: the next is held, then written in turn.
    assert not throttle.admit(GAME, COUNT, {"answers": 4}, players=1000)
    wait_until(lambda: len(written(redis_db)) == 2)
    assert written(redis_db) == [(COUNT, {"answers": 3}), (COUNT, {"answers": 4})]


def test_a_forced_one_goes_out_and_drops_the_held_one(redis_db: redis.Redis) -> None:  # noqa: F811
    """The count that must not wait is the caller's to write at once; the older held one is
    never written after it."""
    throttle = EventThrottle(redis_db)
    assert throttle.admit(GAME, COUNT, {"answers": 1}, players=2)
    assert not throttle.admit(GAME, COUNT, {"answers": 2}, players=2)
    assert throttle.admit(GAME, COUNT, {"answers": 3}, players=2, forced=True)
    settle(COUNT_EVENT_MS / 1000 + 0.3)
    assert written(redis_db) == []
    assert redis_db.hget(GameKeys(GAME).pending, COUNT) is None


def test_replicas_share_the_periods_and_a_held_one_is_written_once(
    redis_db: redis.Redis,  # noqa: F811
) -> None:
    """Two replicas (two throttles on one Redis): the second's event falls in the first's
    period; both hold one, both timers look, the newest is written once."""
    first, second = EventThrottle(redis_db), EventThrottle(redis_db)
    assert first.admit(GAME, COUNT, {"answers": 1}, players=3)
    assert not second.admit(GAME, COUNT, {"answers": 2}, players=3)
    assert not first.admit(GAME, COUNT, {"answers": 3}, players=3)
    settle(COUNT_EVENT_MS / 1000 + 0.3)
    assert written(redis_db) == [(COUNT, {"answers": 3})]


def test_a_longer_period_holds_until_its_end(redis_db: redis.Redis) -> None:  # noqa: F811
    """A period set longer meanwhile (as another replica of a bigger game would): the timer
    that finds it still running looks again at its end, and writes then."""
    throttle = EventThrottle(redis_db)
    assert throttle.admit(GAME, COUNT, {"answers": 1}, players=2)
    assert not throttle.admit(GAME, COUNT, {"answers": 2}, players=2)
    redis_db.set(GameKeys(GAME).throttle(COUNT), 1, px=COUNT_EVENT_MS + 600)
    settle(COUNT_EVENT_MS / 1000 + 0.3)
    assert written(redis_db) == []
    settle(0.8)
    assert written(redis_db) == [(COUNT, {"answers": 2})]


def test_types_and_games_have_periods_of_their_own(redis_db: redis.Redis) -> None:  # noqa: F811
    throttle = EventThrottle(redis_db)
    assert throttle.admit(GAME, COUNT, {"answers": 1}, players=2)
    assert throttle.admit(GAME, "player_joined", {"players": 51}, players=51)
    assert throttle.admit("otherGame", COUNT, {"answers": 1}, players=2)
    # Neither key outlives its period: they are left out of the game's keys.
    assert 0 < redis_db.pttl(GameKeys(GAME).throttle(COUNT)) <= COUNT_EVENT_MS
