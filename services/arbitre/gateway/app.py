"""The Flask gateway: REST/JSON under ``/v1`` in front of the gRPC services.

:func:`create_app` builds the app for a :class:`GatewayConfig`: where the move generator, the
dictionary and the scoring service listen, the deadline of each gRPC call and the largest body
accepted. It opens one gRPC channel per service, on first use, and reuses it.

Routes (the contract is the OpenAPI document at ``/v1/openapi.json``, see
:mod:`arbitre.gateway.openapi`):

- ``POST /v1/solve``: the best moves of a position (as ``arbitre solve``);
- ``POST /v1/score``: one move judged and scored (as ``arbitre score``);
- ``GET /v1/lexicons``, ``GET /v1/lexicons/{id}/words/{word}``, ``GET /v1/lexicons/{id}/search``;
- the game routes under ``/v1/games`` (:mod:`arbitre.gateway.games`);
- ``GET /`` (the page of ``web/``), ``GET /healthz`` (every service answers its gRPC health
  check) and ``GET /metrics``.

Every input is checked before any call: JSON objects with exactly the documented fields, of the
documented types and sizes. Every error is JSON ``{"error": {"code", "message"}}``: 400 for a
bad request (the services' own messages for boards, racks and moves they cannot read), 404 for
an unknown route or lexicon, 405, 413 for a body over the limit (sent with Content-Length or
chunked), 415 for a body that is not JSON, 429 with ``Retry-After`` over a rate limit per
client (:mod:`arbitre.gateway.rate_limits`), 503 with ``Retry-After`` when a service is down
or too slow, 502 when a service fails unexpectedly and 500 for a bug of the gateway (both
logged).
"""

from __future__ import annotations

import hmac
import logging
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc
from flask import Flask, Response, g, jsonify, request
from flask.json.provider import DefaultJSONProvider
from grpc_health.v1 import health_pb2, health_pb2_grpc
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
)
from werkzeug.exceptions import HTTPException

from arbitre.gateway import openapi
from arbitre.gateway.accounts import add_account_routes
from arbitre.gateway.contests import add_contest_routes
from arbitre.gateway.environments import add_environment_routes
from arbitre.gateway.errors import (
    ApiError,
    bad_request,
    error_response,
    grpc_error,
    http_error,
)
from arbitre.gateway.games import add_game_routes
from arbitre.gateway.rate_limits import NO_LIMITS, RateLimits, install_rate_limits
from arbitre.gateway.reading import (
    Body,
    check_text,
    json_object,
    parse_limit,
    query_arguments,
)
from arbitre.gateway.results import add_results_routes
from arbitre.gateway.web_pages import add_web_routes
from arbitre.services.internal_auth import Credentials, Identity, open_channel
from arbitre.services.server import CHANNEL_OPTIONS
from arbitre.v1 import (
    dictionary_pb2,
    dictionary_pb2_grpc,
    movegen_pb2,
    movegen_pb2_grpc,
    scoring_pb2,
    scoring_pb2_grpc,
    session_pb2,
    session_pb2_grpc,
)

__all__ = ["PEERS", "Gateway", "GatewayConfig", "create_app"]

log = logging.getLogger("arbitre.gateway")

#: The services the gateway calls, by the name its errors and metrics use.
PEERS = ("movegen", "dictionary", "scoring", "session")
#: The games whose kind a gateway remembers (to type a kind's action without asking again).
KINDS_REMEMBERED = 4096

#: Per peer: the generated stub class and the full gRPC service name (for health checks).
_STUBS: dict[str, Any] = {
    "movegen": movegen_pb2_grpc.MoveGeneratorStub,
    "dictionary": dictionary_pb2_grpc.DictionaryStub,
    "scoring": scoring_pb2_grpc.ScoringStub,
    "session": session_pb2_grpc.SessionStub,
}
_SERVICE_NAMES: dict[str, str] = {
    "movegen": movegen_pb2.DESCRIPTOR.services_by_name["MoveGenerator"].full_name,
    "dictionary": dictionary_pb2.DESCRIPTOR.services_by_name["Dictionary"].full_name,
    "scoring": scoring_pb2.DESCRIPTOR.services_by_name["Scoring"].full_name,
    "session": session_pb2.DESCRIPTOR.services_by_name["Session"].full_name,
}


