"""``arbitre up``: the platform on one machine.

Starts Redis (``REDIS_URL`` when set, else an embedded Redis-compatible server, a real
``valkey-server`` process whose data lives in ``--data-dir``, with persistence), the four gRPC
services (move generator, dictionary, scoring, session; :mod:`arbitre.services.platform`) on one
server on a free local port in this process, and the HTTP gateway in front of them in a process
of its own (``python -m arbitre.gateway``); prints the URL and serves until SIGTERM or Ctrl-C.
Lexicons as the services read them (``ARBITRE_LEXICONS``). Finished games are archived in the
database of ``DATABASE_URL`` when set (PostgreSQL), else in a SQLite file in the data directory
(:mod:`arbitre.services.archive`), its schema migrated at the start.

A supervisor: the gateway and the embedded server get SIGTERM when this process ends, however
it ends (Linux; :func:`~arbitre.services.child_processes.dying_with_parent`), and their pids are
recorded in the data directory, whose next ``arbitre up`` ends any that a crash left running
(only those). The data directory is private (0700) and locked: a second ``arbitre up`` on it
exits with status 2 before it opens anything there. The embedded server needs a password (kept
in the data directory), has a memory limit (``--redis-maxmemory``, ``noeviction``) and is
restarted on the same data, port and password whenever it dies
(:class:`~arbitre.services.redis_keeper.RedisKeeper`); while Redis does not answer, the session
is not serving and ``/healthz`` fails (:mod:`arbitre.services.redis_health`). The gateway gets
the URL of the Redis in use (``REDIS_URL``, password included).

Logs go to stderr in the services' format (:mod:`arbitre.services.logs`: text, or JSON with
``ARBITRE_LOG_FORMAT=json``; ``ARBITRE_LOG_LEVEL``, default ``INFO``): the session's games
created, turns, ends and parked games, Redis restarts, errors; the gateway's own lines come from
its process on the same stderr, with one line per HTTP request under ``--access-log``
(``ARBITRE_ACCESS_LOG=1``).
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

import psutil
import redis as redis_module

from arbitre.engine.lexicon import LexiconError
from arbitre.gateway.app import PEERS
from arbitre.services.archive.location import database_url, database_url_from_environment
from arbitre.services.child_processes import ChildRecord, dying_with_parent
from arbitre.services.collector import CollectorSettings
from arbitre.services.data_dir import private_directory
from arbitre.services.internal_auth import Credentials, Identity
from arbitre.services.lexicons import registry_from_environment
from arbitre.services.logs import ACCESS_LOG_VARIABLE, access_log_enabled, configure_logging
from arbitre.services.platform import Platform, start_platform
from arbitre.services.redis_keeper import RedisKeeper
from arbitre.services.redis_server import (
    REDIS_URL_VARIABLE,
    DataDirectoryInUseError,
    EmbeddedRedis,
    EmbeddedRedisError,
    connect,
    parse_memory_size,
    redis_for,
    redis_url,
)
from arbitre.services.session import package_key_from_environment

__all__ = ["GATEWAY_RECORD", "MAXMEMORY_VARIABLE", "default_data_dir", "register", "run"]

#: The environment variable of ``--redis-maxmemory``.
MAXMEMORY_VARIABLE = "ARBITRE_REDIS_MAXMEMORY"

#: The record of the gateway's process, in the data directory of the embedded server.
GATEWAY_RECORD = "gateway.child"


def default_data_dir() -> Path:
    """The data directory of ``arbitre up`` when ``--data-dir`` is not given:
    ``ARBITRE_DATA_DIR``, else ``~/.arbitre/redis``."""
    return Path(os.environ.get("ARBITRE_DATA_DIR") or Path.home() / ".arbitre" / "redis")


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
        default=default_data_dir(),
        help="where the embedded Redis keeps its data when REDIS_URL is unset, and the "
        "archive of finished games (a SQLite file) when DATABASE_URL is unset "
        "(default $ARBITRE_DATA_DIR, else ~/.arbitre/redis)",
    )
    parser.add_argument(
        "--redis-maxmemory",
        type=_memory_size,
        default=os.environ.get(MAXMEMORY_VARIABLE) or None,
        metavar="SIZE",
        help=f"memory limit of the embedded Redis, as Valkey writes it (512mb, 2gb; 0: none; "
        f"default ${MAXMEMORY_VARIABLE}, else 1gb or a quarter of this machine's memory if "
        f"less); past it, writes fail and nothing is evicted",
    )
    parser.add_argument(
        "--access-log",
        action="store_true",
        default=access_log_enabled(),
        help=f"log every HTTP request the gateway serves (default ${ACCESS_LOG_VARIABLE}, "
        f"else off)",
    )
    parser.set_defaults(run=run)


def _memory_size(text: str) -> int:
    try:
        return parse_memory_size(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def run(arguments: argparse.Namespace) -> int:
    configure_logging()  # the services' format and level, not the command line's WARNING
    with ExitStack() as stack:
        try:
            collector = CollectorSettings.from_environment()
            url, data_dir = _start_redis(stack, arguments.data_dir, arguments.redis_maxmemory)
            client = connect(url)
            client.ping()
            database = database_url_from_environment() or database_url(
                data_dir or private_directory(arguments.data_dir)
            )
            platform = start_platform(
                registry_from_environment(),
                client,
                package_key=package_key_from_environment(),
                database=database,
            )
        except DataDirectoryInUseError as error:
            print(
                f"arbitre up: {error}: is another `arbitre up` running on it? Stop it, or give "
                f"another --data-dir",
                file=sys.stderr,
            )
            return 2
        except (OSError, RuntimeError, ValueError, LexiconError, EmbeddedRedisError) as error:
            print(f"arbitre up: {error}", file=sys.stderr)
            return 2
        except redis_module.RedisError as error:
            print(f"arbitre up: Redis at {_shown_url(url)}: {error}", file=sys.stderr)
            return 2
        collector.settle()  # the services have started: what they hold for good is set aside
        record = None if data_dir is None else _gateway_record(data_dir)
        if record is not None:
            record.reap()  # a gateway a crashed run left would hold the port
        try:
            gateway, port = _start_gateway(
                arguments.host,
                arguments.port,
                platform.address,
                platform.credentials,
                url,
                access_log=arguments.access_log,
            )
        except OSError as error:
            platform.stop(0)
            print(f"arbitre up: {error}", file=sys.stderr)
            return 2
        print(
            f"arbitre up: http://{arguments.host}:{port}/ (API: /v1/openapi.json; gRPC "
            f"services on {platform.address}; Redis {_shown_url(url)}; finished games in "
            f"{_archive_url(platform)}); Ctrl-C to stop",
            flush=True,
        )
        if record is not None:
            record.record(gateway.pid)
        status = _serve_until_signal(gateway)
        if record is not None:
            record.clear()  # the gateway has ended
        platform.stop()
    return status


def _start_redis(
    stack: ExitStack, data_dir: Path, maxmemory: int | None
) -> tuple[str, Path | None]:
    """The URL of the Redis to use (entered in ``stack``) and the data directory of the
    embedded server (None with ``REDIS_URL``): the server of ``REDIS_URL`` if set, else an
    embedded one on ``data_dir`` with ``maxmemory`` bytes (None: the default), kept running
    (restarted whenever it dies) until ``stack`` ends."""
    if redis_url() is not None:
        return stack.enter_context(redis_for()), None
    server = stack.enter_context(EmbeddedRedis(data_dir=data_dir, maxmemory=maxmemory))
    stack.enter_context(RedisKeeper(server))
    return server.url, server.data_dir


def _gateway_record(data_dir: Path) -> ChildRecord:
    """The record of the gateway's process in ``data_dir``: a ``python -m arbitre.gateway``."""

    def is_ours(process: psutil.Process) -> bool:
        command = process.cmdline()
        return "-m" in command and "arbitre.gateway" in command

    return ChildRecord(data_dir / GATEWAY_RECORD, "gateway", is_ours)


