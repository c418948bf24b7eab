"""The data directory of a server: private, locked, holding its secrets."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from arbitre.services.data_dir import (
    LOCK_FILE,
    DirectoryInUseError,
    DirectoryLock,
    private_directory,
    stored_secret,
    write_private,
)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_directory_is_private(tmp_path: Path) -> None:
    made = private_directory(tmp_path / "a" / "b")
    assert made == (tmp_path / "a" / "b").resolve()
    assert mode(made) == 0o700


def test_an_existing_directory_is_made_private(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o755)
    private_directory(shared)
    assert mode(shared) == 0o700


def test_a_secret_is_generated_once_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "secret"
    first = stored_secret(path)
    assert len(first) >= 40
    assert mode(path) == 0o600
    assert stored_secret(path) == first
    assert stored_secret(tmp_path / "other") != first


def test_an_empty_secret_file_gets_a_secret(tmp_path: Path) -> None:
    path = tmp_path / "secret"
    path.write_text("")
    value = stored_secret(path)
    assert value
    assert path.read_text().strip() == value


def test_a_readable_secret_file_is_made_private(tmp_path: Path) -> None:
    path = tmp_path / "secret"
    path.write_text("given-by-the-admin-0123\n")
    path.chmod(0o644)
    assert stored_secret(path) == "given-by-the-admin-0123"
    assert mode(path) == 0o600


@pytest.mark.parametrize("content", ["short", "has spaces in it, many", 'quote"d-0123456789'])
def test_a_file_that_holds_no_secret_is_reported(tmp_path: Path, content: str) -> None:
    path = tmp_path / "secret"
    path.write_text(content)
    with pytest.raises(ValueError, match="does not hold a secret"):
        stored_secret(path)
    assert path.read_text() == content  # unchanged


def test_write_private(tmp_path: Path) -> None:
    path = tmp_path / "file"
    write_private(path, "one")
    write_private(path, "two")
    assert path.read_text() == "two"
    assert mode(path) == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["file"]


def test_a_lock_is_refused_while_held_and_free_once_released(tmp_path: Path) -> None:
    with DirectoryLock(tmp_path) as first:
        assert first.held
        assert (tmp_path / LOCK_FILE).read_text().split() == [str(os.getpid())]
        with pytest.raises(DirectoryInUseError, match=r"in use by another process \(pid \d+"):
            DirectoryLock(tmp_path).acquire()
    assert not first.held
    with DirectoryLock(tmp_path) as second:
        assert second.held


HOLDER = (
    "import sys\n"
    "from pathlib import Path\n"
    "from arbitre.services.data_dir import DirectoryLock\n"
    "lock = DirectoryLock(Path(sys.argv[1]))\n"
    "lock.acquire()\n"
    "print('held', flush=True)\n"
    "sys.stdin.read()\n"
)


def test_a_lock_held_by_a_killed_process_is_free(tmp_path: Path) -> None:
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(tmp_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline() == "held\n"
        with pytest.raises(DirectoryInUseError, match=f"pid {holder.pid}"):
            DirectoryLock(tmp_path).acquire()
    finally:
        holder.kill()
        holder.wait()
    with DirectoryLock(tmp_path) as lock:
        assert lock.held
