"""Rate limits of the gateway, per client address, by kind of route (flask-limiter).

Six groups, each with a limit of its own that every route of the group shares:

- ``create``: ``POST /v1/games`` and ``POST /v1/contests``;
- ``join``: ``POST /v1/games/{id}/players`` and ``/robots``;
- ``answer``: what players do in a game: its actions (``POST /v1/games/{id}/actions``: a
  duplicate answer, its dry run that shows a pose's points, a duel's guess, an Indecix
  placement, a dupliKta request at the loupe or confirm), ``/leave`` and Next
  (``POST /v1/games/{id}/turns/{n}/next``): a flood of guesses not in the list, which cost no
  row, is refused here;
- ``environments``: saving, loading and deleting a saved environment (``POST
  /v1/environments``, ``GET`` and ``DELETE /v1/environments/{kind}/{name}``): the bound on
  guesses at an environment's password;
- ``accounts``: signing up, signing in and deleting an account (``POST /v1/accounts``,
  ``POST /v1/accounts/sessions``, ``DELETE /v1/accounts/me``): the bound on guesses at a
  password;
- ``analysis``: ``POST /v1/solve``, ``POST /v1/score``, ``GET /v1/lexicons/{id}/words/{word}``
  and ``GET /v1/lexicons/{id}/search``.

Nothing else is limited: the game reads, the event streams, ``/healthz``, ``/metrics``, the web
files. A limit is written as flask-limiter writes them (``"20 per minute;200 per hour"``: every
part holds); ``""`` means none. :meth:`RateLimits.from_environment` reads them from
``ARBITRE_RATE_LIMIT_<GROUP>`` (:data:`DEFAULT_LIMITS` otherwise; ``ARBITRE_RATE_LIMITS=off``
turns them all off) and counts in Redis when ``REDIS_URL`` is set (shared by every gateway on
it; keys under ``arbitre:rate:``, each with a time to live), else in the process's memory.
When that Redis fails, the counting goes on in memory until it answers again.

A client is its address as the HTTP server sees it (uvicorn takes ``X-Forwarded-For`` from a
proxy on 127.0.0.1 only); an IPv6 client counts by its /64 network, what one home or host gets.
A request over a limit is refused before it is read: 429, ``{"error": {"code":
"rate_limited", "message"}}``, and ``Retry-After`` (seconds).
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from flask import Flask, Response, request
from flask_limiter import Limiter, RateLimitExceeded
from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import STRATEGIES, RateLimiter

from arbitre.gateway.errors import ApiError
from arbitre.gateway.stream_limits import client_key as stream_client_key
from arbitre.services.redis_server import redis_url

__all__ = [
    "DEFAULT_LIMITS",
    "DISABLE_VARIABLE",
    "GROUPS",
    "KEY_PREFIX",
    "NO_LIMITS",
    "GroupLimit",
    "RateLimits",
    "client_key",
    "install_rate_limits",
    "limit_variable",
]

log = logging.getLogger("arbitre.gateway")

#: The routes (Flask view names) of each group.
GROUPS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "create": ("create_game", "create_contest"),
        "join": ("join_game", "add_robot"),
        "answer": ("act", "leave", "next_turn"),
        "analysis": ("solve", "score", "check_word", "search"),
        "environments": ("save_environment", "get_environment", "delete_environment"),
        "accounts": ("sign_up", "sign_in", "delete_account"),
    }
)
#: What each group is, in the messages of its 429s.
_WHAT = {
    "create": "creating games",
    "join": "joining games and seating robots",
    "answer": "a game's actions (answers and their dry runs), leaving and Next",
    "analysis": "the analysis routes (solve, score, lexicon words and searches)",
    "environments": "saving, loading and deleting saved environments",
    "accounts": "signing up, signing in and deleting accounts",
}
#: The limits of :meth:`RateLimits.from_environment` when the environment names none: far above
#: what a person's play needs, with room for a club behind one address (a simultané's 60
#: players joining in a minute, dry-running every pose), far below what fills a store.
DEFAULT_LIMITS: Mapping[str, str] = MappingProxyType(
    {
        "create": "20 per minute;200 per hour",
        "join": "120 per minute",
        "answer": "1200 per minute",
        "analysis": "120 per minute",
        "environments": "30 per minute;300 per hour",
        "accounts": "20 per minute;200 per hour",
    }
)
#: ``ARBITRE_RATE_LIMITS=off`` turns every limit off (load tests from one machine).
DISABLE_VARIABLE = "ARBITRE_RATE_LIMITS"
#: The prefix of the counters' keys in Redis.
KEY_PREFIX = "arbitre:rate"
#: The strategy of :mod:`limits`: two counters per client and window, weighted.
_STRATEGY = "sliding-window-counter"
#: How long the gateway waits for the counters' Redis before counting in memory.
_REDIS_TIMEOUT_SECONDS = 1.0


def limit_variable(group: str) -> str:
    """The environment variable of ``group``'s limit: ``ARBITRE_RATE_LIMIT_CREATE``, ..."""
    return f"ARBITRE_RATE_LIMIT_{group.upper()}"


