"""One event stream per game and gateway, shared by every client of that game.

Each live game a gateway serves has one :class:`_Feed`: one ``Events`` stream from the session
service, read by one thread that hands each event to every subscriber's queue and keeps the
last :data:`BUFFER` events. So a thousand players of one game cost the session one stream (one
thread, one Redis connection), not a thousand. A subscriber resuming after an event id still in
the buffer gets exactly the events after it; one resuming from further back gets a stream of
its own (:meth:`EventHub.subscribe` returns ``None`` and the caller opens it). The feed closes
when the game ends (after ``game_over``), when its stream breaks (subscribers are told, and
reconnect), or when its last subscriber leaves.
"""

from __future__ import annotations

import queue
import threading
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import grpc

__all__ = ["BROKEN", "BUFFER", "ENDED", "Event", "EventHub", "Subscription"]

#: Events a feed keeps for subscribers that resume.
BUFFER = 2_000


@dataclass(frozen=True, slots=True)
class Event:
    """One event of a game: its id (to resume after), type and JSON data."""

    id: str
    type: str
    data: str


#: What a subscriber's queue receives last: the game ended, or the stream broke.
ENDED = Event("", "ended", "")
BROKEN = Event("", "broken", "")


@dataclass
class _Feed:
    game_id: str
    upstream: Any
    last_id: str
    buffer: deque[Event] = field(default_factory=lambda: deque(maxlen=BUFFER))
    subscribers: set[queue.SimpleQueue[Event]] = field(default_factory=set)
    lock: threading.Lock = field(default_factory=threading.Lock)
    closing: bool = False


@dataclass
class Subscription:
    """A client's place in a feed: the id its stream starts after (for a ``state`` event),
    the buffered events it missed, and the queue of what comes next."""

    start_id: str
    replay: list[Event]
    events: queue.SimpleQueue[Event]
    feed: _Feed


class EventHub:
    """The feeds of one gateway; ``open_stream(game_id)`` opens a session ``Events`` stream
    from now (its first message, a ``state`` event, already read: it returns the stream and
    that message) and raises the caller's error for a game that does not exist."""

    def __init__(self, open_stream: Callable[[str], tuple[Any, Any]]) -> None:
        self.open_stream = open_stream
        self._feeds: dict[str, _Feed] = {}
        self._lock = threading.Lock()

    @property
    def feeds(self) -> int:
        """How many games have a feed open."""
        with self._lock:
            return len(self._feeds)

    def subscribe(self, game_id: str, after: str = "") -> Subscription | None:
        """A subscription to ``game_id``'s events from now (``after`` empty) or after the id
        ``after``; ``None`` when ``after`` is no longer (or not yet) in the feed's buffer."""
        with self._lock:
            feed = self._feeds.get(game_id)
            if feed is None or feed.closing:
                upstream, first = self.open_stream(game_id)
                feed = _Feed(game_id, upstream, first.id)
                self._feeds[game_id] = feed
                threading.Thread(
                    target=self._pump, args=(feed,), name=f"feed-{game_id}", daemon=True
                ).start()
            events: queue.SimpleQueue[Event] = queue.SimpleQueue()
            with feed.lock:
                replay: list[Event] = []
                if after and after != feed.last_id:
                    ids = [event.id for event in feed.buffer]
                    if after not in ids:
                        if not feed.subscribers:
                            self._close(feed)
                        return None
                    replay = list(feed.buffer)[ids.index(after) + 1 :]
                feed.subscribers.add(events)
                return Subscription(feed.last_id, replay, events, feed)

    def unsubscribe(self, subscription: Subscription) -> None:
        """The client left; the feed closes with its last subscriber."""
        feed = subscription.feed
        with self._lock, feed.lock:
            feed.subscribers.discard(subscription.events)
            if not feed.subscribers:
                self._close(feed)

    def _close(self, feed: _Feed) -> None:
        """Stop ``feed`` (the hub's lock held)."""
        feed.closing = True
        if self._feeds.get(feed.game_id) is feed:
            del self._feeds[feed.game_id]
        feed.upstream.cancel()

    def _pump(self, feed: _Feed) -> None:
        """Read the feed's stream, hand every event to every subscriber."""
        last = BROKEN
        try:
            for message in feed.upstream:
                if message.type in ("ping", "state"):
                    continue
                event = Event(message.id, message.type, message.data_json)
                with feed.lock:
                    feed.buffer.append(event)
                    feed.last_id = event.id
                    targets = list(feed.subscribers)
                for target in targets:
                    target.put(event)
                if event.type == "game_over":
                    last = ENDED
        except grpc.RpcError:
            pass  # cancelled by the last subscriber, or broken: they reconnect
        finally:
            with self._lock:
                feed.closing = True
                if self._feeds.get(feed.game_id) is feed:
                    del self._feeds[feed.game_id]
            with feed.lock:
                targets = list(feed.subscribers)
            for target in targets:
                target.put(last)

    def iterate(self, subscription: Subscription, ping_seconds: float) -> Iterator[Event | None]:
        """The subscription's events (``None`` for a keep-alive every ``ping_seconds`` of
        silence), ending with :data:`ENDED` or :data:`BROKEN`."""
        yield from subscription.replay
        while True:
            try:
                event = subscription.events.get(timeout=ping_seconds)
            except queue.Empty:
                yield None
                continue
            yield event
            if event is ENDED or event is BROKEN:
                return
