"""How many event streams a gateway process holds open: per client address, and in all.

An open event stream costs the gateway a socket and a few small objects (no thread, and no
session stream of its own: :mod:`arbitre.gateway.event_streams`), but sockets and memory are
finite, and one client must not take them all. :class:`StreamLimits` holds the two bounds (the
environment may set them); :class:`StreamQuota` counts the open streams by client and refuses
one more: a 429 ``too_many_streams`` past a client's bound, a 503 ``unavailable`` past the total.

A client is its address as the server sees it (behind a proxy, uvicorn takes it from
``X-Forwarded-For`` when the proxy's address is in ``FORWARDED_ALLOW_IPS``); an IPv6 client is
its /64 network, since one host usually holds a whole /64.
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Mapping
from dataclasses import dataclass

from arbitre.gateway.errors import ApiError

__all__ = [
    "MAX_STREAMS",
    "MAX_STREAMS_VARIABLE",
    "STREAMS_PER_CLIENT",
    "STREAMS_PER_CLIENT_VARIABLE",
    "StreamLimits",
    "StreamQuota",
    "client_key",
]

#: Event streams one client may hold open at once on a gateway process: a page needs one per
#: game it shows, a centre's few screens a few; a client opening more is refused (429).
STREAMS_PER_CLIENT = 32
STREAMS_PER_CLIENT_VARIABLE = "ARBITRE_GATEWAY_STREAMS_PER_CLIENT"
#: Event streams a gateway process holds open at once (uvicorn serves 10,000 in some 200 MB:
#: ``docs/scaling.md``); beyond, a 503 sends the client to another replica or to later.
MAX_STREAMS = 20_000
MAX_STREAMS_VARIABLE = "ARBITRE_GATEWAY_MAX_STREAMS"
#: The network an IPv6 client is counted by.
IPV6_PREFIX = 64


@dataclass(frozen=True, slots=True)
class StreamLimits:
    """The most event streams one client (``per_client``) and the whole process (``total``)
    may hold open; both at least 1."""

    per_client: int = STREAMS_PER_CLIENT
    total: int = MAX_STREAMS

    def __post_init__(self) -> None:
        for name in ("per_client", "total"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1, not {getattr(self, name)}")

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] = os.environ) -> StreamLimits:
        """The limits ``ARBITRE_GATEWAY_STREAMS_PER_CLIENT`` and ``ARBITRE_GATEWAY_MAX_STREAMS``
        give, the defaults otherwise; :class:`ValueError` for a value that is not a positive
        integer."""
        values: dict[str, int] = {}
        for name, variable in (
            ("per_client", STREAMS_PER_CLIENT_VARIABLE),
            ("total", MAX_STREAMS_VARIABLE),
        ):
            text = environ.get(variable, "").strip()
            if not text:
                continue
            if not (text.isascii() and text.isdigit() and len(text) <= 9 and int(text) >= 1):
                raise ValueError(f"{variable}: {text[:40]!r} is not a positive integer")
            values[name] = int(text)
        return cls(**values)


def client_key(client: object) -> str:
    """Who an ASGI ``scope["client"]`` (``(host, port)`` or ``None``) is, for counting: its IPv4
    address, its IPv6 /64 network, else its host text (``""`` when the server gives none)."""
    if not isinstance(client, (tuple, list)) or not client:
        return ""
    host = str(client[0])
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, IPV6_PREFIX), strict=False))
    return str(address)


class StreamQuota:
    """The open event streams of one process, by client. Not thread-safe: one event loop."""

    def __init__(self, limits: StreamLimits, retry_after_seconds: int) -> None:
        self.limits = limits
        self.retry_after_seconds = retry_after_seconds
        self._by_client: dict[str, int] = {}
        self._open = 0

    @property
    def open(self) -> int:
        """Streams admitted and not yet released."""
        return self._open

    def admit(self, client: str) -> None:
        """Count one more stream of ``client``; raises the 429 or 503 :class:`ApiError` (and
        counts nothing) when it would be one too many."""
        retry = {"Retry-After": str(self.retry_after_seconds)}
        held = self._by_client.get(client, 0)
        if held >= self.limits.per_client:
            raise ApiError(
                429,
                "too_many_streams",
                f"this client has {held} event streams open, the most allowed; "
                "close one before opening another (a page needs one per game)",
                retry,
            )
        if self._open >= self.limits.total:
            raise ApiError(
                503,
                "unavailable",
                f"this gateway has all its event streams open; retry in "
                f"{self.retry_after_seconds} s",
                retry,
            )
        self._by_client[client] = held + 1
        self._open += 1

    def release(self, client: str) -> None:
        """One stream of ``client`` ended (it was admitted)."""
        held = self._by_client.get(client, 0)
        if held <= 0:
            return
        if held == 1:
            del self._by_client[client]
        else:
            self._by_client[client] = held - 1
        self._open -= 1
