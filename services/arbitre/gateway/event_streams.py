"""One upstream event stream per game, fanned out to every asyncio client of a gateway.

For the gateway served by uvicorn (:mod:`arbitre.gateway.asgi`): no thread per client nor per
game, and no session stream per client. Each live game a process serves has one :class:`_Feed`:
one ``Events`` stream from the session service (a ``grpc.aio`` call on the process's event
loop), read by one task that encodes each event's SSE bytes once and appends them to the
pending list of every :class:`Client` of that game, keeping the last :data:`BUFFER` events for
clients that resume. A client's own task writes what is pending to its socket, so a slow
reader slows nobody else; one that falls :data:`CLIENT_QUEUE` events behind is dropped (it gets
the error event and reconnects with ``Last-Event-ID``, inside the buffer: it misses nothing).

A feed opens with the session's last :data:`BUFFER` events (``EventsRequest.backlog``), so that
clients resuming after a break (a gateway or session restart: all of them at once) find their
last event there. A client resuming after an event id gets exactly the events after it when the
buffer covers that id (it holds the id, or the game's whole history); one resuming from further
back gets a fresh ``state`` event, as a new client does (the page takes a ``state`` as a reset),
then the live events: never a session stream of its own, so a client costs the session nothing
whatever id it sends. An id later than the feed's newest event is no event of this game: a 400
(:data:`FUTURE_ID`), costing nothing either.

A feed closes when the game ends (after ``game_over``: its clients' streams end), when its
stream breaks (its clients get the error event and reconnect), or when its last client leaves.
Clients that arrive together while a feed opens share that opening (one ``Events`` call), and
the ``GetGame`` read that gives a new client its ``state`` event is shared by every client
waiting for one at the time (each read still starts after the client subscribed, so no event
falls between the state and the stream). A session that has all its event streams busy
(``RESOURCE_EXHAUSTED``) is a 503 with ``Retry-After``.

Everything here runs on one event loop (the server's) and is not thread-safe.
"""

from __future__ import annotations

import asyncio
import bisect
import itertools
import json
import logging
import re
import time
from collections import deque
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import grpc

from arbitre.api.game_events import event_json
from arbitre.api.game_state import game_state_data
from arbitre.gateway.errors import ApiError, bad_request
from arbitre.services.internal_auth import open_aio_channel
from arbitre.services.server import CHANNEL_OPTIONS
from arbitre.v1 import session_pb2, session_pb2_grpc

if TYPE_CHECKING:
    from arbitre.gateway.app import Gateway

log = logging.getLogger("arbitre.gateway")

__all__ = [
    "BROKEN",
    "BUFFER",
    "CLIENT_QUEUE",
    "ENDED",
    "FANOUT_CHUNK",
    "FUTURE_ID",
    "PING",
    "PING_SECONDS",
    "Client",
    "EventStreams",
    "Subscription",
    "fan_out",
    "is_event_id",
    "sse_message",
]

#: Events a feed keeps for clients that resume (and asks the session for when it opens). The
#: session keeps more of a game's events than this (``session_store.EVENTS_KEPT``), so a
#: backlog shorter than this is a game's whole history.
BUFFER = 2_000
#: Why an event id later than the game's newest event is refused (the start of the 400's
#: message).
FUTURE_ID = "no event of this game has the id"

#: Events a client may have waiting to be written before it is dropped as too slow. The bytes
#: are shared by all clients (a client holds references, not copies); 256 events is a minute
#: or more of a game's busiest traffic (answer counts come at most four times a second).
CLIENT_QUEUE = 256

#: Clients an event is queued for before the event loop takes its other work (an answer's
#: response, a request to read): an event to 10,000 clients wakes 10,000 writers, some 0.3 s
#: of the loop; queued at once, every response waits behind all of them. Each step of a
#: request (its body read, its call, its answer) waits for one chunk's writers (some 30 µs
#: each): 100 keeps a guess sent during a fan-out within tens of ms.
FANOUT_CHUNK = 100

#: A game's event sent to this many clients or more is logged: when it reached the gateway
#: after the session wrote it, and how long queueing it for every client took.
LOGGED_FANOUT = 1_000

#: How often, and how long at most, the gateway looks whether every writer of a logged event's
#: clients has taken it (:data:`LOGGED_FANOUT`).
WRITTEN_POLL_SECONDS = 0.02
WRITTEN_WAIT_SECONDS = 30.0

