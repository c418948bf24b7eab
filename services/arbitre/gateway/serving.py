"""Serve the gateway's Flask app over HTTP (werkzeug's threaded server) until SIGTERM/SIGINT."""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable

from flask import Flask
from werkzeug.serving import make_server

__all__ = ["serve_until_signal"]


def serve_until_signal(
    app: Flask,
    host: str,
    port: int,
    announce: Callable[[int], None],
    on_stop: Callable[[], None] = lambda: None,
) -> None:
    """Listen on ``host:port`` (0: a free port), call ``announce(port)``, serve until SIGTERM or
    SIGINT, then stop the server, close the app's gRPC channels and call ``on_stop``. Raises
    ``OSError`` when it cannot listen."""
    try:
        server = make_server(host, port, app, threaded=True)
    except SystemExit:  # werkzeug exits when the address is taken, after saying so on stderr
        raise OSError(f"cannot listen on {host}:{port}") from None
    done = threading.Event()

    def stop(_signum: int, _frame: object) -> None:
        done.set()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    serving = threading.Thread(target=server.serve_forever, name="arbitre-gateway", daemon=True)
    serving.start()
    announce(server.server_port)
    done.wait()
    server.shutdown()
    server.server_close()
    app.extensions["arbitre.gateway"].close()
    on_stop()
