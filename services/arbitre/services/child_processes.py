"""Child processes that do not outlive the process that started them.

Contract:

* :func:`dying_with_parent` turns a command into one that gets ``signum`` (SIGTERM by default)
  when the *thread* that started it ends, which the end of the whole process includes,
  ``kill -9`` too: on Linux, a small Python launcher sets ``prctl(PR_SET_PDEATHSIG)`` and then
  executes the command in its place (the same process; the setting survives ``execve``);
  elsewhere the command is left as it is. Start such a child from a thread that lives as long
  as the child should. (Not a ``preexec_fn``: Python runs its fork handlers for those, and
  gRPC's break a child forked while its threads run.)
* :class:`ChildRecord` is a file that names one child (pid and start time, JSON), so that the
  next run can end a child that a crash left behind (on a system without PR_SET_PDEATHSIG, or
  a child stopped when its parent died): :meth:`~ChildRecord.reap` ends the recorded process
  (SIGTERM, then SIGKILL) only if it is still the very process recorded (same pid, same start
  time) and ``is_ours`` accepts it (its command line, executable, working directory). Any
  other process is left alone. A record that names no such process is removed.
"""

from __future__ import annotations

import json
import logging
import os
import signal
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import psutil

from arbitre.services.data_dir import write_private

__all__ = ["ChildRecord", "dying_with_parent"]

log = logging.getLogger(__name__)

#: Sets ``PR_SET_PDEATHSIG`` (1 in Linux's ``<sys/prctl.h>``) to ``argv[2]``, checks that the
#: parent ``argv[1]`` is still there (else it would never be signalled), then becomes
#: ``argv[3:]``.
_LAUNCHER = """\
import ctypes, os, sys
parent, signum, command = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
if ctypes.CDLL(None, use_errno=True).prctl(1, signum, 0, 0, 0) != 0:
    sys.exit(f"prctl(PR_SET_PDEATHSIG): {os.strerror(ctypes.get_errno())}")
if os.getppid() != parent:
    sys.exit("the parent process ended before its child started")
os.execv(command[0], command)
"""

#: Two start times closer than this (seconds) are one process's (``/proc`` counts in ticks).
START_TIME_TOLERANCE = 0.05


def dying_with_parent(command: Sequence[str], signum: int = signal.SIGTERM) -> list[str]:
    """``command`` (its first word a path to an executable) run so that it gets ``signum``
    when the calling thread ends (Linux), or as it is (elsewhere)."""
    if not sys.platform.startswith("linux"):
        return list(command)
    launcher = [sys.executable, "-I", "-S", "-c", _LAUNCHER]
    return [*launcher, str(os.getpid()), str(int(signum)), *command]


class ChildRecord:
    """The record, in the file ``path``, of the child called ``name``; a recorded process is
    reaped only if ``is_ours`` (given its :class:`psutil.Process`) accepts it."""

    def __init__(self, path: Path, name: str, is_ours: Callable[[psutil.Process], bool]) -> None:
        self.path = path
        self.name = name
        self._is_ours = is_ours

    def record(self, pid: int) -> None:
        """Note that ``pid`` (a running process) is the child."""
        started = psutil.Process(pid).create_time()
        write_private(self.path, json.dumps({"name": self.name, "pid": pid, "started": started}))

    def clear(self) -> None:
        """Forget the child (it ended cleanly)."""
        self.path.unlink(missing_ok=True)

    def recorded(self) -> psutil.Process | None:
        """The recorded process, if it still runs, is the one recorded and ``is_ours`` accepts
        it."""
        try:
            entry = json.loads(self.path.read_text(encoding="utf-8"))
            pid, started = int(entry["pid"]), float(entry["started"])
        except FileNotFoundError:
            return None
        except (OSError, ValueError, KeyError, TypeError) as error:
            log.warning("ignoring %s, which is not a record of a child: %s", self.path, error)
            return None
        try:
            process = psutil.Process(pid)
            if abs(process.create_time() - started) > START_TIME_TOLERANCE:
                return None  # the pid was given to another process since
            if not self._is_ours(process):
                return None
        except psutil.Error:
            return None  # ended, or not ours to look at
        return process

    def reap(self, timeout: float = 10.0) -> int | None:
        """End the recorded child left running (SIGTERM, SIGKILL after ``timeout`` seconds)
        and remove the record; the pid ended, or None when there was nothing of ours."""
        process = self.recorded()
        if process is None:
            self.clear()
            return None
        log.warning("ending the %s a previous run left running (pid %d)", self.name, process.pid)
        try:
            process.terminate()
            process.resume()  # a stopped process handles its SIGTERM once continued
            try:
                process.wait(timeout)
            except psutil.TimeoutExpired:
                log.warning("the %s (pid %d) ignored SIGTERM: killing it", self.name, process.pid)
                process.kill()
                process.wait(timeout)
        except psutil.NoSuchProcess:
            pass  # it ended by itself meanwhile
        self.clear()
        return process.pid
