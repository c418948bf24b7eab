"""A game's ``Events`` stream: its state and backlog (or a resumed position), then its events
as they come, with a ping while it is quiet, until the game is over; a process serves at most
:data:`~arbitre.services.session.limits.MAX_EVENT_STREAMS` streams at once."""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Iterator, Mapping
from typing import Any

import grpc
import redis as redis_module

from arbitre.api.kind_parts import SESSION_EVENTS, ProtoDataError, put_event
from arbitre.services.positions import abort
from arbitre.services.session.limits import _BLOCK_MS, MAX_BACKLOG, MAX_EVENT_STREAMS, PING_SECONDS
from arbitre.services.session.reading import Reading
from arbitre.services.session.refusals import _refuse, _RefusedError
from arbitre.v1 import session_pb2

__all__ = ["EventStreams"]

log = logging.getLogger(__package__)

#: The streams being served: each holds one of these while it lasts.
_EVENT_STREAMS = threading.BoundedSemaphore(MAX_EVENT_STREAMS)


class EventStreams(Reading):
    """The session service's part that streams a game's events."""

    def _events(self, request: Any, context: Any) -> Iterator[Any]:
        """The game's events from now (``after`` empty: its ``state``, then its last
        ``backlog`` events up to it, marked, and a ping at its id) or after the event id
        ``after`` (a ping at it first); the stream ends after ``game_over`` (at once for a game
        already over). An ``after`` later than the game's last event is INVALID_ARGUMENT; past
        :data:`MAX_EVENT_STREAMS` streams at once, RESOURCE_EXHAUSTED."""
        try:
            game_id = self._checked_id(request.game_id)
            after = request.after
            milliseconds, dash, sequence = after.partition("-")
            if after and not (
                dash
                and all(
                    part.isascii() and part.isdigit() and len(part) <= 20 and int(part) < 2**64
                    for part in (milliseconds, sequence)
                )
            ):
                _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"{after[:40]!r} is not an event id")
            if not 0 <= request.backlog <= MAX_BACKLOG:
                _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"backlog: 0 to {MAX_BACKLOG}")
            streams = _EVENT_STREAMS
            if not streams.acquire(blocking=False):
                _refuse(
                    grpc.StatusCode.RESOURCE_EXHAUSTED,
                    f"this session serves {MAX_EVENT_STREAMS} event streams, its most; retry",
                )
            try:
                if not after:
                    after = self.store.last_event_id(game_id)
                    state = self._state(game_id, "")
                    kind_name = state.kind_name
                    yield session_pb2.GameEvent(id=after, type="state", state=state)
                    if state.status == "over":
                        return
                    if request.backlog:
                        for event_id, fields in self.store.events_until(
                            game_id, after, request.backlog
                        ):
                            yield _game_event(kind_name, event_id, fields, backlog=True)
                        yield session_pb2.GameEvent(id=after, type="ping", data_json="{}")
                else:
                    game = self._game(game_id)
                    kind_name = game.get("kind", "")
                    last = self.store.last_event_id(game_id)
                    last_key = tuple(int(part) for part in last.split("-"))
                    key = (int(milliseconds), int(sequence))
                    if key > last_key:
                        _refuse(
                            grpc.StatusCode.INVALID_ARGUMENT,
                            f"{after} is later than the last event of game {game_id} ({last})",
                        )
                    yield session_pb2.GameEvent(id=after, type="ping", data_json="{}")
                    if game.get("status") == "over" and key == last_key:
                        return  # nothing comes after the end
                quiet_since = time.monotonic()
                while context.is_active():
                    found = self.store.events_after(game_id, after, _BLOCK_MS)
                    for event_id, fields in found:
                        after = event_id
                        yield _game_event(kind_name, event_id, fields)
                        if fields.get("type") == "game_over":
                            return
                    if found:
                        quiet_since = time.monotonic()
                    elif time.monotonic() - quiet_since > PING_SECONDS:
                        quiet_since = time.monotonic()
                        yield session_pb2.GameEvent(id=after, type="ping", data_json="{}")
            finally:
                streams.release()
        except _RefusedError as refused:
            abort(context, refused.code, refused.message)
        except redis_module.RedisError:
            abort(context, grpc.StatusCode.UNAVAILABLE, "the game store is unreachable; retry")


def _game_event(
    kind_name: str, event_id: str, fields: Mapping[str, str], *, backlog: bool = False
) -> Any:
    """A stored event as a ``GameEvent``: typed, in the session's part for the session's own
    events and in the kind's part when the game's kind has a message for its type
    (:func:`~arbitre.api.kind_parts.put_event`), else its JSON data (duplicate's)."""
    event_type = fields.get("type", "")
    data = fields.get("data", "")
    event = session_pb2.GameEvent(id=event_id, type=event_type, backlog=backlog)
    if data:
        try:
            parsed = json.loads(data)
            if put_event(event, SESSION_EVENTS, event_type, parsed) or (
                kind_name and put_event(event, kind_name, event_type, parsed)
            ):
                return event
        except (ValueError, ProtoDataError):  # a kind's data that does not fit: a bug, logged
            log.exception("game event %s (%s) does not fit its message", event_id, event_type)
            event.ClearField("payload")
    event.data_json = data
    return event
