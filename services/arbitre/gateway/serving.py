"""Serve the gateway over HTTP with uvicorn (asyncio), until SIGTERM/SIGINT or in a thread.

The app is served as :func:`arbitre.gateway.asgi.create_asgi` makes it: event streams on the
event loop, the Flask routes in a thread pool. uvicorn runs without its own signal handling
(it would re-raise the signal after stopping, so the process would not exit with 0): the caller
stops it. On a stop, every event stream ends cleanly first (the clients reconnect, to another
replica or to this one restarted), then uvicorn closes its sockets and waits up to
:data:`GRACE_SECONDS` for the requests under way.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import resource
import signal
import socket
import threading
from collections.abc import Callable, Generator, Iterator

import uvicorn
from flask import Flask

from arbitre.gateway.asgi import GatewayAsgi, create_asgi
from arbitre.services.logs import access_log_enabled

__all__ = [
    "BACKLOG",
    "GRACE_SECONDS",
    "KEEP_ALIVE_SECONDS",
    "listen",
    "serve_until_signal",
    "serving_in_thread",
]

#: Connections waiting to be accepted: a simultané's players arrive together.
BACKLOG = 4096
#: How long an idle keep-alive connection stays open: longer than the 60 s idle timeout of the
#: usual proxies and load balancers in front (a server that closes first races their reuse of
#: the connection); an idle connection costs the event loop a few kB, no thread.
KEEP_ALIVE_SECONDS = 75
#: How long a stop waits for the requests under way (the Flask routes' gRPC deadline is 10 s by
#: default; a stop seldom finds one that long).
GRACE_SECONDS = 5


class _Server(uvicorn.Server):
    """uvicorn's server, leaving the signals to its caller."""

    @contextlib.contextmanager
    def capture_signals(self) -> Generator[None, None, None]:
        yield


def _server(asgi: GatewayAsgi) -> _Server:
    config = uvicorn.Config(
        asgi,
        interface="asgi3",
        lifespan="off",
        log_level="warning",
        log_config=None,  # uvicorn's records go to the root logger (arbitre.services.logs)
        access_log=access_log_enabled(),
        server_header=False,
        backlog=BACKLOG,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        timeout_graceful_shutdown=GRACE_SECONDS,
    )
    if config.access_log:  # a line per request, at INFO, in the services' log format
        logging.getLogger("uvicorn.access").setLevel(logging.INFO)
    return _Server(config)


def listen(host: str, port: int) -> socket.socket:
    """A TCP socket listening on ``host:port`` (0: a free port); ``OSError`` when it cannot."""
    info = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    family, kind, protocol, _, address = info[0]
    sock = socket.socket(family, kind, protocol)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(BACKLOG)
        sock.setblocking(False)
    except OSError:
        sock.close()
        raise
    return sock


def _loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop when it is installed (its loop in C writes and wakes the event
    streams' clients for less CPU), else asyncio's own."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def _raise_open_files_limit() -> None:
    """Let the process open as many files as its hard limit allows: every client's socket is
    one (the soft limit is often 1,024)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


async def _run(
    asgi: GatewayAsgi,
    server: _Server,
    sock: socket.socket,
    started: Callable[[Callable[[], None]], None],
) -> None:
    """Serve on ``sock`` until stopped: ``started(stop)`` is called once it listens, with the
    function that stops it (to call in the loop's thread)."""

    def stop() -> None:
        asgi.stop()
        server.should_exit = True

    serving = asyncio.ensure_future(server.serve(sockets=[sock]))
    try:
        while not server.started and not serving.done():
            await asyncio.sleep(0.01)
        if server.started:
            started(stop)
        await serving
    finally:
        if not serving.done():
            serving.cancel()
        await asgi.aclose()


def serve_until_signal(
    app: Flask,
    host: str,
    port: int,
    announce: Callable[[int], None],
    on_stop: Callable[[], None] = lambda: None,
) -> None:
    """Listen on ``host:port`` (0: a free port), call ``announce(port)``, serve until SIGTERM or
    SIGINT, then stop the server, close the app's gRPC channels and call ``on_stop``. Raises
    ``OSError`` when it cannot listen. Raises the soft limit of open files to the hard one."""
    sock = listen(host, port)
    _raise_open_files_limit()
    chosen = sock.getsockname()[1]
    asgi = create_asgi(app)
    server = _server(asgi)

    def started(stop: Callable[[], None]) -> None:
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, stop)
        announce(chosen)

    try:
        with asyncio.Runner(loop_factory=_loop_factory()) as runner:
            runner.run(_run(asgi, server, sock, started))
    finally:
        sock.close()
        app.extensions["arbitre.gateway"].close()
    on_stop()


@contextlib.contextmanager
def serving_in_thread(app: Flask, host: str = "127.0.0.1", port: int = 0) -> Iterator[str]:
    """``app`` served as :func:`serve_until_signal` serves it, by a thread of its own, while
    the context lasts: its base URL (``http://host:port``). For tests and benchmarks."""
    sock = listen(host, port)
    chosen = sock.getsockname()[1]
    asgi = create_asgi(app)
    server = _server(asgi)
    ready = threading.Event()
    stopping: list[Callable[[], None]] = []
    loops: list[asyncio.AbstractEventLoop] = []

    def started(stop: Callable[[], None]) -> None:
        loops.append(asyncio.get_running_loop())
        stopping.append(stop)
        ready.set()

    def run() -> None:
        try:
            asyncio.run(_run(asgi, server, sock, started))
        finally:
            ready.set()

    thread = threading.Thread(target=run, name="arbitre-gateway-asgi", daemon=True)
    thread.start()
    ready.wait()
    try:
        if not stopping:
            raise RuntimeError("the gateway's server did not start")
        shown = f"[{host}]" if ":" in host else host
        yield f"http://{shown}:{chosen}"
    finally:
        if stopping:
            loops[0].call_soon_threadsafe(stopping[0])
        thread.join(timeout=30)
        sock.close()