@dataclass(frozen=True, slots=True)
class RateLimits:
    """The limit of each group (flask-limiter notation; ``""``: none) and where the counters
    are kept (``"memory://"`` or a Redis URL). Raises :class:`ValueError` for a limit that
    flask-limiter cannot read."""

    create: str = DEFAULT_LIMITS["create"]
    join: str = DEFAULT_LIMITS["join"]
    answer: str = DEFAULT_LIMITS["answer"]
    analysis: str = DEFAULT_LIMITS["analysis"]
    environments: str = DEFAULT_LIMITS["environments"]
    accounts: str = DEFAULT_LIMITS["accounts"]
    storage_uri: str = "memory://"

    def __post_init__(self) -> None:
        for group in GROUPS:
            text = self.limit(group)
            if not isinstance(text, str):
                raise ValueError(f"{limit_variable(group)}: a limit is text, not {text!r}")
            if text:
                try:
                    parse_many(text)
                except ValueError:
                    raise ValueError(
                        f"{limit_variable(group)}: {text!r} is not a rate limit "
                        '(such as "20 per minute;200 per hour")'
                    ) from None

    def limit(self, group: str) -> str:
        """The limit of ``group`` (one of :data:`GROUPS`)."""
        value: str = getattr(self, group)
        return value

    @property
    def enabled(self) -> bool:
        """Whether any group is limited."""
        return any(self.limit(group) for group in GROUPS)

    @classmethod
    def from_environment(cls, environ: Mapping[str, str]) -> RateLimits:
        """The limits the environment gives (see the module); :data:`NO_LIMITS` with
        ``ARBITRE_RATE_LIMITS=off``. A variable set to ``off`` (or ``""``) lifts its group's
        limit."""
        if environ.get(DISABLE_VARIABLE, "").strip().lower() == "off":
            return NO_LIMITS
        values: dict[str, Any] = {}
        for group in GROUPS:
            given = environ.get(limit_variable(group))
            if given is not None:
                given = given.strip()
                values[group] = "" if given.lower() == "off" else given
        url = redis_url(environ)
        if url:
            values["storage_uri"] = _storage_uri(url)
        return cls(**values)


#: No limit at all: what a :class:`~arbitre.gateway.app.GatewayConfig` built in code has
#: unless it is given others (the gateway's process reads them from its environment).
NO_LIMITS = RateLimits(**{group: "" for group in GROUPS})


def _storage_uri(url: str) -> str:
    """The :mod:`limits` storage URI of a redis-py URL (``unix://`` is ``redis+unix://``)."""
    return "redis+" + url if url.startswith("unix://") else url


def client_key() -> str:
    """Who the request counts for: the client's address, an IPv6 one as its /64 network (as
    the event streams count their clients: :func:`arbitre.gateway.stream_limits.client_key`)."""
    address = request.remote_addr
    return stream_client_key((address, 0)) if address else "unknown"


