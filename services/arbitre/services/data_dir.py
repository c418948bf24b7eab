"""A data directory that one server at a time owns: private, locked, holding its secrets.

Contract:

* :func:`private_directory` creates a directory (and its parents) with mode 0700, or sets 0700
  on one that exists: nobody but its owner reads what the server keeps there.
* :class:`DirectoryLock` takes an exclusive ``flock`` on :data:`LOCK_FILE` in a directory,
  without waiting: :meth:`~DirectoryLock.acquire` raises :class:`DirectoryInUseError` (naming
  the process that holds it) when another process, or another lock of this one, holds it. The
  lock holds until :meth:`~DirectoryLock.release` or the end of the process, however it ends
  (the kernel drops it, ``kill -9`` included): a crash never leaves a stale lock.
* :func:`stored_secret` is the secret kept in a file: generated (:mod:`secrets`) and written
  with mode 0600 the first time, read again afterwards (its mode fixed to 0600).
  :func:`write_private` writes a file with mode 0600, all at once.
"""

from __future__ import annotations

import fcntl
import os
import re
import secrets
import stat
from pathlib import Path
from types import TracebackType
from typing import IO, Self

__all__ = [
    "LOCK_FILE",
    "DirectoryInUseError",
    "DirectoryLock",
    "private_directory",
    "stored_secret",
    "write_private",
]

#: The lock file of a data directory.
LOCK_FILE = "arbitre.lock"

#: Only the owner may list, read or enter a data directory.
DIRECTORY_MODE = 0o700

#: Only the owner may read or write a secret.
SECRET_MODE = 0o600

#: Random bytes of a generated secret (written URL-safe: 43 characters of ``[A-Za-z0-9_-]``).
SECRET_BYTES = 32

#: What a stored secret may be: URL-safe characters, at least 16 of them.
_SECRET = re.compile(r"[A-Za-z0-9_-]{16,}")


class DirectoryInUseError(Exception):
    """Another process (or another lock of this one) holds the directory's lock."""


def private_directory(path: Path) -> Path:
    """``path``, created with its parents if need be, with mode 0700; resolved."""
    path.mkdir(mode=DIRECTORY_MODE, parents=True, exist_ok=True)
    if stat.S_IMODE(path.stat().st_mode) != DIRECTORY_MODE:
        path.chmod(DIRECTORY_MODE)
    return path.resolve()


class DirectoryLock:
    """The exclusive lock of ``directory`` (its :data:`LOCK_FILE`), taken by :meth:`acquire`
    (or ``with``); the file says which process holds it."""

    def __init__(self, directory: Path) -> None:
        self.path = directory / LOCK_FILE
        self._file: IO[str] | None = None

    @property
    def held(self) -> bool:
        return self._file is not None

    def acquire(self) -> None:
        """Take the lock now, or raise :class:`DirectoryInUseError`."""
        if self._file is not None:
            return
        file = self.path.open("a+", encoding="ascii")
        try:
            os.chmod(self.path, SECRET_MODE)
            fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            file.seek(0)
            holder = file.read().strip() or "unknown"
            file.close()
            raise DirectoryInUseError(
                f"{self.path.parent} is in use by another process (pid {holder}, holding "
                f"{self.path})"
            ) from None
        except BaseException:
            file.close()
            raise
        file.seek(0)
        file.truncate()
        file.write(f"{os.getpid()}\n")
        file.flush()
        self._file = file

    def release(self) -> None:
        """Let the lock go (nothing when it is not held)."""
        file, self._file = self._file, None
        if file is not None:
            file.close()  # closing the file drops the flock

    def __enter__(self) -> Self:
        self.acquire()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.release()


def stored_secret(path: Path) -> str:
    """The secret of ``path``: generated and written (mode 0600) when the file does not exist
    or is empty, else what it holds. Raises :class:`ValueError` when the file holds something
    that is not such a secret (at least 16 characters of ``[A-Za-z0-9_-]``)."""
    try:
        value = path.read_text(encoding="ascii", errors="replace").strip()
    except FileNotFoundError:
        value = ""
    else:
        if stat.S_IMODE(path.stat().st_mode) != SECRET_MODE:
            path.chmod(SECRET_MODE)
    if not value:
        value = secrets.token_urlsafe(SECRET_BYTES)
        write_private(path, value + "\n")
    elif not _SECRET.fullmatch(value):
        raise ValueError(
            f"{path} does not hold a secret (16 or more of A-Z a-z 0-9 _ -): delete it to have "
            f"a new one generated"
        )
    return value


def write_private(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` with mode 0600, all at once (a file beside it, renamed)."""
    partial = path.with_name(f".{path.name}.{os.getpid()}")
    descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, SECRET_MODE)
    with os.fdopen(descriptor, "w", encoding="ascii") as file:
        file.write(text)
    os.replace(partial, path)