#: How a client's stream ends: cleanly (the game is over, or the gateway stops) or broken
#: (the upstream broke, or the client was too slow; it reconnects).
ENDED = b""
BROKEN = b'event: error\ndata: {"message": "the stream broke; reconnect"}\n\n'
#: The keep-alive comment, the seconds of silence before a stream sends it, and how often the
#: ticker looks for clients that need one: one ticker for all, not a timer per client (which
#: would cost a heap push and pop per event).
PING = b": ping\n\n"
PING_SECONDS = 15.0
PING_TICK_SECONDS = 1.0
_EVENT_ID = re.compile(r"[0-9]{1,20}-[0-9]{1,20}")


def is_event_id(text: str) -> bool:
    """Whether ``text`` is a Redis stream id: two numbers below 2**64."""
    return bool(_EVENT_ID.fullmatch(text)) and all(int(part) < 2**64 for part in text.split("-"))


def sse_message(event_id: str, kind: str, data: str) -> str:
    """One server-sent event: its id, its type and its data (a line of ``data:`` per line)."""
    lines = "".join(f"data: {line}\n" for line in (data or "{}").splitlines() or ["{}"])
    return f"id: {event_id}\nevent: {kind}\n{lines}\n"


class Client:
    """One connected event stream: the encoded events waiting to be written, how it ends
    (``end``: ``None`` while it goes on, else :data:`ENDED` or :data:`BROKEN`), and ``wake``,
    set whenever there is something new for its writer."""

    __slots__ = ("end", "gone", "pending", "wake", "written_at")

    def __init__(self) -> None:
        self.pending: list[bytes] = []
        self.wake = asyncio.Event()
        self.end: bytes | None = None
        #: The client disconnected (its writer stops).
        self.gone = False
        #: When its writer last took what was waiting (``time.monotonic()``).
        self.written_at = time.monotonic()

    def push(self, data: bytes) -> bool:
        """Queue ``data``; ``False`` (and the client is ended as broken) when it already has
        :data:`CLIENT_QUEUE` events waiting."""
        if self.end is not None:
            return False
        if len(self.pending) >= CLIENT_QUEUE:
            self.finish(BROKEN)
            return False
        self.pending.append(data)
        self.wake.set()
        return True

    def finish(self, end: bytes) -> None:
        """End the stream with ``end`` (a broken one drops what was waiting: the client
        resumes after the last event it got)."""
        if self.end is None:
            self.end = end
            if end is BROKEN:
                self.pending.clear()
            self.wake.set()

    def ping(self) -> None:
        """Queue a keep-alive comment (the ticker of :class:`EventStreams` does, after
        :data:`PING_SECONDS` of silence)."""
        if self.end is None and not self.pending:
            self.pending.append(PING)
            self.wake.set()

    def take(self) -> list[bytes]:
        """What is waiting, now the writer's."""
        taken, self.pending = self.pending, []
        self.written_at = time.monotonic()
        return taken


async def _log_written(feed: _Feed, kind: str, pushed: float) -> None:
    """Log when every client of ``feed`` (as it is now) has had its writer take what was
    queued for it at ``pushed`` (``time.monotonic()``) or later, gone or ended ones aside:
    the moment the event left the gateway for all of them (to the kernel's buffers). One event
    of a feed is watched at a time (those sent meanwhile are not), and each look goes on from
    the first client not yet served: a client is looked at about once."""
    clients = list(feed.clients)
    served = 0
    waited = 0.0
    try:
        while waited < WRITTEN_WAIT_SECONDS:
            await asyncio.sleep(WRITTEN_POLL_SECONDS)
            waited = time.monotonic() - pushed
            while served < len(clients):
                client = clients[served]
                if client.written_at < pushed and not client.gone and client.end is None:
                    break
                served += 1
            if served == len(clients):
                log.info(
                    "game %s: %s taken by the writers of its %d clients within %.0f ms",
                    feed.game_id,
                    kind,
                    len(clients),
                    waited * 1000,
                )
                return
        log.warning(
            "game %s: %s not yet taken by %d of %d writers after %.0f s",
            feed.game_id,
            kind,
            len(clients) - served,
            len(clients),
            waited,
        )
    finally:
        feed.watching = False


async def fan_out(clients: Collection[Client], data: bytes) -> list[Client]:
    """Queue ``data`` for every one of ``clients`` (a snapshot: the caller's set may change
    meanwhile), :data:`FANOUT_CHUNK` at a time with the event loop's other work between; the
    clients dropped as too slow. Each client gets it once, after what it was queued before."""
    dropped: list[Client] = []
    chunk = list(clients)
    for start in range(0, len(chunk), FANOUT_CHUNK):
        if start:
            await asyncio.sleep(0)  # the writers woken so far, and the responses waiting
        dropped.extend(
            client for client in chunk[start : start + FANOUT_CHUNK] if not client.push(data)
        )
    return dropped


