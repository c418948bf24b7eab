"""The gateway as an ASGI application: the event streams on asyncio, every other route in Flask.

:func:`create_asgi` wraps the Flask app of :func:`arbitre.gateway.app.create_app`:

- ``GET /v1/games/{id}/events`` is answered on the event loop (:class:`GatewayAsgi`), from one
  upstream stream per game fanned out to every client (:mod:`arbitre.gateway.event_streams`):
  an open stream costs a socket and a few small objects, no thread and no session stream;
  other methods on that path are a 405 (the Flask app has no event route);
- ``POST /v1/games/{id}/actions`` (a player's action: ten thousand players guess at once) is
  answered on the event loop too (:mod:`arbitre.gateway.actions`), as the Flask route would;
- every other request goes to the Flask app through ``a2wsgi.WSGIMiddleware``, which runs it in
  a pool of :data:`WSGI_WORKERS` threads.

The event route checks, in this order: the query holds only ``after``; ``after`` (or else
``Last-Event-ID``) is an event id, else a 400; the game id is well formed, else a 404; the
client has fewer than its limit of streams open, else a 429 ``too_many_streams``, and the
process fewer than its total, else a 503 (:mod:`arbitre.gateway.stream_limits`); the session
knows the game, else its error (a 404 for an unknown game); ``after`` is not later than the
game's newest event, else a 400. Errors are the Flask app's JSON errors. A stream has the
headers ``Cache-Control: no-cache``, ``X-Accel-Buffering: no``, ``X-Content-Type-Options:
nosniff`` and sends ``retry: 2000``, a ``state`` event unless resuming from an id the gateway's
buffer covers (:meth:`~arbitre.gateway.event_streams.EventStreams.subscribe`), the game's
events, ``: ping`` after :data:`~arbitre.gateway.event_streams.PING_SECONDS` of silence (give
or take a second), the error event when the stream breaks; it ends cleanly after
``game_over`` (or after the ``state`` of a game already over). It counts in the gateway's
request metrics under :data:`EVENTS_RULE`, and the app's registry gains two gauges: connected
event clients and open feeds.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qsl

from a2wsgi import WSGIMiddleware
from flask import Flask
from prometheus_client import Gauge

from arbitre.gateway.actions import ActionRoute, send_error
from arbitre.gateway.errors import ApiError, bad_request
from arbitre.gateway.event_streams import BROKEN, EventStreams, Subscription, is_event_id
from arbitre.gateway.rate_limits import GroupLimit
from arbitre.gateway.reading import shown
from arbitre.gateway.stream_limits import StreamLimits, StreamQuota, client_key
from arbitre.services.game_keys import is_game_id

__all__ = ["EVENTS_RULE", "WSGI_WORKERS", "GatewayAsgi", "create_asgi"]

log = logging.getLogger("arbitre.gateway")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

#: Threads running the Flask routes. Those block on gRPC calls (the GIL released meanwhile)
#: for a few ms to a few tens of ms: 64 keep the services of a 2-core machine busy (460 answers
#: a second measured over gRPC with 8 client threads) while bounding the threads; requests
#: beyond wait in the pool's queue, their connections held by the event loop, not by threads.
WSGI_WORKERS = 64
#: The event route's name in the request metrics (as Flask names its routes).
EVENTS_RULE = "/v1/games/<game_id>/events"

_EVENTS_PATH = re.compile(r"/v1/games/([^/]+)/events")
_ACTIONS_PATH = re.compile(r"/v1/games/([^/]+)/actions")
#: The methods the request metrics name (any other is counted as ``other``).
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
_RETRY = b"retry: 2000\n\n"
_STREAM_HEADERS = [
    (b"content-type", b"text/event-stream"),
    (b"cache-control", b"no-cache"),
    (b"x-accel-buffering", b"no"),
    (b"x-content-type-options", b"nosniff"),
]


def create_asgi(app: Flask, limits: StreamLimits | None = None) -> GatewayAsgi:
    """The ASGI application serving ``app`` (made by :func:`arbitre.gateway.app.create_app`):
    its event streams on the event loop within ``limits`` (by default, the environment's:
    :meth:`StreamLimits.from_environment`, whose :class:`ValueError` it raises), everything
    else in :data:`WSGI_WORKERS` threads. One per server: it holds the event loop's feeds and
    channel (:meth:`GatewayAsgi.aclose`)."""
    return GatewayAsgi(app, limits or StreamLimits.from_environment())


class GatewayAsgi:
    """The ASGI callable of :func:`create_asgi`; ``streams`` are its feeds, ``quota`` counts
    its open streams by client."""

    def __init__(self, app: Flask, limits: StreamLimits) -> None:
        self.app = app
        self.gateway = app.extensions["arbitre.gateway"]
        self.streams = EventStreams(self.gateway)
        self.quota = StreamQuota(limits, self.gateway.config.retry_after_seconds)
        self.actions = ActionRoute(self.gateway, self.streams, GroupLimit.of(app, "answer"))
        self.wsgi = WSGIMiddleware(app, workers=WSGI_WORKERS)  # type: ignore[arg-type]
        app.extensions["arbitre.event_streams"] = self.streams
        _add_gauges(app)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            found = _EVENTS_PATH.fullmatch(scope["path"])
            if found and scope["method"] == "GET":
                await self._events(found.group(1), scope, receive, send)
                return
            if found:
                allowed = {"Allow": "GET"}
                message = "method not allowed here; allowed: GET"
                await self._refuse(send, 405, "method_not_allowed", message, allowed)
                self._measured(405, time.perf_counter(), scope["method"])
                return
            if scope["method"] == "POST":
                acting = _ACTIONS_PATH.fullmatch(scope["path"])
                if acting:
                    await self.actions(acting.group(1), scope, receive, send)
                    return
        await self.wsgi(scope, receive, send)  # type: ignore[arg-type]

    def stop(self) -> None:
        """End every event stream (the clients reconnect elsewhere) and refuse new ones."""
        self.streams.stop()

    async def aclose(self) -> None:
        """Stop the event streams and close their channel, in the server's loop; let the
        Flask threads finish on their own."""
        await self.streams.aclose()
        self.wsgi.executor.shutdown(wait=False)

    async def _events(self, game_id: str, scope: Scope, receive: Receive, send: Send) -> None:
        started = time.perf_counter()
        client = client_key(scope.get("client"))
        try:
            after = _after(scope)
            if not is_game_id(game_id):
                raise ApiError(404, "not_found", f"no game {shown(game_id)}")
            self.quota.admit(client)
        except ApiError as error:
            await self._refuse(send, error.status, error.code, error.message, error.headers)
            self._measured(error.status, started)
            return
        try:
            await self._stream(game_id, after, started, receive, send)
        finally:
            self.quota.release(client)

    async def _stream(
        self, game_id: str, after: str, started: float, receive: Receive, send: Send
    ) -> None:
        """Subscribe (the session's errors answered as JSON), then write the stream."""
        subscription: Subscription | None = None
        try:
            subscription = await self.streams.subscribe(game_id, after)
            first = _RETRY
            if subscription.fresh:
                first += await self.streams.state(subscription)
        except ApiError as error:
            if subscription is not None:
                self.streams.unsubscribe(subscription)
            await self._refuse(send, error.status, error.code, error.message, error.headers)
            self._measured(error.status, started)
            return
        except Exception:
            if subscription is not None:
                self.streams.unsubscribe(subscription)
            log.exception("unexpected error on GET /v1/games/%s/events", game_id)
            message = "internal error; the gateway's log has details"
            await self._refuse(send, 500, "internal", message, {})
            self._measured(500, started)
            return
        except BaseException:  # cancelled: the server stops
            if subscription is not None:
                self.streams.unsubscribe(subscription)
            raise
        try:
            await send({"type": "http.response.start", "status": 200, "headers": _STREAM_HEADERS})
            self._measured(200, started)
            await _write(subscription, first, receive, send)
        finally:
            self.streams.unsubscribe(subscription)

    async def _refuse(
        self, send: Send, status: int, code: str, message: str, headers: dict[str, str]
    ) -> None:
        """The JSON error, as the Flask app's error handlers write it."""
        await send_error(send, status, code, message, headers)

    def _measured(self, status: int, started: float, method: str = "GET") -> None:
        shown_method = method if method in _METHODS else "other"
        labels = (EVENTS_RULE, shown_method, str(status))
        metrics = self.gateway.metrics
        metrics.requests.labels(*labels).inc()
        metrics.latency.labels(*labels).observe(time.perf_counter() - started)


def _after(scope: Scope) -> str:
    """The event id to resume after (``?after=``, else ``Last-Event-ID``), checked as the
    Flask route checks it; ``""`` from now."""
    query = scope.get("query_string", b"").decode("utf-8", "replace")
    pairs = parse_qsl(query, keep_blank_values=True, errors="werkzeug.url_quote")
    arguments: dict[str, list[str]] = {}
    for name, value in pairs:
        arguments.setdefault(name, []).append(value)
    for name, values in arguments.items():
        if name != "after":
            raise bad_request(f"unknown query parameter {shown(name)}; expected: after")
        if len(values) != 1:
            raise bad_request(f"query parameter {name} given {len(values)} times")
    header = ",".join(
        value.decode("latin-1")
        for name, value in scope.get("headers", ())
        if name.lower() == b"last-event-id"
    )
    after = (arguments.get("after") or [""])[0] or header
    if after and not is_event_id(after):
        raise bad_request(f"{shown(after)} is not an event id (Last-Event-ID or after)")
    return after


async def _write(subscription: Subscription, first: bytes, receive: Receive, send: Send) -> None:
    """Write the stream: ``first`` and the replay, then what the feed queues for the client
    (events, pings) as it comes, until the stream ends or the client leaves."""
    client = subscription.client

    async def watch() -> None:
        while (await receive())["type"] != "http.disconnect":
            pass
        client.gone = True
        client.wake.set()

    watcher = asyncio.ensure_future(watch())
    try:
        await send(
            {
                "type": "http.response.body",
                "body": first + b"".join(subscription.replay),
                "more_body": True,
            }
        )
        while not client.gone:
            if not client.pending and client.end is None:
                client.wake.clear()
                await client.wake.wait()
                continue
            chunks = client.take()
            end = client.end
            if end is not None:
                if end is BROKEN:
                    chunks.append(end)
                await send(
                    {"type": "http.response.body", "body": b"".join(chunks), "more_body": False}
                )
                return
            await send({"type": "http.response.body", "body": b"".join(chunks), "more_body": True})
    except OSError:
        return  # the client left while we wrote
    finally:
        watcher.cancel()


def _add_gauges(app: Flask) -> None:
    """The gauges of the event streams in the app's registry (once per app; they read the
    streams of its latest ASGI application)."""
    if "arbitre.event_stream_gauges" in app.extensions:
        return
    registry = app.extensions["arbitre.gateway"].metrics.registry

    def streams() -> EventStreams:
        found: EventStreams = app.extensions["arbitre.event_streams"]
        return found

    clients = Gauge(
        "arbitre_gateway_event_clients",
        "Event streams (server-sent events) open to clients",
        registry=registry,
    )
    clients.set_function(lambda: streams().clients)
    feeds = Gauge(
        "arbitre_gateway_event_feeds",
        "Games whose events this gateway reads from the session (one stream each)",
        registry=registry,
    )
    feeds.set_function(lambda: streams().feeds)
    app.extensions["arbitre.event_stream_gauges"] = (clients, feeds)
