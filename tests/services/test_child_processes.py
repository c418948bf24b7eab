"""Children that die with their parent, and the records that let the next run end those left
behind: real processes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from arbitre.services.child_processes import ChildRecord, dying_with_parent

linux_only = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's"
)

#: A parent that starts ``sleep 600`` (through ``dying_with_parent`` when argv[1] is "die"),
#: prints the child's pid and waits.
PARENT = (
    "import shutil, subprocess, sys, time\n"
    "from arbitre.services.child_processes import dying_with_parent\n"
    "command = [shutil.which('sleep'), '600']\n"
    "if sys.argv[1] == 'die':\n"
    "    command = dying_with_parent(command)\n"
    "child = subprocess.Popen(command)\n"
    "print(child.pid, flush=True)\n"
    "time.sleep(600)\n"
)


def gone(pid: int, patience: float = 30.0) -> bool:
    """Whether ``pid`` ends (or is a zombie) within ``patience`` seconds."""
    give_up = time.monotonic() + patience
    while time.monotonic() < give_up:
        try:
            if psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
                return True
        except psutil.NoSuchProcess:
            return True
        time.sleep(0.05)
    return False


def orphan(mode: str) -> int:
    """The pid of a ``sleep`` whose parent was killed with SIGKILL."""
    parent = subprocess.Popen([sys.executable, "-c", PARENT, mode], stdout=subprocess.PIPE)
    assert parent.stdout is not None
    pid = int(parent.stdout.readline())
    parent.kill()
    parent.wait()
    return pid


@pytest.fixture
def sleeper() -> Iterator[subprocess.Popen[bytes]]:
    process = subprocess.Popen(["sleep", "600"])
    yield process
    process.kill()
    process.wait()


@linux_only
def test_a_child_dies_with_its_parent() -> None:
    assert gone(orphan("die"))


@linux_only
def test_without_it_a_child_outlives_its_parent() -> None:
    pid = orphan("keep")
    try:
        assert not gone(pid, patience=1.0)
    finally:
        os.kill(pid, signal.SIGKILL)


def test_the_child_is_the_command_itself() -> None:
    """The launcher becomes the command: the same pid, the command's own output and status."""
    command = dying_with_parent(
        [sys.executable, "-c", "import os, sys; print(os.getpid()); sys.exit(3)"]
    )
    child = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    output, _ = child.communicate(timeout=60)
    assert (child.returncode, int(output)) == (3, child.pid)


def test_elsewhere_the_command_is_left_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")
    assert dying_with_parent(["/bin/true", "x"]) == ["/bin/true", "x"]


def test_a_recorded_child_of_ours_is_reaped(tmp_path: Path) -> None:
    pid = orphan("keep")  # a child a crashed parent left running
    record = ChildRecord(tmp_path / "sleep.child", "sleep", lambda p: p.name() == "sleep")
    record.record(pid)
    assert record.path.is_file()
    assert record.reap() == pid
    assert gone(pid)
    assert not record.path.exists()
    assert record.reap() is None  # nothing more to do


def test_a_stopped_child_is_reaped_too(tmp_path: Path) -> None:
    pid = orphan("keep")
    os.kill(pid, signal.SIGSTOP)
    record = ChildRecord(tmp_path / "sleep.child", "sleep", lambda p: p.name() == "sleep")
    record.record(pid)
    assert record.reap(timeout=30) == pid
    assert gone(pid)


def test_a_process_that_is_not_ours_is_left_alone(
    tmp_path: Path, sleeper: subprocess.Popen[bytes]
) -> None:
    record = ChildRecord(tmp_path / "x.child", "valkey-server", lambda p: p.name() == "valkey")
    record.record(sleeper.pid)
    assert record.reap() is None
    assert sleeper.poll() is None
    assert not record.path.exists()


def test_a_pid_given_to_another_process_is_left_alone(
    tmp_path: Path, sleeper: subprocess.Popen[bytes]
) -> None:
    record = ChildRecord(tmp_path / "sleep.child", "sleep", lambda p: p.name() == "sleep")
    started = psutil.Process(sleeper.pid).create_time()
    # The record of an earlier process that had the same pid.
    record.path.write_text(json.dumps({"pid": sleeper.pid, "started": started - 3600}))
    assert record.reap() is None
    assert sleeper.poll() is None


@pytest.mark.parametrize("content", ["", "not json", "{}", '{"pid": "x", "started": 1}', "[]"])
def test_a_broken_record_is_ignored(tmp_path: Path, content: str) -> None:
    record = ChildRecord(tmp_path / "sleep.child", "sleep", lambda p: True)
    record.path.write_text(content)
    assert record.reap() is None
    assert not record.path.exists()