def event_key(event_id: str) -> tuple[int, int]:
    """A Redis stream id (``"1700000000000-0"``, checked by the caller) as numbers, in the
    stream's order."""
    milliseconds, _, sequence = event_id.partition("-")
    return int(milliseconds), int(sequence or 0)


@dataclass(eq=False)
class _Feed:
    """A game's upstream stream, its clients and its last :data:`BUFFER` events."""

    game_id: str
    upstream: Any = None
    opening: asyncio.Task[None] | None = None
    pump: asyncio.Task[None] | None = None
    last_id: str = ""
    #: The buffered events, oldest first: (the id as numbers, the id, the encoded event).
    buffer: deque[tuple[tuple[int, int], str, bytes]] = field(
        default_factory=lambda: deque(maxlen=BUFFER)
    )
    #: The buffer starts at the game's first event (the session had fewer than BUFFER, and
    #: none has been dropped since): it covers every id before its newest.
    complete: bool = False
    clients: set[Client] = field(default_factory=set)
    #: Clients waiting for the feed to open.
    waiting: int = 0
    #: How the feed ended, once it has.
    end: bytes | None = None
    closed: bool = False
    state: _SharedRead | None = None
    #: An event's delivery is being watched (:func:`_log_written`): one at a time per feed.
    watching: bool = False

    def add(self, event_id: str, data: bytes) -> None:
        if len(self.buffer) == self.buffer.maxlen:
            self.complete = False
        self.buffer.append((event_key(event_id), event_id, data))
        self.last_id = event_id

    def after(self, event_id: str) -> list[bytes] | None:
        """The buffered events after ``event_id``, as the session's stream would give them;
        ``None`` when the buffer does not reach back to it (events may be missing between);
        a 400 :class:`ApiError` when it is later than the newest event."""
        if event_id == self.last_id:
            return []
        key = event_key(event_id)
        if self.last_id and key > event_key(self.last_id):
            raise bad_request(
                f"{FUTURE_ID} {event_id} (its newest is {self.last_id}); "
                "resume from an id the stream gave, or open it without one"
            )
        if not self.complete and (not self.buffer or key < self.buffer[0][0]):
            return None
        start = bisect.bisect_right(self.buffer, key, key=lambda entry: entry[0])
        return [data for _, _, data in itertools.islice(self.buffer, start, None)]


@dataclass(eq=False)
class Subscription:
    """A client's place in a feed: the id its stream starts after, whether it starts with a
    ``state`` event (a new client, or one resuming from further back than the buffer), the
    encoded events it missed (a resume), its :class:`Client` and its feed."""

    start_id: str
    fresh: bool
    replay: list[bytes]
    client: Client
    feed: _Feed


class _SharedRead:
    """``fetch()`` shared by callers: each caller gets the result of a call that started after
    it asked, and callers asking while a call is under way share the next one."""

    def __init__(self, fetch: Callable[[], Awaitable[str]]) -> None:
        self.fetch = fetch
        self.running = False
        self.next: asyncio.Future[str] | None = None

    async def get(self) -> str:
        future = self.next
        if future is None:
            future = self.next = asyncio.get_running_loop().create_future()
            if not self.running:
                self._start()
        return await asyncio.shield(future)

    def _start(self) -> None:
        future, self.next = self.next, None
        assert future is not None
        self.running = True
        task = asyncio.ensure_future(self._run(future))
        _keep(task)

    async def _run(self, future: asyncio.Future[str]) -> None:
        try:
            future.set_result(await self.fetch())
        except Exception as error:
            future.set_exception(error)
            future.exception()  # retrieved: a caller that left must not log it as lost
        finally:
            self.running = False
            if self.next is not None:
                self._start()


_tasks: set[asyncio.Task[Any]] = set()


def _retrieved(task: asyncio.Task[Any]) -> None:
    """Mark the task's error as seen: its waiters may all have left."""
    if not task.cancelled():
        task.exception()


def _keep(task: asyncio.Task[Any]) -> None:
    """Hold a background task until it is done (the loop keeps only weak references)."""
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