_SEARCH_KINDS = ("anagrams", "pattern", "plus_one")
#: ``web/`` beside ``services/`` in a checkout (an editable install).
DEFAULT_WEB_DIR = Path(__file__).resolve().parents[3] / "web"
#: The buckets of how many actions a call to the session carries (gateway.actions.ActBatches).
_BATCH_BUCKETS = (1, 2, 4, 8, 16, 32, 64)
_LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


@dataclass(frozen=True, slots=True)
class GatewayConfig:
    """Where the services listen and the gateway's limits."""

    movegen_address: str = "127.0.0.1:50052"
    dictionary_address: str = "127.0.0.1:50051"
    scoring_address: str = "127.0.0.1:50053"
    session_address: str = "127.0.0.1:50054"
    #: Deadline of every gRPC call, in seconds.
    deadline_seconds: float = 10.0
    #: Largest request body; a larger one is a 413.
    max_request_bytes: int = 256 * 1024
    #: Deadline of each service's health check in ``/healthz``.
    health_deadline_seconds: float = 1.0
    #: The ``Retry-After`` of a 503.
    retry_after_seconds: int = 5
    #: API keys for third-party apps: when any is set, the analysis routes (solve, score,
    #: lexicons) need one in ``X-API-Key`` (or ``Authorization: Bearer``).
    api_keys: frozenset[str] = frozenset()
    #: The browser pages served at ``/`` (``web/`` of the checkout by default).
    web_dir: Path | None = DEFAULT_WEB_DIR
    #: Rate limits per client address (:mod:`arbitre.gateway.rate_limits`): none unless given;
    #: :meth:`from_environment` gives the defaults, or the environment's.
    rate_limits: RateLimits = NO_LIMITS
    #: The gateway's credential, sent with every call to the services (``None``: services
    #: that run open); see :mod:`arbitre.services.internal_auth`.
    internal_token: str | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        for name in ("deadline_seconds", "health_deadline_seconds"):
            if not getattr(self, name) > 0:
                raise ValueError(f"{name} must be positive, not {getattr(self, name)!r}")
        if self.max_request_bytes < 1:
            raise ValueError(f"max_request_bytes must be positive, not {self.max_request_bytes}")
        if self.retry_after_seconds < 0:
            raise ValueError("retry_after_seconds must not be negative")
        for peer in PEERS:
            if not self.address(peer):
                raise ValueError(f"no address for the {peer} service")

    @classmethod
    def all_at(cls, address: str, **options: Any) -> GatewayConfig:
        """Every service at ``address`` (as ``arbitre up`` runs them), ``options`` as given."""
        addresses: dict[str, Any] = {f"{peer}_address": address for peer in PEERS}
        return cls(**{**addresses, **options})

    def address(self, peer: str) -> str:
        """The address of ``peer`` (one of :data:`PEERS`)."""
        value: str = getattr(self, f"{peer}_address")
        return value

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] = os.environ) -> GatewayConfig:
        """The configuration the environment gives: ``ARBITRE_MOVEGEN_ADDRESS``,
        ``ARBITRE_DICTIONARY_ADDRESS``, ``ARBITRE_SCORING_ADDRESS`` (the variables each service
        listens by), ``ARBITRE_GATEWAY_DEADLINE`` (seconds) and
        ``ARBITRE_GATEWAY_MAX_REQUEST_BYTES``, ``ARBITRE_API_KEYS`` (comma-separated),
        ``ARBITRE_SESSION_ADDRESS``, ``ARBITRE_WEB_DIR``, the rate limits
        (``ARBITRE_RATE_LIMIT_*``, counted in ``REDIS_URL`` when set), the gateway's credential
        (``ARBITRE_GATEWAY_TOKEN_FILE`` or ``ARBITRE_GATEWAY_TOKEN``); the defaults otherwise.
        Raises :class:`ValueError` for a value that is not a number,
        :class:`~arbitre.services.internal_auth.CredentialError` for a bad credential and
        :class:`OSError` for its file missing."""
        defaults = cls()
        values: dict[str, Any] = {}
        for peer in PEERS:
            values[f"{peer}_address"] = environ.get(
                f"ARBITRE_{peer.upper()}_ADDRESS"
            ) or defaults.address(peer)
        deadline = environ.get("ARBITRE_GATEWAY_DEADLINE")
        if deadline:
            values["deadline_seconds"] = _number(deadline, "ARBITRE_GATEWAY_DEADLINE", float)
        web = environ.get("ARBITRE_WEB_DIR")
        if web:
            values["web_dir"] = Path(web)
        keys = environ.get("ARBITRE_API_KEYS", "")
        values["api_keys"] = frozenset(key.strip() for key in keys.split(",") if key.strip())
        size = environ.get("ARBITRE_GATEWAY_MAX_REQUEST_BYTES")
        if size:
            values["max_request_bytes"] = _number(size, "ARBITRE_GATEWAY_MAX_REQUEST_BYTES", int)
        values["rate_limits"] = RateLimits.from_environment(environ)
        gateway = Credentials.from_environment(environ).only(Identity.GATEWAY)
        values["internal_token"] = gateway.token(Identity.GATEWAY)
        return cls(**values)


