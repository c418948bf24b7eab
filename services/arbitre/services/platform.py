"""All four services on one gRPC server in this process: what ``arbitre up`` runs and what the
tests play against.

:func:`start_platform` starts the move generator, dictionary, scoring and session services on
one port (the session calling the others through that same port, as it would across machines),
with the session's :class:`~arbitre.services.session.Clock` and, given a database, its archiver
of finished games (:mod:`arbitre.services.session.archiver`); :meth:`Platform.stop` stops them.
Every call carries a caller credential (:mod:`arbitre.services.internal_auth`): the platform's
own, generated at start unless given; :attr:`Platform.gateway_token` is what a gateway in front
of it sends.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from arbitre.services import dictionary, movegen, scoring
from arbitre.services import session as session_module
from arbitre.services.internal_auth import Credentials, Identity
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.redis_health import RedisHealthWatcher
from arbitre.services.server import RunningServer, start
from arbitre.services.session import Clock, Peers, SessionService

if TYPE_CHECKING:
    from arbitre.services.session.archiver import Archiver

__all__ = ["Platform", "start_platform"]

#: Worker threads of the shared server: every open event stream holds one (a thread waiting
#: on Redis costs little; fanning events out without a thread per stream is the next step).
WORKERS = 1_024


@dataclass
class Platform:
    """The running services."""

    server: RunningServer
    session: SessionService
    clock: Clock
    credentials: Credentials
    #: Keeps the session's health at NOT_SERVING while Redis does not answer.
    redis_health: RedisHealthWatcher | None = None
    #: Moves the finished games to the archive's database (``None``: no database given).
    archiver: Archiver | None = None

    @property
    def address(self) -> str:
        return self.server.address

    @property
    def gateway_token(self) -> str | None:
        """The gateway's credential (``None`` for a platform started open)."""
        return self.credentials.token(Identity.GATEWAY)

    def stop(self, grace: float = 5.0) -> None:
        if self.redis_health is not None:
            self.redis_health.stop()
        self.clock.stop()
        if self.archiver is not None:
            self.archiver.stop()
        self.server.stop(grace)
        self.session.background.shutdown(wait=False, cancel_futures=True)
        self.session.dealer.shutdown()
        if self.archiver is not None:
            self.archiver.archive.close()


def start_platform(
    registry: LexiconRegistry,
    redis: Any,
    address: str = "127.0.0.1:0",
    *,
    clock: bool = True,
    package_key: bytes | None = None,
    credentials: Credentials | None = None,
    database: str | None = None,
) -> Platform:
    """Start the four services over ``registry`` and ``redis`` (a redis-py client) on
    ``address`` (port 0: a free one); ``clock=False`` leaves deadlines to other replicas; with
    ``package_key``, the session plays only the pre-drawn games that key signed. The services
    serve the callers of ``credentials``, fresh ones (:meth:`Credentials.generate`) by default;
    empty ones run it open (on a loopback address only). Every lexicon of ``registry`` is
    loaded before the services serve. With ``database`` (a SQLAlchemy URL), the finished games
    are archived there (its schema migrated first,
    :func:`~arbitre.services.session.archiver.open_archive`: :class:`ValueError` or
    :class:`RuntimeError` when it cannot be used, a warning only when it cannot be reached)."""
    registry.load_all()
    if credentials is None:
        credentials = Credentials.generate()
    archive = None
    if database is not None:
        # SQLAlchemy is loaded here only: the command line imports this module too.
        from arbitre.services.session.archiver import open_archive

        archive = open_archive(database)
    registration, service = session_module.registration(redis, None, package_key)
    service.archive = archive
    server = start(
        [
            movegen.registration(registry),
            dictionary.registration(registry),
            scoring.registration(registry, redis),
            registration,
        ],
        address,
        workers=WORKERS,
        credentials=credentials,
    )
    local = server.address
    service.peers = Peers.at(local, local, local, credentials.token(Identity.SESSION))
    ticker = Clock(service)
    if clock:
        ticker.start()
    watcher = RedisHealthWatcher(redis, server.health, [session_module.SERVICE_NAME])
    watcher.start()
    archiver = None
    if archive is not None:
        from arbitre.services.session.archiver import Archiver

        archiver = Archiver(service, archive)
        archiver.start()
    return Platform(server, service, ticker, credentials, watcher, archiver)
