"""One upstream event stream per game, fanned out to every asyncio client of a gateway.

The asyncio counterpart of :mod:`arbitre.gateway.event_hub`, for the gateway served by uvicorn
(:mod:`arbitre.gateway.asgi`): no thread per client nor per game. Each live game a process
serves has one :class:`_Feed`: one ``Events`` stream from the session service (a ``grpc.aio``
call on the process's event loop), read by one task that encodes each event's SSE bytes once
and appends them to the pending list of every :class:`Client` of that game, keeping the last
:data:`BUFFER` events for clients that resume. A client's own task writes what is pending to its
socket, so a slow reader slows nobody else; one that falls :data:`CLIENT_QUEUE` events behind is
dropped (it gets the error event and reconnects with ``Last-Event-ID``, inside the buffer: it
misses nothing).

The rules are the hub's: a client resuming after an id still in the buffer gets exactly the
events after it; one resuming from further back gets a stream of its own (a private feed that
closes with it). A feed closes when the game ends (after ``game_over``: its clients' streams end),
when its stream breaks (its clients get the error event and reconnect), or when its last client
leaves. Two differences, both cheaper for the session: clients that arrive together while a
feed opens share that opening (one ``Events`` call), and the ``GetGame`` read that gives a new
client its ``state`` event is shared by every client waiting for one at the time (each read
still starts after the client subscribed, so no event falls between the state and the stream).

Everything here runs on one event loop (the server's) and is not thread-safe.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import grpc

from arbitre.gateway.errors import ApiError
from arbitre.gateway.event_hub import BUFFER
from arbitre.gateway.games import BROKEN_EVENT, PING_SECONDS, sse_message
from arbitre.services.server import CHANNEL_OPTIONS
from arbitre.services.session import game_state_data
from arbitre.v1 import session_pb2, session_pb2_grpc

if TYPE_CHECKING:
    from arbitre.gateway.app import Gateway

__all__ = [
    "BROKEN",
    "BUFFER",
    "CLIENT_QUEUE",
    "ENDED",
    "PING",
    "Client",
    "EventStreams",
    "Subscription",
]

#: Events a client may have waiting to be written before it is dropped as too slow. The bytes
#: are shared by all clients (a client holds references, not copies); 256 events is a minute
#: or more of a game's busiest traffic (answer counts come at most four times a second).
CLIENT_QUEUE = 256

#: How a client's stream ends: cleanly (the game is over, or the gateway stops) or broken
#: (the upstream broke, or the client was too slow; it reconnects).
ENDED = b""
BROKEN = BROKEN_EVENT.encode()
#: The keep-alive comment, and how often the ticker looks for clients that need one: one
#: ticker for all, not a timer per client (which would cost a heap push and pop per event).
PING = b": ping\n\n"
PING_TICK_SECONDS = 1.0


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
        :data:`~arbitre.gateway.games.PING_SECONDS` of silence)."""
        if self.end is None and not self.pending:
            self.pending.append(PING)
            self.wake.set()

    def take(self) -> list[bytes]:
        """What is waiting, now the writer's."""
        taken, self.pending = self.pending, []
        self.written_at = time.monotonic()
        return taken


@dataclass(eq=False)
class _Feed:
    """A game's upstream stream (shared) or a client's own (``shared`` false)."""

    game_id: str
    shared: bool = True
    upstream: Any = None
    opening: asyncio.Task[None] | None = None
    pump: asyncio.Task[None] | None = None
    last_id: str = ""
    buffer: deque[tuple[str, bytes]] = field(default_factory=lambda: deque(maxlen=BUFFER))
    #: The sequence number of each buffered event, by id (for resumes in O(1)).
    positions: dict[str, int] = field(default_factory=dict)
    added: int = 0
    clients: set[Client] = field(default_factory=set)
    #: Clients waiting for the feed to open.
    waiting: int = 0
    #: How the feed ended, once it has.
    end: bytes | None = None
    closed: bool = False
    state: _SharedRead | None = None

    def add(self, event_id: str, data: bytes) -> None:
        if len(self.buffer) == self.buffer.maxlen:
            self.positions.pop(self.buffer[0][0], None)
        self.buffer.append((event_id, data))
        self.positions[event_id] = self.added
        self.added += 1
        self.last_id = event_id

    def after(self, event_id: str) -> list[bytes] | None:
        """The buffered events after ``event_id``; ``None`` when it is not in the buffer."""
        if event_id == self.last_id:
            return []
        position = self.positions.get(event_id)
        if position is None:
            return None
        first = self.added - len(self.buffer)
        return [data for _, data in list(self.buffer)[position - first + 1 :]]


