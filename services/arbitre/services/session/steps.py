"""What every game's steps share: an organiser's command under the game's lock, the pause, and
the clock's call of a game's due step (the seam's :meth:`Steps._step`, its kind's), taken under
the game's lock and written in one transaction (never twice); a game whose step keeps failing is
parked until its organiser resumes it."""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Callable, Mapping
from typing import Any

import grpc
import redis as redis_module

from arbitre.rules.sealed_package import MAX_KEY_TEXT
from arbitre.services.game_keys import GameKeys
from arbitre.services.session.limits import (
    IDLE_TTL_MS,
    MAX_RETRY_MS,
    MAX_STEP_FAILURES,
    RETRY_MS,
    RUNNING_TTL_MS,
)
from arbitre.services.session.packages import Packages
from arbitre.services.session.reading import Reading
from arbitre.services.session.refusals import _refuse
from arbitre.services.session_store import Lock

__all__ = ["Steps"]

log = logging.getLogger(__package__)


def _stored_live(game: Mapping[str, str]) -> frozenset[tuple[str, str]]:
    """The positions (board fingerprint, rack key) of a refereed game on the seam that its last
    step stored in its hash (``live_positions``): its open turn's, parked or not; none for
    another game."""
    return frozenset((board, rack) for board, rack in json.loads(game.get("live_positions", "[]")))


class Steps(Packages, Reading):
    """The session service's part that starts, pauses, resumes and steps games."""

    def _command(
        self, request: Any, action: Callable[[str, Lock, dict[str, str], str], None]
    ) -> Any:
        """Run an organiser's ``action`` on the game, under its lock, with the request's
        release key."""
        game_id = self._checked_id(request.game_id)
        if len(request.release_key) > MAX_KEY_TEXT:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, "release_key: too long for a release key")
        self._organiser(self._game(game_id), request.token)
        with self.store.locked(game_id) as lock:
            action(game_id, lock, self._game(game_id), request.release_key)
        return self._state(game_id, "")

    def _pause(self, game_id: str, lock: Lock, game: dict[str, str], _key: str) -> None:
        """Stop the game's clock: what it had left is kept (``remaining_ms``), ``paused``."""
        if game["status"] != "running":
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, f"the game is {game['status']}")
        now = self.store.now_ms()
        remaining = max(0, int(game["deadline_ms"]) - now)

        def write(pipe: Any) -> None:
            self.store.set_game(
                pipe,
                game_id,
                {
                    "status": "paused",
                    "paused_reason": "",
                    "remaining_ms": remaining,
                    "deadline_ms": 0,
                    "paused_at_ms": now,
                },
            )
            self.store.set_deadline(pipe, game_id, None)
            self.store.set_lifetime(pipe, game_id, int(game["turn"]), IDLE_TTL_MS)
            self.store.add_event(
                pipe,
                game_id,
                "paused",
                {"turn": int(game["turn"]), "remaining_ms": remaining, "reason": ""},
            )

        self.store.commit(lock, write)

    def _park(self, game_id: str, lock: Lock, reason: str) -> None:
        """Stop stepping a game whose step keeps failing: it says why, the organiser may resume
        it (:meth:`_unpark`) once the cause is mended; nothing of it is lost meanwhile."""
        game = self.store.game(game_id)
        if game.get("status") not in ("running", "waiting"):
            return
        turn = int(game.get("turn") or 0)

        def write(pipe: Any) -> None:
            self._set_live(pipe, game_id, game, False)
            self.store.set_game(
                pipe,
                game_id,
                {"status": "parked", "parked_status": game["status"], "parked_reason": reason},
            )
            self.store.set_deadline(pipe, game_id, None)
            self.store.set_lifetime(pipe, game_id, turn, IDLE_TTL_MS)
            self.store.add_event(pipe, game_id, "parked", {"turn": turn, "reason": reason})

        self.store.commit(lock, write)
        log.error("game %s: parked after %d failed steps: %s", game_id, MAX_STEP_FAILURES, reason)

    def _set_live(self, pipe: Any, game_id: str, game: Mapping[str, str], live: bool) -> None:
        """Queue on ``pipe``: the open turn of the refereed ``game`` is (not) live: the positions
        its last step stored."""
        if game.get("refereed") != "1":
            return
        for position, rack in _stored_live(game):
            self.store.set_live(pipe, game_id, position, rack, live)

    def _unpark(self, game_id: str, lock: Lock, game: dict[str, str]) -> None:
        """Take a parked game's steps up again, at once (a turn whose time ran out meanwhile
        closes then)."""
        status = game.get("parked_status") or "running"

        def write(pipe: Any) -> None:
            self._set_live(pipe, game_id, game, True)
            self.store.set_game(pipe, game_id, {"status": status, "step_failures": 0})
            pipe.hdel(GameKeys(game_id).game, "parked_reason", "parked_status")
            self.store.set_deadline(pipe, game_id, self.store.now_ms())
            self.store.set_lifetime(pipe, game_id, int(game.get("turn") or 0), RUNNING_TTL_MS)
            resumed = {
                "turn": int(game.get("turn") or 0),
                "deadline_ms": int(game.get("deadline_ms") or 0),
            }
            self.store.add_event(pipe, game_id, "resumed", resumed)

        self.store.commit(lock, write)
        log.info("game %s: resumed by its organiser after being parked", game_id)

    def step(self, game_id: str) -> None:
        """Take the game's due step, if any (close a turn, end a reveal); a replica's clock
        calls it, and so does an answer that completes a turn. Safe to call at any time from any
        replica."""
        lock = self.store.try_lock(game_id)
        if lock is None:
            return
        try:
            game = self.store.game(game_id)
            self._step(game_id, lock, game)
            if game.get("step_failures"):
                self.store.clear_failures(game_id)
        except Exception as error:
            self._failed(game_id, lock, error)
        finally:
            with contextlib.suppress(redis_module.RedisError):  # else it expires
                self.store.release(lock)

    def _failed(self, game_id: str, lock: Lock, error: Exception) -> None:
        """After a failed step: an outage (Redis or a peer unreachable) is retried for as long
        as it lasts; any other failure is retried :data:`MAX_STEP_FAILURES` times, waiting
        longer each time, then the game is parked."""
        outage = isinstance(error, redis_module.RedisError) or (
            isinstance(error, grpc.RpcError)
            and getattr(error, "code", lambda: None)()
            in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED)
        )
        try:
            failures = 1 if outage else self.store.step_failed(game_id)
            if failures >= MAX_STEP_FAILURES:
                reason = f"{type(error).__name__}: {str(error)[:200]}"
                log.exception("game %s: step failed %d times", game_id, failures)
                self._park(game_id, lock, reason)
                return
            wait = min(MAX_RETRY_MS, RETRY_MS * 2 ** (failures - 1))
            log.warning(
                "game %s: step failed (%s); retrying in %d ms",
                game_id,
                error,
                wait,
                exc_info=not outage,
            )
            self.store.postpone(game_id, self.store.now_ms() + wait)
        except Exception:
            log.exception("game %s: step failed, and so did noting it", game_id)

    def _step(self, game_id: str, lock: Lock, game: dict[str, str]) -> None:
        """The step of :meth:`step`, under ``lock`` (the seam's: its kind's)."""
        raise NotImplementedError
