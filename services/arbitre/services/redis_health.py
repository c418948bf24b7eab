"""A service that cannot work without Redis says so in its gRPC health check.

Contract: a :class:`RedisHealthWatcher`, once started, sends ``PING`` to Redis every
:data:`INTERVAL_SECONDS` through a connection of its own (the client's server and credentials,
a :data:`TIMEOUT_SECONDS` timeout, no retry), and sets the health status of each of its service
names to ``NOT_SERVING`` as soon as one ``PING`` fails, ``SERVING`` again as soon as one
answers (a line is logged at each change). It changes nothing else: the overall status (the
empty name, which liveness probes ask) stays as it is, so a Redis outage takes a service out of
rotation without having it restarted. The gateway's ``/healthz`` reports every service whose
status is not ``SERVING``. :meth:`~RedisHealthWatcher.stop` ends the watching; call it before
stopping the server (which marks everything ``NOT_SERVING``).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import redis as redis_module
from grpc_health.v1 import health_pb2
from redis.backoff import NoBackoff
from redis.retry import Retry

from arbitre.services.background import BackgroundThread

__all__ = ["INTERVAL_SECONDS", "TIMEOUT_SECONDS", "RedisHealthWatcher"]

log = logging.getLogger(__name__)

#: Seconds between two pings.
INTERVAL_SECONDS = 1.0

#: How long one ping may take (connecting included) before Redis counts as down.
TIMEOUT_SECONDS = 1.0

_SERVING = health_pb2.HealthCheckResponse.SERVING
_NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING


def _probe_client(client: redis_module.Redis, timeout: float) -> redis_module.Redis:
    """A client of ``client``'s server (same address, database and credentials) with a
    ``timeout`` and no retry, on a pool of its own."""
    pool = client.connection_pool
    options = {
        **pool.connection_kwargs,
        "socket_timeout": timeout,
        "socket_connect_timeout": timeout,
        "retry": Retry(NoBackoff(), 0),
        "retry_on_timeout": False,
        "health_check_interval": 0,
    }
    return redis_module.Redis(
        connection_pool=redis_module.ConnectionPool(
            connection_class=pool.connection_class, max_connections=1, **options
        )
    )


class RedisHealthWatcher(BackgroundThread):
    """Keeps ``names`` in ``health`` (a ``grpc_health.v1.health.HealthServicer``) at
    ``NOT_SERVING`` while the Redis server of ``client`` does not answer ``PING``."""

    thread_name = "redis-health"

    def __init__(
        self,
        client: redis_module.Redis,
        health: Any,
        names: Sequence[str],
        interval: float = INTERVAL_SECONDS,
        timeout: float = TIMEOUT_SECONDS,
    ) -> None:
        super().__init__()
        if not interval > 0 or not timeout > 0:
            raise ValueError(f"interval ({interval}) and timeout ({timeout}) must be positive")
        self._probe = _probe_client(client, timeout)
        self._health = health
        self._names = tuple(names)
        self._interval = interval
        #: Whether Redis answered the last ping (True until one fails).
        self.serving = True

    def check(self) -> bool:
        """Ping Redis once; set the health statuses if that changes whether it answers;
        whether it answered."""
        try:
            answered = bool(self._probe.ping())
            error: Exception | None = None
        except redis_module.RedisError as failure:
            answered, error = False, failure
        if answered != self.serving:
            self.serving = answered
            for name in self._names:
                self._health.set(name, _SERVING if answered else _NOT_SERVING)
            if answered:
                log.warning("Redis answers again: %s serving", ", ".join(self._names))
            else:
                log.error(
                    "Redis does not answer (%s): %s not serving", error, ", ".join(self._names)
                )
        return answered

    def stop(self) -> None:
        """End the watching (the statuses stay as they are)."""
        super().stop()
        self._probe.connection_pool.disconnect()

    def run(self) -> None:
        while True:
            self.check()
            if self.done.wait(self._interval):
                return
