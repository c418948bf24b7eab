"""``arbitre up``: the platform on one machine.

Starts Redis (``REDIS_URL`` when set, else an embedded Redis-compatible server, a real
``valkey-server`` process whose data lives in ``--data-dir``, with persistence), the four gRPC
services (move generator, dictionary, scoring, session; :mod:`arbitre.services.platform`) on one
server on a free local port in this process, and the HTTP gateway in front of them in a process
of its own (``python -m arbitre.gateway``); prints the URL and serves until SIGTERM or Ctrl-C.
Lexicons as the services read them (``ARBITRE_LEXICONS``).
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import threading
from contextlib import ExitStack
from pathlib import Path
from typing import IO, Any

import redis as redis_module

from arbitre.engine.lexicon import LexiconError
from arbitre.gateway.app import PEERS
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
        try:
            gateway, port = _start_gateway(arguments.host, arguments.port, platform.address)
        except OSError as error:
            platform.stop(0)
            print(f"arbitre up: {error}", file=sys.stderr)
            return 2
        print(
            f"arbitre up: http://{arguments.host}:{port}/ (API: /v1/openapi.json; gRPC "
            f"services on {platform.address}; Redis {_shown_url(url)}); Ctrl-C to stop",
            flush=True,
        )
        status = _serve_until_signal(gateway)
        platform.stop()
    return status


def _start_gateway(host: str, port: int, address: str) -> tuple[subprocess.Popen[str], int]:
    """``python -m arbitre.gateway`` in a process of its own, in front of the services at
    ``address``, once it listens: the process and its port. Apart from the services, the
    gateway's event fan-out (a turn's reveal to thousands of clients) does not hold the
    interpreter the answers are judged under. Raises :class:`OSError` when it cannot listen."""
    environment = {
        **os.environ,
        **{f"ARBITRE_{peer.upper()}_ADDRESS": address for peer in PEERS},
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "arbitre.gateway", "--host", host, "--port", str(port)],
        env=environment,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    found = re.search(r"listening on http://\S+:(\d+)", line)
    if found is None:
        process.wait()
        raise OSError(f"the gateway did not start (exit status {process.returncode})")
    relay = threading.Thread(target=_relay, args=(process.stdout,), daemon=True)
    relay.start()
    return process, int(found.group(1))


def _relay(stream: IO[str]) -> None:
    """Pass on what the gateway prints (so that its pipe never fills)."""
    for line in stream:
        sys.stdout.write(line)
        sys.stdout.flush()


def _serve_until_signal(gateway: subprocess.Popen[str]) -> int:
    """Wait for SIGTERM or SIGINT (then stop the gateway: 0) or for the gateway to end by
    itself (its exit status, 2 at least)."""
    done = threading.Event()

    def stop(_signum: int, _frame: object) -> None:
        done.set()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    def watch() -> None:
        gateway.wait()
        done.set()

    threading.Thread(target=watch, daemon=True).start()
    done.wait()
    if gateway.poll() is not None:
        print(
            f"arbitre up: the gateway stopped (exit status {gateway.returncode})", file=sys.stderr
        )
        return max(2, gateway.returncode or 0)
    gateway.send_signal(signal.SIGTERM)
    try:
        gateway.wait(timeout=30)
    except subprocess.TimeoutExpired:
        gateway.kill()
        gateway.wait()
    return 0


def _shown_url(url: str) -> str:
    """``url`` without its password."""
    head, at, tail = url.rpartition("@")
    if not at:
        return url
    scheme, _, credentials = head.partition("://")
    user = credentials.partition(":")[0]
    return f"{scheme}://{user}:***@{tail}"
