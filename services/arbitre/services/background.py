"""A daemon thread a component runs from :meth:`~BackgroundThread.start` (or ``with``) to
:meth:`~BackgroundThread.stop`.

Contract: a subclass gives :meth:`~BackgroundThread.run` the loop to run, which must return
soon after :attr:`~BackgroundThread.done` is set (wait on it rather than sleep). ``start`` on a
started component and ``stop`` on a stopped one do nothing; ``stop`` returns once the thread
has ended.
"""

from __future__ import annotations

import threading
from types import TracebackType
from typing import Self

__all__ = ["BackgroundThread"]


class BackgroundThread:
    """A component's thread, named ``thread_name``."""

    thread_name = "background"

    def __init__(self) -> None:
        #: Set by :meth:`stop`: the loop of :meth:`run` ends.
        self.done = threading.Event()
        self._thread: threading.Thread | None = None

    def run(self) -> None:
        """The thread's loop (until :attr:`done` is set)."""
        raise NotImplementedError

    def start(self) -> None:
        if self._thread is not None:
            return
        self.done.clear()
        self._thread = threading.Thread(target=self.run, name=self.thread_name, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """End the thread and wait for it."""
        thread, self._thread = self._thread, None
        self.done.set()
        if thread is not None:
            thread.join()

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
