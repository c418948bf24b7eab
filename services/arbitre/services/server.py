"""Start and stop a gRPC server for one or more servicers: caller credentials, health
checking, message size limits, graceful shutdown on SIGTERM/SIGINT, reflection in development.

Every service module has ``add_to_server(server, ...)`` and ``SERVICE_NAME``; :func:`start`
registers them on a fresh server bound to an address (``127.0.0.1:0`` picks a free port), behind
:class:`~arbitre.services.internal_auth.Authenticator`, and marks them serving in the health
service. Reflection is on only with ``ARBITRE_GRPC_REFLECTION=1``.
"""

from __future__ import annotations

import logging
import os
import signal
import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent import futures
from dataclasses import dataclass
from typing import Any

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from arbitre.services.internal_auth import Authenticator, Credentials, check_open

__all__ = [
    "CHANNEL_OPTIONS",
    "MAX_MESSAGE_BYTES",
    "REFLECTION_VARIABLE",
    "Registration",
    "RunningServer",
    "reflection_enabled",
    "serve_forever",
    "start",
]

log = logging.getLogger(__name__)

#: Largest request or response accepted (a board and a rack are a few hundred bytes; a full
#: move list with words can reach a few MB).
MAX_MESSAGE_BYTES = 16 * 1024 * 1024

#: Set to ``1`` to turn gRPC reflection on (grpcurl, Postman), for development only.
REFLECTION_VARIABLE = "ARBITRE_GRPC_REFLECTION"

#: How long a client connection lives before the server asks the client to reconnect.
MAX_CONNECTION_AGE_MS = 5 * 60 * 1000

#: Channel options of every call to a service: the services' message size limit, reconnecting
#: within seconds once a peer is back (gRPC's default backoff grows to two minutes), calls
#: spread over all of a service's addresses, and connections of the channel's own.
CHANNEL_OPTIONS = [
    ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
    ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
    ("grpc.initial_reconnect_backoff_ms", 500),
    ("grpc.min_reconnect_backoff_ms", 500),
    ("grpc.max_reconnect_backoff_ms", 5000),
    # gRPC shares connections between the channels of a process that have the same address and
    # options: a new channel to a service started again on a port an earlier one used would
    # take over the old connection's failure and wait out its backoff (calls UNAVAILABLE at
    # once). Each channel keeps its own.
    ("grpc.use_local_subchannel_pool", 1),
    # Spread calls over every address a name resolves to (dns:///movegen:50052 and a headless
    # Service reach every movegen pod); with one address it changes nothing.
    ("grpc.lb_policy_name", "round_robin"),
]


@dataclass(frozen=True, slots=True)
class Registration:
    """A servicer to add: its full service name and the function that adds it."""

    name: str
    add: Callable[[Any], None]


@dataclass
class RunningServer:
    """A started server, its port and its health service."""

    server: Any
    port: int
    health: Any
    names: tuple[str, ...]

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def stop(self, grace: float = 5.0) -> None:
        """Stop accepting calls, let running ones finish for ``grace`` seconds."""
        for name in (*self.names, ""):
            self.health.set(name, health_pb2.HealthCheckResponse.NOT_SERVING)
        self.server.stop(grace).wait()


def reflection_enabled(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether the environment turns reflection on (``ARBITRE_GRPC_REFLECTION=1``)."""
    return environ.get(REFLECTION_VARIABLE) == "1"


def start(
    registrations: Sequence[Registration],
    address: str = "127.0.0.1:0",
    workers: int = 8,
    credentials: Credentials | None = None,
) -> RunningServer:
    """A server with ``registrations`` and health, listening on ``address``, that serves the
    callers of ``credentials`` (``None``: those of the environment, see
    :meth:`Credentials.from_environment`); with none, only on a loopback address (else
    :class:`RuntimeError`). Reflection when :func:`reflection_enabled`."""
    if credentials is None:
        credentials = Credentials.from_environment()
    check_open(address, credentials)
    options = [
        ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
        ("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
        # Clients reconnect (and resolve the name again, finding new replicas) every few
        # minutes; calls under way, event streams included, go on to their end.
        ("grpc.max_connection_age_ms", MAX_CONNECTION_AGE_MS),
    ]
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=workers),
        interceptors=[Authenticator(credentials)] if credentials else None,
        options=options,
    )
    health_servicer = health.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    names = tuple(registration.name for registration in registrations)
    for registration in registrations:
        registration.add(server)
    if reflection_enabled():
        health_name = health_pb2.DESCRIPTOR.services_by_name["Health"].full_name
        reflection.enable_server_reflection((*names, health_name, reflection.SERVICE_NAME), server)
        log.warning("gRPC reflection is on (%s=1): for development only", REFLECTION_VARIABLE)
    port = server.add_insecure_port(address)
    if port == 0:
        raise OSError(f"cannot listen on {address}")
    server.start()
    for name in (*names, ""):
        health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    log.info("serving %s on port %d", ", ".join(names), port)
    return RunningServer(server, port, health_servicer, names)


def serve_forever(running: RunningServer, grace: float = 5.0) -> None:
    """Block until SIGTERM or SIGINT, then stop gracefully."""
    done = threading.Event()

    def stop(signum: int, _frame: object) -> None:
        log.info("signal %d: stopping", signum)
        done.set()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    done.wait()
    running.stop(grace)
