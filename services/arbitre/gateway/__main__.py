"""``python -m arbitre.gateway [--host HOST] [--port PORT]``: serve the gateway.

The services' addresses, the limits and the gateway's credential come from the environment
(see :meth:`arbitre.gateway.GatewayConfig.from_environment`). Serves with uvicorn (the event
streams on asyncio, the other routes in a thread pool: :mod:`arbitre.gateway.serving`) until
SIGTERM or SIGINT; port 0 picks a free port, printed on the first line of output.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from arbitre.gateway.app import GatewayConfig, create_app
from arbitre.gateway.serving import serve_until_signal
from arbitre.services.collector import CollectorSettings
from arbitre.services.internal_auth import CredentialError
from arbitre.services.logs import configure_logging

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8080


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m arbitre.gateway",
        description="Serve Arbitre's REST/JSON API (/v1) in front of its gRPC services.",
    )
    parser.add_argument(
        "--host",
        default=os.environ.get("ARBITRE_GATEWAY_HOST") or DEFAULT_HOST,
        help=f"address to listen on (default: $ARBITRE_GATEWAY_HOST, else {DEFAULT_HOST})",
    )
    parser.add_argument(
        "--port",
        type=int,
        default=int(os.environ.get("ARBITRE_GATEWAY_PORT") or DEFAULT_PORT),
        help=f"port (default: $ARBITRE_GATEWAY_PORT, else {DEFAULT_PORT}; 0 picks a free one)",
    )
    arguments = parser.parse_args(argv)
    configure_logging()
    try:
        collector = CollectorSettings.from_environment()
        app = create_app(GatewayConfig.from_environment())
        collector.settle()
        serve_until_signal(
            app,
            arguments.host,
            arguments.port,
            lambda port: print(
                f"arbitre gateway: listening on http://{arguments.host}:{port}", flush=True
            ),
        )
    except (OSError, ValueError, CredentialError) as error:
        print(f"arbitre gateway: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
