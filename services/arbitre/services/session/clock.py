"""The clock of a replica: every replica runs one, which sweeps the games whose next step is
due and plays the robots' answers that are due."""

from __future__ import annotations

import logging
import threading

import redis as redis_module

from arbitre.services.session.limits import OUTAGE_MS
from arbitre.services.session.service import SessionService

__all__ = ["Clock"]

log = logging.getLogger(__package__)


class Clock:
    """A replica's sweeper: every ``interval`` seconds, step every game whose deadline passed
    and play the robot answers that are due (each claimed by one replica). Its tick is also the
    clocks' heartbeat: after an outage (no tick for :data:`OUTAGE_MS` or more: Redis down, or
    every replica), the running games' deadlines move by the outage's length."""

    def __init__(self, service: SessionService, interval: float = 0.1) -> None:
        self.service = service
        self.interval = interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="session-clock", daemon=True)
        self._running: set[str] = set()
        self._guard = threading.Lock()

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=10)

    def _run(self) -> None:
        store = self.service.store
        while not self._stop.wait(self.interval):
            try:
                outage = store.tick(OUTAGE_MS)
                if outage:
                    log.warning("clock: %d ms without a clock tick: running turns extended", outage)
                due = store.due_games(store.now_ms())
            except redis_module.RedisError as error:
                log.warning("clock: Redis unreachable: %s", error)
                continue
            for game_id in due:
                with self._guard:
                    if game_id in self._running:
                        continue
                    self._running.add(game_id)
                self.service.background.submit(self._step, game_id)
            try:
                answers = store.due_robot_answers(store.now_ms())
                claimed = [member for member in answers if store.claim_robot_answer(member)]
            except redis_module.RedisError as error:
                log.warning("clock: Redis unreachable: %s", error)
                continue
            for member in claimed:
                self.service.background.submit(self.service.robot_answer, member)

    def _step(self, game_id: str) -> None:
        try:
            self.service.step(game_id)
        finally:
            with self._guard:
                self._running.discard(game_id)
