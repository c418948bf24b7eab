"""Games in Redis, as the session service keeps them (keys: :mod:`arbitre.services.game_keys`).

Three kinds of writes, each safe with many replicas:

- **Actions** of a game kind's players go through the parts store's script
  (:mod:`arbitre.services.session.parts_store`), which checks the turn and its deadline on
  Redis's own clock: an action is either refused or kept, never lost, never late.
- **Joins** wait in the game's seating list and are seated by a step.
- **Steps** of a game (start, seat, close a turn, reveal, pause, resume) are made by the holder
  of the game's lock (a token with a time to live, so a replica that dies releases it) and
  written in one transaction that fails if the lock changed hands meanwhile
  (:meth:`SessionStore.commit`): a step is never applied twice, and one cut short is done again
  by whoever takes the lock next.

Times are Unix milliseconds from Redis's ``TIME``, so replicas need no synchronised clocks.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import redis as redis_module

from arbitre.services import open_tables
from arbitre.services.game_keys import (
    CLOCK_HEARTBEAT,
    DEADLINES,
    GAME_PREFIX,
    ROBOT_ANSWERS,
    GameKeys,
    live_position,
)

__all__ = [
    "EVENTS_KEPT",
    "LOCK_MS",
    "GameBusyError",
    "GameView",
    "LostLockError",
    "SessionStore",
    "new_secret",
    "same_token",
    "token_hash",
]

#: How long a replica holds a game's lock before another may take it over.
LOCK_MS = 20_000
#: How long a live position of a refereed game is kept at most (its turn's close removes it).
LIVE_TTL_MS = 24 * 3600 * 1000
#: Events kept per game (about; older ones are trimmed).
EVENTS_KEPT = 10_000

# KEYS: hash, game. ARGV: field, value. Sets the field, and the hash's lifetime to the game's.
_HSET_WITH_GAME = """
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[2])
if ttl > 0 then redis.call('PEXPIRE', KEYS[1], ttl) end
return 1
"""

# KEYS: heartbeat, deadlines. ARGV: the gap (ms) that is an outage, the games' key prefix,
# events kept. Note Redis's clock as the clocks' heartbeat; after a gap of at least ARGV[1] ms
# (no session clock ticked, or Redis did not answer), move every running game's deadline by
# the gap, with a "resumed" event: the players get back the time the outage took (a game kind on
# the seam also counts it in 'outage_ms', which its next step gives back to the kind's state).
# Returns the gap when it was an outage, else 0.
_TICK = """
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local last = tonumber(redis.call('GET', KEYS[1]) or '0')
redis.call('SET', KEYS[1], ms)
local gap = ms - last
if last == 0 or gap < tonumber(ARGV[1]) then return 0 end
local due = redis.call('ZRANGE', KEYS[2], 0, -1, 'WITHSCORES')
for index = 1, #due, 2 do
  local id = due[index]
  local key = ARGV[2] .. '{' .. id .. '}'
  local game = redis.call('HMGET', key, 'status', 'phase', 'turn', 'deadline_ms')
  if game[1] == 'running' and (game[2] == 'turn' or game[2] == 'reveal') then
    local deadline = tonumber(game[4]) + gap
    redis.call('HSET', key, 'deadline_ms', deadline)
    redis.call('HINCRBY', key, 'outage_ms', gap)
    redis.call('ZADD', KEYS[2], tonumber(due[index + 1]) + gap, id)
    redis.call('XADD', key .. ':events', 'MAXLEN', '~', ARGV[3], '*', 'type', 'resumed', 'data',
      '{"turn": ' .. game[3] .. ', "deadline_ms": ' .. deadline .. ', "outage_ms": ' .. gap .. '}')
  end
end
return gap
"""

# KEYS: lock. ARGV: token.
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


class GameBusyError(Exception):
    """Another replica holds the game's lock for longer than we could wait."""


class LostLockError(Exception):
    """The lock expired and changed hands before our step was written: nothing was written."""


def new_secret() -> str:
    """A fresh bearer token (192 random bits)."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """What Redis keeps of a token: its SHA-256, so a copy of the data gives no access."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def same_token(token: str, stored_hash: str | None) -> bool:
    """Whether ``token`` is the one whose hash is ``stored_hash`` (constant time)."""
    return stored_hash is not None and hmac.compare_digest(token_hash(token), stored_hash)


@dataclass(frozen=True, slots=True)
class Lock:
    """A held game lock."""

    keys: GameKeys
    token: str


@dataclass(frozen=True, slots=True)
class GameView:
    """A game as its views need it: the game hash, the players (id, name) in join order, the
    robots (as :meth:`SessionStore.robots`) and Redis's clock (Unix ms)."""

    game: dict[str, str]
    roster: list[tuple[str, str]]
    robots: dict[str, dict[str, str]]
    now_ms: int
    #: Every player of the game (``roster`` lists the first ``limit`` of them).
    player_count: int = 0