def install_rate_limits(app: Flask, limits: RateLimits) -> Limiter | None:
    """Limit the routes of ``app`` that :data:`GROUPS` names, once they are all added; ``None``
    (nothing installed) when ``limits`` has none. The 429 is the gateway's JSON error."""
    if not limits.enabled:
        return None
    options: dict[str, Any] = {}
    if not limits.storage_uri.startswith("memory://"):
        options = {
            "key_prefix": KEY_PREFIX,
            "socket_timeout": _REDIS_TIMEOUT_SECONDS,
            "socket_connect_timeout": _REDIS_TIMEOUT_SECONDS,
        }
    limiter = Limiter(
        client_key,
        app=app,
        storage_uri=limits.storage_uri,
        storage_options=options,
        strategy=_STRATEGY,
        headers_enabled=False,
        in_memory_fallback_enabled=True,
    )
    for group, endpoints in GROUPS.items():
        text = limits.limit(group)
        if not text:
            continue
        shared = limiter.shared_limit(text, scope=group)
        for endpoint in endpoints:
            view: Any = app.view_functions[endpoint]
            app.view_functions[endpoint] = shared(view)

    @app.errorhandler(RateLimitExceeded)
    def rate_limited(error: RateLimitExceeded) -> Response:
        current = limiter.current_limit
        reset_at = current.reset_at if current is not None else time.time() + 1
        retry = max(1, math.ceil(reset_at - time.time()))
        group = error.limit.scope if isinstance(error.limit.scope, str) else ""
        return _limited(group, error.limit.limit, retry).response()

    return limiter


def _limited(group: str, limit: RateLimitItem, retry: int) -> ApiError:
    """The 429 of a request over ``group``'s ``limit``, to retry in ``retry`` seconds."""
    what = _WHAT.get(group, "this route")
    message = f"too many requests from your address for {what}: at most {limit}; retry in {retry} s"
    return ApiError(429, "rate_limited", message, {"Retry-After": str(retry)})


class GroupLimit:
    """A group's limit checked outside Flask (a route the gateway serves on its event loop),
    on the very counters flask-limiter keeps for the group's Flask routes (the same storage,
    strategy and keys: a shared limit is keyed by the client and the group), so that the
    group's routes share one limit whichever serves them. When the counters' Redis fails, the
    counting goes on in the process's memory and Redis is tried again a few seconds later."""

    #: How long the counting stays in memory after the counters' Redis failed.
    RETRY_SECONDS = 5.0

    def __init__(self, limiter: Limiter, group: str, text: str) -> None:
        self.limiter = limiter
        self.group = group
        self.items = tuple(parse_many(text))
        self._memory: RateLimiter = STRATEGIES[_STRATEGY](MemoryStorage())
        self._in_memory = isinstance(limiter.limiter.storage, MemoryStorage)
        self._failed_at = -math.inf

    @classmethod
    def of(cls, app: Flask, group: str) -> GroupLimit | None:
        """``group``'s limit in ``app`` (made by :func:`arbitre.gateway.app.create_app`), or
        ``None`` when the group is not limited."""
        limiter = app.extensions.get("arbitre.rate_limiter")
        text = app.extensions["arbitre.gateway"].config.rate_limits.limit(group)
        return cls(limiter, group, text) if limiter is not None and text else None

    async def check(self, client: str) -> None:
        """Count a request of ``client``: a 429 (:class:`ApiError`) when it is over the limit.
        Counted in Redis off the event loop (a round trip), in memory on it."""
        if self._in_memory:
            retry = self._hit(client)
        else:
            retry = await asyncio.get_running_loop().run_in_executor(None, self._hit, client)
        if retry is not None:
            raise _limited(self.group, retry[0], retry[1])

    def _hit(self, client: str) -> tuple[RateLimitItem, int] | None:
        """Count a request of ``client`` in every part of the limit (the first one over it
        stops: flask-limiter's way); the part over it and the seconds to wait, or ``None``."""
        strategy = self._strategy()
        try:
            return _first_over(strategy, self.items, client, self.group)
        except Exception:  # the counters' Redis: count in memory for a while
            if strategy is self._memory:
                raise
            log.warning("rate limits: the counters' storage failed; counting in memory")
            self._failed_at = time.monotonic()
            return _first_over(self._memory, self.items, client, self.group)

    def _strategy(self) -> RateLimiter:
        if time.monotonic() - self._failed_at < self.RETRY_SECONDS:
            return self._memory
        found: RateLimiter = self.limiter.limiter
        return found


def _first_over(
    strategy: RateLimiter, items: tuple[RateLimitItem, ...], client: str, group: str
) -> tuple[RateLimitItem, int] | None:
    for item in items:
        if not strategy.hit(item, client, group):
            reset_at = strategy.get_window_stats(item, client, group).reset_time
            return item, max(1, math.ceil(reset_at - time.time()))
    return None