class EventStreams:
    """The feeds of one gateway process, on one event loop. The ``grpc.aio`` channel to the
    session (``gateway.config.session_address``) opens on first use, in the running loop;
    errors of the session are mapped as every gateway call's (:meth:`Gateway.failure`)."""

    def __init__(self, gateway: Gateway) -> None:
        self.gateway = gateway
        self._feeds: dict[str, _Feed] = {}
        self._channel: Any = None
        self._stub: Any = None
        self._stopped = False
        self._clients: set[Client] = set()
        self._ticker: asyncio.Task[None] | None = None

    @property
    def clients(self) -> int:
        """Connected clients."""
        return len(self._clients)

    @property
    def feeds(self) -> int:
        """How many games have a feed open (or opening)."""
        return len(self._feeds)

    def session(self) -> Any:
        """The session's ``grpc.aio`` stub, on the channel the feeds share (opened at the first
        call, in the event loop)."""
        if self._stub is None:
            config = self.gateway.config
            self._channel = open_aio_channel(
                config.session_address, config.internal_token, CHANNEL_OPTIONS
            )
            stub: Any = session_pb2_grpc.SessionStub  # generated, untyped
            self._stub = stub(self._channel)
        return self._stub

    async def subscribe(self, game_id: str, after: str = "") -> Subscription:
        """A subscription to ``game_id``'s events from now (``after`` empty: it is ``fresh``,
        its ``start_id`` is where the ``state`` event goes) or after the event id ``after``:
        the buffered events after it, or, when the buffer does not reach back to it, a fresh
        start as from now. Raises the :class:`ApiError` of an ``after`` later than the game's
        newest event (400), of a game that does not exist or of a session that fails."""
        if self._stopped:
            raise self._stopping()
        feed = self._feeds.get(game_id)
        if feed is None:
            feed = _Feed(game_id)
            self._feeds[game_id] = feed
            feed.opening = asyncio.ensure_future(self._open(feed))
            feed.opening.add_done_callback(_retrieved)
        assert feed.opening is not None
        if not feed.opening.done():
            feed.waiting += 1
            try:
                await asyncio.shield(feed.opening)
            except asyncio.CancelledError:
                feed.waiting -= 1
                task = asyncio.current_task()
                if task is None or not task.cancelling():
                    raise self._stopping() from None  # closed under it: the gateway stops
                if not feed.clients and not feed.waiting:
                    self._close(feed)  # every client that waited for it left
                raise
            except BaseException:
                feed.waiting -= 1
                raise
            feed.waiting -= 1
        elif feed.opening.cancelled():
            raise self._stopping()
        else:
            feed.opening.result()  # its error, if it failed
        try:
            found = feed.after(after) if after else None
        except ApiError:
            if not feed.clients and not feed.waiting:
                self._close(feed)
            raise
        client = Client()
        if feed.end is not None:  # ended between its opening and now: so does this client
            client.finish(feed.end)
        else:
            feed.clients.add(client)
        self._joined(client)
        return Subscription(feed.last_id, found is None, found or [], client, feed)

    def _stopping(self) -> ApiError:
        return ApiError(
            503,
            "unavailable",
            "the gateway is stopping; retry",
            {"Retry-After": str(self.gateway.config.retry_after_seconds)},
        )

    def _joined(self, client: Client) -> None:
        self._clients.add(client)
        if self._ticker is None:
            self._ticker = asyncio.ensure_future(self._tick())

    async def _tick(self) -> None:
        """Every :data:`PING_TICK_SECONDS`, a ping for each client silent for
        :data:`PING_SECONDS`."""
        while True:
            await asyncio.sleep(PING_TICK_SECONDS)
            silent_since = time.monotonic() - PING_SECONDS
            for client in self._clients:
                if client.written_at <= silent_since:
                    client.ping()

    def unsubscribe(self, subscription: Subscription) -> None:
        """The client left; the feed closes with its last client."""
        feed = subscription.feed
        self._clients.discard(subscription.client)
        feed.clients.discard(subscription.client)
        if not feed.clients and not feed.waiting:
            self._close(feed)

    async def state(self, subscription: Subscription) -> bytes:
        """The ``state`` event that starts a ``fresh`` subscription's stream: the game as
        ``GetGame`` gives it, read after the client subscribed (one read shared by the clients
        waiting)."""
        feed = subscription.feed
        if feed.state is None:
            feed.state = _SharedRead(lambda: self._game_state(feed.game_id))
        data = await feed.state.get()
        return sse_message(subscription.start_id, "state", data).encode()

    async def _game_state(self, game_id: str) -> str:
        message = session_pb2.GetGameRequest(game_id=game_id)
        try:
            state = await self.session().GetGame(
                message, timeout=self.gateway.config.deadline_seconds
            )
        except grpc.RpcError as error:
            raise self.gateway.failure("session", error) from None
        return json.dumps(game_state_data(state))

    async def _open(self, feed: _Feed) -> None:
        """Open ``feed``'s upstream from now, with the session's last :data:`BUFFER` events in
        its buffer: its ``state`` message and the backlog read, then its pump started."""
        request = session_pb2.EventsRequest(game_id=feed.game_id, after="", backlog=BUFFER)
        call = self.session().Events(request)
        feed.upstream = call
        try:
            first = await call.read()
            if first is grpc.aio.EOF:
                self._forget(feed)
                raise ApiError(502, "bad_gateway", "the session service sent no game state")
            feed.last_id = first.id
            if first.type == "state":
                backlog = 0
                while (earlier := await call.read()) is not grpc.aio.EOF and earlier.backlog:
                    feed.add(
                        earlier.id,
                        sse_message(earlier.id, earlier.type, event_json(earlier)).encode(),
                    )
                    backlog += 1
                feed.last_id = first.id  # the backlog ends at the state's id
                # Fewer than asked: the game's whole history (not so for a game over, whose
                # stream ends after its state, with no backlog).
                feed.complete = earlier is not grpc.aio.EOF and backlog < BUFFER
        except grpc.RpcError as error:
            self._forget(feed)
            raise self._failure(error) from None
        except BaseException:
            call.cancel()
            self._forget(feed)
            raise
        feed.pump = asyncio.ensure_future(self._pump(feed))
        _keep(feed.pump)

    def _failure(self, error: grpc.RpcError) -> ApiError:
        """The :class:`ApiError` of a failed ``Events`` call: as every gateway call's, but a
        session with all its event streams busy (``RESOURCE_EXHAUSTED``) is a 503 to retry."""
        code = error.code() if hasattr(error, "code") else None
        if code != grpc.StatusCode.RESOURCE_EXHAUSTED:
            return self.gateway.failure("session", error)
        self.gateway.metrics.grpc_errors.labels("session", code.name).inc()
        retry = self.gateway.config.retry_after_seconds
        return ApiError(
            503,
            "unavailable",
            f"the session service has no event stream free; retry in {retry} s",
            {"Retry-After": str(retry)},
        )

    async def _pump(self, feed: _Feed) -> None:
        """Read the feed's stream; encode each event once and queue it for every client."""
        end = BROKEN
        try:
            while True:
                message = await feed.upstream.read()
                if message is grpc.aio.EOF:
                    end = ENDED  # the session ends a stream only once the game is over
                    break
                if message.type in ("ping", "state"):
                    continue
                received, pushed = time.time(), time.monotonic()
                data = sse_message(message.id, message.type, event_json(message)).encode()
                feed.add(message.id, data)
                clients = len(feed.clients)
                if clients >= LOGGED_FANOUT and not feed.watching:
                    feed.watching = True
                    _keep(asyncio.ensure_future(_log_written(feed, message.type, pushed)))
                for client in await fan_out(feed.clients, data):
                    feed.clients.discard(client)  # too slow: it reconnects
                if clients >= LOGGED_FANOUT:
                    log.info(
                        "game %s: %s to %d clients, %.0f ms after its write, queued in %.0f ms",
                        feed.game_id,
                        message.type,
                        clients,
                        received * 1000 - event_key(message.id)[0],  # Redis's clock: this host's
                        (time.time() - received) * 1000,
                    )
                if message.type == "game_over":
                    end = ENDED
        except grpc.RpcError:
            pass  # cancelled by the last client, or broken: the clients reconnect
        finally:
            feed.end = end
            self._forget(feed)
            for client in feed.clients:
                client.finish(end)
            feed.clients.clear()

    def _forget(self, feed: _Feed) -> None:
        """``feed`` no longer takes clients."""
        feed.closed = True
        if self._feeds.get(feed.game_id) is feed:
            del self._feeds[feed.game_id]

    def _close(self, feed: _Feed) -> None:
        """Stop ``feed``: its upstream is cancelled."""
        self._forget(feed)
        if feed.opening is not None and not feed.opening.done():
            feed.opening.cancel()
        elif feed.upstream is not None:
            feed.upstream.cancel()

    def stop(self) -> None:
        """Refuse new clients, end every client's stream cleanly (each reconnects, to another
        replica or to this one restarted) and cancel every upstream."""
        self._stopped = True
        if self._ticker is not None:
            self._ticker.cancel()
        for client in self._clients:
            client.finish(ENDED)
        for feed in list(self._feeds.values()):
            feed.clients.clear()
            self._close(feed)

    async def aclose(self) -> None:
        """:meth:`stop`, then close the channel."""
        self.stop()
        channel, self._channel, self._stub = self._channel, None, None
        if channel is not None:
            await channel.close()