def _number(text: str, name: str, kind: Callable[[str], Any]) -> Any:
    try:
        return kind(text)
    except ValueError:
        raise ValueError(f"{name}: {text!r} is not a number") from None


class Metrics:
    """The gateway's Prometheus metrics, in a registry of its own (one per app)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        labels = ("endpoint", "method", "status")
        self.requests = Counter(
            "arbitre_gateway_requests",
            "HTTP requests answered, by route, method and status",
            labels,
            registry=self.registry,
        )
        self.latency = Histogram(
            "arbitre_gateway_request_duration_seconds",
            "Time to answer an HTTP request, by route, method and status",
            labels,
            buckets=_LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.grpc_errors = Counter(
            "arbitre_gateway_grpc_errors",
            "Failed gRPC calls, by service and status code",
            ("peer", "code"),
            registry=self.registry,
        )
        self.action_batches = Histogram(
            "arbitre_gateway_action_batch_size",
            "Players' actions carried by each ActBatch call to the session",
            buckets=_BATCH_BUCKETS,
            registry=self.registry,
        )


class Gateway:
    """The state of one app: its configuration, its channels (opened on first use, one per
    service) and its metrics."""

    def __init__(self, config: GatewayConfig) -> None:
        self.config = config
        self.metrics = Metrics()
        self.document = openapi.document()
        self._opened: dict[str, tuple[Any, Any]] = {}
        self._lock = threading.Lock()
        #: Game id -> its kind's name (a game's kind never changes), newest last.
        self._kinds: OrderedDict[str, str] = OrderedDict()

    def _open(self, peer: str) -> tuple[Any, Any]:
        """The channel to ``peer`` and its stub, opened on first use."""
        opened = self._opened.get(peer)
        if opened is None:
            with self._lock:
                opened = self._opened.get(peer)
                if opened is None:
                    channel = open_channel(
                        self.config.address(peer), self.config.internal_token, CHANNEL_OPTIONS
                    )
                    opened = (channel, _STUBS[peer](channel))
                    self._opened[peer] = opened
        return opened

    def channel(self, peer: str) -> Any:
        """The channel to ``peer``, opened on first use."""
        return self._open(peer)[0]

    @property
    def channels(self) -> dict[str, Any]:
        """The channels opened so far, by peer."""
        return {peer: opened[0] for peer, opened in self._opened.items()}

    def call(self, peer: str, method: str, message: Any) -> Any:
        """``method`` of ``peer`` called with ``message`` within the deadline; a failure is
        raised as the :class:`ApiError` it means for the caller."""
        call = getattr(self._open(peer)[1], method)
        try:
            return call(message, timeout=self.config.deadline_seconds)
        except grpc.RpcError as error:
            raise self.failure(peer, error) from None

    def kind_of(self, game_id: str) -> str:
        """The name of the game ``game_id``'s kind (``duel``), asked of the session once per
        game and remembered (a 404 for no such game)."""
        known = self.known_kind(game_id)
        if known is not None:
            return known
        state = self.call("session", "GetGame", session_pb2.GetGameRequest(game_id=game_id))
        self.remember_kind(game_id, str(state.kind_name))
        return str(state.kind_name)

    def known_kind(self, game_id: str) -> str | None:
        """The name of the game ``game_id``'s kind if remembered (:meth:`kind_of`)."""
        with self._lock:
            return self._kinds.get(game_id)

    def remember_kind(self, game_id: str, kind_name: str) -> None:
        """Remember that the game ``game_id`` is of the kind ``kind_name`` (the session said)."""
        with self._lock:
            self._kinds[game_id] = kind_name
            while len(self._kinds) > KINDS_REMEMBERED:
                self._kinds.popitem(last=False)

    def refuse_live_position(self, rows: list[str], rack: str = "", move: str = "") -> None:
        """Fair play: a 403 when the position is that of an open turn of a refereed game (the
        session says), unless the operator gave API keys (then every caller has one). With
        the session unreachable no turn can be answered either: the analysis goes on."""
        if self.config.api_keys:
            return
        check = session_pb2.PositionCheckRequest(board=rows, rack=rack, move=move)
        try:
            live = self.call("session", "CheckPosition", check).live
        except ApiError as error:
            if error.status != 503:
                raise
            log.warning("fair play: the session is unreachable; position not checked")
            return
        if live:
            raise ApiError(
                403,
                "refereed_position",
                "this is the position of a live turn of a refereed game: it can be analysed "
                "once the turn is revealed",
            )

    def failure(self, peer: str, error: Any) -> ApiError:
        """A failed call to ``peer``, counted, as the :class:`ApiError` it means."""
        code = error.code() if hasattr(error, "code") else grpc.StatusCode.UNKNOWN
        details = error.details() if hasattr(error, "details") else str(error)
        return self.refusal(peer, code, details)

    def refusal(self, peer: str, code: Any, details: str) -> ApiError:
        """``peer``'s refusal with ``code`` (a ``grpc.StatusCode``) and ``details``, counted as a
        failed call, as the :class:`ApiError` it means."""
        self.metrics.grpc_errors.labels(peer, getattr(code, "name", str(code))).inc()
        return grpc_error(peer, code, details, self.config.retry_after_seconds)

    def health(self) -> dict[str, bool]:
        """Whether each peer answers SERVING to its health check, asked of all at once."""
        pending = {}
        for peer in PEERS:
            stub = health_pb2_grpc.HealthStub(self.channel(peer))
            check = health_pb2.HealthCheckRequest(service=_SERVICE_NAMES[peer])
            pending[peer] = stub.Check.future(check, timeout=self.config.health_deadline_seconds)
        states: dict[str, bool] = {}
        for peer, future in pending.items():
            try:
                states[peer] = future.result().status == health_pb2.HealthCheckResponse.SERVING
            except grpc.RpcError as error:
                code = error.code() if hasattr(error, "code") else grpc.StatusCode.UNKNOWN
                self.metrics.grpc_errors.labels(peer, getattr(code, "name", str(code))).inc()
                states[peer] = False
        return states

    def close(self) -> None:
        """Close the channels (a later call opens them again)."""
        with self._lock:
            opened = list(self._opened.values())
            self._opened.clear()
        for channel, _stub in opened:
            channel.close()


