"""Keep an embedded Redis running: restart it, on the same data, whenever its process dies.

Contract: while a :class:`RedisKeeper` is started, a thread of its own looks at its
:class:`~arbitre.services.redis_server.EmbeddedRedis` every :data:`POLL_SECONDS`; when the
server's process has ended by itself (killed, crashed), it logs a warning and restarts it
(:meth:`~arbitre.services.redis_server.EmbeddedRedis.restart`: the same data directory, port
and password, so clients reconnect to the same URL and find the same data). A restart that fails
is tried again; the wait before each attempt doubles from :data:`FIRST_BACKOFF_SECONDS` to
:data:`MAX_BACKOFF_SECONDS`, and falls back to the first once the server has stayed up that
long. A server that is alive but does not answer is not restarted (the session's health check
says so: :mod:`arbitre.services.redis_health`). :meth:`~RedisKeeper.stop` ends the thread;
call it before stopping the server. The servers it restarts die with its thread (see
:func:`~arbitre.services.child_processes.die_with_parent`), which lives until
:meth:`~RedisKeeper.stop`.
"""

from __future__ import annotations

import logging
import time

from arbitre.services.background import BackgroundThread
from arbitre.services.redis_server import LOG_FILE, EmbeddedRedis, EmbeddedRedisError

__all__ = ["FIRST_BACKOFF_SECONDS", "MAX_BACKOFF_SECONDS", "POLL_SECONDS", "RedisKeeper"]

log = logging.getLogger(__name__)

#: How often the keeper looks whether the server's process still runs.
POLL_SECONDS = 0.2

#: The wait before the first restart attempt, doubled after each until the maximum.
FIRST_BACKOFF_SECONDS = 0.5
MAX_BACKOFF_SECONDS = 30.0


class RedisKeeper(BackgroundThread):
    """Restarts ``server`` whenever its process ends by itself, from :meth:`start` (or
    ``with``) to :meth:`stop`."""

    thread_name = "redis-keeper"

    def __init__(
        self,
        server: EmbeddedRedis,
        first_backoff: float = FIRST_BACKOFF_SECONDS,
        max_backoff: float = MAX_BACKOFF_SECONDS,
    ) -> None:
        super().__init__()
        if not 0 < first_backoff <= max_backoff:
            raise ValueError(f"backoffs must be 0 < {first_backoff} <= {max_backoff}")
        self.server = server
        self.first_backoff = first_backoff
        self.max_backoff = max_backoff
        #: How many times the server was restarted.
        self.restarts = 0

    def run(self) -> None:
        backoff = self.first_backoff
        up_since = time.monotonic()
        while not self.done.wait(POLL_SECONDS):
            code = self.server.exited()
            if code is None:
                if time.monotonic() - up_since >= self.max_backoff:
                    backoff = self.first_backoff
                continue
            log.warning(
                "valkey-server (pid %d) ended with code %d (see %s): restarting it on port %d "
                "in %.1f s",
                self.server.pid,
                code,
                self.server.data_dir / LOG_FILE,
                self.server.port,
                backoff,
            )
            if self.done.wait(backoff):
                return
            try:
                self.server.restart()
            except EmbeddedRedisError as error:
                log.error("valkey-server could not be restarted: %s", error)
            else:
                self.restarts += 1
                up_since = time.monotonic()
                log.warning(
                    "valkey-server restarted (pid %d, port %d, data dir %s)",
                    self.server.pid,
                    self.server.port,
                    self.server.data_dir,
                )
            backoff = min(2 * backoff, self.max_backoff)
