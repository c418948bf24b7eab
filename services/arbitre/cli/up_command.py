"""``arbitre up``: the platform on one machine, in one process.

Starts the gRPC services that exist so far (move generator, dictionary, scoring) on one server
on a free local port, and the HTTP gateway in front of them, then prints the URL and serves until
SIGTERM or Ctrl-C. Lexicons as the services read them (``ARBITRE_LEXICONS``). The session service
and its Redis state will join it.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from arbitre.engine.lexicon import LexiconError
from arbitre.gateway.app import GatewayConfig, create_app
from arbitre.gateway.serving import serve_until_signal
from arbitre.services import dictionary, movegen, scoring
from arbitre.services.lexicons import registry_from_environment
from arbitre.services.server import start

__all__ = ["register", "run"]


def register(commands: Any) -> None:
    """Add the ``up`` subcommand."""
    parser = commands.add_parser(
        "up",
        help="run the services and the HTTP gateway on this machine",
        description="Start the gRPC services (move generator, dictionary, scoring) and the HTTP "
        "gateway in front of them; print the URL; serve until SIGTERM or Ctrl-C.",
    )
    parser.add_argument(
        "--host",
        default=os.environ.get("ARBITRE_GATEWAY_HOST") or "127.0.0.1",
        help="address of the HTTP gateway (default 127.0.0.1)",
    )
    parser.add_argument(
        "--port",
        type=int,
        default=int(os.environ.get("ARBITRE_GATEWAY_PORT") or 8080),
        help="port of the HTTP gateway (default 8080; 0 picks a free one)",
    )
    parser.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    try:
        registry = registry_from_environment()
        services = start(
            [
                movegen.registration(registry),
                dictionary.registration(registry),
                scoring.registration(registry),
            ]
        )
    except (OSError, RuntimeError, LexiconError) as error:
        print(f"arbitre up: {error}", file=sys.stderr)
        return 2
    address = services.address
    app = create_app(
        GatewayConfig(movegen_address=address, dictionary_address=address, scoring_address=address)
    )

    def announce(port: int) -> None:
        print(
            f"arbitre up: http://{arguments.host}:{port}/v1/openapi.json "
            f"(gRPC services on {address}); Ctrl-C to stop",
            flush=True,
        )

    try:
        serve_until_signal(app, arguments.host, arguments.port, announce, lambda: services.stop())
    except OSError as error:
        services.stop(0)
        print(f"arbitre up: {error}", file=sys.stderr)
        return 2
    return 0