def create_app(config: GatewayConfig | None = None) -> Flask:
    """The gateway for ``config`` (default: :meth:`GatewayConfig.from_environment`)."""
    config = config if config is not None else GatewayConfig.from_environment()
    gateway = Gateway(config)
    app = Flask("arbitre.gateway", static_folder=None)
    app.config["MAX_CONTENT_LENGTH"] = config.max_request_bytes
    app.wsgi_app = _terminated_input(app.wsgi_app)  # type: ignore[method-assign]
    provider = DefaultJSONProvider(app)
    provider.sort_keys = False
    app.json = provider
    app.extensions["arbitre.gateway"] = gateway
    _install_hooks(app, gateway)
    add_game_routes(app, gateway)
    add_results_routes(app, gateway)
    add_contest_routes(app, gateway)
    add_environment_routes(app, gateway)
    add_account_routes(app, gateway)
    add_web_routes(app, config.web_dir)

    @app.post("/v1/solve")
    def solve() -> Response:
        body = Body(
            json_object(),
            required=("board", "rack"),
            optional=("lexicon", "tiles", "rules", "limit", "tie_break"),
        )
        rows = body.board()
        rack = body.text("rack", openapi.MAX_RACK_CHARS).replace("+", "").replace("-", "")
        position = body.position(rows)
        limit = body.integer("limit", 1, openapi.MAX_MOVES_LIMIT)
        tie_break = body.tie_break()
        gateway.refuse_live_position(rows, rack=rack)
        message = movegen_pb2.MovesRequest(
            position=position, rack=rack, tie_break=tie_break or [], limit=limit or 1
        )
        answer = gateway.call("movegen", "AllMoves", message)
        top = answer.top
        result: dict[str, Any] = {
            "best_score": top.best_score,
            "best_moves": [move.notation for move in top.best_moves],
            "top": top.top.notation if top.HasField("top") else None,
            "n_moves": answer.n_moves,
            "micros": top.micros,
        }
        if limit is not None:
            result["moves"] = [
                {"move": move.notation, "score": move.score} for move in answer.moves
            ]
        return jsonify(result)

    @app.post("/v1/score")
    def score() -> Response:
        body = Body(
            json_object(),
            required=("board", "move"),
            optional=("rack", "lexicon", "tiles", "rules"),
        )
        rows = body.board()
        move = body.text("move", openapi.MAX_MOVE_CHARS)
        rack = body.optional_text("rack", openapi.MAX_RACK_CHARS)
        position = body.position(rows)
        gateway.refuse_live_position(rows, rack=rack, move=move)
        message = scoring_pb2.JudgeRequest(position=position, move=move, rack=rack)
        answer = gateway.call("scoring", "Judge", message)
        result: dict[str, Any] = {
            "legal": answer.legal,
            "score": answer.score,
            "points": answer.points,
            "bonus": answer.bonus,
            "words": [word.word for word in answer.words],
            "unknown_words": list(answer.unknown_words),
            "in_lexicon": answer.in_lexicon,
            "error": answer.error or None,
            "error_code": answer.error_code or None,
        }
        if answer.HasField("lexicon"):
            result["lexicon"] = _lexicon_info(answer.lexicon)
        return jsonify(result)

    @app.get("/v1/lexicons")
    def lexicons() -> Response:
        query_arguments(())
        answer = gateway.call("dictionary", "ListLexicons", dictionary_pb2.ListLexiconsRequest())
        return jsonify({"lexicons": [_lexicon_info(info) for info in answer.lexicons]})

    @app.get("/v1/lexicons/<lexicon_id>/words/<word>")
    def check_word(lexicon_id: str, word: str) -> Response:
        query_arguments(())
        lexicon = check_text(lexicon_id, "lexicon id", openapi.MAX_NAME_CHARS)
        word = check_text(word, "word", openapi.MAX_WORD_CHARS)
        message = dictionary_pb2.CheckWordsRequest(lexicon=lexicon, words=[word])
        answer = gateway.call("dictionary", "CheckWords", message)
        if len(answer.results) != 1:
            raise ApiError(502, "bad_gateway", "the dictionary service answered out of turn")
        found = answer.results[0]
        return jsonify({"word": word, "normalised": found.normalised or None, "valid": found.valid})

    @app.get("/v1/lexicons/<lexicon_id>/search")
    def search(lexicon_id: str) -> Response:
        arguments = query_arguments((*_SEARCH_KINDS, "limit"))
        lexicon = check_text(lexicon_id, "lexicon id", openapi.MAX_NAME_CHARS)
        kinds = [kind for kind in _SEARCH_KINDS if kind in arguments]
        if len(kinds) != 1:
            given = f"; got {', '.join(kinds)}" if kinds else ""
            raise bad_request(f"give exactly one query: anagrams, pattern or plus_one{given}")
        kind = kinds[0]
        text = check_text(arguments[kind], kind, openapi.MAX_QUERY_CHARS)
        limit = 0
        if "limit" in arguments:
            limit = parse_limit(arguments["limit"], openapi.MAX_SEARCH_LIMIT)
        message = dictionary_pb2.SearchRequest(lexicon=lexicon, limit=limit)
        setattr(message, kind, text)
        answer = gateway.call("dictionary", "Search", message)
        return jsonify({"words": list(answer.words), "truncated": answer.truncated})

    @app.get("/v1/openapi.json")
    def openapi_document() -> Response:
        return jsonify(gateway.document)

    @app.get("/healthz")
    def healthz() -> Response:
        states = gateway.health()
        peers = {peer: "serving" if up else "down" for peer, up in states.items()}
        down = [peer for peer, up in states.items() if not up]
        if not down:
            return jsonify({"status": "ok", "peers": peers})
        message = f"not answering their health check: {', '.join(down)}"
        response = jsonify(
            {
                "status": "unavailable",
                "peers": peers,
                "down": down,
                "error": {"code": "unavailable", "message": message},
            }
        )
        response.status_code = 503
        response.headers["Retry-After"] = str(config.retry_after_seconds)
        return response

    @app.get("/metrics")
    def metrics() -> Response:
        return Response(generate_latest(gateway.metrics.registry), content_type=CONTENT_TYPE_LATEST)

    limiter = install_rate_limits(app, config.rate_limits)  # once every route is added
    app.extensions["arbitre.rate_limiter"] = limiter
    return app