def _start_gateway(
    host: str,
    port: int,
    address: str,
    credentials: Credentials,
    redis: str,
    *,
    access_log: bool = False,
) -> tuple[subprocess.Popen[str], int]:
    """``python -m arbitre.gateway`` in a process of its own, in front of the services at
    ``address``, with the gateway's credential of ``credentials`` (and no other), once it
    listens: the process and its port. Apart from the services, the gateway's event fan-out
    (a turn's reveal to thousands of clients) does not hold the interpreter the answers are
    judged under. The gateway gets ``redis`` (the URL of the Redis in use) as ``REDIS_URL``,
    and SIGTERM when this thread ends; with ``access_log``, it logs every request. Its stderr
    (its logs) is this process's. Raises :class:`OSError` when it cannot listen."""
    environment = {
        **credentials.only(Identity.GATEWAY).environment(os.environ),
        **{f"ARBITRE_{peer.upper()}_ADDRESS": address for peer in PEERS},
        REDIS_URL_VARIABLE: redis,
        ACCESS_LOG_VARIABLE: "1" if access_log else "",
    }
    process = subprocess.Popen(
        dying_with_parent(
            [sys.executable, "-m", "arbitre.gateway", "--host", host, "--port", str(port)]
        ),
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


def _archive_url(platform: Platform) -> str:
    """The archive's database URL, its password hidden."""
    archive = platform.session.archive
    return "nowhere" if archive is None else archive.url


def _shown_url(url: str) -> str:
    """``url`` without its password."""
    head, at, tail = url.rpartition("@")
    if not at:
        return url
    scheme, _, credentials = head.partition("://")
    user = credentials.partition(":")[0]
    return f"{scheme}://{user}:***@{tail}"
