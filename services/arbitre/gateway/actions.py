"""``POST /v1/games/{id}/actions`` on the gateway's event loop: a player's action (a guess, an
answer, a placement) without the WSGI thread hop.

A room of ten thousand players guesses hundreds of times a second; through Flask each request
crossed from the event loop to a worker thread and back (a2wsgi: an environ, futures, locks)
and made a blocking gRPC call, some 2 ms of the gateway's CPU a guess, most of it the crossing.
Here the route is served where the request arrives: the body read from the ASGI stream, checked
by the same functions as the Flask route (:func:`~arbitre.gateway.games.checked_action`,
:func:`~arbitre.gateway.games.act_request`, :func:`~arbitre.gateway.reading.parse_json_object`),
the session's answer awaited on the event streams' ``grpc.aio`` channel (actions arriving
together share an ``ActBatch`` call: :class:`ActBatches`), the same answer and
the same errors as JSON (:func:`~arbitre.gateway.games.session_refusal`), counted in the same
request metrics, within the same rate limit as the ``answer`` group's Flask routes (its
counters shared: :class:`~arbitre.gateway.rate_limits.GroupLimit`).

The order of the checks is the Flask route's: the rate limit (before the body is read), the
media type (415), the body's size (413 past the gateway's ``max_request_bytes``) and JSON (400),
its fields (400), the game id (404), the token (401), the game's kind (known once per game),
the session's verdict.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import TYPE_CHECKING, Any

import grpc

from arbitre.gateway.errors import ApiError
from arbitre.gateway.games import (
    act_answer,
    act_request,
    bearer_of,
    checked_action,
    game_id_of,
    session_refusal,
)
from arbitre.gateway.rate_limits import GroupLimit
from arbitre.gateway.reading import parse_json_object
from arbitre.gateway.stream_limits import client_key
from arbitre.v1 import session_pb2

if TYPE_CHECKING:
    from arbitre.gateway.app import Gateway
    from arbitre.gateway.event_streams import EventStreams

__all__ = ["ACTIONS_RULE", "ActBatches", "ActionRoute"]

log = logging.getLogger("arbitre.gateway")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

#: The route's name in the request metrics (as Flask names it).
ACTIONS_RULE = "/v1/games/<game_id>/actions"
_JSON_HEADERS = [(b"content-type", b"application/json"), (b"x-content-type-options", b"nosniff")]


class ActionRoute:
    """The route, for one gateway process: its ``gateway`` (configuration, metrics, the kinds
    known), the session stub of its event ``streams`` and the ``answer`` group's ``limit``."""

    def __init__(self, gateway: Gateway, streams: EventStreams, limit: GroupLimit | None) -> None:
        self.gateway = gateway
        self.streams = streams
        self.limit = limit
        self.batches = ActBatches(gateway, streams)

    async def __call__(self, game_id: str, scope: Scope, receive: Receive, send: Send) -> None:
        started = time.perf_counter()
        try:
            answer = await self._answer(game_id, scope, receive)
        except ApiError as error:
            await send_error(send, error.status, error.code, error.message, error.headers)
            self._measured(error.status, started)
            return
        except Exception:
            log.exception("unexpected error on POST /v1/games/%s/actions", game_id)
            message = "internal error; the gateway's log has details"
            await send_error(send, 500, "internal", message, {})
            self._measured(500, started)
            return
        await send_json(send, 200, answer)
        self._measured(200, started)

    async def _answer(self, game_id: str, scope: Scope, receive: Receive) -> dict[str, Any]:
        if self.limit is not None:
            await self.limit.check(client_key(scope.get("client")))
        headers = _headers(scope)
        if not _is_json(headers.get(b"content-type", b"")):
            raise ApiError(
                415,
                "unsupported_media_type",
                "send the body as JSON with Content-Type: application/json",
            )
        raw = await _body(receive, headers, self.gateway.config.max_request_bytes)
        checked = checked_action(parse_json_object(raw))
        checked_id = game_id_of(game_id)
        token = bearer_of(headers.get(b"authorization", b"").decode("latin-1"), True)
        message = act_request(checked_id, token, await self._kind_of(checked_id), checked)
        return act_answer(await self.batches.act(message))

    async def _kind_of(self, game_id: str) -> str:
        """:meth:`~arbitre.gateway.app.Gateway.kind_of`, asked on the event loop."""
        known = self.gateway.known_kind(game_id)
        if known is not None:
            return known
        state = await self._session("GetGame", session_pb2.GetGameRequest(game_id=game_id))
        self.gateway.remember_kind(game_id, str(state.kind_name))
        return str(state.kind_name)

    async def _session(self, method: str, message: Any) -> Any:
        call = getattr(self.streams.session(), method)
        try:
            return await call(message, timeout=self.gateway.config.deadline_seconds)
        except grpc.aio.AioRpcError as error:
            raise session_refusal(self.gateway.failure("session", error)) from None

    def _measured(self, status: int, started: float) -> None:
        labels = (ACTIONS_RULE, "POST", str(status))
        metrics = self.gateway.metrics
        metrics.requests.labels(*labels).inc()
        metrics.latency.labels(*labels).observe(time.perf_counter() - started)