def _terminated_input(wsgi_app: Callable[..., Any]) -> Callable[..., Any]:
    """``wsgi_app`` told, under the ASGI adapter, that the server ends the body (WSGI's
    ``wsgi.input_terminated``): a2wsgi's input ends with the ASGI body, which uvicorn has
    de-chunked, so a chunked body (no ``Content-Length``) is read, up to ``MAX_CONTENT_LENGTH``
    (a 413 past it), instead of being taken as empty. werkzeug's own server sets it itself."""

    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        if "asgi.scope" in environ:
            environ.setdefault("wsgi.input_terminated", True)
        return wsgi_app(environ, start_response)

    return app


def _install_hooks(app: Flask, gateway: Gateway) -> None:
    """Error handlers (every error as JSON) and the request metrics."""

    @app.errorhandler(ApiError)
    def refused(error: ApiError) -> Response:
        return error.response()

    @app.errorhandler(HTTPException)
    def http_failure(error: HTTPException) -> Response:
        return http_error(error)

    @app.errorhandler(Exception)
    def bug(error: Exception) -> Response:
        log.exception("unexpected error on %s %s", request.method, request.path)
        return error_response(500, "internal", "internal error; the gateway's log has details")

    @app.before_request
    def started() -> None:
        g.arbitre_started = time.perf_counter()
        keys = gateway.config.api_keys
        if keys and request.endpoint in _KEYED_ENDPOINTS:
            _check_api_key(keys)

    @app.after_request
    def measured(response: Response) -> Response:
        rule = request.url_rule.rule if request.url_rule is not None else "unmatched"
        labels = (rule, request.method, str(response.status_code))
        gateway.metrics.requests.labels(*labels).inc()
        began = g.get("arbitre_started")
        if began is not None:
            gateway.metrics.latency.labels(*labels).observe(time.perf_counter() - began)
        response.headers["X-Content-Type-Options"] = "nosniff"
        return response


#: The analysis routes (view names) that need an API key when the operator sets any.
_KEYED_ENDPOINTS = frozenset({"solve", "score", "lexicons", "check_word", "search"})


def _check_api_key(keys: frozenset[str]) -> None:
    """A 401 without a key, a 403 with a wrong one (compared in constant time)."""
    given = request.headers.get("X-API-Key", "")
    if not given:
        scheme, _, token = request.headers.get("Authorization", "").partition(" ")
        given = token.strip() if scheme.lower() == "bearer" else ""
    if not given:
        raise ApiError(
            401,
            "unauthorized",
            "this server needs an API key: send it in X-API-Key",
            {"WWW-Authenticate": "Bearer"},
        )
    if not any(hmac.compare_digest(given.encode(), key.encode()) for key in keys):
        raise ApiError(403, "forbidden", "unknown API key")


def _lexicon_info(info: Any) -> dict[str, Any]:
    """What a caller learns of a lexicon (never its source: it may be a path on the server)."""
    return {"id": info.id, "word_count": info.word_count, "hash": info.hash}
