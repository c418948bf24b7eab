"""Throttled events: a kind's counts that the next one supersedes
(:attr:`~arbitre.rules.kinds.base.Event.throttled`: how many answered, how many joined a room).
Every event goes to every client of a game, so a game writes at most one of each such type per
period, the period growing with its players (:func:`period_ms`).

The first event of a type in a period is written at once and opens the period. One that comes
within it is held as the type's *pending* event, newest wins, and is written when the period
ends, unless a newer one was written meanwhile: the last count always reaches the clients, at
most a period late, and never after a newer one. An event that must go out now (the answer
that makes the turn due) is written whatever the period (leaving the period as it was), and
drops the pending one it supersedes; a step that moves the game on drops every pending one of
the game (:meth:`~arbitre.services.session.seam.base.SeamBase._write`: its own events say what
they counted). One Redis script decides each of these, so that replicas share the periods; a held
event is written by a timer of the replica that held it (another replica's next held event
schedules its own, and a pending event outlives its period by one more: a lost timer costs
nothing but that count)."""

from __future__ import annotations

import logging
import threading
from typing import Any

import redis as redis_module

from arbitre.services.game_keys import GameKeys
from arbitre.services.session_store import EVENTS_KEPT, SessionStore

__all__ = ["COUNT_EVENT_MS", "COUNT_EVENT_MS_PER_PLAYERS", "EventThrottle", "period_ms"]

log = logging.getLogger("arbitre.services.session")

#: At most one throttled event of a type per game in this many ms...
COUNT_EVENT_MS = 250
#: ... or, in a game of many players, one per this many players in ms: every event goes to every
#: player (some 30 µs of the gateway's time each), so a simultané of 10,000 sends one every 10 s.
COUNT_EVENT_MS_PER_PLAYERS = 1

#: :meth:`EventThrottle.admit`'s answer: write the event now (it opened a period, or was forced).
WRITE_NOW = -1

# KEYS: period, pending (hash). ARGV: period ms, event data (JSON text), forced ('1' or '0'),
# event type. Returns -1 (write it now) or the ms left in the period (held as pending).
_ADMIT = """
if ARGV[3] ~= '1' and not redis.call('SET', KEYS[1], '1', 'NX', 'PX', ARGV[1]) then
  local left = redis.call('PTTL', KEYS[1])
  if left < 0 then left = 0 end
  redis.call('HSET', KEYS[2], ARGV[4], ARGV[2])
  local lives = left + 2 * tonumber(ARGV[1])
  if redis.call('PTTL', KEYS[2]) < lives then redis.call('PEXPIRE', KEYS[2], lives) end
  return left
end
redis.call('HDEL', KEYS[2], ARGV[4])
return -1
"""

# KEYS: period, pending (hash), events. ARGV: period ms, event type, events kept.
# Returns -1 (the pending event written, a period opened), 0 (nothing pending) or the ms left
# in a period still running (look again then: the pending event lives until then, and more).
_FLUSH = """
local data = redis.call('HGET', KEYS[2], ARGV[2])
if not data then return 0 end
if not redis.call('SET', KEYS[1], '1', 'NX', 'PX', ARGV[1]) then
  local left = redis.call('PTTL', KEYS[1])
  if left < 1 then left = 1 end
  local lives = left + 2 * tonumber(ARGV[1])
  if redis.call('PTTL', KEYS[2]) < lives then redis.call('PEXPIRE', KEYS[2], lives) end
  return left
end
redis.call('HDEL', KEYS[2], ARGV[2])
redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[3], '*', 'type', ARGV[2], 'data', data)
return -1
"""


def period_ms(players: int) -> int:
    """The throttle's period in a game of ``players``: :data:`COUNT_EVENT_MS`, or one ms per
    :data:`COUNT_EVENT_MS_PER_PLAYERS` players when that is longer."""
    return max(COUNT_EVENT_MS, players // COUNT_EVENT_MS_PER_PLAYERS)


class EventThrottle:
    """The throttled events of this replica's games (see the module)."""

    def __init__(self, redis: redis_module.Redis) -> None:
        self._admit = redis.register_script(_ADMIT)
        self._flush = redis.register_script(_FLUSH)
        self._lock = threading.Lock()
        #: (game id, event type) of the pending events a timer of this replica will look at.
        self._scheduled: set[tuple[str, str]] = set()

    def admit(
        self,
        game_id: str,
        event_type: str,
        data: Any,
        players: int,
        *,
        forced: bool = False,
    ) -> bool:
        """Whether the caller writes this throttled event now (with its step's or action's
        other events); else it is held and written at its period's end unless superseded.
        ``forced``: written now whatever the period (the count that must not wait)."""
        keys = GameKeys(game_id)
        period = period_ms(players)
        left = int(
            self._admit(
                keys=[keys.throttle(event_type), keys.pending],
                args=[period, SessionStore.event_text(data), "1" if forced else "0", event_type],
            )
        )
        if left == WRITE_NOW:
            return True
        self._schedule(game_id, event_type, period, left)
        return False

    def _schedule(self, game_id: str, event_type: str, period: int, left_ms: int) -> None:
        """Look at ``game_id``'s pending ``event_type`` again in ``left_ms`` (once a period's
        end, whatever was held meanwhile: one timer per game and type)."""
        key = (game_id, event_type)
        with self._lock:
            if key in self._scheduled:
                return
            self._scheduled.add(key)
        timer = threading.Timer(left_ms / 1000, self._flush_pending, (game_id, event_type, period))
        timer.daemon = True
        timer.start()

    def _flush_pending(self, game_id: str, event_type: str, period: int) -> None:
        """A timer's work: write ``game_id``'s pending ``event_type`` if its period is over
        (else look again when it is). A failure loses only that count: the next one says it."""
        with self._lock:
            self._scheduled.discard((game_id, event_type))
        keys = GameKeys(game_id)
        try:
            left = int(
                self._flush(
                    keys=[keys.throttle(event_type), keys.pending, keys.events],
                    args=[period, event_type, EVENTS_KEPT],
                )
            )
        except redis_module.RedisError as error:
            log.warning("game %s: a held %s was not written (%s)", game_id, event_type, error)
            return
        if left > 0:
            self._schedule(game_id, event_type, period, left)