@dataclass(eq=False)
class Subscription:
    """A client's place in a feed: the id its stream starts after (for a ``state`` event),
    the encoded events it missed (a resume), its :class:`Client` and its feed."""

    start_id: str
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
    errors of the session are mapped as every gateway call's (:meth:`Gateway._failure`)."""

    def __init__(self, gateway: Gateway) -> None:
        self.gateway = gateway
        self._feeds: dict[str, _Feed] = {}
        self._own: set[_Feed] = set()
        self._channel: Any = None
        self._stub: Any = None
        self._stopped = False
        self._clients: set[Client] = set()
        self._ticker: asyncio.Task[None] | None = None

    @property
    def clients(self) -> int:
        """Connected clients (of shared feeds and own streams)."""
        return len(self._clients)

    @property
    def feeds(self) -> int:
        """How many games have a shared feed open (or opening)."""
        return len(self._feeds)

    def _session(self) -> Any:
        if self._stub is None:
            self._channel = grpc.aio.insecure_channel(
                self.gateway.config.session_address, options=CHANNEL_OPTIONS
            )
            stub: Any = session_pb2_grpc.SessionStub  # generated, untyped
            self._stub = stub(self._channel)
        return self._stub

    async def subscribe(self, game_id: str, after: str = "") -> Subscription:
        """A subscription to ``game_id``'s events from now (``after`` empty: its ``start_id``
        is where a ``state`` event goes) or after the event id ``after``: from the shared feed
        when ``after`` is in its buffer, else from a stream of the client's own. Raises the
        :class:`ApiError` of a game that does not exist or of a session that fails."""
        if self._stopped:
            raise self._stopping()
        feed = self._feeds.get(game_id)
        if feed is None:
            feed = _Feed(game_id)
            self._feeds[game_id] = feed
            feed.opening = asyncio.ensure_future(self._open(feed, ""))
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
        client = Client()
        replay: list[bytes] = []
        if after:
            found = feed.after(after)
            if found is None:
                if not feed.clients and not feed.waiting:
                    self._close(feed)
                return await self._own_stream(game_id, after)
            replay = found
        if feed.end is not None:  # ended between its opening and now: so does this client
            client.finish(feed.end)
        else:
            feed.clients.add(client)
        self._joined(client)
        return Subscription(feed.last_id, replay, client, feed)

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
        :data:`~arbitre.gateway.games.PING_SECONDS`."""
        while True:
            await asyncio.sleep(PING_TICK_SECONDS)
            silent_since = time.monotonic() - PING_SECONDS
            for client in self._clients:
                if client.written_at <= silent_since:
                    client.ping()

    def unsubscribe(self, subscription: Subscription) -> None:
        """The client left; a shared feed closes with its last client, an own stream at once."""
        feed = subscription.feed
        self._clients.discard(subscription.client)
        feed.clients.discard(subscription.client)
        if not feed.shared:
            self._own.discard(feed)
            self._close(feed)
        elif not feed.clients and not feed.waiting:
            self._close(feed)

    async def state(self, subscription: Subscription) -> bytes:
        """The ``state`` event that starts a new client's stream: the game as ``GetGame``
        gives it, read after the client subscribed (one read shared by the clients waiting)."""
        feed = subscription.feed
        if feed.state is None:
            feed.state = _SharedRead(lambda: self._game_state(feed.game_id))
        data = await feed.state.get()
        return sse_message(subscription.start_id, "state", data).encode()

    async def _game_state(self, game_id: str) -> str:
        message = session_pb2.GetGameRequest(game_id=game_id)
        try:
            state = await self._session().GetGame(
                message, timeout=self.gateway.config.deadline_seconds
            )
        except grpc.RpcError as error:
            raise self.gateway._failure("session", error) from None
        return json.dumps(game_state_data(state))

    async def _open(self, feed: _Feed, after: str) -> None:
        """Open ``feed``'s upstream from now (``after`` empty) or after ``after``: its first
        message read (a ``state`` event, or a ping at ``after``), then its pump started."""
        # A shared feed starts with the session's last events in its buffer, so that clients
        # resuming after a break (a gateway or session restart: all of them at once) find
        # their last event there rather than each needing a session stream of its own.
        backlog = BUFFER if feed.shared and not after else 0
        request = session_pb2.EventsRequest(game_id=feed.game_id, after=after, backlog=backlog)
        call = self._session().Events(request)
        feed.upstream = call
        try:
            first = await call.read()
        except grpc.RpcError as error:
            self._forget(feed)
            raise self.gateway._failure("session", error) from None
        except BaseException:
            call.cancel()
            self._forget(feed)
            raise
        if first is grpc.aio.EOF:
            self._forget(feed)
            raise ApiError(502, "bad_gateway", "the session service sent no game state")
        feed.last_id = first.id
        if not feed.shared and first.type not in ("ping", "state"):
            feed.add(first.id, sse_message(first.id, first.type, first.data_json).encode())
        if backlog and first.type == "state":
            try:
                while (earlier := await call.read()) is not grpc.aio.EOF and earlier.backlog:
                    feed.add(
                        earlier.id,
                        sse_message(earlier.id, earlier.type, earlier.data_json).encode(),
                    )
                feed.last_id = first.id  # the backlog ends at the state's id
            except grpc.RpcError as error:
                self._forget(feed)
                raise self.gateway._failure("session", error) from None
            except BaseException:
                call.cancel()
                self._forget(feed)
                raise
        feed.pump = asyncio.ensure_future(self._pump(feed))
        _keep(feed.pump)

    async def _own_stream(self, game_id: str, after: str) -> Subscription:
        """A client's own stream of the session's events after ``after`` (errors such as an
        unknown game are raised before the client is answered)."""
        feed = _Feed(game_id, shared=False)
        await self._open(feed, after)
        client = Client()
        replay = [data for _, data in feed.buffer]
        feed.buffer.clear()
        if feed.end is not None:
            client.finish(feed.end)
        else:
            feed.clients.add(client)
        self._own.add(feed)
        self._joined(client)
        return Subscription(after, replay, client, feed)

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
                data = sse_message(message.id, message.type, message.data_json).encode()
                if feed.shared:
                    feed.add(message.id, data)
                else:
                    feed.last_id = message.id
                dropped = [client for client in feed.clients if not client.push(data)]
                for client in dropped:
                    feed.clients.discard(client)  # too slow: it reconnects
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
        for feed in [*self._feeds.values(), *self._own]:
            feed.clients.clear()
            self._close(feed)
        self._own.clear()

    async def aclose(self) -> None:
        """:meth:`stop`, then close the channel."""
        self.stop()
        channel, self._channel, self._stub = self._channel, None, None
        if channel is not None:
            await channel.close()