class SessionStore:
    """The session service's games, over a redis-py client (``decode_responses=True``)."""

    def __init__(self, redis: Any) -> None:
        self.redis = redis
        self._release = redis.register_script(_RELEASE)
        self._hset_with_game = redis.register_script(_HSET_WITH_GAME)
        self._tick = redis.register_script(_TICK)

    # -- time -------------------------------------------------------------------------------

    def now_ms(self) -> int:
        """Redis's clock, Unix ms."""
        seconds, micros = self.redis.time()
        return int(seconds) * 1000 + int(micros) // 1000

    # -- reading ----------------------------------------------------------------------------

    def game(self, game_id: str) -> dict[str, str]:
        """The game hash (empty when there is no such game)."""
        return dict(self.redis.hgetall(GameKeys(game_id).game))

    def roster(self, game_id: str) -> list[tuple[str, str]]:
        """(player id, name) in join order."""
        keys = GameKeys(game_id)
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.lrange(keys.roster, 0, -1)
            pipe.hgetall(keys.players)
            ids, names = pipe.execute()
        return [(player, names.get(player, "")) for player in ids]

    def game_and_player(self, game_id: str, token: str) -> tuple[dict[str, str], str | None]:
        """The game hash and the id of the player whose token is ``token`` (one round trip)."""
        keys = GameKeys(game_id)
        with self.redis.pipeline(transaction=False) as pipe:
            pipe.hgetall(keys.game)
            pipe.hget(keys.tokens, token_hash(token))
            game, player = pipe.execute()
        return dict(game), str(player) if player is not None else None

    def table(self, game_id: str, limit: int = 100) -> GameView:
        """What a view of the game needs, in two round trips whatever its size (one without
        players): the game, the first ``limit`` players' names, the robots, how many players
        there are, Redis's clock."""
        keys = GameKeys(game_id)
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.hgetall(keys.game)
            pipe.lrange(keys.roster, 0, limit - 1)
            pipe.llen(keys.roster)
            pipe.hgetall(keys.robots)
            pipe.time()
            game, ids, count, robots, (seconds, micros) = pipe.execute()
        names = self.redis.hmget(keys.players, ids) if ids else []
        return GameView(
            game=dict(game),
            roster=[(player, name or "") for player, name in zip(ids, names, strict=False)],
            robots={player: json.loads(text) for player, text in robots.items()},
            now_ms=int(seconds) * 1000 + int(micros) // 1000,
            player_count=int(count),
        )

    def player_of(self, game_id: str, token: str) -> str | None:
        """The id of the player whose token is ``token``, if any."""
        found = self.redis.hget(GameKeys(game_id).tokens, token_hash(token))
        return str(found) if found is not None else None

    def last_event_id(self, game_id: str) -> str:
        latest = self.redis.xrevrange(GameKeys(game_id).events, count=1)
        return str(latest[0][0]) if latest else "0-0"

    def events_until(
        self, game_id: str, last_id: str, count: int
    ) -> list[tuple[str, dict[str, str]]]:
        """The last ``count`` events up to the id ``last_id`` (included), oldest first."""
        found = self.redis.xrevrange(GameKeys(game_id).events, max=last_id, count=count)
        return [(event_id, fields) for event_id, fields in reversed(found)]

    def events_after(
        self, game_id: str, after: str, block_ms: int, count: int = 100
    ) -> list[tuple[str, dict[str, str]]]:
        """Events after the id ``after``, waiting up to ``block_ms`` for one."""
        found = self.redis.xread({GameKeys(game_id).events: after}, count=count, block=block_ms)
        return [(event_id, fields) for _, entries in found for event_id, fields in entries]

    def registrations(self, game_id: str) -> dict[str, dict[str, str]]:
        """Player id -> registration (``club``, ``serie``, ``country``) of the players who gave
        one."""
        found = self.redis.hgetall(GameKeys(game_id).registrations)
        return {player: json.loads(text) for player, text in found.items()}

    def centres(self, game_id: str) -> dict[str, str]:
        """Centre name -> its checked results file (CSV text)."""
        return dict(self.redis.hgetall(GameKeys(game_id).centres))

    def set_centre(self, game_id: str, centre: str, text: str) -> None:
        """Keep ``centre``'s checked results file (replacing an earlier one of that name), for
        as long as the game is kept."""
        keys = GameKeys(game_id)
        self._hset_with_game(keys=[keys.centres, keys.game], args=[centre, text])

    def robots(self, game_id: str) -> dict[str, dict[str, str]]:
        """The game's robots: player id -> ``{"level"}``."""
        raw = self.redis.hgetall(GameKeys(game_id).robots)
        return {player: json.loads(text) for player, text in raw.items()}

    @staticmethod
    def schedule_robot(pipe: Any, game_id: str, turn: int, player: str, due_ms: int) -> None:
        """Queue on ``pipe``: the robot ``player`` answers ``turn`` at ``due_ms``."""
        pipe.zadd(ROBOT_ANSWERS, {f"{game_id}/{turn}/{player}": due_ms})

    def due_robot_answers(self, now_ms: int, count: int = 100) -> list[str]:
        """Robot answers due (``game id/turn/player id``)."""
        return list(self.redis.zrangebyscore(ROBOT_ANSWERS, "-inf", now_ms, start=0, num=count))

    def claim_robot_answer(self, member: str) -> bool:
        """Take a due robot answer for this replica: only one replica gets it."""
        return bool(self.redis.zrem(ROBOT_ANSWERS, member))

    def due_games(self, now_ms: int, count: int = 100) -> list[str]:
        """Games whose next step is due."""
        return list(self.redis.zrangebyscore(DEADLINES, "-inf", now_ms, start=0, num=count))

    # -- creating and joining ---------------------------------------------------------------

    def create(
        self,
        game_id: str,
        fields: Mapping[str, str | int],
        state: Mapping[str, Any],
        event: tuple[str, Mapping[str, Any]],
        ttl_ms: int,
    ) -> bool:
        """Write a new game, kept for ``ttl_ms`` unless a step says otherwise, and list it
        when it is a table anyone may join (:mod:`arbitre.services.open_tables`); False when
        the id is taken (nothing written)."""
        keys = GameKeys(game_id)
        if not self.redis.hsetnx(keys.game, "status", "waiting"):
            return False
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.hset(keys.game, mapping=dict(fields))
            pipe.set(keys.state, json.dumps(state))
            self._add_event(pipe, keys, *event)
            if int(fields.get("start_at_ms") or 0):  # a scheduled start: a step then
                pipe.zadd(DEADLINES, {game_id: int(fields["start_at_ms"])})
            self.set_lifetime(pipe, game_id, 0, ttl_ms)
            if open_tables.is_open_table(fields):
                open_tables.list_table(pipe, game_id, int(fields.get("created_ms") or 0))
            pipe.execute()
        return True

    def ready(self, game_id: str, turn: int, player: str) -> tuple[int, int]:
        """Note that ``player`` is ready for the turn after ``turn``: (people ready, people at
        the game), robots left out of both. A ``next_count`` event follows a new one."""
        keys = GameKeys(game_id)
        with self.redis.pipeline() as pipe:
            pipe.sadd(keys.ready(turn), player)
            pipe.scard(keys.ready(turn))
            pipe.hget(keys.game, "players")
            pipe.hlen(keys.robots)
            added, ready, players, robots = pipe.execute()
        people = int(players or 0) - int(robots)
        if added:
            self.event_now(game_id, "next_count", {"turn": turn, "ready": ready, "of": people})
        return int(ready), people

    def readiness(self, game_id: str, turn: int) -> tuple[int, int]:
        """(people who pressed Next during the reveal of ``turn``, people at the game)."""
        keys = GameKeys(game_id)
        with self.redis.pipeline(transaction=False) as pipe:
            pipe.scard(keys.ready(turn))
            pipe.hget(keys.game, "players")
            pipe.hlen(keys.robots)
            ready, players, robots = pipe.execute()
        return int(ready), int(players or 0) - int(robots)

    # -- stepping ---------------------------------------------------------------------------

    def try_lock(self, game_id: str) -> Lock | None:
        keys = GameKeys(game_id)
        token = secrets.token_hex(16)
        if self.redis.set(keys.lock, token, nx=True, px=LOCK_MS):
            return Lock(keys, token)
        return None

    @contextmanager
    def locked(self, game_id: str, wait_seconds: float = 5.0) -> Iterator[Lock]:
        """Hold the game's lock, waiting up to ``wait_seconds`` for it; raises
        :class:`GameBusyError`."""
        give_up = time.monotonic() + wait_seconds
        lock = self.try_lock(game_id)
        while lock is None:
            if time.monotonic() > give_up:
                raise GameBusyError(game_id)
            time.sleep(0.02)
            lock = self.try_lock(game_id)
        try:
            yield lock
        finally:
            self.release(lock)

    def release(self, lock: Lock) -> None:
        self._release(keys=[lock.keys.lock], args=[lock.token])

    def commit(self, lock: Lock, write: Callable[[Any], None]) -> None:
        """Run ``write(pipe)`` in one transaction, only while ``lock`` is still ours; raises
        :class:`LostLockError` (nothing written) otherwise."""
        with self.redis.pipeline(transaction=True) as pipe:
            try:
                pipe.watch(lock.keys.lock)
                if pipe.get(lock.keys.lock) != lock.token:
                    raise LostLockError(lock.keys.game_id)
                pipe.multi()
                write(pipe)
                pipe.execute()
            except redis_module.WatchError:
                raise LostLockError(lock.keys.game_id) from None

    # -- what a step writes -----------------------------------------------------------------

    @staticmethod
    def event_text(data: Mapping[str, Any]) -> str:
        """An event's data as the events stream keeps it (JSON text)."""
        return json.dumps(data, ensure_ascii=False)

    @staticmethod
    def _add_event(pipe: Any, keys: GameKeys, kind: str, data: Mapping[str, Any]) -> None:
        pipe.xadd(
            keys.events,
            {"type": kind, "data": SessionStore.event_text(data)},
            maxlen=EVENTS_KEPT,
            approximate=True,
        )

    @staticmethod
    def add_event(pipe: Any, game_id: str, kind: str, data: Mapping[str, Any]) -> None:
        """Queue an event on ``pipe``."""
        SessionStore._add_event(pipe, GameKeys(game_id), kind, data)

    def event_now(self, game_id: str, kind: str, data: Mapping[str, Any]) -> None:
        """Add an event outside any step."""
        with self.redis.pipeline(transaction=False) as pipe:
            self.add_event(pipe, game_id, kind, data)
            pipe.execute()

    @staticmethod
    def set_game(pipe: Any, game_id: str, fields: Mapping[str, str | int]) -> None:
        """Queue on ``pipe``: set these fields of the game hash; a status other than
        ``waiting`` takes the game off the open tables."""
        pipe.hset(GameKeys(game_id).game, mapping=dict(fields))
        if fields.get("status", "waiting") != "waiting":
            open_tables.drop(pipe, game_id)

    @staticmethod
    def set_state(pipe: Any, game_id: str, state: Mapping[str, Any]) -> None:
        pipe.set(GameKeys(game_id).state, json.dumps(state))

    @staticmethod
    def set_deadline(pipe: Any, game_id: str, due_ms: int | None) -> None:
        """When the game next needs a step (``None``: never, until something happens)."""
        if due_ms is None:
            pipe.zrem(DEADLINES, game_id)
        else:
            pipe.zadd(DEADLINES, {game_id: due_ms})

    @staticmethod
    def set_lifetime(pipe: Any, game_id: str, turns: int, ttl_ms: int) -> None:
        """Queue on ``pipe``: every key of the game (``turns`` turns drawn) expires in
        ``ttl_ms``."""
        for key in GameKeys(game_id).every_key(turns):
            pipe.pexpire(key, ttl_ms)

    @staticmethod
    def set_live(pipe: Any, game_id: str, board: str, rack: str, live: bool) -> None:
        """Queue on ``pipe``: the position ``board`` (:func:`~arbitre.rules.fair_play.
        board_fingerprint`) with ``rack`` (:func:`~arbitre.rules.fair_play.rack_key`) is, or is
        no longer, that of an open turn of the refereed game ``game_id``."""
        member = f"{rack}/{game_id}"
        if live:
            pipe.sadd(live_position(board), member)
            pipe.pexpire(live_position(board), LIVE_TTL_MS)  # should its game vanish
        else:
            pipe.srem(live_position(board), member)

    def live_racks(self, board: str) -> set[str]:
        """The racks of the open turns of refereed games on the board ``board`` (a
        fingerprint)."""
        members = self.redis.smembers(live_position(board))
        return {str(member).rpartition("/")[0] for member in members}

    def step_failed(self, game_id: str) -> int:
        """Count a failed step of the game: how many in a row now."""
        return int(self.redis.hincrby(GameKeys(game_id).game, "step_failures", 1))

    def clear_failures(self, game_id: str) -> None:
        """A step of the game succeeded: no failures in a row."""
        self.redis.hdel(GameKeys(game_id).game, "step_failures")

    def tick(self, outage_ms: int) -> int:
        """A clock's heartbeat: after a silence of ``outage_ms`` or more (Redis unreachable, or
        no session replica's clock running), every running game's deadline moves by the
        silence, with a ``resumed`` event; returns the silence (ms) when it was an outage, else
        0. Only the first clock to tick after the outage sees it."""
        return int(
            self._tick(
                keys=[CLOCK_HEARTBEAT, DEADLINES], args=[outage_ms, GAME_PREFIX, EVENTS_KEPT]
            )
        )

    def postpone(self, game_id: str, due_ms: int) -> None:
        """Retry a step later (a peer was down)."""
        self.redis.zadd(DEADLINES, {game_id: due_ms}, xx=True)

    def due_now(self, game_id: str) -> None:
        """Ask for a step at once (every player answered)."""
        self.redis.zadd(DEADLINES, {game_id: 0}, xx=True)
