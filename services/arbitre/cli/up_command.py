"""``arbitre up``: the platform on one machine, in one process.

Starts Redis (``REDIS_URL`` when set, else an embedded Redis-compatible server, a real
``valkey-server`` process whose data lives in ``--data-dir``, with persistence), the four gRPC
services (move generator, dictionary, scoring, session; :mod:`arbitre.services.platform`) on one
server on a free local port, and the HTTP gateway in front of them; prints the URL and serves
until SIGTERM or Ctrl-C. Lexicons as the services read them (``ARBITRE_LEXICONS``).
"""

from __future__ import annotations

import argparse
import os
import sys
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import redis as redis_module

from arbitre.engine.lexicon import LexiconError
from arbitre.gateway.app import GatewayConfig, create_app
from arbitre.gateway.serving import serve_until_signal
from arbitre.services.lexicons import registry_from_environment
from arbitre.services.platform import start_platform
from arbitre.services.redis_server import EmbeddedRedisError, connect, redis_for
from arbitre.services.session import package_key_from_environment

__all__ = ["register", "run"]


def register(commands: Any) -> None:
    """Add the ``up`` subcommand."""
    parser = commands.add_parser(
        "up",
        help="run the services and the HTTP gateway on this machine",
        description="Start Redis (REDIS_URL, else an embedded server), the gRPC services "
        "(move generator, dictionary, scoring, session) and the HTTP gateway in front of them; "
        "print the URL; serve until SIGTERM or Ctrl-C.",
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
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=Path(os.environ.get("ARBITRE_DATA_DIR") or Path.home() / ".arbitre" / "redis"),
        help="where the embedded Redis keeps its data when REDIS_URL is unset "
        "(default ~/.arbitre/redis)",
    )
    parser.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> int:
    with ExitStack() as stack:
        try:
            url = stack.enter_context(redis_for(data_dir=arguments.data_dir))
            client = connect(url)
            client.ping()
            platform = start_platform(
                registry_from_environment(), client, package_key=package_key_from_environment()
            )
        except (OSError, RuntimeError, ValueError, LexiconError, EmbeddedRedisError) as error:
            print(f"arbitre up: {error}", file=sys.stderr)
            return 2
        except redis_module.RedisError as error:
            print(f"arbitre up: Redis at {url}: {error}", file=sys.stderr)
            return 2
        address = platform.address
        app = create_app(
            GatewayConfig.from_environment(
                {
                    **os.environ,
                    "ARBITRE_MOVEGEN_ADDRESS": address,
                    "ARBITRE_DICTIONARY_ADDRESS": address,
                    "ARBITRE_SCORING_ADDRESS": address,
                    "ARBITRE_SESSION_ADDRESS": address,
                }
            )
        )

        def announce(port: int) -> None:
            print(
                f"arbitre up: http://{arguments.host}:{port}/ (API: /v1/openapi.json; gRPC "
                f"services on {address}; Redis {_shown_url(url)}); Ctrl-C to stop",
                flush=True,
            )

        try:
            serve_until_signal(app, arguments.host, arguments.port, announce, platform.stop)
        except OSError as error:
            platform.stop(0)
            print(f"arbitre up: {error}", file=sys.stderr)
            return 2
    return 0


def _shown_url(url: str) -> str:
    """``url`` without its password."""
    head, at, tail = url.rpartition("@")
    if not at:
        return url
    scheme, _, credentials = head.partition("://")
    user = credentials.partition(":")[0]
    return f"{scheme}://{user}:***@{tail}"