class ActBatches:
    """The actions of one gateway process on their way to the session, in ``ActBatch`` calls:
    an action leaves at once while fewer than :data:`IN_FLIGHT` calls are on their way, else
    with the others that came meanwhile (at most :data:`MAX_BATCH` a call) as soon as a call
    returns. One player's action waits for no one's but those ahead of it; when the players
    act faster than calls one at a time would carry, a call's own cost (some 0.4 ms of CPU on
    each side) is shared. Each action gets its own outcome: the session's answer, or the
    :class:`ApiError` its refusal means (as :func:`~arbitre.gateway.games.call_session` says
    it, with the kinds' codes); a call that fails fails each of its actions alike."""

    #: Calls on their way at most.
    IN_FLIGHT = 2
    #: Actions one call carries at most (the session takes up to 256).
    MAX_BATCH = 64

    def __init__(self, gateway: Gateway, streams: EventStreams) -> None:
        self.gateway = gateway
        self.streams = streams
        self._waiting: list[tuple[Any, asyncio.Future[Any]]] = []
        self._in_flight = 0
        self._calls: set[asyncio.Future[None]] = set()

    async def act(self, message: Any) -> Any:
        """The session's ``ActResponse`` to ``message`` (an ``ActRequest``), or its refusal as
        an :class:`ApiError`."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting.append((message, future))
        self._send()
        return await future

    def _send(self) -> None:
        while self._waiting and self._in_flight < self.IN_FLIGHT:
            batch = self._waiting[: self.MAX_BATCH]
            del self._waiting[: self.MAX_BATCH]
            self._in_flight += 1
            call = asyncio.ensure_future(self._call(batch))
            self._calls.add(call)  # kept while it runs (the loop keeps only a weak reference)
            call.add_done_callback(self._calls.discard)

    async def _call(self, batch: list[tuple[Any, asyncio.Future[Any]]]) -> None:
        try:
            self.gateway.metrics.action_batches.observe(len(batch))
            request = session_pb2.ActBatchRequest(actions=[message for message, _ in batch])
            answer = await self.streams.session().ActBatch(
                request, timeout=self.gateway.config.deadline_seconds
            )
            for (_, future), outcome in zip(batch, answer.outcomes, strict=True):
                if future.done():
                    continue
                if outcome.WhichOneof("outcome") == "answer":
                    future.set_result(outcome.answer)
                else:
                    code = _STATUS_CODES.get(outcome.refusal.code, grpc.StatusCode.UNKNOWN)
                    error = self.gateway.refusal("session", code, outcome.refusal.message)
                    future.set_exception(session_refusal(error, kind_codes=True))
        except grpc.aio.AioRpcError as failed:
            for _, future in batch:
                if not future.done():
                    future.set_exception(session_refusal(self.gateway.failure("session", failed)))
        except BaseException as error:  # each action's caller is told
            for _, future in batch:
                if not future.done():
                    future.set_exception(error)
            if not isinstance(error, Exception):
                raise
        finally:
            self._in_flight -= 1
            self._send()


#: The gRPC status codes by number.
_STATUS_CODES = {code.value[0]: code for code in grpc.StatusCode}


async def send_json(
    send: Send, status: int, data: Any, headers: MutableMapping[str, str] | None = None
) -> None:
    """``data`` as the Flask app's JSON responses write it (compact, a final newline), with
    ``status`` and ``headers``."""
    body = (json.dumps(data, separators=(",", ":")) + "\n").encode()
    fields = [
        *_JSON_HEADERS,
        (b"content-length", str(len(body)).encode()),
        *(
            (name.lower().encode("latin-1"), value.encode("latin-1"))
            for name, value in (headers or {}).items()
        ),
    ]
    await send({"type": "http.response.start", "status": status, "headers": fields})
    await send({"type": "http.response.body", "body": body, "more_body": False})


async def send_error(
    send: Send, status: int, code: str, message: str, headers: MutableMapping[str, str]
) -> None:
    """The JSON error, as the Flask app's error handlers write it."""
    await send_json(send, status, {"error": {"code": code, "message": message}}, headers)


def _headers(scope: Scope) -> dict[bytes, bytes]:
    """The request's headers by lower-case name (a repeated one: its values joined by ``,``)."""
    found: dict[bytes, bytes] = {}
    for name, value in scope.get("headers", ()):
        key = name.lower()
        found[key] = found[key] + b"," + value if key in found else value
    return found


def _is_json(content_type: bytes) -> bool:
    """Whether the media type is JSON, as werkzeug's ``is_json`` says (``application/json`` or
    ``application/*+json``, any parameters)."""
    media = content_type.split(b";", 1)[0].strip().lower()
    return media == b"application/json" or (
        media.startswith(b"application/") and media.endswith(b"+json")
    )


async def _body(receive: Receive, headers: dict[bytes, bytes], limit: int) -> bytes:
    """The whole body (with a ``Content-Length`` or chunked), or a 413 past ``limit`` bytes:
    said by the length before anything is read, else once the body read goes past it."""
    length = headers.get(b"content-length", b"").strip()
    if length.isdigit() and int(length) > limit:
        raise _too_large()
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise ApiError(400, "bad_request", "the client left before its body was read")
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            raise _too_large()
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


def _too_large() -> ApiError:
    return ApiError(413, "payload_too_large", "the request body is too large")
