"""Serving the session service: :func:`registration` for a server that hosts it among others
(``arbitre up``), :func:`main` for ``python -m arbitre.services.session``, which serves it
alone: Redis from ``REDIS_URL`` (required), the archive of finished games from ``DATABASE_URL``
(without it, finished games are not archived: they expire from Redis)."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence
from typing import Any

import redis as redis_module

from arbitre.services.archive.location import DATABASE_URL_VARIABLE, database_url_from_environment
from arbitre.services.collector import CollectorSettings
from arbitre.services.logs import configure_logging
from arbitre.services.redis_server import connect, redis_url
from arbitre.services.server import Registration, serve_forever, start
from arbitre.services.session.clock import Clock
from arbitre.services.session.limits import (
    ADDRESS_VARIABLE,
    DEFAULT_ADDRESS,
    SERVICE_NAME,
    SESSION_WORKERS,
)
from arbitre.services.session.packages import package_key_from_environment
from arbitre.services.session.peers import Peers, peers_from_environment
from arbitre.services.session.service import SessionService
from arbitre.v1 import session_pb2_grpc

__all__ = ["main", "registration"]

log = logging.getLogger(__package__)


def registration(
    redis: Any, peers: Peers | None, package_key: bytes | None = None
) -> tuple[Registration, SessionService]:
    """The session servicer, ready for :func:`arbitre.services.server.start`, and the service
    (to start its :class:`Clock`)."""
    service = SessionService(redis, peers, package_key)
    return (
        Registration(
            SERVICE_NAME,
            lambda server: session_pb2_grpc.add_SessionServicer_to_server(service, server),
        ),
        service,
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m arbitre.services.session")
    parser.add_argument(
        "--address",
        default=os.environ.get(ADDRESS_VARIABLE, DEFAULT_ADDRESS),
        help=f"HOST:PORT to listen on (default ${ADDRESS_VARIABLE}, else {DEFAULT_ADDRESS})",
    )
    arguments = parser.parse_args(argv)
    configure_logging()
    url = redis_url()
    if not url:
        print(
            "arbitre session: set REDIS_URL (the session keeps its games in Redis)", file=sys.stderr
        )
        return 2
    try:
        collector = CollectorSettings.from_environment()
    except ValueError as error:
        print(f"arbitre session: {error}", file=sys.stderr)
        return 2
    database = database_url_from_environment()
    try:
        client = connect(url)
        client.ping()
        session, service = registration(
            client, peers_from_environment(), package_key_from_environment()
        )
        archiver = None
        if database is not None:
            from arbitre.services.session.archiver import Archiver, open_archive

            service.archive = open_archive(database)
            archiver = Archiver(service, service.archive)
        running = start([session], arguments.address, workers=SESSION_WORKERS)
    except (OSError, RuntimeError, ValueError, redis_module.RedisError) as error:
        print(f"arbitre session: {error}", file=sys.stderr)
        return 2
    from arbitre.services.redis_health import RedisHealthWatcher

    clock = Clock(service)
    clock.start()
    collector.settle()
    if archiver is not None:
        archiver.start()
    else:
        log.warning(
            "%s unset: finished games are not archived (they expire from Redis)",
            DATABASE_URL_VARIABLE,
        )
    watcher = RedisHealthWatcher(client, running.health, [SERVICE_NAME])
    watcher.start()
    print(f"arbitre session: listening on port {running.port}", flush=True)
    serve_forever(running)
    watcher.stop()
    clock.stop()
    if archiver is not None:
        archiver.stop()
        archiver.archive.close()
    return 0
