"""Python's cyclic garbage collector in a long-lived server: its pauses measured, and the
objects every process keeps for its whole life kept out of its full collections.

A full collection (generation 2) walks every container object the process tracks and holds the
interpreter while it does: in a process that holds a 10,000-player room (its streams, its
tokens, a loaded state) it is a pause of tenths of a second during which no request is served.
:meth:`CollectorSettings.settle` freezes what is alive once a server has started
(:func:`gc.freeze`: lexicons, modules, word lists, tables of the rules), so that no later
collection walks it again, and raises the thresholds of the older generations so that full
collections come less often;
:class:`PauseWatch` times every collection and logs those that held the interpreter for more
than ``ARBITRE_GC_LOG_MS`` milliseconds (default :data:`DEFAULT_LOG_MS`; ``0`` logs none).

``ARBITRE_GC_THRESHOLDS`` (``"g0,g1,g2"``) replaces :data:`THRESHOLDS`, as for
:func:`gc.set_threshold` (``""`` keeps Python's own); the collector is never turned off.
"""

from __future__ import annotations

import gc
import logging
import os
import threading
import time
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "DEFAULT_LOG_MS",
    "LOG_MS_VARIABLE",
    "THRESHOLDS",
    "THRESHOLDS_VARIABLE",
    "CollectorSettings",
    "PauseWatch",
    "thresholds_from_environment",
]

log = logging.getLogger(__name__)

#: The environment variable: collections longer than this many milliseconds are logged.
LOG_MS_VARIABLE = "ARBITRE_GC_LOG_MS"
#: Collections that hold the interpreter longer than this are logged by default (ms).
DEFAULT_LOG_MS = 100
#: The environment variable that replaces :data:`THRESHOLDS` (``"g0,g1,g2"``).
THRESHOLDS_VARIABLE = "ARBITRE_GC_THRESHOLDS"
#: The servers' collector thresholds: Python's first one (700 allocations), then a middle
#: collection every 20 young ones and a full one every 100 middle ones (Python's: 10 and 10),
#: which a full collection also waits for until the objects that survived the middle ones
#: are a quarter of those it walked last time.
THRESHOLDS = (700, 20, 100)


def thresholds_from_environment() -> tuple[int, int, int] | None:
    """The thresholds the servers set: :data:`THRESHOLDS`, what ``ARBITRE_GC_THRESHOLDS``
    says (three integers, the first positive), or ``None`` (Python's own) when it is empty;
    :class:`ValueError` for anything else."""
    text = os.environ.get(THRESHOLDS_VARIABLE)
    if text is None:
        return THRESHOLDS
    if not text.strip():
        return None
    parts = text.split(",")
    try:
        values = tuple(int(part) for part in parts)
    except ValueError:
        values = ()
    if len(values) != 3 or values[0] < 1 or min(values) < 0:
        raise ValueError(
            f"{THRESHOLDS_VARIABLE} is three integers 'g0,g1,g2' (g0 at least 1), not {text!r}"
        )
    return values[0], values[1], values[2]


def _log_ms_from_environment() -> float:
    text = os.environ.get(LOG_MS_VARIABLE, "").strip()
    if not text:
        return DEFAULT_LOG_MS
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{LOG_MS_VARIABLE} is a number of milliseconds, not {text!r}") from None
    if value < 0:
        raise ValueError(f"{LOG_MS_VARIABLE} is a number of milliseconds, not {text!r}")
    return value


@dataclass
class PauseWatch:
    """Times every collection of the cyclic collector (a :data:`gc.callbacks` entry while
    installed): counts, total and longest pause per generation, and a log line for each pause
    over ``log_ms`` (``0``: none). Safe from any thread: the collector runs one collection at a
    time."""

    log_ms: float = DEFAULT_LOG_MS
    counts: list[int] = field(default_factory=lambda: [0, 0, 0])
    total_s: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0])
    longest_s: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0])
    _started: float = 0.0
    _installed: bool = False
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def install(self) -> PauseWatch:
        """Start timing collections (once); returns ``self``."""
        with self._lock:
            if not self._installed:
                gc.callbacks.append(self._on_collection)
                self._installed = True
        return self

    def uninstall(self) -> None:
        """Stop timing collections."""
        with self._lock:
            if self._installed:
                gc.callbacks.remove(self._on_collection)
                self._installed = False

    def _on_collection(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
            return
        took = time.perf_counter() - self._started
        generation = int(info.get("generation", 2))
        self.counts[generation] += 1
        self.total_s[generation] += took
        if took > self.longest_s[generation]:
            self.longest_s[generation] = took
        if self.log_ms and took * 1000 >= self.log_ms:
            # a record's handlers allocate, which may not start a collection from here: the
            # collector does not run again while its callbacks do
            log.warning(
                "gc: a generation %d collection held process %d %.0f ms "
                "(%d collected, %d uncollectable)",
                generation,
                os.getpid(),
                took * 1000,
                info.get("collected", 0),
                info.get("uncollectable", 0),
            )


@dataclass(frozen=True)
class CollectorSettings:
    """How a server sets its collector: the thresholds (``None``: Python's own) and the pauses
    it logs (ms; ``0``: none)."""

    thresholds: tuple[int, int, int] | None = THRESHOLDS
    log_ms: float = DEFAULT_LOG_MS

    @classmethod
    def from_environment(cls) -> CollectorSettings:
        """``ARBITRE_GC_THRESHOLDS`` and ``ARBITRE_GC_LOG_MS``, or :class:`ValueError` when
        either is malformed (read before a server starts, so that it refuses to start)."""
        return cls(thresholds_from_environment(), _log_ms_from_environment())

    def settle(self) -> PauseWatch:
        """Once a server has started: freeze what is alive, set the thresholds, and time the
        collections from now on (a :class:`PauseWatch`, installed)."""
        gc.collect()
        gc.freeze()
        if self.thresholds is not None:
            gc.set_threshold(*self.thresholds)
        return PauseWatch(log_ms=self.log_ms).install()
